import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.js';
import { summaryRatings, type Ratings } from '../../src/analysis/ratings.js';
import { SummaryAccumulator, type ExperimentPlayer, type Summary } from '../../src/analysis/summary.js';
import { STATUS_DRAW, STATUS_VICTORY } from '../../src/rules/state.js';
import { renderSvg, VEGA_LITE_SCHEMA, type VlSpec } from '../../src/report/charts.js';
import { toCsv } from '../../src/report/csv.js';
import {
  crossCells,
  crosstableRows,
  entrantTotals,
  liveTable,
  PAIRINGS_CSV_HEADER,
  pairingsRows,
  pairsInformative,
  RATINGS_CSV_HEADER,
  ratingsChart,
  ratingsRows,
  scoreHeatmap,
  tournamentCharts,
  tournamentCsvFiles,
  writeTournament,
  writeTournamentCharts,
} from '../../src/report/tournament.js';
import { handRecords, type HandRecord } from '../analysis/records.js';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8')) as Record<string, unknown>;
const tables = loadGameTables();
const PLAYERS: ExperimentPlayer[] = ['A', 'B', 'C'].map((name) => ({ name, policy: 'random', faction: 'fpa' }));

/**
 * A hand-made round robin, results as the first-named player's points per game (1, ½, 0):
 * A–B: (1,1) (1,0) (1,½) (½,½) → A 4 W, 3 D, 1 L, pentanomial [0,0,2,1,1], score 5.5/8;
 * A–C: (0,0) (0,0)           → A 0 W, 0 D, 4 L, [2,0,0,0,0];
 * B–C: (1,0) (½,½)           → B 1 W, 2 D, 1 L, [0,0,2,0,0].
 */
function handSummary(): Summary {
  const rows: HandRecord[] = [];
  let pair = 0;
  const play = (a: number, b: number, r0: number, r1: number) => {
    const id = pair++;
    [r0, r1].forEach((r, game) => {
      const [s0, s1] = game === 0 ? [a, b] : [b, a];
      const winner = r === 1 ? a : r === 0 ? b : -1;
      rows.push({ pair: id, game, p0: s0, p1: s1, f0: 0, f1: 0, winner: winner < 0 ? -1 : winner === s0 ? 0 : 1, status: winner < 0 ? STATUS_DRAW : STATUS_VICTORY });
    });
  };
  play(0, 1, 1, 1);
  play(0, 1, 1, 0);
  play(0, 1, 1, 0.5);
  play(0, 1, 0.5, 0.5);
  play(0, 2, 0, 0);
  play(0, 2, 0, 0);
  play(1, 2, 1, 0);
  play(1, 2, 0.5, 0.5);
  const acc = new SummaryAccumulator({ name: 'hand', players: PLAYERS, tables });
  acc.add(handRecords(rows), rows.length);
  return acc.summarize();
}

/** Φ(z) written out again (Abramowitz–Stegun 26.2.17, |error| < 7.5e-8), not the function under test. */
function phiRef(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? 1 - tail : tail;
}

let validate: ValidateFunction;
let summary: Summary;
let ratings: Ratings;

beforeAll(() => {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, formats: { uri: true, 'uri-reference': true, 'color-hex': true } });
  validate = ajv.compile(schema);
  summary = handSummary();
  ratings = summaryRatings(summary, { resamples: 200, seed: 'tournament-test' });
});

function schemaErrors(spec: unknown): unknown[] {
  return validate(JSON.parse(JSON.stringify(spec))) ? [] : (validate.errors ?? ['invalid']);
}

