/**
 * A state in words and plain JSON: for `stareater scenario`, the demo log, and scenario
 * expectations in tests. Names come from the tables (sections, cards, directions), so the
 * output reads like the rulebook. Allocates freely: it runs at the edges only.
 */
import { DIRECTION_NAMES } from '../hex/hex.js';
import { COMMAND_IDS } from '../rules/tables.js';
import type { Kernel } from '../rules/kernel.js';
import {
  type GameState,
  MAX_SECTIONS,
  MAX_TOKENS,
  CARDS,
  LIN_SLOTS,
  ROT_SLOTS,
  TOK_CW,
  LOC_HAND,
  LOC_HELD,
  LOC_COMMITTED,
  LOC_RESOLVING,
  LOC_TRACK,
  STATUS_NAMES,
  STAT_SIZE,
  STAT_NAMES,
  ST_SECTION_DAMAGE,
  SMALL_NONE,
  G_SUPPLY_SHIELDS,
  G_SUPPLY_LINEAR,
  G_SUPPLY_CW,
  G_SUPPLY_CCW,
} from '../rules/state.js';

export type CardPlace = 'hand' | 'held' | 'face-down' | 'resolving' | number;
export interface ShipJson {
  faction: string;
  alive: boolean;
  position: [number, number];
  facing: string;
  momentum: string[];
  armour: Record<string, number>;
  shields: Record<string, number>;
  structure: number;
  cards: Record<string, CardPlace>;
  stats: Record<string, number>;
}
export interface StateJson {
  round: number;
  status: string;
  winner: number;
  supplies: { shields: number; linear: number; clockwise: number; counterClockwise: number };
  ships: ShipJson[];
  tokens: { kind: string; owner: number; position: [number, number]; facing: string }[];
}

export function tokenName(code: number): string {
  return code === TOK_CW ? 'CW' : code === TOK_CW + 1 ? 'CCW' : DIRECTION_NAMES[code];
}

export function cardPlace(loc: number): CardPlace {
  if (loc === LOC_HAND) return 'hand';
  if (loc === LOC_HELD) return 'held';
  if (loc === LOC_COMMITTED) return 'face-down';
  if (loc === LOC_RESOLVING) return 'resolving';
  return loc - LOC_TRACK;
}

/** Per-player statistics by name (section damage as `damage.<section>`). */
export function statsJson(k: Kernel, s: GameState, p: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [idx, name] of Object.entries(STAT_NAMES)) out[name] = s.stats[p * STAT_SIZE + Number(idx)];
  const hull = k.faction(s, p).hull;
  for (let sec = 0; sec < hull.sectionCount; sec++) out[`damage.${hull.sectionNames[sec]}`] = s.stats[p * STAT_SIZE + ST_SECTION_DAMAGE + sec];
  return out;
}

export function stateToJson(k: Kernel, s: GameState): StateJson {
  const ships: ShipJson[] = [];
  for (let p = 0; p < s.players; p++) {
    const f = k.faction(s, p);
    const hull = f.hull;
    const momentum: string[] = [];
    for (let i = 0; i < s.linCount[p]; i++) momentum.push(tokenName(s.lin[p * LIN_SLOTS + i]));
    for (let i = 0; i < s.rotCount[p]; i++) momentum.push(tokenName(s.rot[p * ROT_SLOTS + i]));
    const armour: Record<string, number> = {};
    const shields: Record<string, number> = {};
    for (let sec = 0; sec < hull.sectionCount; sec++) {
      armour[hull.sectionNames[sec]] = s.armour[p * MAX_SECTIONS + sec];
      shields[hull.sectionNames[sec]] = s.shields[p * MAX_SECTIONS + sec];
    }
    const cards: Record<string, CardPlace> = {};
    for (let c = 0; c < CARDS; c++) cards[COMMAND_IDS[c]] = cardPlace(s.cardLoc[p * CARDS + c]);
    ships.push({
      faction: f.id,
      alive: s.alive[p] === 1,
      position: [s.shipQ[p], s.shipR[p]],
      facing: DIRECTION_NAMES[s.facing[p]],
      momentum,
      armour,
      shields,
      structure: s.structure[p],
      cards,
      stats: statsJson(k, s, p),
    });
  }
  const tokens: StateJson['tokens'] = [];
  for (let i = 0; i < MAX_TOKENS; i++) {
    if (s.tokKind[i] === SMALL_NONE) continue;
    tokens.push({ kind: ['', 'projectile', 'torpedo', 'corvette'][s.tokKind[i]], owner: s.tokOwner[i], position: [s.tokQ[i], s.tokR[i]], facing: DIRECTION_NAMES[s.tokFacing[i]] });
  }
  return {
    round: s.round,
    status: STATUS_NAMES[s.status],
    winner: s.winner,
    supplies: { shields: s.g[G_SUPPLY_SHIELDS], linear: s.g[G_SUPPLY_LINEAR], clockwise: s.g[G_SUPPLY_CW], counterClockwise: s.g[G_SUPPLY_CCW] },
    ships,
    tokens,
  };
}

/** A few readable lines per ship. */
export function stateToText(k: Kernel, s: GameState): string {
  const j = stateToJson(k, s);
  const lines = [`Round ${j.round}, ${j.status}${j.winner >= 0 ? ` (winner: ship ${j.winner})` : ''}`];
  j.ships.forEach((sh, p) => {
    lines.push(`Ship ${p} ${sh.faction}${sh.alive ? '' : ' (destroyed)'} at (${sh.position.join(', ')}) facing ${sh.facing}, momentum [${sh.momentum.join(' ')}], structure ${sh.structure}`);
    lines.push(`  armour ${Object.entries(sh.armour).map(([n, v]) => `${n} ${v}${sh.shields[n] ? `+${sh.shields[n]}s` : ''}`).join(', ')}`);
    lines.push(`  cards ${Object.entries(sh.cards).map(([n, v]) => `${n}:${typeof v === 'number' ? (v === 0 ? 'ready' : `cd${v}`) : v}`).join(' ')}`);
  });
  if (j.tokens.length) lines.push(`Tokens: ${j.tokens.map((t) => `${t.kind}(ship ${t.owner}) at (${t.position.join(', ')}) ${t.facing}`).join('; ')}`);
  lines.push(`Supply: shields ${j.supplies.shields}, linear ${j.supplies.linear}, CW ${j.supplies.clockwise}, CCW ${j.supplies.counterClockwise}`);
  return lines.join('\n');
}
