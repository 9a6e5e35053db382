/**
 * The report's "Sequential test" section and headline for a compare run, and the sequential
 * test's columns in its pairings.csv: the GSPRT's verdict in plain words, its LLR against
 * Wald's bounds, the hypotheses, and the Elo estimates with a warning about their bias.
 *
 * Why a section of its own, built from summary.json's `sprt` (SequentialResult): a compare
 * run answers one question, "is A at least elo1 stronger than B?", and the answer is the
 * test's verdict, not a win-rate interval. The headline is worded from the verdict alone so
 * it cannot contradict the test; the estimates are given as context with their caveat (after
 * early stopping they are pushed toward the bound that was crossed). Older summary.json files
 * whose `sprt` lacks the estimates are completed from the pair counts and settings. A compare
 * at 3-4 players (`sprt.kind` 'blocks', sprt-multi.ts) gets the same section, worded for
 * rotation blocks and A's side against copies of B.
 */
import {
  modelUnit,
  sequentialResult,
  sprtStatus,
  type SequentialResult,
  type SprtModel,
  type StoppedBy,
} from '../analysis/sprt.js';
import { MIN_BLOCKS, type BlockSequentialResult } from '../analysis/sprt-multi.js';
import type { Cell } from './csv.js';
import { int, interval, section } from './format.js';
import type { Headline, ReportSection } from './model.js';

/** The parts of summary.json this section reads. */
export interface SequentialSummaryInput {
  kind?: string;
  matchesPlayed?: number;
  sprt?: Partial<SequentialResult>;
  pairings: { players: { name: string }[]; pentanomial: { counts: number[] } }[];
}

/**
 * The compare run's SequentialResult from summary.json: `sprt` as written, or rebuilt from the
 * pair counts and the settings it holds when it predates the estimates. Null for other kinds.
 */
export function readSequential(summary: SequentialSummaryInput): SequentialResult | null {
  const s = summary.sprt;
  if (!s || !summary.pairings.length) return null;
  if (s.verdict && s.line && s.elo && s.nelo && s.model) return s as SequentialResult;
  const counts = s.counts ?? summary.pairings[0].pentanomial.counts;
  const model: SprtModel = s.model ?? 'logistic';
  const st = sprtStatus(counts, s.elo0 ?? 0, s.elo1 ?? 10, s.alpha ?? 0.05, s.beta ?? 0.05, model);
  const stoppedBy: StoppedBy = s.stoppedBy ?? (st.decision === 'continue' ? 'maximum' : 'sprt');
  return sequentialResult(st, counts, stoppedBy, s.matches ?? summary.matchesPlayed ?? 2 * st.pairs);
}