describe('tournament rows', () => {
  it('the crosstable: each entrant against each opponent, score% and matches, totals', () => {
    expect(crosstableRows(summary)).toEqual([
      ['entrant', 'n', 'score%', 'A score%', 'A n', 'B score%', 'B n', 'C score%', 'C n'],
      ['A', 12, 100 * (5.5 / 12), '', '', 68.75, 8, 0, 4],
      ['B', 12, 37.5, 31.25, 8, '', '', 50, 4],
      ['C', 8, 75, 100, 4, 50, 4, '', ''],
    ]);
    expect(crossCells(summary).find((c) => c.row === 2 && c.col === 1)).toEqual({ row: 2, col: 1, wins: 1, draws: 2, losses: 1, n: 4, score: 0.5 });
    expect(entrantTotals(summary).map((t) => [t.name, t.wins, t.draws, t.losses])).toEqual([
      ['A', 4, 3, 5],
      ['B', 2, 5, 5],
      ['C', 5, 2, 1],
    ]);
    // CSV text: the diagonal is empty
    expect(toCsv(crosstableRows(summary)).split('\n')[2]).toBe('B,12,37.5,31.25,8,,,50,4');
  });

  it('pairings: W/D/L, pentanomial counts, score and Elo with intervals, LOS — hand-computed', () => {
    const rows = pairingsRows(summary);
    expect(rows[0]).toEqual([...PAIRINGS_CSV_HEADER]);
    const ab = rows[1];
    expect(ab.slice(0, 14)).toEqual(['A vs B', 'A', 'B', 8, 4, 3, 1, 0, 0, 2, 1, 1, 4, 0.6875]);
    // σ² = (2·(½ − 0.6875)² + (¾ − 0.6875)² + (1 − 0.6875)²)/4, interval 0.6875 ± 1.959964·σ/√4
    const half = (1.959964 * Math.sqrt(0.04296875)) / 2;
    const [lo, hi, elo, eloLo, eloHi, losWl, losPenta] = ab.slice(14) as number[];
    expect(lo).toBeCloseTo(0.6875 - half, 12);
    expect(hi).toBeCloseTo(0.6875 + half, 12);
    expect(elo).toBeCloseTo(400 * Math.log10(0.6875 / 0.3125), 10);
    expect(eloLo).toBeCloseTo(400 * Math.log10((0.6875 - half) / (0.3125 + half)), 10);
    expect(eloHi).toBeCloseTo(400 * Math.log10((0.6875 + half) / (0.3125 - half)), 10);
    expect(losWl).toBeCloseTo(phiRef(3 / Math.sqrt(5)), 6); // (W − L)/√(W + L) = 3/√5
    expect(losPenta).toBeCloseTo(phiRef(0.1875 / (Math.sqrt(0.04296875) / 2)), 6);
    // A lost every game to C: score 0, no finite Elo (empty CSV cells), LOS from 0 wins 4 losses = Φ(−2)
    const ac = rows[2];
    expect(ac.slice(0, 14)).toEqual(['A vs C', 'A', 'C', 4, 0, 0, 4, 2, 0, 0, 0, 0, 2, 0]);
    expect(ac[16]).toBe(-Infinity);
    expect(ac[19]).toBeCloseTo(phiRef(-2), 6);
    expect(toCsv([ac]).trim().split(',').slice(16, 19)).toEqual(['', '', '']);
    expect(rows[3].slice(0, 14)).toEqual(['B vs C', 'B', 'C', 4, 1, 2, 1, 0, 0, 2, 0, 0, 2, 0.5]);
    // B vs C: two pairs that ended alike (σ̂ = 0): no score or Elo interval and no pair LOS, rather than certainty
    expect(rows[3].slice(14)).toEqual([NaN, NaN, 0, NaN, NaN, 0.5, NaN]);
    expect(ac.slice(14, 16)).toEqual([NaN, NaN]);
    expect(pairsInformative([0, 0, 2, 0, 0])).toBe(false);
    expect(pairsInformative([0, 0, 0, 0, 1])).toBe(false); // one pair
    expect(pairsInformative([0, 0, 2, 1, 1])).toBe(true);
  });

  it('ratings: ranked best first, Elo with interval, n, pairs, score%, the anchor on every row', () => {
    const rows = ratingsRows(ratings);
    expect(rows[0]).toEqual([...RATINGS_CSV_HEADER]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[7], r[8]])).toEqual([
      [1, 'C', 8, 4, 75, 'A'],
      [2, 'A', 12, 6, (100 * 5.5) / 12, 'A'],
      [3, 'B', 12, 6, 37.5, 'A'],
    ]);
    const a = rows.find((r) => r[1] === 'A')!;
    expect(a.slice(2, 5)).toEqual([0, 0, 0]);
    // C has 4 pairs (< MIN_RATING_PAIRS): its interval is left empty, not shown as precise
    const c = rows.find((r) => r[1] === 'C')!;
    expect(ratings.players[2].interval).toBe('too-few-pairs');
    expect(c.slice(3, 5)).toEqual([NaN, NaN]);
    for (const r of rows.slice(1).filter((x) => x[1] !== 'C')) {
      expect(r[3] as number).toBeLessThanOrEqual(r[2] as number);
      expect(r[4] as number).toBeGreaterThanOrEqual(r[2] as number);
    }
  });

  it('the CSV files by name', () => {
    const files = tournamentCsvFiles(summary, ratings);
    expect(Object.keys(files)).toEqual(['crosstable.csv', 'ratings.csv', 'pairings.csv']);
    expect(files['ratings.csv'].split('\n')[0]).toBe('rank,entrant,elo,lo,hi,n,pairs,score%,anchor');
    expect(files['pairings.csv'].split('\n').length).toBe(5); // header, 3 pairings, final newline
  });
});

