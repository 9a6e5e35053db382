/**
 * Open a report page in a real headless browser (Debian's chromium, driven by playwright-core)
 * the way a designer would: from a file:// URL, with every non-file request blocked. Used by
 * the report page tests, and by any test that wants to check a real report.html.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

/** Debian's chromium (installed by .ci/run when missing). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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
}

/**
 * Load `htmlPath` in headless chromium, wait until the page reports all charts finished
 * (`document.body.dataset.chartsRendered`), and write a full-page screenshot to `screenshotPath`
 * (its directory is created). Throws when chromium is missing or the charts never finish.
 */
export async function checkReportInBrowser(htmlPath: string, screenshotPath: string): Promise<BrowserCheck> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: the browser tests need Debian's chromium (.ci/run installs it: apt-get install -y chromium); set STAREATER_NO_BROWSER=1 to skip them`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS });
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
    return { consoleErrors, charts, rendered, networkRequests: [...networkRequests] };
  } finally {
    await browser.close();
  }
}
