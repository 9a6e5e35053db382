/**
 * CSV outputs: matches.csv, one row per match from its record, and
 * summary.csv, the Summary flattened to one row per pairing (or player) and figure.
 *
 * Why fixed columns: two runs of the same experiment must give CSVs that compare byte for
 * byte, and a shard's CSV must line up with another's. So the columns depend only on the
 * tables (how many sections and corvette cards the largest faction has), never on the
 * data: every stat column is written even when it is zero, per-section and per-card
 * columns are by index (factions differ in names), and wall-clock policy time is left out
 * (it differs run to run). Numbers are written with String(), NaN and infinities as empty
 * cells.
 */
import type { BalanceAnalysis } from '../analysis/balance.js';
import type { MultiSummary } from '../analysis/summary-multi.js';
import { stringify } from 'csv-stringify/sync';
import {
  SOURCE_NAMES,
  SRC_CORVETTE,
  STAT_NAMES,
  STATUS_NAMES,
  ST_CORV_KILLED,
  ST_CORV_LAUNCHED,
  ST_CORV_LOST,
  ST_CORV_REPAIRED,
  ST_DAMAGE_DEALT,
  ST_ENEMY_TOKENS_DESTROYED,
  ST_HITS,
  ST_SECTION_DAMAGE,
  ST_SHOTS,
} from '../rules/state.js';
import type { FactionTable, GameTables } from '../rules/tables.js';
import {
  R_FACTION0,
  R_FACTION1,
  R_GAME,
  R_ID,
  R_LOADOUT0,
  R_LOADOUT1,
  R_PAIR,
  R_PLAYER0,
  R_PLAYER1,
  R_ROUNDS,
  R_SEED,
  R_STATS0,
  R_STATS1,
  R_STATUS,
  R_TERMINATION,
  R_FAULT_SEAT,
  R_WINNER,
  RECORD_INTS,
  STATUS_ADJUDICATED,
  TERM_NAMES,
  R_SEATS,
  R_TEAM0,
  R_OUT0,
  R_LOST0,
  R_ESCAPED0,
  SEAT_PLAYER,
  SEAT_FACTION,
  SEAT_LOADOUT,
  SEAT_STATS,
  recordSeats,
} from '../sim/record.js';
import type { ExperimentPlayer, Summary } from '../analysis/summary.js';
import type { ClusteredMean, ClusteredRate } from '../analysis/stats.js';

/** A CSV cell before formatting. */
export type Cell = string | number;

/** A cell as text: numbers by String(), non-finite numbers as ''. */
export function formatCell(v: Cell): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return v;
}

/** Rows (the first usually the header) as CSV text, RFC 4180 quoting, '\n' line ends, via csv-stringify's sync API. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return stringify(rows.map((r) => r.map(formatCell)), { record_delimiter: 'unix' });
}

/** Scalar stat fields in index order (STAT_NAMES). */
const SCALAR_FIELDS: number[] = Object.keys(STAT_NAMES)
  .map(Number)
  .sort((x, y) => x - y);

/** Column counts fixed by the tables: the most sections and corvette cards of any faction. */
function shape(tables: Pick<GameTables, 'factions'>): { sections: number; corvettes: number } {
  let sections = 0;
  let corvettes = 0;
  for (const f of tables.factions) {
    sections = Math.max(sections, f.hull.sectionCount);
    corvettes = Math.max(corvettes, f.corvettes.length);
  }
  return { sections, corvettes };
}

const seatColumnsCache = new WeakMap<object, { name: string; field: number }[]>();

/** Per-seat column suffixes, in order, with the stat offset each reads (relative to the seat's stat block); cached per factions list. */
function seatColumns(tables: Pick<GameTables, 'factions'>): { name: string; field: number }[] {
  const cached = seatColumnsCache.get(tables.factions);
  if (cached) return cached;
  const { sections, corvettes } = shape(tables);
  const cols: { name: string; field: number }[] = [];
  for (const f of SCALAR_FIELDS) cols.push({ name: STAT_NAMES[f], field: f });
  for (let s = 0; s < sections; s++) cols.push({ name: `damage_taken_sec${s}`, field: ST_SECTION_DAMAGE + s });
  const sources = SRC_CORVETTE + corvettes;
  for (const [label, base] of [['dealt', ST_DAMAGE_DEALT], ['shots', ST_SHOTS], ['hits', ST_HITS]] as const)
    for (let src = 0; src < sources; src++) cols.push({ name: `${label}_${SOURCE_NAMES[src]}`, field: base + src });
  for (const [label, base] of [['corv_launched', ST_CORV_LAUNCHED], ['corv_lost', ST_CORV_LOST], ['corv_killed', ST_CORV_KILLED], ['corv_repaired', ST_CORV_REPAIRED]] as const)
    for (let c = 0; c < corvettes; c++) cols.push({ name: `${label}_${c}`, field: base + c });
  cols.push({ name: 'enemyTokensDestroyed', field: ST_ENEMY_TOKENS_DESTROYED });
  seatColumnsCache.set(tables.factions, cols);
  return cols;
}

