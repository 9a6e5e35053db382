import { beforeAll, describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.js';
import {
  SRC_BROADSIDE,
  SRC_MAIN,
  STATUS_DRAW,
  STATUS_DRAW_LIMIT,
  STATUS_VICTORY,
  ST_COLLISIONS,
  ST_CORV_KILLED,
  ST_CORV_LAUNCHED,
  ST_CORV_LOST,
  ST_DAMAGE_DEALT,
  ST_HITS,
  ST_SECTION_DAMAGE,
  ST_SHIELDS_ABSORBED,
  ST_SHOTS,
} from '../../src/rules/state.js';
import type { GameTables } from '../../src/rules/tables.js';
import { STATUS_ADJUDICATED, TERM_ILLEGAL } from '../../src/sim/record.js';
import { SummaryAccumulator, summaryExperiment, type ExperimentPlayer, type Summary } from '../../src/analysis/summary.js';
import { handRecords, kernelRecords, PLAYERS, reorder, slice, type HandRecord } from './records.js';

const tables = loadGameTables();
const THREE: ExperimentPlayer[] = [
  { name: 'A', policy: 'random', faction: 'fpa' },
  { name: 'B', policy: 'rammer', faction: 'lamais' },
  { name: 'C', policy: 'random', faction: 'fpa' },
];
const FACTION_OF = [0, 1, 0];

/** One hand-made game: players by seat, the winning player (-1 none). */
function g(pair: number, game: number, seat0: number, seat1: number, winnerPlayer: number, extra: Partial<HandRecord> = {}): HandRecord {
  return {
    pair,
    game,
    p0: seat0,
    p1: seat1,
    f0: FACTION_OF[seat0],
    f1: FACTION_OF[seat1],
    winner: winnerPlayer === seat0 ? 0 : winnerPlayer === seat1 ? 1 : -1,
    status: winnerPlayer >= 0 ? STATUS_VICTORY : STATUS_DRAW,
    rounds: 5 + pair + game,
    ...extra,
  };
}

const A = 0;
const B = 1;
const C = 2;
/** Hand-made matches with known outcomes (A's pair score in the comment). */
const HAND: HandRecord[] = [
  // pair 0: A wins both (2)
  g(0, 0, A, B, A, { s0: { [ST_DAMAGE_DEALT + SRC_MAIN]: 6, [ST_SHOTS + SRC_MAIN]: 3, [ST_HITS + SRC_MAIN]: 4 } }),
  g(0, 1, B, A, A, { s1: { [ST_DAMAGE_DEALT + SRC_MAIN]: 2, [ST_SHOTS + SRC_MAIN]: 1, [ST_HITS + SRC_MAIN]: 1 } }),
  // pair 1: one each (1)
  g(1, 0, A, B, A, { s0: { [ST_CORV_LAUNCHED + 2]: 3, [ST_CORV_LOST + 2]: 1, [ST_CORV_KILLED]: 2 } }),
  g(1, 1, B, A, B),
  // pair 2: draw, loss (0.5)
  g(2, 0, A, B, -1, { s0: { [ST_SECTION_DAMAGE + 1]: 5, [ST_COLLISIONS]: 2, [ST_SHIELDS_ABSORBED]: 3 } }),
  g(2, 1, B, A, B),
  // pair 3: draw by limit, draw (1)
  g(3, 0, A, B, -1, { status: STATUS_DRAW_LIMIT }),
  g(3, 1, B, A, -1, { status: STATUS_DRAW }),
  // pair 4: B wins both (0)
  g(4, 0, A, B, B),
  g(4, 1, B, A, B),
  // pair 5: adjudicated for B (A's bot answered illegally), then A wins (1)
  g(5, 0, A, B, B, { status: STATUS_ADJUDICATED, term: TERM_ILLEGAL }),
  g(5, 1, B, A, A),
  // pair 6: only its first game (pending)
  g(6, 0, A, B, A),
  // pair 7: C beats B twice (B's pair score 0)
  g(7, 0, B, C, C, { s0: { [ST_DAMAGE_DEALT + SRC_BROADSIDE]: 4 } }),
  g(7, 1, C, B, C),
];

/** Wilson 95% written out again here (not the function under test). */
function wilsonRef(x: number, n: number): [number, number] {
  const z = 1.959964;
  const p = x / n;
  const c = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const h = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [c - h, c + h];
}

/**
 * A mean of clustered values with its CR1 variance, written out here from the clusters
 * themselves (not the function under test): V = g/(g−1) · Σ_c (S_c − m_c·x̄)² / n².
 */
function clusterRef(clusters: number[][]): { mean: number; v: number; n: number; g: number } {
  const n = clusters.reduce((a, c) => a + c.length, 0);
  const mean = clusters.flat().reduce((a, x) => a + x, 0) / n;
  const g = clusters.length;
  const ss = clusters.reduce((a, c) => a + (c.reduce((t, x) => t + x, 0) - c.length * mean) ** 2, 0);
  return { mean, v: ((g / (g - 1)) * ss) / (n * n), n, g };
}

/** The Wilson interval at the effective sample size n/deff (deff = clustered over binomial variance, within [1/m̄, m̄]). */
function clusteredWilsonRef(clusters: number[][]): [number, number] {
  const { mean, v, n, g } = clusterRef(clusters);
  const mbar = n / g;
  const deff = Math.min(mbar, Math.max(1 / mbar, v / ((mean * (1 - mean)) / n)));
  return wilsonRef(mean * (n / deff), n / deff);
}

function handAcc(): SummaryAccumulator {
  const acc = new SummaryAccumulator({ name: 'hand', players: THREE, tables });
  acc.add(handRecords(HAND), HAND.length);
  return acc;
}

/** Every object with an interval or a count also says what n it rests on. */
function checkEveryFigureHasN(x: unknown, path = 'summary'): void {
  if (Array.isArray(x)) return x.forEach((v, i) => checkEveryFigureHasN(v, `${path}[${i}]`));
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    if ('lo' in o || 'hi' in o || 'count' in o || 'mean' in o || 'value' in o) expect(typeof o.n, `${path}.n`).toBe('number');
    for (const [k, v] of Object.entries(o)) checkEveryFigureHasN(v, `${path}.${k}`);
  }
}

