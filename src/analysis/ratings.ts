/**
 * Ratings for all entrants of an experiment: a Bradley-Terry fit by minorization-
 * maximization, on the Elo scale, anchored to one entrant, with 95% intervals from a
 * bootstrap over pairs (formulas and sources in docs/statistics.md).
 *
 * Model: entrant i has strength γᵢ > 0 and scores against j with probability
 * γᵢ / (γᵢ + γⱼ) per game (R. A. Bradley and M. E. Terry, Biometrika 39 (1952) 324–345).
 * On the Elo scale Rᵢ = 400·log10(γᵢ), that is the logistic expectation
 * 1 / (1 + 10^(−(Rᵢ − Rⱼ)/400)) the rest of the lab uses. A draw counts as half a win for
 * each side (the score model: a game is worth 1, ½ or 0), so the data of a pairing are
 * A's points wᵢⱼ and the games nᵢⱼ. Only differences are identified; the output is
 * anchored so that one entrant (the first, unless named) has Elo 0, and says so.
 *
 * Fit: D. R. Hunter, "MM algorithms for generalized Bradley-Terry models", Ann. Statist. 32
 * (2004) 384–406, its MM update: γᵢ ← Wᵢ / Σⱼ nᵢⱼ/(γᵢ + γⱼ), Wᵢ = Σⱼ wᵢⱼ, every i at once from
 * the previous γ, then rescaled. Each step increases the likelihood; it converges to the
 * unique maximum when, for every split of the entrants in two groups, someone in each group
 * scored against someone in the other (Hunter's Assumption 1). When that fails (an entrant,
 * or a group, won or lost every game against the rest) the maximum is at infinity; then, and only then, one virtual
 * draw is added to every pairing that was played (a prior in the manner of R. Coulom's
 * BayesElo) and the fit says so (`prior: true`).
 *
 * Intervals: percentile bootstrap over pairs (B. Efron and R. Tibshirani, "An
 * Introduction to the Bootstrap", 1993, ch. 13). Each resample draws every pairing's pairs
 * anew from its observed pentanomial frequencies (a multinomial with the same number of
 * pairs), refits, and the interval is the 2.5th and 97.5th percentiles of each entrant's
 * refitted Elo. Resampling pairs, not games, keeps the correlation of a pair's two games.
 * Seeded (seedrandom): the same data and seed give the same intervals.
 *
 * Why the status fields: a bootstrap over one pair, or over pairs that all ended alike,
 * redraws the same data every time and gives a zero-width interval that reads as
 * precise; a rating held finite only by the virtual draws is a statement about the prior,
 * not the games. Each rating says which (`interval`, `priorBound`), and `top` says whether
 * the highest rated entrant is detectably ahead of the next (bootstrap of the difference),
 * so a report never headlines a tie or a prior.
 */
import seedrandom from 'seedrandom';
import type { Summary } from './summary.js';
import type { MultiSummary } from './summary-multi.js';

/** One pairing's results, from player a's view. */
export interface RatingPairing {
  a: number;
  b: number;
  /** a's pentanomial pair counts (pair scores 0, ½, 1, 1½, 2). */
  counts: readonly number[];
  /** a's wins, the draws, a's losses over all matches of the pairing. */
  wins: number;
  draws: number;
  losses: number;
}

/** The pairings of a Summary as ratings input (a < b, a's view). */
export function ratingPairings(summary: Summary): RatingPairing[] {
  return summary.pairings.map((p) => ({
    a: p.a,
    b: p.b,
    counts: p.pentanomial.counts.slice(),
    wins: p.players[0].wins,
    draws: p.players[0].draws,
    losses: p.players[0].losses,
  }));
}

/** Everything the ratings need of an experiment: its pairings, how many entrants, their names. */
export interface RatingInput {
  pairings: RatingPairing[];
  nPlayers: number;
  names: string[];
}

/** The ratings input of a Summary: its pairings (ratingPairings), entrants and names. */
export function ratingInput(summary: Summary): RatingInput {
  return { pairings: ratingPairings(summary), nPlayers: summary.players.length, names: summary.players.map((p) => p.name) };
}

/** Points and games of one unordered pairing (i < j), i's points. */
interface Edge {
  i: number;
  j: number;
  /** i's points. */
  w: number;
  /** Games. */
  n: number;
}

