/**
 * The report page in a real headless browser: every chart becomes a live vega view, nothing
 * is fetched from a network, nothing logs an error. Runs on the system's /usr/bin/chromium or,
 * without it, the one the @sparticuz/chromium devDependency carries (test/report/browser.ts);
 * STAREATER_CHROMIUM=npm forces the latter. STAREATER_NO_BROWSER=1 skips these tests, and they
 * skip with the reason where no Chromium can run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { renderReportHtml } from '../../src/report/html.js';
import { BROWSER_UNAVAILABLE, checkReportInBrowser, chooseChromium, CHROMIUM_SOURCE, SYSTEM_CHROMIUM } from './browser.js';
import { FIXTURE_CHARTS, reportFixture } from './report-fixture.js';

// browser.ts sets STAREATER_NO_BROWSER itself when no Chromium can run; then skip with its reason.
const SKIP = process.env.STAREATER_NO_BROWSER === '1' && BROWSER_UNAVAILABLE === undefined;
const SCREENSHOTS = fileURLToPath(new URL('../../results/test-screenshots/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stareater-report-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('which Chromium the browser tests use', () => {
  it('prefers the system one, falls back to npm on Linux x64, and otherwise says why not', () => {
    expect(chooseChromium({}, true, true)).toEqual({ source: 'system' });
    expect(chooseChromium({}, false, true)).toEqual({ source: 'npm' });
    const none = chooseChromium({}, false, false);
    expect(none).toHaveProperty('unavailable');
    expect('unavailable' in none && none.unavailable).toContain(SYSTEM_CHROMIUM);
  });

  it('STAREATER_CHROMIUM forces a source, and fails loudly when that one cannot run', () => {
    expect(chooseChromium({ STAREATER_CHROMIUM: 'npm' }, true, true)).toEqual({ source: 'npm' });
    expect(chooseChromium({ STAREATER_CHROMIUM: 'system' }, true, true)).toEqual({ source: 'system' });
    expect(() => chooseChromium({ STAREATER_CHROMIUM: 'npm' }, true, false)).toThrow(/Linux x64 only/);
    expect(() => chooseChromium({ STAREATER_CHROMIUM: 'system' }, false, true)).toThrow(/missing/);
    expect(() => chooseChromium({ STAREATER_CHROMIUM: 'chrome' }, true, true)).toThrow(/expected 'npm', 'system'/);
  });
});

describe.skipIf(SKIP)('report page in headless chromium', () => {
  beforeEach((ctx) => {
    if (BROWSER_UNAVAILABLE !== undefined) ctx.skip(BROWSER_UNAVAILABLE);
  });

  it('renders every chart with vega from file://, offline, without console errors', async () => {
    const htmlPath = join(dir, 'report.html');
    writeFileSync(htmlPath, renderReportHtml(await reportFixture()));
    const result = await checkReportInBrowser(htmlPath, join(SCREENSHOTS, 'report-fixture.png'));
    expect(result.consoleErrors).toEqual([]);
    expect(result.networkRequests).toEqual([]);
    expect(result.charts).toBe(FIXTURE_CHARTS);
    expect(result.rendered).toEqual(Array(FIXTURE_CHARTS).fill('vega'));
    expect(existsSync(join(SCREENSHOTS, 'report-fixture.png'))).toBe(true);
    // The page ran on the Chromium chosen: the npm one reports the package's major (Debian's differs).
    if (CHROMIUM_SOURCE === 'npm') {
      const pkg = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', 'package.json');
      const major = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version.split('.')[0];
      expect(result.chromium.version.split('.')[0]).toBe(major);
    }
    console.log(`report page rendered by ${result.chromium.source} Chromium ${result.chromium.version}`);
  }, 60_000);

  it('the check notices network requests, console errors and charts left as fallback', async () => {
    const model = await reportFixture();
    // Break the runtime: the page must still finish (fallback SVG), and the check must see the rest.
    const full = renderReportHtml(model);
    const boot = full.lastIndexOf('<script>');
    const page = (full.slice(0, boot) + '<script>window.vega = undefined;</script>' + full.slice(boot)).replace(
      '</footer>',
      '</footer><img src="http://127.0.0.1:9/blocked.png" alt=""><script>console.error("boom")</script>',
    );
    const htmlPath = join(dir, 'broken.html');
    writeFileSync(htmlPath, page);
    const result = await checkReportInBrowser(htmlPath, join(dir, 'broken.png'));
    expect(result.networkRequests).toEqual(['http://127.0.0.1:9/blocked.png']);
    // The blocked image logs its own load failure; the boot script logs nothing.
    expect(result.consoleErrors.some((e) => e.includes('boom'))).toBe(true);
    expect(result.consoleErrors.filter((e) => !e.includes('boom') && !e.includes('blocked.png') && !e.includes('net::ERR_'))).toEqual([]);
    expect(result.charts).toBe(FIXTURE_CHARTS);
    expect(result.rendered).toEqual(Array(FIXTURE_CHARTS).fill('fallback'));
  }, 60_000);
});