describe('SummaryAccumulator on hand-made records', () => {
  const s = handAcc().summarize();
  const ab = s.pairings.find((p) => p.key === 'A vs B')!;
  const bc = s.pairings.find((p) => p.key === 'B vs C')!;

  it('counts matches, wins, draws and how matches end per pairing', () => {
    expect(s.n).toBe(15);
    expect(s.pairings.map((p) => p.key)).toEqual(['A vs B', 'B vs C']);
    expect(ab.n).toBe(13);
    expect(ab.players.map((p) => [p.name, p.wins, p.draws, p.losses])).toEqual([
      ['A', 5, 3, 5],
      ['B', 5, 3, 5],
    ]);
    expect(ab.ends).toEqual({ n: 13, victory: 9, draw: 2, drawByLimit: 1, adjudicated: 1, terminations: { 'illegal action': 1 } });
    expect(ab.seat).toMatchObject({ n: 10, seat0Wins: 6, seat1Wins: 4 });
    expect(bc.players.map((p) => [p.name, p.wins, p.losses])).toEqual([
      ['B', 0, 2],
      ['C', 2, 0],
    ]);
  });

  it('pentanomial counts from pairs, from the lower-indexed player, with the lone half pending', () => {
    expect(ab.pentanomial.counts).toEqual([1, 1, 3, 0, 1]);
    expect(ab.pentanomial.n).toBe(6);
    expect(bc.pentanomial.counts).toEqual([1, 0, 0, 0, 0]);
    expect(s.pairs).toEqual({ complete: 7, pendingHalves: 1 });
    // Per-game score from the pairs: (0 + .25 + 3 * .5 + 1) / 6.
    expect(ab.pentanomial.score.mean).toBeCloseTo(2.75 / 6, 12);
  });

  it('intervals on the hand-counted wins take the pair as the unit (the lone half a cluster of its own)', () => {
    // A's wins per game, pair by pair (pairs 0..5 complete, pair 6 a lone half).
    const winsA = [[1, 1], [1, 0], [0, 0], [0, 0], [0, 0], [0, 1], [1]];
    const [lo, hi] = clusteredWilsonRef(winsA);
    expect(ab.players[0].winRate.value).toBeCloseTo(5 / 13, 12);
    expect(ab.players[0].winRate.lo).toBeCloseTo(lo, 12);
    expect(ab.players[0].winRate.hi).toBeCloseTo(hi, 12);
    expect(ab.players[0].winRate).toMatchObject({ n: 13, clusters: 7 });
    // Both of A's wins in pair 0 make the pairs vary more than the games: deff above 1.
    expect(ab.players[0].winRate.deff).toBeGreaterThan(1);
    expect(hi - lo).toBeGreaterThan(wilsonRef(5, 13)[1] - wilsonRef(5, 13)[0]);
    const scoreA = [[1, 1], [1, 0], [0.5, 0], [0.5, 0.5], [0, 0], [0, 1], [1]];
    const [slo, shi] = clusteredWilsonRef(scoreA);
    expect(ab.players[0].score).toMatchObject({ value: 0.5, n: 13 });
    expect(ab.players[0].score.lo).toBeCloseTo(slo, 12);
    expect(ab.players[0].score.hi).toBeCloseTo(shi, 12);
    // Seat 0's wins among each pair's decisive games (pair 3 has none).
    const decisiveSeat0 = [[1, 0], [1, 1], [1], [0, 1], [0, 0], [1]];
    const [s0lo, s0hi] = clusteredWilsonRef(decisiveSeat0);
    expect(ab.seat.seat0WinRate).toMatchObject({ n: 10, clusters: 6 });
    expect(ab.seat.seat0WinRate.lo).toBeCloseTo(s0lo, 12);
    expect(ab.seat.seat0WinRate.hi).toBeCloseTo(s0hi, 12);
  });

  it('game length: mean, interval and histogram by rounds', () => {
    const rounds = HAND.filter((r) => r.pair <= 6).map((r) => r.rounds!);
    expect(ab.length.n).toBe(13);
    expect(ab.length.rounds.mean).toBeCloseTo(rounds.reduce((x, y) => x + y, 0) / 13, 12);
    expect(ab.length.histogram.reduce((x, h) => x + h.count, 0)).toBe(13);
    expect(ab.length.histogram[0]).toEqual({ rounds: 5, count: 1, n: 13 });
    expect(ab.length.histogram.find((h) => h.rounds === 6)).toEqual({ rounds: 6, count: 2, n: 13 });
  });

  it('per player (not per seat): damage by source, hits per shot, sections, corvettes, scalars', () => {
    const a = s.playerStats.find((p) => p.name === 'A')!;
    expect(a).toMatchObject({ faction: 'fpa', n: 13, wins: 5, losses: 5, draws: 3 });
    const main = a.damage.bySource.find((x) => x.source === 'main')!;
    // 6 in seat 0 and 2 in seat 1, over 13 matches.
    expect(main.damage.mean).toBeCloseTo(8 / 13, 12);
    // Pair clusters: pair 0 holds both of A's main-weapon damage (6 + 2); the other 5 pairs and the lone half none.
    const ref = clusterRef([[6, 2], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0]]);
    expect(main.damage.sd).toBeCloseTo(Math.sqrt(ref.v * 13), 12);
    expect(main.damage).toMatchObject({ n: 13, clusters: 7 });
    expect(main.hitsPerShot).toEqual({ value: 5 / 4, n: 4 });
    expect(main.shots).toEqual({ count: 4, n: 13 });
    expect(a.damage.bySource.map((x) => x.source)).toEqual(['main', 'broadside', 'pointDefence', 'collision', ...tables.factions[0].corvettes.map((c) => c.id)]);
    expect(a.damage.bySource.find((x) => x.source === 'broadside')!.hitsPerShot.value).toBeNaN();
    expect(a.damageTaken.map((d) => d.section)).toEqual(tables.factions[0].hull.sectionNames);
    expect(a.damageTaken[1]).toEqual({ section: 'core', total: 5, perMatch: 5 / 13, n: 13 });
    expect(a.stats.collisions.mean).toBeCloseTo(2 / 13, 12);
    expect(a.stats.shieldsAbsorbed.n).toBe(13);
    expect(a.corvettes).toMatchObject({ n: 13, launched: 3, lost: 1, killed: 2, exchange: 2 });
    expect(a.corvettes.byCard[2]).toEqual({ card: 'fpa-mako', launched: 3, lost: 1 });
    const b = s.playerStats.find((p) => p.name === 'B')!;
    expect(b).toMatchObject({ faction: 'lamais', n: 15, wins: 5, losses: 7 });
    expect(b.damage.bySource.find((x) => x.source === 'broadside')!.damage.mean).toBeCloseTo(4 / 15, 12);
  });

  it('every figure carries n; the summary is plain JSON', () => {
    checkEveryFigureHasN(s);
    const round = JSON.parse(JSON.stringify(s)) as Summary;
    expect(round.pairings[0].key).toBe('A vs B');
  });

  it('rejects records it cannot place', () => {
    const acc = new SummaryAccumulator({ name: 'hand', players: THREE, tables });
    expect(() => acc.add(handRecords([g(0, 0, A, 3, A)]), 1)).toThrow(/not players/);
    expect(() => acc.add(handRecords([g(0, 0, A, A, A)]), 1)).toThrow(/plays itself/);
    expect(() => acc.add(handRecords([{ ...g(0, 0, A, B, A), status: 0 }]), 1)).toThrow(/not a finished match/);
    const half = handRecords([g(9, 0, A, B, A)]);
    acc.add(half, 1);
    expect(() => acc.add(half, 1)).toThrow(/seen twice/);
  });
});