/**
 * What the fit uses of a pairing: its completed pairs when it has any (points = Σ count·pairScore,
 * games = 2·pairs, so the point fit and the pair bootstrap see the same data), otherwise
 * its matches (points = wins + draws/2, games = wins + draws + losses).
 */
function pairingData(p: RatingPairing): { w: number; n: number; pairs: number } {
  const pairs = p.counts.reduce((t, c) => t + c, 0);
  if (pairs > 0) {
    let w = 0;
    for (let k = 0; k < 5; k++) w += (p.counts[k] * k) / 2;
    return { w, n: 2 * pairs, pairs };
  }
  return { w: p.wins + p.draws / 2, n: p.wins + p.draws + p.losses, pairs: 0 };
}

/** Validate and merge pairings into edges (i < j, duplicates added). */
function edgesOf(nPlayers: number, pairings: readonly RatingPairing[], data: (p: RatingPairing, index: number) => { w: number; n: number }): Edge[] {
  const byKey = new Map<number, Edge>();
  pairings.forEach((p, index) => {
    if (!(Number.isInteger(p.a) && Number.isInteger(p.b) && p.a >= 0 && p.b >= 0 && p.a < nPlayers && p.b < nPlayers) || p.a === p.b)
      throw new RangeError(`pairing ${p.a} vs ${p.b} is not between two of the ${nPlayers} players`);
    const d = data(p, index);
    if (!(d.n > 0)) return;
    const i = Math.min(p.a, p.b);
    const j = Math.max(p.a, p.b);
    const w = p.a === i ? d.w : d.n - d.w;
    const key = i * nPlayers + j;
    const e = byKey.get(key);
    if (e) {
      e.w += w;
      e.n += d.n;
    } else byKey.set(key, { i, j, w, n: d.n });
  });
  return [...byKey.values()].sort((x, y) => x.i - y.i || x.j - y.j);
}

