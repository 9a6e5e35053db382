/**
 * bots/rammer.ts answers "which way to the enemy" and "is the enemy ahead" from tables
 * indexed by the signs of the cube offset (filled once from the searches they replace).
 * Known-answer check: the tables agree with the searches on every offset within 24 hexes,
 * every facing, and from several origins (the answer depends on the offset and facing alone).
 * The way to the enemy breaks ties relative to the facing, so it turns with the ship.
 */
import { describe, expect, it } from 'vitest';
import { rammerTables } from '../../bots/rammer.ts';
import { DQ, DR, distance } from '../../src/hex/hex.ts';

const { towardSearch, toward, aheadByTable, aheadSearch } = rammerTables;
const RADIUS = 24;
const offsets: [number, number][] = [];
for (let x = -RADIUS; x <= RADIUS; x++)
  for (let y = -RADIUS; y <= RADIUS; y++) if (Math.max(Math.abs(x), Math.abs(y), Math.abs(x + y)) <= RADIUS) offsets.push([x, y]);

describe('rammer sign-pattern tables', () => {
  it('toward equals the search over all six directions, from several origins and every facing', () => {
    const origins: [number, number][] = [[0, 0], [3, -7], [-5, 2], [8, 8]];
    let mismatches = 0;
    for (let f = 0; f < 6; f++)
      for (const [q, r] of origins) for (const [x, y] of offsets) if (toward(q, r, q + x, r + y, f) !== towardSearch(q, r, q + x, r + y, f)) mismatches++;
    expect(offsets.length).toBe(1801); // 3 * 24 * 25 + 1 hexes within 24
    expect(mismatches).toBe(0);
  });

  it('a step along toward brings the target one hex closer', () => {
    for (let f = 0; f < 6; f++)
      for (const [x, y] of offsets) {
        if (x === 0 && y === 0) continue;
        const d = toward(0, 0, x, y, f);
        expect(distance(DQ[d], DR[d], x, y)).toBe(distance(0, 0, x, y) - 1);
      }
  });

  it('toward turns with the ship: a half turn of offset and facing turns the answer by three', () => {
    let mismatches = 0;
    let ties = 0;
    for (let f = 0; f < 6; f++)
      for (const [x, y] of offsets) {
        if (x === 0 && y === 0) continue;
        if (toward(0, 0, -x, -y, (f + 3) % 6) !== (toward(0, 0, x, y, f) + 3) % 6) mismatches++;
        // Off the six straight lines two directions close the distance: the facing decides.
        const d = toward(0, 0, x, y, f);
        const other = (d + 1) % 6;
        if (distance(DQ[other], DR[other], x, y) === distance(DQ[d], DR[d], x, y)) ties++;
      }
    expect(mismatches).toBe(0);
    expect(ties).toBeGreaterThan(0);
  });

  it('ahead equals frontCoordinates on every facing', () => {
    let mismatches = 0;
    let ahead = 0;
    for (let f = 0; f < 6; f++)
      for (const [x, y] of offsets) {
        if (aheadByTable(x, y, f) !== aheadSearch(x, y, f)) mismatches++;
        if (aheadSearch(x, y, f)) ahead++;
      }
    expect(mismatches).toBe(0);
    // The arc ahead is a third of the plane, edges included: neither always nor never.
    expect(ahead).toBeGreaterThan(0.3 * 6 * offsets.length);
    expect(ahead).toBeLessThan(0.45 * 6 * offsets.length);
  });
});
