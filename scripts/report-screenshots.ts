/**
 * Screenshots of the report's picture sections for a person to look at: the lab's own
 * `stareater run` writes a small default run (its report and the listed matches' replays),
 * headless Chromium (test/report/browser.ts chooses it) opens report.html offline and captures
 * the scenario and loadouts, where damage lands, card usage and the matches to watch. Writes
 * results/report-screenshots/*.png and the README's picture, docs/images/report-sections.png.
 *
 *   npx tsx scripts/report-screenshots.ts [results-folder]
 *
 * With a results folder, that run's report is captured instead (rebuilt by `stareater report`).
 * Why through the commands: the picture in the README then shows what a designer's run produces.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../test/report/browser.js';
import { root, screenshotFolders, stareater } from './lib/screenshots.js';

const out = screenshotFolders('report-screenshots');

const given = process.argv[2];
const dir = given ? resolve(given) : join(out, 'default-40');
if (given) stareater(['report', dir]);
else {
  // This script's own folder from an earlier time: a run's --out must be new or empty.
  rmSync(dir, { recursive: true, force: true });
  stareater(['run', 'default', '-n', '40', '--out', dir, '--no-progress']);
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1180, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(join(dir, 'report.html')).href, { waitUntil: 'load' });
  const shots: [string, string][] = [['section-scenario', 'scenario'], ['section-section-damage', 'section-damage'], ['section-card-usage', 'card-usage'], ['section-watch', 'watch']];
  for (const [id, name] of shots) {
    const el = page.locator(`#${id}`);
    if ((await el.count()) === 0) continue;
    await el.screenshot({ path: join(out, `report-${name}.png`) });
    console.log(`wrote results/report-screenshots/report-${name}.png`);
  }
  // The README's picture: the hull drawings coloured by damage, then the first entrant's loadout cards, in one frame.
  await page.evaluate(() => {
    const figs = document.querySelector('#section-section-damage .hull-figures');
    const lo = document.querySelector('#section-scenario .loadout');
    if (!figs || !lo) throw new Error('report.html has no hull drawings or loadout cards');
    const frame = document.createElement('div');
    frame.id = 'readme-frame';
    frame.style.cssText = 'padding: 8px 12px; background: #fff; max-width: 1060px';
    figs.before(frame);
    frame.append(figs, lo.cloneNode(true));
  });
  await page.locator('#readme-frame').screenshot({ path: join(root, 'docs', 'images', 'report-sections.png') });
  console.log('wrote docs/images/report-sections.png');
} finally {
  await browser.close();
}
