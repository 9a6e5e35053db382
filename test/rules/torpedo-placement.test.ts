/**
 * Known answers for a torpedo's first hex when it is fired (rulebook 9.4 Movement: "The
 * Torpedo will initially move directly forward in the direction that it is facing";
 * 10.1.1-10.1.2: "Being placed on the board counts as 1 movement for the token"; 11.1.3:
 * "Corvette weapons always face in the same direction as the Corvette itself";
 * docs/rules.md, 9.4 Torpedo homing).
 *
 * The placement hex is straight ahead of the mount along the firing direction, whatever the
 * target; homing (9.4: a turn when part of the target lies on the forward-left or
 * forward-right line) starts from the placement hex on. Each row fires an FPA torpedo
 * (Hornet Torpedo Racks, damage 2) from (0, 0) along N with a given speed at a Lamais (hull
 * (0,-2) prow, (0,-1) bow, (0,0) core, (0,1) stern from its centre, facing N) and states
 * where the torpedo ends, facing which way, or which section it hits. Every row is checked
 * again turned by each sixth-turn about (0, 0) and mirrored: the answer turns with it.
 * Expected values were worked out by hand from the hex geometry.
 */
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../src/rules/kernel.ts';
import { GameState, G_TOK_TOP, MAX_SECTIONS, SMALL_TORPEDO } from '../../src/rules/state.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';

type Hex = [number, number];
const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const kernel = new Kernel(tables);
const setup = scenarioSetup(file, scenario, tables, 0);
setup.tokens = [];
const FPA = tables.factions.findIndex((f) => f.id === 'fpa');
const LAMAIS = tables.factions.findIndex((f) => f.id === 'lamais');
const hornet = tables.factions[FPA].broadsides.find((w) => w.id === 'fpa-hornet')!;
const lamaisHull = tables.factions[LAMAIS].hull;

/** k clockwise sixth-turns about (0, 0), then the mirror in the N-S line when `mirror`. */
function sym(k: number, mirror: boolean, [q, r]: Hex): Hex {
  let s = -q - r;
  for (let i = 0; i < k; i++) [q, r, s] = [-r, -s, -q];
  if (mirror) [q, r] = [-q, q + r];
  return [q + 0, r + 0];
}
/** A direction turned as sym turns a hex: +k, then mirrored (N stays, NE <-> NW, SE <-> SW). */
function symDir(k: number, mirror: boolean, d: number): number {
  const t = (d + k) % 6;
  return mirror ? (6 - t) % 6 : t;
}

interface Row {
  what: string;
  /** The Lamais's centre (it faces N). */
  enemy: Hex;
  speed: number;
  /** Where the torpedo ends and its facing (0 N ... 5 NW), or null when it hit. */
  ends: [number, number, number] | null;
  /** The Lamais section hit (armour 2 less), or null. */
  hit: string | null;
}

const ROWS: Row[] = [
  // The bow (2,-2) lies on the mount's forward-right line: before, the torpedo turned NE
  // before its first hex and was placed at (1,-1).
  { what: 'target on the forward-right line at the mount: placed straight ahead', enemy: [2, -1], speed: 1, ends: [0, -1, 0], hit: null },
  // From (0,-1) the prow (2,-3) is on the forward-right line: it turns NE, moves to (1,-2).
  { what: 'then homing from the placement hex on', enemy: [2, -1], speed: 2, ends: [1, -2, 1], hit: null },
  // From (1,-2) facing NE the prow is straight ahead and the bow (2,-2) on the forward-right
  // line: it turns SE onto the bow (placed at (1,-1), it would have hit the core).
  { what: 'and hits the section its straight placement leads to', enemy: [2, -1], speed: 3, ends: null, hit: 'bow' },
  { what: 'target on the forward-left line at the mount: placed straight ahead', enemy: [-2, 1], speed: 1, ends: [0, -1, 0], hit: null },
  { what: 'then turns NW from the placement hex', enemy: [-2, 1], speed: 2, ends: [-1, -1, 5], hit: null },
  { what: 'and hits the bow', enemy: [-2, 1], speed: 3, ends: null, hit: 'bow' },
  // Straight ahead: the stern (0,-2) is its second hex.
  { what: 'target straight ahead', enemy: [0, -3], speed: 1, ends: [0, -1, 0], hit: null },
  { what: 'target straight ahead, hit on the second hex', enemy: [0, -3], speed: 2, ends: null, hit: 'stern' },
  // Behind the mount: no target in the arc, it flies straight.
  { what: 'no target in the arc', enemy: [0, 4], speed: 3, ends: [0, -3, 0], hit: null },
];

/** Fire the row's torpedo under symmetry (k, mirror); returns where it ends and what it hit. */
function fire(row: Row, k: number, mirror: boolean) {
  const s = kernel.setup(new GameState(), setup);
  // Ship 0 (the FPA, the owner) far from the shot; ship 1 the Lamais of the row.
  const far = sym(k, mirror, [-6, 6]);
  s.shipQ[0] = far[0];
  s.shipR[0] = far[1];
  const c = sym(k, mirror, row.enemy);
  s.shipQ[1] = c[0];
  s.shipR[1] = c[1];
  // A Lamais is symmetric about its own axis, so facing N turned by k is all a mirror needs.
  s.facing[1] = symDir(k, mirror, 0);
  const dir = symDir(k, mirror, 0);
  kernel.weapons.fireToken(s, 0, 1, { ...hornet, speed: row.speed }, 0, 0, dir);
  let token: [number, number, number] | null = null;
  for (let i = 0; i < s.g[G_TOK_TOP]; i++) if (s.tokKind[i] === SMALL_TORPEDO) token = [s.tokQ[i], s.tokR[i], s.tokFacing[i]];
  let hit: string | null = null;
  for (let sec = 0; sec < lamaisHull.sectionCount; sec++)
    if (s.armour[1 * MAX_SECTIONS + sec] < lamaisHull.armour[sec]) hit = lamaisHull.sectionNames[sec];
  return { token, hit };
}

describe('a fired torpedo is placed straight ahead, and homes from the placement hex on (9.4, 10.1.1-10.1.2, 11.1.3)', () => {
  it.each(ROWS)('$what (speed $speed)', (row) => {
    for (let k = 0; k < 6; k++)
      for (const mirror of [false, true]) {
        const { token, hit } = fire(row, k, mirror);
        const where = `turned ${k}${mirror ? ', mirrored' : ''}`;
        expect(hit, where).toBe(row.hit);
        if (row.ends === null) expect(token, where).toBeNull();
        else {
          const [q, r] = sym(k, mirror, [row.ends[0], row.ends[1]]);
          expect(token, where).toEqual([q, r, symDir(k, mirror, row.ends[2])]);
        }
      }
  });
});
