/**
 * Known answers for the direct-fire line of fire (rulebook 9.2: direct fire attacks "in a
 * single line like Beam weapons" and "cannot pierce through targets"; docs/rules.md 9.2,
 * switch `edgeLineOfFire`), through the kernel's own target list (Weapons.directTargets).
 *
 * Each row: shooter hex, target hex (an enemy torpedo), obstruction hexes (projectiles),
 * and whether the target is offered under each reading. The rows cover lines along hex
 * edges in each of the six edge directions, where the line runs exactly between two hexes:
 *   eitherSide (default): blocked there only when both hexes are obstructed;
 *   bothSides: blocked when either is.
 * Every row is then checked again turned by each sixth-turn, mirrored, and moved off the
 * origin: the answer must not depend on the board's orientation. Expected values were
 * worked out by hand from the hex geometry (an edge direction is the sum of two
 * neighbouring unit steps u + w; the line from a to a + u + w runs between a + u and a + w).
 */
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../src/rules/kernel.ts';
import { GameState, SMALL_PROJECTILE, SMALL_TORPEDO } from '../../src/rules/state.ts';
import { freeSlot } from '../../src/rules/weapons.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { distance, frontCoordinates } from '../../src/hex/hex.ts';
import type { RuleSwitches } from '../../src/rules/tables.ts';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';

type Hex = [number, number];
type Mode = RuleSwitches['edgeLineOfFire'];

const { file, scenario } = loadScenario('duel');

/** A kernel under `mode` and the duel's setup. */
function arena(mode: Mode) {
  const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
  t.rules = { ...t.rules, edgeLineOfFire: mode };
  const k = new Kernel(t);
  const setup = scenarioSetup(file, scenario, t, 0);
  setup.tokens = [];
  return { k, setup };
}
const ARENAS = { eitherSide: arena('eitherSide'), bothSides: arena('bothSides'), nudge: arena('nudge') };

/** Is a torpedo of ship 1 on `to` a direct-fire target of ship 0 firing from `from`, with `blocks` holding projectiles? */
function offered(mode: Mode, from: Hex, to: Hex, blocks: Hex[]): boolean {
  const { k, setup } = ARENAS[mode];
  const s = k.setup(new GameState(), setup);
  // The hulls are taken off (not alive): only the tokens placed here are on the board, in
  // every orientation. Ship 0 still fires (directTargets reads positions, not its hull).
  s.alive[0] = 0;
  s.alive[1] = 0;
  const put = (kind: number, owner: number, [q, r]: Hex) => {
    const i = freeSlot(s);
    s.tokKind[i] = kind;
    s.tokOwner[i] = owner;
    s.tokRef[i] = 0;
    s.tokQ[i] = q;
    s.tokR[i] = r;
  };
  put(SMALL_TORPEDO, 1, to);
  for (const b of blocks) put(SMALL_PROJECTILE, 1, b);
  // A firing direction whose 120-degree arc holds the target (9.2), range exactly the distance.
  const fc = new Int32Array(2);
  let dir = -1;
  for (let d = 0; d < 6 && dir < 0; d++) {
    frontCoordinates(to[0] - from[0], to[1] - from[1], d, fc);
    if (fc[0] >= 0 && fc[1] >= 0) dir = d;
  }
  const out = new Int32Array(64);
  const n = k.weapons.directTargets(s, 0, from[0], from[1], dir, distance(from[0], from[1], to[0], to[1]), out, 0);
  return n === 1;
}

/** The twelve symmetries of the hex grid about the origin: k sixth-turns, then optionally mirrored. */
function sym(k: number, mirror: boolean, [q, r]: Hex): Hex {
  // One clockwise sixth-turn maps cube (q, r, s) to (-r, -s, -q); the mirror swaps r and s.
  let s = -q - r;
  for (let i = 0; i < k; i++) [q, r, s] = [-r, -s, -q];
  if (mirror) [r, s] = [s, r];
  return [q + 0, r + 0];
}

interface Row {
  what: string;
  from: Hex;
  to: Hex;
  blocks: Hex[];
  eitherSide: boolean;
  bothSides: boolean;
}

/** Edge directions as u + w (axial), with u and w the two unit steps it runs between. */
const EDGES: Array<[string, Hex, Hex]> = [
  ['SE+S', [1, 0], [0, 1]],
  ['NE+SE', [1, -1], [1, 0]],
  ['N+NE', [0, -1], [1, -1]],
  ['NW+N', [-1, 0], [0, -1]],
  ['SW+NW', [-1, 1], [-1, 0]],
  ['S+SW', [0, 1], [-1, 1]],
];

const add = (a: Hex, b: Hex): Hex => [a[0] + b[0], a[1] + b[1]];

