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
import type { FactionMetaAnalysis } from '../analysis/meta-factions.js';
import type { MultiMetaAnalysis } from '../analysis/meta-multi.js';
import { multiMetaSection } from './meta-multi.js';
import type { OutlierReport } from '../analysis/outliers.js';
import { int, interval, pct, rate, section } from './format.js';
import { factionMetaSection, loadoutSweepSection, metaSection, ratingsSection, statSweepSection } from './balance-sections.js';
import type { VlSpec } from './charts.js';
import type { Headline, ReportChart, ReportModel, ReportSection, ReportTable } from './model.js';
import { renderReportHtml, reproduceCommands } from './html.js';
import { sequentialSection } from './sequential-section.js';
import { multiSections } from './multi.js';
import { cardUsage, cardUsageSection, loadMatchTable, loadRunContent, scenarioSection, sectionDamageSection } from './pictures.js';
import { listedMatchesSection, pickMatches, watchList } from './outliers.js';
import { autobalanceSection } from './autobalance.js';
import { readWhatIf, whatIfReport } from './whatif.js';

/** What the batch runner writes to analysis.json. */
export interface RunAnalysis {
  kind: string;
  /** The experiment file as it was run, relative to the working folder of the run. */
  file: string;
  entrants: string[];
  loadoutSpace?: { faction: string; total: number; chosen: number; sampled: boolean };
  balance: BalanceAnalysis | null;
  /** A two-faction meta's game (meta-factions.ts); absent otherwise. */
  factionMeta?: FactionMetaAnalysis | null;
  /** A meta on 3-4 seats with one strategy set (meta-multi.ts); absent otherwise. */
  multiMeta?: MultiMetaAnalysis | null;
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
  p.pentanomial.n,
  p.players[0].wins,
  p.players[1].wins,
  p.draws.count,
  rate(p.players[0].winRate),
  rate(p.players[0].score),
];

/** Fewer seat-swapped pairs than this make any A-vs-B statement inconclusive, whatever the interval says. */
export const MIN_PAIRS = 10;

/**
 * A difference detected but smaller than this (in score or win-rate points from 50%) is
 * reported as small, at info level: with thousands of matches a one-point edge is
 * detectable, and one run in twenty shows a chance one, yet neither is a balance problem.
 */
export const MATERIAL = 0.02;

/** "name (policy, faction)": every headline names the play it rests on. */
function who(s: Summary, index: number): string {
  const p = s.players[index];
  return p ? `${p.name} (${p.policy}, ${p.faction})` : `player ${index}`;
}

/**
 * The A-vs-B verdict of one pairing from its pair score (wins + draws/2, seat-swapped pairs
 * as the unit): a side is stronger only when the score's interval excludes 50%; with fewer
 * than MIN_PAIRS pairs nothing is claimed. Win rates are not tested against 50%: with draws
 * both sides sit below it.
 */
export function pairingVerdict(s: Summary, p: PairingSummary): Headline {
  const score = p.players[0].score;
  const tail = `${pct(score.value)} ${interval(score)} over ${int(p.pentanomial.n)} seat-swapped pairs (score = wins + draws/2; ${int(p.draws.count)} of ${int(p.n)} matches drawn)`;
  if (p.pentanomial.n < MIN_PAIRS)
    return { text: `Inconclusive: only ${int(p.pentanomial.n)} complete seat-swapped pairs between ${who(s, p.a)} and ${who(s, p.b)} (at least ${MIN_PAIRS} needed); ${p.players[0].name} scores ${tail}.`, level: 'info' };
  if (score.lo > 0.5 || score.hi < 0.5) {
    const [lead, other] = score.value > 0.5 ? [p.a, p.b] : [p.b, p.a];
    const leadScore = score.value > 0.5 ? score : { value: 1 - score.value, lo: 1 - score.hi, hi: 1 - score.lo };
    const over = `${pct(leadScore.value)} ${interval(leadScore)} over ${int(p.pentanomial.n)} seat-swapped pairs (score = wins + draws/2; ${int(p.draws.count)} of ${int(p.n)} matches drawn)`;
    if (leadScore.value - 0.5 < MATERIAL)
      return { text: `${who(s, lead)} is detectably but only slightly stronger than ${who(s, other)}: it scores ${over}, within ${MATERIAL * 100} points of even.`, level: 'info' };
    return { text: `${who(s, lead)} beats ${who(s, other)}: it scores ${over}.`, level: 'notable' };
  }
  return { text: `No detectable difference between ${who(s, p.a)} and ${who(s, p.b)}: ${p.players[0].name} scores ${tail}, an interval that includes 50%.`, level: 'info' };
}

