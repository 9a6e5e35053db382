/**
 * The panel report: one balance question answered under several play styles, and whether
 * the answers agree. Writes `<out>/panel.json`, `<out>/panel.csv` and `<out>/report.html`.
 *
 * Why built from each style's own results folder (summary.json, analysis.json): those
 * files are what each style's report states, so the panel can never say something a style's
 * own report does not; the agreement is decided by plain functions of those figures
 * (`agreement`), testable on synthetic tables without playing a match.
 *
 * Wording rules (as findings.ts): a side is "favoured" under a style only when that style's
 * 95% pair-score interval excludes 50%; every headline names the styles it rests on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RateInterval } from '../analysis/stats.js';
import type { BalanceAnalysis } from '../analysis/balance.js';
import { escapeHtml } from './html.js';
import { toCsv } from './csv.js';
import { writeAtomic } from './files.js';
import { int, interval, pct, pts } from './format.js';
import { VEGA_LITE_SCHEMA, writeSpecs, type VlSpec } from './charts.js';

/** An interval on A's pair score (pentanomial; pairs as the unit). */
export interface ScoreInterval {
  mean: number;
  lo: number;
  hi: number;
  /** Pairs behind it. */
  n: number;
}

/** What one style's run answered, read from its results folder. */
export interface StyleFigures {
  /** The style's name in the panel (its folder). */
  name: string;
  /** The bot that played every side, with its parameters. */
  style: string;
  params: Record<string, unknown>;
  /** Its results folder, relative to the panel's. */
  dir: string;
  complete: boolean;
  matchesPlanned: number;
  matchesPlayed: number;
  seconds: number | null;
  /** score: A's pentanomial pair score (its mean and pairs; kept in panel.json); matchScore: A's score with pairs as the unit (Wilson at the pairs' effective sample size), the interval verdicts test. */
  batch?: { score: ScoreInterval; matchScore: RateInterval; winRateA: RateInterval; winRateB: RateInterval; matches: number };
  /** interval: the analysis's crossing with its bootstrap interval over pairs (docs/statistics.md). */
  statSweep?: {
    target: number;
    curves: { card: string; field: string; crossing: number | null; interval: CrossingInterval; effect: boolean; slope: { estimate: number; lo: number; hi: number }; values: number[] }[];
  };
  loadoutSweep?: { faction: string; band: number; tested: number; components: { slot: string; card: string; name: string; points: number; loCorrected: number; hiCorrected: number; flag: 'strong' | 'weak' | null }[] };
  meta?: { entrants: string[]; mixture: number[]; inSupport: number[] };
  /** The balance analysis's own verdict (sweeps, metas), when it has one. */
  verdict?: { status: string; reasons: string[] };
}

export interface CrossingInterval {
  status: 'crosses' | 'does-not-cross' | 'inconclusive';
  lo: number;
  hi: number;
  /** Share of the bootstrap replicates that cross. */
  share: number;
  side: 'above' | 'below' | null;
}

/** The question's side names, the same under every style (the players' names without the policy in them). */
export interface PanelQuestion {
  experiment: string;
  kind: string;
  file: string;
  /** By player index. */
  players: string[];
}

export type Verdict = 'all' | 'none' | 'depends';

export interface Agreement {
  /** all: every style gives the same definite answer; none: no style finds an effect; depends: anything else. */
  verdict: Verdict;
  /** One sentence, naming the styles it rests on. */
  headline: string;
  /** Further sentences (per curve, per component, incomplete runs). */
  details: string[];
}

export interface PanelResult {
  question: PanelQuestion;
  complete: boolean;
  styles: StyleFigures[];
  agreement: Agreement;
}