/** Connected components of the played-pairings graph (-1 for players without games). */
function components(nPlayers: number, edges: readonly Edge[]): number[] {
  const parent = Array.from({ length: nPlayers }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const played = new Array<boolean>(nPlayers).fill(false);
  for (const e of edges) {
    played[e.i] = played[e.j] = true;
    parent[find(e.i)] = find(e.j);
  }
  return parent.map((_, i) => (played[i] ? find(i) : -1));
}

/**
 * Hunter's Assumption 1 within each component: the directed graph "i scored against j"
 * (a draw scores both ways) is strongly connected on every connected component.
 */
function stronglyConnected(nPlayers: number, edges: readonly Edge[], comp: readonly number[]): boolean {
  const out: number[][] = Array.from({ length: nPlayers }, () => []);
  const inn: number[][] = Array.from({ length: nPlayers }, () => []);
  for (const e of edges) {
    if (e.w > 0) {
      out[e.i].push(e.j);
      inn[e.j].push(e.i);
    }
    if (e.n - e.w > 0) {
      out[e.j].push(e.i);
      inn[e.i].push(e.j);
    }
  }
  const reach = (start: number, adj: number[][]): Set<number> => {
    const seen = new Set<number>([start]);
    const stack = [start];
    while (stack.length) for (const v of adj[stack.pop()!]) if (!seen.has(v)) seen.add(v), stack.push(v);
    return seen;
  };
  const roots = new Set(comp.filter((c) => c >= 0));
  for (const r of roots) {
    const size = comp.filter((c) => c === r).length;
    const start = comp.indexOf(r);
    if (reach(start, out).size !== size || reach(start, inn).size !== size) return false;
  }
  return true;
}

/**
 * Strongly connected groups of "i scored against j" (draws count both ways): a label per
 * player (the lowest index of its group), -1 without games. Two entrants in different
 * groups have a rating difference that is infinite without the prior.
 */
function scoreGroups(nPlayers: number, edges: readonly Edge[], comp: readonly number[]): number[] {
  const out: number[][] = Array.from({ length: nPlayers }, () => []);
  const inn: number[][] = Array.from({ length: nPlayers }, () => []);
  for (const e of edges) {
    if (e.w > 0) out[e.i].push(e.j), inn[e.j].push(e.i);
    if (e.n - e.w > 0) out[e.j].push(e.i), inn[e.i].push(e.j);
  }
  const reach = (start: number, adj: number[][]): Set<number> => {
    const seen = new Set<number>([start]);
    const stack = [start];
    while (stack.length) for (const v of adj[stack.pop()!]) if (!seen.has(v)) seen.add(v), stack.push(v);
    return seen;
  };
  return comp.map((c, i) => {
    if (c < 0) return -1;
    const back = reach(i, inn);
    let label = i;
    for (const v of reach(i, out)) if (back.has(v)) label = Math.min(label, v);
    return label;
  });
}

/** Options of the Bradley-Terry fit. */
export interface BradleyTerryOptions {
  /** 'auto' (default): one virtual draw per played pairing only when the data leave the maximum at infinity; 'always'; 'never'. */
  prior?: 'auto' | 'always' | 'never';
  /** Stop when no ln γ moves more than this in one step (default 1e-10, i.e. below 2e-8 Elo). */
  tolerance?: number;
  /** Give up after this many steps (default 100000); `converged` then says false. */
  maxIterations?: number;
  /** Starting strengths (e.g. a previous fit), default all 1. */
  start?: readonly number[];
}

/** The maximum-likelihood strengths. */
export interface BradleyTerryFit {
  /** γ by player, each connected component rescaled to geometric mean 1; NaN for players without games. */
  gamma: number[];
  /** Connected component (a representative player) by player; -1 without games. */
  component: number[];
  /** Whether the virtual draws were added. */
  prior: boolean;
  iterations: number;
  converged: boolean;
}

function fitEdges(nPlayers: number, edgesIn: readonly Edge[], opts: BradleyTerryOptions): BradleyTerryFit {
  const comp = components(nPlayers, edgesIn);
  const mode = opts.prior ?? 'auto';
  const prior = mode === 'always' || (mode === 'auto' && !stronglyConnected(nPlayers, edgesIn, comp));
  const edges = prior ? edgesIn.map((e) => ({ ...e, w: e.w + 0.5, n: e.n + 1 })) : edgesIn;
  const tol = opts.tolerance ?? 1e-10;
  const maxIt = opts.maxIterations ?? 100000;
  const wins = new Float64Array(nPlayers);
  for (const e of edges) {
    wins[e.i] += e.w;
    wins[e.j] += e.n - e.w;
  }
  const g = new Float64Array(nPlayers);
  for (let i = 0; i < nPlayers; i++) g[i] = comp[i] >= 0 ? (opts.start && opts.start[i] > 0 ? opts.start[i] : 1) : NaN;
  const denom = new Float64Array(nPlayers);
  const next = new Float64Array(nPlayers);
  const logSum = new Map<number, { s: number; k: number }>();
  const rescale = (x: Float64Array) => {
    logSum.clear();
    for (let i = 0; i < nPlayers; i++) {
      if (comp[i] < 0) continue;
      const t = logSum.get(comp[i]) ?? { s: 0, k: 0 };
      t.s += Math.log(x[i]);
      t.k++;
      logSum.set(comp[i], t);
    }
    for (let i = 0; i < nPlayers; i++) if (comp[i] >= 0) x[i] /= Math.exp(logSum.get(comp[i])!.s / logSum.get(comp[i])!.k);
  };
  rescale(g);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIt) {
    iterations++;
    denom.fill(0);
    for (const e of edges) {
      const d = e.n / (g[e.i] + g[e.j]);
      denom[e.i] += d;
      denom[e.j] += d;
    }
    for (let i = 0; i < nPlayers; i++) next[i] = comp[i] >= 0 ? wins[i] / denom[i] : NaN;
    rescale(next);
    let delta = 0;
    for (let i = 0; i < nPlayers; i++) {
      if (comp[i] < 0) continue;
      const d = Math.abs(Math.log(next[i]) - Math.log(g[i]));
      if (!(d <= delta)) delta = d; // NaN (a zero strength) counts as not converged
      g[i] = next[i];
    }
    if (delta < tol) {
      converged = true;
      break;
    }
  }
  return { gamma: Array.from(g), component: comp, prior, iterations, converged };
}

/**
 * Fit the Bradley-Terry model to pairings (draws as half wins) by Hunter's MM algorithm.
 * Pairings with completed pairs contribute their pairs (2 games each), others their matches.
 */