const ROWS: Row[] = [];
for (const [name, u, w] of EDGES) {
  const e = add(u, w);
  const e2 = add(e, e);
  const o: Hex = [0, 0];
  // Length 2: one tie, between u and w.
  ROWS.push({ what: `${name} length 2, nothing between`, from: o, to: e, blocks: [], eitherSide: true, bothSides: true });
  ROWS.push({ what: `${name} length 2, one side obstructed`, from: o, to: e, blocks: [u], eitherSide: true, bothSides: false });
  ROWS.push({ what: `${name} length 2, other side obstructed`, from: o, to: e, blocks: [w], eitherSide: true, bothSides: false });
  ROWS.push({ what: `${name} length 2, both sides obstructed`, from: o, to: e, blocks: [u, w], eitherSide: false, bothSides: false });
  // Length 4: ties between u and w, then between e + u and e + w; e itself is on the line.
  ROWS.push({ what: `${name} length 4, the hex on the line obstructed`, from: o, to: e2, blocks: [e], eitherSide: false, bothSides: false });
  ROWS.push({ what: `${name} length 4, one side at each tie (not the same side)`, from: o, to: e2, blocks: [u, add(e, w)], eitherSide: true, bothSides: false });
  ROWS.push({ what: `${name} length 4, both sides at the second tie`, from: o, to: e2, blocks: [add(e, u), add(e, w)], eitherSide: false, bothSides: false });
  ROWS.push({ what: `${name} length 4, obstructions beside the line only`, from: o, to: e2, blocks: [add(u, u), add(w, w)], eitherSide: true, bothSides: true });
}
// A line that crosses an edge exactly at its midpoint (not along it): (0,0) to (1,3) passes
// through both (0,2) and (1,1) around its midpoint, so either blocks it under both readings.
ROWS.push({ what: 'crossing an edge at its midpoint, (0,2) obstructed', from: [0, 0], to: [1, 3], blocks: [[0, 2]], eitherSide: false, bothSides: false });
ROWS.push({ what: 'crossing an edge at its midpoint, (1,1) obstructed', from: [0, 0], to: [1, 3], blocks: [[1, 1]], eitherSide: false, bothSides: false });
ROWS.push({ what: 'crossing an edge at its midpoint, nothing on it', from: [0, 0], to: [1, 3], blocks: [[2, 1], [-1, 2]], eitherSide: true, bothSides: true });
// No tie: the line (0,0) to (2,1) is (1,0), (1,1) (hand-rounded thirds); (0,1) is beside it.
ROWS.push({ what: 'no tie, (1,1) on the line obstructed', from: [0, 0], to: [2, 1], blocks: [[1, 1]], eitherSide: false, bothSides: false });
ROWS.push({ what: 'no tie, (0,1) beside the line obstructed', from: [0, 0], to: [2, 1], blocks: [[0, 1]], eitherSide: true, bothSides: true });

describe('9.2 line of fire along hex edges (known answers, every orientation)', () => {
  it.each(ROWS.map((r) => [r.what, r] as const))('%s', (_what, row) => {
    for (const mode of ['eitherSide', 'bothSides'] as const) {
      for (let k = 0; k < 6; k++) {
        for (const mirror of [false, true]) {
          for (const shift of [[0, 0], [1, -2]] as Hex[]) {
            const f = (h: Hex) => add(sym(k, mirror, h), shift);
            const got = offered(mode, f(row.from), f(row.to), row.blocks.map(f));
            expect(got, `${mode}, ${k} sixth-turns${mirror ? ', mirrored' : ''}, shifted by ${shift}`).toBe(row[mode]);
          }
        }
      }
    }
  });

  it('the orientation check has teeth: under the old nudge, rows answer differently in different orientations', () => {
    let varying = 0;
    for (const row of ROWS) {
      const seen = new Set<boolean>();
      for (let k = 0; k < 6; k++)
        for (const mirror of [false, true]) {
          const f = (h: Hex) => sym(k, mirror, h);
          seen.add(offered('nudge', f(row.from), f(row.to), row.blocks.map(f)));
        }
      if (seen.size > 1) varying++;
    }
    // The one-side rows (6 edges x 2) and the two crossing rows with one hex obstructed. (One
    // side per tie always blocks the nudge, which takes one side at every tie of a line.)
    expect(varying).toBe(14);
  });

  it('the default reading is eitherSide (configs/rules.yaml and the test fixture)', () => {
    expect(tablesForScenario(scenario).rules.edgeLineOfFire).toBe('eitherSide');
    expect(tablesForScenario(scenario, FIXTURE_CONFIG_DIR).rules.edgeLineOfFire).toBe('eitherSide');
  });

  it('the old fixed-side nudge depends on the orientation: a shot and its half-turn image disagree', () => {
    // (0,0) to (1,1): the nudge takes (0,1) (test/hex), so an obstruction there blocks; the
    // half-turned obstruction (0,-1) is on the side the nudge does not take toward (-1,-1).
    expect(offered('nudge', [0, 0], [1, 1], [[0, 1]])).toBe(false);
    expect(offered('nudge', [0, 0], [-1, -1], [[0, -1]])).toBe(true);
    expect(offered('eitherSide', [0, 0], [1, 1], [[0, 1]])).toBe(true);
    expect(offered('eitherSide', [0, 0], [-1, -1], [[0, -1]])).toBe(true);
    expect(offered('bothSides', [0, 0], [1, 1], [[0, 1]])).toBe(false);
    expect(offered('bothSides', [0, 0], [-1, -1], [[0, -1]])).toBe(false);
  });
});
