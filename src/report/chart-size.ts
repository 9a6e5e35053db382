/**
 * Charts sized to what they hold: a chart with 120 pairings gets a plot tall enough for 120
 * readable rows, a grouped bar chart wide enough for every bar, and an axis or legend label
 * the room to be printed whole (Vega cuts labels at 180 px and legends at 160 px by default).
 *
 * Why one pass over the finished spec, in writeSpecs: every chart of the lab (summary,
 * balance, tournament, panel, multi-player) is written through writeSpecs, so sizing there
 * fits them all, from the data they inline, without each chart function counting its own
 * rows. The pass only grows a size a chart set (never shrinks it) and leaves a chart without
 * a band (nominal or ordinal) axis as it was. Label widths are estimated from the longest
 * label's characters as vega itself estimates them when it renders headless.
 */
import type { VlSpec } from './charts.js';

/** Height of one band (a row of the y axis) and of each offset row inside it, in pixels. */
export const ROW_PX = 18;
export const OFFSET_ROW_PX = 12;
/** Width of one band of the x axis, and of each offset bar inside it. */
export const COLUMN_PX = 22;
export const OFFSET_COLUMN_PX = 14;
/**
 * Width of a label character: vega's headless estimate (0.8 of the 10 px label font, used for
 * the SVG written in Node, where there is no canvas to measure with; a browser's text is
 * narrower), and the most a label may take.
 */
export const CHAR_PX = 8.2;
export const MAX_LABEL_PX = 2400;

type Json = Record<string, unknown>;
type Row = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pixels a label of `chars` characters takes, with a little margin. */
export function labelPx(chars: number): number {
  return Math.min(MAX_LABEL_PX, Math.ceil(chars * CHAR_PX + 8));
}

function valuesOf(node: Json, inherited: Row[]): Row[] {
  const data = node.data;
  let rows = isObj(data) && Array.isArray(data.values) ? (data.values as Row[]) : inherited;
  // The one transform a panel uses to pick its rows (a concat child per faction): field equals value.
  for (const t of Array.isArray(node.transform) ? node.transform : []) {
    const f = isObj(t) && isObj(t.filter) ? t.filter : null;
    if (f && typeof f.field === 'string' && 'equal' in f) rows = rows.filter((r) => r[f.field as string] === f.equal);
  }
  return rows;
}

interface Bands {
  /** Distinct values on the band axis, and inside each band (offset), the most in any layer. */
  bands: number;
  offsets: number;
}

const BAND_TYPES = new Set(['nominal', 'ordinal']);

function distinct(rows: Row[], field: string): number {
  return new Set(rows.map((r) => JSON.stringify(r[field] ?? null))).size;
}

function longest(rows: Row[], field: string): number {
  let n = 0;
  for (const r of rows) n = Math.max(n, String(r[field] ?? '').length);
  return n;
}

/**
 * Walk a view's layers: count its bands on x and y, and give every band axis and nominal
 * legend a label limit that fits its longest label.
 */
function measure(node: Json, rows: Row[], x: Bands, y: Bands): void {
  const own = valuesOf(node, rows);
  const enc = isObj(node.encoding) ? node.encoding : null;
  if (enc) {
    for (const [ch, off, acc] of [['x', 'xOffset', x], ['y', 'yOffset', y]] as const) {
      const e = enc[ch];
      if (!isObj(e) || typeof e.field !== 'string' || !BAND_TYPES.has(String(e.type ?? 'nominal'))) continue;
      acc.bands = Math.max(acc.bands, distinct(own, e.field));
      const o = enc[off];
      if (isObj(o) && typeof o.field === 'string') acc.offsets = Math.max(acc.offsets, distinct(own, o.field));
      if (e.axis === null) continue;
      const axis = isObj(e.axis) ? e.axis : {};
      const limit = labelPx(longest(own, e.field));
      if (typeof axis.labelLimit !== 'number' || (axis.labelLimit > 0 && axis.labelLimit < limit)) e.axis = { ...axis, labelLimit: limit };
    }
    for (const ch of ['color', 'shape', 'strokeDash']) {
      const e = enc[ch];
      if (!isObj(e) || typeof e.field !== 'string' || e.legend === null || !BAND_TYPES.has(String(e.type ?? 'nominal'))) continue;
      const legend = isObj(e.legend) ? e.legend : {};
      const limit = labelPx(longest(own, e.field));
      if (typeof legend.labelLimit !== 'number' || (legend.labelLimit > 0 && legend.labelLimit < limit)) e.legend = { ...legend, labelLimit: limit };
    }
  }
  for (const child of Array.isArray(node.layer) ? node.layer : []) if (isObj(child)) measure(child, own, x, y);
}

/** Size one view (the top of a spec, a concat child or a facet's inner spec) to its bands. */
function sizeView(view: Json, rows: Row[]): void {
  const own = valuesOf(view, rows);
  for (const key of ['vconcat', 'hconcat', 'concat']) {
    const children = view[key];
    if (Array.isArray(children)) for (const c of children) if (isObj(c)) sizeView(c, own);
  }
  if (isObj(view.spec)) sizeView(view.spec, own);
  if (!isObj(view.encoding) && !Array.isArray(view.layer) && !view.mark) return;
  const x: Bands = { bands: 0, offsets: 0 };
  const y: Bands = { bands: 0, offsets: 0 };
  measure(view, rows, x, y);
  if (y.bands > 0 && (view.height === undefined || typeof view.height === 'number')) {
    const need = y.bands * Math.max(ROW_PX, y.offsets * OFFSET_ROW_PX);
    view.height = Math.max(typeof view.height === 'number' ? view.height : 0, need);
  }
  if (x.bands > 0 && (view.width === undefined || typeof view.width === 'number')) {
    const need = x.bands * Math.max(COLUMN_PX, x.offsets * OFFSET_COLUMN_PX);
    view.width = Math.max(typeof view.width === 'number' ? view.width : 0, need);
  }
}

/** A copy of `spec` sized to its content (see the module's note). */
export function sizeToContent(spec: VlSpec): VlSpec {
  const copy = structuredClone(spec) as unknown as Json;
  sizeView(copy, []);
  return copy as unknown as VlSpec;
}
