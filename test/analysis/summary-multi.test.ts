/**
 * The N-player part of the run summary (src/analysis/summary-multi.ts): known answers for
 * one hand-made rotation block of three players (win shares, scores, places, pairwise
 * finishes and the block's pattern, seat wins), teams of two (partners, team shares, only
 * cross-team pairs), exact merging whatever the split into shards, and the ratings from
 * pairwise finishes (the same point fit as two-player ratings on the same counts).
 */
import { describe, expect, it } from 'vitest';
import { STATUS_DRAW_LIMIT, STATUS_VICTORY, ST_KILLS, ST_DEALT_TO } from '../../src/rules/state.ts';
import { R_GAME, R_OUT0, R_PAIR, R_ROUNDS, R_SEATS, R_SEED, R_STATUS, R_TABLE, R_TEAM0, R_WINNER, R_ID, RECORD_INTS, SEAT_PLAYER, SEAT_STATS } from '../../src/sim/record.ts';
import { SummaryAccumulator, summaryExperiment } from '../../src/analysis/summary.ts';
import { fitMultiRatings, fitRatings } from '../../src/analysis/ratings.ts';
import { loadGameTables } from '../../src/content/load.ts';

const tables = loadGameTables();
const names = ['A', 'B', 'C', 'D'];
const exp = (n: number) => summaryExperiment('multi-test', names.slice(0, n).map((name) => ({ name, policy: 'random', faction: 'fpa' })), tables, false);

interface Game {
  /** Player in each seat. */
  seats: number[];
  /** Team id of each seat (default: free-for-all). */
  teams?: number[];
  /** Winning team id, or -1. */
  winner: number;
  /** Round each seat left the battle (0: never). */
  out: number[];
  block?: number;
  game: number;
  rounds?: number;
  /** Per seat: kills credited (ST_KILLS) and damage dealt to each other seat (ST_DEALT_TO, by victim seat). */
  kills?: number[];
  dealtTo?: number[][];
}

function records(games: Game[]): Int32Array {
  const rec = new Int32Array(games.length * RECORD_INTS);
  games.forEach((g, i) => {
    const o = i * RECORD_INTS;
    const n = g.seats.length;
    rec[o + R_ID] = i;
    rec[o + R_PAIR] = g.block ?? 0;
    rec[o + R_GAME] = g.game;
    rec[o + R_SEED] = 1000 + (g.block ?? 0);
    rec[o + R_SEATS] = n;
    rec[o + R_TABLE] = 0;
    rec[o + R_STATUS] = g.winner >= 0 ? STATUS_VICTORY : STATUS_DRAW_LIMIT;
    rec[o + R_WINNER] = g.winner;
    rec[o + R_ROUNDS] = g.rounds ?? 10;
    for (let seat = 0; seat < 4; seat++) {
      rec[o + SEAT_PLAYER[seat]] = seat < n ? g.seats[seat] : -1;
      rec[o + R_TEAM0 + seat] = seat < n ? (g.teams?.[seat] ?? seat) : -1;
      rec[o + R_OUT0 + seat] = seat < n ? g.out[seat] : 0;
      if (seat >= n) continue;
      rec[o + SEAT_STATS[seat] + ST_KILLS] = g.kills?.[seat] ?? 0;
      for (let q = 0; q < n; q++) rec[o + SEAT_STATS[seat] + ST_DEALT_TO + q] = g.dealtTo?.[seat][q] ?? 0;
    }
  });
  return rec;
}

// One block of three: A wins games 0 and 1, game 2 ends at the round limit with B and C still in.
const BLOCK: Game[] = [
  { seats: [0, 1, 2], winner: 0, out: [0, 5, 7], game: 0 },
  { seats: [2, 0, 1], winner: 1, out: [3, 0, 4], game: 1 },
  { seats: [1, 2, 0], winner: -1, out: [0, 0, 6], game: 2 },
];