const MATCH_COLUMNS = [
  'id',
  'pair',
  'game',
  'seed',
  'seat0_player',
  'seat1_player',
  'seat0_policy',
  'seat1_policy',
  'seat0_faction',
  'seat1_faction',
  'seat0_loadout',
  'seat1_loadout',
  'winner',
  'winner_seat',
  'end',
  'termination',
  'fault_seat',
  'rounds',
];

/**
 * The matches.csv header: the match columns, then per seat `s0_` / `s1_`: every scalar
 * stat (STAT_NAMES), damage taken by section index (`damage_taken_sec<i>`), damage dealt,
 * shots and hits by source (`dealt_main`, ..., `hits_corvette<c>`, corvette sources by
 * the seat's corvette card index), corvettes launched / lost / killed / repaired by card
 * index (killed: by the enemy's card), enemy tokens destroyed. Depends only on the tables.
 */
export function matchRowHeader(tables: Pick<GameTables, 'factions'>, seats = 2): string[] {
  const seat = seatColumns(tables);
  if (seats <= 2) return [...MATCH_COLUMNS, ...seat.map((c) => `s0_${c.name}`), ...seat.map((c) => `s1_${c.name}`)];
  const each = (name: string) => Array.from({ length: seats }, (_, i) => `seat${i}_${name}`);
  return [
    ...MULTI_COLUMNS_HEAD,
    ...each('player'),
    ...each('policy'),
    ...each('faction'),
    ...each('loadout'),
    ...each('team'),
    ...each('out_round'),
    ...each('lost_round'),
    ...each('escaped'),
    ...MULTI_COLUMNS_TAIL,
    ...Array.from({ length: seats }, (_, i) => seat.map((c) => `s${i}_${c.name}`)).flat(),
  ];
}

/**
 * matches.csv of a 3- or 4-player run: per seat its player, policy, faction, loadout, team
 * (the team id: the lowest seat of the team), the round it left the battle (`out_round`, 0:
 * never), the round its capital ship was destroyed (`lost_round`) and whether its Command
 * Corvette escaped; `winner` names the winning team's players joined by '+', `winner_team`
 * its id. `pair` is the rotation block, `game` the rotation.
 */
const MULTI_COLUMNS_HEAD = ['id', 'pair', 'game', 'seed'];
const MULTI_COLUMNS_TAIL = ['winner', 'winner_team', 'end', 'termination', 'fault_seat', 'rounds'];

/** Row `row` of a 3- or 4-seat record as matches.csv cells (matchRowHeader with its seats). */
function multiRow(record: Int32Array, o: number, n: number, tables: Pick<GameTables, 'factions'>, experimentPlayers: readonly ExperimentPlayer[]): Cell[] {
  const seats = Array.from({ length: n }, (_, i) => i);
  const p = seats.map((i) => record[o + SEAT_PLAYER[i]]);
  const fi = seats.map((i) => record[o + SEAT_FACTION[i]]);
  const playerName = (i: number) => experimentPlayers[i]?.name ?? `player${i}`;
  const winner = record[o + R_WINNER];
  const winners = winner >= 0 ? seats.filter((i) => record[o + R_TEAM0 + i] === winner) : [];
  return [
    record[o + R_ID],
    record[o + R_PAIR],
    record[o + R_GAME],
    record[o + R_SEED] >>> 0,
    ...p.map(playerName),
    ...p.map((x) => experimentPlayers[x]?.policy ?? ''),
    ...fi.map((f) => tables.factions[f]?.id ?? `faction${f}`),
    ...seats.map((i) => loadoutIds(tables.factions[fi[i]], record.subarray(o + SEAT_LOADOUT[i], o + SEAT_LOADOUT[i] + 8))),
    ...seats.map((i) => record[o + R_TEAM0 + i]),
    ...seats.map((i) => record[o + R_OUT0 + i]),
    ...seats.map((i) => record[o + R_LOST0 + i]),
    ...seats.map((i) => record[o + R_ESCAPED0 + i]),
    winners.map((i) => playerName(p[i])).join('+'),
    winner >= 0 ? winner : '',
    endName(record[o + R_STATUS]),
    TERM_NAMES[record[o + R_TERMINATION]] ?? String(record[o + R_TERMINATION]),
    record[o + R_TERMINATION] ? String(record[o + R_FAULT_SEAT]) : '',
    record[o + R_ROUNDS],
    ...seats.flatMap((i) => seatColumns(tables).map((c) => record[o + SEAT_STATS[i] + c.field])),
  ];
}

