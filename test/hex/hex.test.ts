/**
 * Known-answer tests for src/hex/hex.ts.
 *
 * Conventions under test (docs/rules.md, "Board: shape and coordinates": the board is made of flat-topped hexes,
 * and directions are N NE SE S SW NW):
 *   - axial coordinates (q, r), with the implied cube coordinate s = -q - r;
 *   - directions numbered clockwise from north:
 *       0 N = (0,-1), 1 NE = (1,-1), 2 SE = (1,0), 3 S = (0,1), 4 SW = (-1,1), 5 NW = (-1,0);
 *   - one clockwise sixth-turn maps cube (q, r, s) to (-r, -s, -q).
 *
 * The geometry (axial/cube coordinates, distance, rotation, lines by cube lerp with an
 * epsilon nudge, cube rounding, rings) follows Red Blob Games, "Hexagonal Grids":
 * https://www.redblobgames.com/grids/hexagons/
 *
 * The expected values in the tables below were worked out by hand from those definitions,
 * not produced by running the code under test.
 */
import { describe, expect, it } from 'vitest';
import {
  DIRECTION_NAMES,
  DQ,
  DR,
  cubeRound,
  directionIndex,
  distance,
  alongEdges,
  line,
  lineTies,
  opposite,
  ring,
  rotateOffset,
  straightDirection,
  turn,
  turnBetween,
} from '../../src/hex/hex.ts';

type Hex = [number, number];

/** Unit vectors by direction index, written out independently of DQ/DR. */
const UNIT: ReadonlyArray<readonly [string, number, Hex]> = [
  ['N', 0, [0, -1]],
  ['NE', 1, [1, -1]],
  ['SE', 2, [1, 0]],
  ['S', 3, [0, 1]],
  ['SW', 4, [-1, 1]],
  ['NW', 5, [-1, 0]],
];

/** Rotate with a fresh Int32Array and return the result as a plain pair. */
function rot(q: number, r: number, steps: number): Hex {
  const out = new Int32Array(2);
  rotateOffset(q, r, steps, out);
  return [out[0], out[1]];
}

/** Pixel-space "northness" of a flat-topped hex: smaller is further north (y = sqrt3*(r + q/2)). */
function northY(h: Hex): number {
  return h[1] + h[0] / 2;
}

describe('direction tables', () => {
  it.each(UNIT)('%s (index %i) is the unit vector %j', (name, d, [q, r]) => {
    expect(DIRECTION_NAMES[d]).toBe(name);
    expect(DQ[d]).toBe(q);
    expect(DR[d]).toBe(r);
  });

  it('has exactly six directions', () => {
    expect(DIRECTION_NAMES.length).toBe(6);
    expect(DQ.length).toBe(6);
    expect(DR.length).toBe(6);
  });
});

describe('opposite', () => {
  it.each([
    [0, 3],
    [1, 4],
    [2, 5],
    [3, 0],
    [4, 1],
    [5, 2],
  ])('opposite(%i) = %i', (d, expected) => {
    expect(opposite(d)).toBe(expected);
  });

  it.each([0, 1, 2, 3, 4, 5])('opposite(%i) is the negated unit vector and an involution', (d) => {
    const o = opposite(d);
    // sum rather than negate, so a -0 from negating 0 does not matter
    expect(DQ[o] + DQ[d]).toBe(0);
    expect(DR[o] + DR[d]).toBe(0);
    expect(opposite(o)).toBe(d);
  });
});

describe('turn', () => {
  it.each([
    // d, steps, expected
    [0, 0, 0],
    [2, 0, 2],
    [0, 1, 1],
    [4, 1, 5],
    [5, 1, 0],
    [3, 3, 0],
    [0, 5, 5],
    [0, 6, 0],
    [1, 7, 2],
    [3, 13, 4],
    [5, 12, 5],
    [0, -1, 5],
    [1, -1, 0],
    [2, -3, 5],
    [0, -6, 0],
    [0, -7, 5],
    [4, -12, 4],
    [2, -13, 1],
  ])('turn(%i, %i) = %i', (d, steps, expected) => {
    expect(turn(d, steps)).toBe(expected);
  });
});

