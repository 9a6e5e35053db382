/**
 * The four scripted styles (bots/gunner.ts, brawler.ts, carrier.ts, turtle.ts): each loads
 * by name, plays 100 seat-swapped duels against `random` (50 seeds, each played from both
 * seats, so each faction of the duel is flown 50 times) with the kernel's invariant checks
 * on and every answer checked against the legal list, replays byte for byte from its seed,
 * and beats random clearly. The styles must also play visibly differently: each leads the
 * others on the statistics of its style (ST_* / SRC_* in src/rules/state.ts), measured on
 * those same duels. Bad parameters throw a message naming the bot, the parameter, the value
 * and what was expected; every documented parameter is accepted at both ends of its range.
 *
 * One Kernel (checking mode on), one MatchRunner and one GameState serve every batch; the
 * batches are cached so the comparison tests reuse them. The measured win rates and style
 * statistics are printed to the test output.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { enableInvariantChecks, InvariantError } from '../../src/rules/invariants.ts';
import {
  GameState,
  STAT_SIZE,
  ST_SHOTS,
  ST_COLLISIONS,
  ST_SHIELDS_GAINED,
  ST_CORV_LAUNCHED,
  ST_CARD_PLAYS,
  SRC_MAIN,
  SRC_BROADSIDE,
  SRC_POINT_DEFENCE,
  STATUS_VICTORY,
  STATUS_DRAW,
  STATUS_DRAW_LIMIT,
} from '../../src/rules/state.ts';
import { Cmd } from '../../src/rules/tables.ts';
import { MatchRunner, PolicyError } from '../../src/sim/match.ts';
import { BOTS_DIR, loadBotFactory, makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import type { Policy, PolicyFactory } from '../../src/bot-api.ts';

const STYLES = ['gunner', 'brawler', 'carrier', 'turtle'] as const;
type Style = (typeof STYLES)[number];
/** Seeds per batch; each seed is played twice, the style in seat 0 (FPA) and in seat 1 (Lamais). */
const SEEDS = 50;

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const kernel = new Kernel(t);
enableInvariantChecks(kernel);
const runner = new MatchRunner(kernel);
const state = new GameState();
const ENDED = new Set([STATUS_VICTORY, STATUS_DRAW, STATUS_DRAW_LIMIT]);

/** Per-game statistics of the style's seat that tell the styles apart. */
const STATS = {
  mainShots: (s: GameState, p: number) => s.stats[p * STAT_SIZE + ST_SHOTS + SRC_MAIN],
  broadsideShots: (s: GameState, p: number) => s.stats[p * STAT_SIZE + ST_SHOTS + SRC_BROADSIDE],
  collisions: (s: GameState, p: number) => s.stats[p * STAT_SIZE + ST_COLLISIONS],
  corvettesLaunched: (s: GameState, p: number) => {
    let n = 0;
    for (let c = 0; c < 8; c++) n += s.stats[p * STAT_SIZE + ST_CORV_LAUNCHED + c];
    return n;
  },
  pointDefenceShots: (s: GameState, p: number) => s.stats[p * STAT_SIZE + ST_SHOTS + SRC_POINT_DEFENCE],
  defenceStationsPlays: (s: GameState, p: number) => s.stats[p * STAT_SIZE + ST_CARD_PLAYS + Cmd.DefenceStations],
  shieldsGained: (s: GameState, p: number) => s.stats[p * STAT_SIZE + ST_SHIELDS_GAINED],
};
type StatName = keyof typeof STATS;

interface Batch {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  winsAs: [number, number];
  rounds: number;
  decisions: number;
  notEnded: string[];
  violations: string[];
  illegal: string[];
  /** Mean per game of each statistic, for the style's seat. */
  mean: Record<StatName, number>;
}

/** A policy that checks every answer of `inner` against the legal list before handing it on. */
function legalityChecked(inner: Policy, illegal: string[], where: () => string, count: { n: number }): Policy {
  return {
    name: inner.name,
    choose(ctx) {
      const a = inner.choose(ctx);
      count.n++;
      let ok = false;
      for (let i = 0; i < ctx.count && !ok; i++) ok = ctx.legal[i] === a;
      if (!ok) illegal.push(`${where()}: answered ${a} at decision ${ctx.decision}`);
      return a;
    },
  };
}