describe('live table', () => {
  it('fixed-width columns, best first, Elo ± half the interval with the anchor marked', () => {
    const text = liveTable(summary, ratings);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^entrant\s+games\s+score%\s+Elo ± 95%\/2$/);
    expect(lines[1]).toMatch(/^-+( +-+){3}$/);
    expect(lines.slice(2, 5).map((l) => l.split(/\s+/)[0])).toEqual(['C', 'A', 'B']);
    expect(lines[2]).toMatch(/^C\s+8\s+75\.0%\s+\+\d+\.\d \(no interval\)$/);
    expect(lines[3]).toMatch(/^A\s+12\s+45\.8%\s+\+0\.0 ± 0\.0 \(anchor\)$/);
    expect(lines[4]).toMatch(/^B\s+12\s+37\.5%\s+-\d+\.\d ± \d+\.\d$/);
    // columns line up: the score column ends at the same place on every row
    const ends = lines.slice(2, 5).map((l) => l.indexOf('%'));
    expect(new Set(ends).size).toBe(1);
    expect(lines[5]).toMatch(/16 matches, 8 pairs; Elo: Bradley-Terry relative to A/);
    const b = ratings.players[1];
    expect(lines[4]).toContain(`${b.elo.toFixed(1)} ± ${((b.hi - b.lo) / 2).toFixed(1)}`);
  });

  it('without ratings: entrant, games, score% by score', () => {
    const lines = liveTable(summary).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^entrant\s+games\s+score%$/);
    expect(lines.slice(2, 5).map((l) => l.split(/\s+/)[0])).toEqual(['C', 'A', 'B']);
    expect(lines[5]).toBe('16 matches, 8 pairs');
  });
});

