/**
 * Launch spots under the launching ship's own hull (11.1.1: a corvette is placed on a free
 * hex). Corvettes.legalLaunches reads such spots from a per-hangar table built from the hull
 * shape and looks up only the other ships' hulls; isLegalLaunch decodes an id and checks the
 * spot on the board (Corvettes.launchSpot, every hull). No shipped or fixture hull has a
 * hangar whose line crosses its own hull, so the games never reach a set bit of that table:
 * here one fixture hangar is turned to launch through the hull, and the listing is held to
 * the decoding, in every facing, on a board where the other ship is far away.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { CORVETTES, CORV_ABOARD, GameState, MAX_ACTIONS } from '../../src/rules/state.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { DQ, DR } from '../../src/hex/hex.ts';
import { MAX_TURN, encodeLaunch } from '../../src/rules/corvettes.ts';

const { file, scenario } = loadScenario('duel');

describe('launch spots under the own hull (11.1.1)', () => {
  it('are never listed, and the listing equals the decoding in every facing', () => {
    const t = structuredClone(tablesForScenario(scenario, FIXTURE_CONFIG_DIR));
    // Turn faction 0's first hangar so that its first spot out is one of its own hull hexes.
    const hull = t.factions[0].hull;
    const hangar = hull.mounts.hangar[0];
    const isHullHex = (q: number, r: number) => {
      for (let i = 0; i < hull.hexCount; i++) if (hull.hexQ[i] === q && hull.hexR[i] === r) return true;
      return false;
    };
    const inward = [0, 1, 2, 3, 4, 5].find((d) => isHullHex(hull.hexQ[hangar.hex] + DQ[d], hull.hexR[hangar.hex] + DR[d]));
    expect(inward).toBeDefined();
    hangar.edge = inward!;

    const k = new Kernel(t);
    const s = new GameState();
    const listed = new Int32Array(MAX_ACTIONS);
    const spot = new Int32Array(3);
    let ownHullSpots = 0;
    for (let facing = 0; facing < 6; facing++) {
      const setup = scenarioSetup(file, scenario, t, 'launch-spots');
      const p = setup.ships.findIndex((ship) => ship.faction === 0);
      // Our ship where the duel puts it, turned to each facing; the other ship is far off.
      setup.ships[p].facing = facing;
      k.setup(s, setup);
      expect(Array.from(s.corvLoc.subarray(p * CORVETTES, (p + 1) * CORVETTES))).toContain(CORV_ABOARD);
      const n = k.corvettes.legalLaunches(s, p, listed);
      const fromList = new Set(Array.from(listed.subarray(0, n)));
      expect(fromList.size).toBe(n);
      const decoded = new Set<number>();
      for (let a = 0; a < MAX_ACTIONS; a++) if (k.corvettes.isLegalLaunch(s, p, a)) decoded.add(a);
      expect([...fromList].sort((x, y) => x - y)).toEqual([...decoded].sort((x, y) => x - y));
      // The turned hangar's spots under the hull: counted, and none listed.
      for (let extra = 0; extra <= 6; extra++) {
        k.corvettes.launchSpot(s, p, 0, extra, 0, spot);
        if (k.move.sectionAt(s, p, spot[0], spot[1]) < 0) continue;
        ownHullSpots++;
        for (let turn = -MAX_TURN; turn <= MAX_TURN; turn++) expect(fromList.has(encodeLaunch(0, 0, extra, turn))).toBe(false);
      }
    }
    expect(ownHullSpots).toBeGreaterThanOrEqual(6);
  });
});
