/**
 * Where a hull stands on the board: its hexes at a pose against the board edge, another
 * hull, a hex, a line of fire or a firing arc, and the turn needed to face a hex. Hulls are
 * the rule tables' rotated hex offsets (hull.rotQ / rotR, one block of hexCount per facing);
 * nothing here allocates, and the tests that come up per predicted step (rayToHull,
 * arcToHull) first rule a hull out by its reach from its centre.
 */
import type { EdgeGrid } from './board-edge.js';
import type { Hull, Pilot } from './pilot.js';
import * as hexModule from '../hex/hex.js';
import * as boardEdgeModule from './board-edge.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR, distance, frontCoordinates } = hexModule;
const { edgeAt } = boardEdgeModule;

/** The furthest hex of a hull from its centre. */
export function hullReach(hull: Hull): number {
  let m = 0;
  for (let i = 0; i < hull.hexCount; i++) m = Math.max(m, distance(0, 0, hull.hexQ[i], hull.hexR[i]));
  return m;
}

/** The reach of one of the two hulls in play (others are measured). */
export function reachOf(k: Pilot<any>, hull: Hull): number {
  return hull === k.myHull ? k.myReach : hull === k.enemyHull ? k.enemyReach : hullReach(hull);
}

/** Smallest edge distance over a hull's hexes at a pose (0: some hex is off the board). */
export function hullMargin(edge: EdgeGrid, hull: Hull, q: number, r: number, f: number): number {
  const n = hull.hexCount;
  const o = f * n;
  const rotQ = hull.rotQ;
  const rotR = hull.rotR;
  const grid = edge.cells;
  const w = edge.width;
  const h = edge.height;
  const x0 = q - edge.q0;
  const y0 = r - edge.r0;
  let m = 100;
  for (let i = 0; i < n; i++) {
    const x = x0 + rotQ[o + i];
    const y = y0 + rotR[o + i];
    // Off the grid: off the board, and no hex is nearer the edge.
    if (x < 0 || y < 0 || x >= w || y >= h) return 0;
    const d = grid[y * w + x];
    if (d < m) m = d;
  }
  return m;
}

/** Index of the hull hex on (hq, hr) at a pose, or -1. */
export function hullHexAt(hull: Hull, q: number, r: number, f: number, hq: number, hr: number): number {
  const n = hull.hexCount;
  const o = f * n;
  for (let i = 0; i < n; i++) if (q + hull.rotQ[o + i] === hq && r + hull.rotR[o + i] === hr) return i;
  return -1;
}

export function hullsOverlap(a: Hull, qa: number, ra: number, fa: number, b: Hull, qb: number, rb: number, fb: number): boolean {
  const oa = fa * a.hexCount;
  for (let i = 0; i < a.hexCount; i++) if (hullHexAt(b, qb, rb, fb, qa + a.rotQ[oa + i], ra + a.rotR[oa + i]) >= 0) return true;
  return false;
}

/** Distance from hex (q, r) to the nearest hex of a hull at a pose. */
export function distanceToHull(hull: Hull, hq: number, hr: number, hf: number, q: number, r: number): number {
  const o = hf * hull.hexCount;
  let m = 1 << 30;
  for (let i = 0; i < hull.hexCount; i++) {
    const d = distance(q, r, hq + hull.rotQ[o + i], hr + hull.rotR[o + i]);
    if (d < m) m = d;
  }
  return m;
}

/**
 * First step 1..len along `dir` from (q, r) that lands on the hull at a pose; 0 if none before `len` or the board edge.
 * Each hull hex is tested for lying on the ray (step k of it) instead of each step against
 * every hull hex; the edge is then checked only up to the first such step.
 */
