/**
 * The automatic-balancing search (docs/autobalance.md): which card statistics to change, and
 * by how much, so that the designer's matchups score their targets, with as few changes as
 * possible. Pure: it knows levers, targets and an evaluator that plays settings; the run
 * layer (src/run/autobalance.ts) supplies an evaluator that plays them as table variants.
 *
 * Why this search:
 * - Rounds on shared seeds. Every round plays a pool of candidate settings on one fresh block
 *   of seeds (common random numbers): one worker-pool run serves the whole pool, and the
 *   luck of a block hits every candidate alike, so their order is sharper than their
 *   separate intervals suggest.
 * - Successive halving with refill (racing). After each round the candidates are ranked; the
 *   better half plays again next round (its evidence accumulates), the rest of the pool is
 *   refilled with new candidates. A candidate that keeps its place keeps earning matches; one
 *   whose interval leaves the target band is dropped.
 * - Smallest change first. A candidate whose interval still reaches the band ranks by its
 *   cost (levers moved, then steps moved) before its distance to the target, so the search
 *   spends its matches on the cheapest settings that may meet the target, and the ranking
 *   that goes to verification prefers fewer, smaller changes among those that met it.
 * - A model proposes. New candidates come from a smooth model of every matchup's score fitted
 *   to all candidates measured so far (logit of the score, linear and quadratic in each
 *   lever's steps, additive across levers: the 1-tuple statistics of NTBEA, smoothed): among
 *   the settings of at most `maxChanges` moved levers it picks the cheapest predicted in
 *   band, the best predicted, and moves of one step around the best measured candidate, which
 *   corrects what the additive model misses (interactions).
 * - Deterministic. Nothing is drawn at random here: ties fall to the settings' order, and the
 *   evaluator's seeds come from the master seed and the round, so a search replays exactly.
 */
import { solve } from './linalg.js';
import { Z95 } from './stats.js';

/** A statistic the search may change: values base + k·step inside [min, max]. */
export interface Lever {
  card: string;
  field: string;
  min: number;
  max: number;
  step: number;
  /** The value in the content (with the experiment's own changes). */
  base: number;
}

/** A setting: for each lever, its move in steps from the base value (0: unchanged). */
export type Setting = readonly number[];

/** The lowest and highest step of a lever (k with min ≤ base + k·step ≤ max). */
export function stepRange(l: Lever): { lo: number; hi: number } {
  const eps = 1e-9;
  return { lo: -Math.floor((l.base - l.min) / l.step + eps) || 0, hi: Math.floor((l.max - l.base) / l.step + eps) };
}

/** A lever's value at step k, rounded to the step's decimals (0.1 steps give 0.3, not 0.30000000000000004). */
export function leverValue(l: Lever, k: number): number {
  const decimals = Math.min(10, (String(l.step).split('.')[1] ?? '').length + (String(l.base).split('.')[1] ?? '').length);
  return Number((l.base + k * l.step).toFixed(decimals));
}

/** Key of a setting (its steps, comma-separated). */
export const settingKey = (s: Setting): string => s.join(',');

/** What a setting costs a designer: levers moved, then steps moved in all. */
export function settingCost(s: Setting): { moved: number; steps: number } {
  let moved = 0;
  let steps = 0;
  for (const k of s) if (k !== 0) (moved++, (steps += Math.abs(k)));
  return { moved, steps };
}

/** The card changes of a setting (moved levers only), as an experiment's `changes:` entries. */
export function settingChanges(levers: readonly Lever[], s: Setting): { card: string; field: string; value: number; from: number }[] {
  return levers.flatMap((l, i) => (s[i] === 0 ? [] : [{ card: l.card, field: l.field, value: leverValue(l, s[i]), from: l.base }]));
}

/**
 * Plays settings: for each setting, each matchup's per-pair score of its first side (the
 * mean of the pair's two games, 0..1), `pairs` pairs per matchup, as one array
 * `[matchup * pairs + pair]`. Every setting of one call must be played on the same seeds.
 */
export type Evaluator = (settings: Setting[], round: number, pairs: number) => Promise<Float64Array[]>;

export interface SearchOptions {
  levers: Lever[];
  /** The target score of each matchup's first side. */
  targets: number[];
  /** A matchup meets its target when its score lies within target ± band. */
  band: number;
  /** Matches the search may play in all (2 games per pair, per matchup, per candidate). */
  budget: number;
  /** Pairs each candidate plays per matchup in a round (the round's seed block). */
  pairsPerRound: number;
  /** Candidates per round after the first (which plays the baseline and every single-lever move). */
  pool: number;
  /** Most levers one proposal moves. */
  maxChanges: number;
  /** Called after each round (progress lines). */
  onRound?: (r: SearchRound) => void;
}

