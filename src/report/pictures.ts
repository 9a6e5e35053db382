/**
 * The report's pictures and card figures: the scenario (board, starting positions and
 * facings), each entrant's loadout as cards with how often each card was used, where damage
 * lands on each faction's hull, and a card usage table with a warning for any card carried
 * but never used.
 *
 * Why here and built this way: these figures read the game's own tables (hull hexes and
 * sections, the board, the cards' printed numbers), loaded from the experiment file the
 * results folder keeps (with the experiment's card `changes` applied, and on the folder's own copy
 * of the content when it has one, as the run played), and the per-match counts of matches.csv (which card each seat carried
 * and how often each component fired or launched); summary.json pools them per entrant and
 * loses which card a drafted loadout held. The drawings are inline SVG strings, made here in
 * Node, in the replay page's hex layout (flat-topped hexes, the same axial-to-pixel formula as
 * src/report/replay-client.ts), so the report stays one self-contained file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadExperiment } from '../sim/experiment.js';
import { baseChanges } from '../sim/plan.js';
import { snapshotOf } from '../content/snapshot.js';
import type { CardChange } from '../content/changes.js';
import { loadScenario, scenarioSetup, tablesForScenario } from '../content/scenario.js';
import type { FactionTable, GameTables, HullTable } from '../rules/tables.js';
import type { MatchSetup } from '../rules/setup.js';
import type { Summary } from '../analysis/summary.js';
import type { Headline, ReportSection } from './model.js';
import { escapeHtml as esc } from './html.js';
import { int, pct } from './format.js';

// ---------------------------------------------------------------------------------------
// Hex geometry (the replay page's layout: flat-topped hexes, direction 0 = N, clockwise)

const SIZE = 20;
const SQ3 = Math.sqrt(3);
export const px = (q: number, r: number, size = SIZE): [number, number] => [size * 1.5 * q, size * SQ3 * (r + q / 2)];
export function corners(cx: number, cy: number, s: number): string {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}
const dirVec = (d: number): [number, number] => {
  const a = -Math.PI / 2 + (d * Math.PI) / 3;
  return [Math.cos(a), Math.sin(a)];
};
/** Seat colours of the replay page. */
export const SEAT_COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea'];
const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

/** Hull hexes of `h` at `facing` placed at (q, r): [q, r, section]. */
function hullAt(h: HullTable, q: number, r: number, facing: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i < h.hexCount; i++) out.push([q + h.rotQ[facing * h.hexCount + i], r + h.rotR[facing * h.hexCount + i], h.hexSection[i]]);
  return out;
}

function viewBox(points: [number, number][], pad: number): { box: string; w: number; h: number } {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const h = Math.max(...ys) - Math.min(...ys) + 2 * pad;
  return { box: `${minX.toFixed(1)} ${minY.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`, w, h };
}

// ---------------------------------------------------------------------------------------
// What the pictures read: the run's tables and set-up, and matches.csv

export interface RunContent {
  tables: GameTables;
  setup: MatchSetup;
  scenarioName: string;
  /** Set-up positions are nudged at random per seed when the scenario says so. */
  randomised: boolean;
  /** The experiment's card changes, applied to `tables`. */
  changes: CardChange[];
  /** The tables as printed (without the changes), when there are changes. */
  printed: GameTables | null;
}

