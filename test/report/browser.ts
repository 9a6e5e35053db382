/**
 * Open a report page in a real headless browser (Chromium, driven by playwright-core) the way a
 * designer would: from a file:// URL, with every non-file request blocked. Used by the report
 * page tests, and by any test that wants to check a real report.html.
 *
 * Which Chromium: the system's (/usr/bin/chromium, Debian's package) when present, otherwise the
 * headless shell that the @sparticuz/chromium npm package carries (Linux x64 only), so that
 * `npm ci && npm test` needs nothing but Node. STAREATER_CHROMIUM=npm or =system forces one (CI
 * forces npm to prove the fresh-machine path). With neither available the browser checks skip,
 * with the reason, instead of failing on a machine that cannot run them.
 *
 * The npm shell is unpacked by this module rather than by the package's executablePath(): that
 * one writes a fixed /tmp/chromium that it trusts as soon as the file exists, so two vitest
 * workers unpacking at once can launch a half-written binary, and a stale or truncated file is
 * never replaced. Here each version unpacks into its own directory, built aside and renamed into
 * place whole. It also brings its own NSS/expat libraries and fonts, used even where the system
 * has some, so a run here proves what a bare machine gets.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type LaunchOptions } from 'playwright-core';

/** Debian's chromium; used whenever it is installed, unless STAREATER_CHROMIUM=npm. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export type ChromiumSource = 'system' | 'npm';

/** What @sparticuz/chromium ships runs on Linux x64 only. */
const NPM_CHROMIUM_PLATFORM = process.platform === 'linux' && process.arch === 'x64';

/**
 * The Chromium this machine will use, or why there is none. A forced choice that cannot be met
 * throws: whoever set the switch wants that browser, not a silent skip.
 */
export function chooseChromium(env: NodeJS.ProcessEnv = process.env, systemPresent = existsSync(SYSTEM_CHROMIUM), npmPlatform = NPM_CHROMIUM_PLATFORM): { source: ChromiumSource } | { unavailable: string } {
  const forced = env.STAREATER_CHROMIUM ?? '';
  if (forced === 'system') {
    if (!systemPresent) throw new Error(`STAREATER_CHROMIUM=system but ${SYSTEM_CHROMIUM} is missing (apt-get install chromium, or unset it to use the npm one)`);
    return { source: 'system' };
  }
  if (forced === 'npm') {
    if (!npmPlatform) throw new Error(`STAREATER_CHROMIUM=npm but @sparticuz/chromium runs on Linux x64 only, not ${process.platform} ${process.arch}`);
    return { source: 'npm' };
  }
  if (forced !== '') throw new Error(`STAREATER_CHROMIUM=${forced}: expected 'npm', 'system' or unset`);
  if (systemPresent) return { source: 'system' };
  if (npmPlatform) return { source: 'npm' };
  return { unavailable: `no Chromium: ${SYSTEM_CHROMIUM} is missing and @sparticuz/chromium runs on Linux x64 only (this is ${process.platform} ${process.arch})` };
}

const choice = chooseChromium();

/**
 * Why the browser checks cannot run here, or undefined when they can. When set, this module also
 * sets STAREATER_NO_BROWSER=1, so callers that honour that switch skip their browser checks too.
 */
export const BROWSER_UNAVAILABLE: string | undefined = 'unavailable' in choice ? choice.unavailable : undefined;
if (BROWSER_UNAVAILABLE !== undefined) {
  process.env.STAREATER_NO_BROWSER = '1';
  // vitest's default reporter does not show skip notes; this line says why the checks did not run.
  console.warn(`browser checks skipped: ${BROWSER_UNAVAILABLE}`);
}

/** The Chromium checkReportInBrowser launches (undefined when none is available). */
export const CHROMIUM_SOURCE: ChromiumSource | undefined = 'source' in choice ? choice.source : undefined;

let npmLaunch: Promise<LaunchOptions> | undefined;

/** Launch options for the npm headless shell, unpacked once per version into the temp dir. */
function npmChromiumLaunch(): Promise<LaunchOptions> {
  npmLaunch ??= unpackNpmChromium().catch((err: unknown) => {
    npmLaunch = undefined;
    throw err;
  });
  return npmLaunch;
}