/** Card ids of a loadout (8 ints: main, broadside, hangar, point defence, 4 corvettes) joined with '+'. */
export function loadoutIds(f: FactionTable | undefined, lo: ArrayLike<number>): string {
  if (!f) return Array.from({ length: 8 }, (_, i) => String(lo[i])).join('+');
  const id = (list: { id: string }[], i: number) => list[i]?.id ?? String(i);
  return [id(f.mainWeapons, lo[0]), id(f.broadsides, lo[1]), id(f.hangars, lo[2]), id(f.pointDefence, lo[3]), ...[4, 5, 6, 7].map((k) => id(f.corvettes, lo[k]))].join('+');
}

/** How a match ended, as a word: victory, draw, draw-by-limit, adjudicated. */
export function endName(status: number): string {
  return status === STATUS_ADJUDICATED ? 'adjudicated' : (STATUS_NAMES[status] ?? `status${status}`);
}

/** Row `row` of a record chunk as matches.csv cells (already formatted as text), in matchRowHeader order. */
export function matchRow(record: Int32Array, row: number, tables: Pick<GameTables, 'factions'>, experimentPlayers: readonly ExperimentPlayer[]): string[] {
  const o = row * RECORD_INTS;
  const n = recordSeats(record, o);
  if (n > 2) return multiRow(record, o, n, tables, experimentPlayers).map(formatCell);
  const p = [record[o + R_PLAYER0], record[o + R_PLAYER1]];
  const fi = [record[o + R_FACTION0], record[o + R_FACTION1]];
  const f = [tables.factions[fi[0]], tables.factions[fi[1]]];
  const lo = [record.subarray(o + R_LOADOUT0, o + R_LOADOUT0 + 8), record.subarray(o + R_LOADOUT1, o + R_LOADOUT1 + 8)];
  const winner = record[o + R_WINNER];
  const playerName = (i: number) => experimentPlayers[i]?.name ?? `player${i}`;
  const cells: Cell[] = [
    record[o + R_ID],
    record[o + R_PAIR],
    record[o + R_GAME],
    record[o + R_SEED] >>> 0,
    playerName(p[0]),
    playerName(p[1]),
    experimentPlayers[p[0]]?.policy ?? '',
    experimentPlayers[p[1]]?.policy ?? '',
    f[0]?.id ?? `faction${fi[0]}`,
    f[1]?.id ?? `faction${fi[1]}`,
    loadoutIds(f[0], lo[0]),
    loadoutIds(f[1], lo[1]),
    winner === 0 || winner === 1 ? playerName(p[winner]) : '',
    winner === 0 || winner === 1 ? winner : '',
    endName(record[o + R_STATUS]),
    TERM_NAMES[record[o + R_TERMINATION]] ?? String(record[o + R_TERMINATION]),
    record[o + R_TERMINATION] ? String(record[o + R_FAULT_SEAT]) : '',
    record[o + R_ROUNDS],
  ];
  const cols = seatColumns(tables);
  for (const base of [o + R_STATS0, o + R_STATS1]) for (const c of cols) cells.push(record[base + c.field]);
  return cells.map(formatCell);
}

/** '-' '0' ',' '\n' as bytes. */
const MINUS = 45;
const ZERO = 48;
const COMMA = 44;
const NEWLINE = 10;
/** The longest int32 as text: "-2147483648". */
const INT_BYTES = 11;

/**
 * matches.csv rows straight from a record chunk into bytes. The batch's workers write
 * every chunk's rows with it (worker.ts); the main thread only for rows too long for
 * their slot.
 *
 * Why not matchRow and toCsv: a row is about 290 cells, and building them as strings for
 * csv-stringify took about 63 microseconds a match (7 for matchRow; 250 real records), as
 * long as a worker takes to play one; done on the main thread, two workers
 * ran slower than one. Here a number cell is written digit by digit, and a text cell (a
 * name, an id, a loadout) is quoted by csv-stringify the first time it occurs and copied
 * after that, from tables by player, faction, end and termination code, and loadout. The
 * bytes equal toCsv(matchRow(...)) for every row (test/report/csv.test.ts), so matchRow
 * stays the readable definition of a row.
 */
