/**
 * The report page in a real headless browser: every chart becomes a live vega view, nothing
 * is fetched from a network, nothing logs an error. Needs /usr/bin/chromium (.ci/run installs
 * it); STAREATER_NO_BROWSER=1 skips these tests.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReportHtml } from '../../src/report/html.js';
import { checkReportInBrowser, CHROMIUM_PATH } from './browser.js';
import { FIXTURE_CHARTS, reportFixture } from './report-fixture.js';

const SKIP = process.env.STAREATER_NO_BROWSER === '1';
const SCREENSHOTS = fileURLToPath(new URL('../../results/test-screenshots/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stareater-report-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing. .ci/run installs it (apt-get install -y --no-install-recommends chromium); run that, or set STAREATER_NO_BROWSER=1 to skip the browser tests.`);
  }
}

describe.skipIf(SKIP)('report page in headless chromium', () => {
  it('renders every chart with vega from file://, offline, without console errors', async () => {
    requireChromium();
    const htmlPath = join(dir, 'report.html');
    writeFileSync(htmlPath, renderReportHtml(await reportFixture()));
    const result = await checkReportInBrowser(htmlPath, join(SCREENSHOTS, 'report-fixture.png'));
    expect(result.consoleErrors).toEqual([]);
    expect(result.networkRequests).toEqual([]);
    expect(result.charts).toBe(FIXTURE_CHARTS);
    expect(result.rendered).toEqual(Array(FIXTURE_CHARTS).fill('vega'));
    expect(existsSync(join(SCREENSHOTS, 'report-fixture.png'))).toBe(true);
  }, 60_000);

  it('the check notices network requests, console errors and charts left as fallback', async () => {
    requireChromium();
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
