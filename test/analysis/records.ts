/**
 * Test records: hand-made rows written with the R_* offsets, and real ones from the kernel
 * (duel scenario, random bots, drafted loadouts, pairs with seats swapped).
 */
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.js';
import { Kernel } from '../../src/rules/kernel.js';
import { GameState, STATUS_VICTORY } from '../../src/rules/state.js';
import type { GameTables } from '../../src/rules/tables.js';
import { MatchRunner } from '../../src/sim/match.js';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.js';
import {
  R_FACTION0,
  R_FACTION1,
  R_GAME,
  R_ID,
  R_PAIR,
  R_PLAYER0,
  R_PLAYER1,
  R_ROUNDS,
  R_SEED,
  R_STATS0,
  R_STATS1,
  R_STATUS,
  R_TERMINATION,
  R_WINNER,
  RECORD_INTS,
  writeRecord,
} from '../../src/sim/record.js';
import type { ExperimentPlayer } from '../../src/analysis/summary.js';

export interface HandRecord {
  id?: number;
  pair: number;
  game: number;
  seed?: number;
  p0: number;
  p1: number;
  status?: number;
  winner?: number;
  rounds?: number;
  f0?: number;
  f1?: number;
  term?: number;
  /** Stat values by ST_* offset, per seat. */
  s0?: Record<number, number>;
  s1?: Record<number, number>;
}

/** Write hand-made records into one chunk. */
export function handRecords(rows: HandRecord[]): Int32Array {
  const out = new Int32Array(rows.length * RECORD_INTS);
  rows.forEach((r, i) => {
    const o = i * RECORD_INTS;
    out[o + R_ID] = r.id ?? i;
    out[o + R_PAIR] = r.pair;
    out[o + R_GAME] = r.game;
    out[o + R_SEED] = r.seed ?? 1000 + r.pair;
    out[o + R_PLAYER0] = r.p0;
    out[o + R_PLAYER1] = r.p1;
    out[o + R_STATUS] = r.status ?? STATUS_VICTORY;
    out[o + R_WINNER] = r.winner ?? -1;
    out[o + R_ROUNDS] = r.rounds ?? 10;
    out[o + R_FACTION0] = r.f0 ?? 0;
    out[o + R_FACTION1] = r.f1 ?? 1;
    out[o + R_TERMINATION] = r.term ?? 0;
    for (const [k, v] of Object.entries(r.s0 ?? {})) out[o + R_STATS0 + Number(k)] = v;
    for (const [k, v] of Object.entries(r.s1 ?? {})) out[o + R_STATS1 + Number(k)] = v;
  });
  return out;
}

/** Rows [from, to) of a chunk as a new chunk. */
export function slice(rec: Int32Array, from: number, to: number): Int32Array {
  return rec.slice(from * RECORD_INTS, to * RECORD_INTS);
}

/** The chunk with its rows in the given order. */
export function reorder(rec: Int32Array, order: number[]): Int32Array {
  const out = new Int32Array(order.length * RECORD_INTS);
  order.forEach((row, i) => out.set(rec.subarray(row * RECORD_INTS, (row + 1) * RECORD_INTS), i * RECORD_INTS));
  return out;
}

export const PLAYERS: ExperimentPlayer[] = [
  { name: 'A', policy: 'random', faction: 'fpa' },
  { name: 'B', policy: 'random', faction: 'lamais' },
];

/**
 * `pairs` pairs of real matches between players A (0) and B (1): game 0 has A in seat 0,
 * game 1 the same seed with the seats swapped. Loadouts drafted by the random bots.
 */
export async function kernelRecords(pairs: number): Promise<{ tables: GameTables; records: Int32Array; count: number }> {
  const { file, scenario } = loadScenario('duel');
  const tables = tablesForScenario(scenario);
  const kernel = new Kernel(tables);
  const runner = new MatchRunner(kernel);
  const state = new GameState();
  const factory = await loadBotFactory('random');
  const count = 2 * pairs;
  const records = new Int32Array(count * RECORD_INTS);
  for (let pair = 0; pair < pairs; pair++) {
    const seed = 7001 + pair;
    for (let game = 0; game < 2; game++) {
      const id = 2 * pair + game;
      const policies = [makePolicy(factory, {}, `${seed}/${game}`, 0), makePolicy(factory, {}, `${seed}/${game}`, 1)];
      const setup = scenarioSetup(file, scenario, tables, seed);
      runner.draft(setup.ships.map((s) => tables.factions[s.faction]), policies).forEach((lo, i) => (setup.ships[i].loadout = lo));
      kernel.setup(state, setup);
      runner.play(state, policies);
      const [p0, p1] = game === 0 ? [0, 1] : [1, 0];
      writeRecord(records, id, state, id, pair, game, seed, [p0, p1]);
    }
  }
  return { tables, records, count };
}
