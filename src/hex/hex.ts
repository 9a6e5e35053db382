/**
 * Hex geometry for flat-topped hexes in axial coordinates (q, r), after Red Blob Games.
 *
 * Why this shape: the kernel moves ships one hex or one sixth-turn at a time millions of
 * times, so directions, neighbour offsets and rotations are small integer lookup tables
 * built once at module load; nothing here allocates except the helpers meant for the
 * edges (config compilation, tests), which say so.
 *
 * Directions are numbered clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
 * (docs/rules.md, "Board: shape and coordinates"). The opposite of d is (d + 3) % 6.
 */

/** Direction names in index order. */
export const DIRECTION_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];

/** Axial q offset of one step in each direction (flat-topped). */
export const DQ: Int8Array = Int8Array.of(0, 1, 1, 0, -1, -1);
/** Axial r offset of one step in each direction (flat-topped). */
export const DR: Int8Array = Int8Array.of(-1, -1, 0, 1, 1, 0);

/** Opposite direction. */
export function opposite(d: number): number {
  return d >= 3 ? d - 3 : d + 3;
}

/** Direction turned by `steps` sixth-turns clockwise (negative: counter-clockwise). */
export function turn(d: number, steps: number): number {
  return (((d + steps) % 6) + 6) % 6;
}

/** Signed smallest turn from a to b in sixth-turns, in -2..3 (3 = opposite). */
export function turnBetween(a: number, b: number): number {
  const t = (((b - a) % 6) + 6) % 6;
  return t > 3 ? t - 6 : t;
}

/** Parse a direction name (case-insensitive); -1 when unknown. */
export function directionIndex(name: string): number {
  return DIRECTION_NAMES.indexOf(name.toUpperCase() as DirectionName);
}

/** Hex distance between two axial coordinates. */
export function distance(q1: number, r1: number, q2: number, r2: number): number {
  const dq = q1 - q2;
  const dr = r1 - r2;
  const ds = 0 - dq - dr;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(ds)) >> 1;
}

/**
 * Rotate an offset (q, r) about the origin by `steps` sixth-turns clockwise.
 * One clockwise step maps cube (q, r, s) to (-r, -s, -q). Writes into out[0..1].
 */
export function rotateOffset(q: number, r: number, steps: number, out: Int32Array | number[]): void {
  // `0 - x`, not `-x`: a negated zero is -0, which V8 keeps as a heap-allocated double.
  let s = 0 - q - r;
  const n = ((steps % 6) + 6) % 6;
  for (let i = 0; i < n; i++) {
    const nq = 0 - r;
    const nr = 0 - s;
    const ns = 0 - q;
    q = nq;
    r = nr;
    s = ns;
  }
  out[0] = q + 0;
  out[1] = r + 0;
}

/**
 * Hexes on the straight line from a to b inclusive, by cube lerp with the epsilon nudge
 * (Red Blob Games), to the nudge's fixed side where the line has a tie (`lineTies`).
 * Allocates: for config and targeting code at the edges, not hot loops (they walk the same
 * hexes with `lineHexAt`). The kernel's line of fire (9.2) looks at both sides of a tie.
 */
export function line(q1: number, r1: number, q2: number, r2: number): Array<[number, number]> {
  const n = distance(q1, r1, q2, r2);
  const out: Array<[number, number]> = [];
  const at = new Int32Array(2);
  for (let i = 0; i <= n; i++) {
    lineHexAt(q1, r1, q2, r2, n, i, at);
    out.push([at[0], at[1]]);
  }
  return out;
}

/** Round fractional axial coordinates to the nearest hex, into out[0..1] (no negative zero). */
export function roundInto(fq: number, fr: number, out: Int32Array | number[]): void {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  out[0] = q + 0;
  out[1] = r + 0;
}

/** Round fractional axial coordinates to the nearest hex. Allocates its result. */
export function cubeRound(fq: number, fr: number): [number, number] {
  const out: [number, number] = [0, 0];
  roundInto(fq, fr, out);
  return out;
}

/** Hexes at exactly `radius` from (q, r), clockwise from the north-most. Allocates. */
export function ring(q: number, r: number, radius: number): Array<[number, number]> {
  if (radius === 0) return [[q, r]];
  const out: Array<[number, number]> = [];
  let cq = q + DQ[0] * radius;
  let cr = r + DR[0] * radius;
  // Walk the six sides: starting at N, the first side runs toward SE.
  for (let side = 0; side < 6; side++) {
    const d = turn(2, side);
    for (let i = 0; i < radius; i++) {
      out.push([cq, cr]);
      cq += DQ[d];
      cr += DR[d];
    }
  }
  return out;
}

