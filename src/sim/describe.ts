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
  SOURCES,
  SOURCE_NAMES,
  SRC_CORVETTE,
  ST_DAMAGE_DEALT,
  ST_SHOTS,
  ST_HITS,
  ST_TOKENS_LOST,
  CAUSES,
  CAUSE_NAMES,
  ST_CORV_LAUNCHED,
  ST_CORV_LOST,
  ST_CORV_KILLED,
  ST_CORV_REPAIRED,
  ST_ENEMY_TOKENS_DESTROYED,
  ST_KILLS,
  ST_DEALT_TO,
  SMALL_NONE,
  SMALL_CORVETTE,
  CC_REF,
  LOC_REMOVED,
  G_SUPPLY_SHIELDS,
  G_SUPPLY_LINEAR,
  G_SUPPLY_CW,
  G_SUPPLY_CCW,
} from '../rules/state.js';

export type CardPlace = 'hand' | 'held' | 'face-down' | 'resolving' | 'removed' | number;
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
  /** Team id (rulebook 3): the lowest seat of the team; a seat's own index in a free-for-all. */
  team: number;
  /** The round the capital ship was destroyed, and the round the seat left the battle (0: not yet). */
  lostRound: number;
  outRound: number;
  /** The commander escaped by Emergency Warp (8.1.3). */
  escaped: boolean;
  /** The seat's Command Corvette on the board (8), or null. */
  commandCorvette: { position: [number, number]; facing: string } | null;
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
  if (loc === LOC_REMOVED) return 'removed'; // out of play for a Command Corvette (rulebook 8 step 5)
  return loc - LOC_TRACK;
}

/**
 * Per-player statistics by name: the scalar counters; damage taken per section as
 * `damage.<section>`; per source (main, broadside, pointDefence, collision, or a corvette
 * card id) `dealt.<source>`, `shots.<source>`, `hits.<source>`; own tokens lost as
 * `lost.<kind>.<cause>`; corvettes by card id as `corvettes.<launched|lost|killed|repaired>.<card>`;
 * enemy capital ships and Command Corvettes destroyed as `kills`; damage dealt to each other seat as `dealtTo.<seat>`.
 * Zero counters of the per-source and per-card families are left out.
 */
export function statsJson(k: Kernel, s: GameState, p: number): Record<string, number> {
  const out: Record<string, number> = {};
  const base = p * STAT_SIZE;
  for (const [idx, name] of Object.entries(STAT_NAMES)) out[name] = s.stats[base + Number(idx)];
  const f = k.faction(s, p);
  const hull = f.hull;
  for (let sec = 0; sec < hull.sectionCount; sec++) out[`damage.${hull.sectionNames[sec]}`] = s.stats[base + ST_SECTION_DAMAGE + sec];
  const sourceName = (src: number) => (src < SRC_CORVETTE ? SOURCE_NAMES[src] : (f.corvettes[src - SRC_CORVETTE]?.id ?? SOURCE_NAMES[src]));
  for (let src = 0; src < SOURCES; src++) {
    const name = sourceName(src);
    for (const [field, label] of [[ST_DAMAGE_DEALT, 'dealt'], [ST_SHOTS, 'shots'], [ST_HITS, 'hits']] as const) {
      const v = s.stats[base + field + src];
      if (v) out[`${label}.${name}`] = v;
    }
  }
  for (let kind = 1; kind <= 3; kind++)
    for (let cause = 0; cause < CAUSES; cause++) {
      const v = s.stats[base + ST_TOKENS_LOST + (kind - 1) * CAUSES + cause];
      if (v) out[`lost.${['', 'projectile', 'torpedo', 'corvette'][kind]}.${CAUSE_NAMES[cause]}`] = v;
    }
  // Corvettes killed are counted by the victim's card: name them by the opponent's cards (two players).
  const enemy = s.players === 2 ? k.faction(s, 1 - p) : f;
  for (const [field, label, cards] of [[ST_CORV_LAUNCHED, 'launched', f], [ST_CORV_LOST, 'lost', f], [ST_CORV_KILLED, 'killed', enemy], [ST_CORV_REPAIRED, 'repaired', f]] as const) {
    for (let c = 0; c < 8; c++) {
      const v = s.stats[base + field + c];
      if (v) out[`corvettes.${label}.${cards.corvettes[c]?.id ?? c}`] = v;
    }
  }
  out.enemyTokensDestroyed = s.stats[base + ST_ENEMY_TOKENS_DESTROYED];
  out.kills = s.stats[base + ST_KILLS];
  for (let q = 0; q < s.players; q++) if (q !== p) out[`dealtTo.${q}`] = s.stats[base + ST_DEALT_TO + q];
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
      team: s.team[p],
      lostRound: s.lostRound[p],
      outRound: s.outRound[p],
      escaped: s.escaped[p] === 1,
      commandCorvette: s.ccTok[p] >= 0 ? { position: [s.tokQ[s.ccTok[p]], s.tokR[s.ccTok[p]]], facing: DIRECTION_NAMES[s.tokFacing[s.ccTok[p]]] } : null,
    });
  }
  const tokens: StateJson['tokens'] = [];
  for (let i = 0; i < MAX_TOKENS; i++) {
    if (s.tokKind[i] === SMALL_NONE) continue;
    const kind = s.tokKind[i] === SMALL_CORVETTE && s.tokRef[i] === CC_REF ? 'command-corvette' : ['', 'projectile', 'torpedo', 'corvette'][s.tokKind[i]];
    tokens.push({ kind, owner: s.tokOwner[i], position: [s.tokQ[i], s.tokR[i]], facing: DIRECTION_NAMES[s.tokFacing[i]] });
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
