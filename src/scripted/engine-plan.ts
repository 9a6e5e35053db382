/**
 * The styles' movement plan (7.2.1): a two-round look-ahead over the ten engine settings on
 * a copy of our mat, the enemy drifting on its predicted path. A pose is scored by the
 * style's hook (Pilot.evaluate) on top of the common terms of baseEval, less what the move
 * there cost (tokens run over, the edge, a collision at the style's price), the second round
 * weighted by SECOND_ROUND_WEIGHT and marked down when the ship could not brake from it.
 *
 * Why this shape: the same poses come up again and again (by different first rounds, for
 * Power to Engines, for each style asked on one state), so each piece that depends only on
 * the pose is kept in the memo tables (memo-tables.ts); the answers are the same with or
 * without them. Options are tried in an order relative to the facing, and a later option
 * must beat an earlier one by TIE, so mirror-image boards get mirror-image answers.
 */
import type { Pilot } from './pilot.js';
import type { SharedStyleWork } from './memo-tables.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as hullGeometryModule from './hull-geometry.js';
import * as momentumMatModule from './momentum-mat.js';
import * as movementModule from './predicted-movement.js';
import * as weaponValuesModule from './weapon-values.js';
import * as memoTablesModule from './memo-tables.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { ENGINE_NONE, hex } = botApiModule;
const { DQ, DR, distance } = hex;
const { hullMargin, hullsOverlap } = hullGeometryModule;
const { matLoad, matCopy, matThrust, matEngine, seenBefore } = momentumMatModule;
const { simMove, recoverable } = movementModule;
const { mainValueAt, shellDanger, enemyMainThreat } = weaponValuesModule;
const {
  factSlot, moveSlot, expansionSlot, EXPANSION_SCRATCH, HIT_EDGE, HIT_SHIP, FACT_SHELL, FACT_THREAT,
  FACT_MAIN, EXPAND_FIRST, EXPAND_SECOND,
} = memoTablesModule;

/** The second round's weight in a plan's score. */
export const SECOND_ROUND_WEIGHT = 0.7;
/** What a hull hex off the board costs: more than anything else a pose can score. */
export const OFF_BOARD = 1000;
/** What a second-round pose costs when the ship could not brake from it without touching the edge. */
export const CANNOT_BRAKE = 60;

/** Turns from the facing in the order tried: ahead, then the smaller turns, clockwise first. */
export const TURN_ORDER = Int8Array.of(0, 1, 5, 2, 4, 3);
/**
 * How much better a later option must score to replace an earlier one. Mirror-image options
 * score the same up to rounding (sums taken in board order), and a tie must go to the first
 * in facing-relative order, not to whichever rounded up.
 */
export const TIE = 1e-9;

/**
 * The ten engine settings in the order they are tried by a ship facing f: none first, then
 * the six thrusts by TURN_ORDER, then double, clockwise, counter-clockwise. The first of
 * equal scores wins, so the order is relative to the facing: an order by absolute direction
 * would break a tie one way for a ship facing north and the other way facing south.
 */
function engineSetting(i: number, f: number): number {
  return i === 0 ? ENGINE_NONE : i <= 6 ? (f + TURN_ORDER[i - 1]) % 6 : i - 1;
}