describe('turnBetween', () => {
  it.each([
    // a, b, expected signed sixth-turns in -2..3
    [0, 0, 0],
    [0, 1, 1],
    [0, 2, 2],
    [0, 3, 3],
    [0, 4, -2],
    [0, 5, -1],
    [5, 0, 1],
    [5, 1, 2],
    [1, 5, -2],
    [2, 0, -2],
    [3, 1, -2],
    [4, 1, 3],
    [1, 4, 3],
    [4, 4, 0],
    [3, 2, -1],
  ])('turnBetween(%i, %i) = %i', (a, b, expected) => {
    expect(turnBetween(a, b)).toBe(expected);
  });

  it.each([0, 1, 2, 3, 4, 5])('from %i: result is in -2..3 and turn(a, result) = b for every b', (a) => {
    for (let b = 0; b < 6; b++) {
      const t = turnBetween(a, b);
      expect(t).toBeGreaterThanOrEqual(-2);
      expect(t).toBeLessThanOrEqual(3);
      expect(turn(a, t)).toBe(b);
    }
  });
});

describe('directionIndex', () => {
  it.each([
    ['N', 0],
    ['n', 0],
    ['NE', 1],
    ['ne', 1],
    ['Ne', 1],
    ['SE', 2],
    ['sE', 2],
    ['S', 3],
    ['s', 3],
    ['SW', 4],
    ['sw', 4],
    ['NW', 5],
    ['nW', 5],
    // unknown
    ['E', -1],
    ['W', -1],
    ['e', -1],
    ['', -1],
    ['north', -1],
    ['NNE', -1],
    ['EN', -1],
    [' N', -1],
    ['N ', -1],
    ['0', -1],
  ])('directionIndex(%j) = %i', (name, expected) => {
    expect(directionIndex(name)).toBe(expected);
  });

  it.each(DIRECTION_NAMES.map((n, i) => [n, i] as const))('round-trips %s <-> %i', (name, i) => {
    expect(directionIndex(name)).toBe(i);
    expect(DIRECTION_NAMES[directionIndex(name.toLowerCase())]).toBe(name);
  });
});

describe('distance', () => {
  it.each([
    // q1, r1, q2, r2, expected
    [0, 0, 0, 0, 0],
    [5, -5, 5, -5, 0],
    [0, 0, 0, -1, 1],
    [0, 0, 1, -1, 1],
    [0, 0, -1, 1, 1],
    [0, 0, 3, 0, 3],
    [0, 0, 0, 4, 4],
    [0, 0, 2, -1, 2],
    [0, 0, 1, 1, 2],
    [0, 0, 1, -2, 2],
    [0, 0, -2, -1, 3],
    [0, 0, 4, -2, 4],
    [0, -3, 3, 0, 6],
    [1, 2, -3, 4, 4],
    [-2, 3, 3, -4, 7],
    [10, -4, -6, 9, 16],
  ])('distance((%i,%i), (%i,%i)) = %i', (q1, r1, q2, r2, expected) => {
    expect(distance(q1, r1, q2, r2)).toBe(expected);
  });

  it.each([
    [0, 0, 2, -1],
    [1, 2, -3, 4],
    [-2, 3, 3, -4],
    [7, -7, -1, 0],
  ])('is symmetric for (%i,%i) and (%i,%i)', (q1, r1, q2, r2) => {
    expect(distance(q1, r1, q2, r2)).toBe(distance(q2, r2, q1, r1));
  });

  it.each(UNIT)('every neighbour (%s) is at distance 1, from several origins', (_n, d) => {
    for (const [q, r] of [[0, 0], [3, -2], [-5, 4]] as Hex[]) {
      expect(distance(q, r, q + DQ[d], r + DR[d])).toBe(1);
    }
  });
});

