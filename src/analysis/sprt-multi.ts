/**
 * The sequential test of a compare at 3 and 4 players: A against B on an N-seat table, A's
 * side in one team's seats (alone in a free-for-all; with copies of itself on a team) and
 * B's copies in every other seat, until a GSPRT decides.
 *
 * The unit is the rotation block (one seed under every rotation of the seats, plan.ts), as
 * the pair is at two players: seat advantage cancels inside it and blocks are independent.
 * The statistic is the block's score difference d = x_A − x_B, with x_A A's side's mean
 * score over the block's N games (a win 1, a game nobody won 1/T, T the number of teams) and
 * x_B the mean score of one B side. Scores of the T sides sum to 1 a game, so
 * x_B = (1 − x_A)/(T − 1) and d = (T·x_A − 1)/(T − 1): 0 when A is as strong as B, in
 * [−1/(T − 1), 1]; at two players it is the pair's score difference.
 *
 * Hypotheses in Elo, as for two players: under the Bradley-Terry (Luce choice) model a side
 * Δ Elo stronger than each of T − 1 equal sides wins a share γ/(γ + T − 1) of the games,
 * γ = 10^(Δ/400) (two sides: the logistic expected score). elo0 and elo1 map to the block
 * means d0 and d1 through that share.
 *
 * The test: the GSPRT with the normal approximation that Fishtest and fastchess use for
 * pentanomial pairs (M. Van den Bergh, "GSPRT approximation", cited in sprt.ts; Fishtest
 * `LLR_alt2`): with d̄ and σ̂² the mean and variance of the n block differences,
 *
 *     LLR = n (d1 − d0) (2 d̄ − d0 − d1) / (2 σ̂²),
 *
 * the log-likelihood ratio of two normal means with the variance estimated. Wald's bounds as
 * in sprt.ts. Two guards keep the approximation honest on few blocks: no decision before
 * MIN_BLOCKS blocks (a normal approximation of one block's outcome is no approximation),
 * and σ̂² floored at VARIANCE_FLOOR of the widest possible variance (when every block so far
 * ended alike σ̂² is 0 and the LLR would be infinite).
 */
import { sprtBounds, verdictOf, type SprtStatus, type SprtVerdict, type StoppedBy } from './sprt.js';
import { Z95 } from './stats.js';
import { entrantBlockSums, type MultiState } from './summary-multi.js';

/** No decision before this many completed blocks: with 10, H1 true (+60 Elo, a free-for-all of 3, a fifth of the games without a winner) was rejected in 9.5% of 2,000 seeded runs (β = 5%); with 20, in 5.9%. */
export const MIN_BLOCKS = 20;
/** σ̂² is at least this share of the largest variance d can have, ((1 + 1/(T − 1))/2)². */
export const VARIANCE_FLOOR = 1e-3;

/** A's side's share of the games (its expected score, draws aside) when it is `elo` stronger than each of the other T − 1 sides. */
export function sideShare(elo: number, teams: number): number {
  const g = Math.pow(10, elo / 400);
  return g / (g + teams - 1);
}

/** The score difference d of a mean score x of A's side among T sides: (T·x − 1)/(T − 1). */
export function scoreDifference(x: number, teams: number): number {
  return (teams * x - 1) / (teams - 1);
}

/** The Elo of A's side over each other side from a score difference d (inverse of sideShare through scoreDifference); ±Infinity at the ends. */
export function eloFromDifference(d: number, teams: number): number {
  const x = (d * (teams - 1) + 1) / teams;
  if (x <= 0) return -Infinity;
  if (x >= 1) return Infinity;
  return 400 * Math.log10((x * (teams - 1)) / (1 - x));
}

/** Completed blocks and the sums of d and d² over them. */
export interface BlockSums {
  blocks: number;
  sum: number;
  sumSq: number;
}

/**
 * The block sums of d from an entrant's block totals y of score times T (summary-multi.ts
 * entrantBlockSums): x = y/(T·N), so d = (y/N − 1)/(T − 1).
 */
export function differenceSums(y: { blocks: number; sum: number; sumSq: number }, seats: number, teams: number): BlockSums {
  const k = teams - 1;
  const n = y.blocks;
  return { blocks: n, sum: (y.sum / seats - n) / k, sumSq: (y.sumSq / (seats * seats) - (2 * y.sum) / seats + n) / (k * k) };
}

/** The GSPRT's LLR of H1: mean d1 against H0: mean d0 from the block sums (see the header). */
export function blockLlr(s: BlockSums, d0: number, d1: number, teams: number): number {
  const n = s.blocks;
  if (n === 0) return 0;
  const mean = s.sum / n;
  const range = 1 + 1 / (teams - 1);
  const variance = Math.max(s.sumSq / n - mean * mean, VARIANCE_FLOOR * (range / 2) ** 2);
  return (n * (d1 - d0) * (2 * mean - d0 - d1)) / (2 * variance);
}

/** Where the block GSPRT stands: SprtStatus's fields (pairs = blocks) and the block figures. */
export interface BlockSprtStatus extends SprtStatus {
  kind: 'blocks';
  seats: number;
  teams: number;
  blocks: number;
  /** The hypotheses as block score differences. */
  d0: number;
  d1: number;
  /** Mean block score difference so far, and its standard deviation over blocks. */
  mean: number;
  sd: number;
}