export class MatchCsvWriter {
  private buf = Buffer.allocUnsafe(1 << 16);
  private at = 0;
  /** Quoted text cells by index: player names and policies, faction ids, end and termination names. */
  private readonly names: (Uint8Array | undefined)[] = [];
  private readonly policies: (Uint8Array | undefined)[] = [];
  private readonly factionIds: (Uint8Array | undefined)[] = [];
  private readonly ends: (Uint8Array | undefined)[] = [];
  private readonly terminations: (Uint8Array | undefined)[] = [];
  /** Winner cells of 3-4 player rows, by the winning players. */
  private readonly winners = new Map<number, Uint8Array>();
  /** Loadout cells by faction and card indices (loadoutKey), so a row builds no string. */
  private readonly loadouts = new Map<number, Uint8Array>();
  /** Stat offsets of a seat's columns, in header order. */
  private readonly fields: Int32Array;

  constructor(
    private readonly tables: Pick<GameTables, 'factions'>,
    private readonly players: readonly ExperimentPlayer[],
  ) {
    this.fields = Int32Array.from(seatColumns(tables), (c) => c.field);
  }

  /** Rows [0, count) of a record chunk as matches.csv bytes: a view that the next call overwrites. */
  rows(record: Int32Array, count: number): Buffer {
    this.at = 0;
    for (let i = 0; i < count; i++) this.row(record, i * RECORD_INTS);
    return this.buf.subarray(0, this.at);
  }

  private row(r: Int32Array, o: number): void {
    if (r[o + R_SEATS] > 2) return this.multiRow(r, o, r[o + R_SEATS]);
    const p0 = r[o + R_PLAYER0];
    const p1 = r[o + R_PLAYER1];
    const f0 = r[o + R_FACTION0];
    const f1 = r[o + R_FACTION1];
    const winner = r[o + R_WINNER];
    const status = r[o + R_STATUS];
    const termination = r[o + R_TERMINATION];
    this.int(r[o + R_ID]);
    this.int(r[o + R_PAIR]);
    this.int(r[o + R_GAME]);
    this.int(r[o + R_SEED] >>> 0);
    this.cell(this.names, p0, this.players[p0]?.name ?? `player${p0}`);
    this.cell(this.names, p1, this.players[p1]?.name ?? `player${p1}`);
    this.cell(this.policies, p0, this.players[p0]?.policy ?? '');
    this.cell(this.policies, p1, this.players[p1]?.policy ?? '');
    this.cell(this.factionIds, f0, this.tables.factions[f0]?.id ?? `faction${f0}`);
    this.cell(this.factionIds, f1, this.tables.factions[f1]?.id ?? `faction${f1}`);
    this.loadout(r, o + R_FACTION0, o + R_LOADOUT0);
    this.loadout(r, o + R_FACTION1, o + R_LOADOUT1);
    if (winner === 0 || winner === 1) {
      const p = winner === 0 ? p0 : p1;
      this.cell(this.names, p, this.players[p]?.name ?? `player${p}`);
      this.int(winner);
    } else {
      this.empty();
      this.empty();
    }
    this.cell(this.ends, status, endName(status));
    this.cell(this.terminations, termination, TERM_NAMES[termination] ?? String(termination));
    if (termination) this.int(r[o + R_FAULT_SEAT]);
    else this.empty();
    this.int(r[o + R_ROUNDS]);
    this.stats(r, o + R_STATS0);
    this.stats(r, o + R_STATS1);
    this.buf[this.at - 1] = NEWLINE; // the last cell's comma
  }

