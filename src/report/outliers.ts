/**
 * The matches a designer asks to see: upsets (the weaker side, by the run's own figures, won),
 * the closest games, the longest and the shortest, and those where one component dealt most
 * of a ship's damage; each row links to its replay page, written beside the report for the
 * listed matches only (at most MAX_REPLAYS).
 *
 * Why from matches.csv, and why replays apart from the page: the choice needs every match's
 * row (who sat where, who won, rounds, damage by source), which summary.json pools away; and
 * a replay replays the match with the trace recorder on, which needs the experiment's bots
 * loaded (asynchronous), while the report page is built synchronously at the end of a run. So
 * `writeListedReplays` is called after the page (by `stareater run` and `stareater report`),
 * writes the pages, and the page is rebuilt: a row links to its replay only when the file is
 * there, so the page never holds a dead link.
 *
 * The run's own extremes (analysis.json: the shortest, longest and bloodiest matches, flagged
 * beyond Tukey's fences) join the same table (`watchList`), one row per match with all the
 * reasons it is listed, so a match is never shown twice under two headings.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../analysis/summary.js';
import { loadExperiment } from '../sim/experiment.js';
import { prepare, plannedMatches } from '../sim/play.js';
import { traceExperimentMatch } from '../sim/trace.js';
import { writeReplayHtml } from './replay.js';
import type { Headline, ReportSection } from './model.js';
import { escapeHtml as esc } from './html.js';
import { type MatchTable, num, seatsOf, str } from './pictures.js';
import type { GameTables } from '../rules/tables.js';
import type { OutlierReport, OutlierRow } from '../analysis/outliers.js';
import { int, pct } from './format.js';

/** Rows listed per kind. */
export const PER_KIND = 3;
/** Replay pages written beside the report, at most. */
export const MAX_REPLAYS = 10;
/** A ship must deal at least this much damage for its one-component share to count. */
export const MIN_DAMAGE_FOR_SHARE = 10;

export type PickKind = 'upset' | 'closest' | 'longest' | 'shortest' | 'one component' | 'bloodiest';

export interface Pick {
  kind: PickKind;
  id: number;
  seed: string;
  players: string[];
  winner: string;
  end: string;
  rounds: number;
  /** Why it is listed, in words. */
  why: string;
}

const SOURCES = ['main', 'broadside', 'pointDefence', 'collision'];

/** Each entrant's strength by the run's own figures: score (2 players) or win share (3-4 players). */
function strengths(s: Summary): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of s.playerStats ?? []) if (p.score && Number.isFinite(p.score.value)) out.set(p.name, p.score.value);
  const multi = (s as { multi?: { players?: { name: string; winShare?: { value: number } }[] } }).multi;
  for (const p of multi?.players ?? []) if (!out.has(p.name) && p.winShare && Number.isFinite(p.winShare.value)) out.set(p.name, p.winShare.value);
  return out;
}

