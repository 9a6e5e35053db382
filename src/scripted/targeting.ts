/**
 * Whom to shoot and which way: a value per target id (a hull hex by its section's shields
 * and armour, a torpedo or corvette by how close it is to our hull), the point-defence
 * firing window, and the arrow of a multi-direction mount (4.2.2). Each picks the best of
 * the kernel's legal answers; ties go to the first listed.
 */
import type { DecisionContext } from '../bot-vocabulary.js';
import type { Pilot } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as hullGeometryModule from './hull-geometry.js';
import * as weaponValuesModule from './weapon-values.js';
import * as enginePlanModule from './engine-plan.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { TGT_HULL, G_FSRC, G_FMOUNT, MAX_SECTIONS, SMALL_TORPEDO, SMALL_CORVETTE, CC_REF, LO_CORVETTES, WeaponClass } = botApiModule;
const { distanceToHull } = hullGeometryModule;
const { weaponValue, speedAlong, mainWeapon, broadsideWeapon } = weaponValuesModule;
const { TIE } = enginePlanModule;

/** How much we want to shoot a target id (hull hex or small token); higher is better. */
export function targetValue(k: Pilot<any>, t: number): number {
  const V = k.view;
  const K = k.kernel;
  if (t >= TGT_HULL) {
    // Hull targets pack the ship in the high bits and the hull hex in the low four.
    const v = (t - TGT_HULL) >> 4;
    const h = (t - TGT_HULL) & 15;
    const sec = K.faction(V, v).hull.hexSection[h];
    return 9 - V.shields[v * MAX_SECTIONS + sec] - 0.8 * V.armour[v * MAX_SECTIONS + sec];
  }
  const me = k.me;
  const d = distanceToHull(k.myHull, V.shipQ[me], V.shipR[me], V.facing[me], V.tokQ[t], V.tokR[t]);
  if (V.tokKind[t] === SMALL_TORPEDO) return 12 - d;
  if (V.tokKind[t] === SMALL_CORVETTE) {
    // An enemy Command Corvette is the match (rulebook 3): destroying it wins.
    if (V.tokRef[t] === CC_REF) return 20 - 0.5 * d;
    const o = V.tokOwner[t];
    const w = K.faction(V, o).corvettes[V.loadout[o * 8 + LO_CORVETTES + V.tokRef[t] - 2]].weapon;
    return (w ? 7 + w.damage : 4) - 0.5 * d;
  }
  return 0;
}

export function chooseTarget(k: Pilot<any>, ctx: DecisionContext): number {
  let best = ctx.legal[0];
  let bestV = -1e9;
  for (let i = 0; i < ctx.count; i++) {
    const v = targetValue(k, ctx.legal[i]);
    if (v > bestV) {
      bestV = v;
      best = ctx.legal[i];
    }
  }
  return best;
}

/** A held Defence Stations at a firing window (10.1.4): fire at a close torpedo or armed corvette (any target when pdEager). */
export function choosePdWindow(k: Pilot<any>, ctx: DecisionContext): number {
  let best = 0;
  let bestV = k.settings.pdEager ? -1e9 : 6.5;
  // Answer 0 holds fire; answer i fires at target legal[i] - 1.
  for (let i = 1; i < ctx.count; i++) {
    const v = targetValue(k, ctx.legal[i] - 1);
    if (v > bestV) {
      bestV = v;
      best = ctx.legal[i];
    }
  }
  return best;
}

/** Which arrow of a multi-direction mount fires (4.2.2): the one with the best shot now. */
export function chooseFireDir(k: Pilot<any>, ctx: DecisionContext): number {
  const V = k.view;
  const hull = k.myHull;
  const src = V.g[G_FSRC]; // 0 main, 1 port, 2 starboard (the kernel's firing sources)
  const mounts = src === 0 ? hull.mounts.main : src === 1 ? hull.mounts.port : hull.mounts.starboard;
  const m = mounts[V.g[G_FMOUNT]];
  const w = src === 0 ? mainWeapon(k) : broadsideWeapon(k);
  const en = k.enemyHull;
  if (!m || !en) return ctx.legal[0];
  const me = k.me;
  const enemy = k.enemy;
  const e1 = k.enemyThisRound;
  const q = V.shipQ[me];
  const r = V.shipR[me];
  const f = V.facing[me];
  const o = f * hull.hexCount;
  let best = ctx.legal[0];
  let bestV = -1e9;
  for (let i = 0; i < ctx.count; i++) {
    const dir = (f + m.directions[ctx.legal[i]]) % 6;
    const v =
      w.weaponClass === WeaponClass.Projectile && speedAlong(k.matNow, dir) >= w.speed
        ? -w.damage
        : weaponValue(k, w, q + hull.rotQ[o + m.hex], r + hull.rotR[o + m.hex], dir, en, en.evasion, V.shipQ[enemy], V.shipR[enemy], V.facing[enemy], e1.endQ(), e1.endR(), e1.endF());
    if (v > bestV + TIE) {
      bestV = v;
      best = ctx.legal[i];
    }
  }
  return best;
}
