/**
 * A one-thread arena for the strength/speed work (scripts/bench-policies.ts, the tuning
 * script): seat-swapped pairs of shared seeds between two built-in policies, and a policy's
 * self-play speed, on the main thread with no worker pool, so figures are per core.
 *
 * Why not the batch runner: a tuning loop plays thousands of short comparisons and wants
 * them in-process, with no files written; the scoring is the ladder's (wins + draws / 2,
 * the pentanomial interval over pairs, src/analysis/stats.ts), so the figures read alike.
 * Matches are FPA mirrors with default loadouts on the duel board, as in the ladder.
 */
import { loadScenario, tablesForScenario, scenarioSetup } from '../../src/content/scenario.js';
import { Kernel, type MatchSetup } from '../../src/rules/kernel.js';
import { GameState, STATUS_VICTORY, G_STATUS } from '../../src/rules/state.js';
import { MatchRunner } from '../../src/sim/match.js';
import { makePolicy } from '../../src/sim/bots.js';
import { pentanomial, type PentanomialInterval } from '../../src/analysis/stats.js';
import type { PolicyFactory } from '../../src/bot-api.js';

const { file, scenario } = loadScenario('duel');
/** The duel's tables (both factions). */
export const tables = tablesForScenario(scenario);

/** The duel's start for `seed`, both ships flown by FPA with its default loadout (the ladder's mirror). */
export function mirrorSetup(seed: string): MatchSetup {
  const m = scenarioSetup(file, scenario, tables, seed);
  const fpa = m.ships[0].faction;
  for (const sh of m.ships) {
    sh.faction = fpa;
    sh.loadout = tables.factions[fpa].defaultLoadout;
  }
  return m;
}

/** A player of the arena: a factory and its params. */
export interface Entrant {
  factory: PolicyFactory;
  params: Record<string, unknown>;
}

export interface Duel {
  wins: number;
  draws: number;
  losses: number;
  /** The first entrant's score per game with its 95% pentanomial interval over pairs. */
  score: PentanomialInterval;
  /** Wall seconds of play. */
  seconds: number;
}

/** The first entrant's result in one match (1, 0.5 or 0) when it sits in seat `seatA`. */
function outcome(s: GameState, seatA: number): number {
  if (s.g[G_STATUS] !== STATUS_VICTORY) return 0.5;
  return s.team[seatA] === s.winner ? 1 : 0;
}

/**
 * `pairs` seat-swapped pairs of a against b, pair i on seed `${seed}/${i}`: the first game a
 * in seat 0, the second a in seat 1. Each policy is built per match from the match's seed, as
 * the batch does.
 */
export function duel(a: Entrant, b: Entrant, pairs: number, seed: string, from = 0): Duel {
  const kernel = new Kernel(tables);
  const runner = new MatchRunner(kernel);
  const state = new GameState();
  const pairScores: number[] = [];
  let wins = 0;
  let draws = 0;
  let losses = 0;
  const t0 = performance.now();
  for (let i = from; i < from + pairs; i++) {
    const ms = `${seed}/${i}`;
    const setup = mirrorSetup(ms);
    let pair = 0;
    for (let seatA = 0; seatA < 2; seatA++) {
      const pa = makePolicy(a.factory, a.params, `${ms}/${seatA}`, seatA);
      const pb = makePolicy(b.factory, b.params, `${ms}/${seatA}`, 1 - seatA);
      runner.play(kernel.setup(state, setup), seatA === 0 ? [pa, pb] : [pb, pa]);
      const o = outcome(state, seatA);
      pair += o;
      if (o === 1) wins++;
      else if (o === 0) losses++;
      else draws++;
    }
    pairScores.push(pair);
  }
  const counts = [0, 0, 0, 0, 0];
  for (const s of pairScores) counts[s * 2]++;
  return { wins, draws, losses, score: pentanomial(counts), seconds: (performance.now() - t0) / 1000 };
}

/** CPU seconds of the process since `from` (every thread: it never flatters). */
function cpuSince(from: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
}

/**
 * Self-play speed: `matches` matches of the policy against itself on the duel (FPA vs
 * Lamais, default loadouts), after `warmup` untimed ones; matches per wall second and per
 * CPU second of the process.
 */
export function selfPlaySpeed(e: Entrant, matches: number, warmup: number, seed = 'speed'): { perWall: number; perCpu: number; rounds: number } {
  const kernel = new Kernel(tables);
  const runner = new MatchRunner(kernel);
  const state = new GameState();
  const setups = Array.from({ length: 64 }, (_, i) => scenarioSetup(file, scenario, tables, `${seed}/${i}`));
  const play = (i: number) => {
    const pols = [makePolicy(e.factory, e.params, `${seed}/${i}`, 0), makePolicy(e.factory, e.params, `${seed}/${i}`, 1)];
    runner.play(kernel.setup(state, setups[i % 64]), pols);
    return state.round;
  };
  for (let i = 0; i < warmup; i++) play(i);
  let rounds = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < matches; i++) rounds += play(warmup + i);
  const wall = (performance.now() - t0) / 1000;
  return { perWall: matches / wall, perCpu: matches / cpuSince(c0), rounds: rounds / matches };
}
