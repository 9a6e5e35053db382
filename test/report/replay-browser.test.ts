/**
 * The replay page in headless Chromium, driven the way a designer drives it: opened from
 * file:// with every other request blocked, stepped through a whole match by keyboard, and at
 * each step the drawing is compared with the trace it was made from (ship positions and
 * facings, structure and armour numbers, tokens, damage marks) and must differ from the step
 * before. Any console error or network request fails. Screenshots of a few steps go to
 * results/test-screenshots/ for a person to look at. Skips like the report's browser test
 * (STAREATER_NO_BROWSER=1, or no Chromium).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, tablesForScenario, scenarioSetup } from '../../src/content/scenario.js';
import { Kernel } from '../../src/rules/kernel.js';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.js';
import { tracePolicyMatch, type Trace } from '../../src/sim/trace.js';
import { writeReplayHtml } from '../../src/report/replay.js';
import { BROWSER_UNAVAILABLE, launchChromium } from './browser.js';

const SKIP = process.env.STAREATER_NO_BROWSER === '1' && BROWSER_UNAVAILABLE === undefined;
const SCREENSHOTS = fileURLToPath(new URL('../../results/test-screenshots/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stareater-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A short match of quick bots, traced. */
async function shortTrace(scenarioName: string, bots: string[], seed: number, rounds: number): Promise<Trace> {
  const { file, scenario } = loadScenario(scenarioName);
  scenario.roundLimit = rounds;
  const tables = tablesForScenario(scenario);
  const k = new Kernel(tables);
  const policies = await Promise.all(bots.map(async (b, seat) => makePolicy(await loadBotFactory(b), {}, seed, seat)));
  return tracePolicyMatch(k, (s) => k.setup(s, scenarioSetup(file, scenario, tables, seed)), policies, { title: `${scenarioName} test`, command: 'test', names: bots });
}

interface Drawn {
  step: string;
  hash: string;
  ships: { seat: number; q: number; r: number; facing: number; structure: number; armour: string; label: string }[];
  tokens: string[];
  damage: string[];
  /** The dashed paths of tokens that moved in this step of the weapon update: kind:slot from>to. */
  trails: string[];
  signature: string;
}

/** What the page shows now, read from its DOM. */
function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const ships = Array.from(document.querySelectorAll('#layer g.ship')).map((g) => ({
      seat: Number(g.getAttribute('data-seat')),
      q: Number(g.getAttribute('data-q')),
      r: Number(g.getAttribute('data-r')),
      facing: Number(g.getAttribute('data-facing')),
      structure: Number(g.getAttribute('data-structure')),
      armour: g.getAttribute('data-armour') ?? '',
      label: document.querySelector(`#layer .ship-label[data-seat="${g.getAttribute('data-seat')}"] .armour`)?.textContent ?? '',
    }));
    const tokens = Array.from(document.querySelectorAll('#layer g.token')).map((g) => `${g.getAttribute('data-kind')}:${g.getAttribute('data-owner')}@${g.getAttribute('data-q')},${g.getAttribute('data-r')}`);
    const damage = Array.from(document.querySelectorAll('#layer .mark[data-kind="damage"]')).map((g) => `${g.getAttribute('data-seat')}/${g.getAttribute('data-section')}/${g.getAttribute('data-damage')}`);
    const current = Array.from(document.querySelectorAll('#log .ln.cur')).map((e) => e.textContent).join('\n');
    const trails = Array.from(document.querySelectorAll('#layer g.trail')).map((g) => `${g.getAttribute('data-kind')}:${g.getAttribute('data-slot')} ${g.getAttribute('data-from')}>${g.getAttribute('data-to')}`);
    return {
      step: document.body.dataset.step ?? '',
      hash: location.hash,
      ships,
      tokens,
      damage,
      trails,
      signature: document.getElementById('layer')!.innerHTML + document.getElementById('seats')!.innerHTML + current,
    };
  });
}

/** The page as the trace says it should be at step i. */
function expected(t: Trace, i: number) {
  const st = t.steps[i];
  return {
    ships: st.ships.map((s, seat) => ({ seat, q: s.q, r: s.r, facing: s.facing, structure: s.structure, armour: s.armour.join(','), label: `armour ${s.armour.join('/')}` })),
    tokens: st.tokens.map((k) => `${k.kind}:${k.owner}@${k.q},${k.r}`).sort(),
    damage: st.marks.filter((m) => m.kind === 'damage').map((m) => `${m.player}/${m.section}/${m.damage}`),
    trails: trailsOf(t, i),
  };
}

