/**
 * Our corvettes (10.1.3, 11): which option of Corvettes! to take, which corvette to launch
 * and where, how to fly and fire those out, which to repair. A corvette at a spot is valued
 * by its shot now or after its compelled move, its distance to its weapon's range, and not
 * dying on the compelled move (7.2.4).
 *
 * Values here are integers in thousandths of a point (milli): V8 hands a double back from a
 * call that is not inlined as a fresh heap number, a small integer not.
 */
import type { DecisionContext } from '../bot-vocabulary.js';
import type { Pilot, Weapon } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as hullGeometryModule from './hull-geometry.js';
import * as weaponValuesModule from './weapon-values.js';
import * as enginePlanModule from './engine-plan.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  CORV_ACTIVATE, CORV_LAUNCH, CORV_REPAIR, ACT_PASS, ACT_FIRE, decodeMove, decodeLaunch, G_ACT_LEFT,
  CORVETTES, CORV_BOARD, LO_CORVETTES, WeaponClass, hex,
} = botApiModule;
const { DQ, DR, distance } = hex;
const { hullHexAt, distanceToHull, turnsToFace } = hullGeometryModule;
const { weaponValue } = weaponValuesModule;
const { TIE } = enginePlanModule;

export function corvWeapon(k: Pilot<any>, slot: number): Weapon | null {
  return k.kernel.corvettes.card(k.view, k.me, slot).weapon;
}

export function milli(v: number): number {
  return Math.round(v * 1000);
}

/** What a corvette card is worth aboard (thousandths): its weapon's damage, a little for speed. */
export function corvWorth(k: Pilot<any>, slot: number): number {
  const c = k.kernel.corvettes.card(k.view, k.me, slot);
  return milli((c.weapon ? c.weapon.damage + 1 : 0) + 0.1 * c.speed);
}

/** The hex range a corvette's weapon wants to work from. */
export function idealRange(w: Weapon): number {
  if (w.weaponClass === WeaponClass.DirectFire || w.weaponClass === WeaponClass.Beam) return Math.max(1, w.range - 1);
  return 3;
}

/**
 * Value (thousandths) of corvette `slot` standing at (q, r) facing f: a shot now (if it
 * still may fire this round with an activation to spare), else a shot next round after its
 * compelled move; closing to its weapon's range; and not dying on the compelled move (7.2.4:
 * off the board, onto a hull, onto a token). `self` is its own token, or -1.
 */
export function corvPosValue(k: Pilot<any>, slot: number, q: number, r: number, f: number, canFire: boolean, self: number): number {
  const V = k.view;
  const edge = k.edge;
  let v = 0;
  const nq = q + DQ[f];
  const nr = r + DR[f];
  const ed = edge.distance(nq, nr);
  if (ed === 0) v -= 6;
  else if (ed === 1 && edge.distance(nq + DQ[f], nr + DR[f]) === 0) v -= 1.5;
  // A hull's hexes lie within its reach of its centre: a hex further away is not looked up.
  const drift = k.myDrift;
  const dq = drift.endQ();
  const dr = drift.endR();
  if (distance(nq, nr, dq, dr) <= k.myReach && hullHexAt(k.myHull, dq, dr, drift.endF(), nq, nr) >= 0) v -= 6;
  if (k.kernel.weapons.tokenOn(V, q, r, 0, self) >= 0) v -= 8;
  const en = k.enemyHull;
  if (!en) return milli(v);
  const e1 = k.enemyThisRound;
  const e2 = k.enemyNextRound;
  const e1q = e1.endQ();
  const e1r = e1.endR();
  if (distance(nq, nr, e1q, e1r) <= k.enemyReach && hullHexAt(en, e1q, e1r, e1.endF(), nq, nr) >= 0) v -= 6;
  const w = corvWeapon(k, slot);
  const enemy = k.enemy;
  const eq = V.shipQ[enemy];
  const er = V.shipR[enemy];
  const ef = V.facing[enemy];
  if (w) {
    const now = canFire ? weaponValue(k, w, q, r, f, en, en.evasion, eq, er, ef, e1q, e1r, e1.endF()) : 0;
    const next = 0.5 * weaponValue(k, w, nq, nr, f, en, en.evasion, e1q, e1r, e1.endF(), e2.endQ(), e2.endR(), e2.endF());
    v += now > next ? now : next;
    v -= 0.15 * Math.abs(distanceToHull(en, eq, er, ef, q, r) - idealRange(w));
    v -= 0.1 * turnsToFace(q, r, f, eq, er);
  } else v -= 0.1 * Math.abs(distanceToHull(k.myHull, V.shipQ[k.me], V.shipR[k.me], V.facing[k.me], q, r) - 2);
  return milli(v);
}

/** Value (thousandths) of firing corvette `slot` from where it stands now. */
export function corvFireValue(k: Pilot<any>, slot: number): number {
  const w = corvWeapon(k, slot);
  const en = k.enemyHull;
  if (!w || !en) return 0;
  const V = k.view;
  const enemy = k.enemy;
  const e1 = k.enemyThisRound;
  const i = V.corvTok[k.me * CORVETTES + slot];
  const v = weaponValue(k, w, V.tokQ[i], V.tokR[i], V.tokFacing[i], en, en.evasion, V.shipQ[enemy], V.shipR[enemy], V.facing[enemy], e1.endQ(), e1.endR(), e1.endF());
  // Direct fire is only offered with a target: a token target is worth a little.
  return milli(w.weaponClass === WeaponClass.DirectFire && v === 0 ? 0.6 : v);
}