function winRateSection(s: Summary, kind: string, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const paragraphs: string[] = [];
  if (s.pairings.length === 1) {
    const verdict = pairingVerdict(s, s.pairings[0]);
    // A compare run's verdict is its sequential test's (sequential-section.ts).
    if (kind !== 'compare') headlines.push(verdict);
    paragraphs.push(verdict.text);
  }
  paragraphs.push(
    `${s.pairings.length} pairing${s.pairings.length === 1 ? '' : 's'}, ${int(s.n)} matches. The unit of evidence is the seat-swapped pair: both games share a seed and are correlated, so every interval counts pairs, not matches (rates use the Wilson interval at the pairs' effective sample size). A side is called stronger only when its score (wins + draws/2) excludes 50%.${s.pairings.length > 8 ? ' With this many pairings the per-pairing charts are left to charts/ and the table below.' : ''}`,
  );
  const table: ReportTable = {
    caption: 'Results by pairing (A = the first-named player)',
    columns: ['pairing', 'matches', 'pairs', 'A wins', 'B wins', 'draws', 'A win rate [95%]', 'A score [95%]'],
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
  const pooled = s.seat.seat0WinRate;
  const enough = pooled.clusters >= MIN_PAIRS;
  const detected = enough && (pooled.lo > 0.5 || pooled.hi < 0.5);
  const sig = detected && Math.abs(pooled.value - 0.5) >= MATERIAL;
  const over = `${int(pooled.n)} decisive matches on ${int(pooled.clusters)} seeds`;
  const text = !enough
    ? `Seat advantage inconclusive: seat 0 wins ${rate(pooled)} of ${over} (at least ${MIN_PAIRS} seeds needed).`
    : detected && !sig
      ? `A small seat advantage: seat 0 wins ${rate(pooled)} of ${over}, detectable but within ${MATERIAL * 100} points of even.`
      : sig
      ? `Seat advantage: seat 0 wins ${rate(pooled)} of ${over}, so ${pooled.value > 0.5 ? 'seat 0 (the first ship of the scenario)' : 'seat 1 (the second ship of the scenario)'} has a real edge under this play; seat-swapped pairs cancel it out of the scores.`
      : `No detectable seat advantage: seat 0 wins ${rate(pooled)} of ${over}.`;
  headlines.push({ text, level: sig ? 'warning' : 'info' });
  return section(
    'seat',
    'Seat advantage',
    [
      text,
      'Seat 0 is the first ship of the scenario. Every match is played twice with the seats swapped, so seat advantage does not bias the scores; it is a finding about the scenario, the initiative rules and the policies. The pooled interval takes the seed as its unit, since every pairing replays the same seeds.',
    ],
    [],
    [
      {
        caption: 'Seat 0 wins among decisive matches',
        columns: ['pairing', 'decisive matches', 'seat 0 wins', 'seat 1 wins', 'seat 0 win rate [95%]'],
        rows: [...s.pairings.slice(0, 60).map((p) => [p.key, p.seat.n, p.seat.seat0Wins, p.seat.seat1Wins, rate(p.seat.seat0WinRate)]), ['all pairings', pooled.n, s.seat.seat0Wins, pooled.n - s.seat.seat0Wins, rate(pooled)]],
      },
    ],
  );
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

// ---------------------------------------------------------------------------------------

/**
 * The entrant a name stands for: a copy `<name>#k` of an entrant (an N-player meta's repeated
 * loadouts, a compare's copies of B) is that entrant; any other name is itself.
 */
export function copiesAs(names: readonly string[]): (name: string) => string {
  const known = new Set(names);
  return (name) => {
    const base = /^(.*)#\d+$/.exec(name)?.[1];
    return base !== undefined && known.has(base) ? base : name;
  };
}

/** Which policies fly which entrants (copies counted as their entrant): the play every figure of the run rests on. */
export function playLine(s: Summary): string {
  const byPolicy = new Map<string, string[]>();
  const entrantOf = copiesAs(s.players.map((p) => p.name));
  const own = s.players.filter((p) => entrantOf(p.name) === p.name);
  for (const p of own) byPolicy.set(p.policy, [...(byPolicy.get(p.policy) ?? []), p.name]);
  const parts = [...byPolicy].map(([policy, names]) => `${policy} flies ${names.length === own.length && names.length > 2 ? `all ${names.length} entrants` : names.join(' and ')}`);
  return `Every figure here rests on this play: ${parts.join('; ')}. Other policies can give other answers; a play-style panel (docs/panel.md) asks the same question under several.`;
}

/** The report of the results folder `dir`. */
export function buildReportModel(dir: string): ReportModel {
  const summary = readJson<Summary & { kind: string; seed: string | number; complete: boolean; matchesPlanned: number; matchesPlayed: number; ratings?: Ratings }>(join(dir, 'summary.json'));
  if (!summary) throw new Error(`${dir}: no summary.json (not a results folder, or a run that wrote no summary)`);
  const analysis = readJson<RunAnalysis>(join(dir, 'analysis.json'));
  const run = readJson<{ workers: number; seconds: number; matchesPerSecond: number; node: string; finished: string; file?: string }>(join(dir, 'run.json'));
  const experimentText = existsSync(join(dir, 'experiment.yaml')) ? readFileSync(join(dir, 'experiment.yaml'), 'utf8') : '';
  const charts = loadCharts(dir);
  // The folder's own experiment.yaml when it has its content copy: the report's commands replay and rerun what the run played (docs/reproducibility.md).
  const file = existsSync(join(dir, 'provenance.json')) ? join(relative(process.cwd(), dir) || '.', 'experiment.yaml') : (analysis?.file ?? run?.file ?? join(relative(process.cwd(), dir) || '.', 'experiment.yaml'));
  const entrants = analysis?.entrants ?? summary.players.map((p) => p.name);
  const headlines: Headline[] = [];
  if (!summary.complete) headlines.push({ text: `This run is incomplete: ${int(summary.matchesPlayed)} of ${int(summary.matchesPlanned)} matches were played. Every figure rests on those.`, level: 'warning' });

  const sections: ReportSection[] = [];
  // An autobalance's proposals open the page (report/autobalance.ts); the rest is its verification run.
  const autobalance = autobalanceSection(dir, charts, headlines);
  if (autobalance) sections.push(autobalance);
  // A what-if's changes open the page, each named with its main delta (report/whatif.ts); the rest is the baseline's.
  const whatif = readWhatIf(dir);
  if (whatif) {
    const w = whatIfReport(whatif, charts);
    headlines.unshift(...w.headlines);
    sections.push(w.section);
  }
  // The scenario, loadouts, damage by section, card usage and matches to watch (pictures.ts, outliers.ts).
  const content = loadRunContent(dir);
  const matchTable = loadMatchTable(dir);
  const uses = matchTable ? cardUsage(matchTable, content?.tables ?? null, copiesAs(entrants)) : null;
  const scenario = scenarioSection(content, uses);
  if (scenario) sections.push(scenario);
  const b = analysis?.balance;
  if (b?.kind === 'loadout-sweep') sections.push(loadoutSweepSection(b, charts, headlines));
  if (b?.kind === 'stat-sweep') sections.push(statSweepSection(b, charts, headlines));
  if (b?.kind === 'meta') sections.push(metaSection(b, charts, headlines));
  if (analysis?.factionMeta) sections.push(factionMetaSection(analysis.factionMeta, charts, headlines));
  if (analysis?.multiMeta) sections.push(multiMetaSection(analysis.multiMeta, charts, headlines));
  const sequential = summary.kind === 'compare' ? sequentialSection(summary) : null; // the verdict on who is stronger
  if (sequential) {
    sections.push(sequential.section);
    headlines.push(sequential.headline);
  }
  if (summary.multi) {
    // A meta's tables hold copies of its loadouts, one table per arrangement: its answer is the equilibrium, not each table's figures.
    sections.push(...multiSections(summary.multi, charts, summary.kind === 'meta' ? [] : headlines));
    if (summary.ratings) sections.push(ratingsSection(summary.ratings, charts, headlines, summary.players.length > 2));
    if (summary.kind === 'loadout-sweep' || summary.kind === 'stat-sweep')
      headlines.push({ text: `The ${summary.kind}'s analysis (effects, crossing) rests on two-player pairs and is not made for ${summary.multi.seats} players; the tables above give each entrant's win share.`, level: 'info' });
  } else {
    sections.push(winRateSection(summary, summary.kind, charts, headlines));
    if (summary.ratings && b?.kind !== 'meta') sections.push(ratingsSection(summary.ratings, charts, headlines, summary.kind === 'tournament' || summary.kind === 'gauntlet'));
    sections.push(damageSection(summary, charts));
    sections.push(seatSection(summary, headlines));
    sections.push(endsSection(summary, charts, headlines));
  }
  const sectionDamage = sectionDamageSection(summary, content?.tables ?? null, matchTable);
  if (sectionDamage) sections.push(sectionDamage);
  if (uses?.length) sections.push(cardUsageSection(uses, headlines));
  // The picks from matches.csv and the run's extremes, one row per match (outliers.ts).
  if (matchTable || analysis) sections.push(listedMatchesSection(dir, watchList(matchTable ? pickMatches(matchTable, summary, content?.tables ?? null) : [], analysis?.outliers ?? null, entrants), analysis?.outliers ?? null, file, headlines));
  headlines.push({ text: playLine(summary), level: 'info' });

  const space = analysis?.loadoutSpace;
  const settings: [string, string][] = [
    ['experiment', summary.experiment],
    ['kind', summary.kind],
    ['master seed', String(summary.seed)],
    ['matches', `${int(summary.matchesPlayed)} played of ${int(summary.matchesPlanned)} planned${summary.complete ? '' : ' (incomplete)'}`],
    summary.multi ? ['tables', `${summary.multi.tables.length} of ${summary.multi.seats} seats`] : ['pairings', String(summary.pairings.length)],
    ['entrants', entrants.length > 12 ? `${entrants.length} (see the tables)` : entrants.join(', ')],
    ['policies', [...new Set(summary.players.map((p) => p.policy))].join(', ')],
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
    reproduce: reproduceCommands(dir, file),
    generated: `Star Eater balance lab, ${new Date().toISOString()}`,
  };
}

/** Build `<dir>/report.html` from the results folder (atomically); returns its path. */
export function writeReport(dir: string): string {
  const path = join(dir, 'report.html');
  writeAtomic(path, renderReportHtml(buildReportModel(dir)));
  return path;
}