export function bradleyTerry(nPlayers: number, pairings: readonly RatingPairing[], opts: BradleyTerryOptions = {}): BradleyTerryFit {
  return fitEdges(nPlayers, edgesOf(nPlayers, pairings, pairingData), opts);
}

/** Elo ratings 400·log10(γᵢ/γ_anchor); NaN outside the anchor's component. */
export function eloFromGamma(fit: BradleyTerryFit, anchor: number): number[] {
  const c = fit.component[anchor];
  return fit.gamma.map((g, i) => (c >= 0 && fit.component[i] === c ? 400 * Math.log10(g / fit.gamma[anchor]) : NaN));
}

// ---------------------------------------------------------------------------------------
// Random variates for the bootstrap

/** A uniform [0, 1) generator (seedrandom's PRNG is one). */
export type Uniform = () => number;

const LOG_FACT_SMALL = [0, 0, Math.log(2), Math.log(6), Math.log(24), Math.log(120), Math.log(720), Math.log(5040), Math.log(40320), Math.log(362880)];

/** ln k! : exact table below 10, Stirling's series k ln k − k + ½ ln(2πk) + 1/(12k) − 1/(360k³) + 1/(1260k⁵) above (error < 1e-14). */
function logFactorial(k: number): number {
  if (k < 10) return LOG_FACT_SMALL[k];
  const k2 = k * k;
  return k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k * k2) + 1 / (1260 * k * k2 * k2);
}

/**
 * A Binomial(n, p) variate. n·min(p, 1−p) < 10: inversion (sequential search from 0, the
 * BINV algorithm of V. Kachitvichyanukul and B. Schmeiser, "Binomial random variate
 * generation", CACM 31 (1988) 216–222). Otherwise W. Hörmann's BTRS, transformed rejection
 * with squeeze ("The generation of binomial random variates", J. Statist. Comput. Simul. 46
 * (1993) 101–110), which takes O(1) expected uniforms whatever n.
 */
export function binomialSample(n: number, p: number, rng: Uniform): number {
  if (!(n > 0) || !(p > 0)) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomialSample(n, 1 - p, rng);
  const q = 1 - p;
  if (n * p < 10) {
    const s = p / q;
    const a = (n + 1) * s;
    let r = Math.pow(q, n);
    let u = rng();
    let x = 0;
    while (u > r) {
      u -= r;
      x++;
      if (x > n) return n; // rounding: the tail mass was used up
      r *= a / x - s;
    }
    return x;
  }
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const alpha = (2.83 + 5.1 / b) * spq;
  const lpq = Math.log(p / q);
  const m = Math.floor((n + 1) * p);
  const h = logFactorial(m) + logFactorial(n - m);
  for (;;) {
    const u = rng() - 0.5;
    let v = rng();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (!(k >= 0 && k <= n)) continue;
    if (us >= 0.07 && v <= vr) return k;
    v = Math.log((v * alpha) / (a / (us * us) + b));
    if (v <= h - logFactorial(k) - logFactorial(n - k) + (k - m) * lpq) return k;
  }
}

/** A Multinomial(n, probs) variate by conditional binomials: Xₖ ~ Binomial(n − Σ earlier, pₖ / Σ remaining p). */
export function multinomialSample(n: number, probs: readonly number[], rng: Uniform): number[] {
  const out = new Array<number>(probs.length).fill(0);
  let left = n;
  let mass = probs.reduce((t, v) => t + v, 0);
  for (let k = 0; k < probs.length && left > 0; k++) {
    if (k === probs.length - 1 || mass <= probs[k]) {
      out[k] = left;
      left = 0;
      break;
    }
    const x = binomialSample(left, probs[k] / mass, rng);
    out[k] = x;
    left -= x;
    mass -= probs[k];
  }
  return out;
}

