/**
 * Outlier matches: the very short, the very long and the bloodiest, with their seeds, so a
 * designer can replay exactly those (`stareater match --experiment FILE --id N --log`).
 *
 * Why this shape: like the summary it must merge across chunks, workers and shards and give
 * the same answer whatever order matches arrive in. So it keeps integer histograms of match
 * length and of total damage (to place Tukey's fences, Q1 - 1.5 IQR and Q3 + 1.5 IQR, at
 * the end) and the K most extreme matches on each side, ordered by value and then by id, so
 * ties are broken the same way everywhere. A kept match is flagged as an outlier when it
 * lies beyond a fence.
 */
import { SOURCES, ST_DAMAGE_DEALT, STATUS_NAMES } from '../rules/state.js';
import { R_ID, R_ROUNDS, R_SEED, R_STATUS, R_WINNER, RECORD_INTS, SEAT_PLAYER, SEAT_STATS, STATUS_ADJUDICATED, recordSeats } from '../sim/record.js';

/** How many extreme matches are kept per kind. */
export const OUTLIERS_KEPT = 5;

export interface ExtremeMatch {
  id: number;
  seed: number;
  rounds: number;
  /** Damage dealt to capital ships by both ships together. */
  damage: number;
  /** Entrants in seat 0 and seat 1. */
  /** Experiment player by seat (two, or the 3-4 of an N-player match). */
  players: number[];
  /** Winning seat or -1. */
  winner: number;
  status: number;
}

export interface OutlierState {
  roundsHist: number[];
  damageHist: number[];
  shortest: ExtremeMatch[];
  longest: ExtremeMatch[];
  bloodiest: ExtremeMatch[];
}

type Order = (x: ExtremeMatch, y: ExtremeMatch) => number;
const BY_SHORT: Order = (x, y) => x.rounds - y.rounds || x.id - y.id;
const BY_LONG: Order = (x, y) => y.rounds - x.rounds || x.id - y.id;
const BY_DAMAGE: Order = (x, y) => y.damage - x.damage || x.id - y.id;

/** Whether `m` would enter `list` (it is short, or `m` comes before its last). */
function enters(list: ExtremeMatch[], m: ExtremeMatch, order: Order): boolean {
  return list.length < OUTLIERS_KEPT || order(m, list[list.length - 1]) < 0;
}

function keep(list: ExtremeMatch[], m: ExtremeMatch, order: Order): void {
  if (!enters(list, m, order)) return;
  list.push(m);
  list.sort(order);
  if (list.length > OUTLIERS_KEPT) list.pop();
}

function bump(hist: number[], v: number, by = 1): void {
  while (hist.length <= v) hist.push(0);
  hist[v] += by;
}

export class OutlierTracker {
  state: OutlierState = { roundsHist: [], damageHist: [], shortest: [], longest: [], bloodiest: [] };

  /** The match being folded: a copy is made only of one that enters a list (most do not). */
  private readonly probe: ExtremeMatch = { id: 0, seed: 0, rounds: 0, damage: 0, players: [0, 0], winner: 0, status: 0 };

  /** Fold `count` match records. */
  add(rec: Int32Array, count: number): void {
    const st = this.state;
    const m = this.probe;
    for (let i = 0; i < count; i++) {
      const o = i * RECORD_INTS;
      const seats = recordSeats(rec, o);
      let damage = 0;
      for (let seat = 0; seat < seats; seat++) for (let src = 0; src < SOURCES; src++) damage += rec[o + SEAT_STATS[seat] + ST_DAMAGE_DEALT + src];
      m.id = rec[o + R_ID];
      m.rounds = rec[o + R_ROUNDS];
      m.damage = damage;
      bump(st.roundsHist, m.rounds);
      bump(st.damageHist, damage);
      if (!enters(st.shortest, m, BY_SHORT) && !enters(st.longest, m, BY_LONG) && !enters(st.bloodiest, m, BY_DAMAGE)) continue;
      const kept: ExtremeMatch = {
        id: m.id,
        seed: rec[o + R_SEED] >>> 0,
        rounds: m.rounds,
        damage,
        players: Array.from({ length: seats }, (_, seat) => rec[o + SEAT_PLAYER[seat]]),
        winner: rec[o + R_WINNER],
        status: rec[o + R_STATUS],
      };
      keep(st.shortest, kept, BY_SHORT);
      keep(st.longest, kept, BY_LONG);
      keep(st.bloodiest, kept, BY_DAMAGE);
    }
  }

  /** Add another tracker's matches (another chunk or shard). */
  merge(other: OutlierState): void {
    other.roundsHist.forEach((c, v) => bump(this.state.roundsHist, v, c));
    other.damageHist.forEach((c, v) => bump(this.state.damageHist, v, c));
    for (const m of other.shortest) keep(this.state.shortest, m, BY_SHORT);
    for (const m of other.longest) keep(this.state.longest, m, BY_LONG);
    for (const m of other.bloodiest) keep(this.state.bloodiest, m, BY_DAMAGE);
  }

  toJSON(): OutlierState {
    return structuredClone(this.state);
  }

  static fromJSON(s: OutlierState): OutlierTracker {
    const t = new OutlierTracker();
    t.state = structuredClone(s);
    return t;
  }
}

/** Quantile q of a histogram (value = index), by the nearest-rank method. */
export function histogramQuantile(hist: readonly number[], q: number): number {
  const n = hist.reduce((a, b) => a + b, 0);
  if (!n) return NaN;
  const rank = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (let v = 0; v < hist.length; v++) {
    seen += hist[v];
    if (seen >= rank) return v;
  }
  return hist.length - 1;
}

/** Tukey's fences of a histogram: [Q1 - 1.5 IQR, Q3 + 1.5 IQR]. */
export function tukeyFences(hist: readonly number[]): { q1: number; median: number; q3: number; lower: number; upper: number } {
  const q1 = histogramQuantile(hist, 0.25);
  const q3 = histogramQuantile(hist, 0.75);
  return { q1, median: histogramQuantile(hist, 0.5), q3, lower: q1 - 1.5 * (q3 - q1), upper: q3 + 1.5 * (q3 - q1) };
}

export interface OutlierRow extends ExtremeMatch {
  kind: 'short' | 'long' | 'damage';
  /** Beyond the fence (an outlier), or only among the most extreme kept. */
  outlier: boolean;
  /** How the match ended, in words. */
  end: string;
}

export interface OutlierReport {
  n: number;
  rounds: ReturnType<typeof tukeyFences>;
  damage: ReturnType<typeof tukeyFences>;
  rows: OutlierRow[];
  /** Rows flagged as outliers. */
  flagged: number;
}

/** The kept extremes with their flags. */
export function outlierReport(s: OutlierState): OutlierReport {
  const rounds = tukeyFences(s.roundsHist);
  const damage = tukeyFences(s.damageHist);
  const end = (m: ExtremeMatch) => (m.status === STATUS_ADJUDICATED ? 'adjudicated' : (STATUS_NAMES[m.status] ?? String(m.status)));
  const rows: OutlierRow[] = [
    ...s.shortest.map((m) => ({ ...m, kind: 'short' as const, outlier: m.rounds < rounds.lower, end: end(m) })),
    ...s.longest.map((m) => ({ ...m, kind: 'long' as const, outlier: m.rounds > rounds.upper, end: end(m) })),
    ...s.bloodiest.map((m) => ({ ...m, kind: 'damage' as const, outlier: m.damage > damage.upper, end: end(m) })),
  ];
  return { n: s.roundsHist.reduce((a, b) => a + b, 0), rounds, damage, rows, flagged: rows.filter((r) => r.outlier).length };
}