/** One candidate's accumulated evidence and estimate. */
export interface CandidateRecord {
  key: string;
  setting: number[];
  moved: number;
  steps: number;
  /** Pairs played per matchup, and the round it entered. */
  pairs: number;
  entered: number;
  sum: number[];
  sumSq: number[];
  /** Per matchup: mean pair score and its standard error. */
  mean: number[];
  se: number[];
  /** Largest distance to a target (point estimate), and its optimistic and pessimistic bounds. */
  loss: number;
  lcb: number;
  ucb: number;
}

/** What a round played and where the search stood after it (the search path). */
export interface SearchRound {
  round: number;
  /** Matches played in the round and in all so far. */
  matches: number;
  matchesSoFar: number;
  /** The candidates played (keys), and the leader after the round. */
  played: string[];
  leader: string;
  /** Every played candidate's estimate after the round (a copy). */
  estimates: { key: string; moved: number; steps: number; pairs: number; mean: number[]; se: number[]; loss: number; fresh: boolean }[];
}

export interface SearchResult {
  candidates: CandidateRecord[];
  /** Candidates in the order verification should take them (see `finalRanking`). */
  ranking: CandidateRecord[];
  rounds: SearchRound[];
  matches: number;
  /** Why it stopped: the budget, or a candidate confidently in band with nothing cheaper plausible. */
  stopped: 'budget' | 'confident';
}

const clampP = (p: number) => Math.min(0.98, Math.max(0.02, p));
const logit = (p: number) => Math.log(clampP(p) / (1 - clampP(p)));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

/** Recompute a record's estimate from its sums. */
function estimate(c: CandidateRecord, targets: readonly number[]): void {
  let loss = 0;
  let lcb = 0;
  let ucb = 0;
  for (let m = 0; m < targets.length; m++) {
    const n = c.pairs;
    const mean = n > 0 ? c.sum[m] / n : NaN;
    // Per-pair variance, floored at that of a fair coin's pair (1/8) over a few pairs: a short
    // run of identical pairs must not look certain.
    const v = n > 1 ? Math.max(0, (c.sumSq[m] - n * mean * mean) / (n - 1)) : 0.125;
    const se = Math.sqrt(Math.max(v, 0.125 / Math.max(1, Math.sqrt(n))) / Math.max(1, n));
    c.mean[m] = mean;
    c.se[m] = se;
    const d = Math.abs(mean - targets[m]);
    loss = Math.max(loss, d);
    lcb = Math.max(lcb, Math.max(0, d - Z95 * se));
    ucb = Math.max(ucb, d + Z95 * se);
  }
  c.loss = loss;
  c.lcb = lcb;
  c.ucb = ucb;
}

/** Compare keys lexicographically. */
function byKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * The order in which candidates keep their place in the pool: those whose interval still
 * reaches the band (lcb ≤ band) by cost, then distance; then the rest by distance.
 */