/** The q-quantile (0..1) of ascending finite values by linear interpolation between order statistics (Hyndman and Fan's type 7, R's default). NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

// ---------------------------------------------------------------------------------------
// Ratings

/** One entrant's rating. */
export interface PlayerRating {
  index: number;
  name: string;
  /** Elo relative to the anchor (the anchor itself 0); NaN without games or when not connected to the anchor. */
  elo: number;
  /** Bootstrap percentile interval (the anchor's is [0, 0]). */
  lo: number;
  hi: number;
  /** Games the fit rests on for this entrant (2 per completed pair; matches for pairings without pairs). */
  n: number;
  /** Completed pairs among them. */
  pairs: number;
  /** Points scored in those games (draw ½). */
  points: number;
  /** Distinct opponents. */
  opponents: number;
  /**
   * What the interval is worth: 'anchor' (0 by definition), 'bootstrap' (a usable
   * interval), 'too-few-pairs' (fewer than MIN_RATING_PAIRS completed pairs, or a
   * zero-width bootstrap interval: the resamples never moved it), 'none' (no rating).
   */
  interval: 'anchor' | 'bootstrap' | 'too-few-pairs' | 'none';
  /**
   * True when the rating is finite only because of the virtual-draw prior: the fit needed it
   * and this entrant and the anchor are in different score groups (no chain of "scored
   * against" leads both ways between them), e.g. one of them won or lost every game.
   */
  priorBound: boolean;
}

/** Fewer completed pairs than this (games: twice this) and an entrant's interval is reported as too few pairs. */
export const MIN_RATING_PAIRS = 5;

/** A bootstrap interval narrower than this (Elo) means the resamples never moved the rating (every pair ended alike): no interval, not a precise one. */
export const MIN_ELO_SPREAD = 0.1;

/** Whether the highest rated entrant is detectably ahead of the next one. */
export interface TopRating {
  index: number;
  /** The next highest rated entrant. */
  next: number;
  /** Elo(top) − Elo(next) with its percentile bootstrap interval (from the same resamples). */
  difference: { value: number; lo: number; hi: number };
  /** Share of resamples in which `index` rates strictly above every other entrant. */
  first: number;
  /** Difference interval wholly above 0, from a usable bootstrap (no tie, no zero-width interval). */
  separated: boolean;
  /** The difference is set by the virtual-draw prior (the two are in different score groups): it says the games were one-sided, not by how much. */
  priorBound: boolean;
}

export interface Ratings {
  method: string;
  /** The entrant fixed at Elo 0: all ratings are differences from it. */
  anchor: { index: number; name: string };
  /** Interval level (0.95). */
  level: number;
  /** Bootstrap resamples, and the seed they were drawn with. */
  resamples: number;
  seed: string;
  /** Whether the point fit needed the virtual draws; how many resamples did. */
  prior: boolean;
  priorResamples: number;
  iterations: number;
  converged: boolean;
  /** By player index. */
  players: PlayerRating[];
  /** The highest rated entrant and whether it is separated from the next; null with fewer than two rated entrants. */
  top: TopRating | null;
  notes: string[];
}

export interface RatingsOptions {
  /** Player names by index (default `player<i>`). */
  names?: readonly string[];
  /** The entrant at Elo 0: index or name (default 0, the first entrant). */
  anchor?: number | string;
  /** Bootstrap resamples (default 1000; 0 gives NaN intervals except the anchor's). */
  resamples?: number;
  /** Bootstrap seed (default 'ratings'). */
  seed?: string | number;
  /** Interval level (default 0.95). */
  level?: number;
  prior?: BradleyTerryOptions['prior'];
  /**
   * A resampler of clusters other than pairs (N-player rotation blocks): per resample, each
   * pairing's points and games. Without it each pairing's pairs (or matches) are redrawn.
   */
  resample?: (rng: Uniform) => { w: number; n: number }[];
  /** What the bootstrap resamples, for the notes (default: "each pairing's pairs"). */
  resampleUnit?: string;
}

export const RATINGS_METHOD = 'Bradley-Terry, MM fit (Hunter 2004), draws as half wins; Elo = 400·log10(γ/γ_anchor); percentile bootstrap over pairs';

/**
 * Ratings of `nPlayers` entrants from their pairings: the Bradley-Terry fit on the Elo scale
 * anchored to one entrant, with percentile bootstrap intervals over pairs. Takes either a
 * RatingInput (e.g. `ratingInput(summary)`, names included) and options, or the pairings,
 * the number of entrants and options (names in `options.names`).
 */
export function fitRatings(input: RatingInput, options?: RatingsOptions): Ratings;
export function fitRatings(pairings: readonly RatingPairing[], nPlayers: number, options?: RatingsOptions): Ratings;
export function fitRatings(first: RatingInput | readonly RatingPairing[], second?: number | RatingsOptions, third?: RatingsOptions): Ratings {
  if (Array.isArray(first)) return fitRatingsOf(first, second as number, third ?? {});
  const input = first as RatingInput;
  const options = (second as RatingsOptions | undefined) ?? {};
  return fitRatingsOf(input.pairings, input.nPlayers, { ...options, names: options.names ?? input.names });
}

