/**
 * Tournament outputs: the crosstable, the ratings and the per-pairing
 * figures as CSV rows (crosstable.csv, ratings.csv, pairings.csv), two Vega-Lite charts
 * (ratings with their intervals, a score heat map of the crosstable) and a plain-text table
 * for the terminal.
 *
 * Same conventions as charts.ts and csv.ts: rows are plain cells for `toCsv` (numbers
 * unrounded, NaN as empty cells), specs inline their data, and every figure carries the n
 * it rests on (matches for scores, pairs for pentanomial figures, games for ratings).
 * Formulas and sources of every figure: docs/statistics.md.
 *
 * Why some cells are left empty: an interval or LOS computed from one pair, or from pairs
 * that all ended alike, has zero width (LOS exactly 0 or 1) and would read as certainty;
 * those cells are empty and the ratings say "too few pairs" or "bounded by the prior"
 * (Ratings' `interval` and `priorBound`) instead of a precise-looking number.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ratings } from '../analysis/ratings.js';
import { eloInterval, los, losPentanomial } from '../analysis/sprt.js';
import { pentanomial } from '../analysis/stats.js';
import type { Summary } from '../analysis/summary.js';
import { writeSpecs, VEGA_LITE_SCHEMA, type VlSpec } from './charts.js';
import { toCsv, type Cell } from './csv.js';

/** NaN/±Infinity are not JSON: inline data uses null for "no value". */
const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** One entrant's results against one opponent (row's view), over all matches of their pairing. */
export interface CrossCell {
  row: number;
  col: number;
  wins: number;
  draws: number;
  losses: number;
  /** Matches. */
  n: number;
  /** (wins + draws/2) / n. */
  score: number;
}

/** Results of every entrant against every opponent it met, both directions, from the summary's pairings. */
export function crossCells(summary: Summary): CrossCell[] {
  const cells = new Map<string, CrossCell>();
  const add = (row: number, col: number, w: number, d: number, l: number) => {
    const key = `${row},${col}`;
    const c = cells.get(key) ?? { row, col, wins: 0, draws: 0, losses: 0, n: 0, score: NaN };
    c.wins += w;
    c.draws += d;
    c.losses += l;
    c.n = c.wins + c.draws + c.losses;
    c.score = c.n > 0 ? (c.wins + c.draws / 2) / c.n : NaN;
    cells.set(key, c);
  };
  for (const p of summary.pairings) {
    const [sa] = p.players;
    add(p.a, p.b, sa.wins, sa.draws, sa.losses);
    add(p.b, p.a, sa.losses, sa.draws, sa.wins);
  }
  return [...cells.values()].sort((x, y) => x.row - y.row || x.col - y.col);
}

/** Each entrant's totals over all its pairings. */
export function entrantTotals(summary: Summary): { index: number; name: string; wins: number; draws: number; losses: number; n: number; score: number }[] {
  const cells = crossCells(summary);
  return summary.players.map((pl) => {
    let wins = 0;
    let draws = 0;
    let losses = 0;
    for (const c of cells)
      if (c.row === pl.index) {
        wins += c.wins;
        draws += c.draws;
        losses += c.losses;
      }
    const n = wins + draws + losses;
    return { index: pl.index, name: pl.name, wins, draws, losses, n, score: n > 0 ? (wins + draws / 2) / n : NaN };
  });
}

/**
 * crosstable.csv: one row per entrant (by index): its matches and score% over all
 * opponents, then for each opponent X the row's score% against X (`X score%`, 100·(W + D/2)/n)
 * and the matches behind it (`X n`). Cells of the diagonal and of pairings never played are empty.
 */
export function crosstableRows(summary: Summary): Cell[][] {
  const names = summary.players.map((p) => p.name);
  const header: Cell[] = ['entrant', 'n', 'score%'];
  for (const x of names) header.push(`${x} score%`, `${x} n`);
  const cells = crossCells(summary);
  const totals = entrantTotals(summary);
  const rows: Cell[][] = [header];
  for (const t of totals) {
    const row: Cell[] = [t.name, t.n, 100 * t.score];
    for (let col = 0; col < names.length; col++) {
      const c = cells.find((x) => x.row === t.index && x.col === col);
      row.push(c ? 100 * c.score : '', c ? c.n : '');
    }
    rows.push(row);
  }
  return rows;
}

export const RATINGS_CSV_HEADER = ['rank', 'entrant', 'elo', 'lo', 'hi', 'n', 'pairs', 'score%', 'anchor'] as const;

