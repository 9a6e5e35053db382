/**
 * What an autobalance run reports (docs/autobalance.md): autobalance.json's shape, its CSV
 * rows, the search-path and verification charts (Vega-Lite, as charts.ts), the lines printed
 * at the end, and the report section that opens the page.
 *
 * Why the section reads autobalance.json and nothing else: `stareater report DIR` rebuilds the
 * page from the folder's files, and the verification's own figures (summary.json) are the
 * rest of the page, as for any run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VEGA_LITE_SCHEMA, type VlSpec } from './charts.js';
import { int, interval, pct, pts, section } from './format.js';
import type { Headline, ReportChart, ReportSection } from './model.js';
import type { Cell } from './csv.js';

/** One matchup of the verification run under one candidate. */
export interface VerifiedMatchup {
  matchup: string;
  /** The policy it is played with. */
  style: string;
  /** A target of the search (else a matchup checked for harm). */
  targeted: boolean;
  target: number;
  /** The first player's score (pentanomial mean) and its 95% interval, over `pairs` seat-swapped pairs. */
  score: number;
  lo: number;
  hi: number;
  pairs: number;
  inBand: boolean;
  /** The whole interval lies in the band. */
  intervalInBand: boolean;
  /** Out of band: further or closer than the baseline when the paired delta's interval excludes no change, else like it. */
  status: 'in band' | 'out of band, further than the baseline' | 'out of band, closer than the baseline' | 'out of band, like the baseline';
  baseline: { score: number; lo: number; hi: number };
  /** Score change against the baseline on the same seeds, with its paired 95% interval. */
  delta: { mean: number; lo: number; hi: number };
}

export interface Proposal {
  rank: number;
  key: string;
  changes: { card: string; field: string; value: number; from: number }[];
  /** Levers moved, and steps moved in all. */
  count: number;
  steps: number;
  /** Every targeted matchup within its band in the verification. */
  meets: boolean;
  /** Other matchups it leaves out of band and further from the target than the baseline. */
  breaks: string[];
  /** Largest distance of a targeted matchup from its target in the verification. */
  distance: number;
  search: { pairs: number; scores: { matchup: string; score: number; se: number }[] };
  verification: VerifiedMatchup[];
  /** A ready `changes:` block. */
  yaml: string;
}

export interface AutobalanceOutput {
  experiment: string;
  file: string;
  /** The policies of the targeted matchups. */
  policy: string;
  styles: string[];
  band: number;
  levers: { card: string; field: string; min: number; max: number; step: number; value: number }[];
  targets: { matchup: string; players: [string, string]; score: number }[];
  search: {
    budget: number;
    matches: number;
    seconds: number;
    stopped: 'budget' | 'confident';
    candidates: number;
    pairsPerRound: number;
    rounds: {
      round: number;
      matches: number;
      matchesSoFar: number;
      leader: string;
      estimates: { key: string; changes: string; moved: number; steps: number; pairs: number; mean: number[]; se: number[]; loss: number; fresh: boolean }[];
    }[];
  };
  verification: { seed: string; matchesPerMatchup: number; matches: number; seconds: number };
  baseline: VerifiedMatchup[];
  proposals: Proposal[];
  seconds: number;
}

const changeText = (p: Pick<Proposal, 'changes'>) => (p.changes.length ? p.changes.map((c) => `${c.card}.${c.field} ${c.from} -> ${c.value}`).join(', ') : 'no change');
const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** autobalance.csv: one row per proposal (and the baseline) and verification matchup. */
export function autobalanceCsvRows(o: AutobalanceOutput): Cell[][] {
  const head = ['rank', 'changes', 'count', 'steps', 'meets', 'matchup', 'style', 'targeted', 'target', 'score', 'lo', 'hi', 'pairs', 'in_band', 'status', 'delta', 'delta_lo', 'delta_hi'];
  const f = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(4)) : '');
  const rows: Cell[][] = [head];
  const add = (rank: Cell, changes: string, count: number, steps: number, meets: Cell, v: VerifiedMatchup[]) => {
    for (const m of v) rows.push([rank, changes, count, steps, meets, m.matchup, m.style, m.targeted ? 1 : 0, m.target, f(m.score), f(m.lo), f(m.hi), m.pairs, m.inBand ? 1 : 0, m.status, f(m.delta.mean), f(m.delta.lo), f(m.delta.hi)]);
  };
  add('baseline', 'no change', 0, 0, o.baseline.filter((m) => m.targeted).every((m) => m.inBand) ? 1 : 0, o.baseline);
  for (const p of o.proposals) add(p.rank, changeText(p), p.count, p.steps, p.meets ? 1 : 0, p.verification);
  return rows;
}

/**
 * The search path: every candidate each round played (its estimate of the first targeted
 * matchup after the round, with its interval) against the matches spent so far, the band
 * shaded, the round's leader drawn as a line; and the verification: each proposal's targeted
 * scores with their intervals beside the baseline's.
 */