  /** A 3- or 4-seat row, cell for cell as multiRow writes it (matchRowHeader with its seats). */
  private multiRow(r: Int32Array, o: number, n: number): void {
    this.int(r[o + R_ID]);
    this.int(r[o + R_PAIR]);
    this.int(r[o + R_GAME]);
    this.int(r[o + R_SEED] >>> 0);
    for (let i = 0; i < n; i++) {
      const p = r[o + SEAT_PLAYER[i]];
      this.cell(this.names, p, this.players[p]?.name ?? `player${p}`);
    }
    for (let i = 0; i < n; i++) {
      const p = r[o + SEAT_PLAYER[i]];
      this.cell(this.policies, p, this.players[p]?.policy ?? '');
    }
    for (let i = 0; i < n; i++) {
      const f = r[o + SEAT_FACTION[i]];
      this.cell(this.factionIds, f, this.tables.factions[f]?.id ?? `faction${f}`);
    }
    for (let i = 0; i < n; i++) this.loadout(r, o + SEAT_FACTION[i], o + SEAT_LOADOUT[i]);
    for (let b = 0; b < SEAT_INT_BLOCKS.length; b++) for (let i = 0; i < n; i++) this.int(r[o + SEAT_INT_BLOCKS[b] + i]);
    const winner = r[o + R_WINNER];
    if (winner >= 0) {
      // The winners' names joined by '+', kept by the winning players' indices.
      let key = 0;
      for (let i = 0; i < n; i++) if (r[o + R_TEAM0 + i] === winner) key = key * 1024 + r[o + SEAT_PLAYER[i]] + 1;
      let q = this.winners.get(key);
      if (q === undefined) {
        const names: string[] = [];
        for (let i = 0; i < n; i++) if (r[o + R_TEAM0 + i] === winner) names.push(this.players[r[o + SEAT_PLAYER[i]]]?.name ?? `player${r[o + SEAT_PLAYER[i]]}`);
        this.winners.set(key, (q = quote(names.join('+'))));
      }
      this.bytes(q);
      this.int(winner);
    } else {
      this.bytes(EMPTY_QUOTED);
      this.empty();
    }
    const status = r[o + R_STATUS];
    const termination = r[o + R_TERMINATION];
    this.cell(this.ends, status, endName(status));
    this.cell(this.terminations, termination, TERM_NAMES[termination] ?? String(termination));
    if (termination) this.int(r[o + R_FAULT_SEAT]);
    else this.empty();
    this.int(r[o + R_ROUNDS]);
    for (let i = 0; i < n; i++) this.stats(r, o + SEAT_STATS[i]);
    this.buf[this.at - 1] = NEWLINE;
  }

  /** A seat's stat cells: most are one digit (usually 0), written in place; the rest by int(). */
  private stats(r: Int32Array, base: number): void {
    const fields = this.fields;
    this.reserve(fields.length * (INT_BYTES + 1));
    const buf = this.buf;
    let at = this.at;
    for (let f = 0; f < fields.length; f++) {
      const v = r[base + fields[f]];
      if (v >= 0 && v < 10) {
        buf[at++] = ZERO + v;
        buf[at++] = COMMA;
      } else {
        this.at = at;
        this.int(v);
        at = this.at;
      }
    }
    this.at = at;
  }

  /** Room for n more bytes. */
  private reserve(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.at + n));
    this.buf.copy(grown, 0, 0, this.at);
    this.buf = grown;
  }

  /** An integer cell (int32, or a seed as uint32) and its comma. */
  private int(v: number): void {
    this.reserve(INT_BYTES + 1);
    const buf = this.buf;
    let at = this.at;
    if (v < 0) {
      buf[at++] = MINUS;
      v = -v;
    }
    const start = at;
    do {
      const d = v % 10;
      buf[at++] = ZERO + d;
      v = (v - d) / 10;
    } while (v > 0);
    for (let a = start, b = at - 1; a < b; a++, b--) {
      const t = buf[a];
      buf[a] = buf[b];
      buf[b] = t;
    }
    buf[at++] = COMMA;
    this.at = at;
  }

  /** An empty cell: its comma. */
  private empty(): void {
    this.reserve(1);
    this.buf[this.at++] = COMMA;
  }

  /** The text cell of code `index` in `table`, quoted from `text` on its first use. */
  private cell(table: (Uint8Array | undefined)[], index: number, text: string): void {
    const kept = index >= 0 && index < MAX_CODE;
    let q = kept ? table[index] : undefined;
    if (q === undefined) {
      q = quote(text);
      if (kept) table[index] = q;
    }
    this.bytes(q);
  }

  /** Bytes and a comma (a loop: Buffer.copy costs more than these few bytes). */
  private bytes(q: Uint8Array): void {
    this.reserve(q.length + 1);
    const buf = this.buf;
    let at = this.at;
    for (let k = 0; k < q.length; k++) buf[at++] = q[k];
    buf[at++] = COMMA;
    this.at = at;
  }

  /** The loadout cell of the faction at r[faction] with the 8 card indices from r[from]. */
  private loadout(r: Int32Array, faction: number, from: number): void {
    const key = loadoutKey(r, faction, from);
    let q = key < 0 ? undefined : this.loadouts.get(key);
    if (q === undefined) {
      q = quote(loadoutIds(this.tables.factions[r[faction]], r.subarray(from, from + 8)));
      if (key >= 0) this.loadouts.set(key, q);
    }
    this.bytes(q);
  }
}