/** The listed matches, by kind, from matches.csv. Deterministic: the page and the replays agree. */
export function pickMatches(m: MatchTable, s: Summary, tables: GameTables | null): Pick[] {
  const seats = seatsOf(m);
  const strength = strengths(s);
  const corvNames = (k: number, row: string[]) => tables?.factions.find((f) => f.id === str(m, row, `seat${k}_faction`))?.corvettes.map((c) => c.name) ?? [];
  interface M { id: number; row: string[]; players: string[]; winSeats: number[]; rounds: number; end: string }
  const all: M[] = m.rows.map((row) => {
    const players = Array.from({ length: seats }, (_, k) => str(m, row, `seat${k}_player`));
    const ws = m.col.has('winner_team') ? Number(str(m, row, 'winner_team')) : Number(str(m, row, 'winner_seat'));
    const winSeats = m.col.has('winner_team')
      ? players.map((_, k) => k).filter((k) => str(m, row, `seat${k}_team`) === String(ws) && str(m, row, 'winner_team') !== '' && ws >= 0)
      : Number.isInteger(ws) && ws >= 0 && str(m, row, 'winner_seat') !== '' ? [ws] : [];
    return { id: Number(str(m, row, 'id')), row, players, winSeats, rounds: num(m, row, 'rounds'), end: str(m, row, 'end') };
  });
  const pick = (kind: PickKind, mm: M, why: string): Pick => ({
    kind,
    id: mm.id,
    seed: str(m, mm.row, 'seed'),
    players: mm.players,
    winner: mm.winSeats.length ? mm.winSeats.map((k) => mm.players[k]).join(' and ') : 'no winner',
    end: mm.end,
    rounds: mm.rounds,
    why,
  });
  const out: Pick[] = [];
  const top = <T,>(xs: T[], score: (x: T) => number) => xs.map((x) => [x, score(x)] as const).filter(([, v]) => Number.isFinite(v)).sort((a, b) => b[1] - a[1]).slice(0, PER_KIND);

  // Upsets: the winner's strength below the strongest loser's.
  const decisive = all.filter((x) => x.winSeats.length > 0);
  if (strength.size > 1) {
    const gap = (x: M) => {
      const w = Math.max(...x.winSeats.map((k) => strength.get(x.players[k]) ?? NaN));
      const losers = x.players.filter((_, k) => !x.winSeats.includes(k)).map((p) => strength.get(p) ?? NaN);
      const g = Math.max(...losers) - w;
      return g > 0 ? g * 1e6 - x.id * 1e-6 : NaN;
    };
    for (const [x] of top(decisive, gap)) {
      const w = x.winSeats.map((k) => x.players[k]).join(' and ');
      const best = x.players.filter((_, k) => !x.winSeats.includes(k)).sort((a, b) => (strength.get(b) ?? 0) - (strength.get(a) ?? 0))[0];
      out.push(pick('upset', x, `${w} (${pct(strength.get(x.players[x.winSeats[0]]) ?? null, 0)} over the run) beat ${best} (${pct(strength.get(best) ?? null, 0)})`));
    }
  }
  // Closest: the losers' best damage dealt nearest the winner's (both as totals over the match).
  const dealt = (x: M, k: number) => {
    let t = 0;
    for (const src of SOURCES) t += num(m, x.row, `s${k}_dealt_${src}`);
    for (let i = 0; m.col.has(`s${k}_dealt_corvette${i}`); i++) t += num(m, x.row, `s${k}_dealt_corvette${i}`);
    return t;
  };
  const margin = (x: M) => {
    const w = Math.max(...x.winSeats.map((k) => dealt(x, k)));
    const l = Math.max(...x.players.map((_, k) => k).filter((k) => !x.winSeats.includes(k)).map((k) => dealt(x, k)));
    return { w, l };
  };
  for (const [x] of top(decisive, (x) => { const g = margin(x); return g.w + g.l > 0 ? -Math.abs(g.w - g.l) / (g.w + g.l) - x.id * 1e-9 : NaN; })) {
    const g = margin(x);
    out.push(pick('closest', x, `the winner dealt ${g.w} damage, the loser${x.players.length > 2 ? 's\' best' : ''} ${g.l}`));
  }
  for (const [x] of top(all, (x) => x.rounds - x.id * 1e-9)) out.push(pick('longest', x, `${x.rounds} rounds`));
  for (const [x] of top(all, (x) => -x.rounds - x.id * 1e-9)) out.push(pick('shortest', x, `${x.rounds} rounds`));
  // One component: the largest share of one ship's damage dealt by one source.
  const share = (x: M) => {
    let best = { v: NaN, k: -1, src: '', dealt: 0 };
    for (let k = 0; k < seats; k++) {
      const names = corvNames(k, x.row);
      const parts: [string, number][] = [];
      for (const src of SOURCES) parts.push([src, num(m, x.row, `s${k}_dealt_${src}`)]);
      for (let i = 0; m.col.has(`s${k}_dealt_corvette${i}`); i++) parts.push([names[i] ?? `corvette ${i}`, num(m, x.row, `s${k}_dealt_corvette${i}`)]);
      const total = parts.reduce((a, [, v]) => a + v, 0);
      if (total < MIN_DAMAGE_FOR_SHARE) continue;
      for (const [src, v] of parts) if (!(v / total <= best.v)) best = { v: v / total, k, src, dealt: total };
    }
    return best;
  };
  const shares = new Map(all.map((x) => [x.id, share(x)]));
  for (const [x] of top(all, (x) => (shares.get(x.id)?.v ?? NaN) - x.id * 1e-9)) {
    const b = shares.get(x.id)!;
    out.push(pick('one component', x, `${x.players[b.k]}'s ${b.src === 'pointDefence' ? 'point defence' : b.src} dealt ${pct(b.v, 0)} of its ${b.dealt} damage`));
  }
  return out;
}