const batches = new Map<Style, Batch>();
const factories = new Map<string, PolicyFactory>();

async function factory(name: string): Promise<PolicyFactory> {
  if (!factories.has(name)) factories.set(name, await loadBotFactory(name));
  return factories.get(name)!;
}

/** The style's 100 seat-swapped duels against random (seed j from seat 0, then from seat 1), cached. */
async function batch(style: Style): Promise<Batch> {
  const cached = batches.get(style);
  if (cached) return cached;
  const mine = await factory(style);
  const random = await factory('random');
  const b: Batch = { games: 0, wins: 0, losses: 0, draws: 0, winsAs: [0, 0], rounds: 0, decisions: 0, notEnded: [], violations: [], illegal: [], mean: {} as Record<StatName, number> };
  const sums = Object.fromEntries(Object.keys(STATS).map((k) => [k, 0])) as Record<StatName, number>;
  const count = { n: 0 };
  for (let seed = 0; seed < SEEDS; seed++) {
    for (const seat of [0, 1]) {
      const where = () => `seed ${seed}, ${style} in seat ${seat}, round ${state.round}`;
      const policies = [makePolicy(random, {}, seed, 0), makePolicy(random, {}, seed, 1)];
      policies[seat] = legalityChecked(makePolicy(mine, {}, seed, seat), b.illegal, where, count);
      kernel.setup(state, scenarioSetup(file, scenario, t, seed));
      try {
        runner.play(state, policies);
      } catch (e) {
        if (e instanceof InvariantError) b.violations.push(`${where()}: ${e.message}`);
        else if (e instanceof PolicyError) b.illegal.push(`${where()}: ${e.message}`);
        else throw e;
      }
      b.games++;
      b.rounds += state.round;
      if (!ENDED.has(state.status)) b.notEnded.push(where());
      if (state.status === STATUS_VICTORY && state.winner === seat) {
        b.wins++;
        b.winsAs[seat]++;
      } else if (state.status === STATUS_VICTORY) b.losses++;
      else b.draws++;
      for (const k of Object.keys(STATS) as StatName[]) sums[k] += STATS[k](state, seat);
    }
  }
  b.decisions = count.n;
  for (const k of Object.keys(STATS) as StatName[]) b.mean[k] = sums[k] / b.games;
  batches.set(style, b);
  const stats = (Object.keys(STATS) as StatName[]).map((k) => `${k} ${b.mean[k].toFixed(2)}`).join(', ');
  console.log(
    `[styles] ${style} vs random, ${b.games} seat-swapped duels: won ${b.wins} (${((100 * b.wins) / b.games).toFixed(0)}%; ${b.winsAs[0]}/${SEEDS} as FPA, ${b.winsAs[1]}/${SEEDS} as Lamais), lost ${b.losses}, drawn ${b.draws}; mean rounds ${(b.rounds / b.games).toFixed(1)}; per game: ${stats}`,
  );
  return b;
}

describe.each(STYLES)('%s', (style) => {
  it('loads by name and plays 100 seat-swapped duels against random with invariant checks on: every match ends, every answer legal', async () => {
    const b = await batch(style);
    expect(b.games).toBe(2 * SEEDS);
    expect(b.decisions).toBeGreaterThan(2 * SEEDS * 10);
    expect(b.notEnded, 'matches that did not end').toEqual([]);
    expect(b.violations, 'invariant violations').toEqual([]);
    expect(b.illegal, 'illegal answers').toEqual([]);
  });

  it('beats random clearly: win rate above 60% over the 100 seat-swapped duels', async () => {
    const b = await batch(style);
    expect(b.wins / b.games).toBeGreaterThan(0.6);
  });

  it.each([3, 28])('replays byte for byte from its seed (seed %i, from either seat)', async (seed) => {
    const mine = await factory(style);
    const random = await factory('random');
    for (const seat of [0, 1]) {
      const finals: Uint8Array[] = [];
      for (let run = 0; run < 2; run++) {
        // A fresh kernel and state each run: nothing may carry over but the seed.
        const k = new Kernel(tablesForScenario(scenario, FIXTURE_CONFIG_DIR));
        const s = k.setup(new GameState(), scenarioSetup(file, scenario, t, seed));
        const policies = [makePolicy(random, {}, seed, 0), makePolicy(random, {}, seed, 1)];
        policies[seat] = makePolicy(mine, {}, seed, seat);
        new MatchRunner(k).play(s, policies);
        finals.push(s.bytes.slice());
      }
      expect(Buffer.from(finals[0]).equals(Buffer.from(finals[1]))).toBe(true);
    }
  });
});