/** Common terms of a pose's value: distance kept, edge clearance, speed, spin, shells, the enemy's main line. */
export function baseEval(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array, ply: number, eq: number, er: number, ef: number): number {
  const kit = k.settings;
  let v = 0;
  if (k.enemyHull) v -= kit.rangeWeight * Math.abs(distance(q, r, eq, er) - kit.range);
  const margin = kit.edgeMargin;
  // Edge distance drops by at most one a hex: with the centre margin + myReach or more from
  // the edge, every hull hex is at least margin away, and hullMargin need not be measured.
  if (k.edge.distance(q, r) < margin + k.myReach) {
    const mg = hullMargin(k.edge, k.myHull, q, r, f);
    if (mg < margin) v -= 3 * (margin - mg);
  }
  if (m[0] > kit.maxSpeed) v -= 2.5 * (m[0] - kit.maxSpeed);
  if (ply === 2) v -= 0.7 * m[5];
  // The enemy at its predicted pose for this ply (as every style asks): the style-free terms
  // are kept for the observation (factSlot).
  const w = k.shared;
  const path = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const slot = w.on === false ? -1 : eq === path.endQ() && er === path.endR() && ef === path.endF() ? factSlot(w, q, r, f, m, ply) : -1;
  if (slot < 0) {
    v -= shellDanger(k, q, r, f, ply);
    if (kit.threat > 0) v -= kit.threat * enemyMainThreat(k, q, r, f, eq, er, ef, ply);
    return v;
  }
  if ((w.factHas[slot] & FACT_SHELL) === 0) {
    w.factShell[slot] = shellDanger(k, q, r, f, ply);
    w.factHas[slot] |= FACT_SHELL;
  }
  v -= w.factShell[slot];
  if (kit.threat > 0) {
    if ((w.factHas[slot] & FACT_THREAT) === 0) {
      w.factThreat[slot] = enemyMainThreat(k, q, r, f, eq, er, ef, ply);
      w.factHas[slot] |= FACT_THREAT;
    }
    v -= kit.threat * w.factThreat[slot];
  }
  return v;
}

/**
 * mainValueAt from pose (q, r, f) with mat m against the enemy's predicted poses at `ply`
 * (a: that ply's, b: the next round's), as the gunner, carrier and turtle value a pose;
 * kept for the observation (factSlot).
 */
export function mainValuePly(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const a = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const b = k.enemyNextRound;
  const w = k.shared;
  const slot = w.on === false ? -1 : factSlot(w, q, r, f, m, ply);
  if (slot < 0) return mainValueAt(k, q, r, f, m, a.endQ(), a.endR(), a.endF(), b.endQ(), b.endR(), b.endF());
  if ((w.factHas[slot] & FACT_MAIN) === 0) {
    w.factMain[slot] = mainValueAt(k, q, r, f, m, a.endQ(), a.endR(), a.endF(), b.endQ(), b.endR(), b.endF());
    w.factHas[slot] |= FACT_MAIN;
  }
  return w.factMain[slot];
}

/**
 * Engine setting e tried from pose (q, r, f) on mat `from`: the mat it leaves goes into
 * `into`; false when an earlier setting this round left the same mat (`seen` holds the
 * first n), else the move is simulated against the enemy's path for the round (1: this
 * round, 2: the next) and k.moved holds where it ends.
 */
function tryEngine(k: Pilot<any>, e: number, q: number, r: number, f: number, from: Int8Array, into: Int8Array, seen: Int8Array, n: number, round: number): boolean {
  matCopy(from, into);
  matEngine(into, e, f);
  if (seenBefore(seen, n, into)) return false;
  const path = round === 1 ? k.enemyThisRound : k.enemyNextRound;
  const w = k.shared;
  const slot = w.on === false ? -1 : moveSlot(w, q, r, f, into, round === 1 ? 1 : 0);
  const moved = k.moved;
  if (slot < 0) simMove(k, q, r, f, into, path);
  else if (w.moveStamp[slot] === w.generation) {
    moved.q = w.moveQ[slot];
    moved.r = w.moveR[slot];
    moved.f = w.moveF[slot];
    moved.hitEdge = (w.moveFlags[slot] & HIT_EDGE) !== 0;
    moved.hitShip = (w.moveFlags[slot] & HIT_SHIP) !== 0;
    moved.overrun = w.moveOverrun[slot];
  } else {
    simMove(k, q, r, f, into, path);
    w.moveStamp[slot] = w.generation;
    w.moveQ[slot] = moved.q;
    w.moveR[slot] = moved.r;
    w.moveF[slot] = moved.f;
    w.moveFlags[slot] = (moved.hitEdge ? HIT_EDGE : 0) | (moved.hitShip ? HIT_SHIP : 0);
    w.moveOverrun[slot] = moved.overrun;
  }
  return true;
}