describe('merging and order independence', () => {
  let real: { tables: GameTables; records: Int32Array; count: number };
  const exp = () => summaryExperiment('real', PLAYERS, real.tables);
  const accOf = (rec: Int32Array, count: number) => {
    const acc = new SummaryAccumulator(exp());
    acc.add(rec, count);
    return acc;
  };

  beforeAll(async () => {
    real = await kernelRecords(20);
  });

  it('two halves, with a pair split between them, merge to exactly the whole', () => {
    const whole = accOf(real.records, real.count);
    const cut = 17; // rows 16 and 17 are pair 8's two games
    const first = accOf(slice(real.records, 0, cut), cut);
    const second = accOf(slice(real.records, cut, real.count), real.count - cut);
    expect(first.toJSON().pending.map((h) => h.pair)).toEqual([8]);
    expect(second.toJSON().pending.map((h) => h.pair)).toEqual([8]);
    const merged = new SummaryAccumulator(exp()).merge(first).merge(second);
    expect(merged.toJSON()).toEqual(whole.toJSON());
    expect(merged.toJSON().pending).toEqual([]);
    expect(merged.summarize()).toEqual(whole.summarize());
    // merging in the other order, and merging does not change its argument
    const firstBefore = first.toJSON();
    expect(accOf(slice(real.records, cut, real.count), real.count - cut).merge(first).toJSON()).toEqual(whole.toJSON());
    expect(first.toJSON()).toEqual(firstBefore);
  });

  it('shards serialised to JSON text and back merge to the whole', () => {
    const whole = accOf(real.records, real.count);
    const cuts = [0, 5, 6, 23, 31, real.count];
    const shards = cuts.slice(1).map((to, i) => JSON.stringify(accOf(slice(real.records, cuts[i], to), to - cuts[i]).toJSON()));
    const merged = SummaryAccumulator.fromJSON(JSON.parse(shards[4]));
    for (const i of [2, 0, 3, 1]) merged.merge(SummaryAccumulator.fromJSON(JSON.parse(shards[i])));
    expect(merged.toJSON()).toEqual(whole.toJSON());
    expect(JSON.stringify(merged.toJSON())).toBe(JSON.stringify(whole.toJSON()));
  });

  it('the order records arrive in does not matter', () => {
    const whole = accOf(real.records, real.count).toJSON();
    let x = 12345;
    const order = Array.from({ length: real.count }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const j = x % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    expect(accOf(reorder(real.records, order), real.count).toJSON()).toEqual(whole);
    const oneByOne = new SummaryAccumulator(exp());
    for (const row of order.slice().reverse()) oneByOne.add(slice(real.records, row, row + 1), 1);
    expect(oneByOne.toJSON()).toEqual(whole);
  });

  it('the hand-made set merges the same way, split anywhere', () => {
    const whole = handAcc().toJSON();
    const rec = handRecords(HAND);
    for (let cut = 0; cut <= HAND.length; cut++) {
      const a = new SummaryAccumulator({ name: 'hand', players: THREE, tables });
      a.add(slice(rec, 0, cut), cut);
      const b = new SummaryAccumulator({ name: 'hand', players: THREE, tables });
      b.add(slice(rec, cut, HAND.length), HAND.length - cut);
      expect(b.merge(a).toJSON()).toEqual(whole);
    }
  });

  it('real records summarise consistently', () => {
    const s = accOf(real.records, real.count).summarize();
    expect(s.n).toBe(40);
    expect(s.pairs).toEqual({ complete: 20, pendingHalves: 0 });
    const p = s.pairings[0];
    expect(p.pentanomial.counts.reduce((x, y) => x + y, 0)).toBe(20);
    expect(p.players[0].wins + p.players[0].draws + p.players[0].losses).toBe(40);
    expect(p.ends.victory + p.ends.draw + p.ends.drawByLimit + p.ends.adjudicated).toBe(40);
    // Each player identity's matches add up over the factions it played in.
    for (const name of ['A', 'B']) expect(s.playerStats.filter((x) => x.name === name).reduce((t, x) => t + x.n, 0)).toBe(40);
    checkEveryFigureHasN(s);
  });

  it('refuses to merge different experiments or a non-state', () => {
    const other = new SummaryAccumulator(summaryExperiment('other', PLAYERS, real.tables));
    expect(() => new SummaryAccumulator(exp()).merge(other)).toThrow(/different experiments/);
    expect(() => SummaryAccumulator.fromJSON({ version: 2 })).toThrow(/not a summary state/);
  });
});