/**
 * The tokens that moved at step i of the weapon update (or the corvettes' move after it), from the
 * trace: the same slot, kind and owner as at the step before, on another hex.
 */
function trailsOf(t: Trace, i: number): string[] {
  const st = t.steps[i];
  if (i === 0 || (st.kind !== 'weapon-step' && st.kind !== 'weapons')) return [];
  const was = new Map(t.steps[i - 1].tokens.map((k) => [k.slot, k]));
  const out: string[] = [];
  for (const k of st.tokens) {
    const o = was.get(k.slot);
    if (o && o.kind === k.kind && o.owner === k.owner && (o.q !== k.q || o.r !== k.r)) out.push(`${k.kind}:${k.slot} ${o.q},${o.r}>${k.q},${k.r}`);
  }
  return out.sort();
}

/** Open a page offline, recording console errors and any request that is not file:. */
async function open(context: BrowserContext, url: string) {
  const errors: string[] = [];
  const requests: string[] = [];
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith('file:') || u.startsWith('data:')) return route.continue();
    requests.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  return { page, errors, requests };
}

/** Step through the whole match by keyboard, checking each step against the trace. */
async function walk(page: Page, t: Trace, shots: Record<number, string>): Promise<void> {
  let before = await drawn(page);
  expect(before.step).toBe('0');
  const first = expected(t, 0);
  expect(before.ships).toEqual(first.ships);
  for (let i = 1; i < t.steps.length; i++) {
    await page.keyboard.press('ArrowRight');
    const now = await drawn(page);
    const want = expected(t, i);
    expect(now.step, `step ${i}`).toBe(String(i));
    expect(now.hash).toBe(`#step=${i + 1}`);
    expect(now.ships, `ships at step ${i} (${t.steps[i].label})`).toEqual(want.ships);
    expect(now.tokens.sort(), `tokens at step ${i}`).toEqual(want.tokens);
    expect(now.damage, `damage marks at step ${i}`).toEqual(want.damage);
    expect(now.trails.sort(), `token paths at step ${i} (${t.steps[i].label})`).toEqual(want.trails);
    expect(now.signature, `the drawing changes at step ${i} (${t.steps[i].label})`).not.toBe(before.signature);
    if (shots[i]) await page.screenshot({ path: join(SCREENSHOTS, shots[i]) });
    before = now;
  }
  // At the end a further step stays at the end.
  await page.keyboard.press('ArrowRight');
  expect((await drawn(page)).step).toBe(String(t.steps.length - 1));
}