export function autobalanceCharts(o: AutobalanceOutput): Record<string, VlSpec> {
  const t = o.targets[0];
  const points = o.search.rounds.flatMap((r) =>
    r.estimates.map((e) => ({
      matches: r.matchesSoFar,
      round: r.round,
      changes: e.changes,
      moved: String(e.moved),
      score: num(e.mean[0]),
      lo: num(e.mean[0] - 1.96 * e.se[0]),
      hi: num(e.mean[0] + 1.96 * e.se[0]),
      pairs: e.pairs,
      leader: e.changes === r.leader,
    })),
  );
  const leaders = points.filter((p) => p.leader);
  const path: VlSpec = {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `${o.experiment}: search path`,
      subtitle: [`${t.matchup} score of each candidate after each round (bars: ±1.96 se over its pairs so far)`, `line: the round's leader; band: target ${pct(t.score)} ± ${(o.band * 100).toFixed(1)} points`],
    },
    width: 560,
    height: 300,
    layer: [
      { data: { values: [{ lo: t.score - o.band, hi: t.score + o.band }] }, mark: { type: 'rect', color: '#2ca02c', opacity: 0.15 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      {
        data: { values: points },
        mark: { type: 'rule', opacity: 0.35 },
        encoding: { x: { field: 'matches', type: 'quantitative', title: 'matches played by the search' }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: { field: 'moved', type: 'nominal', title: 'levers moved' } },
      },
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 30 },
        encoding: {
          x: { field: 'matches', type: 'quantitative' },
          y: { field: 'score', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: `${t.matchup} score` },
          color: { field: 'moved', type: 'nominal', title: 'levers moved' },
          tooltip: [
            { field: 'round', type: 'quantitative' },
            { field: 'changes', type: 'nominal' },
            { field: 'score', type: 'quantitative', format: '.1%' },
            { field: 'lo', type: 'quantitative', format: '.1%' },
            { field: 'hi', type: 'quantitative', format: '.1%' },
            { field: 'pairs', type: 'quantitative', title: 'pairs' },
          ],
        },
      },
      { data: { values: leaders }, mark: { type: 'line', color: 'black', point: true }, encoding: { x: { field: 'matches', type: 'quantitative' }, y: { field: 'score', type: 'quantitative' } } },
    ],
  };
  const rows = [{ name: 'baseline', v: o.baseline }, ...o.proposals.map((p) => ({ name: `#${p.rank} ${changeText(p)}`, v: p.verification }))].flatMap(({ name, v }) =>
    v.map((m) => ({ candidate: name, matchup: `${m.matchup} (${m.style})${m.targeted ? '' : ', check'}`, score: num(m.score), lo: num(m.lo), hi: num(m.hi), pairs: m.pairs })),
  );
  const verify: VlSpec = {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${o.experiment}: verification`, subtitle: [`fresh seeds, ${int(o.verification.matchesPerMatchup)} matches per matchup; bars: 95% pentanomial interval`, `band: target ± ${(o.band * 100).toFixed(1)} points`] },
    width: 420,
    // One band per candidate, tall enough for its matchups' offset rows.
    height: { step: 14 * Math.max(1, o.baseline.length) + 14 },
    data: { values: rows },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          y: { field: 'candidate', type: 'nominal', sort: null, title: null, axis: { labelLimit: 0 } },
          yOffset: { field: 'matchup', type: 'nominal' },
          color: { field: 'matchup', type: 'nominal', legend: { labelLimit: 0, orient: 'bottom', direction: 'vertical' } },
          x: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: 'first player score' },
          x2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'point', filled: true, size: 50 },
        encoding: {
          y: { field: 'candidate', type: 'nominal', sort: null },
          yOffset: { field: 'matchup', type: 'nominal' },
          color: { field: 'matchup', type: 'nominal' },
          x: { field: 'score', type: 'quantitative' },
          tooltip: [
            { field: 'candidate', type: 'nominal' },
            { field: 'matchup', type: 'nominal' },
            { field: 'score', type: 'quantitative', format: '.1%' },
            { field: 'lo', type: 'quantitative', format: '.1%' },
            { field: 'hi', type: 'quantitative', format: '.1%' },
            { field: 'pairs', type: 'quantitative' },
          ],
        },
      },
      { data: { values: [{ lo: t.score - o.band, hi: t.score + o.band }] }, mark: { type: 'rect', color: '#2ca02c', opacity: 0.15 }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    ],
  };
  return { 'autobalance-path': path, 'autobalance-verification': verify };
}

const scoreText = (m: VerifiedMatchup) => `${pct(m.score)} ${interval(m)}`;

/** The lines printed at the end of a run: the ranked proposals with their scores and `changes:` blocks. */
export function proposalLines(o: AutobalanceOutput): string[] {
  const out: string[] = [];
  const targeted = o.baseline.filter((m) => m.targeted);
  out.push(
    `Autobalance ${o.experiment} under ${o.policy}: search ${int(o.search.matches)} matches in ${o.search.seconds} s (${o.search.candidates} candidates, ${o.search.rounds.length} rounds, stopped: ${o.search.stopped}); verification ${int(o.verification.matches)} matches in ${o.verification.seconds} s.`,
  );
  out.push(`Baseline (no change): ${targeted.map((m) => `${m.matchup} ${scoreText(m)}`).join('; ')}; target ${targeted.map((m) => pct(m.target)).join(', ')} ± ${(o.band * 100).toFixed(1)} points.`);
  if (!o.proposals.length) out.push('No proposal: the search measured no candidate that moves a lever.');
  for (const p of o.proposals) {
    const t = p.verification.filter((m) => m.targeted);
    out.push(
      `#${p.rank} ${p.meets ? 'MEETS the target' : 'misses the target'}: ${p.count} change${p.count === 1 ? '' : 's'} (${changeText(p)}): ${t.map((m) => `${m.matchup} ${scoreText(m)} over ${int(m.pairs)} pairs, ${pts(m.delta.mean)} points ${interval(m.delta)} against the baseline`).join('; ')}${p.breaks.length ? `; BREAKS ${p.breaks.join(', ')}` : ''}`,
    );
    for (const m of p.verification.filter((x) => !x.targeted)) out.push(`    check ${m.matchup} (${m.style}): ${scoreText(m)}, ${m.status} (baseline ${pct(m.baseline.score)})`);
    out.push(...p.yaml.trimEnd().split('\n').map((l) => `    ${l}`));
  }
  return out;
}