/** The run's tables and the scenario's set-up (seed 0), from the folder's experiment.yaml; null when it cannot be loaded. */
export function loadRunContent(dir: string): RunContent | null {
  const file = join(dir, 'experiment.yaml');
  if (!existsSync(file)) return null;
  try {
    const { experiment } = loadExperiment(file);
    // As the run's matches were set up (src/sim/play.ts, prepare): the folder's content, the board, the changes.
    const source = snapshotOf(file);
    const { file: scenarioFile, scenario } = loadScenario(source?.scenarioFile ?? experiment.scenario);
    if (experiment.board) scenario.board = experiment.board;
    if (source) scenario.board = source.board;
    const changes = baseChanges(file, experiment);
    const tables = tablesForScenario(scenario, source?.configDir, changes);
    const printed = changes.length ? tablesForScenario(scenario, source?.configDir) : null;
    const setup = scenarioSetup(scenarioFile, scenario, tables, 0);
    const randomised = scenario.ships.some((s) => (s as { randomise?: unknown }).randomise !== undefined);
    return { tables, setup, scenarioName: scenario.name ?? experiment.scenario, randomised, changes: changes.map((c) => c.change), printed };
  } catch {
    return null;
  }
}

/** matches.csv as header and rows of strings (no quoted commas occur in it but names; those are handled). */
export interface MatchTable {
  col: Map<string, number>;
  rows: string[][];
}

function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') out.push(cur), (cur = '');
    else cur += c;
  }
  out.push(cur);
  return out;
}

/** Largest matches.csv the report reads (bytes; about 100,000 two-player matches, some 12 s): larger runs keep these sections out. */
export const MAX_MATCHES_CSV = 64 * 1024 * 1024;

export function loadMatchTable(dir: string): MatchTable | null {
  const file = join(dir, 'matches.csv');
  if (!existsSync(file) || statSync(file).size > MAX_MATCHES_CSV) return null;
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
  if (lines.length < 2) return null;
  const head = splitCsvLine(lines[0]);
  // In match id order: a run writes rows as its chunks finish, an order the worker count
  // changes (and a merged run's are sorted); what the report picks from them must not change.
  const id = head.indexOf('id');
  const rows = lines.slice(1).map(splitCsvLine);
  if (id >= 0) rows.sort((a, b) => Number(a[id]) - Number(b[id]));
  return { col: new Map(head.map((h, i) => [h, i])), rows };
}

/** Seats recorded in matches.csv. */
export function seatsOf(m: MatchTable): number {
  let n = 0;
  while (m.col.has(`seat${n}_player`)) n++;
  return n;
}

export const num = (m: MatchTable, row: string[], name: string): number => {
  const i = m.col.get(name);
  return i === undefined ? 0 : Number(row[i]) || 0;
};
export const str = (m: MatchTable, row: string[], name: string): string => {
  const i = m.col.get(name);
  return i === undefined ? '' : (row[i] ?? '');
};

// ---------------------------------------------------------------------------------------
// The scenario picture

/** A hull's structure and its sections' armour and evasion, in words. */
export function hullNumbers(h: HullTable): string {
  return `structure ${h.structure}, armour ${Array.from(h.armour.subarray(0, h.sectionCount)).join('/')}, evasion ${h.evasion}`;
}