/** The per-seat integer columns of a 3-4 player row, in header order: team, out_round, lost_round, escaped. */
const SEAT_INT_BLOCKS = [R_TEAM0, R_OUT0, R_LOST0, R_ESCAPED0];

/** An empty text cell as csv-stringify writes it (nothing). */
const EMPTY_QUOTED = new Uint8Array(0);

/** Codes above this (a player, faction, end or termination index) are quoted afresh each time rather than kept. */
const MAX_CODE = 1024;

/** A text cell as csv-stringify writes it. */
function quote(text: string): Uint8Array {
  return Buffer.from(toCsv([[text]]).slice(0, -1));
}

/** One number for a faction index and 8 card indices when each is in 0..31 and the faction in 0..1023 (exact in a double); else -1. */
function loadoutKey(r: Int32Array, faction: number, from: number): number {
  let key = r[faction];
  if (key < 0 || key > 1023) return -1;
  for (let k = 0; k < 8; k++) {
    const v = r[from + k];
    if (v < 0 || v > 31) return -1;
    key = key * 32 + v;
  }
  return key;
}

/** The summary.csv header. */
export const SUMMARY_CSV_HEADER = ['scope', 'player', 'figure', 'value', 'lo', 'hi', 'n', 'clusters'] as const;

/**
 * The Summary as a flat table for summary.csv: a header row, then one row per
 * (scope, player, figure) with value, lo, hi, n and the independent clusters (pairs or
 * seeds) the interval rests on (lo/hi/clusters empty for counts and ratios).
 * Scope is the pairing key ("A vs B") for pairing figures, or `player:<name>/<faction>`
 * for a player's component figures; `player` names the player a figure is about ('' for
 * the pairing as a whole). Row order follows the Summary (pairings, then players).
 */
export function summaryCsvRows(summary: Summary): Cell[][] {
  const rows: Cell[][] = [[...SUMMARY_CSV_HEADER]];
  const rate = (scope: string, player: string, figure: string, r: ClusteredRate) => rows.push([scope, player, figure, r.value, r.lo, r.hi, r.n, r.clusters]);
  const mean = (scope: string, player: string, figure: string, m: ClusteredMean) => rows.push([scope, player, figure, m.mean, m.lo, m.hi, m.n, m.clusters]);
  const count = (scope: string, player: string, figure: string, value: number, n: number) => rows.push([scope, player, figure, value, '', '', n, '']);
  for (const p of summary.pairings) {
    const k = p.key;
    count(k, '', 'matches', p.n, p.n);
    for (const s of p.players) {
      count(k, s.name, 'wins', s.wins, s.n);
      count(k, s.name, 'draws', s.draws, s.n);
      count(k, s.name, 'losses', s.losses, s.n);
      rate(k, s.name, 'win_rate', s.winRate);
      rate(k, s.name, 'score', s.score);
    }
    rate(k, '', 'draw_rate', p.draws.rate);
    const pe = p.pentanomial;
    pe.counts.forEach((c, i) => count(k, p.players[0].name, `pentanomial_${i / 2}`, c, pe.n));
    rows.push([k, p.players[0].name, 'pentanomial_score', pe.score.mean, pe.score.lo, pe.score.hi, pe.n, pe.n]);
    rows.push([k, p.players[0].name, 'pentanomial_elo', pe.elo.value, pe.elo.lo, pe.elo.hi, pe.n, pe.n]);
    mean(k, '', 'rounds', p.length.rounds);
    for (const h of p.length.histogram) count(k, '', `rounds_${h.rounds}`, h.count, p.length.n);
    count(k, '', 'end_victory', p.ends.victory, p.ends.n);
    count(k, '', 'end_draw', p.ends.draw, p.ends.n);
    count(k, '', 'end_draw_by_limit', p.ends.drawByLimit, p.ends.n);
    count(k, '', 'end_adjudicated', p.ends.adjudicated, p.ends.n);
    for (const [why, c] of Object.entries(p.ends.terminations)) count(k, '', `termination_${why.replace(/\s+/g, '_')}`, c, p.ends.n);
    rate(k, '', 'seat0_win_rate', p.seat.seat0WinRate);
  }
  if (summary.multi) {
    // 3-4 players: every table's figures (tables.csv's rows, scope = the table).
    for (const r of multiTableRows(summary.multi).slice(1)) rows.push([`table:${r[1]}`, r[2] === 'seat' ? `seat ${r[3]}` : r[3], r[4], r[5], r[6], r[7], r[8], r[9]]);
    for (const p of summary.multi.players) rate(`player:${p.name}`, p.name, 'win_share', p.winShare);
  } else rate('all pairings', '', 'seat0_win_rate', summary.seat.seat0WinRate);
  for (const p of summary.playerStats) {
    const scope = `player:${p.name}/${p.faction}`;
    count(scope, p.name, 'matches', p.n, p.n);
    rate(scope, p.name, 'win_rate', p.winRate);
    rate(scope, p.name, 'score', p.score);
    mean(scope, p.name, 'damage_total', p.damage.total);
    for (const s of p.damage.bySource) {
      mean(scope, p.name, `damage_${s.source}`, s.damage);
      count(scope, p.name, `shots_${s.source}`, s.shots.count, s.shots.n);
      count(scope, p.name, `hits_${s.source}`, s.hits.count, s.hits.n);
      count(scope, p.name, `hits_per_shot_${s.source}`, s.hitsPerShot.value, s.hitsPerShot.n);
    }
    for (const d of p.damageTaken) count(scope, p.name, `damage_taken_${d.section}`, d.perMatch, d.n);
    for (const [name, m] of Object.entries(p.stats)) mean(scope, p.name, name, m);
    count(scope, p.name, 'corvettes_launched', p.corvettes.launched, p.corvettes.n);
    count(scope, p.name, 'corvettes_lost', p.corvettes.lost, p.corvettes.n);
    count(scope, p.name, 'corvettes_killed', p.corvettes.killed, p.corvettes.n);
    count(scope, p.name, 'corvette_exchange', p.corvettes.exchange, p.corvettes.n);
    count(scope, p.name, 'enemy_tokens_destroyed', p.enemyTokensDestroyed.count, p.enemyTokensDestroyed.n);
  }
  return rows;
}

