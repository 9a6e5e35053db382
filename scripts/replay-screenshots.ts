/**
 * Screenshots of replay pages for a person to look at: the lab's own `stareater replay` writes
 * the pages, headless Chromium (test/report/browser.ts chooses it) opens them offline and
 * captures a few steps. Writes results/replay-screenshots/*.png and the README's picture,
 * docs/images/replay.png.
 *
 *   npx tsx scripts/replay-screenshots.ts
 *
 * Why through the command and not the page writer: the picture in the README then shows what
 * the command a designer types produces.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Trace } from '../src/sim/trace.js';
import { launchChromium } from '../test/report/browser.js';
import { root, screenshotFolders, stareater } from './lib/screenshots.js';

const out = screenshotFolders('replay-screenshots');

/** The trace embedded in a page. */
function traceOf(html: string): Trace {
  const text = readFileSync(html, 'utf8');
  const m = /<script type="application\/json" id="trace">([\s\S]*?)<\/script>/.exec(text);
  if (!m) throw new Error(`${html}: no trace in the page`);
  return JSON.parse(m[1]) as Trace;
}

const duel = join(out, 'duel.html');
stareater(['replay', '--scenario', 'duel', '--seed', '3', '--p0', 'rammer', '--p1', 'gunner', '--round-limit', '8', '-o', duel]);
const teams = join(out, 'teams4.html');
stareater(['replay', '--experiment', 'configs/experiments/teams4.yaml', '--id', '3', '-o', teams]);

const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
  await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  const shoot = async (html: string, step: number, name: string) => {
    await page.goto(`${pathToFileURL(html).href}#step=${step + 1}`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    await page.screenshot({ path: join(out, name) });
    console.log(`${join('results', 'replay-screenshots', name)}: step ${step + 1}`);
  };

  const t = traceOf(duel);
  const hit = t.steps.findIndex((s) => s.kind === 'movement-step' && s.marks.some((m) => m.kind === 'damage'));
  const fire = t.steps.findIndex((s) => s.marks.some((m) => m.kind === 'fire'));
  const reveal = t.steps.findIndex((s) => s.kind === 'reveal' && s.round === 2);
  await shoot(duel, reveal, 'duel-reveal.png');
  await shoot(duel, fire, 'duel-fire.png');
  await shoot(duel, hit > 0 ? hit : fire, 'duel-damage.png');
  // A hex of the weapon update: the cannon tokens a hex on, each with its path.
  const weapon = t.steps.findIndex((s) => s.kind === 'weapon-step');
  if (weapon >= 0) await shoot(duel, weapon, 'duel-weapon-update.png');
  await shoot(duel, t.steps.length - 1, 'duel-end.png');

  const t4 = traceOf(teams);
  const cc = t4.steps.findIndex((s) => s.tokens.some((k) => k.kind === 'command-corvette'));
  const corvettes = t4.steps.findIndex((s) => s.tokens.filter((k) => k.kind === 'corvette').length >= 3);
  if (corvettes >= 0) await shoot(teams, corvettes, 'teams4-corvettes.png');
  if (cc >= 0) await shoot(teams, cc, 'teams4-command-corvette.png');

  // The README's picture: the duel at the step where a movement step's collision or overrun does damage.
  await page.setViewportSize({ width: 1200, height: 760 });
  await page.goto(`${pathToFileURL(duel).href}#step=${(hit > 0 ? hit : fire) + 1}`);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  const readme = join(root, 'docs', 'images', 'replay.png');
  await page.screenshot({ path: readme });
  console.log(`docs/images/replay.png: ${(statSync(readme).size / 1024).toFixed(0)} kB`);
  await context.close();
} finally {
  await browser.close();
}
