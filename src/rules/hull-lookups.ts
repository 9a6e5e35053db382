/**
 * Hull and board lookup tables for movement (rulebook 4, 12): per faction and facing, which
 * section of a hull lies on each offset from its centre; per faction pair, which sections
 * of two hulls overlap; per board cell, how far the edge is; per centre, which sections are
 * off the board. Movement turns "which section is here", "do these hulls meet" and "is
 * this hull on the board" into one index each.
 *
 * Why it is built this way: the hulls never change, so the tables are built once per
 * tables object and shared (a WeakMap) by every Kernel on it: a search bot that makes a
 * Kernel per match or per search does not rebuild them. Only construction allocates.
 */
import * as hexModule from '../hex/hex.js';
import type { GameTables } from './tables.js';
// An imported binding is read through its module cell at every use; a module constant is folded.
const { distance } = hexModule;

/** Hull and board lookups derived from a GameTables object (see Movement). */
export interface HullLookups {
  hullRadius: Int8Array;
  hullFlat: Int8Array;
  clearance: Int8Array;
  pad: number;
  pairGrid: Uint16Array;
  hullSections: Int32Array;
  edgeGrid: Uint8Array;
}
const lookups = new WeakMap<GameTables, HullLookups>();

function buildLookups(t: GameTables): HullLookups {
  const factions = t.factions;
  const hullRadius = new Int8Array(factions.length);
  const hullGrid: Int8Array[] = [];
  for (let f = 0; f < factions.length; f++) {
    const hull = factions[f].hull;
    const n = hull.hexCount;
    let rad = 0;
    for (let i = 0; i < n; i++) rad = Math.max(rad, distance(0, 0, hull.hexQ[i], hull.hexR[i]));
    const d = 2 * rad + 1;
    const grid = new Int8Array(6 * d * d);
    // Backwards, so that the first hex listed wins if two ever shared an offset.
    for (let facing = 0; facing < 6; facing++)
      for (let i = n - 1; i >= 0; i--) grid[(facing * d + hull.rotR[facing * n + i] + rad) * d + hull.rotQ[facing * n + i] + rad] = hull.hexSection[i] + 1;
    hullRadius[f] = rad;
    hullGrid.push(grid);
  }
  const b = t.board;
  const clearance = new Int8Array(b.width * b.height);
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) {
      if (b.mask[y * b.width + x] !== 1) continue;
      // Hexes outside the bounding box are off the board; the nearest is straight out along q or r.
      let c = Math.min(x + 1, b.width - x, y + 1, b.height - y);
      for (let y2 = 0; y2 < b.height; y2++)
        for (let x2 = 0; x2 < b.width; x2++) if (b.mask[y2 * b.width + x2] !== 1) c = Math.min(c, distance(x, y, x2, y2));
      clearance[y * b.width + x] = Math.min(c, 127);
    }
  // One flat table each, with one padding for every faction (pad: the largest hull radius),
  // so a lookup is one index into one typed array. Per faction pair, facing pair and centre
  // offset of a from b within 2 * pad: a's overlapping sections | b's << 8 (0: the hulls
  // share no hex); index (((fa * F + fb) * 36 + facingA * 6 + facingB) * D + cr + 2pad) * D
  // + cq + 2pad, with D = 4 * pad + 1.
  const nf = factions.length;
  let pad = 0;
  for (let f = 0; f < nf; f++) pad = Math.max(pad, hullRadius[f]);
  const reach = 2 * pad;
  const d = 2 * reach + 1;
  const pairGrid = new Uint16Array(nf * nf * 36 * d * d);
  for (let fa = 0; fa < nf; fa++)
    for (let fb = 0; fb < nf; fb++) {
      const ha = factions[fa].hull;
      const rb = hullRadius[fb];
      const db = 2 * rb + 1;
      for (let facingA = 0; facingA < 6; facingA++)
        for (let facingB = 0; facingB < 6; facingB++)
          for (let cr = -reach; cr <= reach; cr++)
            for (let cq = -reach; cq <= reach; cq++) {
              let v = 0;
              for (let i = 0; i < ha.hexCount; i++) {
                const dq = cq + ha.rotQ[facingA * ha.hexCount + i];
                const dr = cr + ha.rotR[facingA * ha.hexCount + i];
                if (dq < -rb || dq > rb || dr < -rb || dr > rb) continue;
                const sec = hullGrid[fb][(facingB * db + dr + rb) * db + dq + rb];
                if (sec !== 0) v |= (1 << ha.hexSection[i]) | (1 << (sec - 1 + 8));
              }
              pairGrid[((((fa * nf + fb) * 6 + facingA) * 6 + facingB) * d + cr + reach) * d + cq + reach] = v;
            }
    }
  // Per faction, the sections with a hex off the board, per facing and centre within the
  // board's bounding box widened by pad (beyond it every hex is off); index
  // ((f * 6 + facing) * h + y) * w + x, with w and h the widened width and height.
  const hullSections = new Int32Array(nf);
  const w = b.width + 2 * pad;
  const h = b.height + 2 * pad;
  const edgeGrid = new Uint8Array(nf * 6 * w * h);
  for (let f = 0; f < nf; f++) {
    const hull = factions[f].hull;
    for (let i = 0; i < hull.hexCount; i++) hullSections[f] |= 1 << hull.hexSection[i];
    for (let facing = 0; facing < 6; facing++)
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          let mask = 0;
          for (let i = 0; i < hull.hexCount; i++) {
            const hx = x - pad + hull.rotQ[facing * hull.hexCount + i];
            const hy = y - pad + hull.rotR[facing * hull.hexCount + i];
            if (hx < 0 || hy < 0 || hx >= b.width || hy >= b.height || b.mask[hy * b.width + hx] !== 1) mask |= 1 << hull.hexSection[i];
          }
          edgeGrid[((f * 6 + facing) * h + y) * w + x] = mask;
        }
  }
  // Per faction, facing and offset within pad of the centre, section + 1 of the hull hex
  // there (0: none), flat: index ((f * 6 + facing) * e + dr + pad) * e + dq + pad, e = 2pad + 1.
  const e = 2 * pad + 1;
  const hullFlat = new Int8Array(nf * 6 * e * e);
  for (let f = 0; f < nf; f++) {
    const rad = hullRadius[f];
    const dg = 2 * rad + 1;
    for (let facing = 0; facing < 6; facing++)
      for (let dr = -rad; dr <= rad; dr++)
        for (let dq = -rad; dq <= rad; dq++)
          hullFlat[((f * 6 + facing) * e + dr + pad) * e + dq + pad] = hullGrid[f][(facing * dg + dr + rad) * dg + dq + rad];
  }
  return { hullRadius, hullFlat, clearance, pad, pairGrid, hullSections, edgeGrid };
}

/** The lookups for tables `t`: built on first use, then shared. */
export function hullLookups(t: GameTables): HullLookups {
  let shared = lookups.get(t);
  if (!shared) {
    shared = buildLookups(t);
    lookups.set(t, shared);
  }
  return shared;
}
