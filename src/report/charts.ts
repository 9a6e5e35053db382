/**
 * Charts of a Summary as Vega-Lite v6 specs, and their SVG rendered in-process.
 *
 * Why Vega-Lite: a spec is plain JSON with its data inlined (`data.values`), so the
 * `.vl.json` files are the chart and its numbers in one, open in the Vega editor or embed
 * in the HTML report, and diff between runs. SVG is rendered by vega's headless View
 * (renderer 'none' + toSVG): no browser, no canvas, no network. Every chart shows the n
 * behind each figure (in labels and tooltips) and draws intervals where the figure has one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compile, type TopLevelSpec } from 'vega-lite';
import { parse, View } from 'vega';
import type { Summary } from '../analysis/summary.js';
import { sizeToContent } from './chart-size.js';

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** A Vega-Lite spec as plain data (JSON-serialisable). */
export type VlSpec = TopLevelSpec & { $schema: string };

/** End kinds in a fixed order, so colours mean the same thing in every report. */
export const END_KINDS = ['victory', 'draw', 'draw-by-limit', 'adjudicated'] as const;

/** NaN/±Infinity are not JSON: inline data uses null for "no value". */
const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

const pairingLabel = (key: string, n: number) => `${key} (n=${n})`;

/**
 * Each pairing's players' win rates as points with Wilson 95% error bars on a 0..1 axis,
 * and a dashed rule at 50%. Rows are pairings (labelled with their n), one point per player.
 */
export function winRateChart(summary: Summary): VlSpec {
  const values = summary.pairings.flatMap((p) =>
    p.players.map((s) => ({
      pairing: pairingLabel(p.key, p.n),
      player: s.name,
      winRate: num(s.winRate.value),
      lo: num(s.winRate.lo),
      hi: num(s.winRate.hi),
      wins: s.wins,
      draws: s.draws,
      losses: s.losses,
      n: s.winRate.n,
    })),
  );
  const y = { field: 'pairing', type: 'nominal', title: 'pairing' } as const;
  const yOffset = { field: 'player', type: 'nominal' } as const;
  const color = { field: 'player', type: 'nominal', title: 'player' } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${summary.experiment}: win rate by pairing`, subtitle: 'points: wins / matches; bars: Wilson 95% interval; n = matches' },
    width: 420,
    data: { values },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          y,
          yOffset,
          color,
          x: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: 'win rate' },
          x2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          y,
          yOffset,
          color,
          x: { field: 'winRate', type: 'quantitative', scale: { domain: [0, 1] } },
          tooltip: [
            { field: 'player', type: 'nominal' },
            { field: 'winRate', type: 'quantitative', format: '.1%', title: 'win rate' },
            { field: 'lo', type: 'quantitative', format: '.1%' },
            { field: 'hi', type: 'quantitative', format: '.1%' },
            { field: 'wins', type: 'quantitative' },
            { field: 'draws', type: 'quantitative' },
            { field: 'losses', type: 'quantitative' },
            { field: 'n', type: 'quantitative', title: 'matches' },
          ],
        },
      },
      {
        data: { values: [{ x: 0.5 }] },
        mark: { type: 'rule', strokeDash: [4, 4], color: 'gray' },
        encoding: { x: { field: 'x', type: 'quantitative' } },
      },
    ],
  };
}

/**
 * Mean damage dealt per match by source, one bar per player (with faction and n) in each
 * source group, with the 95% interval of the mean as error bars.
 */
export function damageByComponentChart(summary: Summary): VlSpec {
  const values = summary.playerStats.flatMap((p) =>
    p.damage.bySource.map((s) => ({
      player: `${p.name} (${p.faction}, n=${p.n})`,
      source: s.source,
      mean: num(s.damage.mean),
      lo: num(s.damage.lo),
      hi: num(s.damage.hi),
      shots: s.shots.count,
      hits: s.hits.count,
      n: s.damage.n,
    })),
  );
  const x = { field: 'source', type: 'nominal', title: 'damage source', sort: null } as const;
  const xOffset = { field: 'player', type: 'nominal' } as const;
  const color = { field: 'player', type: 'nominal', title: 'player' } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${summary.experiment}: damage dealt per match by source`, subtitle: 'bars: mean per match; error bars: 95% interval (normal approximation); n = matches' },
    width: 640,
    data: { values },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          x,
          xOffset,
          color,
          y: { field: 'mean', type: 'quantitative', title: 'damage per match' },
          tooltip: [
            { field: 'player', type: 'nominal' },
            { field: 'source', type: 'nominal' },
            { field: 'mean', type: 'quantitative', format: '.2f' },
            { field: 'lo', type: 'quantitative', format: '.2f' },
            { field: 'hi', type: 'quantitative', format: '.2f' },
            { field: 'shots', type: 'quantitative' },
            { field: 'hits', type: 'quantitative' },
            { field: 'n', type: 'quantitative', title: 'matches' },
          ],
        },
      },
      {
        mark: { type: 'rule', color: 'black' },
        encoding: {
          x,
          xOffset,
          y: { field: 'lo', type: 'quantitative' },
          y2: { field: 'hi' },
        },
      },
    ],
  };
}