/** The report section of an autobalance folder (null without autobalance.json); its headline goes first. */
export function autobalanceSection(dir: string, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection | null {
  const file = join(dir, 'autobalance.json');
  if (!existsSync(file)) return null;
  const o = JSON.parse(readFileSync(file, 'utf8')) as AutobalanceOutput;
  const best = o.proposals[0];
  const t = (p: Proposal) => p.verification.filter((m) => m.targeted);
  if (best)
    headlines.unshift({
      text: `Autobalance under ${o.policy}: ${changeText(best)} ${best.meets ? 'brings' : 'does not bring'} ${t(best).map((m) => `${m.matchup} to ${scoreText(m)}`).join('; ')} (target ${pct(o.targets[0].score)} ± ${(o.band * 100).toFixed(1)} points, ${int(t(best)[0]?.pairs ?? 0)} fresh pairs)${best.breaks.length ? `, but breaks ${best.breaks.join(', ')}` : ''}.`,
      level: best.meets && !best.breaks.length ? 'notable' : 'warning',
    });
  const paragraphs = [
    `The search moved ${o.levers.map((l) => `${l.card}.${l.field} (${l.value}, range ${l.min}..${l.max} by ${l.step})`).join(', ')} to bring ${o.targets.map((x) => `${x.matchup} to ${pct(x.score)}`).join(', ')} within ± ${(o.band * 100).toFixed(1)} points under ${o.policy}, preferring the fewest levers moved, then the smallest steps. It played ${int(o.search.matches)} matches (budget ${int(o.search.budget)}) over ${o.search.rounds.length} rounds of ${int(o.search.pairsPerRound)} seat-swapped pairs per candidate and matchup, every candidate of a round on the same seeds, and measured ${o.search.candidates} candidates in ${o.search.seconds} s.`,
    `Verification: the baseline and ${o.proposals.length} proposal${o.proposals.length === 1 ? '' : 's'} in a fresh run (seed ${o.verification.seed}, ${int(o.verification.matchesPerMatchup)} matches per matchup, ${int(o.verification.matches)} in all, ${o.verification.seconds} s)${o.styles.length ? `, every matchup also played by ${o.styles.join(', ')}` : ''}. Scores are the first player's (wins plus half the draws) with 95% pentanomial intervals; deltas are against the baseline on the same seeds, with paired 95% intervals. A check is "further than the baseline" (broken) when the proposal leaves it out of band, further from its target than no change does, and the paired interval excludes no change; "closer" likewise; else "like the baseline".`,
    ...o.proposals.map((p) => `#${p.rank}, ready to paste:\n${p.yaml}`),
  ];
  const table = {
    caption: 'Proposals in the verification run',
    columns: ['rank', 'changes', 'count', 'matchup', 'style', 'score [95%]', 'pairs', 'vs baseline, points [95%]', 'status'],
    rows: [
      ...o.baseline.map((m) => ['baseline', 'no change', 0, m.matchup + (m.targeted ? '' : ' (check)'), m.style, scoreText(m), m.pairs, '', m.status]),
      ...o.proposals.flatMap((p) => p.verification.map((m) => [p.rank, changeText(p), p.count, m.matchup + (m.targeted ? '' : ' (check)'), m.style, scoreText(m), m.pairs, `${pts(m.delta.mean)} ${interval(m.delta)}`, m.status])),
    ],
    note: `Target ± band: ${(o.band * 100).toFixed(1)} points. autobalance.json and autobalance.csv hold these figures; search/round-NN/experiment.yaml replays each search round.`,
  };
  return section('autobalance', 'Automatic balancing', paragraphs, [charts.get('autobalance-path'), charts.get('autobalance-verification')], [table]);
}
