/**
 * Outlier matches (src/analysis/outliers.ts): nearest-rank quantiles and Tukey's fences of
 * small histograms worked by hand; the tracker keeping the OUTLIERS_KEPT shortest, longest
 * and bloodiest matches with ties broken by id; merging halves (any split, either order)
 * and a JSON round trip giving exactly the state of one tracker over everything; and the
 * report flagging exactly the kept matches beyond a fence.
 */
import { describe, expect, it } from 'vitest';
import {
  histogramQuantile,
  OUTLIERS_KEPT,
  OutlierTracker,
  outlierReport,
  tukeyFences,
  type ExtremeMatch,
  type OutlierState,
} from '../../src/analysis/outliers.ts';
import {
  SRC_COLLISION,
  SRC_CORVETTE,
  SRC_MAIN,
  STATUS_DRAW_LIMIT,
  STATUS_VICTORY,
  ST_COLLISION_DAMAGE_DEALT,
  ST_DAMAGE_DEALT,
  ST_SHOTS,
} from '../../src/rules/state.ts';
import { RECORD_INTS, STATUS_ADJUDICATED } from '../../src/sim/record.ts';
import { handRecords, reorder, slice, type HandRecord } from './records.ts';

describe('histogramQuantile (nearest rank)', () => {
  // hist [0,2,3,1,0,4]: values 1,1,2,2,2,3,5,5,5,5 (n = 10)
  const H = [0, 2, 3, 1, 0, 4];
  // histogram, q, expected
  const cases: [number[], number, number][] = [
    [H, 0, 1], // rank max(1, 0) = 1
    [H, 0.1, 1], // rank 1
    [H, 0.2, 1], // rank 2
    [H, 0.21, 2], // rank 3
    [H, 0.25, 2], // rank ceil(2.5) = 3
    [H, 0.5, 2], // rank 5
    [H, 0.6, 3], // rank 6
    [H, 0.61, 5], // rank 7
    [H, 0.75, 5], // rank ceil(7.5) = 8
    [H, 1, 5], // rank 10
    [[5], 0.25, 0],
    [[5], 1, 0],
    [[0, 3, 0, 0], 0.75, 1], // trailing empty bins are never reached
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 1], 0.25, 0], // values 0 and 9
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 1], 0.5, 0],
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 1], 0.75, 9],
    [[], 0.5, NaN],
    [[0, 0, 0], 0.5, NaN],
  ];
  it.each(cases)('%j at q = %d is %d', (hist, q, expected) => {
    expect(histogramQuantile(hist, q)).toBe(expected);
  });
});

describe('tukeyFences', () => {
  // histogram, [q1, median, q3, lower, upper]
  const cases: [number[], number[]][] = [
    [[0, 2, 3, 1, 0, 4], [2, 2, 5, -2.5, 9.5]], // IQR 3
    [[0, 0, 0, 7], [3, 3, 3, 3, 3]], // one value: IQR 0
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 9, -13.5, 22.5]],
    [[0, 1, 1, 1, 1], [1, 2, 3, -2, 6]], // 1 2 3 4: ranks 1, 2, 3; IQR 2
    [[], [NaN, NaN, NaN, NaN, NaN]],
  ];
  it.each(cases)('%j', (hist, [q1, median, q3, lower, upper]) => {
    expect(tukeyFences(hist)).toEqual({ q1, median, q3, lower, upper });
  });
});

// ---------------------------------------------------------------------------------------
// The tracker

/** A match with its damage split over both seats and several sources, plus stats that are not damage dealt. */
function rec(id: number, rounds: number, damage: number, extra: Partial<HandRecord> = {}): HandRecord {
  const half = Math.floor(damage / 2);
  return {
    id,
    pair: id >> 1,
    game: id & 1,
    seed: 5000 + id,
    p0: id % 3,
    p1: (id + 1) % 3,
    rounds,
    winner: id % 2,
    status: STATUS_VICTORY,
    s0: { [ST_DAMAGE_DEALT + SRC_MAIN]: half, [ST_SHOTS + SRC_MAIN]: 9, [ST_COLLISION_DAMAGE_DEALT]: 4 },
    s1: { [ST_DAMAGE_DEALT + SRC_CORVETTE + 7]: damage - half - (damage > 2 ? 1 : 0), [ST_DAMAGE_DEALT + SRC_COLLISION]: damage > 2 ? 1 : 0, [ST_SHOTS + 11]: 3 },
    ...extra,
  };
}
const match = (r: HandRecord, damage: number): ExtremeMatch => ({
  id: r.id!,
  seed: r.seed!,
  rounds: r.rounds!,
  damage,
  players: [r.p0, r.p1],
  winner: r.winner!,
  status: r.status!,
});

// [id, rounds, damage], in insertion order (ids out of order so ties need the id rule)
const TIES: [number, number, number][] = [
  [13, 9, 7],
  [10, 5, 3],
  [3, 5, 7],
  [7, 2, 7],
  [1, 9, 0],
  [12, 5, 7],
  [4, 9, 2],
  [0, 5, 1],
  [8, 9, 7],
  [5, 3, 4],
  [2, 9, 5],
  [6, 7, 6],
  [9, 9, 7],
  [11, 1, 2],
];
const TIE_ROWS = TIES.map(([id, r, d]) => rec(id, r, d));
const TIE_RECORDS = handRecords(TIE_ROWS);
const byId = (id: number) => {
  const i = TIES.findIndex((t) => t[0] === id);
  return match(TIE_ROWS[i], TIES[i][2]);
};