describe('N-player summary: known answers', () => {
  it('one block of three players, by hand', () => {
    const acc = new SummaryAccumulator(exp(3));
    acc.add(records(BLOCK), 3);
    const m = acc.summarize().multi!;
    const t = m.tables[0];
    expect([t.n, t.blocks, t.teams, t.even]).toEqual([3, 1, 3, 1 / 3]);
    expect(t.key).toBe('A / B / C');
    expect(t.players.map((p) => [p.name, p.wins, p.winShare.value])).toEqual([
      ['A', 2, 2 / 3],
      ['B', 0, 0],
      ['C', 0, 0],
    ]);
    // score = (wins + no-winner matches / 3) / matches
    expect(t.players.map((p) => p.score.value)).toEqual([7 / 9, 1 / 9, 1 / 9]);
    // places: A 1, 1, 3; B 3, 2, 1.5; C 2, 3, 1.5
    expect(t.players.map((p) => p.place.mean)).toEqual([5 / 3, 6.5 / 3, 6.5 / 3]);
    expect(t.players[1].places).toEqual([
      [1.5, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(t.players.map((p) => p.left)).toEqual([1, 2, 2]);
    expect(t.players[0].leftRounds).toEqual([[6, 1]]);
    expect(t.pairwise).toEqual([
      { a: 0, b: 1, aAhead: 2, tied: 0, bAhead: 1 },
      { a: 0, b: 2, aAhead: 2, tied: 0, bAhead: 1 },
      { a: 1, b: 2, aAhead: 1, tied: 1, bAhead: 1 },
    ]);
    expect(t.patterns).toEqual({ '4,4,3': 1 });
    // Each position's block score times T (the N-player meta's bootstrap units): A 2·3 + 1, B 0 + 1, C 0 + 1.
    expect(acc.toJSON().multi!.tables[0].scores).toEqual({ '7,1,1': 1 });
    expect(t.seats.map((s) => s.wins)).toEqual([1, 1, 0]);
    expect([t.draws.count, t.roundLimit.count, t.ends.victory, t.ends.drawByLimit]).toEqual([1, 1, 2, 1]);
    expect(m.players.map((p) => [p.name, p.n, p.wins, p.draws])).toEqual([
      ['A', 3, 2, 1],
      ['B', 3, 0, 1],
      ['C', 3, 0, 1],
    ]);
    // The two-player figures stay empty.
    expect(acc.summarize().pairings).toEqual([]);
  });

  it('kills and damage by opponent follow the players through the rotation, per match', () => {
    // Game 0 seats A, B, C; game 1 C, A, B. A kills B in game 0 and C in game 1; A deals 4 to
    // B and 2 to C in game 0, 3 to C in game 1; C deals 5 to A in game 1.
    const games: Game[] = [
      { ...BLOCK[0], kills: [1, 0, 0], dealtTo: [[0, 4, 2], [0, 0, 0], [0, 0, 0]] },
      { ...BLOCK[1], kills: [0, 1, 0], dealtTo: [[0, 5, 0], [3, 0, 0], [0, 0, 0]] },
      BLOCK[2],
    ];
    const acc = new SummaryAccumulator(exp(3));
    acc.add(records(games), 3);
    const t = acc.summarize().multi!.tables[0];
    expect(t.players.map((p) => p.kills.mean)).toEqual([2 / 3, 0, 0]);
    expect(t.players.map((p) => p.dealtTo)).toEqual([
      [['B', 4 / 3], ['C', 5 / 3]],
      [['A', 0], ['C', 0]],
      [['A', 5 / 3], ['B', 0]],
    ]);
  });

  it('two teams of two: partners, team shares, cross-team pairs only', () => {
    // Seats 0+2 against 1+3; A and C partners, B and D partners; the block's four games.
    const teams = [0, 1, 0, 1];
    const games: Game[] = [
      { seats: [0, 1, 2, 3], teams, winner: 0, out: [0, 8, 0, 9], game: 0 },
      { seats: [1, 0, 3, 2], teams, winner: 1, out: [6, 0, 7, 0], game: 1 },
      { seats: [2, 3, 0, 1], teams, winner: 1, out: [5, 0, 5, 0], game: 2 },
      { seats: [3, 2, 1, 0], teams, winner: -1, out: [0, 0, 0, 0], game: 3 },
    ];
    const acc = new SummaryAccumulator(exp(4));
    acc.add(records(games), 4);
    const t = acc.summarize().multi!.tables[0];
    expect([t.teams, t.even, t.key]).toEqual([2, 0.5, 'A + C vs B + D']);
    expect(t.players.map((p) => [p.name, p.partners, p.wins])).toEqual([
      ['A', ['C'], 2],
      ['B', ['D'], 1],
      ['C', ['A'], 2],
      ['D', ['B'], 1],
    ]);
    expect(t.teamShares.map((s) => [s.members, s.winShare.value])).toEqual([
      [['A', 'C'], 0.5],
      [['B', 'D'], 0.25],
    ]);
    expect(t.pairwise.map((p) => [names[p.a], names[p.b]])).toEqual([
      ['A', 'B'],
      ['A', 'D'],
      ['B', 'C'],
      ['C', 'D'],
    ]);
    // A ahead of B in games 0-1 (A's team won game 0; in game 1 A in seat 1 won), behind in game 2, tied in game 3.
    expect(t.pairwise[0]).toEqual({ a: 0, b: 1, aAhead: 2, tied: 1, bAhead: 1 });
    expect(t.seats.map((s) => s.wins)).toEqual([1, 2, 1, 2]);
  });
});

describe('N-player summary: merging', () => {
  // Three blocks, games shuffled, split at every point into two shards.
  const shift = (g: Game, block: number): Game => ({ ...g, block });
  const games = [0, 1, 2].flatMap((b) => BLOCK.map((g) => shift(g, b)));
  const order = [4, 0, 8, 2, 6, 1, 7, 3, 5];
  const shuffled = records(order.map((i) => games[i]));
  const whole = new SummaryAccumulator(exp(3));
  whole.add(shuffled, 9);
  it.each(Array.from({ length: 10 }, (_, k) => k))('split after %i records merges to the whole, exactly', (k) => {
    const a = new SummaryAccumulator(exp(3));
    const b = new SummaryAccumulator(exp(3));
    a.add(shuffled.slice(0, k * RECORD_INTS), k);
    b.add(shuffled.slice(k * RECORD_INTS), 9 - k);
    const merged = SummaryAccumulator.fromJSON(JSON.parse(JSON.stringify(a.toJSON()))).merge(SummaryAccumulator.fromJSON(b.toJSON()));
    expect(merged.toJSON()).toEqual(whole.toJSON());
    expect(merged.summarize()).toEqual(whole.summarize());
  });
  it('a game seen twice is refused', () => {
    const acc = new SummaryAccumulator(exp(3));
    acc.add(records([BLOCK[0]]), 1);
    expect(() => acc.add(records([BLOCK[0]]), 1)).toThrow(/seen twice/);
  });
  it('pending blocks count as clusters of their games so far', () => {
    const acc = new SummaryAccumulator(exp(3));
    acc.add(records([...BLOCK, shift(BLOCK[0], 1)]), 4);
    const t = acc.summarize().multi!.tables[0];
    expect([t.n, t.blocks, t.players[0].winShare.clusters]).toEqual([4, 1, 2]);
  });
});

describe('ratings from pairwise finishes', () => {
  it('the point fit equals the two-player fit on the same pairwise counts, and the bootstrap redraws blocks', () => {
    const games = Array.from({ length: 12 }, (_, b) => BLOCK.map((g) => ({ ...g, block: b, winner: b % 3 === 2 && g.game === 0 ? -1 : g.winner }))).flat();
    const acc = new SummaryAccumulator(exp(3));
    acc.add(records(games), games.length);
    const m = acc.summarize().multi!;
    const r = fitMultiRatings(m, names.slice(0, 3), { seed: 'x', resamples: 200 });
    const pw = m.tables[0].pairwise;
    const plain = fitRatings(
      pw.map((p) => ({ a: p.a, b: p.b, counts: [0, 0, 0, 0, 0], wins: p.aAhead, draws: p.tied, losses: p.bAhead })),
      3,
      { resamples: 0 },
    );
    r.players.forEach((p, i) => expect(p.elo).toBeCloseTo(plain.players[i].elo, 9));
    expect(r.players[0].elo).toBe(0);
    expect(r.players[1].elo).toBeLessThan(0);
    expect(r.notes.join(' ')).toMatch(/rotation blocks/);
    // The same seed gives the same intervals.
    expect(fitMultiRatings(m, names.slice(0, 3), { seed: 'x', resamples: 200 })).toEqual(r);
  });
});