/** One row of Matches to watch: a match with every reason it is listed. */
export interface WatchRow {
  id: number;
  kinds: PickKind[];
  players: string[];
  winner: string;
  rounds: number;
  why: string[];
  /** Beyond Tukey's fences on length or total damage (analysis.json). */
  outlier: boolean;
}

const EXTREME_KIND: Record<OutlierRow['kind'], PickKind> = { short: 'shortest', long: 'longest', damage: 'bloodiest' };

/**
 * The picks from matches.csv and the run's extremes from analysis.json as one list, one row per
 * match in first-listed order: of the extremes, the first PER_KIND of each kind and any beyond a
 * fence. `entrants` names the extremes' players (indexes into the experiment's entrants).
 */
export function watchList(picks: Pick[], extremes: OutlierReport | null, entrants: readonly string[]): WatchRow[] {
  const rows = new Map<number, WatchRow>();
  const add = (id: number, kind: PickKind, why: string, make: () => WatchRow, outlier = false) => {
    const r = rows.get(id) ?? rows.set(id, make()).get(id)!;
    if (!r.kinds.includes(kind)) r.kinds.push(kind);
    if (!r.why.includes(why)) r.why.push(why);
    r.outlier ||= outlier;
  };
  for (const p of picks) add(p.id, p.kind, p.why, () => ({ id: p.id, kinds: [], players: p.players, winner: p.winner, rounds: p.rounds, why: [], outlier: false }));
  const seen: Record<string, number> = {};
  for (const r of extremes?.rows ?? []) {
    seen[r.kind] = (seen[r.kind] ?? 0) + 1;
    if (seen[r.kind] > PER_KIND && !r.outlier) continue;
    const players = r.players.map((p) => entrants[p] ?? `entrant ${p}`);
    const winner = r.winner < 0 ? 'no winner' : players.length > 2 ? `the team of seat ${r.winner}` : (players[r.winner] ?? `seat ${r.winner}`);
    const why = r.kind === 'damage' ? `${r.damage} damage dealt in all` : `${r.rounds} rounds`;
    // Beyond a fence: the flagged reason takes the place of the same reason unflagged.
    const had = rows.get(r.id);
    if (r.outlier && had) had.why = had.why.filter((w) => w !== why);
    add(r.id, EXTREME_KIND[r.kind], r.outlier ? `${why}, beyond Tukey's fence` : why, () => ({ id: r.id, kinds: [], players, winner, rounds: r.rounds, why: [], outlier: false }), r.outlier);
  }
  return [...rows.values()];
}

/** The match ids whose replay pages are written: the listed matches, first come, at most MAX_REPLAYS. */
export function replayIds(picks: { id: number }[]): number[] {
  return [...new Set(picks.map((p) => p.id))].slice(0, MAX_REPLAYS);
}

export const replayFile = (id: number) => `replay-${id}.html`;

/**
 * The section: one table of the listed matches (watchList), each linked to its replay page when
 * that page exists, with the run's length and damage quartiles when analysis.json has them.
 */