describe.skipIf(SKIP)('replay page in headless chromium', () => {
  beforeEach((ctx) => {
    if (BROWSER_UNAVAILABLE !== undefined) ctx.skip(BROWSER_UNAVAILABLE);
  });

  it('two players: every step by keyboard matches the trace; buttons, scrubber and #step links work; offline, no console errors', async () => {
    const t = await shortTrace('duel', ['rammer', 'gunner'], 3, 6);
    expect(t.steps.length).toBeGreaterThan(40);
    const html = join(dir, 'duel.html');
    writeReplayHtml(html, t);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const { page, errors, requests } = await open(context, pathToFileURL(html).href);
      // Screenshots: the first collision or damage, a movement step, the last step.
      const hit = t.steps.findIndex((s) => s.marks.some((m) => m.kind === 'damage'));
      const move = t.steps.findIndex((s) => s.kind === 'movement-step' && s.round > 1);
      const shots: Record<number, string> = { [move]: 'replay-duel-movement.png', [t.steps.length - 1]: 'replay-duel-end.png' };
      if (hit > 0) shots[hit] = 'replay-duel-damage.png';
      await walk(page, t, shots);

      // Buttons: previous step, previous and next round, play and pause, the scrubber.
      await page.click('#prev');
      expect((await drawn(page)).step).toBe(String(t.steps.length - 2));
      await page.keyboard.press('Home');
      await page.click('#next-round');
      const r2 = Number((await drawn(page)).step);
      expect(t.steps[r2].round).toBe(2);
      expect(t.steps[r2 - 1].round).toBe(1);
      await page.click('#next-round');
      await page.click('#prev-round');
      expect((await drawn(page)).step).toBe(String(r2));
      await page.click('#play');
      await page.waitForFunction((s) => Number(document.body.dataset.step) > s + 1, r2, { timeout: 10_000 });
      await page.click('#play');
      expect(await page.evaluate(() => document.body.dataset.playing)).toBe('0');
      await page.$eval('#scrub', (el) => {
        (el as HTMLInputElement).value = '7';
        el.dispatchEvent(new Event('input'));
      });
      expect((await drawn(page)).step).toBe('7');

      // A link to a moment opens at that moment.
      const link = await context.newPage();
      await link.goto(`${pathToFileURL(html).href}#step=12`);
      await link.waitForFunction(() => document.body.dataset.ready === '1');
      const at = await drawn(link);
      expect(at.step).toBe('11');
      expect(at.ships).toEqual(expected(t, 11).ships);

      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('the weapon update hex by hex: projectiles and torpedoes move on the page as the trace says, each with its path', async () => {
    const t = await shortTrace('duel', ['carrier', 'gunner'], 3, 6);
    const weaponSteps = t.steps.filter((s) => s.kind === 'weapon-step').map((s) => s.index);
    const moved = weaponSteps.flatMap((i) => trailsOf(t, i));
    // The match has both kinds of flight in its weapon updates.
    expect(moved.some((x) => x.startsWith('torpedo:'))).toBe(true);
    expect(moved.some((x) => x.startsWith('projectile:'))).toBe(true);
    const html = join(dir, 'weapons.html');
    writeReplayHtml(html, t);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const { page, errors, requests } = await open(context, pathToFileURL(html).href);
      const torpedoStep = weaponSteps.find((i) => trailsOf(t, i).some((x) => x.startsWith('torpedo:')))!;
      await walk(page, t, { [torpedoStep]: 'replay-duel-weapon-update.png' });
      // Each hex of the update, opened on its own: the weapon tokens drawn are the trace's, and
      // differ from those drawn at the step before (one moved or left the board).
      const weaponTokens = (d: Drawn) => d.tokens.filter((x) => !x.startsWith('corvette') && !x.startsWith('command')).sort();
      for (const i of weaponSteps) {
        await page.$eval('#scrub', (el, v) => {
          (el as HTMLInputElement).value = String(v);
          el.dispatchEvent(new Event('input'));
        }, i - 1);
        const before = weaponTokens(await drawn(page));
        await page.keyboard.press('ArrowRight');
        const now = await drawn(page);
        expect(now.step).toBe(String(i));
        expect(weaponTokens(now), `${t.steps[i].label}, round ${t.steps[i].round}`).not.toEqual(before);
        expect(weaponTokens(now)).toEqual(expected(t, i).tokens.filter((x) => !x.startsWith('corvette') && !x.startsWith('command')));
        expect(now.trails.sort()).toEqual(trailsOf(t, i));
      }
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  }, 180_000);

  it('the check sees a network request, a console error and a drawing that disagrees with the trace', async () => {
    const t = await shortTrace('duel', ['rammer', 'rammer'], 2, 2);
    const html = join(dir, 'broken.html');
    writeReplayHtml(html, t);
    // Break the page three ways: an image from the network (with the page's content security
    // policy, which would refuse it before any request, taken out), a logged error, and ship 0
    // drawn one hex off.
    const page0 = readFileSync(html, 'utf8')
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace('</body>', '<img src="http://127.0.0.1:9/x.png" alt=""><script>console.error("boom")</script></body>')
      .replace("data-q=\"' + ship.q + '\"", "data-q=\"' + (ship.q + (p === 0 ? 1 : 0)) + '\"");
    writeFileSync(html, page0);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const { page, errors, requests } = await open(context, pathToFileURL(html).href);
      expect(requests).toEqual(['http://127.0.0.1:9/x.png']);
      expect(errors.some((e) => e.includes('boom'))).toBe(true);
      await expect(walk(page, t, {})).rejects.toThrow(/ships at step|expected/);
      await context.close();
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('three and four players: every step by keyboard matches the trace', async () => {
    const browser = await launchChromium();
    try {
      for (const [scenario, bots] of [
        ['ffa3', ['rammer', 'gunner', 'rammer']],
        ['teams4', ['rammer', 'rammer', 'gunner', 'gunner']],
      ] as const) {
        const t = await shortTrace(scenario, [...bots], 5, 3);
        expect(t.players).toHaveLength(bots.length);
        const html = join(dir, `${scenario}.html`);
        writeReplayHtml(html, t);
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const { page, errors, requests } = await open(context, pathToFileURL(html).href);
        await walk(page, t, { [Math.min(t.steps.length - 1, 20)]: `replay-${scenario}.png` });
        expect(errors).toEqual([]);
        expect(requests).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  }, 180_000);
});
