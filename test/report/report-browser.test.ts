/**
 * A real run's report in headless Chromium: a small 2-player batch and a small 3-player
 * free-for-all, each with its report and the replay pages of its listed matches (what
 * `stareater run` writes). Fails on any console error or network request, on the report and
 * on a replay page opened from its link; checks the new sections are there and drawn.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { writeReportWithReplays } from '../../src/report/report-replays.js';
import { MAX_REPLAYS } from '../../src/report/outliers.js';
import { BROWSER_UNAVAILABLE, checkReportInBrowser, launchChromium } from './browser.js';

const SKIP = process.env.STAREATER_NO_BROWSER === '1' && BROWSER_UNAVAILABLE === undefined;
const SCREENSHOTS = fileURLToPath(new URL('../../results/test-screenshots/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stareater-report-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(name: string, doc: Record<string, unknown>): Promise<string> {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify({ name, workers: 2, seed: 3, ...doc }));
  const r = await runBatch({ ...loadExperiment(file), outDir: join(dir, name) });
  expect(r.complete).toBe(true);
  const w = await writeReportWithReplays(r.dir);
  expect(w.replays.written.length).toBeGreaterThan(0);
  expect(w.replays.written.length).toBeLessThanOrEqual(MAX_REPLAYS);
  return r.dir;
}

const RUNS: [string, Record<string, unknown>][] = [
  ['duel', { kind: 'batch', scenario: 'duel', matches: 8, players: [{ name: 'fpa-rammer-with-a-long-entrant-name', policy: 'rammer', faction: 'fpa' }, { name: 'lamais-gunner', policy: 'gunner', faction: 'lamais' }] }],
  ['ffa3', { kind: 'batch', scenario: 'ffa3', matches: 6, roundLimit: 12, players: [{ name: 'gunner', policy: 'gunner', faction: 'fpa' }, { name: 'rammer', policy: 'rammer', faction: 'lamais' }, { name: 'turtle', policy: 'turtle', faction: 'fpa' }] }],
];

describe.skipIf(SKIP)('a run report with its pictures and replays in headless chromium', () => {
  beforeEach((ctx) => {
    if (BROWSER_UNAVAILABLE !== undefined) ctx.skip(BROWSER_UNAVAILABLE);
  });

  for (const [name, doc] of RUNS)
    it(`${name}: report and a linked replay open offline without console errors`, { timeout: 180_000 }, async () => {
      const results = await run(name, doc);
      const check = await checkReportInBrowser(join(results, 'report.html'), join(SCREENSHOTS, `report-run-${name}.png`));
      expect(check.consoleErrors).toEqual([]);
      expect(check.networkRequests).toEqual([]);
      expect(check.rendered.every((r) => r === 'vega')).toBe(true);

      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
        const requests: string[] = [];
        const errors: string[] = [];
        await context.route('**/*', (route) => {
          const url = route.request().url();
          if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
          requests.push(url);
          return route.abort();
        });
        const page = await context.newPage();
        page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(pathToFileURL(join(results, 'report.html')).href, { waitUntil: 'load' });
        // The new sections: the scenario's ships, a hull per faction, loadout cards, card usage, matches to watch.
        const seats = name === 'ffa3' ? 3 : 2;
        expect(await page.locator('#section-scenario svg.scenario .start-ship').count()).toBe(seats);
        expect(await page.locator('#section-section-damage svg.hull-damage').count()).toBe(2);
        expect(await page.locator('#section-scenario .card').count()).toBeGreaterThan(0);
        expect(await page.locator('#section-card-usage table').count()).toBeGreaterThan(0);
        // Full entrant names, never cut.
        if (name === 'duel') expect(await page.locator('text=fpa-rammer-with-a-long-entrant-name').count()).toBeGreaterThan(0);
        // Every replay link points at a page that exists; open the first and step once.
        const links = await page.locator('#section-watch a[href^="replay-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
        expect(links.length).toBeGreaterThan(0);
        for (const l of links) expect(existsSync(join(results, l))).toBe(true);
        await page.locator('#section-watch a[href^="replay-"]').first().click();
        await page.waitForSelector('#board .ship');
        await page.keyboard.press('ArrowRight');
        expect(await page.locator('#board .ship').count()).toBe(seats);
        expect(errors).toEqual([]);
        expect(requests).toEqual([]);
        await context.close();
      } finally {
        await browser.close();
      }
    });
});