export function listedMatchesSection(dir: string, rows: WatchRow[], extremes: OutlierReport | null, file: string, headlines: Headline[]): ReportSection {
  const ids = new Set(replayIds(rows));
  const html = rows.map((p) => {
    const page = ids.has(p.id) && existsSync(join(dir, replayFile(p.id)));
    const link = page ? `<a href="${replayFile(p.id)}">replay ${p.id}</a>` : `<code>stareater replay --experiment ${esc(file)} --id ${p.id}</code>`;
    return `<tr data-kind="${esc(p.kinds.join(' '))}" data-id="${p.id}"${p.outlier ? ' data-outlier="1"' : ''}><td>${esc(p.kinds.join(', '))}</td><td class="num">${p.id}</td><td>${esc(p.players.join(' vs '))}</td><td>${esc(p.winner)}</td><td class="num">${p.rounds}</td><td>${esc(p.why.join('; '))}</td><td>${link}</td></tr>`;
  });
  const written = [...ids].filter((id) => existsSync(join(dir, replayFile(id)))).length;
  const upsets = rows.filter((p) => p.kinds.includes('upset')).length;
  if (upsets) headlines.push({ text: `${upsets} upset${upsets === 1 ? '' : 's'} (the weaker side by this run's figures won) ${upsets === 1 ? 'is' : 'are'} listed under Matches to watch${written ? ', with their replays' : ''}.`, level: 'info' });
  const flagged = rows.filter((p) => p.outlier).length;
  if (flagged) headlines.push({ text: `${flagged} outlier match${flagged === 1 ? '' : 'es'} (very short, very long or very bloody) ${flagged === 1 ? 'is' : 'are'} listed under Matches to watch.`, level: 'info' });
  const paragraphs = [
    `Chosen from matches.csv: upsets (the winner's score over the run, or its win share at 3-4 players, below that of the strongest side it beat), the closest games (the loser dealt nearly as much damage as the winner), the longest and shortest, and the matches where one component dealt the largest share of a ship's damage (at least ${MIN_DAMAGE_FOR_SHARE} dealt); ${PER_KIND} of each. A match listed for several reasons has one row. ${written ? `${written} replay page${written === 1 ? ' is' : 's are'} written beside this report (replay-<id>.html); the others replay with the command in their row.` : 'No replay pages are written beside this report yet: `stareater report DIR` writes them (at most ' + MAX_REPLAYS + ').'}`,
  ];
  if (extremes) {
    paragraphs.push(
      `From the run's own record of its extremes, the bloodiest matches join the list, and any match beyond Tukey's fences (length outside ${extremes.rounds.lower}–${extremes.rounds.upper} rounds, or total damage above ${extremes.damage.upper}) is marked as such: ${flagged ? `${flagged} here` : 'none here'}. Quartiles over ${int(extremes.n)} matches: length ${extremes.rounds.q1}/${extremes.rounds.median}/${extremes.rounds.q3} rounds, total damage ${extremes.damage.q1}/${extremes.damage.median}/${extremes.damage.q3}.`,
    );
  }
  return {
    id: 'watch',
    title: 'Matches to watch',
    paragraphs,
    charts: [],
    tables: [],
    html: `<div class="table-wrap"><table class="watch"><caption>Matches to watch</caption><thead><tr><th scope="col">listed as</th><th scope="col" class="num">match</th><th scope="col">players (seat 0 first)</th><th scope="col">winner</th><th scope="col" class="num">rounds</th><th scope="col">why</th><th scope="col">replay</th></tr></thead><tbody>
${html.join('\n')}
</tbody></table></div>`,
  };
}

/**
 * Write the replay pages of the listed matches beside the report (skipping those already
 * there); returns the ids written and the seconds taken. The experiment is the folder's
 * experiment.yaml with the match count the run played (as `stareater replay --results`).
 */
export async function writeListedReplays(dir: string, ids: number[]): Promise<{ written: number[]; seconds: number }> {
  const t0 = performance.now();
  const todo = ids.filter((id) => !existsSync(join(dir, replayFile(id))));
  if (!todo.length) return { written: [], seconds: 0 };
  const file = join(dir, 'experiment.yaml');
  const { experiment } = loadExperiment(file);
  let prep = await prepare(file, experiment);
  const runFile = join(dir, 'run.json');
  if (existsSync(runFile)) {
    const run = JSON.parse(readFileSync(runFile, 'utf8')) as { complete?: boolean; matchesPlayed?: number };
    const tables = prep.plan.pairings.length;
    if (run.matchesPlayed && run.matchesPlayed !== plannedMatches(prep) && run.matchesPlayed % tables === 0) {
      experiment.matches = run.matchesPlayed / tables;
      prep = await prepare(file, experiment);
    }
  }
  const written: number[] = [];
  for (const id of todo) {
    if (id < 0 || id >= plannedMatches(prep)) continue;
    const trace = traceExperimentMatch(prep, id, `stareater replay --results ${dir} --id ${id}`);
    writeReplayHtml(join(dir, replayFile(id)), trace);
    written.push(id);
  }
  return { written, seconds: (performance.now() - t0) / 1000 };
}

/** Summary line for the terminal. */
export const replaysLine = (r: { written: number[]; seconds: number }) => `Replays: ${int(r.written.length)} pages of listed matches written in ${r.seconds.toFixed(1)} s`;
