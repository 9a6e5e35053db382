/**
 * No seat is favoured when one step (or one Power to Engines move) makes several collisions
 * (rulebook 7.2.2: every ship moves "simultaneously"; 12; docs/rules.md, 12 "Several
 * collisions in one step").
 *
 * Each scenario below is played again with its seats permuted in every way: the ships,
 * the tokens' owners, the scripted commitments and the expected ships are reordered
 * together, and the permuted expectation must hold. A resolution that took the colliding
 * pairs one at a time in seat order fails this: the ship moving into two parked ships would
 * hit whichever of them sits in the lower seat. The expected values of each scenario were
 * worked out by hand (its description).
 */
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario, tablesForScenario, type Scenario } from '../../src/content/scenario.ts';
import { runScenario, checkExpect } from '../../src/sim/scenario-run.ts';
import { stateToJson } from '../../src/sim/describe.ts';
import { enableInvariantChecks } from '../../src/rules/invariants.ts';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'scenarios');
const ROWS = [
  { file: '98-collision-one-ship-into-two.json', what: 'a move into two parked ships (12 steps 1-6)' },
  { file: '99-p2e-into-two-ships.json', what: 'Power to Engines into two ships (10.1.6, 12 command phase)' },
  { file: '100-collision-ship-edge-and-token-together.json', what: 'a ship, the edge and a token in one step (7.2.2)' },
  { file: '102-ships-pass-through-switch-collide.json', what: 'two ships passing through each other, passThrough false (12)' },
];

/** Every ordering of 0..n-1. */
function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1))
    for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  return out;
}

/** The scenario with old seat perm[i] moved to seat i. */
function permuted(sc: Scenario, perm: number[]): Scenario {
  const seatOf = new Map(perm.map((old, seat) => [old, seat]));
  const copy = structuredClone(sc);
  copy.ships = perm.map((old) => structuredClone(sc.ships[old]));
  copy.tokens = sc.tokens?.map((t) => ({ ...t, owner: seatOf.get(t.owner)! }));
  copy.rounds = sc.rounds?.map((r) => ({ players: perm.map((old) => structuredClone(r.players[old])) }));
  if (sc.expect?.ships) copy.expect = { ...sc.expect, ships: perm.map((old) => structuredClone(sc.expect!.ships![old])) };
  return copy;
}

describe('several collisions at once favour no seat (7.2.2, 12)', () => {
  for (const row of ROWS) {
    const file = join(DIR, row.file);
    const { scenario } = loadScenario(file);
    it(`${row.what}: ${row.file}, every seat order`, () => {
      for (const perm of permutations(scenario.ships.length)) {
        const sc = permuted(scenario, perm);
        const run = runScenario(file, sc, { check: (k) => enableInvariantChecks(k), tables: tablesForScenario(sc, FIXTURE_CONFIG_DIR) });
        const diffs = checkExpect(stateToJson(run.kernel, run.state), sc.expect);
        expect(diffs, `seats ${perm.join(', ')}`).toEqual([]);
      }
    });
  }
});