describe('tournament charts', () => {
  it('validate against the Vega-Lite v6 schema and inline their data with n', () => {
    const charts = tournamentCharts(summary, ratings);
    expect(Object.keys(charts)).toEqual(['ratings', 'score-heatmap']);
    for (const spec of Object.values(charts)) {
      expect(spec.$schema).toBe(VEGA_LITE_SCHEMA);
      expect(schemaErrors(spec)).toEqual([]);
    }
    const r = ratingsChart(ratings) as VlSpec & { data: { values: { entrant: string; elo: number; lo: number; hi: number; n: number }[] }; layer: { mark: { type: string } }[] };
    expect(r.data.values.map((v) => v.entrant)).toEqual(['C (n=8)', 'A (n=12)', 'B (n=12)']);
    expect(r.data.values[1]).toMatchObject({ elo: 0, lo: 0, hi: 0, n: 12 });
    expect(r.layer.map((l) => l.mark.type)).toEqual(['rule', 'point', 'rule']);
    const h = scoreHeatmap(summary) as VlSpec & { data: { values: { entrant: string; opponent: string; score: number; n: number; label: string }[] } };
    expect(h.data.values.length).toBe(6);
    expect(h.data.values.find((v) => v.entrant === 'A' && v.opponent === 'B')).toMatchObject({ score: 0.6875, n: 8, label: '69% (8)' });
  });

  it('a broken spec fails validation', () => {
    const bad = JSON.parse(JSON.stringify(scoreHeatmap(summary))) as { layer: { mark: { type: string } }[] };
    bad.layer[0].mark.type = 'rectangle';
    expect(schemaErrors(bad).length).toBeGreaterThan(0);
  });

  it('render headless to SVG with their labels', async () => {
    const svgRatings = await renderSvg(ratingsChart(ratings, 'hand: ratings'));
    expect(svgRatings.startsWith('<svg')).toBe(true);
    expect(svgRatings).toContain('hand: ratings');
    expect(svgRatings).toContain('C (n=8)');
    expect(svgRatings).toContain('anchor');
    expect(svgRatings).toContain('mark-symbol');
    expect(svgRatings).toContain('mark-rule');
    const svgHeat = await renderSvg(scoreHeatmap(summary));
    expect(svgHeat).toContain('hand: crosstable');
    expect(svgHeat).toContain('mark-rect');
    expect(svgHeat).toContain('69% (8)');
    expect(svgHeat).toContain('100% (4)');
  });

  it('an empty tournament still gives valid specs, rows and a table', async () => {
    const empty = new SummaryAccumulator({ name: 'empty', players: PLAYERS, tables }).summarize();
    const r = summaryRatings(empty, { resamples: 10 });
    expect(r.players.every((p) => Number.isNaN(p.elo))).toBe(true);
    for (const spec of Object.values(tournamentCharts(empty, r))) {
      expect(schemaErrors(spec)).toEqual([]);
      expect((await renderSvg(spec)).startsWith('<svg')).toBe(true);
    }
    expect(crosstableRows(empty)[1]).toEqual(['A', 0, NaN, '', '', '', '', '', '']);
    expect(pairingsRows(empty)).toEqual([[...PAIRINGS_CSV_HEADER]]);
    expect(ratingsRows(r).slice(1).map((row) => row[0])).toEqual(['', '', '']);
    expect(liveTable(empty, r)).toContain('0 matches, 0 pairs');
  });

  it('writeTournament writes the CSVs, a spec and an SVG per chart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stareater-tournament-'));
    try {
      const files = await writeTournament(summary, ratings, join(dir, 'out'));
      expect(files.map((f) => f.slice(join(dir, 'out').length + 1))).toEqual([
        'crosstable.csv',
        'ratings.csv',
        'pairings.csv',
        'ratings.vl.json',
        'ratings.svg',
        'score-heatmap.vl.json',
        'score-heatmap.svg',
      ]);
      expect(readFileSync(join(dir, 'out', 'crosstable.csv'), 'utf8')).toBe(toCsv(crosstableRows(summary)));
      expect(schemaErrors(JSON.parse(readFileSync(join(dir, 'out', 'score-heatmap.vl.json'), 'utf8')))).toEqual([]);
      const charts = await writeTournamentCharts(summary, ratings, join(dir, 'charts'));
      expect(charts.length).toBe(4);
      expect(readdirSync(join(dir, 'charts')).sort()).toEqual(['ratings.svg', 'ratings.vl.json', 'score-heatmap.svg', 'score-heatmap.vl.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