/** Keep tryEngine's last move (where it ends, whether it met the edge or the enemy, what it ran over) in expansion entry o. */
function keepMove(k: Pilot<any>, w: SharedStyleWork, o: number): void {
  const moved = k.moved;
  w.endQ[o] = moved.q;
  w.endR[o] = moved.r;
  w.endF[o] = moved.f;
  w.endFlags[o] = (moved.hitEdge ? HIT_EDGE : 0) | (moved.hitShip ? HIT_SHIP : 0);
  w.endOverrun[o] = moved.overrun;
}

/** A pose's value v less what the move there cost: tokens run over, a hull hex off the board, and the style's value of a collision at this ply. */
function afterMove(k: Pilot<any>, v: number, overrun: number, hitEdge: boolean, hitShip: boolean, ply: number): number {
  v -= overrun;
  if (hitEdge) v -= OFF_BOARD;
  if (hitShip) v += k.collision(k, ply);
  return v;
}

/** Value of ending round one at pose (q, r, f) with mat m: that pose, plus the best second round. */
export function planScore(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array): number {
  const s1 = k.evaluate(k, q, r, f, m, 1);
  let best = -1e9;
  const w = k.shared;
  const x = w.on === false ? -1 : expansionSlot(w, q, r, f, m, EXPAND_SECOND);
  const mats = w.mats;
  if (x >= 0 && w.expansionStamp[x] === w.generation) {
    // Listed by an earlier style: the same settings' mats and moves, in the same order.
    for (let o = x * 10, end = o + w.expansionCount[x]; o < end; o++) {
      const flags = w.endFlags[o];
      const v = secondRound(k, w.endQ[o], w.endR[o], w.endF[o], mats[o], w.endOverrun[o], (flags & HIT_EDGE) !== 0, (flags & HIT_SHIP) !== 0, best);
      if (v > best) best = v;
    }
    return s1 + SECOND_ROUND_WEIGHT * best;
  }
  const moved = k.moved;
  let seen = 0;
  for (let i = 0; i < 10; i++) {
    // Kept, each setting's mat is made in its entry (a setting that repeats an earlier mat is overwritten).
    const into = x >= 0 ? mats[x * 10 + seen] : k.secondRoundMat;
    if (!tryEngine(k, engineSetting(i, f), q, r, f, m, into, k.seenRound2, seen, 2)) continue;
    if (x >= 0) keepMove(k, w, x * 10 + seen);
    seen++;
    const v = secondRound(k, moved.q, moved.r, moved.f, into, moved.overrun, moved.hitEdge, moved.hitShip, best);
    if (v > best) best = v;
  }
  if (x >= 0) {
    w.expansionCount[x] = seen;
    w.expansionStamp[x] = w.generation;
  }
  return s1 + SECOND_ROUND_WEIGHT * best;
}

/** planScore's value of a second round ending at (q2, r2, f2) with mat m2 after a move that ran over `overrun`, hit the edge or the enemy; `best` so far. */
function secondRound(k: Pilot<any>, q2: number, r2: number, f2: number, m2: Int8Array, overrun: number, hitEdge: boolean, hitShip: boolean, best: number): number {
  const memo = k.poseMemo;
  const slot = memo.slot(q2, r2, f2, m2);
  let v: number;
  if (slot < 0) {
    v = afterMove(k, k.evaluate(k, q2, r2, f2, m2, 2), overrun, hitEdge, hitShip, 2);
    if (v > best && !recoverable(k, q2, r2, f2, m2)) v -= CANNOT_BRAKE;
    return v;
  }
  if (memo.stamp[slot] !== memo.generation) {
    memo.stamp[slot] = memo.generation;
    memo.value[slot] = k.evaluate(k, q2, r2, f2, m2, 2);
    memo.recoverable[slot] = -1;
  }
  v = afterMove(k, memo.value[slot], overrun, hitEdge, hitShip, 2);
  if (v > best) {
    if (memo.recoverable[slot] < 0) memo.recoverable[slot] = recoverable(k, q2, r2, f2, m2) ? 1 : 0;
    if (memo.recoverable[slot] === 0) v -= CANNOT_BRAKE;
  }
  return v;
}