export function poolRanking(cs: readonly CandidateRecord[], band: number): CandidateRecord[] {
  const key = (c: CandidateRecord) => (c.lcb <= band ? [0, c.moved, c.steps, c.loss] : [1, c.loss, c.moved, c.steps]);
  return [...cs].sort((a, b) => byKeys(key(a), key(b)) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The order proposals go to verification: candidates measured over at least `minPairs` pairs
 * whose estimate lies within the band, by cost then distance; then every other candidate by
 * distance (the closest the search came, when nothing met the band).
 */
export function finalRanking(cs: readonly CandidateRecord[], band: number, minPairs: number): CandidateRecord[] {
  const met = (c: CandidateRecord) => c.pairs >= minPairs && c.loss <= band;
  const key = (c: CandidateRecord) => (met(c) ? [0, c.moved, c.steps, c.loss] : [1, c.pairs >= minPairs ? 0 : 1, c.loss, c.moved]);
  return [...cs].sort((a, b) => byKeys(key(a), key(b)) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The search's model of a matchup's score: logit(score) = a + Σ_l (b_l·k_l + c_l·k_l²),
 * fitted by weighted least squares (weights: pairs) to every measured candidate, with a small
 * ridge so a lever measured at one value only still gives a fit. Returns the coefficients
 * [a, b_0, c_0, b_1, c_1, ...], or null when the system is singular.
 */
export function fitModel(cs: readonly CandidateRecord[], m: number, levers: number): number[] | null {
  const p = 1 + 2 * levers;
  const A = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const y = new Array<number>(p).fill(0);
  const x = new Array<number>(p);
  for (const c of cs) {
    if (!(c.pairs > 0)) continue;
    x[0] = 1;
    for (let l = 0; l < levers; l++) ((x[1 + 2 * l] = c.setting[l]), (x[2 + 2 * l] = c.setting[l] * c.setting[l]));
    const w = c.pairs;
    const t = logit(c.mean[m]);
    for (let i = 0; i < p; i++) {
      y[i] += w * x[i] * t;
      for (let j = 0; j < p; j++) A[i][j] += w * x[i] * x[j];
    }
  }
  for (let i = 1; i < p; i++) A[i][i] += 1; // ridge: one pair's worth of pull towards no effect
  return solve(A, y);
}

/** The model's predicted score of a setting for one matchup. */
export function predict(coef: readonly number[], s: Setting): number {
  let v = coef[0];
  for (let l = 0; l < s.length; l++) v += coef[1 + 2 * l] * s[l] + coef[2 + 2 * l] * s[l] * s[l];
  return expit(v);
}

/**
 * Every setting that moves at most `maxChanges` levers, cheapest first (at most `cap`: with
 * many levers the search then looks at fewer moved levers at once).
 */
export function enumerateSettings(levers: readonly Lever[], maxChanges: number, cap = 200_000): number[][] {
  const ranges = levers.map(stepRange);
  const moves = ranges.map((r) => {
    const out: number[] = [];
    for (let k = r.lo; k <= r.hi; k++) if (k !== 0) out.push(k);
    return out;
  });
  const out: number[][] = [];
  const cur = new Array<number>(levers.length).fill(0);
  for (let c = 0; c <= maxChanges && out.length < cap; c++) {
    const go = (from: number, left: number) => {
      if (out.length >= cap) return;
      if (left === 0) return void out.push(cur.slice());
      for (let l = from; l < levers.length; l++)
        for (const k of moves[l]) {
          cur[l] = k;
          go(l + 1, left - 1);
          cur[l] = 0;
        }
    };
    go(0, c);
  }
  return out;
}

/** The settings one step away from `s`: each lever one step up or down (inside its range), or back to its base. */
export function neighbours(levers: readonly Lever[], s: Setting, maxChanges: number): number[][] {
  const out: number[][] = [];
  const moved = settingCost(s).moved;
  levers.forEach((l, i) => {
    const r = stepRange(l);
    for (const k of new Set([s[i] - 1, s[i] + 1, 0])) {
      if (k === s[i] || k < r.lo || k > r.hi) continue;
      if (s[i] === 0 && moved >= maxChanges) continue;
      const n = s.slice();
      n[i] = k;
      out.push(n);
    }
  });
  return out;
}

/**
 * Run the search. The first round plays the baseline and every single-lever move; each later
 * round plays the better half of the last pool again plus new candidates (see the header),
 * until the next round would overrun the budget, or the leader is confidently in band
 * (its pessimistic distance within the band) and no cheaper candidate may still be.
 */
export async function searchBalance(o: SearchOptions, evaluate: Evaluator): Promise<SearchResult> {
  const M = o.targets.length;
  const all = new Map<string, CandidateRecord>();
  const record = (s: number[], round: number): CandidateRecord => {
    const key = settingKey(s);
    let c = all.get(key);
    if (!c) {
      const cost = settingCost(s);
      c = { key, setting: s, ...cost, pairs: 0, entered: round, sum: new Array(M).fill(0), sumSq: new Array(M).fill(0), mean: new Array(M).fill(NaN), se: new Array(M).fill(NaN), loss: Infinity, lcb: Infinity, ucb: Infinity };
      all.set(key, c);
    }
    return c;
  };
  const space = enumerateSettings(o.levers, o.maxChanges);
  const perCandidate = 2 * M * o.pairsPerRound;
  let pool: number[][] = enumerateSettings(o.levers, 1);
  const rounds: SearchRound[] = [];
  let spent = 0;
  let stopped: SearchResult['stopped'] = 'budget';
  for (let round = 0; ; round++) {
    // A round too big for what is left of the budget plays its best-ranked part.
    const fits = Math.floor((o.budget - spent) / perCandidate);
    // (A remnant smaller than half a pool is not worth a round: its few candidates would learn little.)
    if (fits < Math.min(pool.length, Math.ceil(o.pool / 2))) break;
    if (pool.length > fits) pool = pool.slice(0, Math.max(1, fits));
    const played = pool.map((s) => record(s, round));
    const scores = await evaluate(pool, round, o.pairsPerRound);
    const fresh = new Set(played.filter((c) => c.pairs === 0).map((c) => c.key));
    played.forEach((c, i) => {
      const a = scores[i];
      for (let m = 0; m < M; m++)
        for (let k = 0; k < o.pairsPerRound; k++) {
          const v = a[m * o.pairsPerRound + k];
          c.sum[m] += v;
          c.sumSq[m] += v * v;
        }
      c.pairs += o.pairsPerRound;
      estimate(c, o.targets);
    });
    spent += played.length * perCandidate;
    const ranked = poolRanking(played, o.band);
    const measured = [...all.values()];
    const leaderAll = poolRanking(measured, o.band)[0];
    const r: SearchRound = {
      round,
      matches: played.length * perCandidate,
      matchesSoFar: spent,
      played: played.map((c) => c.key),
      leader: leaderAll.key,
      estimates: played.map((c) => ({ key: c.key, moved: c.moved, steps: c.steps, pairs: c.pairs, mean: c.mean.slice(), se: c.se.slice(), loss: c.loss, fresh: fresh.has(c.key) })),
    };
    rounds.push(r);
    o.onRound?.(r);
    // Stop once the leader is confidently in band and nothing cheaper may still be.
    if (leaderAll.ucb <= o.band && !measured.some((c) => c !== leaderAll && c.lcb <= o.band && byKeys([c.moved, c.steps], [leaderAll.moved, leaderAll.steps]) < 0)) {
      stopped = 'confident';
      break;
    }
    // Survivors: the better half of the pool, minus any whose interval has left the band once something is in it.
    const anyPlausible = ranked.some((c) => c.lcb <= o.band);
    const keep = Math.ceil(o.pool / 2);
    const survivors = ranked.filter((c) => !anyPlausible || c.lcb <= o.band).slice(0, keep);
    const next: number[][] = survivors.map((c) => c.setting);
    const taken = new Set(next.map(settingKey));
    const add = (s: number[]) => {
      const k = settingKey(s);
      if (next.length >= o.pool || taken.has(k) || all.has(k)) return false;
      taken.add(k);
      next.push(s);
      return true;
    };
    // Filled in turns from each list of proposals, so no one rule takes every new place.
    const lists = proposals(o, measured, space);
    for (let at = 0; next.length < o.pool && lists.some((l) => at < l.length); at++) for (const l of lists) if (at < l.length) add(l[at]);
    if (next.length === 0) break;
    pool = next;
  }
  const candidates = [...all.values()];
  return { candidates, ranking: finalRanking(candidates, o.band, 2 * o.pairsPerRound), rounds, matches: spent, stopped };
}

/**
 * New candidates, in three lists the pool fills from in turn: the cheapest settings the model
 * predicts in band; the settings it predicts closest to the targets; the neighbours of the
 * best measured candidates, best predicted first.
 */
function proposals(o: SearchOptions, measured: readonly CandidateRecord[], space: readonly number[][]): number[][][] {
  const M = o.targets.length;
  const coefs: number[][] = [];
  for (let m = 0; m < M; m++) {
    const c = fitModel(measured, m, o.levers.length);
    if (!c) return [[], [], []];
    coefs.push(c);
  }
  const predLoss = (s: Setting) => {
    let loss = 0;
    for (let m = 0; m < M; m++) loss = Math.max(loss, Math.abs(predict(coefs[m], s) - o.targets[m]));
    return loss;
  };
  const scored = space.map((s) => ({ s, loss: predLoss(s), ...settingCost(s) }));
  const cheapInBand = scored.filter((x) => x.loss <= o.band / 2).sort((a, b) => byKeys([a.moved, a.steps, a.loss], [b.moved, b.steps, b.loss]));
  const closest = [...scored].sort((a, b) => byKeys([a.loss, a.moved, a.steps], [b.loss, b.moved, b.steps]));
  const best = poolRanking(measured, o.band).slice(0, 3);
  const near = best
    .flatMap((c) => neighbours(o.levers, c.setting, o.maxChanges))
    .map((s) => ({ s, loss: predLoss(s), ...settingCost(s) }))
    .sort((a, b) => byKeys([a.loss, a.moved, a.steps], [b.loss, b.moved, b.steps]));
  return [cheapInBand.map((x) => x.s), closest.map((x) => x.s), near.map((x) => x.s)];
}