describe('rotateOffset', () => {
  it.each(UNIT)('unit %s (index %i) rotated one step clockwise is the next direction', (_n, d, [q, r]) => {
    const next = (d + 1) % 6;
    expect(rot(q, r, 1)).toEqual([DQ[next], DR[next]]);
    expect(rot(q, r, 1)).toEqual(UNIT[next][2]);
  });

  it.each(UNIT)('unit %s (index %i) rotated k steps is direction d+k for every k', (_n, d, [q, r]) => {
    for (let k = -12; k <= 12; k++) {
      const e = turn(d, k);
      expect(rot(q, r, k)).toEqual([DQ[e], DR[e]]);
    }
  });

  it.each([
    // q, r, steps, expected
    // two-hex offset due north, all six rotations
    [0, -2, 0, [0, -2]],
    [0, -2, 1, [2, -2]],
    [0, -2, 2, [2, 0]],
    [0, -2, 3, [0, 2]],
    [0, -2, 4, [-2, 2]],
    [0, -2, 5, [-2, 0]],
    [0, -2, 6, [0, -2]],
    // off-axis "knight" offset (1,-2), cube (1,-2,1): each step is (q,r,s) -> (-r,-s,-q)
    [1, -2, 1, [2, -1]],
    [1, -2, 2, [1, 1]],
    [1, -2, 3, [-1, 2]],
    [1, -2, 4, [-2, 1]],
    [1, -2, 5, [-1, -1]],
    [1, -2, 6, [1, -2]],
    // the 2-hex offset (2,-1), cube (2,-1,-1) -> (1,1,-2)
    [2, -1, 1, [1, 1]],
    [2, -1, -1, [1, -2]],
    // negative and large step counts
    [1, -2, -1, [-1, -1]],
    [1, -2, -7, [-1, -1]],
    [1, -2, 7, [2, -1]],
    [1, -2, 12, [1, -2]],
    [1, -2, -6, [1, -2]],
    [0, 0, 3, [0, 0]],
  ])('rotateOffset(%i, %i, %i) = %j', (q, r, steps, expected) => {
    expect(rot(q, r, steps)).toEqual(expected);
  });

  it.each([
    [0, -1],
    [1, -1],
    [0, -2],
    [2, -1],
    [1, -2],
    [3, -5],
    [-4, 1],
  ])('6 steps is the identity and -1 equals 5 for (%i, %i)', (q, r) => {
    expect(rot(q, r, 6)).toEqual([q, r]);
    expect(rot(q, r, -6)).toEqual([q, r]);
    expect(rot(q, r, 0)).toEqual([q, r]);
    expect(rot(q, r, -1)).toEqual(rot(q, r, 5));
    expect(rot(q, r, -2)).toEqual(rot(q, r, 4));
  });

  it.each([
    [1, -2],
    [3, -5],
    [-4, 1],
  ])('preserves distance from the origin for (%i, %i)', (q, r) => {
    const n = distance(0, 0, q, r);
    for (let k = 0; k < 6; k++) {
      const [a, b] = rot(q, r, k);
      expect(distance(0, 0, a, b)).toBe(n);
    }
  });

  it('writes into a plain number[] as well (numerically equal)', () => {
    const out = [99, 99];
    rotateOffset(1, -2, 2, out);
    // Compare numerically (===): a plain array may receive -0 where an Int32Array stores 0.
    expect(out[0] === 1 && out[1] === 1).toBe(true);
    expect(out.length).toBe(2);
  });
});

