/**
 * Movement predicted on a copy of the mat (7.2.2): a ship drifting a round on its own
 * momentum, our hull moving token by token against the enemy's predicted path, and whether
 * a pose can still brake to a stop without touching the edge. The kernel would undo a step
 * into the edge or another hull, so each stops there; nothing allocates, and the edge grid's
 * fields are read into locals once per call for the per-step lookups.
 */
import type { Hull, Pilot, PosePath } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as boardEdgeModule from './board-edge.js';
import * as hullGeometryModule from './hull-geometry.js';
import * as momentumMatModule from './momentum-mat.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { LIN_SLOTS, ROT_SLOTS, TOK_CW, TOK_CCW, ENGINE_CW, ENGINE_CCW, hex } = botApiModule;
const { DQ, DR, distance, opposite } = hex;
const { edgeAt } = boardEdgeModule;
const { hullMargin, hullHexAt, hullsOverlap } = hullGeometryModule;
const { matCopy, matEngine } = momentumMatModule;

/** Ship o moved one round by its own mat with no thrust, into `path`; a step into the edge is not taken. Returns the steps. */
export function drift(k: Pilot<any>, o: number, hull: Hull, q: number, r: number, f: number, path: PosePath): number {
  const V = k.view;
  const oq = path.q;
  const or = path.r;
  const of = path.f;
  oq[0] = q;
  or[0] = r;
  of[0] = f;
  const nl = V.linCount[o];
  const n = nl + V.rotCount[o];
  // A centre further from the edge than the hull's reach keeps every hull hex on the board
  // (edge distance drops by at most one a hex, as in simMove): no hull hex is looked up.
  const reach = hull === k.myHull ? k.myReach : hull === k.enemyHull ? k.enemyReach : 1000;
  const edge = k.edge;
  const grid = edge.cells;
  const w = edge.width;
  const h = edge.height;
  const q0 = edge.q0;
  const r0 = edge.r0;
  for (let s = 0; s < n; s++) {
    const t = s < nl ? V.lin[o * LIN_SLOTS + s] : V.rot[o * ROT_SLOTS + s - nl];
    let nq = q;
    let nr = r;
    let nf = f;
    if (t === TOK_CW) nf = (f + 1) % 6;
    else if (t === TOK_CCW) nf = (f + 5) % 6;
    else {
      nq += DQ[t];
      nr += DR[t];
    }
    if (edgeAt(grid, w, h, nq - q0, nr - r0) > reach || hullMargin(edge, hull, nq, nr, nf) > 0) {
      q = nq;
      r = nr;
      f = nf;
    }
    oq[s + 1] = q;
    or[s + 1] = r;
    of[s + 1] = f;
  }
  return n;
}

/**
 * Move our hull from (q, r, f) by mat m into k.moved; stop at the first step into the edge
 * or the enemy on `path` (the kernel would undo it; no path: the enemy is ignored). Without
 * `overrun` (recoverable's braking rounds), the tokens run over are not counted.
 */
export function simMove(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array, path: PosePath | null, overrun = true): void {
  const hull = k.myHull;
  const reach = k.myReach;
  const en = path ? k.enemyHull : null;
  const pairReach = reach + k.enemyReach;
  const edge = k.edge;
  const grid = edge.cells;
  const w = edge.width;
  const h = edge.height;
  const q0 = edge.q0;
  const r0 = edge.r0;
  const tokens = k.tokens;
  const marks = k.overrunMarks;
  let hitEdge = false;
  let hitShip = false;
  let over = 0;
  const nt = overrun ? tokens.count : 0;
  for (let i = 0; i < nt; i++) marks[i] = 0;
  const nl = m[0];
  const n = nl + m[5];
  for (let s = 0; s < n; s++) {
    const t = s < nl ? m[1 + s] : m[6 + s - nl];
    let nq = q;
    let nr = r;
    let nf = f;
    if (t === TOK_CW) nf = (f + 1) % 6;
    else if (t === TOK_CCW) nf = (f + 5) % 6;
    else {
      nq += DQ[t];
      nr += DR[t];
    }
    if (edgeAt(grid, w, h, nq - q0, nr - r0) <= reach && hullMargin(edge, hull, nq, nr, nf) === 0) {
      hitEdge = true;
      break;
    }
    if (path && en) {
      // The enemy in lock-step: its pose after the same step, or its last.
      const j = s + 1 < path.steps ? s + 1 : path.steps;
      const eq = path.q[j];
      const er = path.r[j];
      if (distance(nq, nr, eq, er) <= pairReach && hullsOverlap(hull, nq, nr, nf, en, eq, er, path.f[j])) {
        hitShip = true;
        break;
      }
    }
    q = nq;
    r = nr;
    f = nf;
    for (let i = 0; i < nt; i++) {
      if (marks[i] === 0 && distance(q, r, tokens.q[i], tokens.r[i]) <= reach && hullHexAt(hull, q, r, f, tokens.q[i], tokens.r[i]) >= 0) {
        marks[i] = 1;
        over += tokens.damage[i];
      }
    }
  }
  const moved = k.moved;
  moved.hitEdge = hitEdge;
  moved.hitShip = hitShip;
  moved.overrun = over;
  moved.q = q;
  moved.r = r;
  moved.f = f;
}

/**
 * Can a ship at this pose with mat m brake to a stop (one cancelling thrust a round) without touching the edge?
 * Each braking round cancels one token, then moves by the linear ones left: over the four
 * rounds the centre travels at most `path` hexes (rotations cancelled first), and every hull
 * hex stays within myReach of it. Edge distance drops by at most one a hex, so a centre
 * further than myReach + path from the edge can brake every way: true without simulating.
 */
export function recoverable(k: Pilot<any>, q: number, r: number, f: number, m: Int8Array): boolean {
  let lin = m[0];
  let rot = m[5];
  let path = 0;
  for (let i = 0; i < 4 && lin + rot > 0; i++) {
    if (rot > 0) rot--;
    else lin--;
    path += lin;
  }
  const edge = k.edge;
  if (edge.distance(q, r) > k.myReach + path) return true;
  const brake = k.brakeMat;
  const trial = k.brakeTrialMat;
  const moved = k.moved;
  matCopy(m, brake);
  for (let round = 0; round < 4; round++) {
    if (brake[0] === 0 && brake[5] === 0) return true;
    let bestE = -1;
    let bestMargin = -1;
    let bq = q;
    let br = r;
    let bf = f;
    for (let i = 0; i <= brake[0]; i++) {
      let e: number;
      if (i < brake[0]) {
        e = opposite(brake[1 + i]);
        let dup = false;
        for (let j = 0; j < i; j++) if (brake[1 + j] === brake[1 + i]) dup = true;
        if (dup) continue;
      } else {
        if (brake[5] === 0) continue;
        e = brake[6] === TOK_CW ? ENGINE_CCW : ENGINE_CW;
      }
      matCopy(brake, trial);
      matEngine(trial, e, f);
      simMove(k, q, r, f, trial, null, false);
      if (moved.hitEdge) continue;
      const mg = hullMargin(edge, k.myHull, moved.q, moved.r, moved.f);
      if (mg > bestMargin) {
        bestMargin = mg;
        bestE = e;
        bq = moved.q;
        br = moved.r;
        bf = moved.f;
      }
    }
    if (bestE < 0) return false;
    matEngine(brake, bestE, f);
    q = bq;
    r = br;
    f = bf;
  }
  return true;
}