const n4 = (x: number): Cell => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : '');

/**
 * CSV files of a balance analysis by name (without .csv): one row per component, loadout,
 * sweep point or entrant. Intervals are the analyses' pair-aware ones, on the score
 * (wins + draws/2); the plain win rate is given as a value only.
 */
export function balanceCsvRows(a: BalanceAnalysis): Record<string, Cell[][]> {
  if (a.kind === 'loadout-sweep')
    return {
      components: [
        ['slot', 'card', 'name', 'loadouts', 'matches', 'share_of_wins', 'share_of_matches', 'score_with', 'with_lo', 'with_hi', 'score_without', 'without_lo', 'without_hi', 'difference', 'difference_lo', 'difference_hi', 'damage_per_match', 'effect_log_odds', 'effect_se', 'effect_points', 'effect_lo', 'effect_hi', 'effect_lo_corrected', 'effect_hi_corrected', 'per_copy', 'estimable', 'flag'],
        ...a.components.map((c) => [
          c.slot, c.card, c.name, c.loadouts, c.matches, n4(c.pickInWins.value), n4(c.pickInWins.shareOfMatches),
          n4(c.scoreWith.value), n4(c.scoreWith.lo), n4(c.scoreWith.hi), n4(c.scoreWithout.value), n4(c.scoreWithout.lo), n4(c.scoreWithout.hi),
          n4(c.scoreDifference.value), n4(c.scoreDifference.lo), n4(c.scoreDifference.hi),
          c.damagePerMatch ? n4(c.damagePerMatch.mean) : '',
          n4(c.effect.logOdds), n4(c.effect.se), n4(c.effect.points), n4(c.effect.lo), n4(c.effect.hi), n4(c.effect.loCorrected), n4(c.effect.hiCorrected), c.effect.perCopy ? 1 : 0, c.estimable ? 1 : 0, c.flag ?? '',
        ]),
      ],
      loadouts: [['loadout', 'matches', 'pairs', 'score', 'lo', 'hi', 'win_rate'], ...a.ranking.map((r) => [r.name, r.matches, r.pairs, n4(r.score.value), n4(r.score.lo), n4(r.score.hi), n4(r.winRate.value)])],
    };
  if (a.kind === 'stat-sweep')
    return {
      'stat-sweep': [
        ['card', 'field', 'value', 'matches', 'pairs', 'score', 'lo', 'hi', 'win_rate', 'slope', 'slope_lo', 'slope_hi', 'crossing_status', 'crossing', 'crossing_lo', 'crossing_hi'],
        ...a.curves.flatMap((c) =>
          c.points.map((p) => [
            c.card, c.field, p.value, p.matches, p.pairs, n4(p.score.value), n4(p.score.lo), n4(p.score.hi), n4(p.winRate.value),
            n4(c.slope.estimate), n4(c.slope.lo), n4(c.slope.hi), c.crossingInterval.status, c.crossing === null ? '' : n4(c.crossing), n4(c.crossingInterval.lo), n4(c.crossingInterval.hi),
          ]),
        ),
      ],
    };
  return {
    'meta-matrix': [['entrant', ...a.entrants], ...a.entrants.map((name, i) => [name, ...a.score[i].map(n4)])],
    'meta-equilibrium': [
      ['entrant', 'weight', 'bootstrap_mean_weight', 'bootstrap_weight_lo', 'bootstrap_weight_hi', 'bootstrap_in_support'],
      ...a.entrants.map((name, i) => [name, n4(a.mixture[i]), n4(a.bootstrap.meanWeight[i]), n4(a.bootstrap.weightLo[i]), n4(a.bootstrap.weightHi[i]), n4(a.bootstrap.inSupport[i])]),
    ],
  };
}

