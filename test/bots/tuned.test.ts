/**
 * The `tuned` bot (bots/tuned.ts): a scripted style flown with the params of
 * bots/data/tuned.json. It answers only legal actions with the kernel's invariant checks
 * on, replays exactly from a seed, its data holds params every style accepts, and it is
 * stronger than the hand-set gunner in a short seeded run (with a control row: gunner
 * against itself scores exactly one half, so the threshold separates).
 *
 * Content: the frozen test fixtures (test/fixtures/configs), so a designer changing the
 * shipped numbers cannot move these results.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { GameState, STATUS_ONGOING, STATUS_VICTORY, G_STATUS } from '../../src/rules/state.ts';
import { enableInvariantChecks } from '../../src/rules/invariants.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import type { Policy, PolicyFactory } from '../../src/bot-api.ts';
import tuned, { PARAMS, tunedParams } from '../../bots/tuned.ts';
import gunner, { PARAMS as GUNNER } from '../../bots/gunner.ts';
import { PARAMS as BRAWLER } from '../../bots/brawler.ts';
import { PARAMS as CARRIER } from '../../bots/carrier.ts';
import { PARAMS as TURTLE } from '../../bots/turtle.ts';
import randomBot from '../../bots/random.ts';

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);

/** The duel's start for `seed`; FPA in both seats with its default loadout when `mirror`. */
function setupFor(seed: string, mirror: boolean) {
  const m = scenarioSetup(file, scenario, t, seed);
  if (mirror)
    for (const sh of m.ships) {
      sh.faction = m.ships[0].faction;
      sh.loadout = t.factions[sh.faction].defaultLoadout;
    }
  return m;
}

/** Play one match; `a` in seat `seatA`. Returns the final state. */
function play(a: PolicyFactory, pa: Record<string, unknown>, b: PolicyFactory, pb: Record<string, unknown>, seed: string, seatA: number, opts: { mirror?: boolean; kernel?: Kernel; wrap?: (p: Policy) => Policy } = {}) {
  const k = opts.kernel ?? new Kernel(t);
  const s = new GameState();
  k.setup(s, setupFor(seed, opts.mirror ?? false));
  const polA = makePolicy(a, pa, seed, seatA);
  const polB = makePolicy(b, pb, seed, 1 - seatA);
  const pols = seatA === 0 ? [polA, polB] : [polB, polA];
  new MatchRunner(k).play(s, opts.wrap ? pols.map(opts.wrap) : pols);
  return s;
}

/** Every answer one of ctx.legal. */
function checked(inner: Policy, problems: string[]): Policy {
  return {
    name: inner.name,
    choose(ctx) {
      const a = inner.choose(ctx);
      let found = false;
      for (let i = 0; i < ctx.count; i++) if (ctx.legal[i] === a) found = true;
      if (!found) problems.push(`${inner.name} answered ${a} at decision ${ctx.decision}, not in its legal list`);
      return a;
    },
  };
}

const STYLES = PARAMS.specs[0].choices;

describe('tuned answers only legal actions (invariant checks on), every tuned style, both seats', () => {
  it.each(STYLES)('%s', (style) => {
    const k = new Kernel(t);
    enableInvariantChecks(k);
    const problems: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = play(tuned, { style }, randomBot, {}, `tuned-legal-${i >> 1}`, i & 1, { kernel: k, wrap: (p) => checked(p, problems) });
      expect(s.g[G_STATUS]).not.toBe(STATUS_ONGOING);
    }
    expect(problems).toEqual([]);
  });
});

describe('tuned replays exactly: the same seed gives a byte-identical final state', () => {
  it.each([
    ['against gunner', gunner],
    ['against random', randomBot],
  ] as const)('%s', (_name, opponent) => {
    const first = play(tuned, {}, opponent, {}, 'tuned-det-3', 1);
    const k = new Kernel(t);
    play(tuned, {}, randomBot, {}, 'other', 0, { kernel: k });
    const again = play(tuned, {}, opponent, {}, 'tuned-det-3', 1, { kernel: k });
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const other = play(tuned, {}, opponent, {}, 'tuned-det-4', 1);
    expect(Buffer.from(other.bytes).equals(Buffer.from(first.bytes))).toBe(false);
  });
});

describe('bots/data/tuned.json', () => {
  const data = JSON.parse(readFileSync(new URL('../../bots/data/tuned.json', import.meta.url), 'utf8')) as { made: string; best: string };
  const declared = { gunner: GUNNER, brawler: BRAWLER, carrier: CARRIER, turtle: TURTLE } as Record<string, { read(p: Record<string, unknown>): unknown }>;
  it.each(STYLES)("%s: the tuned params are ones the style's declaration accepts", (style) => {
    expect(() => declared[style].read(tunedParams(style))).not.toThrow();
  });
  it('names the command that made it, and its best style is the default', () => {
    expect(data.made).toMatch(/^npx tsx scripts\/tune-style\.ts /);
    expect(PARAMS.read({}).style).toBe(data.best);
  });
  it('refuses a style it holds no params for', () => {
    expect(() => tuned({ style: 'rammer' }, () => 0.5)).toThrow(/tuned: .*style/);
  });
});

describe('strength, 12 seat-swapped pairs against default gunner (FPA mirror)', () => {
  /** Score per game (wins + draws / 2) of `a` against default gunner. */
  function score(a: PolicyFactory, pa: Record<string, unknown>): number {
    let sum = 0;
    for (let i = 0; i < 12; i++)
      for (let seat = 0; seat < 2; seat++) {
        const s = play(a, pa, gunner, {}, `tuned-strength-${i}`, seat, { mirror: true });
        sum += s.g[G_STATUS] !== STATUS_VICTORY ? 0.5 : s.winner === seat ? 1 : 0;
      }
    return sum / 24;
  }
  it.each([
    ['tuned (its best style)', tuned, {}, 0.6, 1],
    ['control: gunner itself', gunner, {}, 0.5, 0.5],
  ] as const)('%s', (_name, factory, params, lo, hi) => {
    const s = score(factory, params);
    console.log(`[tuned] ${_name} vs gunner: ${(100 * s).toFixed(1)}%`);
    expect(s).toBeGreaterThanOrEqual(lo);
    expect(s).toBeLessThanOrEqual(hi);
  });
});