describe('line', () => {
  function checkLineShape(q1: number, r1: number, q2: number, r2: number): Hex[] {
    const pts = line(q1, r1, q2, r2);
    const n = distance(q1, r1, q2, r2);
    expect(pts.length).toBe(n + 1);
    expect(pts[0]).toEqual([q1, r1]);
    expect(pts[pts.length - 1]).toEqual([q2, r2]);
    for (let i = 1; i < pts.length; i++) {
      expect(distance(pts[i - 1][0], pts[i - 1][1], pts[i][0], pts[i][1])).toBe(1);
    }
    for (let i = 0; i < pts.length; i++) {
      // each point is exactly i steps from the start and n - i from the end
      expect(distance(q1, r1, pts[i][0], pts[i][1])).toBe(i);
      expect(distance(q2, r2, pts[i][0], pts[i][1])).toBe(n - i);
      expect(Object.is(pts[i][0], -0) || Object.is(pts[i][1], -0)).toBe(false);
    }
    return pts;
  }

  it('a zero-length line is just the start hex', () => {
    expect(line(3, -2, 3, -2)).toEqual([[3, -2]]);
  });

  it.each(UNIT)('straight line of length 3 from the origin toward %s', (_n, _d, [dq, dr]) => {
    const expected: Hex[] = [0, 1, 2, 3].map((k) => [dq * k + 0, dr * k + 0]); // + 0: no -0
    expect(line(0, 0, dq * 3, dr * 3)).toEqual(expected);
  });

  it.each(UNIT)('straight line of length 4 from (2,-3) toward %s', (_n, _d, [dq, dr]) => {
    const expected: Hex[] = [0, 1, 2, 3, 4].map((k) => [2 + dq * k, -3 + dr * k]);
    expect(line(2, -3, 2 + dq * 4, -3 + dr * 4)).toEqual(expected);
  });

  it.each([
    // q1, r1, q2, r2, expected hexes (hand-computed with the nudge (+1e-6, +2e-6, -3e-6))
    // (0,0)->(2,-1): midpoint cube (1, -0.5, -0.5) is a tie between (1,0) and (1,-1);
    // the nudge makes r the worse-rounded coordinate, so the midpoint is (1,0).
    [0, 0, 2, -1, [[0, 0], [1, 0], [2, -1]]],
    [2, -1, 0, 0, [[2, -1], [1, 0], [0, 0]]],
    // (0,0)->(1,1): midpoint cube (0.5, 0.5, -1); without a nudge this rounds to (1,0),
    // with the nudge q is the worse-rounded coordinate and the midpoint is (0,1).
    [0, 0, 1, 1, [[0, 0], [0, 1], [1, 1]]],
    [1, 1, 0, 0, [[1, 1], [0, 1], [0, 0]]],
    // (0,0)->(1,-2): midpoint cube (0.5, -1, 0.5) -> (1,-1)
    [0, 0, 1, -2, [[0, 0], [1, -1], [1, -2]]],
    // (0,0)->(4,-2): ties at t = 1/4 and 3/4, both broken toward larger r
    [0, 0, 4, -2, [[0, 0], [1, 0], [2, -1], [3, -1], [4, -2]]],
    // no ties: (0,0)->(3,-1)
    [0, 0, 3, -1, [[0, 0], [1, 0], [2, -1], [3, -1]]],
  ])('line((%i,%i) -> (%i,%i)) = %j', (q1, r1, q2, r2, expected) => {
    expect(line(q1, r1, q2, r2)).toEqual(expected);
    checkLineShape(q1, r1, q2, r2);
  });

  it('the nudge matters: the un-nudged midpoint of (0,0)->(1,1) would round to (1,0), line gives (0,1)', () => {
    expect(cubeRound(0.5, 0.5)).toEqual([1, 0]);
    expect(line(0, 0, 1, 1)[1]).toEqual([0, 1]);
  });

  it('the nudged diagonal (0,0)->(2,-1) is deterministic across calls', () => {
    const first = line(0, 0, 2, -1);
    for (let i = 0; i < 20; i++) expect(line(0, 0, 2, -1)).toEqual(first);
    expect(first).toEqual([[0, 0], [1, 0], [2, -1]]);
  });

  it.each([
    [0, 0, 5, -2],
    [0, 0, -3, 4],
    [-2, 3, 3, -4],
    [1, 2, -3, 4],
    [4, 4, -4, -4],
    [0, 0, 7, -3],
    [-6, 1, 2, 2],
  ])('line((%i,%i) -> (%i,%i)) has endpoints, length distance+1, adjacent steps', (q1, r1, q2, r2) => {
    checkLineShape(q1, r1, q2, r2);
  });

  it('every line within radius 4 of the origin has the right shape', () => {
    const pts: Hex[] = [];
    for (let q = -4; q <= 4; q++) {
      for (let r = -4; r <= 4; r++) if (distance(0, 0, q, r) <= 4) pts.push([q, r]);
    }
    for (const [q1, r1] of pts) for (const [q2, r2] of pts) checkLineShape(q1, r1, q2, r2);
  });
});