// ---------------------------------------------------------------------------------------
// 3-4 players

const rateCells = (r: ClusteredRate): Cell[] => [r.value, r.lo, r.hi, r.n, r.clusters];

/** tables.csv: one row per table and entrant (and per seat, team), every figure with n and clusters (blocks). */
export function multiTableRows(m: MultiSummary): Cell[][] {
  const rows: Cell[][] = [['table', 'key', 'row', 'name', 'figure', 'value', 'lo', 'hi', 'n', 'clusters']];
  for (const t of m.tables) {
    const r = (row: string, name: string, figure: string, x: Cell[]) => rows.push([t.table, t.key, row, name, figure, ...x]);
    for (const p of t.players) {
      r('entrant', p.name, 'win_share', rateCells(p.winShare));
      r('entrant', p.name, 'score', rateCells(p.score));
      r('entrant', p.name, 'place', [p.place.mean, p.place.lo, p.place.hi, p.place.n, p.place.clusters]);
      r('entrant', p.name, 'left_battle', [p.left, '', '', p.n, '']);
      r('entrant', p.name, 'ships_lost', [p.shipsLost, '', '', p.n, '']);
      r('entrant', p.name, 'escapes', [p.escapes, '', '', p.n, '']);
      r('entrant', p.name, 'corvettes_killed', [p.corvettesKilled, '', '', p.n, '']);
      r('entrant', p.name, 'damage_dealt', [p.dealt.mean, p.dealt.lo, p.dealt.hi, p.dealt.n, p.dealt.clusters]);
      r('entrant', p.name, 'damage_taken', [p.taken.mean, p.taken.lo, p.taken.hi, p.taken.n, p.taken.clusters]);
      for (const x of p.sources ?? []) {
        r('entrant', p.name, `damage_${x.source}`, [x.dealtPerMatch, '', '', p.n, '']);
        r('entrant', p.name, `shots_${x.source}`, [x.shots, '', '', p.n, '']);
        r('entrant', p.name, `hits_${x.source}`, [x.hits, '', '', p.n, '']);
      }
    }
    for (const tm of t.teamShares) r('team', tm.members.join('+'), 'win_share', rateCells(tm.winShare));
    for (const s of t.seats) r('seat', String(s.seat), 'score', rateCells(s.score));
    r('table', '', 'no_winner', rateCells(t.draws.rate));
    r('table', '', 'round_limit', rateCells(t.roundLimit.rate));
    r('table', '', 'rounds', [t.rounds.mean, t.rounds.lo, t.rounds.hi, t.rounds.n, t.rounds.clusters]);
  }
  return rows;
}

/** pairwise.csv: per table, every two entrants on different teams: who finished ahead, how often. */
export function multiPairwiseRows(m: MultiSummary, names: readonly string[]): Cell[][] {
  const rows: Cell[][] = [['table', 'a', 'b', 'a_ahead', 'tied', 'b_ahead', 'n']];
  for (const t of m.tables) for (const p of t.pairwise) rows.push([t.table, names[p.a] ?? p.a, names[p.b] ?? p.b, p.aAhead, p.tied, p.bAhead, p.aAhead + p.tied + p.bAhead]);
  return rows;
}