describe('the styles play measurably differently (means per game over the same 100 duels against random)', () => {
  // Each row: the style that must lead on a statistic, and by what factor over every other style.
  const leads: { stat: StatName; leader: Style; factor: number; what: string }[] = [
    { stat: 'mainShots', leader: 'gunner', factor: 1.2, what: 'main-weapon shots' },
    { stat: 'broadsideShots', leader: 'brawler', factor: 2, what: 'broadside shots' },
    { stat: 'collisions', leader: 'brawler', factor: 1.5, what: 'capital-ship collisions' },
    { stat: 'corvettesLaunched', leader: 'carrier', factor: 2, what: 'corvettes launched' },
    { stat: 'pointDefenceShots', leader: 'turtle', factor: 1.2, what: 'point-defence shots' },
    { stat: 'defenceStationsPlays', leader: 'turtle', factor: 1.5, what: 'Defence Stations played' },
  ];
  it.each(leads)('$leader leads on $what by at least x$factor', async ({ stat, leader, factor }) => {
    const mean: Record<string, number> = {};
    for (const s of STYLES) mean[s] = (await batch(s)).mean[stat];
    for (const other of STYLES) {
      if (other === leader) continue;
      expect(mean[leader], `${leader} ${stat} ${mean[leader]} vs ${other} ${mean[other]}`).toBeGreaterThan(factor * mean[other]);
    }
  });
});

describe('parameters', () => {
  const bad: { style: Style; params: Record<string, unknown>; message: string }[] = [
    { style: 'gunner', params: { maxSpeed: 'fast' }, message: 'gunner: param "maxSpeed" must be an integer from 1 to 4, got "fast"' },
    { style: 'gunner', params: { range: 11 }, message: 'gunner: param "range" must be an integer from 1 to 10, got 11' },
    { style: 'gunner', params: { fireThreshold: 1.5 }, message: 'gunner: param "fireThreshold" must be a number from 0 to 1, got 1.5' },
    { style: 'gunner', params: { vent: 'no' }, message: 'gunner: param "vent" must be true or false, got "no"' },
    { style: 'brawler', params: { closeRange: 0 }, message: 'brawler: param "closeRange" must be an integer from 1 to 6, got 0' },
    { style: 'brawler', params: { ram: 1 }, message: 'brawler: param "ram" must be true or false, got 1' },
    { style: 'brawler', params: { shieldRange: 2.5 }, message: 'brawler: param "shieldRange" must be an integer from 0 to 16, got 2.5' },
    { style: 'carrier', params: { standoff: null }, message: 'carrier: param "standoff" must be an integer from 2 to 12, got null' },
    { style: 'carrier', params: { arcAvoidance: -1 }, message: 'carrier: param "arcAvoidance" must be a number from 0 to 5, got -1' },
    { style: 'carrier', params: { repair: 'true' }, message: 'carrier: param "repair" must be true or false, got "true"' },
    { style: 'turtle', params: { edgeMargin: 5 }, message: 'turtle: param "edgeMargin" must be an integer from 0 to 4, got 5' },
    { style: 'turtle', params: { holdFire: 0 }, message: 'turtle: param "holdFire" must be true or false, got 0' },
    {
      style: 'turtle',
      params: { standof: 5 },
      message: 'turtle: unknown param "standof" (expected one of standoff, maxSpeed, edgeMargin, fireThreshold, holdFire, payAccuracy)',
    },
  ];
  it.each(bad)('$style rejects $params: "$message"', async ({ style, params, message }) => {
    const f = await factory(style);
    expect(() => f(params, () => 0.5)).toThrow(message);
    // The whole message, exactly.
    try {
      f(params, () => 0.5);
    } catch (e) {
      expect((e as Error).message).toBe(message);
    }
  });

  // Every documented parameter at both ends of its range (as the file headers document them).
  const ranges: Record<Style, Record<string, [unknown, unknown]>> = {
    gunner: { range: [1, 10], maxSpeed: [1, 4], edgeMargin: [0, 4], fireThreshold: [0, 1], vent: [false, true], payAccuracy: [false, true] },
    brawler: { closeRange: [1, 6], maxSpeed: [1, 4], edgeMargin: [0, 4], ram: [false, true], shieldRange: [0, 16], payAccuracy: [false, true] },
    carrier: { standoff: [2, 12], maxSpeed: [1, 4], edgeMargin: [0, 4], repair: [false, true], arcAvoidance: [0, 5], payAccuracy: [false, true] },
    turtle: { standoff: [2, 12], maxSpeed: [1, 4], edgeMargin: [0, 4], fireThreshold: [0, 1], holdFire: [false, true], payAccuracy: [false, true] },
  };
  const cases = STYLES.flatMap((style) => Object.entries(ranges[style]).flatMap(([name, ends]) => ends.map((value) => ({ style, name, value }))));
  it.each(cases)('$style accepts $name = $value and plays a full duel with it', async ({ style, name, value }) => {
    const f = await factory(style);
    const random = await factory('random');
    const params = { [name]: value };
    const s = kernel.setup(state, scenarioSetup(file, scenario, t, 11));
    runner.play(s, [makePolicy(f, params, 11, 0), makePolicy(random, {}, 11, 1)]);
    expect(ENDED.has(s.status)).toBe(true);
  });

  it('each style documents exactly the parameters it accepts', () => {
    for (const style of STYLES) {
      const source = readFileSync(join(BOTS_DIR, `${style}.ts`), 'utf8');
      const header = source.slice(0, source.indexOf('*/'));
      for (const name of Object.keys(ranges[style])) expect(header, `${style} header documents ${name}`).toContain(`\`${name}\``);
    }
  });
});