/** Players ordered by Elo (highest first; unrated last, by index), with their rank (empty when unrated). */
function ranked(ratings: Ratings): { rank: number | ''; p: Ratings['players'][number] }[] {
  const order = ratings.players.slice().sort((x, y) => {
    const fx = Number.isFinite(x.elo);
    const fy = Number.isFinite(y.elo);
    if (fx !== fy) return fx ? -1 : 1;
    return fx && fy && y.elo !== x.elo ? y.elo - x.elo : x.index - y.index;
  });
  return order.map((p, k) => ({ rank: Number.isFinite(p.elo) ? k + 1 : '', p }));
}

/**
 * ratings.csv: one row per entrant, best first: rank, Elo relative to the anchor with its
 * bootstrap interval, n (games the fit rests on), completed pairs, score% over those games,
 * and the anchor's name (the entrant at Elo 0) on every row.
 */
export function ratingsRows(ratings: Ratings): Cell[][] {
  const rows: Cell[][] = [[...RATINGS_CSV_HEADER]];
  for (const { rank, p } of ranked(ratings)) {
    const shown = p.interval !== 'too-few-pairs'; // a zero-width or few-pair interval is not shown as precise
    rows.push([rank, p.name, p.elo, shown ? p.lo : NaN, shown ? p.hi : NaN, p.n, p.pairs, p.n > 0 ? (100 * p.points) / p.n : NaN, ratings.anchor.name]);
  }
  return rows;
}

/**
 * Whether pentanomial counts can carry an interval or a LOS: at least two pairs that did
 * not all end alike. Otherwise σ̂ = 0 and the normal formulas give a zero-width interval
 * and a LOS of exactly 0, ½ or 1 (one 2–0 pair would read as certain superiority).
 */
export function pairsInformative(counts: readonly number[]): boolean {
  const p = pentanomial(counts);
  return p.n >= 2 && p.sd > 0;
}

export const PAIRINGS_CSV_HEADER = [
  'pairing',
  'a',
  'b',
  'n',
  'a_wins',
  'draws',
  'b_wins',
  'ptnml_0',
  'ptnml_0.5',
  'ptnml_1',
  'ptnml_1.5',
  'ptnml_2',
  'pairs',
  'score',
  'score_lo',
  'score_hi',
  'elo',
  'elo_lo',
  'elo_hi',
  'los',
  'los_pentanomial',
] as const;

/**
 * pairings.csv: per pairing (A = the lower index, every figure from A's view): matches n and
 * W/D/L, the pentanomial pair counts and their number, A's per-game score from pairs with
 * its 95% pentanomial interval, the Elo difference A − B with its interval, the likelihood of
 * superiority from decisive matches (Φ((W − L)/√(W + L))) and from pairs (Φ((μ − ½)/se)).
 * When the pairs are not informative (pairsInformative: fewer than two, or all alike) the
 * score and Elo intervals and the pair LOS are left empty rather than shown as certain.
 */
export function pairingsRows(summary: Summary): Cell[][] {
  const rows: Cell[][] = [[...PAIRINGS_CSV_HEADER]];
  for (const p of summary.pairings) {
    const [sa, sb] = p.players;
    const e = eloInterval(p.pentanomial.counts);
    const c = p.pentanomial.counts;
    const ok = pairsInformative(c);
    rows.push([
      p.key,
      sa.name,
      sb.name,
      p.n,
      sa.wins,
      sa.draws,
      sa.losses,
      c[0],
      c[1],
      c[2],
      c[3],
      c[4],
      e.n,
      e.score.mean,
      ok ? e.score.lo : NaN,
      ok ? e.score.hi : NaN,
      e.elo,
      ok ? e.lo : NaN,
      ok ? e.hi : NaN,
      los(sa.wins, sa.losses),
      ok ? losPentanomial(c) : NaN,
    ]);
  }
  return rows;
}

/** How a rating's interval reads: 'anchor', 'too few pairs', 'bounded by prior', or '95% bootstrap'. */
export function ratingStatus(p: Ratings['players'][number]): string {
  if (p.interval === 'none') return 'no rating';
  if (p.priorBound) return 'bounded by prior';
  if (p.interval === 'anchor') return 'anchor';
  if (p.interval === 'too-few-pairs') return 'no interval (too few pairs, or every pair alike)';
  return 'bootstrap';
}