/** The board with each ship's hull at its starting hex and facing (and its numbers), in its seat colour. */
export function scenarioSvg(c: RunContent): string {
  const b = c.tables.board;
  const cells: string[] = [];
  const pts: [number, number][] = [];
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) {
      if (!b.mask[y * b.width + x]) continue;
      const p = px(x + b.qMin, y + b.rMin);
      pts.push(p);
      cells.push(`<polygon points="${corners(p[0], p[1], SIZE - 0.6)}"/>`);
    }
  const ships: string[] = [];
  c.setup.ships.forEach((sh, seat) => {
    const f = c.tables.factions[sh.faction];
    const col = SEAT_COLOURS[seat % 4];
    const hexes = hullAt(f.hull, sh.q, sh.r, sh.facing);
    ships.push(`<g class="start-ship" data-seat="${seat}">`);
    for (const [q, r] of hexes) {
      const p = px(q, r);
      ships.push(`<polygon points="${corners(p[0], p[1], SIZE - 1.2)}" fill="${col}" fill-opacity="0.35" stroke="${col}" stroke-width="2"/>`);
    }
    const c0 = px(sh.q, sh.r);
    const d = dirVec(sh.facing);
    const tip = [c0[0] + d[0] * SIZE * 1.6, c0[1] + d[1] * SIZE * 1.6];
    ships.push(`<line x1="${c0[0].toFixed(1)}" y1="${c0[1].toFixed(1)}" x2="${tip[0].toFixed(1)}" y2="${tip[1].toFixed(1)}" stroke="#111" stroke-width="2.6" marker-end="url(#scenario-arrow)"/>`);
    const maxX = Math.max(...hexes.map(([q, r]) => px(q, r)[0]));
    const minY = Math.min(...hexes.map(([q, r]) => px(q, r)[1]));
    // Seats rotate between games, so a seat is labelled by the scenario's ship, not by an entrant.
    const label = `seat ${seat}: ${f.name} hull, facing ${DIRS[sh.facing]}`;
    // The hull's numbers as this run played them (the experiment's changes applied).
    const numbers = hullNumbers(f.hull);
    ships.push(`<text x="${(maxX + SIZE * 1.1).toFixed(1)}" y="${minY.toFixed(1)}" font-size="12" font-weight="700" fill="${col}" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(label)}</text>`);
    ships.push(`<text class="hull-numbers" x="${(maxX + SIZE * 1.1).toFixed(1)}" y="${(minY + 15).toFixed(1)}" font-size="11" fill="#333" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(numbers)}</text>`);
    ships.push(`<title>${esc(`${label}; ${numbers}`)}</title></g>`);
  });
  // Room on the right for the longest label (about 6.5 px a character at 12 px).
  const longest = Math.max(0, ...c.setup.ships.map((sh, seat) => Math.max(`seat ${seat}: ${c.tables.factions[sh.faction].name} hull, facing NN`.length, hullNumbers(c.tables.factions[sh.faction].hull).length * 0.92)));
  const labelRight = Math.max(...c.setup.ships.map((sh) => Math.max(...hullAt(c.tables.factions[sh.faction].hull, sh.q, sh.r, sh.facing).map(([q, r]) => px(q, r)[0]))));
  pts.push([labelRight + SIZE * 1.1 + longest * 6.5, pts[0]?.[1] ?? 0]);
  const vb = viewBox(pts, SIZE * 2);
  const width = Math.min(1000, Math.round(vb.w));
  return `<svg class="scenario" xmlns="http://www.w3.org/2000/svg" viewBox="${vb.box}" width="${width}" role="img" aria-label="the board and the ships' starting positions">
<defs><marker id="scenario-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker></defs>
<g fill="#eef1f5" stroke="#c9ced6" stroke-width="0.8">${cells.join('')}</g>
${ships.join('\n')}
</svg>`;
}

// ---------------------------------------------------------------------------------------
// Card usage, from matches.csv

type Slot = 'main weapon' | 'broadside' | 'hangar' | 'point defence' | 'corvette' | 'special';
const VERB: Record<Slot, string> = { 'main weapon': 'fired', broadside: 'fired', hangar: 'launched', 'point defence': 'fired', corvette: 'launched', special: 'used' };
const SLOT_OF_POSITION: Slot[] = ['main weapon', 'broadside', 'hangar', 'point defence', 'corvette', 'corvette', 'corvette', 'corvette'];

export interface CardUse {
  entrant: string;
  faction: string;
  card: string;
  name: string;
  slot: Slot;
  verb: string;
  /** Matches the entrant carried the card in. */
  carried: number;
  /** Matches in which it was used at least once. */
  usedIn: number;
  /** Uses in all: shots, launches, plays. */
  uses: number;
}

function cardName(f: FactionTable | undefined, id: string): string {
  if (!f) return id;
  const all = [...f.mainWeapons, ...f.broadsides, ...f.hangars, ...f.pointDefence, ...f.corvettes, f.special];
  return all.find((c) => c.id === id)?.name ?? id;
}

