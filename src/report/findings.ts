/**
 * The designer report's content, decided from a results folder: headline findings in
 * plain words, then the sections with their charts and tables, the settings and the
 * commands that reproduce the run. `report.html` is rendered from this (html.ts).
 *
 * Why from the folder's files (summary.json, analysis.json, run.json, experiment.yaml and
 * charts/): `stareater report DIR` must rebuild the page from a finished run alone, and a
 * report built right after a run is then the same page as one rebuilt later.
 *
 * Wording rules: every figure says what it rests on (n); "significant" means a 95%
 * interval that excludes the neutral value; the page never states a difference its
 * interval does not support.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { writeAtomic } from './files.js';
import { join, relative } from 'node:path';
import type { Summary, PairingSummary } from '../analysis/summary.js';
import type { Ratings } from '../analysis/ratings.js';
import type { BalanceAnalysis } from '../analysis/balance.js';
import type { OutlierReport } from '../analysis/outliers.js';
import { wilson, type RateInterval } from '../analysis/stats.js';
import { int, interval, pct, rate, section } from './format.js';
import { loadoutSweepSection, metaSection, ratingsSection, statSweepSection } from './balance-sections.js';
import type { VlSpec } from './charts.js';
import type { Headline, ReportChart, ReportModel, ReportSection, ReportTable } from './model.js';
import { renderReportHtml } from './html.js';
import { sequentialSection } from './sequential-section.js';

/** What the batch runner writes to analysis.json. */
export interface RunAnalysis {
  kind: string;
  /** The experiment file as it was run, relative to the working folder of the run. */
  file: string;
  entrants: string[];
  loadoutSpace?: { faction: string; total: number; chosen: number; sampled: boolean };
  balance: BalanceAnalysis | null;
  outliers: OutlierReport;
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

/** The charts written to `<dir>/charts`, by name. */
function loadCharts(dir: string): Map<string, ReportChart> {
  const out = new Map<string, ReportChart>();
  const chartDir = join(dir, 'charts');
  if (!existsSync(chartDir)) return out;
  for (const f of readdirSync(chartDir).sort()) {
    if (!f.endsWith('.vl.json')) continue;
    const name = f.slice(0, -'.vl.json'.length);
    const svgFile = join(chartDir, `${name}.svg`);
    if (!existsSync(svgFile)) continue;
    const spec = JSON.parse(readFileSync(join(chartDir, f), 'utf8')) as VlSpec;
    const t = (spec as { title?: string | { text?: string } }).title;
    out.set(name, { id: name, title: typeof t === 'string' ? t : (t?.text ?? name), spec, svg: readFileSync(svgFile, 'utf8') });
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Common sections

function pooledSeat(s: Summary): RateInterval {
  const w0 = s.pairings.reduce((a, p) => a + p.seat.seat0Wins, 0);
  const n = s.pairings.reduce((a, p) => a + p.seat.n, 0);
  return wilson(w0, n);
}

function ends(s: Summary) {
  const sum = (k: 'victory' | 'draw' | 'drawByLimit' | 'adjudicated') => s.pairings.reduce((a, p) => a + p.ends[k], 0);
  return { n: s.n, victory: sum('victory'), draw: sum('draw'), drawByLimit: sum('drawByLimit'), adjudicated: sum('adjudicated') };
}

function lengthStats(s: Summary) {
  const hist: number[] = [];
  for (const p of s.pairings) for (const b of p.length.histogram) hist[b.rounds] = (hist[b.rounds] ?? 0) + b.count;
  const n = hist.reduce((a, b) => a + (b ?? 0), 0);
  let seen = 0;
  let median = NaN;
  let min = NaN;
  let max = NaN;
  let sum = 0;
  hist.forEach((c, r) => {
    if (!c) return;
    if (Number.isNaN(min)) min = r;
    max = r;
    sum += c * r;
    if (Number.isNaN(median) && (seen += c) >= n / 2) median = r;
  });
  return { n, mean: sum / n, median, min, max };
}

const pairingRow = (p: PairingSummary) => [
  p.key,
  p.n,
  p.players[0].wins,
  p.players[1].wins,
  p.draws.count,
  rate(p.players[0].winRate),
  p.pentanomial.n ? `${pct(p.pentanomial.score.mean)} ${interval(p.pentanomial.score)}` : 'n/a',
];

function winRateSection(s: Summary, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const paragraphs: string[] = [];
  if (s.pairings.length === 1) {
    const p = s.pairings[0];
    const [a, b] = p.players;
    const sig = a.winRate.lo > 0.5 || a.winRate.hi < 0.5 || b.winRate.lo > 0.5 || b.winRate.hi < 0.5;
    const lead = a.wins >= b.wins ? a : b;
    const other = lead === a ? b : a;
    const text = sig
      ? `${lead.name} beats ${other.name}: it wins ${rate(lead.winRate)} of ${int(p.n)} matches (95% interval), against ${pct(other.winRate.value)} for ${other.name}.`
      : `No clear winner between ${a.name} and ${b.name}: ${a.name} wins ${rate(a.winRate)} of ${int(p.n)} matches, an interval that includes 50%.`;
    headlines.push({ text, level: sig ? 'notable' : 'info' });
    paragraphs.push(text, `Pair score (pentanomial, seat-swapped pairs as the unit): ${a.name} scores ${pct(p.pentanomial.score.mean)} ${interval(p.pentanomial.score)} over ${int(p.pentanomial.n)} pairs.`);
  } else
    paragraphs.push(
      `${s.pairings.length} pairings, ${int(s.n)} matches. Win rates are wins / matches with Wilson 95% intervals; the pair score uses seat-swapped pairs as the unit.${s.pairings.length > 8 ? ' With this many pairings the per-pairing charts are left to charts/ and the table below.' : ''}`,
    );
  const table: ReportTable = {
    caption: 'Win rates by pairing (A = the first-named player)',
    columns: ['pairing', 'matches', 'A wins', 'B wins', 'draws', 'A win rate [95%]', 'A pair score [95%]'],
    rows: s.pairings.map(pairingRow),
  };
  return section('win-rates', 'Win rates', paragraphs, [s.pairings.length <= 8 ? charts.get('win-rate') : undefined], [table]);
}

function damageSection(s: Summary, charts: Map<string, ReportChart>): ReportSection {
  const sources = [...new Set(s.playerStats.flatMap((p) => p.damage.bySource.filter((b) => b.damage.n && b.damage.mean > 0).map((b) => b.source)))];
  const rows = s.playerStats
    .filter((p) => p.n > 0)
    .slice(0, 60)
    .map((p) => [p.name, p.faction, p.n, p.damage.total.mean.toFixed(2), ...sources.map((src) => p.damage.bySource.find((b) => b.source === src)?.damage.mean.toFixed(2) ?? '')]);
  return section(
    'damage',
    'Damage by component',
    ['Damage dealt to the enemy capital ship per match, by the component that dealt it (collisions included).'],
    [s.playerStats.length <= 8 ? charts.get('damage-by-component') : undefined],
    [{ caption: 'Damage per match by source', columns: ['player', 'faction', 'matches', 'total', ...sources], rows, note: s.playerStats.length > 60 ? `first 60 of ${s.playerStats.length} rows; all are in summary.csv` : undefined }],
  );
}

function seatSection(s: Summary, headlines: Headline[]): ReportSection {
  const pooled = pooledSeat(s);
  const sig = pooled.lo > 0.5 || pooled.hi < 0.5;
  const text = sig
    ? `Seat advantage: seat 0 wins ${rate(pooled)} of ${int(pooled.n)} decisive matches, so ${pooled.value > 0.5 ? 'seat 0 (the first ship of the scenario)' : 'seat 1 (the second ship of the scenario)'} has a real edge; seat-swapped pairs cancel it out of the win rates.`
    : `No significant seat advantage: seat 0 wins ${rate(pooled)} of ${int(pooled.n)} decisive matches.`;
  headlines.push({ text, level: sig ? 'warning' : 'info' });
  return section('seat', 'Seat advantage', [text, 'Seat 0 is the first ship of the scenario. Every match is played twice with the seats swapped, so seat advantage does not bias the win rates; it is a finding about the scenario and the initiative rules.'], [], [
    {
      caption: 'Seat 0 wins among decisive matches',
      columns: ['pairing', 'decisive matches', 'seat 0 wins', 'seat 1 wins', 'seat 0 win rate [95%]'],
      rows: [...s.pairings.slice(0, 60).map((p) => [p.key, p.seat.n, p.seat.seat0Wins, p.seat.seat1Wins, rate(p.seat.seat0WinRate)]), ['all pairings', pooled.n, Math.round(pooled.value * pooled.n), pooled.n - Math.round(pooled.value * pooled.n), rate(pooled)]],
    },
  ]);
}

function endsSection(s: Summary, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const e = ends(s);
  const len = lengthStats(s);
  const share = (k: number) => `${int(k)} (${pct(k / e.n)})`;
  const text = `Of ${int(e.n)} matches, ${pct(e.victory / e.n)} ended with one ship destroyed, ${pct(e.draw / e.n)} in mutual destruction, ${pct(e.drawByLimit / e.n)} at the round limit and ${pct(e.adjudicated / e.n)} by adjudication. Matches last ${len.mean.toFixed(1)} rounds on average (median ${len.median}, from ${len.min} to ${len.max}).`;
  headlines.push({ text, level: e.drawByLimit / e.n > 0.05 || e.adjudicated > 0 ? 'warning' : 'info' });
  return section('ends', 'How matches end, and how long they last', [text], [s.pairings.length <= 20 ? charts.get('ends') : undefined, s.pairings.length <= 8 ? charts.get('game-length') : undefined], [
    { caption: 'Ends over all pairings', columns: ['end', 'matches (share)'], rows: [['one ship destroyed', share(e.victory)], ['mutual destruction', share(e.draw)], ['round limit', share(e.drawByLimit)], ['adjudicated (broken bot)', share(e.adjudicated)]] },
  ]);
}

function outlierSection(o: OutlierReport, file: string, entrants: string[], headlines: Headline[]): ReportSection {
  const flagged = o.rows.filter((r) => r.outlier);
  const text = flagged.length
    ? `${flagged.length} kept matches lie beyond Tukey's fences (length outside ${o.rounds.lower}–${o.rounds.upper} rounds, or total damage above ${o.damage.upper}); replay any of them with the command in its row.`
    : `No match lies beyond Tukey's fences (length ${o.rounds.lower}–${o.rounds.upper} rounds, total damage up to ${o.damage.upper}); the most extreme matches are listed anyway.`;
  if (flagged.length) headlines.push({ text: `${flagged.length} outlier matches (very short, very long or very bloody) are listed with the commands that replay them.`, level: 'info' });
  const kindName = { short: 'shortest', long: 'longest', damage: 'most damage' };
  return section('outliers', 'Outlier matches', [text, `Quartiles over ${int(o.n)} matches: length ${o.rounds.q1}/${o.rounds.median}/${o.rounds.q3} rounds, total damage ${o.damage.q1}/${o.damage.median}/${o.damage.q3}.`], [], [
    {
      caption: 'The most extreme matches',
      columns: ['kind', 'outlier', 'match', 'seed', 'ship 0', 'ship 1', 'rounds', 'damage', 'end', 'replay'],
      rows: o.rows.map((r) => [kindName[r.kind], r.outlier ? 'yes' : 'no', r.id, r.seed, entrants[r.players[0]] ?? r.players[0], entrants[r.players[1]] ?? r.players[1], r.rounds, r.damage, r.end + (r.winner >= 0 ? `, ship ${r.winner} won` : ''), `npm run stareater -- match --experiment ${file} --id ${r.id} --log`]),
    },
  ]);
}

// ---------------------------------------------------------------------------------------

/** The report of the results folder `dir`. */
export function buildReportModel(dir: string): ReportModel {
  const summary = readJson<Summary & { kind: string; seed: string | number; complete: boolean; matchesPlanned: number; matchesPlayed: number; ratings?: Ratings }>(join(dir, 'summary.json'));
  if (!summary) throw new Error(`${dir}: no summary.json (not a results folder, or a run that wrote no summary)`);
  const analysis = readJson<RunAnalysis>(join(dir, 'analysis.json'));
  const run = readJson<{ workers: number; seconds: number; matchesPerSecond: number; node: string; finished: string; file?: string }>(join(dir, 'run.json'));
  const experimentText = existsSync(join(dir, 'experiment.yaml')) ? readFileSync(join(dir, 'experiment.yaml'), 'utf8') : '';
  const charts = loadCharts(dir);
  const file = analysis?.file ?? run?.file ?? join(relative(process.cwd(), dir) || '.', 'experiment.yaml');
  const entrants = analysis?.entrants ?? summary.players.map((p) => p.name);
  const headlines: Headline[] = [];
  if (!summary.complete) headlines.push({ text: `This run is incomplete: ${int(summary.matchesPlayed)} of ${int(summary.matchesPlanned)} matches were played. Every figure rests on those.`, level: 'warning' });

  const sections: ReportSection[] = [];
  const b = analysis?.balance;
  if (b?.kind === 'loadout-sweep') sections.push(loadoutSweepSection(b, charts, headlines));
  if (b?.kind === 'stat-sweep') sections.push(statSweepSection(b, charts, headlines));
  if (b?.kind === 'meta') sections.push(metaSection(b, charts, headlines));
  const sequential = summary.kind === 'compare' ? sequentialSection(summary) : null; // the verdict on who is stronger
  if (sequential) {
    sections.push(sequential.section);
    headlines.push(sequential.headline);
  }
  sections.push(winRateSection(summary, charts, headlines));
  if (summary.ratings && b?.kind !== 'meta') sections.push(ratingsSection(summary.ratings, charts, headlines, summary.kind === 'tournament' || summary.kind === 'gauntlet'));
  sections.push(damageSection(summary, charts));
  sections.push(seatSection(summary, headlines));
  sections.push(endsSection(summary, charts, headlines));
  if (analysis) sections.push(outlierSection(analysis.outliers, file, entrants, headlines));

  const space = analysis?.loadoutSpace;
  const settings: [string, string][] = [
    ['experiment', summary.experiment],
    ['kind', summary.kind],
    ['master seed', String(summary.seed)],
    ['matches', `${int(summary.matchesPlayed)} played of ${int(summary.matchesPlanned)} planned${summary.complete ? '' : ' (incomplete)'}`],
    ['pairings', String(summary.pairings.length)],
    ['entrants', entrants.length > 12 ? `${entrants.length} (see the tables)` : entrants.join(', ')],
  ];
  if (space) settings.push(['loadouts', `${space.chosen} of ${space.total} legal ${space.faction} loadouts${space.sampled ? ' (a seeded sample)' : ''}`]);
  if (run) settings.push(['run', `${run.workers} workers, ${run.seconds} s, ${int(run.matchesPerSecond)} matches/s, Node ${run.node}, finished ${run.finished}`]);

  return {
    title: `${summary.experiment}: balance report`,
    subtitle: `${summary.kind}, ${int(summary.matchesPlayed)} matches, seed ${summary.seed}${run ? `, ${run.finished.slice(0, 10)}` : ''}`,
    headlines,
    sections,
    settings,
    experimentText,
    reproduce: [
      'npm ci',
      `npm run stareater -- run ${file} --out ${relative(process.cwd(), dir) || '.'}-again   # the same numbers, whatever the number of workers`,
      `npm run stareater -- report ${relative(process.cwd(), dir) || '.'}   # rebuild this page`,
      `npm run stareater -- match --experiment ${file} --id 0 --log   # replay one match (any id) with its log`,
    ],
    generated: `Star Eater balance lab, ${new Date().toISOString()}`,
  };
}

/** Build `<dir>/report.html` from the results folder (atomically); returns its path. */
export function writeReport(dir: string): string {
  const path = join(dir, 'report.html');
  writeAtomic(path, renderReportHtml(buildReportModel(dir)));
  return path;
}