function fitRatingsOf(pairings: readonly RatingPairing[], nPlayers: number, options: RatingsOptions): Ratings {
  const names = Array.from({ length: nPlayers }, (_, i) => options.names?.[i] ?? `player${i}`);
  let anchor = 0;
  if (typeof options.anchor === 'string') {
    anchor = names.indexOf(options.anchor);
    if (anchor < 0) throw new RangeError(`anchor ${options.anchor} is not an entrant (${names.join(', ')})`);
  } else if (options.anchor !== undefined) anchor = options.anchor;
  if (!(Number.isInteger(anchor) && anchor >= 0 && anchor < nPlayers)) throw new RangeError(`anchor ${anchor} is not an entrant index (0..${nPlayers - 1})`);
  const resamples = Math.max(0, Math.floor(options.resamples ?? 1000));
  const seed = String(options.seed ?? 'ratings');
  const level = options.level ?? 0.95;
  const prior = options.prior ?? 'auto';

  const data = pairings.map(pairingData);
  const edges = edgesOf(nPlayers, pairings, (_, k) => data[k]);
  const fit = fitEdges(nPlayers, edges, { prior });
  const elo = eloFromGamma(fit, anchor);

  const n = new Array<number>(nPlayers).fill(0);
  const pairs = new Array<number>(nPlayers).fill(0);
  const points = new Array<number>(nPlayers).fill(0);
  const opp = Array.from({ length: nPlayers }, () => new Set<number>());
  pairings.forEach((p, k) => {
    const d = data[k];
    if (!(d.n > 0)) return;
    n[p.a] += d.n;
    n[p.b] += d.n;
    pairs[p.a] += d.pairs;
    pairs[p.b] += d.pairs;
    points[p.a] += d.w;
    points[p.b] += d.n - d.w;
    opp[p.a].add(p.b);
    opp[p.b].add(p.a);
  });

  // Bootstrap: every pairing's pairs (or, without pairs, its matches) redrawn from their observed frequencies.
  const samples: number[][] = Array.from({ length: nPlayers }, () => []);
  const joint: number[][] = []; // per resample, every entrant's Elo (NaN when unrated)
  let priorResamples = 0;
  if (resamples > 0 && edges.length > 0) {
    const rng = seedrandom(`${seed}/bootstrap`);
    const freq = pairings.map((p, k) => {
      if (data[k].pairs > 0) return { pairs: data[k].pairs, probs: p.counts.map((c) => c / data[k].pairs) };
      const m = p.wins + p.draws + p.losses;
      return { pairs: 0, games: m, probs: m > 0 ? [p.wins / m, p.draws / m, p.losses / m] : [0, 0, 0] };
    });
    for (let r = 0; r < resamples; r++) {
      const drawn = options.resample ? options.resample(rng) : null;
      const sample = (_: RatingPairing, k: number) => {
        if (drawn) return drawn[k];
        const f = freq[k];
        if (f.pairs > 0) {
          const c = multinomialSample(f.pairs, f.probs, rng);
          return { w: (c[1] + 2 * c[2] + 3 * c[3] + 4 * c[4]) / 2, n: 2 * f.pairs };
        }
        const g = f.games ?? 0;
        if (!(g > 0)) return { w: 0, n: 0 };
        const c = multinomialSample(g, f.probs, rng);
        return { w: c[0] + c[1] / 2, n: g };
      };
      const rf = fitEdges(nPlayers, edgesOf(nPlayers, pairings, sample), { prior, start: fit.gamma, tolerance: 1e-8 });
      if (rf.prior) priorResamples++;
      const re = eloFromGamma(rf, anchor);
      for (let i = 0; i < nPlayers; i++) if (Number.isFinite(re[i])) samples[i].push(re[i]);
      joint.push(re);
    }
  }
  const tail = (1 - level) / 2;
  // With the prior, a rating is set by it when the entrant and the anchor are in different score groups.
  const groups = scoreGroups(nPlayers, edges, fit.component);
  const bound = groups.map((g) => fit.prior && g >= 0 && g !== groups[anchor]);
  const players: PlayerRating[] = names.map((name, i) => {
    const s = samples[i].sort((x, y) => x - y);
    const ok = Number.isFinite(elo[i]) && s.length > 0;
    const lo = i === anchor && Number.isFinite(elo[i]) ? 0 : ok ? quantile(s, tail) : NaN;
    const hi = i === anchor && Number.isFinite(elo[i]) ? 0 : ok ? quantile(s, 1 - tail) : NaN;
    const interval: PlayerRating['interval'] = !Number.isFinite(elo[i])
      ? 'none'
      : i === anchor
        ? 'anchor'
        : n[i] < 2 * MIN_RATING_PAIRS || !(hi - lo >= MIN_ELO_SPREAD)
          ? 'too-few-pairs'
          : 'bootstrap';
    return {
      index: i,
      name,
      elo: elo[i],
      lo,
      hi,
      n: n[i],
      pairs: pairs[i],
      points: points[i],
      opponents: opp[i].size,
      interval,
      priorBound: Number.isFinite(elo[i]) && bound[i],
    };
  });
  const top = topRating(players, joint, level, anchor, fit.prior ? groups : null);

  const notes = [
    `Elo is relative to ${names[anchor]} (anchor, Elo 0); only differences are estimated.`,
    `Intervals: ${Math.round(level * 100)}% percentile bootstrap, ${resamples} resamples of ${options.resampleUnit ?? "each pairing's pairs"} (seed ${JSON.stringify(seed)}); the anchor's interval is 0 by construction, the others include its uncertainty.`,
    'Draws count as half a win for each side; n counts games (2 per pair).',
  ];
  if (fit.prior) {
    const held = players.filter((p) => p.priorBound).map((p) => p.name);
    notes.push(
      `Some entrant (or group of entrants) won or lost every game against the rest, so the fit added one virtual draw to every played pairing (without it some ratings would be infinite). The ratings of ${held.join(', ')} are bounded by that prior: they say how lopsided the games were, not how large the gap is.`,
    );
  }
  const few = players.filter((p) => p.interval === 'too-few-pairs').map((p) => p.name);
  if (few.length) notes.push(`Too few pairs for a usable interval (fewer than ${MIN_RATING_PAIRS} pairs, or the resamples never moved the rating): ${few.join(', ')}.`);
  if (priorResamples > 0 && !fit.prior) notes.push(`${priorResamples} of ${resamples} bootstrap resamples needed the virtual draws.`);
  const unrated = players.filter((p) => !Number.isFinite(p.elo)).map((p) => p.name);
  if (unrated.length) notes.push(`No rating (no games, or not connected to ${names[anchor]} by played pairings): ${unrated.join(', ')}.`);
  const fixed = pairings.filter((p, k) => (data[k].pairs > 0 ? p.counts.filter((c) => c > 0).length === 1 : [p.wins, p.draws, p.losses].filter((c) => c > 0).length === 1));
  if (fixed.length && resamples > 0)
    notes.push(`Every pair (or match) of ${fixed.map((p) => `${names[p.a]} vs ${names[p.b]}`).join(', ')} ended the same way, so the bootstrap redraws it unchanged: intervals understate the uncertainty it carries.`);
  if (!fit.converged) notes.push(`The fit stopped after ${fit.iterations} iterations without converging.`);

  return {
    method: RATINGS_METHOD,
    anchor: { index: anchor, name: names[anchor] },
    level,
    resamples,
    seed,
    prior: fit.prior,
    priorResamples,
    iterations: fit.iterations,
    converged: fit.converged,
    players,
    top,
    notes,
  };
}