describe('ring', () => {
  it.each([
    [0, 0],
    [3, -2],
    [-1, 5],
  ])('radius 0 around (%i,%i) is just the centre', (q, r) => {
    expect(ring(q, r, 0)).toEqual([[q, r]]);
  });

  it('radius 1 around the origin lists the six neighbours clockwise from N', () => {
    expect(ring(0, 0, 1)).toEqual([
      [0, -1],
      [1, -1],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
    ]);
  });

  it('radius 2 around the origin, clockwise from the north-most hex', () => {
    expect(ring(0, 0, 2)).toEqual([
      [0, -2],
      [1, -2],
      [2, -2],
      [2, -1],
      [2, 0],
      [1, 1],
      [0, 2],
      [-1, 2],
      [-2, 2],
      [-2, 1],
      [-2, 0],
      [-1, -1],
    ]);
  });

  it('radius 1 around (3,-1) is the neighbours of (3,-1) clockwise from N', () => {
    expect(ring(3, -1, 1)).toEqual([
      [3, -2],
      [4, -2],
      [4, -1],
      [3, 0],
      [2, 0],
      [2, -1],
    ]);
  });

  it.each([
    [0, 0, 1],
    [0, 0, 2],
    [0, 0, 3],
    [0, 0, 5],
    [3, -1, 2],
    [-4, 6, 4],
  ])('ring around (%i,%i) radius %i: 6r distinct hexes at distance r, north-most first, clockwise',
    (q, r, radius) => {
      const hexes = ring(q, r, radius);
      expect(hexes.length).toBe(6 * radius);
      expect(new Set(hexes.map(([a, b]) => `${a},${b}`)).size).toBe(6 * radius);
      for (const [a, b] of hexes) expect(distance(q, r, a, b)).toBe(radius);
      // first is straight north of the centre and strictly the north-most of the ring
      expect(hexes[0]).toEqual([q, r - radius]);
      for (let i = 1; i < hexes.length; i++) expect(northY(hexes[i])).toBeGreaterThan(northY(hexes[0]));
      // consecutive hexes (cyclically) are neighbours
      for (let i = 0; i < hexes.length; i++) {
        const [a1, b1] = hexes[i];
        const [a2, b2] = hexes[(i + 1) % hexes.length];
        expect(distance(a1, b1, a2, b2)).toBe(1);
      }
      // clockwise: the second hex is east of the first (NE-ward along the top-right side)
      expect(hexes[1][0]).toBeGreaterThan(hexes[0][0]);
      // the corners sit along directions 0..5 in order, at indices 0, r, 2r, ...
      for (let d = 0; d < 6; d++) {
        expect(hexes[d * radius]).toEqual([q + DQ[d] * radius, r + DR[d] * radius]);
      }
    });
});