/** One corvette activation (11.1.2-11.1.3): the action that gains most, greedily. */
export function chooseActivation(k: Pilot<any>, ctx: DecisionContext): number {
  const V = k.view;
  const me = k.me;
  const now = k.corvetteValueNow;
  const mv = k.decoded;
  const left = V.g[G_ACT_LEFT];
  for (let slot = 0; slot < CORVETTES; slot++) {
    const idx = me * CORVETTES + slot;
    if (V.corvLoc[idx] !== CORV_BOARD) continue;
    const i = V.corvTok[idx];
    now[slot] = corvPosValue(k, slot, V.tokQ[i], V.tokR[i], V.tokFacing[i], !V.corvFired[idx] && left >= 1, i);
  }
  let best = ACT_PASS;
  // Passing is worth moving for less than this (thousandths).
  let bestV = 50;
  for (let a = 0; a < ctx.count; a++) {
    const act = ctx.legal[a];
    if (act === ACT_PASS) continue;
    let v: number;
    if (act >= ACT_FIRE) {
      const slot = act - ACT_FIRE;
      const i = V.corvTok[me * CORVETTES + slot];
      v = corvFireValue(k, slot) - 300 + corvPosValue(k, slot, V.tokQ[i], V.tokR[i], V.tokFacing[i], false, i) - now[slot];
    } else {
      decodeMove(act, mv); // [slot, turn before, hexes, turn after]
      const slot = mv[0];
      const idx = me * CORVETTES + slot;
      const i = V.corvTok[idx];
      const dir = (V.tokFacing[i] + mv[1] + 6) % 6;
      const q = V.tokQ[i] + DQ[dir] * mv[2];
      const r = V.tokR[i] + DR[dir] * mv[2];
      const f = (dir + mv[3] + 6) % 6;
      v = corvPosValue(k, slot, q, r, f, !V.corvFired[idx] && left >= 2, i) - now[slot];
    }
    if (v > bestV + TIE) {
      bestV = v;
      best = act;
    }
  }
  return best;
}

/**
 * Which corvette to launch, where and turned how (11.1.1): the best card at the best spot.
 * The kernel lists a spot and turn once for every corvette aboard, one after another: the
 * spot is found once for them, and a slot holding the same card as an earlier one there
 * (the same value, which cannot beat the earlier one) is not valued again.
 */
export function chooseLaunch(k: Pilot<any>, ctx: DecisionContext): number {
  const V = k.view;
  const legal = ctx.legal;
  const count = ctx.count;
  const loadout = V.loadout;
  const cardBase = k.me * 8 + LO_CORVETTES;
  const mv = k.decoded;
  const spot = k.launchSpot;
  let best = legal[0];
  let bestV = -1e9;
  let h = -1;
  let e = -1;
  let t = -1;
  let free = false;
  /** Cards valued at the current spot and turn (a bit per card id below 31). */
  let cards = 0;
  for (let i = 0; i < count; i++) {
    const a = legal[i];
    decodeLaunch(a, mv); // [slot, then the spot and turn launchSpot reads]
    if (mv[1] !== h || mv[2] !== e || mv[3] !== t) {
      h = mv[1];
      e = mv[2];
      t = mv[3];
      free = k.kernel.corvettes.launchSpot(V, k.me, h, e, t, spot);
      cards = 0;
    }
    if (!free) continue;
    const slot = mv[0];
    const card = loadout[cardBase + slot];
    const bit = card < 31 ? 1 << card : 0;
    if ((cards & bit) !== 0) continue;
    cards |= bit;
    const v = (corvWorth(k, slot) >> 1) + corvPosValue(k, slot, spot[0], spot[1], spot[2], true, -1);
    if (v > bestV + TIE) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

export function chooseRepairCorvette(k: Pilot<any>, ctx: DecisionContext): number {
  let best = ctx.legal[0];
  for (let i = 1; i < ctx.count; i++) if (corvWorth(k, ctx.legal[i]) > corvWorth(k, best)) best = ctx.legal[i];
  return best;
}

export function corvettesIn(k: Pilot<any>, loc: number): number {
  let n = 0;
  for (let slot = 0; slot < CORVETTES; slot++) if (k.view.corvLoc[k.me * CORVETTES + slot] === loc) n++;
  return n;
}

/** Corvettes! option (10.1.3): launch while any are aboard, else fly those out, else repair. */
export function chooseCorvetteOption(k: Pilot<any>, ctx: DecisionContext): number {
  let launch = false;
  let activate = false;
  let repair = false;
  for (let i = 0; i < ctx.count; i++) {
    if (ctx.legal[i] === CORV_LAUNCH) launch = true;
    else if (ctx.legal[i] === CORV_ACTIVATE) activate = true;
    else if (ctx.legal[i] === CORV_REPAIR) repair = true;
  }
  if (launch) return CORV_LAUNCH;
  if (activate && (corvettesIn(k, CORV_BOARD) >= 2 || !repair)) return CORV_ACTIVATE;
  if (repair) return CORV_REPAIR;
  return ctx.legal[0];
}