/**
 * The highest rated entrant against the next: Elo difference with its percentile interval
 * over the same resamples (the anchor's zero-width interval plays no part), and the share
 * of resamples in which it rates first. Separated only when the difference interval lies
 * above 0 and both intervals are usable bootstrap ones (or one of them is the anchor).
 */
function topRating(players: readonly PlayerRating[], joint: readonly number[][], level: number, anchor: number, groups: readonly number[] | null): TopRating | null {
  const rated = players.filter((p) => Number.isFinite(p.elo)).sort((x, y) => y.elo - x.elo || x.index - y.index);
  if (rated.length < 2) return null;
  const [t, u] = rated;
  const diffs = joint.map((r) => r[t.index] - r[u.index]).filter(Number.isFinite).sort((x, y) => x - y);
  const tail = (1 - level) / 2;
  const first = joint.length ? joint.filter((r) => rated.every((p) => p.index === t.index || r[t.index] > r[p.index])).length / joint.length : NaN;
  const lo = diffs.length ? quantile(diffs, tail) : NaN;
  const hi = diffs.length ? quantile(diffs, 1 - tail) : NaN;
  const usable = (p: PlayerRating) => p.interval === 'bootstrap' || (p.index === anchor && p.n >= 2 * MIN_RATING_PAIRS);
  const priorBound = !!groups && groups[t.index] !== groups[u.index];
  return { index: t.index, next: u.index, difference: { value: t.elo - u.elo, lo, hi }, first, separated: t.elo > u.elo && lo > 0 && hi > lo && usable(t) && usable(u), priorBound };
}