/** "+12.3" / "-4.0" / "-" */
const signed = (v: number, digits = 1) => (Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${v.toFixed(digits)}` : '-');

/**
 * Ratings as points with their bootstrap intervals as bars, best at the top, each labelled
 * with its n (games), and a dashed rule at 0 (the anchor). Unrated entrants are left out
 * (and listed in the subtitle).
 */
export function ratingsChart(ratings: Ratings, title = 'ratings'): VlSpec {
  const order = ranked(ratings);
  const values = order
    .filter(({ p }) => Number.isFinite(p.elo))
    .map(({ rank, p }) => ({
      entrant: `${p.name} (n=${p.n})`,
      name: p.name,
      rank,
      elo: num(p.elo),
      lo: num(p.lo),
      hi: num(p.hi),
      n: p.n,
      pairs: p.pairs,
      anchor: p.index === ratings.anchor.index,
      status: ratingStatus(p),
    }));
  const unrated = order.filter(({ p }) => !Number.isFinite(p.elo)).map(({ p }) => p.name);
  const blocks = ratings.method.includes('rotation blocks');
  const y = { field: 'entrant', type: 'nominal', title: 'entrant', sort: values.map((v) => v.entrant) } as const;
  const subtitle = [
    `Bradley-Terry (MM)${blocks ? ' over pairwise finishes' : ''}, draws as half wins; Elo relative to ${ratings.anchor.name} = 0 (anchor)`,
    `bars: ${Math.round(ratings.level * 100)}% percentile bootstrap over ${blocks ? 'rotation blocks' : 'pairs'} (${ratings.resamples} resamples); n = games`,
  ];
  if (unrated.length) subtitle.push(`no rating: ${unrated.join(', ')}`);
  const few = order.filter(({ p }) => p.interval === 'too-few-pairs').map(({ p }) => p.name);
  if (few.length) subtitle.push(`no interval (too few pairs, or every pair alike): ${few.join(', ')}`);
  const prior = order.filter(({ p }) => p.priorBound).map(({ p }) => p.name);
  if (prior.length) subtitle.push(`bounded by the virtual-draw prior (won or lost every game): ${prior.join(', ')}`);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: title, subtitle },
    width: 420,
    data: { values },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { y, x: { field: 'lo', type: 'quantitative', title: `Elo (${ratings.anchor.name} = 0)` }, x2: { field: 'hi' } },
      },
      {
        mark: { type: 'point', filled: true, size: 70 },
        encoding: {
          y,
          x: { field: 'elo', type: 'quantitative' },
          tooltip: [
            { field: 'rank', type: 'quantitative' },
            { field: 'name', type: 'nominal', title: 'entrant' },
            { field: 'elo', type: 'quantitative', format: '.1f' },
            { field: 'lo', type: 'quantitative', format: '.1f' },
            { field: 'hi', type: 'quantitative', format: '.1f' },
            { field: 'n', type: 'quantitative', title: 'games' },
            { field: 'pairs', type: 'quantitative' },
            { field: 'status', type: 'nominal', title: 'interval' },
          ],
        },
      },
      {
        data: { values: [{ x: 0 }] },
        mark: { type: 'rule', strokeDash: [4, 4], color: 'gray' },
        encoding: { x: { field: 'x', type: 'quantitative' } },
      },
    ],
  };
}

/**
 * The crosstable as a heat map: row entrant × column opponent, coloured by the row's score
 * against the column (diverging at 50%), each cell labelled "score% (n)" with n its matches.
 */
export function scoreHeatmap(summary: Summary): VlSpec {
  const names = summary.players.map((p) => p.name);
  const values = crossCells(summary)
    .filter((c) => c.n > 0)
    .map((c) => ({
      entrant: names[c.row] ?? `player${c.row}`,
      opponent: names[c.col] ?? `player${c.col}`,
      score: num(c.score),
      wins: c.wins,
      draws: c.draws,
      losses: c.losses,
      n: c.n,
      label: `${(100 * c.score).toFixed(0)}% (${c.n})`,
    }));
  const x = { field: 'opponent', type: 'nominal', title: 'opponent', sort: names, axis: { labelAngle: names.length > 6 ? -40 : 0, labelLimit: 180, orient: 'top' } } as const;
  const y = { field: 'entrant', type: 'nominal', title: 'entrant', sort: names } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `${summary.experiment}: crosstable`,
      subtitle: ["cell: the row's score against the column, (wins + draws/2) / matches", `n = matches, in parentheses; ${summary.n} matches in all`],
    },
    width: { step: 90 },
    height: { step: 36 },
    data: { values },
    layer: [
      {
        mark: { type: 'rect' },
        encoding: {
          x,
          y,
          color: { field: 'score', type: 'quantitative', title: 'score', scale: { domain: [0, 1], domainMid: 0.5, scheme: 'redblue' }, legend: { format: '%' } },
          tooltip: [
            { field: 'entrant', type: 'nominal' },
            { field: 'opponent', type: 'nominal' },
            { field: 'score', type: 'quantitative', format: '.1%' },
            { field: 'wins', type: 'quantitative' },
            { field: 'draws', type: 'quantitative' },
            { field: 'losses', type: 'quantitative' },
            { field: 'n', type: 'quantitative', title: 'matches' },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 11 },
        encoding: { x, y, text: { field: 'label', type: 'nominal' }, color: { condition: { test: 'datum.score < 0.2 || datum.score > 0.8', value: 'white' }, value: 'black' } },
      },
    ],
  };
}

/**
 * A plain-text standings table for the terminal, fixed-width columns: entrant, games,
 * score% over all its matches, and, with ratings, Elo ± half its interval (the anchor
 * marked; without ratings the column is left out). Ordered by Elo
 * when ratings are given, else by score; a last line names the method and anchor.
 */
export function liveTable(summary: Summary, ratings?: Ratings): string {
  const totals = entrantTotals(summary);
  const rating = (i: number) => ratings?.players[i];
  const rows = totals.slice().sort((x, y) => {
    const ex = rating(x.index)?.elo ?? NaN;
    const ey = rating(y.index)?.elo ?? NaN;
    if (Number.isFinite(ex) !== Number.isFinite(ey)) return Number.isFinite(ex) ? -1 : 1;
    if (Number.isFinite(ex) && ex !== ey) return ey - ex;
    const sx = Number.isFinite(x.score) ? x.score : -1;
    const sy = Number.isFinite(y.score) ? y.score : -1;
    return sy - sx || x.index - y.index;
  });
  const cells = rows.map((t) => {
    const r = rating(t.index);
    let elo = '-';
    if (r && Number.isFinite(r.elo)) {
      const half = (r.hi - r.lo) / 2;
      const spread = r.interval === 'too-few-pairs' ? '(no interval)' : `± ${Number.isFinite(half) ? half.toFixed(1) : '?'}`;
      elo = `${signed(r.elo)} ${spread}${r.index === ratings?.anchor.index ? ' (anchor)' : ''}${r.priorBound ? ' (bounded by prior)' : ''}`;
    }
    const row = [t.name, String(t.n), Number.isFinite(t.score) ? `${(100 * t.score).toFixed(1)}%` : '-'];
    return ratings ? [...row, elo] : row;
  });
  const header = ratings ? ['entrant', 'games', 'score%', 'Elo ± 95%/2'] : ['entrant', 'games', 'score%'];
  const widths = header.map((h, k) => Math.max(h.length, ...cells.map((c) => c[k].length)));
  const line = (c: string[]) => c.map((v, k) => (k === 0 || k === 3 ? v.padEnd(widths[k]) : v.padStart(widths[k]))).join('  ').trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
  out.push(
    ratings
      ? `${summary.n} matches, ${summary.pairs.complete} pairs; Elo: Bradley-Terry relative to ${ratings.anchor.name} (anchor = 0), ± half the ${Math.round(ratings.level * 100)}% bootstrap interval${ratings.prior ? '; one virtual draw per pairing was added (someone won or lost every game), and "bounded by prior" ratings reflect it, not the size of the gap' : ''}`
      : `${summary.n} matches, ${summary.pairs.complete} pairs`,
  );
  return `${out.join('\n')}\n`;
}

/** The tournament CSVs by file name: crosstable.csv, ratings.csv, pairings.csv. */
export function tournamentCsvFiles(summary: Summary, ratings: Ratings): Record<string, string> {
  return {
    'crosstable.csv': toCsv(crosstableRows(summary)),
    'ratings.csv': toCsv(ratingsRows(ratings)),
    'pairings.csv': toCsv(pairingsRows(summary)),
  };
}

/** The tournament charts by file name (without extension): ratings, score-heatmap. */
export function tournamentCharts(summary: Summary, ratings: Ratings): Record<string, VlSpec> {
  return { ratings: ratingsChart(ratings, `${summary.experiment}: ratings`), 'score-heatmap': scoreHeatmap(summary) };
}

/**
 * Write `<name>.vl.json` (the spec, data inlined) and `<name>.svg` for each tournament chart
 * (ratings, score-heatmap) into `dir` (created if missing). Returns the files written, in order.
 */
export function writeTournamentCharts(summary: Summary, ratings: Ratings, dir: string): Promise<string[]> {
  return writeSpecs(tournamentCharts(summary, ratings), dir);
}

/** Write the tournament CSVs (tournamentCsvFiles) into `dir`, then the charts (writeTournamentCharts) into it too. Returns the files written. */
export async function writeTournament(summary: Summary, ratings: Ratings, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const [name, text] of Object.entries(tournamentCsvFiles(summary, ratings))) {
    const file = join(dir, name);
    await writeFile(file, text);
    files.push(file);
  }
  return [...files, ...(await writeTournamentCharts(summary, ratings, dir))];
}