describe('cubeRound', () => {
  it.each([
    // fq, fr, expected
    [0, 0, [0, 0]],
    [3, -5, [3, -5]],
    [-2, 7, [-2, 7]],
    [2.1, -0.9, [2, -1]],
    [3.2, -4.9, [3, -5]],
    [-1.3, 0.2, [-1, 0]],
    [0.7, 0.45, [1, 0]],
    [-0.7, -0.4, [-1, 0]],
    [0.4, 0.35, [1, 0]],
    [0.9, -0.1, [1, 0]],
    // nudged midpoints from line()
    [1 + 1e-6, -0.5 + 2e-6, [1, 0]],
    [0.5 + 1e-6, 0.5 + 2e-6, [0, 1]],
    // values near the origin whose Math.round is -0
    [-0.3, 0, [0, 0]],
    [-0.4, 0.2, [0, 0]],
    [-0.2, -0.2, [0, 0]],
    [0.1, -0.3, [0, 0]],
    [-0.49, 0.49, [0, 0]],
    [-0, -0, [0, 0]],
  ])('cubeRound(%d, %d) = %j with no negative zero', (fq, fr, expected) => {
    const [q, r] = cubeRound(fq, fr);
    expect([q, r]).toEqual(expected);
    expect(Object.is(q, -0)).toBe(false);
    expect(Object.is(r, -0)).toBe(false);
  });

  it('never returns -0 and always a hex within distance 1 of the input, on a fine grid near the origin', () => {
    for (let a = -15; a <= 15; a++) {
      for (let b = -15; b <= 15; b++) {
        const fq = a / 10;
        const fr = b / 10;
        const [q, r] = cubeRound(fq, fr);
        expect(Number.isInteger(q) && Number.isInteger(r)).toBe(true);
        expect(Object.is(q, -0)).toBe(false);
        expect(Object.is(r, -0)).toBe(false);
        // the rounded hex is the nearest: every cube coordinate within 1 of the input
        const fs = -fq - fr;
        const s = -q - r;
        expect(Math.abs(q - fq)).toBeLessThanOrEqual(1);
        expect(Math.abs(r - fr)).toBeLessThanOrEqual(1);
        expect(Math.abs(s - fs)).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each([
    [0, 0],
    [2, -1],
    [-3, 3],
    [5, 0],
  ])('is the identity on integer input (%i, %i)', (q, r) => {
    expect(cubeRound(q, r)).toEqual([q, r]);
  });
});

describe('straightDirection', () => {
  it.each([
    // q1, r1, q2, r2, expected
    [0, 0, 0, -1, 0],
    [0, 0, 0, -3, 0],
    [0, 0, 1, -1, 1],
    [0, 0, 2, -2, 1],
    [0, 0, 1, 0, 2],
    [1, 1, 4, 1, 2],
    [0, 0, 0, 1, 3],
    [-2, -2, -2, 5, 3],
    [0, 0, -1, 1, 4],
    [2, -1, 0, 1, 4],
    [0, 0, -1, 0, 5],
    [0, 0, -5, 0, 5],
    [3, -4, 1, -2, 4],
    // not along a direction
    [0, 0, 0, 0, -1],
    [4, 4, 4, 4, -1],
    [0, 0, 2, -1, -1],
    [0, 0, 1, 1, -1],
    [0, 0, 3, -1, -1],
    [0, 0, 1, -2, -1],
    [0, 0, -2, -1, -1],
  ])('straightDirection((%i,%i) -> (%i,%i)) = %i', (q1, r1, q2, r2, expected) => {
    expect(straightDirection(q1, r1, q2, r2)).toBe(expected);
  });

  it.each(UNIT)('%s: k steps along direction %i from (3,-2) is recognised, reversed is the opposite', (_n, d, [dq, dr]) => {
    for (let k = 1; k <= 5; k++) {
      expect(straightDirection(3, -2, 3 + dq * k, -2 + dr * k)).toBe(d);
      expect(straightDirection(3 + dq * k, -2 + dr * k, 3, -2)).toBe(opposite(d));
    }
  });

  it.each(UNIT)('%s agrees with line(): every step of a straight line goes in direction %i', (_n, d, [dq, dr]) => {
    const pts = line(0, 0, dq * 4, dr * 4);
    for (let i = 1; i < pts.length; i++) {
      expect(straightDirection(pts[i - 1][0], pts[i - 1][1], pts[i][0], pts[i][1])).toBe(d);
    }
  });
});

import { lineHexAt, frontCoordinates } from '../../src/hex/hex.js';

describe('lineHexAt (allocation-free line walk) agrees with line', () => {
  const pairs: [number, number, number, number][] = [
    [0, 0, 2, -1],
    [0, 0, 1, 1],
    [0, 0, 4, -2],
    [2, -3, -1, 2],
    [-3, 3, 3, -3],
  ];
  it.each(pairs)('(%i,%i) -> (%i,%i)', (q1, r1, q2, r2) => {
    const want = line(q1, r1, q2, r2);
    const n = distance(q1, r1, q2, r2);
    const out = new Int32Array(2);
    for (let i = 0; i <= n; i++) {
      lineHexAt(q1, r1, q2, r2, n, i, out);
      expect([out[0], out[1]]).toEqual(want[i]);
    }
  });
});

describe('the two sides of a tie (9.2 line of fire, docs/rules.md)', () => {
  /** The hexes of the line a -> b with the nudge to `side`. */
  function sideLine(q1: number, r1: number, q2: number, r2: number, side: number): Hex[] {
    const n = distance(q1, r1, q2, r2);
    const out = new Int32Array(2);
    const pts: Hex[] = [];
    for (let i = 0; i <= n; i++) {
      lineHexAt(q1, r1, q2, r2, n, i, out, side);
      pts.push([out[0], out[1]]);
    }
    return pts;
  }
  const key = (pts: Hex[]) => pts.map((p) => p.join(',')).join(' ');
  const within = (k: number): Hex[] => {
    const pts: Hex[] = [];
    for (let q = -k; q <= k; q++) for (let r = -k; r <= k; r++) if (distance(0, 0, q, r) <= k && (q !== 0 || r !== 0)) pts.push([q, r]);
    return pts;
  };

  it.each([
    // q1, r1, q2, r2, the +1 side's middle hexes, the -1 side's (hand-worked: the tie hexes
    // are the two neighbours u, w with u + w the edge direction)
    [0, 0, 1, 1, [[0, 1]], [[1, 0]]],
    [0, 0, -1, -1, [[-1, 0]], [[0, -1]]],
    [0, 0, 2, -1, [[1, 0]], [[1, -1]]],
    [0, 0, -2, 1, [[-1, 1]], [[-1, 0]]],
    [0, 0, 1, -2, [[1, -1]], [[0, -1]]],
    [0, 0, -1, 2, [[0, 1]], [[-1, 1]]],
    [0, 0, 2, 2, [[0, 1], [1, 1], [1, 2]], [[1, 0], [1, 1], [2, 1]]],
    // Crossing an edge at its midpoint: (0,0) -> (1,3) passes between (0,2) and (1,1).
    [0, 0, 1, 3, [[0, 1], [0, 2], [1, 2]], [[0, 1], [1, 1], [1, 2]]],
  ])('(%i,%i) -> (%i,%i): side +1 %j, side -1 %j', (q1, r1, q2, r2, plus, minus) => {
    expect(sideLine(q1, r1, q2, r2, 1).slice(1, -1)).toEqual(plus);
    expect(sideLine(q1, r1, q2, r2, -1).slice(1, -1)).toEqual(minus);
    expect(lineTies(q2 - q1, r2 - r1, distance(q1, r1, q2, r2))).toBe(true);
  });

  it.each([
    // dq, dr, along hex edges (two cube offsets equal: k * (1, 1, -2) turned)
    [1, 1, true],
    [2, -1, true],
    [1, -2, true],
    [-1, -1, true],
    [-2, 1, true],
    [-1, 2, true],
    [3, 3, true],
    [-4, 2, true],
    [1, 0, false],
    [0, -3, false],
    [1, 3, false],
    [2, 1, false],
    [0, 0, false],
  ])('alongEdges(%i, %i) = %s', (dq, dr, want) => {
    expect(alongEdges(dq, dr)).toBe(want);
  });

  it('lineTies agrees with a brute-force search for a sampled point with two half-integer cube coordinates', () => {
    for (const [dq, dr] of within(9)) {
      const n = distance(0, 0, dq, dr);
      let tie = false;
      // Point i has q = i * dq / n: a half-integer when 2 * i * dq / n is an odd integer (r likewise).
      const half = (x: number, i: number) => (2 * i * x) % n === 0 && Math.abs((2 * i * x) / n) % 2 === 1;
      for (let i = 1; i < n; i++) if (half(dq, i) || half(dr, i)) tie = true;
      expect(lineTies(dq, dr, n), `(${dq}, ${dr})`).toBe(tie);
      // And the two nudges disagree exactly on such lines.
      expect(key(sideLine(0, 0, dq, dr, 1)) !== key(sideLine(0, 0, dq, dr, -1)), `(${dq}, ${dr})`).toBe(tie);
    }
  });

  it('a half turn maps the +1 line onto the -1 line (so the pair of sides is orientation-free)', () => {
    for (const [dq, dr] of within(6)) {
      const a: Hex = [1, -2];
      const plus = sideLine(a[0], a[1], a[0] + dq, a[1] + dr, 1);
      const minusTurned = sideLine(-a[0], -a[1], -a[0] - dq, -a[1] - dr, -1).map(([q, r]) => [0 - q, 0 - r] as Hex);
      expect(minusTurned, `(${dq}, ${dr})`).toEqual(plus);
    }
  });

  it('every sixth-turn maps the pair {+1 line, -1 line} onto the pair of the turned line', () => {
    const out: number[] = [0, 0];
    const turned = (pts: Hex[], k: number) =>
      pts.map(([q, r]) => {
        rotateOffset(q, r, k, out);
        return [out[0] + 0, out[1] + 0] as Hex;
      });
    for (const [dq, dr] of within(6)) {
      const pair = [key(sideLine(0, 0, dq, dr, 1)), key(sideLine(0, 0, dq, dr, -1))].sort();
      for (let k = 1; k < 6; k++) {
        rotateOffset(dq, dr, k, out);
        const [tq, tr] = [out[0], out[1]];
        const images = [key(turned(sideLine(0, 0, dq, dr, 1), k)), key(turned(sideLine(0, 0, dq, dr, -1), k))].sort();
        const theirs = [key(sideLine(0, 0, tq, tr, 1)), key(sideLine(0, 0, tq, tr, -1))].sort();
        expect(theirs, `(${dq}, ${dr}) turned ${k}`).toEqual(images);
      }
      expect(pair.length).toBe(2);
    }
  });
});

describe('frontCoordinates: the torpedo arc of 9.4 (Figure 8)', () => {
  // Facing N: forward-left is NW (-1,0), forward-right is NE (1,-1), straight ahead N (0,-1) = left + right.
  it.each([
    ['N ahead', 0, -1, 0, 1, 1],
    ['NW on the left ray', -1, 0, 0, 1, 0],
    ['NE on the right ray', 1, -1, 0, 0, 1],
    ['2 ahead', 0, -2, 0, 2, 2],
    ['S behind', 0, 1, 0, -1, -1],
    ['SE is straight back along the left ray', 1, 0, 0, -1, 0],
    ['facing SE, S is on the right ray', 0, 1, 2, 0, 1],
    ['facing SE, NE is on the left ray', 1, -1, 2, 1, 0],
  ])('%s', (_name, dq, dr, facing, left, right) => {
    const out = new Int32Array(2);
    frontCoordinates(dq, dr, facing, out);
    expect([out[0], out[1]]).toEqual([left, right]);
  });
});