export function rayToHull(k: Pilot<any>, q: number, r: number, dir: number, len: number, hull: Hull, hq: number, hr: number, hf: number): number {
  const reach = reachOf(k, hull);
  if (distance(q, r, hq, hr) > len + reach) return 0;
  const dq = DQ[dir];
  const dr = DR[dir];
  // The hull's centre further than its reach from the line (the cube coordinate constant along it): no hex on it.
  const side = dq === 0 ? hq - q : dr === 0 ? hr - r : hq - q + hr - r;
  if (side > reach || side < -reach) return 0;
  const n = hull.hexCount;
  const o = hf * n;
  let first = len + 1;
  for (let i = 0; i < n; i++) {
    const x = hq + hull.rotQ[o + i] - q;
    const y = hr + hull.rotR[o + i] - r;
    // dq and dr are -1, 0 or 1 (not both 0): multiplying divides.
    const s = dq !== 0 ? x * dq : y * dr;
    if (s >= 1 && s < first && x === s * dq && y === s * dr) first = s;
  }
  if (first > len) return 0;
  const edge = k.edge;
  const grid = edge.cells;
  const w = edge.width;
  const h = edge.height;
  const x0 = q - edge.q0;
  const y0 = r - edge.r0;
  for (let s = 1; s <= first; s++) if (edgeAt(grid, w, h, x0 + s * dq, y0 + s * dr) === 0) return 0;
  return first;
}

/** Nearest distance (1..range) of a hull hex inside the 120-degree arc in front of (q, r) facing `dir`; 0 if none. */
export function arcToHull(k: Pilot<any>, q: number, r: number, dir: number, range: number, hull: Hull, hq: number, hr: number, hf: number): number {
  if (distance(q, r, hq, hr) > range + reachOf(k, hull)) return 0;
  const fc = k.frontCoords;
  const o = hf * hull.hexCount;
  let best = 0;
  for (let i = 0; i < hull.hexCount; i++) {
    const tq = hq + hull.rotQ[o + i];
    const tr = hr + hull.rotR[o + i];
    const d = distance(q, r, tq, tr);
    if (d === 0 || d > range || (best > 0 && d >= best)) continue;
    frontCoordinates(tq - q, tr - r, dir, fc);
    if (fc[0] >= 0 && fc[1] >= 0) best = d;
  }
  return best;
}

/** Sixth-turns (0..3, fractional) from facing f to the bearing of hex (tq, tr) seen from (q, r). */
export function turnsToFace(q: number, r: number, f: number, tq: number, tr: number): number {
  const dq = tq - q;
  const dr = tr - r;
  if (dq === 0 && dr === 0) return 0;
  const bearing = dq >= -BEARING_SPAN && dq <= BEARING_SPAN && dr >= -BEARING_SPAN && dr <= BEARING_SPAN ? BEARING[(dr + BEARING_SPAN) * BEARING_SIDE + dq + BEARING_SPAN] : bearingOf(dq, dr);
  // x % 6 is a call into C for doubles; below 12, x - 6 is the same double (Sterbenz).
  let t = Math.abs(bearing - f);
  if (t >= 6) t = t < 12 ? t - 6 : t % 6;
  if (t > 3) t = 6 - t;
  return t;
}
const SQRT3 = Math.sqrt(3);
/** Bearing of offset (dq, dr), clockwise from north in sixth-turns (flat-topped axial to cartesian, x east, y south). */
export function bearingOf(dq: number, dr: number): number {
  return Math.atan2(1.5 * dq, -SQRT3 * (dr + dq / 2)) / (Math.PI / 3);
}
/** bearingOf for offsets up to BEARING_SPAN each way, computed once (the same doubles, without an atan2 per call). */
const BEARING_SPAN = 40;
const BEARING_SIDE = 2 * BEARING_SPAN + 1;
const BEARING = new Float64Array(BEARING_SIDE * BEARING_SIDE);
for (let dr = -BEARING_SPAN; dr <= BEARING_SPAN; dr++)
  for (let dq = -BEARING_SPAN; dq <= BEARING_SPAN; dq++) BEARING[(dr + BEARING_SPAN) * BEARING_SIDE + dq + BEARING_SPAN] = bearingOf(dq, dr);