/** Per entrant and card in its loadouts: matches carried, matches used, uses. */
export function cardUsage(m: MatchTable, tables: GameTables | null, entrantOf: (name: string) => string = (name) => name): CardUse[] {
  const seats = seatsOf(m);
  const byKey = new Map<string, CardUse>();
  const factionById = new Map((tables?.factions ?? []).map((f) => [f.id, f]));
  for (const row of m.rows) {
    for (let k = 0; k < seats; k++) {
      // Copies of one entrant (`<name>#2`, ...) fly the same loadout: counted as it.
      const entrant = entrantOf(str(m, row, `seat${k}_player`));
      const factionId = str(m, row, `seat${k}_faction`);
      const f = factionById.get(factionId);
      const cards = str(m, row, `seat${k}_loadout`).split('+').filter(Boolean);
      const launchedOf = (id: string) => {
        const i = f?.corvettes.findIndex((c) => c.id === id) ?? -1;
        return i >= 0 ? num(m, row, `s${k}_corv_launched_${i}`) : 0;
      };
      const allLaunched = () => {
        let s = 0;
        for (let i = 0; m.col.has(`s${k}_corv_launched_${i}`); i++) s += num(m, row, `s${k}_corv_launched_${i}`);
        return s;
      };
      const seen = new Set<string>();
      const add = (card: string, slot: Slot, uses: number) => {
        if (seen.has(card)) return;
        seen.add(card);
        const key = `${entrant}\u0000${card}`;
        let u = byKey.get(key);
        if (!u) byKey.set(key, (u = { entrant, faction: factionId, card, name: cardName(f, card), slot, verb: VERB[slot], carried: 0, usedIn: 0, uses: 0 }));
        u.carried++;
        u.uses += uses;
        if (uses > 0) u.usedIn++;
      };
      cards.forEach((card, i) => {
        const slot = SLOT_OF_POSITION[i] ?? 'corvette';
        const uses =
          slot === 'main weapon' ? num(m, row, `s${k}_shots_main`)
          : slot === 'broadside' ? num(m, row, `s${k}_shots_broadside`)
          : slot === 'point defence' ? num(m, row, `s${k}_shots_pointDefence`)
          : slot === 'hangar' ? allLaunched()
          : launchedOf(card);
        add(card, slot, uses);
      });
      if (f && m.col.has(`s${k}_specials`)) add(f.special.id, 'special', num(m, row, `s${k}_specials`));
    }
  }
  return [...byKey.values()];
}

/** The card usage section, with a warning headline per card carried but never used. */
export function cardUsageSection(uses: CardUse[], headlines: Headline[]): ReportSection {
  const unused = uses.filter((u) => u.carried > 0 && u.uses === 0);
  for (const u of unused.slice(0, 8))
    headlines.push({ text: `${u.entrant}'s ${u.slot} card ${u.name} (${u.card}) was never ${u.verb}: carried in ${int(u.carried)} matches, ${u.verb} in none.`, level: 'warning' });
  if (unused.length > 8) headlines.push({ text: `${unused.length - 8} more cards were carried and never used; see Card usage.`, level: 'warning' });
  const rows = [...uses]
    .sort((a, b) => a.entrant.localeCompare(b.entrant) || SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot) || a.card.localeCompare(b.card))
    .map((u) => [u.entrant, u.slot, `${u.name} (${u.card})`, u.carried, u.usedIn, u.uses, Number((u.uses / u.carried).toFixed(2)), u.uses === 0 ? `never ${u.verb}` : '']);
  return {
    id: 'card-usage',
    title: 'Card usage',
    paragraphs: [
      `How often each card in the loadouts was fired (weapons and point defence: shots), launched (corvettes, and the hangar: all launches) or used (the faction's special command), counted from matches.csv over the matches that carried it. ${unused.length ? `${unused.length} card${unused.length === 1 ? ' was' : 's were'} carried and never used: marked below and in the headlines.` : 'Every card carried was used at least once.'}`,
    ],
    charts: [],
    tables: [{ caption: 'Card usage by entrant', columns: ['entrant', 'slot', 'card', 'matches carried', 'matches used', 'uses', 'uses per match', 'warning'], rows }],
  };
}
const SLOTS: Slot[] = ['main weapon', 'broadside', 'hangar', 'point defence', 'corvette', 'special'];

