/**
 * What a weapon is worth from a pose: the expected damage of a shot against a hull standing
 * at one pose now and another a round later, by weapon class (9.1-9.4); our main weapon and
 * broadsides against the enemy's predicted path, the enemy's main line against us, and the
 * shells already in flight. Values are expected damage in armour points, so the styles can
 * weigh them against one another and against the cost of a pose.
 */
import type { Hull, Mount, Pilot, Weapon } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as hullGeometryModule from './hull-geometry.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { LOC_HAND, LOC_TRACK, CARDS, LO_MAIN, LO_BROADSIDE, Cmd, WeaponClass, hex } = botApiModule;
const { DQ, DR, turnBetween } = hex;
const { rayToHull, arcToHull } = hullGeometryModule;

/**
 * Expected damage of one shot from (q, r) along `dir` against a hull that stands at pose a
 * now and at pose b a round later: a cannon shell must meet it on its line (9.3), a
 * torpedo needs it in its front arc (9.4), a beam on its line within range (9.1), direct
 * fire inside its arc and range, paying for accuracy (9.2).
 */
export function weaponValue(
  k: Pilot<any>,
  w: Weapon,
  q: number,
  r: number,
  dir: number,
  hull: Hull,
  evasion: number,
  aq: number,
  ar: number,
  af: number,
  bq: number,
  br: number,
  bf: number,
): number {
  switch (w.weaponClass) {
    case WeaponClass.Projectile: {
      if (rayToHull(k, q, r, dir, w.speed, hull, aq, ar, af) > 0) return w.damage;
      return rayToHull(k, q, r, dir, 2 * w.speed, hull, bq, br, bf) > 0 ? 0.6 * w.damage : 0;
    }
    case WeaponClass.Torpedo: {
      const nq = q + DQ[dir];
      const nr = r + DR[dir];
      if (k.edge.distance(nq, nr) === 0) return 0;
      const d = arcToHull(k, nq, nr, dir, 3 * w.speed, hull, aq, ar, af);
      return d === 0 ? 0 : w.damage * (d <= w.speed ? 0.9 : 0.7);
    }
    case WeaponClass.Beam:
      return rayToHull(k, q, r, dir, w.range, hull, aq, ar, af) > 0 ? w.damage : 0;
    default:
      return arcToHull(k, q, r, dir, w.range, hull, aq, ar, af) > 0 ? (w.accuracy >= evasion ? w.damage : 0.8 * w.damage) : 0;
  }
}

/** Our speed along `dir` on mat m: a token that way counts 1, one a sixth-turn off a half; tokens pointing away count against. */
export function speedAlong(m: Int8Array, dir: number): number {
  let s = 0;
  for (let i = 0; i < m[0]; i++) {
    const t = Math.abs(turnBetween(m[1 + i], dir));
    s += t === 0 ? 1 : t === 1 ? 0.5 : t === 3 ? -1 : t === 2 ? -0.5 : 0;
  }
  return s;
}

/**
 * Value of firing a ship weapon's mounts from pose (q, r, f), our mat m, at the enemy (poses
 * a, b); each mount takes its best arrow unless broadsideFire is 'all'. A shell fired along
 * our own course at no more than our speed would be overtaken by our hull (9.3: any hull
 * it meets), so it counts against.
 */
export function mountsValue(k: Pilot<any>, mounts: readonly Mount[], w: Weapon, q: number, r: number, f: number, m: Int8Array, aq: number, ar: number, af: number, bq: number, br: number, bf: number): number {
  const en = k.enemyHull;
  if (!en) return 0;
  const hull = k.myHull;
  const all = k.kernel.fireAllBroadside;
  const o = f * hull.hexCount;
  let total = 0;
  for (let i = 0; i < mounts.length; i++) {
    const mt = mounts[i];
    const mq = q + hull.rotQ[o + mt.hex];
    const mr = r + hull.rotR[o + mt.hex];
    let best = -1e9;
    for (let j = 0; j < mt.directions.length; j++) {
      const dir = (f + mt.directions[j]) % 6;
      const v = w.weaponClass === WeaponClass.Projectile && speedAlong(m, dir) >= w.speed ? -w.damage : weaponValue(k, w, mq, mr, dir, en, en.evasion, aq, ar, af, bq, br, bf);
      if (all) total += v;
      else if (v > best) best = v;
    }
    if (!all && mt.directions.length > 0) total += best;
  }
  return total;
}

export function mainWeapon(k: Pilot<any>): Weapon {
  return k.myFaction.mainWeapons[k.view.loadout[k.me * 8 + LO_MAIN]];
}
export function broadsideWeapon(k: Pilot<any>): Weapon {
  return k.myFaction.broadsides[k.view.loadout[k.me * 8 + LO_BROADSIDE]];
}