/** Ratings of a Summary's entrants (names from the summary; anchor, resamples and seed as in RatingsOptions). */
export function summaryRatings(summary: Summary, options: Omit<RatingsOptions, 'names'> = {}): Ratings {
  return fitRatings(ratingInput(summary), options);
}

/**
 * Ratings from the pairwise finishes of 3- and 4-player matches (docs/statistics.md,
 * "N players"): every match gives each two entrants on different teams a game, won by the
 * one that finished ahead (the winning side ahead of everyone; then whoever stayed in the
 * battle longer), drawn when they finished together; the same Bradley-Terry fit as for
 * two players. The pairwise games of one match are not independent, so the bootstrap
 * redraws whole rotation blocks of each table from their observed patterns (Multinomial
 * over the patterns, the table's number of blocks), never single finishes.
 */
export function fitMultiRatings(multi: MultiSummary, names: readonly string[], options: Omit<RatingsOptions, 'names' | 'resample'> = {}): Ratings {
  const index = new Map<number, number>();
  const pairings: RatingPairing[] = [];
  const at = (a: number, b: number) => {
    const key = a * 4096 + b;
    let k = index.get(key);
    if (k === undefined) {
      index.set(key, (k = pairings.length));
      pairings.push({ a, b, counts: [0, 0, 0, 0, 0], wins: 0, draws: 0, losses: 0 });
    }
    return k;
  };
  // Each table's cross pairs as pairing indices (a < b as entrant indices; flip when the table lists them the other way).
  const tableEdges = multi.tables.map((t) =>
    t.pairwise.map((p) => {
      const flip = p.a > p.b;
      const k = at(Math.min(p.a, p.b), Math.max(p.a, p.b));
      const e = pairings[k];
      e.wins += flip ? p.bAhead : p.aAhead;
      e.draws += p.tied;
      e.losses += flip ? p.aAhead : p.bAhead;
      return { k, flip };
    }),
  );
  const tablePatterns = multi.tables.map((t) => {
    const entries = Object.entries(t.patterns);
    const blocks = entries.reduce((s, [, c]) => s + c, 0);
    return { blocks, probs: entries.map(([, c]) => c / Math.max(1, blocks)), points: entries.map(([p]) => p.split(',').map(Number)), games: t.players.length };
  });
  const resample = (rng: Uniform) => {
    const out = pairings.map(() => ({ w: 0, n: 0 }));
    tablePatterns.forEach((tp, ti) => {
      if (!tp.blocks) return;
      const c = multinomialSample(tp.blocks, tp.probs, rng);
      c.forEach((count, pi) => {
        if (!count) return;
        tableEdges[ti].forEach(({ k, flip }, ci) => {
          const pts = tp.points[pi][ci] / 2;
          out[k].w += count * (flip ? tp.games - pts : pts);
          out[k].n += count * tp.games;
        });
      });
    });
    return out;
  };
  const r = fitRatings(pairings, names.length, { ...options, names, resample, resampleUnit: "each table's rotation blocks" });
  r.method = 'Bradley-Terry over pairwise finishes (who finished ahead of whom, ties as half), MM fit (Hunter 2004); Elo = 400·log10(γ/γ_anchor); percentile bootstrap over rotation blocks';
  r.notes[2] = 'A match gives every two entrants on different teams one game: the one that finished ahead wins it, a tie is half; n counts those games (a rotation block of N matches gives each such pair N).';
  return r;
}
