/**
 * Our command cards and what they can do for us now: where a card is (hand, cooldown
 * track), the commitment's two cards by the style's card values, and the facts those values
 * read (armour missing, room for shields, point-defence reach, threats closing in), and
 * Defence Stations' choice (10.1.4). The styles set Pilot.cardValue per card; commitBest
 * keeps the two best in hand and orders them by the style's slot order.
 */
import type { DecisionContext } from '../bot-vocabulary.js';
import type { Pilot } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as hullGeometryModule from './hull-geometry.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  DEF_FIRE, DEF_HOLD, DEF_SHIELDS, CARD_NONE, encodeCommit, LOC_HAND, LOC_TRACK, G_SUPPLY_SHIELDS,
  G_TOK_TOP, MAX_SECTIONS, SMALL_TORPEDO, SMALL_CORVETTE, CARDS, LO_PD, Cmd,
} = botApiModule;
const { distanceToHull } = hullGeometryModule;

export function inHand(k: Pilot<any>, c: number): boolean {
  return k.view.cardLoc[k.me * CARDS + c] === LOC_HAND;
}

/** Position of a card on our cooldown track (0 = Ready), or -1 when it is elsewhere. */
export function trackPos(k: Pilot<any>, c: number): number {
  const loc = k.view.cardLoc[k.me * CARDS + c];
  return loc >= LOC_TRACK ? loc - LOC_TRACK : -1;
}

/** Commit the two best cards in hand by k.cardValue, ordered by `slotKey` (lower first), with the engine and Power to Engines direction. */
export function commitBest(k: Pilot<any>, slotKey: (c: number) => number, engine: number, p2eDir: number): number {
  const value = k.cardValue;
  let a = CARD_NONE;
  let b = CARD_NONE;
  for (let c = 0; c < CARDS; c++) {
    if (!inHand(k, c)) continue;
    if (a === CARD_NONE || value[c] > value[a]) {
      b = a;
      a = c;
    } else if (b === CARD_NONE || value[c] > value[b]) b = c;
  }
  if (b !== CARD_NONE && slotKey(b) < slotKey(a)) {
    const t = a;
    a = b;
    b = t;
  }
  const p2e = a === Cmd.PowerToEngines || b === Cmd.PowerToEngines;
  return encodeCommit(engine, a, b, p2e ? p2eDir : 0);
}

/** Total armour missing from our hull. */
export function armourMissing(k: Pilot<any>): number {
  const hull = k.myHull;
  const V = k.view;
  let missing = 0;
  for (let s = 0; s < hull.sectionCount; s++) missing += hull.armour[s] - V.armour[k.me * MAX_SECTIONS + s];
  return missing;
}

export function shieldsOn(k: Pilot<any>): number {
  let n = 0;
  for (let s = 0; s < k.myHull.sectionCount; s++) n += k.view.shields[k.me * MAX_SECTIONS + s];
  return n;
}

/** Room for shields (4.1.1): capacity left on the hull, limited by the box supply. */
export function shieldRoom(k: Pilot<any>): number {
  return Math.min(k.myHull.shieldCapTotal - shieldsOn(k), k.view.g[G_SUPPLY_SHIELDS]);
}

export function pdRange(k: Pilot<any>): number {
  return k.myFaction.pointDefence[k.view.loadout[k.me * 8 + LO_PD]].range;
}

/** Enemy torpedoes and corvettes within `reach` hexes of our hull (at its pose now). */
export function threatsNear(k: Pilot<any>, reach: number): number {
  const V = k.view;
  const me = k.me;
  let n = 0;
  for (let i = 0, top = V.g[G_TOK_TOP]; i < top; i++) {
    const kind = V.tokKind[i];
    if ((kind !== SMALL_TORPEDO && kind !== SMALL_CORVETTE) || V.tokOwner[i] === me) continue;
    if (distanceToHull(k.myHull, V.shipQ[me], V.shipR[me], V.facing[me], V.tokQ[i], V.tokR[i]) <= reach) n++;
  }
  return n;
}

/** Point-defence targets in reach now (9.2.1). */
export function pdTargetsNow(k: Pilot<any>): number {
  return k.kernel.weapons.pointDefenceTargets(k.view, k.me, pdRange(k), k.targets, 0);
}

/**
 * Defence Stations (10.1.4): shoot what is in reach now; with `holdForThreats`, hold the card
 * face up (to shoot at the firing windows) while enemy torpedoes or corvettes close in;
 * else raise shields while there is room; else hold.
 */
export function chooseDefence(k: Pilot<any>, ctx: DecisionContext, holdForThreats: boolean): number {
  if (pdTargetsNow(k) > 0) return DEF_FIRE;
  let canHold = false;
  let canShield = false;
  for (let i = 0; i < ctx.count; i++) {
    if (ctx.legal[i] === DEF_HOLD) canHold = true;
    else if (ctx.legal[i] === DEF_SHIELDS) canShield = true;
  }
  if (canHold && holdForThreats && threatsNear(k, pdRange(k) + 4) > 0) return DEF_HOLD;
  if (canShield && shieldRoom(k) > 0) return DEF_SHIELDS;
  return canHold ? DEF_HOLD : DEF_FIRE;
}