// ---------------------------------------------------------------------------------------
// Loadout cards

/** "name value" pairs of a card's printed numbers; a zero range, speed, accuracy or agility is left out (not used by that card). */
function fields(pairs: [string, number, boolean?][]): string {
  return pairs.filter(([, v, always]) => always || v !== 0).map(([k, v]) => `${k} ${v}`).join(', ');
}

function cardStats(f: FactionTable, id: string): string {
  const w = [...f.mainWeapons, ...f.broadsides].find((c) => c.id === id);
  if (w) return fields([['damage', w.damage, true], ['range', w.range], ['speed', w.speed], ['accuracy', w.accuracy], ['cooldown', w.cooldown, true]]);
  const h = f.hangars.find((c) => c.id === id);
  if (h) return fields([['launch distance', h.launchDistance, true], ['repair cooldown', h.repairCooldown, true]]);
  const p = f.pointDefence.find((c) => c.id === id);
  if (p) return fields([['damage', p.damage, true], ['range', p.range], ['accuracy', p.accuracy], ['cooldown', p.cooldown, true]]);
  const c = f.corvettes.find((x) => x.id === id);
  if (c) return fields([['speed', c.speed, true], ['agility', c.agility], ['evasion', c.evasion, true]]) + (c.weapon ? `, weapon ${fields([['damage', c.weapon.damage, true], ['range', c.weapon.range]])}` : ', no weapon');
  if (f.special.id === id) return fields([['priority', f.special.priority, true], ['cooldown', f.special.cooldown, true]]);
  return '';
}

/** Each entrant's loadout as a row of cards: name, printed numbers, and use per match carried. */
export function loadoutCardsHtml(uses: CardUse[], tables: GameTables | null, printed: GameTables | null = null): string {
  const byEntrant = new Map<string, CardUse[]>();
  for (const u of uses) byEntrant.set(u.entrant, [...(byEntrant.get(u.entrant) ?? []), u]);
  const factionById = new Map((tables?.factions ?? []).map((f) => [f.id, f]));
  const printedById = new Map((printed?.factions ?? []).map((f) => [f.id, f]));
  const blocks: string[] = [];
  for (const [entrant, list] of [...byEntrant].slice(0, 40)) {
    const f = factionById.get(list[0].faction);
    list.sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot) || a.card.localeCompare(b.card));
    const cards = list.map((u) => {
      const stats = f ? cardStats(f, u.card) : '';
      // A card the experiment changed: its numbers as played, and as printed beneath.
      const pf = printedById.get(u.faction);
      const was = pf ? cardStats(pf, u.card) : stats;
      const changed = was !== stats;
      return `<div class="card${u.uses === 0 ? ' unused' : ''}" data-card="${esc(u.card)}"${changed ? ' data-changed="1"' : ''}><div class="slot">${esc(u.slot)}</div><div class="card-name">${esc(u.name)}</div>${stats ? `<div class="card-stats${changed ? ' changed' : ''}">${esc(stats)}</div>` : ''}${changed ? `<div class="card-base">changed by the experiment; printed: ${esc(was)}</div>` : ''}<div class="card-use">${u.uses === 0 ? `never ${esc(u.verb)} (${int(u.carried)} matches)` : `${esc(u.verb)} ${(u.uses / u.carried).toFixed(1)} per match, in ${pct(u.usedIn / u.carried, 0)} of ${int(u.carried)} matches`}</div></div>`;
    });
    blocks.push(`<div class="loadout"><h3>${esc(entrant)}${f ? ` <span class="faction">(${esc(f.name)})</span>` : ''}</h3><div class="cards">${cards.join('')}</div></div>`);
  }
  const more = byEntrant.size > 40 ? `<p class="table-note">first 40 of ${byEntrant.size} entrants; all are in the card usage table.</p>` : '';
  return blocks.join('\n') + more;
}

