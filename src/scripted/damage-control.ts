/**
 * Where to put shields (4.1.1) and which armour point to restore: on the sections most
 * exposed, those nearest the enemy hull or an enemy torpedo and the one the enemy's main
 * line meets first. Shields spread over the exposed sections one at a time; a repair goes
 * to an open section first.
 */
import type { DecisionContext } from '../bot-vocabulary.js';
import type { Pilot } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as hullGeometryModule from './hull-geometry.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { encodeShields, MAX_SECTIONS, hex } = botApiModule;
const { DQ, DR, distance } = hex;
const { hullHexAt, distanceToHull } = hullGeometryModule;

/** Our hull hex that the enemy's main line (from its pose after drifting) meets first, or -1. */
export function enemyLineHex(k: Pilot<any>): number {
  const en = k.enemyHull;
  if (!en) return -1;
  const m = en.mounts.main[0];
  if (!m) return -1;
  const e1 = k.enemyThisRound;
  const ef = e1.endF();
  const o = ef * en.hexCount;
  let q = e1.endQ() + en.rotQ[o + m.hex];
  let r = e1.endR() + en.rotR[o + m.hex];
  const dir = (ef + m.directions[0]) % 6;
  const V = k.view;
  const sq = V.shipQ[k.me];
  const sr = V.shipR[k.me];
  const sf = V.facing[k.me];
  const reach = k.myReach;
  for (let s = 0; s < 12; s++) {
    q += DQ[dir];
    r += DR[dir];
    if (k.edge.distance(q, r) === 0) return -1;
    // Our hull lies within its reach of its centre: a hex further away is not looked up.
    if (distance(q, r, sq, sr) > reach) continue;
    const h = hullHexAt(k.myHull, sq, sr, sf, q, r);
    if (h >= 0) return h;
  }
  return -1;
}

/** Exposure of one of our sections: higher the nearer it is to the enemy hull or an enemy torpedo, and on the enemy's main line. */
export function sectionExposure(k: Pilot<any>, sec: number, lineHex: number): number {
  const en = k.enemyHull;
  if (!en) return 0;
  const V = k.view;
  const hull = k.myHull;
  const q = V.shipQ[k.me];
  const r = V.shipR[k.me];
  const f = V.facing[k.me];
  const o = f * hull.hexCount;
  const e1 = k.enemyThisRound;
  const torpedoes = k.enemyTorpedoes;
  let near = 1 << 30;
  let onLine = 0;
  for (let i = 0; i < hull.hexCount; i++) {
    if (hull.hexSection[i] !== sec) continue;
    if (i === lineHex) onLine = 2;
    const hq = q + hull.rotQ[o + i];
    const hr = r + hull.rotR[o + i];
    // Every enemy hull hex lies within enemyReach of its centre: a hex that far from the
    // centre, less enemyReach, cannot come nearer than `near`, and is not measured.
    if (distance(hq, hr, e1.endQ(), e1.endR()) - k.enemyReach < near) {
      const d = distanceToHull(en, e1.endQ(), e1.endR(), e1.endF(), hq, hr);
      if (d < near) near = d;
    }
    for (let t = 0; t < torpedoes.count; t++) {
      const dt = distance(hq, hr, torpedoes.q[t], torpedoes.r[t]);
      if (dt < near) near = dt;
    }
  }
  return onLine - near;
}

/**
 * How to arrange the shields in hand (4.1.1): one at a time, each on the section with the
 * best value, the exposed sections first, spreading over them.
 */
export function chooseShield(k: Pilot<any>, ctx: DecisionContext): number {
  const V = k.view;
  const me = k.me;
  const line = enemyLineHex(k);
  const n = k.myHull.sectionCount;
  const room = k.shieldRoomBySection;
  const put = k.shieldsToPlace;
  const exposure = k.exposureBySection;
  const placing = ctx.kernel.shieldRoom(V, me, room);
  for (let sec = 0; sec < n; sec++) {
    put[sec] = 0;
    exposure[sec] = placing > 0 && room[sec] > 0 ? sectionExposure(k, sec, line) : 0;
  }
  for (let s = 0; s < placing; s++) {
    let best = -1;
    let bestV = -1e9;
    for (let sec = 0; sec < n; sec++) {
      if (put[sec] >= room[sec]) continue;
      const v = 2 * exposure[sec] - 1.5 * (V.shields[me * MAX_SECTIONS + sec] + put[sec]) - 0.3 * V.armour[me * MAX_SECTIONS + sec];
      if (v > bestV) {
        bestV = v;
        best = sec;
      }
    }
    put[best]++;
  }
  return encodeShields(put, n);
}

/** Which armour point to restore: an open section first, then the exposed ones. */
export function chooseRepair(k: Pilot<any>, ctx: DecisionContext): number {
  const V = k.view;
  const me = k.me;
  const line = enemyLineHex(k);
  let best = ctx.legal[0];
  let bestV = -1e9;
  for (let i = 0; i < ctx.count; i++) {
    const sec = ctx.legal[i];
    const v = (V.armour[me * MAX_SECTIONS + sec] === 0 ? 6 : 0) + sectionExposure(k, sec, line) + 0.3 * (k.myHull.armour[sec] - V.armour[me * MAX_SECTIONS + sec]);
    if (v > bestV) {
      bestV = v;
      best = sec;
    }
  }
  return best;
}