/** The state of one tracker over all TIE records, worked by hand. */
const TIE_STATE: OutlierState = {
  // rounds 1, 2, 3 once; 5 four times; 7 once; 9 six times
  roundsHist: [0, 1, 1, 1, 0, 4, 0, 1, 0, 6],
  // damage 0, 1 once; 2 twice; 3, 4, 5, 6 once; 7 six times
  damageHist: [1, 1, 2, 1, 1, 1, 1, 6],
  shortest: [11, 7, 5, 0, 3].map(byId), // rounds 1, 2, 3, then ids 0 and 3 of the four 5s
  longest: [1, 2, 4, 8, 9].map(byId), // the five lowest ids of the six 9s (13 dropped)
  bloodiest: [3, 7, 8, 9, 12].map(byId), // the five lowest ids of the six 7s (13 dropped)
};

function tracker(records: Int32Array, count: number): OutlierTracker {
  const t = new OutlierTracker();
  t.add(records, count);
  return t;
}
const rowsOf = (chunk: Int32Array) => chunk.length / RECORD_INTS;

describe('OutlierTracker', () => {
  it(`keeps ${OUTLIERS_KEPT} of each kind`, () => {
    expect(OUTLIERS_KEPT).toBe(5);
  });

  it('keeps the shortest, longest and bloodiest, ties broken by id', () => {
    const t = tracker(TIE_RECORDS, TIES.length);
    expect(t.toJSON()).toEqual(TIE_STATE);
  });

  it('reads every field of a row: seed as uint32, seats, winner, status; damage over both seats and all sources only', () => {
    const t = new OutlierTracker();
    const row = rec(42, 6, 11, { seed: -5, p0: 3, p1: 8, winner: -1, status: STATUS_DRAW_LIMIT });
    t.add(handRecords([row]), 1);
    const m = { id: 42, seed: 4294967291, rounds: 6, damage: 11, players: [3, 8], winner: -1, status: STATUS_DRAW_LIMIT };
    expect(t.toJSON()).toEqual({ roundsHist: [0, 0, 0, 0, 0, 0, 1], damageHist: [...new Array(11).fill(0), 1], shortest: [m], longest: [m], bloodiest: [m] });
  });

  it('folds only the first `count` rows of a chunk', () => {
    const t = tracker(TIE_RECORDS, 3); // ids 13, 10, 3
    expect(t.toJSON()).toEqual({
      roundsHist: [0, 0, 0, 0, 0, 2, 0, 0, 0, 1],
      damageHist: [0, 0, 0, 1, 0, 0, 0, 2],
      shortest: [3, 10, 13].map(byId),
      longest: [13, 3, 10].map(byId),
      bloodiest: [3, 13, 10].map(byId),
    });
  });

  it('does not depend on the order records arrive in', () => {
    const orders = [
      TIES.map((_, i) => TIES.length - 1 - i),
      TIES.map((_, i) => (i * 5) % TIES.length), // 5 is coprime to 14
      TIES.map((_, i) => i).sort((a, b) => TIES[a][0] - TIES[b][0]),
    ];
    for (const order of orders) expect(tracker(reorder(TIE_RECORDS, order), TIES.length).toJSON()).toEqual(TIE_STATE);
  });

  it.each(Array.from({ length: TIES.length + 1 }, (_, k) => k))('merging the halves split at row %i, in either order, is one tracker over all', (k) => {
    const first = () => tracker(slice(TIE_RECORDS, 0, k), k);
    const second = () => tracker(slice(TIE_RECORDS, k, TIES.length), TIES.length - k);
    const ab = first();
    ab.merge(second().toJSON());
    const ba = second();
    ba.merge(first().toJSON());
    expect(ab.toJSON()).toEqual(TIE_STATE);
    expect(ba.toJSON()).toEqual(TIE_STATE);
  });

  it('merging three chunks in every order is one tracker over all', () => {
    const chunks = [slice(TIE_RECORDS, 0, 4), slice(TIE_RECORDS, 4, 9), slice(TIE_RECORDS, 9, 14)].map((c) => tracker(c, rowsOf(c)).toJSON());
    const perms = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const [a, b, c] of perms) {
      const t = OutlierTracker.fromJSON(chunks[a]);
      t.merge(chunks[b]);
      t.merge(chunks[c]);
      expect(t.toJSON()).toEqual(TIE_STATE);
      // The same into an empty tracker.
      const e = new OutlierTracker();
      for (const i of [a, b, c]) e.merge(chunks[i]);
      expect(e.toJSON()).toEqual(TIE_STATE);
    }
  });

  it('merging does not change the merged-in state', () => {
    const other = tracker(slice(TIE_RECORDS, 7, 14), 7);
    const before = other.toJSON();
    const t = tracker(slice(TIE_RECORDS, 0, 7), 7);
    t.merge(other.state);
    expect(other.toJSON()).toEqual(before);
  });

  it('toJSON / fromJSON round trips through JSON text, and the copy carries on like the original', () => {
    const t = tracker(slice(TIE_RECORDS, 0, 8), 8);
    const text = JSON.stringify(t.toJSON());
    const back = OutlierTracker.fromJSON(JSON.parse(text) as OutlierState);
    expect(back.toJSON()).toEqual(t.toJSON());
    expect(JSON.stringify(back.toJSON())).toBe(text);
    back.add(slice(TIE_RECORDS, 8, 14), 6);
    expect(back.toJSON()).toEqual(TIE_STATE);
    // toJSON is a copy: changing it leaves the tracker as it was.
    const snap = t.toJSON();
    snap.shortest.pop();
    snap.roundsHist[9] = 99;
    expect(t.toJSON()).toEqual(JSON.parse(text));
  });
});