/**
 * The direction of a straight line from (q1, r1) to (q2, r2) when the second lies exactly
 * along one of the six directions; -1 otherwise.
 */
export function straightDirection(q1: number, r1: number, q2: number, r2: number): number {
  const dq = q2 - q1;
  const dr = r2 - r1;
  const n = distance(0, 0, dq, dr);
  if (n === 0) return -1;
  for (let d = 0; d < 6; d++) if (DQ[d] * n === dq && DR[d] * n === dr) return d;
  return -1;
}

/**
 * The i-th hex (0..n) of the straight line of length n from (q1, r1) to (q2, r2), written
 * into out[0..1]: the same hexes as `line`, one at a time and without allocating.
 * `side` +1 (the default, `line`'s) or -1 picks the nudge's sign: where the line has a tie
 * (`lineTies`) the two signs give the hexes on the two sides of the edge, every tie of the
 * line to one side. The sign is a fixed absolute side of the board, so alone it is not
 * orientation-independent; a half turn maps one sign's line onto the other's.
 */
export function lineHexAt(q1: number, r1: number, q2: number, r2: number, n: number, i: number, out: Int32Array, side = 1): void {
  const t = n === 0 ? 0 : i / n;
  // Nudge (1, 2, -3) * 1e-6 in cube coordinates: along no edge, so it always picks a side.
  roundInto(q1 + side * 1e-6 + (q2 - q1) * t, r1 + side * 2e-6 + (r2 - r1) * t, out);
}

/** Lowest set bit of a positive integer (its largest power-of-two divisor). */
function lowBit(x: number): number {
  return x & -x;
}

/**
 * Does the straight line over offset (dq, dr), of hex length n, have a tie: a sampled point
 * (i/n of the way, 0 < i < n) exactly on the edge between two hexes, where the nudge picks
 * one? Cube coordinate x of point i is i*x/n; some i makes it a half-integer exactly when
 * n / gcd(x, n) is even, i.e. x (nonzero) has fewer factors of two than n. Two coordinates
 * are then half-integers together, so testing q and r covers s.
 */
export function lineTies(dq: number, dr: number, n: number): boolean {
  if ((n & 1) !== 0) return false;
  const nb = lowBit(n);
  const aq = dq < 0 ? 0 - dq : dq;
  const ar = dr < 0 ? 0 - dr : dr;
  return (aq !== 0 && lowBit(aq) < nb) || (ar !== 0 && lowBit(ar) < nb);
}

/**
 * Does the straight line over offset (dq, dr) run along hex edges: one of the six edge
 * directions, cube offset k * (1, 1, -2) turned, where two cube coordinates are equal? Its
 * ties are where it runs exactly between two hexes; any other line's ties are where it
 * crosses an edge exactly at its midpoint, through both hexes.
 */
export function alongEdges(dq: number, dr: number): boolean {
  const ds = 0 - dq - dr;
  return (dq !== 0 || dr !== 0) && (dq === dr || dr === ds || dq === ds);
}

/**
 * Where hex (dq, dr), an offset from a token facing `facing`, lies relative to its front:
 * out[0] = steps along the forward-left ray, out[1] = steps along the forward-right ray
 * (so the offset is out[0] * left + out[1] * right). Both >= 0 means "in front": inside the
 * 120-degree arc between the forward-left and forward-right directions (9.4, Figure 8).
 */
export function frontCoordinates(dq: number, dr: number, facing: number, out: Int32Array): void {
  // The offset turned by -facing, (lq, lr, ls), gives out = (ls, -lr); written out per
  // facing with the cube coordinate ds = -dq - dr (`0 - x` and `+ 0`: never a -0 double).
  const ds = 0 - dq - dr;
  switch (((facing % 6) + 6) % 6) {
    case 0:
      out[0] = ds + 0;
      out[1] = 0 - dr;
      return;
    case 1:
      out[0] = 0 - dr;
      out[1] = dq + 0;
      return;
    case 2:
      out[0] = dq + 0;
      out[1] = 0 - ds;
      return;
    case 3:
      out[0] = 0 - ds;
      out[1] = dr + 0;
      return;
    case 4:
      out[0] = dr + 0;
      out[1] = 0 - dq;
      return;
    default:
      out[0] = 0 - dq;
      out[1] = ds + 0;
  }
}