/** Our main weapon's value from pose (q, r, f), mat m, against the enemy at poses a then b. */
export function mainValueAt(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array, aq: number, ar: number, af: number, bq: number, br: number, bf: number): number {
  return mountsValue(k, k.myHull.mounts.main, mainWeapon(k), q, r, f, m, aq, ar, af, bq, br, bf);
}

/** A broadside's value (card Cmd.PortBroadside or Cmd.StarboardBroadside). */
export function sideValueAt(k: Pilot<any>, card: number, q: number, r: number, f: number, m: Int8Array, aq: number, ar: number, af: number, bq: number, br: number, bf: number): number {
  const mounts = card === Cmd.PortBroadside ? k.myHull.mounts.port : k.myHull.mounts.starboard;
  return mountsValue(k, mounts, broadsideWeapon(k), q, r, f, m, aq, ar, af, bq, br, bf);
}

/**
 * Share of the main weapon's damage expected from pose (q, r, f) on mat m in the coming
 * round, against the enemy's predicted path (0 with no enemy ship): the styles' card values.
 */
export function mainShare(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array): number {
  const a = k.enemyThisRound;
  const b = k.enemyNextRound;
  return k.enemyHull ? mainValueAt(k, q, r, f, m, a.endQ(), a.endR(), a.endF(), b.endQ(), b.endR(), b.endF()) / Math.max(1, mainWeapon(k).damage) : 0;
}

/** The same for a broadside card (Cmd.PortBroadside or Cmd.StarboardBroadside). */
export function broadsideShare(k: Pilot<any>, card: number, q: number, r: number, f: number, m: Int8Array): number {
  const a = k.enemyThisRound;
  const b = k.enemyNextRound;
  return k.enemyHull ? sideValueAt(k, card, q, r, f, m, a.endQ(), a.endR(), a.endF(), b.endQ(), b.endR(), b.endF()) / Math.max(1, broadsideWeapon(k).damage) : 0;
}

/** How much the enemy's main weapon (each mount along its first arrow) threatens our hull at pose (q, r, f) when the enemy stands at (eq, er, ef). */
export function enemyMainThreat(k: Pilot<any>, q: number, r: number, f: number, eq: number, er: number, ef: number, ply: number): number {
  const ef0 = k.enemyFaction;
  const eh = k.enemyHull;
  if (!ef0 || !eh) return 0;
  const view = k.view;
  const en = k.enemy;
  const loc = view.cardLoc[en * CARDS + Cmd.FireMain];
  // Fire Main in hand now, or back from cooldown by the second round: a full threat.
  const ready = loc === LOC_HAND ? 1 : loc === LOC_TRACK && ply === 2 ? 1 : 0.25;
  const w = ef0.mainWeapons[view.loadout[en * 8 + LO_MAIN]];
  const mounts = eh.mounts.main;
  const o = ef * eh.hexCount;
  const hull = k.myHull;
  let total = 0;
  for (let i = 0; i < mounts.length; i++) {
    const m = mounts[i];
    total += weaponValue(k, w, eq + eh.rotQ[o + m.hex], er + eh.rotR[o + m.hex], (ef + m.directions[0]) % 6, hull, hull.evasion, q, r, f, q, r, f);
  }
  return ready * total;
}

/** Damage from cannon shells on the board that will cross our hull at pose (q, r, f) in this round's (ply 1) or the next round's (ply 2) flight. */
export function shellDanger(k: Pilot<any>, q: number, r: number, f: number, ply: number): number {
  let danger = 0;
  const shells = k.shells;
  const ns = shells.count;
  if (ns === 0) return 0;
  const hull = k.myHull;
  const n = hull.hexCount;
  const o = f * n;
  for (let i = 0; i < ns; i++) {
    const dir = shells.dir[i];
    const speed = shells.speed[i];
    const from = ply === 1 ? 0 : speed + 1;
    const to = ply === 1 ? speed : 2 * speed;
    // Is some hull hex step s (from..to) of the shell's line? Tested hex by hex, as in rayToHull.
    const dq = DQ[dir];
    const dr = DR[dir];
    for (let h = 0; h < n; h++) {
      const x = q + hull.rotQ[o + h] - shells.q[i];
      const y = r + hull.rotR[o + h] - shells.r[i];
      const s = dq !== 0 ? x * dq : y * dr;
      if (s >= from && s <= to && x === s * dq && y === s * dr) {
        danger += shells.damage[i];
        break;
      }
    }
  }
  return danger;
}