// ---------------------------------------------------------------------------------------
// The report

describe('outlierReport', () => {
  // 20 matches, id i: rounds R[i]; damage D[(7 i) mod 20] (7 is coprime to 20, so each once).
  const R = [1, 4, 6, 8, 9, 9, 9, 10, 10, 10, 10, 10, 11, 11, 11, 12, 12, 14, 20, 30];
  const D = [0, 0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 9, 15, 40];
  const rows = R.map((r, i) => {
    const extra: Partial<HandRecord> = i === 0 ? { status: STATUS_ADJUDICATED, winner: 1 } : i === 19 ? { status: STATUS_DRAW_LIMIT, winner: -1 } : {};
    return rec(i, r, D[(7 * i) % 20], extra);
  });
  const t = new OutlierTracker();
  // Fed in two chunks, the second first.
  const all = handRecords(rows);
  t.add(slice(all, 10, 20), 10);
  t.add(slice(all, 0, 10), 10);
  const report = outlierReport(t.toJSON());

  it('places the fences by hand', () => {
    expect(report.n).toBe(20);
    // rounds: ranks 5, 10, 15 are 9, 10, 11; IQR 2
    expect(report.rounds).toEqual({ q1: 9, median: 10, q3: 11, lower: 6, upper: 14 });
    // damage: ranks 5, 10, 15 are 2, 4, 5; IQR 3
    expect(report.damage).toEqual({ q1: 2, median: 4, q3: 5, lower: -2.5, upper: 9.5 });
  });

  it('flags exactly the kept matches strictly beyond a fence', () => {
    // kind, id, value, outlier, end
    const expected: [string, number, number, boolean, string][] = [
      ['short', 0, 1, true, 'adjudicated'],
      ['short', 1, 4, true, 'victory'],
      ['short', 2, 6, false, 'victory'], // on the lower fence: not beyond it
      ['short', 3, 8, false, 'victory'],
      ['short', 4, 9, false, 'victory'], // lowest id of the three 9s
      ['long', 19, 30, true, 'draw-by-limit'],
      ['long', 18, 20, true, 'victory'],
      ['long', 17, 14, false, 'victory'], // on the upper fence
      ['long', 15, 12, false, 'victory'],
      ['long', 16, 12, false, 'victory'],
      ['damage', 17, 40, true, 'victory'],
      ['damage', 14, 15, true, 'victory'],
      ['damage', 11, 9, false, 'victory'], // below 9.5
      ['damage', 5, 6, false, 'victory'],
      ['damage', 8, 6, false, 'victory'],
    ];
    expect(report.rows.map((r) => [r.kind, r.id, r.kind === 'damage' ? r.damage : r.rounds, r.outlier, r.end])).toEqual(expected);
    expect(report.flagged).toBe(6);
    const m17 = report.rows.find((r) => r.kind === 'damage' && r.id === 17)!;
    expect(m17).toEqual({ ...match(rows[17], 40), kind: 'damage', outlier: true, end: 'victory' });
  });

  it('flags nothing when every match is alike', () => {
    const same = new OutlierTracker();
    same.add(handRecords([0, 1, 2, 3, 4, 5, 6].map((i) => rec(i, 8, 4))), 7);
    const r = outlierReport(same.toJSON());
    expect(r.rounds).toEqual({ q1: 8, median: 8, q3: 8, lower: 8, upper: 8 });
    expect(r.rows.map((x) => [x.kind, x.id])).toEqual([
      ...[0, 1, 2, 3, 4].map((id) => ['short', id]),
      ...[0, 1, 2, 3, 4].map((id) => ['long', id]),
      ...[0, 1, 2, 3, 4].map((id) => ['damage', id]),
    ]);
    expect(r.flagged).toBe(0);
  });

  it('an empty state: no rows, NaN fences', () => {
    const r = outlierReport(new OutlierTracker().toJSON());
    expect(r).toEqual({
      n: 0,
      rounds: { q1: NaN, median: NaN, q3: NaN, lower: NaN, upper: NaN },
      damage: { q1: NaN, median: NaN, q3: NaN, lower: NaN, upper: NaN },
      rows: [],
      flagged: 0,
    });
  });
});