/** Histogram of match length in rounds, stacked by pairing (labelled with n). */
export function gameLengthChart(summary: Summary): VlSpec {
  const values = summary.pairings.flatMap((p) =>
    p.length.histogram.map((h) => ({ pairing: pairingLabel(p.key, p.n), rounds: h.rounds, count: h.count, n: p.length.n })),
  );
  const means = summary.pairings.map((p) => `${p.key}: ${Number.isFinite(p.length.rounds.mean) ? p.length.rounds.mean.toFixed(1) : '-'} rounds (n=${p.length.n})`);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${summary.experiment}: game length`, subtitle: means.length ? `mean ${means.join('; ')}` : 'no matches' },
    width: 420,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'rounds', type: 'ordinal', title: 'rounds played' },
      y: { field: 'count', type: 'quantitative', stack: 'zero', title: 'matches' },
      color: { field: 'pairing', type: 'nominal', title: 'pairing' },
      tooltip: [
        { field: 'pairing', type: 'nominal' },
        { field: 'rounds', type: 'quantitative' },
        { field: 'count', type: 'quantitative', title: 'matches' },
        { field: 'n', type: 'quantitative', title: 'matches in pairing' },
      ],
    },
  };
}

/** How matches end (victory, draw, draw by limit, adjudicated) as one stacked bar per pairing. */
export function endsChart(summary: Summary): VlSpec {
  const values = summary.pairings.flatMap((p) => {
    const counts: Record<(typeof END_KINDS)[number], number> = {
      victory: p.ends.victory,
      draw: p.ends.draw,
      'draw-by-limit': p.ends.drawByLimit,
      adjudicated: p.ends.adjudicated,
    };
    return END_KINDS.map((end, order) => ({ pairing: pairingLabel(p.key, p.n), end, order, count: counts[end], share: p.ends.n > 0 ? counts[end] / p.ends.n : null, n: p.ends.n }));
  });
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${summary.experiment}: how matches end`, subtitle: 'matches per pairing by how they ended; n = matches' },
    width: 420,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      y: { field: 'pairing', type: 'nominal', title: 'pairing' },
      x: { field: 'count', type: 'quantitative', stack: 'zero', title: 'matches' },
      color: { field: 'end', type: 'nominal', title: 'end', scale: { domain: [...END_KINDS] } },
      order: { field: 'order', type: 'quantitative' },
      tooltip: [
        { field: 'pairing', type: 'nominal' },
        { field: 'end', type: 'nominal' },
        { field: 'count', type: 'quantitative', title: 'matches' },
        { field: 'share', type: 'quantitative', format: '.1%' },
        { field: 'n', type: 'quantitative', title: 'matches in pairing' },
      ],
    },
  };
}

/** The charts of a summary by file name (without extension). */
export function allCharts(summary: Summary): Record<string, VlSpec> {
  return {
    'win-rate': winRateChart(summary),
    'damage-by-component': damageByComponentChart(summary),
    'game-length': gameLengthChart(summary),
    ends: endsChart(summary),
  };
}

/** Render a Vega-Lite spec to an SVG string, headless: vega-lite compile, then a vega View with renderer 'none' and toSVG. */
export async function renderSvg(spec: VlSpec): Promise<string> {
  const vg = compile(spec).spec;
  const view = new View(parse(vg), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * Write `<name>.vl.json` (the spec, data inlined) and `<name>.svg` for each spec into `dir`
 * (created if missing), each sized to its content first (chart-size.ts: a band per row or bar,
 * labels whole). Returns the files written, in order.
 */
export async function writeSpecs(specs: Record<string, VlSpec>, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const [name, unsized] of Object.entries(specs)) {
    const spec = sizeToContent(unsized);
    const specFile = join(dir, `${name}.vl.json`);
    const svgFile = join(dir, `${name}.svg`);
    await writeFile(specFile, `${JSON.stringify(spec, null, 2)}\n`);
    await writeFile(svgFile, await renderSvg(spec));
    files.push(specFile, svgFile);
  }
  return files;
}

/** Write the summary's charts (allCharts) into `dir`; see writeSpecs. */
export function writeCharts(summary: Summary, dir: string): Promise<string[]> {
  return writeSpecs(allCharts(summary), dir);
}