/** The block GSPRT's state after the completed blocks' sums of d. */
export function blockSprtStatus(s: BlockSums, seats: number, teams: number, elo0: number, elo1: number, alpha: number, beta: number): BlockSprtStatus {
  if (!(elo0 < elo1)) throw new RangeError(`an SPRT needs elo0 < elo1 (got ${elo0}, ${elo1})`);
  if (teams < 2) throw new RangeError(`a block SPRT needs at least two sides (got ${teams})`);
  const [lower, upper] = sprtBounds(alpha, beta);
  const d0 = scoreDifference(sideShare(elo0, teams), teams);
  const d1 = scoreDifference(sideShare(elo1, teams), teams);
  const llr = blockLlr(s, d0, d1, teams);
  const n = s.blocks;
  const mean = n ? s.sum / n : NaN;
  const sd = n ? Math.sqrt(Math.max(0, s.sumSq / n - mean * mean)) : NaN;
  const decision = n < MIN_BLOCKS ? 'continue' : llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { kind: 'blocks', llr, lower, upper, decision, pairs: n, blocks: n, seats, teams, model: 'logistic', elo0, elo1, alpha, beta, d0, d1, mean, sd };
}

/** One line, progress or final, like formatSprtLine's. */
export function formatBlockSprtLine(st: BlockSprtStatus, stoppedBy?: StoppedBy): string {
  const f = (v: number) => v.toFixed(2);
  const where = st.decision === 'H1' ? `≥ upper bound ${f(st.upper)}` : st.decision === 'H0' ? `≤ lower bound ${f(st.lower)}` : `in (${f(st.lower)}, ${f(st.upper)})`;
  const verdict =
    st.decision !== 'continue' ? verdictOf(st.decision) : stoppedBy === 'maximum' ? 'no decision (match limit reached)' : stoppedBy === 'stopped' ? 'no decision (run stopped)' : st.blocks < MIN_BLOCKS ? `continue (no decision before ${MIN_BLOCKS} blocks)` : 'continue';
  const mean = Number.isFinite(st.mean) ? `, mean block score difference ${st.mean.toFixed(3)}` : '';
  return `GSPRT on rotation blocks of ${st.seats}, logistic Elo [${st.elo0}, ${st.elo1}]: LLR ${f(st.llr)} ${where} after ${st.blocks} blocks${mean}: ${verdict}`;
}

const finiteOrNull = (x: number) => (Number.isFinite(x) ? x : null);

/** What a compare run at 3-4 players keeps of its test (summary.json `sprt`). */
export interface BlockSequentialResult extends Omit<BlockSprtStatus, 'llr' | 'mean' | 'sd'> {
  llr: number | null;
  verdict: SprtVerdict;
  stoppedBy: StoppedBy;
  matches: number;
  /** A's side and a B side, by name. */
  a: string;
  b: string;
  /** Mean block score difference with its 95% interval (normal, blocks as the unit); Elo of A's side over each B side from it. */
  difference: { value: number | null; lo: number | null; hi: number | null };
  elo: { elo: number | null; lo: number | null; hi: number | null };
  line: string;
}

/** The BlockSequentialResult of a finished (or stopped) compare run. The estimates are a fixed-sample's, biased toward the bound crossed after early stopping. */
export function blockSequentialResult(st: BlockSprtStatus, stoppedBy: StoppedBy, matches: number, a: string, b: string): BlockSequentialResult {
  const n = st.blocks;
  const half = n > 1 ? (Z95 * st.sd * Math.sqrt(n / (n - 1))) / Math.sqrt(n) : NaN;
  const lo = st.mean - half;
  const hi = st.mean + half;
  return {
    kind: 'blocks',
    lower: st.lower,
    upper: st.upper,
    decision: st.decision,
    pairs: st.pairs,
    blocks: n,
    seats: st.seats,
    teams: st.teams,
    model: st.model,
    elo0: st.elo0,
    elo1: st.elo1,
    alpha: st.alpha,
    beta: st.beta,
    d0: st.d0,
    d1: st.d1,
    llr: finiteOrNull(st.llr),
    verdict: verdictOf(st.decision),
    stoppedBy,
    matches,
    a,
    b,
    difference: { value: finiteOrNull(st.mean), lo: finiteOrNull(lo), hi: finiteOrNull(hi) },
    elo: { elo: finiteOrNull(eloFromDifference(st.mean, st.teams)), lo: finiteOrNull(eloFromDifference(lo, st.teams)), hi: finiteOrNull(eloFromDifference(hi, st.teams)) },
    line: formatBlockSprtLine(st, stoppedBy),
  };
}

/** The compare's test on the run's N-player state: A is entrant 0 (plan.ts seats A's side first). Before any table exists, no blocks. */
export function compareBlockStatus(st: MultiState | undefined, t: { elo0: number; elo1: number; alpha: number; beta: number }): BlockSprtStatus {
  const seats = st?.seats ?? 3;
  const y = st ? entrantBlockSums(st, 0) : null;
  const teams = y?.teams ?? seats;
  return blockSprtStatus(y ? differenceSums(y, seats, teams) : { blocks: 0, sum: 0, sumSq: 0 }, seats, teams, t.elo0, t.elo1, t.alpha, t.beta);
}