describe('the shared pilot kit', () => {
  it('every style uses the one kit (src/scripted/pilot-kit.ts, the bot API\'s `planner`) through a pilot of its own, opened at each decision', () => {
    for (const style of STYLES) {
      const source = readFileSync(join(BOTS_DIR, `${style}.ts`), 'utf8');
      expect(source, `${style} takes the kit from the bot API`).toMatch(/\} = botApiModule\.planner;/);
      expect(source, `${style} builds one pilot per policy, with its hooks and knobs`).toMatch(/const pilot = new Pilot\(kit, cfg, styleEval, styleCollision\);/);
      expect(source, `${style} flies a Command Corvette by the shared plan, else opens the decision first`).toMatch(
        /choose\(ctx\) \{\n\s+if \(flyingCommandCorvette\(ctx\.view, ctx\.player\)\) return answerInFlight\(pilot, ctx\);\n\s+beginDecision\(pilot, ctx\);/,
      );
      expect(source, `${style} keeps no params in module state`).not.toMatch(/^let /m);
      expect(source, `${style} holds no copy of the kit`).not.toMatch(/function observe\(/);
    }
  });
});

describe('styles sharing the pilot kit in one process', () => {
  it('gunner vs turtle and brawler vs carrier play legal, checked matches that replay byte for byte', async () => {
    const { spawnSync } = await import('node:child_process');
    const root = join(import.meta.dirname, '..', '..');
    const play = (p0: string, p1: string, seed: number) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'match', '--seed', String(seed), '--p0', p0, '--p1', p1, '--check', '--json'], { cwd: root, encoding: 'utf8' });
    for (const [p0, p1] of [['gunner', 'turtle'], ['brawler', 'carrier']]) {
      const a = play(p0, p1, 5);
      const b = play(p0, p1, 5);
      expect(a.status, a.stderr).toBe(0);
      expect(a.stdout).toBe(b.stdout);
      expect(JSON.parse(a.stdout).status).toMatch(/victory|draw/);
    }
  });
});