/** The scenario and loadouts section: the board picture, then the loadout cards. */
export function scenarioSection(c: RunContent | null, uses: CardUse[] | null): ReportSection | null {
  if (!c && !uses) return null;
  const paragraphs: string[] = [];
  let html = '';
  if (c) {
    paragraphs.push(`Scenario ${c.scenarioName} on the ${c.tables.board.name} board: each ship drawn at its starting hex with the scenario's hull for that seat, the arrow its facing, in its seat's colour.${c.randomised ? ' The scenario nudges the starting positions at random from each match seed; this is the set-up of seed 0.' : ''} Seats rotate (or swap) between games, so every entrant starts from every position, with its own faction's hull.`);
    if (c.changes.length) paragraphs.push(`This run plays the experiment's changes, shown in the picture's hull numbers and on the cards (a changed card gives its printed numbers beneath): ${c.changes.map((x) => `${x.card} ${x.field} ${x.value}`).join('; ')}.`);
    html += `<figure class="picture">${scenarioSvg(c)}</figure>`;
  }
  if (uses?.length) {
    paragraphs.push('Each entrant’s loadout as cards: the numbers this run played (as printed, unless the experiment changes them), and how often the card was fired, launched or used in the matches that carried it. A card never used is outlined in orange.');
    html += loadoutCardsHtml(uses, c?.tables ?? null, c?.printed ?? null);
  }
  return { id: 'scenario', title: 'Scenario and loadouts', paragraphs, charts: [], tables: [], html };
}

// ---------------------------------------------------------------------------------------
// Where damage lands

/** White (no damage) to dark red (the most damaged section of the faction). */
function heat(x: number): string {
  const t = Math.max(0, Math.min(1, x));
  const a = [255, 247, 236];
  const b = [153, 27, 27];
  return `rgb(${a.map((v, i) => Math.round(v + t * (b[i] - v))).join(',')})`;
}

/** A faction's hull, facing N, each hex coloured by its section's damage per match. */
export function hullDamageSvg(h: HullTable, perMatch: number[]): string {
  const hexes = hullAt(h, 0, 0, 0);
  const max = Math.max(1e-9, ...perMatch);
  const S = 30;
  const pts = hexes.map(([q, r]) => px(q, r, S));
  const parts: string[] = [];
  hexes.forEach(([q, r, sec]) => {
    const p = px(q, r, S);
    parts.push(`<polygon points="${corners(p[0], p[1], S - 1.2)}" fill="${heat((perMatch[sec] ?? 0) / max)}" stroke="#334155" stroke-width="1.4"><title>${esc(`${h.sectionNames[sec]}: ${(perMatch[sec] ?? 0).toFixed(2)} damage per match`)}</title></polygon>`);
  });
  h.sectionNames.forEach((name, sec) => {
    const mine = hexes.filter((x) => x[2] === sec).map(([q, r]) => px(q, r, S));
    if (!mine.length) return;
    const cx = mine.reduce((a, p) => a + p[0], 0) / mine.length;
    const cy = mine.reduce((a, p) => a + p[1], 0) / mine.length;
    const dark = (perMatch[sec] ?? 0) / max > 0.55;
    parts.push(`<text x="${cx.toFixed(1)}" y="${(cy - 2).toFixed(1)}" text-anchor="middle" font-size="10" fill="${dark ? '#fff' : '#1d2330'}">${esc(name)}</text><text x="${cx.toFixed(1)}" y="${(cy + 11).toFixed(1)}" text-anchor="middle" font-size="12" font-weight="700" fill="${dark ? '#fff' : '#1d2330'}">${(perMatch[sec] ?? 0).toFixed(1)}</text>`);
  });
  const vb = viewBox(pts, S * 1.2);
  return `<svg class="hull-damage" xmlns="http://www.w3.org/2000/svg" viewBox="${vb.box}" width="${Math.round(vb.w)}" height="${Math.round(vb.h)}" role="img" aria-label="damage taken per section">${parts.join('')}</svg>`;
}