async function unpackNpmChromium(): Promise<LaunchOptions> {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const pkgDir = join(dirname(entry), '..');
  const { version } = JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const home = join(tmpdir(), `stareater-chromium-${version}-${process.getuid?.() ?? 'user'}`);
  const launch: LaunchOptions = {
    executablePath: join(home, 'chromium'),
    env: {
      ...process.env,
      // The shell links NSS and expat, which a bare machine lacks; the package ships them.
      LD_LIBRARY_PATH: [join(home, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: join(home, 'fonts.conf'),
    },
  };
  if (existsSync(launch.executablePath!)) return launch;

  const { inflate } = await import('@sparticuz/chromium');
  await mkdir(dirname(home), { recursive: true });
  const staging = await mkdtemp(`${home}.partial-`);
  try {
    // inflate() writes into os.tmpdir(), which reads TMPDIR on every call and picks its output
    // path synchronously, so pointing TMPDIR at the staging dir around the calls is enough.
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    let jobs: Promise<string>[];
    try {
      jobs = ['chromium.br', 'al2023.tar.br', 'fonts.tar.br'].map((f) => inflate(join(pkgDir, 'bin', f)));
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    await Promise.all(jobs);
    // The packed fonts.conf names Lambda's fixed paths; this one names the unpacked fonts only.
    const fontsConf = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(home, 'fonts', 'fonts')}</dir>\n  <cachedir>${join(home, 'fonts-cache')}</cachedir>\n</fontconfig>\n`;
    await writeFile(join(staging, 'fonts.conf'), fontsConf);
    try {
      await rename(staging, home);
    } catch (err) {
      // Another worker got there first with a complete copy: use it.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      await rm(staging, { recursive: true, force: true });
    }
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  return launch;
}

/**
 * Launch the chosen headless Chromium with the same flags as checkReportInBrowser (for tests that
 * drive a page themselves, such as the replay page's). Throws when none is available.
 */
export async function launchChromium(): Promise<import('playwright-core').Browser> {
  if (CHROMIUM_SOURCE === undefined) throw new Error(`${BROWSER_UNAVAILABLE}; set STAREATER_NO_BROWSER=1 to skip the browser checks`);
  const binary = CHROMIUM_SOURCE === 'npm' ? await npmChromiumLaunch() : { executablePath: SYSTEM_CHROMIUM };
  return chromium.launch({ ...binary, headless: true, args: LAUNCH_ARGS });
}

export interface BrowserCheck {
  /** Console messages of type 'error' and uncaught page errors, as text. */
  consoleErrors: string[];
  /** Number of <figure class="chart"> in the page. */
  charts: number;
  /**
   * Each figure's data-render ('vega' or 'fallback'), in page order; 'vega (no marks)' when vega
   * claims success but the figure has no SVG with marks in it.
   */
  rendered: string[];
  /** URLs of requests that were not file: (all aborted). */
  networkRequests: string[];
  /** Which Chromium ran the page, and its version as the browser reports it. */
  chromium: { source: ChromiumSource; version: string };
}

/**
 * Load `htmlPath` in headless Chromium (see CHROMIUM_SOURCE), wait until the page reports all
 * charts finished (`document.body.dataset.chartsRendered`), and write a full-page screenshot to
 * `screenshotPath` (its directory is created). Throws when no Chromium is available (callers skip
 * on BROWSER_UNAVAILABLE first) or the charts never finish.
 */
export async function checkReportInBrowser(htmlPath: string, screenshotPath: string): Promise<BrowserCheck> {
  if (CHROMIUM_SOURCE === undefined) throw new Error(`${BROWSER_UNAVAILABLE}; set STAREATER_NO_BROWSER=1 to skip the browser checks`);
  const binary = CHROMIUM_SOURCE === 'npm' ? await npmChromiumLaunch() : { executablePath: SYSTEM_CHROMIUM };
  // Both binaries get the same flags, so the page meets the same browser settings either way.
  const browser = await chromium.launch({ ...binary, headless: true, args: LAUNCH_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const consoleErrors: string[] = [];
    const networkRequests = new Set<string>();
    const local = (url: string) => url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:');
    // Anything that is not the file itself (or inline data) counts as a network attempt and is aborted.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (local(url)) return route.continue();
      networkRequests.add(url);
      return route.abort();
    });
    const page = await context.newPage();
    page.on('request', (req) => {
      if (!local(req.url())) networkRequests.add(req.url());
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));

    await page.goto(pathToFileURL(htmlPath).href, { waitUntil: 'load' });
    const charts = await page.evaluate(() => document.querySelectorAll('figure.chart').length);
    await page.waitForFunction((n) => document.body.dataset.chartsRendered === String(n), charts, { timeout: 30_000 });
    const rendered = await page.evaluate(() =>
      Array.from(document.querySelectorAll('figure.chart')).map((fig) => {
        const state = fig.getAttribute('data-render') ?? 'none';
        const marks = fig.querySelectorAll('.chart-view svg .role-mark > *').length;
        return state === 'vega' && marks === 0 ? 'vega (no marks)' : state;
      }),
    );
    await mkdir(dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });
    await context.close();
    return { consoleErrors, charts, rendered, networkRequests: [...networkRequests], chromium: { source: CHROMIUM_SOURCE, version: browser.version() } };
  } finally {
    await browser.close();
  }
}
