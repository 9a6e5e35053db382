/**
 * Every built-in policy plays the same match on a scenario and on its half-turn mirror
 * (every ship's position rotated 180 degrees about the board's centre, facing + 3): same
 * end, winner, round and per-seat statistics, and mirrored final poses. A policy that
 * breaks ties by absolute direction or coordinate (rammer did: towardSearch took the
 * lowest direction index, so only the ship starting in the north side-stepped toward its
 * enemy) fails it, and gives one seat an edge that is only the board's orientation.
 *
 * Why exact and not statistical: the standard board is a hexagon about (0, 0) and the kernel
 * reads only positions relative to ships, so an equivariant policy must replay the same
 * match move for move. The direct-fire line (9.2) looks at both hexes where a line has a
 * tie (docs/rules.md, switch edgeLineOfFire), not at one fixed side of the board, so the
 * real kernel is checked here with nothing mocked; uniform random play, which reaches every
 * decision kind, checks the kernel. Two scenarios: the duel (ships on the board's axis,
 * facing each other) and an off-axis duel on the small board with seeded facings.
 */
import { describe, expect, it } from 'vitest';

import { Kernel, type MatchSetup } from '../../src/rules/kernel.ts';
import { GameState, STAT_SIZE, STATUS_ONGOING } from '../../src/rules/state.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** SYMMETRY_SCALE=10 plays ten times the seeds, for a longer check by hand. */
const SCALE = Number(process.env.SYMMETRY_SCALE ?? 1);

/** A scenario's file, tables and a kernel and runner on them. */
function arena(name: string) {
  const { file, scenario } = loadScenario(name);
  const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
  const kernel = new Kernel(t);
  return { file, scenario, t, kernel, runner: new MatchRunner(kernel) };
}
type Arena = ReturnType<typeof arena>;
const DUEL = arena('duel');
/** Off-axis starts, seeded facings, the small board (test/fixtures/scenarios). */
const SKEW = arena(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'scenarios', 'skew-duel.yaml'));

/** The half turn about (0, 0): positions negated, facings turned by three sixth-turns. */
function mirror(setup: MatchSetup): MatchSetup {
  return { ...setup, ships: setup.ships.map((sh) => ({ ...sh, q: 0 - sh.q, r: 0 - sh.r, facing: (sh.facing + 3) % 6 })) };
}

interface Outcome {
  status: number;
  winner: number;
  round: number;
  stats: number[];
  /** Each ship's final q, r, facing; for the mirrored match, turned back. */
  poses: number[];
}

type Factory = Awaited<ReturnType<typeof loadBotFactory>>;

function play(a: Arena, setup: MatchSetup, params: Record<string, unknown>, seed: number, mirrored: boolean, factories: [Factory, Factory]): Outcome {
  const s = a.kernel.setup(new GameState(), mirrored ? mirror(setup) : setup);
  a.runner.play(s, [makePolicy(factories[0], params, seed, 0), makePolicy(factories[1], params, seed, 1)]);
  const n = setup.ships.length;
  const poses: number[] = [];
  for (let p = 0; p < n; p++) poses.push(mirrored ? 0 - s.shipQ[p] : s.shipQ[p], mirrored ? 0 - s.shipR[p] : s.shipR[p], mirrored ? (s.facing[p] + 3) % 6 : s.facing[p]);
  return { status: s.status, winner: s.winner, round: s.round, stats: Array.from(s.stats.subarray(0, n * STAT_SIZE)), poses };
}

/** Seeds whose mirrored match differs from the original, with what differed first; `policy` in seat 0, `other` (default the same) in seat 1. */
async function mismatches(policy: string, seeds: number, params: Record<string, unknown> = {}, other = policy, a: Arena = DUEL): Promise<string[]> {
  const factories: [Factory, Factory] = [await loadBotFactory(policy), await loadBotFactory(other)];
  const out: string[] = [];
  let decided = 0;
  for (let seed = 0; seed < seeds; seed++) {
    const setup = scenarioSetup(a.file, a.scenario, a.t, seed);
    const x = play(a, setup, params, seed, false, factories);
    const y = play(a, setup, params, seed, true, factories);
    expect(x.status).not.toBe(STATUS_ONGOING);
    if (x.winner >= 0) decided++;
    const what =
      x.status !== y.status ? `status ${x.status} vs ${y.status}`
      : x.winner !== y.winner ? `winner ${x.winner} vs ${y.winner}`
      : x.round !== y.round ? `rounds ${x.round} vs ${y.round}`
      : x.stats.join() !== y.stats.join() ? 'statistics'
      : x.poses.join() !== y.poses.join() ? `final poses ${x.poses.join()} vs ${y.poses.join()}`
      : '';
    if (what) out.push(`seed ${seed}: ${what}`);
  }
  console.log(`[symmetry] ${a.scenario.name}: ${policy}${other === policy ? '' : ` vs ${other}`}: ${seeds - out.length}/${seeds} seeds play the same match mirrored; ${decided} of them decided`);
  return out;
}

describe('the half-turn mirror of the duel', () => {
  it.each([
    [DUEL, 217],
    [SKEW, 91],
  ])('the board is symmetric under the half turn about (0, 0)', (a, hexes) => {
    const b = a.t.board;
    let on = 0;
    for (let r = b.rMin; r < b.rMin + b.height; r++)
      for (let q = b.qMin; q < b.qMin + b.width; q++) {
        if (!a.kernel.move.hexOnBoard(q, r)) continue;
        on++;
        expect(a.kernel.move.hexOnBoard(0 - q, 0 - r), `(${q}, ${r}) mirrored`).toBe(true);
      }
    expect(on).toBe(hexes);
  });
});

describe('each built-in policy plays the same match on the mirrored duel (self-play)', () => {
  // Cheap policies: many seeds. The search bots: a couple of seeds at a small budget.
  const cases: [string, number, Record<string, unknown>][] = [
    ['random', 100, {}],
    ['rammer', 40, {}],
    ['gunner', 16, {}],
    ['brawler', 16, {}],
    ['carrier', 16, {}],
    ['turtle', 16, {}],
    ['tuned', 16, {}],
    ['lookahead', 2, { candidates: 8 }],
    ['mcts', 2, { iterations: 16, depth: 2, candidates: 6, opponentCandidates: 3 }],
  ];
  it.each(cases)('%s', async (policy, seeds, params) => {
    expect(await mismatches(policy, seeds * SCALE, params)).toEqual([]);
  });
});

describe('each scripted style against random, from either seat, plays the same match mirrored', () => {
  const styles = ['rammer', 'gunner', 'brawler', 'carrier', 'turtle', 'tuned'];
  it.each(styles)('%s', async (style) => {
    expect(await mismatches(style, 8 * SCALE, {}, 'random')).toEqual([]);
    expect(await mismatches('random', 8 * SCALE, {}, style)).toEqual([]);
  });
});

describe('off the axes (skew duel, small board, seeded facings): each policy plays the same match mirrored', () => {
  const cases: [string, number, Record<string, unknown>][] = [
    ['random', 40, {}],
    ['rammer', 24, {}],
    ['gunner', 8, {}],
    ['brawler', 8, {}],
    ['carrier', 8, {}],
    ['turtle', 8, {}],
    ['tuned', 8, {}],
    ['lookahead', 1, { candidates: 8 }],
    ['mcts', 1, { iterations: 16, depth: 2, candidates: 6, opponentCandidates: 3 }],
  ];
  it.each(cases)('%s', async (policy, seeds, params) => {
    expect(await mismatches(policy, seeds * SCALE, params, policy, SKEW)).toEqual([]);
  });
});
