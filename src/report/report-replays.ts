/**
 * The report with the replay pages of its listed matches (outliers.ts): pick the matches,
 * write their replays beside the report, then build the page, whose rows link to the pages
 * written. Used by `stareater run` (after the batch has written the page) and `stareater report`.
 *
 * Why apart from findings.ts: replaying loads the experiment's bots (asynchronous), while the
 * page itself is built synchronously from the folder's files.
 */
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { Summary } from '../analysis/summary.js';
import { writeReport, type RunAnalysis } from './findings.js';
import { pickMatches, replayIds, watchList, writeListedReplays } from './outliers.js';
import { loadMatchTable, loadRunContent } from './pictures.js';

/** Write the listed matches' replays (at most MAX_REPLAYS), then report.html; returns the report's path and what the replays took. */
export async function writeReportWithReplays(dir: string): Promise<{ path: string; replays: { written: number[]; seconds: number } }> {
  let replays = { written: [] as number[], seconds: 0 };
  const m = loadMatchTable(dir);
  const summaryFile = join(dir, 'summary.json');
  if (m && existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
    const analysisFile = join(dir, 'analysis.json');
    const analysis = existsSync(analysisFile) ? (JSON.parse(readFileSync(analysisFile, 'utf8')) as RunAnalysis) : null;
    const entrants = analysis?.entrants ?? summary.players.map((p) => p.name);
    // The same rows as the page's Matches to watch (findings.ts), so every replay written is linked.
    const ids = replayIds(watchList(pickMatches(m, summary, loadRunContent(dir)?.tables ?? null), analysis?.outliers ?? null, entrants));
    replays = await writeListedReplays(dir, ids);
  }
  return { path: writeReport(dir), replays };
}
