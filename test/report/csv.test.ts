import { describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.js';
import {
  SRC_COLLISION,
  SRC_CORVETTE,
  SRC_MAIN,
  STAT_NAMES,
  STATUS_DRAW_LIMIT,
  ST_COLLISIONS,
  ST_CORV_KILLED,
  ST_CORV_LAUNCHED,
  ST_DAMAGE_DEALT,
  ST_ENEMY_TOKENS_DESTROYED,
  ST_HITS,
  ST_SECTION_DAMAGE,
  ST_SHIELDS_ABSORBED,
  ST_SHOTS,
  ST_SPECIALS,
} from '../../src/rules/state.js';
import { R_FAULT_SEAT, R_LOADOUT0, R_LOADOUT1, R_TERMINATION, RECORD_INTS, STATUS_ADJUDICATED, TERM_THREW } from '../../src/sim/record.js';
import { SummaryAccumulator } from '../../src/analysis/summary.js';
import { MatchCsvWriter, matchRow, matchRowHeader, summaryCsvRows, SUMMARY_CSV_HEADER, toCsv } from '../../src/report/csv.js';
import { handRecords, kernelRecords, PLAYERS } from '../analysis/records.js';

const tables = loadGameTables();

/** A small RFC 4180 reader (quoted fields, doubled quotes, '\n' records), to read toCsv's output back. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}
const players = [
  { name: 'Alpha', policy: 'random', faction: 'fpa' },
  { name: 'Bravo, the rammer', policy: 'rammer', faction: 'lamais' },
];

/** A known record: Bravo (seat 0, lamais) beats Alpha (seat 1, fpa) by adjudication; seed -2 is uint 4294967294. */
function known(): Int32Array {
  const rec = handRecords([
    {
      id: 41,
      pair: 20,
      game: 1,
      seed: -2,
      p0: 1,
      p1: 0,
      f0: 1,
      f1: 0,
      status: STATUS_ADJUDICATED,
      winner: 0,
      rounds: 17,
      term: TERM_THREW,
      s0: { [ST_COLLISIONS]: 3, [ST_SPECIALS]: 1, [ST_SECTION_DAMAGE + 3]: 4, [ST_DAMAGE_DEALT + SRC_MAIN]: 9, [ST_SHOTS + SRC_CORVETTE + 4]: 2, [ST_HITS + SRC_CORVETTE + 4]: 3 },
      s1: { [ST_SHIELDS_ABSORBED]: 5, [ST_DAMAGE_DEALT + SRC_COLLISION]: 2, [ST_CORV_LAUNCHED + 1]: 2, [ST_CORV_KILLED + 4]: 1, [ST_ENEMY_TOKENS_DESTROYED]: 6 },
    },
  ]);
  // Loadouts: lamais default for seat 0; fpa main 1, broadside 1, hangar 1, PD 2, corvettes 0,1,3,4 for seat 1.
  rec.set([0, 0, 0, 0, 0, 0, 2, 4], R_LOADOUT0);
  rec.set([1, 1, 1, 2, 0, 1, 3, 4], R_LOADOUT1);
  return rec;
}

describe('matches.csv', () => {
  const header = matchRowHeader(tables);

  it('header: fixed leading columns, then the same per-seat block for s0_ and s1_', () => {
    expect(header.slice(0, 18)).toEqual([
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
    ]);
    const s0 = header.filter((h) => h.startsWith('s0_'));
    const s1 = header.filter((h) => h.startsWith('s1_'));
    expect(s0.length).toBe(s1.length);
    expect(18 + s0.length + s1.length).toBe(header.length);
    expect(s1).toEqual(s0.map((h) => h.replace(/^s0_/, 's1_')));
    expect(new Set(header).size).toBe(header.length);
    for (const name of Object.values(STAT_NAMES)) expect(s0).toContain(`s0_${name}`);
    // fpa has 5 sections and 5 corvette cards, the most of the shipped factions.
    expect(s0.filter((h) => h.startsWith('s0_damage_taken_sec'))).toEqual([0, 1, 2, 3, 4].map((i) => `s0_damage_taken_sec${i}`));
    expect(s0).toContain('s0_dealt_corvette4');
    expect(s0).not.toContain('s0_dealt_corvette5');
    expect(s0).toContain('s0_corv_killed_4');
  });

  it('a known record gives the expected cells, one per header column', () => {
    const row = matchRow(known(), 0, tables, players);
    expect(row.length).toBe(header.length);
    const cell = Object.fromEntries(header.map((h, i) => [h, row[i]]));
    expect(cell).toMatchObject({
      id: '41',
      pair: '20',
      game: '1',
      seed: '4294967294',
      seat0_player: 'Bravo, the rammer',
      seat1_player: 'Alpha',
      seat0_policy: 'rammer',
      seat1_policy: 'random',
      seat0_faction: 'lamais',
      seat1_faction: 'fpa',
      seat0_loadout: 'lamais-tyrant+lamais-scattershot+lamais-slipstream+lamais-needle+lamais-kestrel+lamais-kestrel+lamais-striker+lamais-lancer',
      seat1_loadout: 'fpa-longbow+fpa-harpoon+fpa-drydock+fpa-lancet+fpa-wasp+fpa-picket+fpa-lantern+fpa-hammerhead',
      winner: 'Bravo, the rammer',
      winner_seat: '0',
      end: 'adjudicated',
      termination: 'policy threw',
      rounds: '17',
      s0_collisions: '3',
      s0_specials: '1',
      s0_damage_taken_sec3: '4',
      s0_dealt_main: '9',
      s0_shots_corvette4: '2',
      s0_hits_corvette4: '3',
      s0_shieldsAbsorbed: '0',
      s1_shieldsAbsorbed: '5',
      s1_dealt_collision: '2',
      s1_corv_launched_1: '2',
      s1_corv_killed_4: '1',
      s1_enemyTokensDestroyed: '6',
      s1_collisions: '0',
    });
    // Everything not set is zero.
    const nonZero = header.filter((h, i) => h.startsWith('s') && h[2] === '_' && row[i] !== '0');
    expect(nonZero.sort()).toEqual(
      [
        's0_collisions',
        's0_specials',
        's0_damage_taken_sec3',
        's0_dealt_main',
        's0_shots_corvette4',
        's0_hits_corvette4',
        's1_shieldsAbsorbed',
        's1_dealt_collision',
        's1_corv_launched_1',
        's1_corv_killed_4',
        's1_enemyTokensDestroyed',
      ].sort(),
    );
  });

  it('no winner: empty winner cells and the end named', () => {
    const rec = handRecords([{ pair: 0, game: 0, p0: 0, p1: 1, status: STATUS_DRAW_LIMIT, winner: -1 }]);
    const cell = Object.fromEntries(header.map((h, i) => [h, matchRow(rec, 0, tables, players)[i]]));
    expect(cell).toMatchObject({ winner: '', winner_seat: '', end: 'draw-by-limit', termination: '' });
  });

  it('toCsv quotes as RFC 4180 and reads back to the same cells', () => {
    const rows = [header, matchRow(known(), 0, tables, players)];
    const text = toCsv(rows);
    expect(text.split('\n')[1]).toContain('"Bravo, the rammer"');
    expect(text.endsWith('\n')).toBe(true);
    expect(parse(text)).toEqual(rows);
    expect(toCsv([['a', 1, NaN, Infinity, 0.5, 'say "hi"']])).toBe('a,1,,,0.5,"say ""hi"""\n');
  });

  it('real matches: rows as long as the header, and the same text when written twice', async () => {
    const real = await kernelRecords(3);
    const rows = [matchRowHeader(real.tables)];
    for (let i = 0; i < real.count; i++) rows.push(matchRow(real.records, i, real.tables, PLAYERS));
    for (const r of rows) expect(r.length).toBe(rows[0].length);
    const again = [matchRowHeader(real.tables)];
    for (let i = 0; i < real.count; i++) again.push(matchRow(real.records, i, real.tables, PLAYERS));
    expect(toCsv(again)).toBe(toCsv(rows));
  });
});

describe('MatchCsvWriter: the batch\'s matches.csv bytes', () => {
  /** The rows as matchRow and csv-stringify make them: the definition the writer must equal. */
  const reference = (rec: Int32Array, count: number, t: typeof tables, pl: typeof players) =>
    toCsv(Array.from({ length: count }, (_, i) => matchRow(rec, i, t, pl)));

  it.each([
    { name: 'a known record (quoted name, adjudicated, fault seat, uint seed)', rec: known, count: 1 },
    { name: 'no winner, a draw by the limit', rec: () => handRecords([{ pair: 0, game: 0, p0: 0, p1: 1, status: STATUS_DRAW_LIMIT, winner: -1 }]), count: 1 },
    {
      name: 'unknown player and faction indices, out-of-range cards, negative and extreme numbers, the loser at fault',
      rec: () => {
        const r = handRecords([{ id: 2147483647, pair: 0, game: 1, seed: -2147483648, p0: 5, p1: 0, f0: 9, f1: 0, winner: 0, rounds: 0, s0: { [ST_COLLISIONS]: -2147483648 }, s1: { [ST_SPECIALS]: 1_000_000_007 } }]);
        r.set([40, -1, 0, 0, 0, 0, 0, 0], R_LOADOUT0);
        r[R_TERMINATION] = TERM_THREW;
        r[R_FAULT_SEAT] = 1;
        return r;
      },
      count: 1,
    },
  ])('$name', ({ rec, count }) => {
    const r = rec();
    expect(new MatchCsvWriter(tables, players).rows(r, count).toString()).toBe(reference(r, count, tables, players));
  });

  it('real matches, written in chunks by one writer (its caches reused), as the reference; a name needing quotes stays quoted', async () => {
    const real = await kernelRecords(12);
    const quotedPlayers = [{ ...PLAYERS[0], name: 'Line\nbreak "A"' }, ...PLAYERS.slice(1)];
    for (const pl of [PLAYERS, quotedPlayers]) {
      const w = new MatchCsvWriter(real.tables, pl);
      const all = reference(real.records, real.count, real.tables, pl);
      let chunked = '';
      for (let from = 0; from < real.count; from += 5) {
        const part = real.records.subarray(from * RECORD_INTS, Math.min(real.count, from + 5) * RECORD_INTS);
        chunked += w.rows(part, part.length / RECORD_INTS).toString();
      }
      expect(chunked).toBe(all);
      expect(parse(chunked).length).toBe(real.count);
    }
  });
});

describe('summary.csv', () => {
  it('one row per pairing x figure, all as long as the header', async () => {
    const real = await kernelRecords(4);
    const acc = new SummaryAccumulator({ name: 'csv', players: PLAYERS, tables: real.tables });
    acc.add(real.records, real.count);
    const s = acc.summarize();
    const rows = summaryCsvRows(s);
    expect(rows[0]).toEqual([...SUMMARY_CSV_HEADER]);
    for (const r of rows) expect(r.length).toBe(SUMMARY_CSV_HEADER.length);
    const find = (scope: string, player: string, figure: string) => rows.find((r) => r[0] === scope && r[1] === player && r[2] === figure);
    const p = s.pairings[0];
    expect(find('A vs B', 'A', 'win_rate')).toEqual(['A vs B', 'A', 'win_rate', p.players[0].winRate.value, p.players[0].winRate.lo, p.players[0].winRate.hi, 8, 4]);
    expect(find('A vs B', 'A', 'pentanomial_score')?.[6]).toBe(4);
    expect(find('all pairings', '', 'seat0_win_rate')?.[7]).toBe(s.seeds);
    expect(find('A vs B', '', 'seat0_win_rate')).toBeDefined();
    expect(find('A vs B', '', 'rounds')?.[6]).toBe(8);
    expect(rows.some((r) => String(r[0]).startsWith('player:A/') && r[2] === 'damage_main')).toBe(true);
    // Every data row names its n.
    for (const r of rows.slice(1)) expect(typeof r[6]).toBe('number');
    const text = toCsv(rows);
    expect(parse(text).length).toBe(rows.length);
  });
});