/** "+12.3" / "−4.0" / "n/a" (null: no finite value). */
const signed = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}` : 'n/a');
const num = (x: number | null | undefined, digits = 2) => (typeof x === 'number' && Number.isFinite(x) ? (x < 0 ? `−${(-x).toFixed(digits)}` : x.toFixed(digits)) : 'n/a');
/** An Elo threshold as given in the file (0, 20, 2.5, −3). */
const given = (x: number) => (x < 0 ? `−${-x}` : String(x));

/**
 * The headline: the verdict in plain words, worded from the test alone.
 * - accept H1: A is stronger than B (by more than elo0 when elo0 > 0; "not more than −elo0
 *   weaker" when elo0 < 0, a non-regression test, which says nothing about who is stronger).
 * - accept H0: no evidence that A is at least elo1 stronger than B.
 * - no decision: neither, at the match limit (or when the run was stopped).
 */
export function sequentialHeadline(r: SequentialResult, a: string, b: string): Headline {
  const unit = modelUnit(r.model);
  const llr = `LLR ${num(r.llr)}`;
  const after = `after ${int(r.pairs)} pairs`;
  if (r.verdict === 'accept H1') {
    const claim =
      r.elo0 > 0 ? `${a} is stronger than ${b} by more than ${given(r.elo0)} ${unit}` : r.elo0 === 0 ? `${a} is stronger than ${b}` : `${a} is not more than ${given(-r.elo0)} ${unit} weaker than ${b}`;
    return { text: `Sequential test: accept H1: ${claim} (the data favour ${a} − ${b} = ${given(r.elo1)} over ${given(r.elo0)} ${unit}; ${llr} ≥ upper bound ${num(r.upper)} ${after}).`, level: 'notable' };
  }
  if (r.verdict === 'accept H0')
    return {
      text: `Sequential test: accept H0: no evidence that ${a} is at least ${given(r.elo1)} ${unit} stronger than ${b} (the data favour ${a} − ${b} = ${given(r.elo0)} over ${given(r.elo1)} ${unit}; ${llr} ≤ lower bound ${num(r.lower)} ${after}).`,
      level: 'info',
    };
  const why = r.stoppedBy === 'stopped' ? 'the run was stopped before the test decided' : 'the match limit was reached';
  return {
    text: `Sequential test: no decision: ${why} ${after}, with the ${llr} still inside (${num(r.lower)}, ${num(r.upper)}), so it is not established whether ${a} is at least ${given(r.elo1)} ${unit} stronger than ${b} or not.`,
    level: r.stoppedBy === 'stopped' ? 'warning' : 'info',
  };
}

/** Where the LLR ended, against the bounds. */
function llrSentence(r: SequentialResult): string {
  const where =
    r.verdict === 'accept H1'
      ? `at or above the upper bound ${num(r.upper)}, so the test accepted H1`
      : r.verdict === 'accept H0'
        ? `at or below the lower bound ${num(r.lower)}, so the test accepted H0`
        : `inside the bounds (${num(r.lower)}, ${num(r.upper)}), so the test made no decision (${r.stoppedBy === 'stopped' ? 'the run was stopped' : 'the match limit was reached'})`;
  return `After ${int(r.pairs)} pairs (${int(r.matches)} matches) the log-likelihood ratio (LLR) is ${num(r.llr)}, ${where}.`;
}

/** The estimates' caveat, with the direction of the bias for this verdict. */
function biasSentence(r: SequentialResult): string {
  const direction =
    r.verdict === 'accept H1'
      ? 'This test stopped at the upper bound, so the difference is more likely overstated than understated.'
      : r.verdict === 'accept H0'
        ? 'This test stopped at the lower bound, so the difference is more likely understated than overstated.'
        : 'This test did not stop early, so the bias is small here; the intervals are those of a fixed-size sample.';
  return `These estimates and intervals are computed as if the number of pairs had been fixed in advance. When a sequential test stops early, they are biased: the test stops when chance has pushed the evidence across a bound, so the estimate is pulled toward the bound it crossed (too high after accepting H1, too low after accepting H0), and the 95% intervals cover the true difference less often than 95%. ${direction} Read the verdict; for an unbiased estimate, run a fixed number of matches (kind: batch).`;
}

/**
 * The "Sequential test" section and its headline for a compare run (null for other kinds, or
 * a summary without `sprt`): the verdict (sequentialHeadline), the hypotheses and model, the
 * LLR against its bounds, the Elo and normalized Elo estimates with their 95% intervals and
 * the statement of their bias after early stopping, and a table of every figure.
 * A is the pairing's first-named player (the experiment's first), B the second.
 */
export function sequentialSection(summary: SequentialSummaryInput): { section: ReportSection; headline: Headline } | null {
  if ((summary.sprt as { kind?: string } | undefined)?.kind === 'blocks') return blockSequentialSection(summary.sprt as unknown as BlockSequentialResult);
  const r = readSequential(summary);
  if (!r) return null;
  const [a, b] = summary.pairings[0].players.map((p) => p.name);
  const unit = modelUnit(r.model);
  const headline = sequentialHeadline(r, a, b);
  const model =
    r.model === 'normalized'
      ? 'normalized Elo (fastchess’s default model; Fishtest’s normalized Elo, M. Van den Bergh): the Elo difference scaled by the spread of pair results, so a threshold costs the same number of pairs whatever the draw rate'
      : 'logistic Elo (Fishtest’s model): the usual Elo scale, where +20 Elo means an expected score of about 52.9% per game';
  const paragraphs = [
    headline.text,
    `The test is a generalized sequential probability ratio test (GSPRT) on seat-swapped pairs of matches, checked after every chunk. It weighs H0: ${a} − ${b} = ${given(r.elo0)} ${unit} against H1: ${a} − ${b} = ${given(r.elo1)} ${unit}, in ${model}. Error rates: α = ${r.alpha} (the chance of accepting H1 when the difference is ${given(r.elo0)}), β = ${r.beta} (the chance of accepting H0 when it is ${given(r.elo1)}). It stops when the LLR reaches ln(β/(1−α)) = ${num(r.lower)} (accept H0) or ln((1−β)/α) = ${num(r.upper)} (accept H1).`,
    llrSentence(r),
    `Estimated difference ${a} − ${b}: ${signed(r.elo.elo)} Elo ${interval(r.elo, signed)} (logistic, 95%), ${signed(r.nelo.nelo)} normalized Elo ${interval(r.nelo, signed)} (95%), from ${int(r.pairs)} pairs.`,
    biasSentence(r),
  ];
  const table = {
    caption: 'Sequential test (A = the first-named player)',
    columns: ['figure', 'value'],
    rows: [
      ['verdict', r.verdict],
      ['stopped by', r.stoppedBy === 'sprt' ? 'the test' : r.stoppedBy === 'maximum' ? 'the match limit' : 'the run being stopped'],
      ['model', unit],
      ['H0: A − B', `${given(r.elo0)} ${unit}`],
      ['H1: A − B', `${given(r.elo1)} ${unit}`],
      ['α, β', `${r.alpha}, ${r.beta}`],
      ['LLR', num(r.llr, 3)],
      ['bounds (accept H0, accept H1)', `${num(r.lower, 3)}, ${num(r.upper, 3)}`],
      ['pairs', r.pairs],
      ['matches', r.matches],
      ['pairs scoring 0, ½, 1, 1½, 2 (A)', r.counts.join(', ')],
      ['Elo A − B [95%]', `${signed(r.elo.elo)} ${interval(r.elo, signed)}`],
      ['normalized Elo A − B [95%]', `${signed(r.nelo.nelo)} ${interval(r.nelo, signed)}`],
    ] as (string | number)[][],
    note: 'n = pairs (each pair is two matches with the seats swapped). Estimates after early stopping are biased toward the bound crossed; see the text.',
  };
  return { section: section('sequential', 'Sequential test', paragraphs, [], [table]), headline };
}

/** The sequential test's columns, appended to pairings.csv of a compare run (its single pairing). */
export const SEQUENTIAL_CSV_COLUMNS = ['sprt_model', 'sprt_elo0', 'sprt_elo1', 'sprt_alpha', 'sprt_beta', 'sprt_llr', 'sprt_lower', 'sprt_upper', 'sprt_verdict', 'sprt_stopped_by', 'nelo', 'nelo_lo', 'nelo_hi'] as const;

/** pairingsRows (header first) with SEQUENTIAL_CSV_COLUMNS added to the header and the first pairing's row. */
export function withSequentialColumns(rows: readonly (readonly Cell[])[], r: SequentialResult): Cell[][] {
  const v = (x: number | null) => x ?? '';
  const values: Cell[] = [r.model, r.elo0, r.elo1, r.alpha, r.beta, v(r.llr), r.lower, r.upper, r.verdict, r.stoppedBy, v(r.nelo.nelo), v(r.nelo.lo), v(r.nelo.hi)];
  return rows.map((row, i) => (i === 0 ? [...row, ...SEQUENTIAL_CSV_COLUMNS] : i === 1 ? [...row, ...values] : [...row]));
}

/** The section and headline of a compare at 3-4 players: the block GSPRT's verdict, its hypotheses as Elo and as block score differences, the estimates with their caveat. */
export function blockSequentialSection(r: BlockSequentialResult): { section: ReportSection; headline: Headline } {
  const a = r.a;
  const b = r.b;
  const sides = r.teams < r.seats ? `${a}'s team against ${r.teams - 1 > 1 ? `${r.teams - 1} teams` : 'a team'} of ${b}` : `${a} against ${r.seats - 1} copies of ${b}`;
  const llr = `LLR ${num(r.llr)}`;
  const after = `after ${int(r.blocks)} rotation blocks`;
  const headline: Headline =
    r.verdict === 'accept H1'
      ? { text: `Sequential test (${r.seats} players): accept H1: ${r.elo0 >= 0 ? `${a} is stronger than ${b}${r.elo0 > 0 ? ` by more than ${given(r.elo0)} Elo` : ''}` : `${a} is not more than ${given(-r.elo0)} Elo weaker than ${b}`} (${sides}; ${llr} ≥ upper bound ${num(r.upper)} ${after}).`, level: 'notable' }
      : r.verdict === 'accept H0'
        ? { text: `Sequential test (${r.seats} players): accept H0: no evidence that ${a} is at least ${given(r.elo1)} Elo stronger than ${b} (${sides}; ${llr} ≤ lower bound ${num(r.lower)} ${after}).`, level: 'info' }
        : { text: `Sequential test (${r.seats} players): no decision: ${r.stoppedBy === 'stopped' ? 'the run was stopped' : 'the match limit was reached'} ${after}, with the ${llr} still inside (${num(r.lower)}, ${num(r.upper)}).`, level: r.stoppedBy === 'stopped' ? 'warning' : 'info' };
  const paragraphs = [
    headline.text,
    `Every match seed is played under every rotation of the ${r.seats} seats (a rotation block), ${sides}. A block's statistic is its score difference: ${a}'s mean score over the block's games (a win 1, a game nobody won 1/${r.teams}) minus the mean score of one side of ${b}; it is 0 when the two are equally strong. The test is a GSPRT on the mean of that difference with a normal approximation (as fastchess and Fishtest approximate the pentanomial test), blocks as the unit, checked after every chunk; it makes no decision before ${MIN_BLOCKS} blocks.`,
    `H0: ${a} is ${given(r.elo0)} Elo stronger than each side of ${b} (block score difference ${num(r.d0, 3)}); H1: ${given(r.elo1)} Elo (difference ${num(r.d1, 3)}). Elo here is the Bradley-Terry model of win shares: a side Δ Elo stronger than each of the ${r.teams - 1} other${r.teams > 2 ? 's' : ''} wins a share 10^(Δ/400) / (10^(Δ/400) + ${r.teams - 1}) of the games. α = ${r.alpha}, β = ${r.beta}; bounds ${num(r.lower)} (accept H0) and ${num(r.upper)} (accept H1).`,
    `Estimated block score difference ${num(r.difference.value, 3)} ${interval(r.difference, (x) => num(x, 3))}, that is ${signed(r.elo.elo)} Elo ${interval(r.elo, signed)} (95%, from ${int(r.blocks)} blocks). As after any sequential test that stops early, these estimates lean toward the bound crossed; read the verdict, and for an unbiased estimate run a fixed number of matches (kind: batch).`,
  ];
  const table = {
    caption: `Sequential test on rotation blocks of ${r.seats} (A = ${a}, B = ${b})`,
    columns: ['figure', 'value'],
    rows: [
      ['verdict', r.verdict],
      ['stopped by', r.stoppedBy === 'sprt' ? 'the test' : r.stoppedBy === 'maximum' ? 'the match limit' : 'the run being stopped'],
      ['H0: A over each B side', `${given(r.elo0)} Elo (difference ${num(r.d0, 4)})`],
      ['H1: A over each B side', `${given(r.elo1)} Elo (difference ${num(r.d1, 4)})`],
      ['α, β', `${r.alpha}, ${r.beta}`],
      ['LLR', num(r.llr, 3)],
      ['bounds (accept H0, accept H1)', `${num(r.lower, 3)}, ${num(r.upper, 3)}`],
      ['rotation blocks', r.blocks],
      ['matches', r.matches],
      ['block score difference [95%]', `${num(r.difference.value, 4)} ${interval(r.difference, (x) => num(x, 4))}`],
      ['Elo A over each B side [95%]', `${signed(r.elo.elo)} ${interval(r.elo, signed)}`],
    ] as (string | number)[][],
    note: `n = rotation blocks (each is ${r.seats} matches, one per rotation of the seats). Estimates after early stopping are biased toward the bound crossed.`,
  };
  return { section: section('sequential', 'Sequential test', paragraphs, [], [table]), headline };
}