/**
 * Choose the engine setting (7.2.1) by the two-round look-ahead, into k.planEngineSetting,
 * k.planQ/R/F and k.planMat. The planned pose's planScore is kept in k.planValue (Power to
 * Engines' base): the same pose and mat would score the same again.
 */
export function planEngine(k: Pilot<any>): void {
  const V = k.view;
  const me = k.me;
  const q0 = V.shipQ[me];
  const r0 = V.shipR[me];
  const f0 = V.facing[me];
  const start = k.planStartMat;
  matLoad(V, me, start);
  let bestScore = -1e18;
  let bestE = ENGINE_NONE;
  // The first round's settings, mats and moves are the style-free part: listed into an
  // expansion, kept like planScore's second rounds (EXPAND_FIRST) while the styles share
  // their work, else the scratch one; then each is scored. Filled and stamped before
  // scoring, so planScore's lists, made meanwhile, keep off it.
  const w = k.shared;
  const kept = w.on === false ? -1 : expansionSlot(w, q0, r0, f0, start, EXPAND_FIRST);
  const x = kept >= 0 ? kept : EXPANSION_SCRATCH;
  const gen = w.generation;
  const mats = w.mats;
  if (x === EXPANSION_SCRATCH || w.expansionStamp[x] !== gen) {
    let seen = 0;
    for (let i = 0; i < 10; i++) {
      const e = engineSetting(i, f0);
      const o = x * 10 + seen;
      if (!tryEngine(k, e, q0, r0, f0, start, mats[o], k.seenRound1, seen, 1)) continue;
      keepMove(k, w, o);
      w.engine[o] = e;
      seen++;
    }
    w.expansionCount[x] = seen;
    w.expansionStamp[x] = gen;
  }
  for (let o = x * 10, end = o + w.expansionCount[x]; o < end; o++) {
    const flags = w.endFlags[o];
    const score = planScore(k, w.endQ[o], w.endR[o], w.endF[o], mats[o]);
    const v = afterMove(k, score, w.endOverrun[o], (flags & HIT_EDGE) !== 0, (flags & HIT_SHIP) !== 0, 1);
    if (v > bestScore + TIE) {
      bestScore = v;
      bestE = w.engine[o];
      k.planValue = score;
    }
  }
  const plan = k.planMat;
  matCopy(start, plan);
  matEngine(plan, bestE, f0);
  simMove(k, q0, r0, f0, plan, k.enemyThisRound);
  k.planEngineSetting = bestE;
  k.planQ = k.moved.q;
  k.planR = k.moved.r;
  k.planF = k.moved.f;
}

/** The best Power to Engines direction (10.1.6) from pose (q, r, f) with mat m into k.p2eDir, and what it gains over `base` into k.p2eGain. */
export function planPowerToEngines(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array, base: number): void {
  k.p2eDir = f;
  k.p2eGain = -1e9;
  const hull = k.myHull;
  const en = k.enemyHull;
  const e1 = k.enemyThisRound;
  const mat = k.p2eMat;
  // Directions relative to the facing (TURN_ORDER), so ties break the same way on any heading.
  for (let i = 0; i < 6; i++) {
    const d = (f + TURN_ORDER[i]) % 6;
    const nq = q + DQ[d];
    const nr = r + DR[d];
    let v = 0;
    if (hullMargin(k.edge, hull, nq, nr, f) === 0) v -= OFF_BOARD;
    if (en && hullsOverlap(hull, nq, nr, f, en, e1.endQ(), e1.endR(), e1.endF())) v += k.collision(k, 1);
    matCopy(m, mat);
    matThrust(mat, d);
    v += planScore(k, nq, nr, f, mat);
    if (v - base > k.p2eGain + TIE) {
      k.p2eGain = v - base;
      k.p2eDir = d;
    }
  }
}