type FactionDamage = Map<string, { sections: Map<string, number>; n: number; entrants: string[] }>;

/** Damage taken per section and faction from matches.csv (any number of seats). */
function sectionDamageFromCsv(m: MatchTable, tables: GameTables): FactionDamage {
  const out: FactionDamage = new Map();
  const seats = seatsOf(m);
  for (const row of m.rows)
    for (let k = 0; k < seats; k++) {
      const id = str(m, row, `seat${k}_faction`);
      const t = tables.factions.find((x) => x.id === id);
      if (!t) continue;
      const f = out.get(id) ?? { sections: new Map<string, number>(), n: 0, entrants: [] };
      f.n++;
      const who = str(m, row, `seat${k}_player`);
      if (!f.entrants.includes(who)) f.entrants.push(who);
      t.hull.sectionNames.forEach((name, i) => f.sections.set(name, (f.sections.get(name) ?? 0) + num(m, row, `s${k}_damage_taken_sec${i}`)));
      out.set(id, f);
    }
  return out;
}

/** Damage taken per section, per faction: hull drawings and the numbers (from matches.csv when it is there, else summary.json). */
export function sectionDamageSection(s: Summary, tables: GameTables | null, m: MatchTable | null = null): ReportSection | null {
  let byFaction: FactionDamage = new Map();
  if (m && tables && m.col.has('s0_damage_taken_sec0')) byFaction = sectionDamageFromCsv(m, tables);
  else for (const p of s.playerStats ?? []) {
    if (!p.damageTaken?.length || !p.n) continue;
    const f = byFaction.get(p.faction) ?? { sections: new Map<string, number>(), n: 0, entrants: [] };
    f.n += p.n;
    f.entrants.push(p.name);
    for (const d of p.damageTaken) f.sections.set(d.section, (f.sections.get(d.section) ?? 0) + d.total);
    byFaction.set(p.faction, f);
  }
  if (byFaction.size === 0) return null;
  const rows: (string | number | null)[][] = [];
  const figures: string[] = [];
  for (const [factionId, f] of byFaction) {
    const total = [...f.sections.values()].reduce((a, b) => a + b, 0);
    const table = tables?.factions.find((x) => x.id === factionId);
    const names = table?.hull.sectionNames ?? [...f.sections.keys()];
    const perMatch = names.map((n) => (f.sections.get(n) ?? 0) / f.n);
    for (const [i, n] of names.entries()) rows.push([table?.name ?? factionId, n, Number(perMatch[i].toFixed(2)), f.sections.get(n) ?? 0, pct(total ? (f.sections.get(n) ?? 0) / total : null), table ? table.hull.armour[i] : null]);
    if (table)
      figures.push(`<figure class="hull-figure" data-faction="${esc(factionId)}">${hullDamageSvg(table.hull, perMatch)}<figcaption>${esc(table.name)} (${esc(table.hull.name)}): damage taken per match by section, over ${int(f.n)} ship-matches (${esc(f.entrants.length > 4 ? `${f.entrants.length} entrants` : f.entrants.join(', '))}); the darkest section took the most.</figcaption></figure>`);
  }
  return {
    id: 'section-damage',
    title: 'Where damage lands',
    paragraphs: ['Damage taken on each section of the capital ship (from every source: weapons, corvettes and collisions), per match, pooled over the entrants of each faction. The hull is drawn facing north (up).'],
    charts: [],
    tables: [{ caption: 'Damage taken by section', columns: ['faction', 'section', 'per match', 'total', 'share', 'printed armour'], rows }],
    html: `<div class="hull-figures">${figures.join('\n')}</div>`,
  };
}