function readJson<T>(file: string): T {
  if (!existsSync(file)) throw new Error(`${file}: missing (the style's run wrote no summary)`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** A NaN figure serialises as null; read it back as NaN. */
const num = (x: number | null | undefined) => (typeof x === 'number' ? x : NaN);

/** One style's figures from its results folder `<panelDir>/<rel>`. */
export function readStyleFigures(panelDir: string, rel: string, style: { name: string; style: string; params: Record<string, unknown> }): StyleFigures {
  const dir = join(panelDir, rel);
  const summary = readJson<{
    kind: string;
    complete: boolean;
    matchesPlanned: number;
    matchesPlayed: number;
    pairings: { n: number; players: { winRate: RateInterval; score?: RateInterval }[]; pentanomial: { n: number; score: { mean: number | null; lo: number; hi: number; n: number } } }[];
  }>(join(dir, 'summary.json'));
  const analysis = readJson<{ balance: BalanceAnalysis | null }>(join(dir, 'analysis.json'));
  const run = existsSync(join(dir, 'run.json')) ? readJson<{ seconds: number }>(join(dir, 'run.json')) : null;
  const out: StyleFigures = { ...style, dir: rel, complete: summary.complete, matchesPlanned: summary.matchesPlanned, matchesPlayed: summary.matchesPlayed, seconds: run?.seconds ?? null };
  const b = analysis.balance;
  if (summary.kind === 'batch') {
    const p = summary.pairings[0];
    const s = p?.pentanomial.score;
    out.batch = {
      score: { mean: num(s?.mean), lo: num(s?.lo), hi: num(s?.hi), n: p?.pentanomial.n ?? 0 },
      matchScore: p?.players[0].score ?? { value: NaN, lo: 0, hi: 1, n: 0 },
      winRateA: p?.players[0].winRate ?? { value: NaN, lo: 0, hi: 1, n: 0 },
      winRateB: p?.players[1].winRate ?? { value: NaN, lo: 0, hi: 1, n: 0 },
      matches: p?.n ?? 0,
    };
  } else if (b?.kind === 'stat-sweep')
    out.statSweep = {
      target: b.target,
      curves: b.curves.map((c) => ({
        card: c.card,
        field: c.field,
        crossing: c.crossing,
        interval: { status: c.crossingInterval.status, lo: num(c.crossingInterval.lo), hi: num(c.crossingInterval.hi), share: num(c.crossingInterval.share), side: c.crossingInterval.side },
        effect: c.effect,
        slope: { estimate: c.slope.estimate, lo: c.slope.lo, hi: c.slope.hi },
        values: c.points.map((p) => p.value),
      })),
    };
  else if (b?.kind === 'loadout-sweep')
    out.loadoutSweep = {
      faction: b.faction,
      band: b.band,
      tested: b.tested,
      components: b.components.map((c) => ({ slot: c.slot, card: c.card, name: c.name, points: c.effect.points, loCorrected: c.effect.loCorrected, hiCorrected: c.effect.hiCorrected, flag: c.flag })),
    };
  else if (b?.kind === 'meta') out.meta = { entrants: b.entrants, mixture: b.mixture, inSupport: b.bootstrap.inSupport };
  const v = (b as { verdict?: { status: string; reasons: string[] } } | null)?.verdict;
  if (v) out.verdict = { status: v.status, reasons: v.reasons };
  return out;
}

// ---------------------------------------------------------------------------------------
// Agreement

/** "a", "a and b", "a, b and c". */
export function listWords(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

const styleCount = (k: number, n: number) => `${k} of ${n} style${n === 1 ? '' : 's'}`;
/** "85-100%" over the point figures, or "85%" when they coincide. */
function span(xs: number[]): string {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return pct(lo, 0) === pct(hi, 0) ? pct(lo, 0) : `${(lo * 100).toFixed(0)}-${pct(hi, 0)}`;
}
/** A swept value or crossing: at most two decimals, no trailing zeros. */
const num3 = (x: number) => String(Number(x.toFixed(2)));

/**
 * The interval a batch's verdict rests on: A's score with pairs as the unit (Wilson at the
 * pairs' effective sample size), the interval the style's own report tests. Unlike the
 * pentanomial normal interval it never has zero width when every pair scored alike.
 */
export function verdictInterval(b: NonNullable<StyleFigures['batch']>): { lo: number; hi: number } {
  return { lo: b.matchScore.lo, hi: b.matchScore.hi };
}

/** Who a style favours in a batch: A or B when its interval (verdictInterval) excludes 50%, else null. */
export function favoured(b: NonNullable<StyleFigures['batch']>): 'A' | 'B' | null {
  if (!(b.score.n > 0) || !Number.isFinite(b.score.mean)) return null;
  const v = verdictInterval(b);
  return v.lo > 0.5 ? 'A' : v.hi < 0.5 ? 'B' : null;
}

/** "[88.8, 100.0]". */
const verdictText = (b: NonNullable<StyleFigures['batch']>) => interval(verdictInterval(b));

function batchAgreement(q: PanelQuestion, styles: StyleFigures[]): Agreement {
  const [a, b] = q.players;
  const played = styles.filter((s) => s.batch && s.batch.score.n > 0);
  const n = played.length;
  const by = (side: 'A' | 'B' | null) => played.filter((s) => favoured(s.batch!) === side);
  const names = (xs: StyleFigures[]) => listWords(xs.map((s) => s.name));
  const scores = (xs: StyleFigures[]) => span(xs.map((s) => s.batch!.score.mean));
  const details = styles.filter((s) => !s.batch || s.batch.score.n === 0).map((s) => `${s.name} completed no pair, so it answers nothing.`);
  if (!n) return { verdict: 'none', headline: `No style completed a pair, so the panel answers nothing about ${a} vs ${b}.`, details };
  const [fa, fb, fn] = [by('A'), by('B'), by(null)];
  if (fa.length === n || fb.length === n) {
    const [win, lose] = fa.length === n ? [a, b] : [b, a];
    return { verdict: 'all', headline: `${win} favoured over ${lose} under ${styleCount(n, n)} (${names(played)}): ${a}'s pair score ${scores(played)}, every interval excluding 50%.`, details };
  }
  if (fn.length === n)
    return { verdict: 'none', headline: `No detectable difference between ${a} and ${b} under ${styleCount(n, n)} (${names(played)}): ${a}'s pair score ${scores(played)}, every interval including 50%.`, details };
  const parts: string[] = [];
  if (fa.length) parts.push(`${a} favoured under ${styleCount(fa.length, n)} (${names(fa)}; ${a}'s score ${scores(fa)})`);
  if (fb.length) parts.push(`${b} favoured under ${styleCount(fb.length, n)} (${names(fb)}; ${a}'s score ${scores(fb)})`);
  if (fn.length) parts.push(`no detectable difference under ${styleCount(fn.length, n)} (${names(fn)}; ${a}'s score ${scores(fn)})`);
  return { verdict: 'depends', headline: `${a} vs ${b} depends on style: ${parts.join('; ')}.`, details };
}

/** "4.93 [4.2, 5.6]": a crossing with its interval. */
const crossingText = (x: number | null, i: CrossingInterval) => `${x === null ? 'none' : num3(x)}${i.status === 'crosses' ? ` [${num3(i.lo)}, ${num3(i.hi)}]` : ''}`;

function statSweepAgreement(q: PanelQuestion, styles: StyleFigures[]): Agreement {
  const played = styles.filter((s) => s.statSweep && s.matchesPlayed > 0);
  const n = played.length;
  if (!n) return { verdict: 'none', headline: `No style played a match, so the panel answers nothing about ${q.players[0]}.`, details: [] };
  const target = played[0].statSweep!.target;
  const keys = [...new Set(played.flatMap((s) => s.statSweep!.curves.map((c) => `${c.card}.${c.field}`)))];
  const verdicts: Verdict[] = [];
  const goal = `${q.players[0]}'s score crosses ${pct(target, 0)}`;
  const sentences = keys.map((key) => {
    const rows = played.map((s) => ({ s, c: s.statSweep!.curves.find((c) => `${c.card}.${c.field}` === key)! })).filter((r) => r.c);
    const values = [...new Set(rows.flatMap((r) => r.c.values))].sort((x, y) => x - y);
    const range = `${num3(values[0])}-${num3(values[values.length - 1])}`;
    const group = (status: CrossingInterval['status']) => rows.filter((r) => r.c.interval.status === status);
    const [crosses, never, unsure] = [group('crosses'), group('does-not-cross'), group('inconclusive')];
    const parts: string[] = [];
    if (crosses.length) parts.push(`crosses at ${crosses.map((r) => `${crossingText(r.c.crossing, r.c.interval)} under ${r.s.name}`).join(', ')}`);
    if (never.length) parts.push(`stays ${never.map((r) => `${r.c.interval.side ?? 'on one side'} under ${r.s.name}`).join(', ')} within ${range}`);
    if (unsure.length) parts.push(`inconclusive under ${listWords(unsure.map((r) => r.s.name))} (${unsure.map((r) => `${pct(r.c.interval.share, 0)} of ${r.s.name}'s replicates cross`).join(', ')})`);
    const lo = Math.max(...crosses.map((r) => r.c.interval.lo));
    const hi = Math.min(...crosses.map((r) => r.c.interval.hi));
    if (crosses.length === rows.length && lo <= hi) {
      verdicts.push('all');
      return `${key}: ${goal} at ${crosses.map((r) => `${crossingText(r.c.crossing, r.c.interval)} under ${r.s.name}`).join(', ')}; the intervals overlap (${num3(lo)}-${num3(hi)}).`;
    }
    if (never.length === rows.length && never.every((r) => r.c.interval.side === never[0].c.interval.side)) {
      verdicts.push('none');
      return `${key}: no style's curve crosses ${pct(target, 0)} within ${range}; ${q.players[0]}'s score stays ${never[0].c.interval.side ?? 'on one side'} under ${styleCount(rows.length, rows.length)}.`;
    }
    verdicts.push('depends');
    return `${key}: where ${goal} depends on style: it ${parts.join('; ')}.`;
  });
  const verdict: Verdict = verdicts.every((v) => v === 'all') ? 'all' : verdicts.every((v) => v === 'none') ? 'none' : 'depends';
  const all = listWords(played.map((s) => s.name));
  const lead =
    verdict === 'all'
      ? `The even points agree under ${styleCount(n, n)} (${all})`
      : verdict === 'none'
        ? `No curve crosses ${pct(target, 0)} under any of the ${n} styles (${all})`
        : `The even points depend on style (${all})`;
  return {
    verdict,
    headline: `${lead}. ${sentences.join(' ')}`,
    details: [
      "Each crossing is where the score curve crosses the target, interpolated between neighbouring swept values, with the 95% interval of a bootstrap over pairs (the style's own analysis). Styles agree on a statistic when every style's curve crosses and their intervals overlap.",
    ],
  };
}

function loadoutSweepAgreement(styles: StyleFigures[]): Agreement {
  const played = styles.filter((s) => s.loadoutSweep && s.matchesPlayed > 0);
  const n = played.length;
  const all = listWords(played.map((s) => s.name));
  if (!n) return { verdict: 'none', headline: 'No style played a match, so the panel answers nothing.', details: [] };
  const band = played[0].loadoutSweep!.band;
  const flags = new Map<string, { name: string; slot: string; strong: string[]; weak: string[] }>();
  for (const s of played)
    for (const c of s.loadoutSweep!.components) {
      if (!c.flag) continue;
      const key = `${c.slot}/${c.card}`;
      const f = flags.get(key) ?? { name: c.name, slot: c.slot, strong: [], weak: [] };
      f[c.flag].push(s.name);
      flags.set(key, f);
    }
  const faction = played[0].loadoutSweep!.faction;
  if (!flags.size) return { verdict: 'none', headline: `No ${faction} component is flagged under any of the ${n} styles (${all}): every effect's corrected interval reaches inside ±${(band * 100).toFixed(0)} points.`, details: [] };
  const sentences = [...flags.values()].map((f) => {
    const parts = [f.strong.length ? `too strong under ${styleCount(f.strong.length, n)} (${listWords(f.strong)})` : '', f.weak.length ? `too weak under ${styleCount(f.weak.length, n)} (${listWords(f.weak)})` : ''].filter(Boolean);
    return `${f.name} (${f.slot}) ${parts.join(' but ')}.`;
  });
  const unanimous = [...flags.values()].every((f) => f.strong.length === n || f.weak.length === n);
  return unanimous
    ? { verdict: 'all', headline: `The ${n} styles (${all}) flag the same ${faction} components: ${sentences.join(' ')}`, details: [] }
    : { verdict: 'depends', headline: `Which ${faction} components are flagged depends on style (${all}): ${sentences.join(' ')}`, details: [] };
}

/** Weight below which an entrant is out of an equilibrium (the solver's round-off). */
const SUPPORT_EPS = 1e-6;

function metaAgreement(q: PanelQuestion, styles: StyleFigures[]): Agreement {
  const played = styles.filter((s) => s.meta && s.matchesPlayed > 0);
  const n = played.length;
  const all = listWords(played.map((s) => s.name));
  if (!n) return { verdict: 'none', headline: 'No style played a match, so the panel answers nothing.', details: [] };
  const label = (s: StyleFigures, i: number) => q.players[i] ?? s.meta!.entrants[i];
  const supports = played.map((s) => s.meta!.mixture.map((w, i) => (w > SUPPORT_EPS ? i : -1)).filter((i) => i >= 0));
  const count = new Map<number, string[]>();
  supports.forEach((sup, k) => sup.forEach((i) => count.set(i, [...(count.get(i) ?? []), played[k].name])));
  const same = supports.every((s) => s.join() === supports[0].join());
  if (same)
    return {
      verdict: 'all',
      headline: `The equilibrium's support is the same under ${styleCount(n, n)} (${all}): ${listWords(supports[0].map((i) => label(played[0], i)))}.`,
      details: [],
    };
  const core = [...count.entries()].filter(([, v]) => v.length === n).map(([i]) => label(played[0], i));
  const some = [...count.entries()].filter(([, v]) => v.length < n).map(([i, v]) => `${label(played[0], i)} under ${listWords(v)}`);
  return {
    verdict: 'depends',
    headline: `The equilibrium depends on style (${all}): ${core.length ? `${listWords(core)} in it under every style; ` : 'no entrant is in it under every style; '}${listWords(some)}.`,
    details: [],
  };
}

/** The panel's answer in plain words, from each style's figures. */
export function agreement(q: PanelQuestion, styles: StyleFigures[]): Agreement {
  let a: Agreement;
  if (q.kind === 'batch') a = batchAgreement(q, styles);
  else if (q.kind === 'stat-sweep') a = statSweepAgreement(q, styles);
  else if (q.kind === 'loadout-sweep') a = loadoutSweepAgreement(styles);
  else if (q.kind === 'meta') a = metaAgreement(q, styles);
  else throw new Error(`no panel agreement for a ${q.kind}`);
  const unsure = styles
    .filter((s) => s.verdict && s.verdict.status === 'inconclusive')
    .map((s) => `${s.name}'s own analysis is inconclusive${s.verdict!.reasons.length ? `: ${s.verdict!.reasons.join('; ')}` : ''}.`);
  const partial = styles.filter((s) => !s.complete).map((s) => `${s.name}'s run is incomplete (${int(s.matchesPlayed)} of ${int(s.matchesPlanned)} matches); its figures rest on those.`);
  return { ...a, details: [...a.details, ...unsure, ...partial] };
}

/** One line for the terminal after a style's run. */
export function styleLine(q: PanelQuestion, s: StyleFigures): string {
  const head = `  ${s.name}: ${int(s.matchesPlayed)} matches${s.complete ? '' : ' (incomplete)'}`;
  if (s.batch) {
    const f = favoured(s.batch);
    return `${head}; ${q.players[0]}'s pair score ${pct(s.batch.score.mean)} ${verdictText(s.batch)} over ${int(s.batch.score.n)} pairs: ${f === 'A' ? `${q.players[0]} favoured` : f === 'B' ? `${q.players[1]} favoured` : 'no detectable difference'}`;
  }
  if (s.statSweep) return `${head}; crossings ${s.statSweep.curves.map((c) => `${c.card}.${c.field} ${crossingText(c.crossing, c.interval)}${c.interval.status === 'inconclusive' ? ' (inconclusive)' : c.interval.status === 'does-not-cross' ? ` (stays ${c.interval.side ?? 'on one side'})` : ''}`).join(', ')}`;
  if (s.loadoutSweep) {
    const f = s.loadoutSweep.components.filter((c) => c.flag);
    return `${head}; flagged: ${f.length ? f.map((c) => `${c.name} (${c.flag})`).join(', ') : 'none'}`;
  }
  if (s.meta) return `${head}; equilibrium support: ${s.meta.entrants.filter((_, i) => s.meta!.mixture[i] > SUPPORT_EPS).join(', ')}`;
  return head;
}

// ---------------------------------------------------------------------------------------
// Files

const paramsText = (p: Record<string, unknown>) => (Object.keys(p).length ? JSON.stringify(p) : '');

/** panel.csv: one row per style (batch), style and curve, style and component, or style and entrant. */
export function panelCsvRows(r: PanelResult): (string | number)[][] {
  const base = (s: StyleFigures) => [s.name, s.style, paramsText(s.params), s.matchesPlayed, String(s.complete)];
  const head = ['style', 'policy', 'params', 'matches', 'complete'];
  // Non-finite figures (and null ones) become empty cells.
  const f = (x: number | null) => (typeof x === 'number' ? x : NaN);
  switch (r.question.kind) {
    case 'batch':
      return [
        [...head, 'a', 'b', 'pairs', 'a_score', 'a_score_lo', 'a_score_hi', 'a_win_rate', 'a_win_rate_lo', 'a_win_rate_hi', 'favoured', 'report'],
        ...r.styles.map((s) => {
          const b = s.batch!;
          const fav = favoured(b);
          const v = verdictInterval(b);
          return [...base(s), r.question.players[0], r.question.players[1], b.score.n, f(b.score.mean), f(v.lo), f(v.hi), f(b.winRateA.value), f(b.winRateA.lo), f(b.winRateA.hi), fav === 'A' ? r.question.players[0] : fav === 'B' ? r.question.players[1] : 'none', `${s.dir}/report.html`];
        }),
      ];
    case 'stat-sweep':
      return [
        [...head, 'card', 'field', 'crossing', 'crossing_status', 'crossing_lo', 'crossing_hi', 'slope', 'slope_lo', 'slope_hi', 'effect', 'report'],
        ...r.styles.flatMap((s) => (s.statSweep?.curves ?? []).map((c) => [...base(s), c.card, c.field, f(c.crossing), c.interval.status, f(c.interval.lo), f(c.interval.hi), f(c.slope.estimate), f(c.slope.lo), f(c.slope.hi), String(c.effect), `${s.dir}/report.html`])),
      ];
    case 'loadout-sweep':
      return [
        [...head, 'slot', 'card', 'name', 'effect_points', 'lo_corrected', 'hi_corrected', 'flag', 'report'],
        ...r.styles.flatMap((s) => (s.loadoutSweep?.components ?? []).map((c) => [...base(s), c.slot, c.card, c.name, f(c.points), f(c.loCorrected), f(c.hiCorrected), c.flag ?? '', `${s.dir}/report.html`])),
      ];
    default:
      return [
        [...head, 'entrant', 'weight', 'in_support_bootstrap', 'report'],
        ...r.styles.flatMap((s) => (s.meta?.entrants ?? []).map((e, i) => [...base(s), r.question.players[i] ?? e, f(s.meta!.mixture[i]), f(s.meta!.inSupport[i]), `${s.dir}/report.html`])),
      ];
  }
}

type Cell = string | number | null | { text: string; href: string };
interface Table {
  caption: string;
  columns: string[];
  rows: Cell[][];
  note?: string;
}

function kindTable(r: PanelResult): Table {
  const q = r.question;
  const link = (s: StyleFigures): Cell => ({ text: s.name, href: `${s.dir}/report.html` });
  const policy = (s: StyleFigures) => `${s.style}${paramsText(s.params) ? ` ${paramsText(s.params)}` : ''}`;
  if (q.kind === 'batch')
    return {
      caption: `${q.players[0]} vs ${q.players[1]}, each style playing both sides`,
      columns: ['style', 'policy', 'matches', 'pairs', `${q.players[0]} pair score [95%]`, `${q.players[0]} win rate [95%]`, `${q.players[1]} win rate [95%]`, 'favoured'],
      rows: r.styles.map((s) => {
        const b = s.batch!;
        const fav = favoured(b);
        return [link(s), policy(s), s.matchesPlayed, b.score.n, `${pct(b.score.mean)} ${verdictText(b)}`, `${pct(b.winRateA.value)} ${interval(b.winRateA)}`, `${pct(b.winRateB.value)} ${interval(b.winRateB)}`, fav === 'A' ? q.players[0] : fav === 'B' ? q.players[1] : 'neither (interval includes 50%)'];
      }),
      note: 'Pair score: (wins + draws/2) per game over seat-swapped pairs, with its 95% interval taking the pair as the unit (Wilson at the pairs\' effective sample size, as in each style\'s own report). Favoured: the interval excludes 50%.',
    };
  if (q.kind === 'stat-sweep') {
    const keys = [...new Set(r.styles.flatMap((s) => s.statSweep?.curves.map((c) => `${c.card}.${c.field}`) ?? []))];
    return {
      caption: `Where ${q.players[0]}'s win rate crosses the target, by style`,
      columns: ['style', 'policy', 'matches', ...keys.flatMap((k) => [`${k} crossing`, `${k} slope [95%]`])],
      rows: r.styles.map((s) => [
        link(s),
        policy(s),
        s.matchesPlayed,
        ...keys.flatMap((k) => {
          const c = s.statSweep?.curves.find((x) => `${x.card}.${x.field}` === k);
          const where = c && (c.interval.status === 'crosses' ? crossingText(c.crossing, c.interval) : c.interval.status === 'does-not-cross' ? `none in range (stays ${c.interval.side ?? 'on one side'})` : `inconclusive (${crossingText(c.crossing, c.interval)})`);
          return c ? [where ?? null, `${c.slope.estimate.toFixed(3)} ${interval(c.slope, (x) => x.toFixed(3))}`] : [null, null];
        }),
      ]),
      note: "Crossing: where the subject's score crosses the target, interpolated between neighbouring swept values, with the 95% interval of a bootstrap over pairs. Slope: log-odds of scoring per unit of the statistic.",
    };
  }
  if (q.kind === 'loadout-sweep') {
    const comps = new Map<string, string>();
    r.styles.forEach((s) => s.loadoutSweep?.components.forEach((c) => comps.set(`${c.slot}/${c.card}`, `${c.name} (${c.slot})`)));
    return {
      caption: 'Component effects by style (win-rate points, Bonferroni-corrected 95% interval; flagged when it lies outside the band)',
      columns: ['component', ...r.styles.map((s) => s.name)],
      rows: [...comps.entries()].map(([key, name]) => [
        name,
        ...r.styles.map((s) => {
          const c = s.loadoutSweep?.components.find((x) => `${x.slot}/${x.card}` === key);
          return c ? `${pts(c.points)} ${interval({ lo: c.loCorrected, hi: c.hiCorrected }, (x) => pts(x))}${c.flag ? ` ${c.flag}` : ''}` : null;
        }),
      ]),
    };
  }
  const entrants = r.styles.find((s) => s.meta)?.meta?.entrants ?? [];
  return {
    caption: 'Equilibrium weight by style (and how often the entrant is in the support under a bootstrap over pairs)',
    columns: ['entrant', ...r.styles.map((s) => s.name)],
    rows: entrants.map((e, i) => [q.players[i] ?? e, ...r.styles.map((s) => (s.meta ? `${pct(s.meta.mixture[i])} (${pct(s.meta.inSupport[i], 0)})` : null))]),
  };
}

function stylesTable(r: PanelResult): Table {
  return {
    caption: 'The styles and their runs',
    columns: ['style', 'policy', 'params', 'matches played', 'seconds', 'report'],
    rows: r.styles.map((s) => [s.name, s.style, paramsText(s.params) || '(defaults)', `${int(s.matchesPlayed)} of ${int(s.matchesPlanned)}`, s.seconds, { text: `${s.dir}/report.html`, href: `${s.dir}/report.html` }]),
  };
}

function cellHtml(c: Cell): string {
  if (c === null) return '<td class="na">–</td>';
  if (typeof c === 'number') return `<td class="num">${escapeHtml(String(c))}</td>`;
  if (typeof c === 'object') return `<td><a href="${escapeHtml(c.href)}">${escapeHtml(c.text)}</a></td>`;
  return `<td>${escapeHtml(c)}</td>`;
}

function tableHtml(t: Table): string {
  return `<div class="table-wrap"><table>
<caption>${escapeHtml(t.caption)}</caption>
<thead><tr>${t.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>
<tbody>
${t.rows.map((row) => `<tr>${row.map(cellHtml).join('')}</tr>`).join('\n')}
</tbody></table>${t.note ? `<p class="note">${escapeHtml(t.note)}</p>` : ''}</div>`;
}

const CSS = `body { margin: 0; color: #1d2330; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 32px 28px 48px; }
h1 { font-size: 1.9rem; margin: 0 0 4px; } h2 { font-size: 1.35rem; margin: 36px 0 10px; padding-bottom: 6px; border-bottom: 2px solid #dde1e8; }
p { max-width: 80ch; margin: 0 0 12px; } .subtitle, .note { color: #5b6475; } .note { font-size: 0.85rem; }
.headline { padding: 10px 14px; border: 1px solid #dde1e8; border-left: 5px solid #6b7a90; border-radius: 6px; background: #fbfcfd; }
.verdict-all { border-left-color: #1f8a4c; } .verdict-depends { border-left-color: #c2410c; background: #fff8f3; }
.table-wrap { overflow-x: auto; margin: 14px 0 22px; } table { border-collapse: collapse; font-size: 0.92rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 6px; } th, td { padding: 6px 12px; border-bottom: 1px solid #dde1e8; text-align: left; vertical-align: top; }
thead th { background: #eef1f5; border-bottom: 2px solid #b9c0cc; } td.num { text-align: right; font-variant-numeric: tabular-nums; } td.na { color: #5b6475; }
a { color: #2f5fb3; } figure.chart { margin: 16px 0; overflow-x: auto; }`;

const KIND_QUESTION: Record<string, string> = {
  batch: 'who wins between the two players',
  'stat-sweep': "where the subject's win rate crosses the target as a card statistic varies",
  'loadout-sweep': 'which components win or lose',
  meta: 'which entrants make up the equilibrium of the round robin',
};

/** The panel report page; `svg` is the rendered score chart (batch), shown as a static figure. */
export function renderPanelHtml(r: PanelResult, svg = ''): string {
  const q = r.question;
  const a = r.agreement;
  const names = listWords(r.styles.map((s) => s.name));
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${q.experiment}: panel of play styles`)}</title>
<style>${CSS}</style></head>
<body><main>
<h1>${escapeHtml(`${q.experiment}: panel of play styles`)}</h1>
<p class="subtitle">${escapeHtml(`${q.kind}, ${r.styles.length} styles (${names}), ${int(r.styles.reduce((t, s) => t + s.matchesPlayed, 0))} matches${r.complete ? '' : ', incomplete'}`)}</p>
<h2>Answer</h2>
<p class="headline verdict-${a.verdict}">${escapeHtml(a.headline)}</p>
${a.details.map((d) => `<p>${escapeHtml(d)}</p>`).join('\n')}
<p>${escapeHtml(`The question (${KIND_QUESTION[q.kind] ?? q.kind}) was asked once per style: every player${q.kind === 'loadout-sweep' || q.kind === 'meta' ? ' and every generated loadout' : ''} was flown by that style, so each style plays against itself. A balance answer holds for the game when it holds under every style; where it depends on the style, it is an answer about the bots as much as about the cards.`)}</p>
<h2>By style</h2>
${svg ? `<figure class="chart">${svg}</figure>` : ''}
${tableHtml(kindTable(r))}
${tableHtml(stylesTable(r))}
<h2>Files</h2>
<p>${escapeHtml(`panel.json and panel.csv hold these figures; each style's folder is a full results folder with its own report, and its experiment.yaml plays that style alone. Experiment file: ${q.file}.`)}</p>
<pre><code>${escapeHtml(`npm run stareater -- run ${q.file}   # the whole panel again (the same numbers)\nnpm run stareater -- run <this folder>/${r.styles[0]?.dir ?? '<style>'}/experiment.yaml   # one style alone`)}</code></pre>
</main></body></html>
`;
}

/** A batch panel's chart: A's score under each style with the interval its verdict rests on, against 50%. */
export function panelScoreChart(r: PanelResult): VlSpec | null {
  const rows = r.styles
    .filter((s) => s.batch && s.batch.score.n > 0)
    .map((s) => {
      const v = verdictInterval(s.batch!);
      const f = favoured(s.batch!);
      return { style: s.name, score: s.batch!.score.mean, lo: v.lo, hi: v.hi, pairs: s.batch!.score.n, favoured: f === 'A' ? r.question.players[0] : f === 'B' ? r.question.players[1] : 'neither' };
    });
  if (!rows.length) return null;
  const y = { field: 'style', type: 'nominal', sort: null, title: null };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: `${r.question.players[0]}'s pair score against ${r.question.players[1]} by style (95% interval)`,
    width: 480,
    height: { step: 28 },
    data: { values: rows },
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { x: { datum: 0.5 } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: `${r.question.players[0]}'s score` }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 70 },
        encoding: {
          y,
          x: { field: 'score', type: 'quantitative' },
          color: { field: 'favoured', type: 'nominal', title: 'favoured' },
          tooltip: [{ field: 'style' }, { field: 'score', format: '.1%' }, { field: 'lo', format: '.1%' }, { field: 'hi', format: '.1%' }, { field: 'pairs' }, { field: 'favoured' }],
        },
      },
    ],
  } as VlSpec;
}

/** Write panel.json, panel.csv, the chart (charts/panel-score) and report.html into the panel's folder. */
export async function writePanelFiles(dir: string, r: PanelResult): Promise<void> {
  writeAtomic(join(dir, 'panel.json'), JSON.stringify(r, null, 2) + '\n');
  writeAtomic(join(dir, 'panel.csv'), toCsv(panelCsvRows(r)));
  const spec = panelScoreChart(r);
  let svg = '';
  if (spec) {
    // The chart is a help to the table, never a reason to lose the panel's files.
    try {
      await writeSpecs({ 'panel-score': spec }, join(dir, 'charts'));
      svg = readFileSync(join(dir, 'charts', 'panel-score.svg'), 'utf8');
    } catch (e) {
      process.stderr.write(`panel chart not drawn (${(e as Error).message}); the table has the same figures\n`);
    }
  }
  writeAtomic(join(dir, 'report.html'), renderPanelHtml(r, svg));
}
