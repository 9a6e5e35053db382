/**
 * The designer report as plain data: what `report.html` shows, in the order it shows it.
 *
 * Why a model between the results and the HTML: the findings (which sentences, which
 * tables, which charts) are decided from the numbers in one place (src/report/findings.ts),
 * and the page is only a rendering of this structure (src/report/html.ts). Tests can check
 * the findings without parsing HTML, and the page without running an experiment.
 */
import type { VlSpec } from './charts.js';

/** A chart: its Vega-Lite spec (data inlined) and the SVG rendered from it by vega in Node. */
export interface ReportChart {
  /** Unique within the report; used for element ids (letters, digits, dash). */
  id: string;
  title: string;
  spec: VlSpec;
  /** The rendered SVG markup (shown when scripts do not run, and before they do). */
  svg: string;
}

/** A table: header cells and rows of plain values (numbers are shown as given). */
export interface ReportTable {
  caption: string;
  columns: string[];
  rows: (string | number | null)[][];
  /** Optional note under the table (n, method). */
  note?: string;
}

/** One section of the report: a heading, paragraphs of plain text, then charts and tables. */
export interface ReportSection {
  id: string;
  title: string;
  paragraphs: string[];
  charts: ReportChart[];
  tables: ReportTable[];
  /** Markup placed after the paragraphs (inline SVG pictures, cards, linked rows); built with escaped text only. */
  html?: string;
}

/** A finding for the opening list: a sentence, and how much attention it deserves. */
export interface Headline {
  text: string;
  /** info: context; notable: a clear effect; warning: a balance problem or a broken run. */
  level: 'info' | 'notable' | 'warning';
}

export interface ReportModel {
  title: string;
  /** One line under the title: experiment kind, matches, date. */
  subtitle: string;
  headlines: Headline[];
  sections: ReportSection[];
  /** The experiment's settings as key/value rows (name, kind, scenario, seed, matches...). */
  settings: [string, string][];
  /** The experiment file's text, shown verbatim. */
  experimentText: string;
  /** Shell commands that reproduce the run (and replay single matches). */
  reproduce: string[];
  /** Generated-by line: tool version, node version, time. */
  generated: string;
}
