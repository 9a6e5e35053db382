/**
 * Checking mode over random matches with DRAFTED loadouts (rules kernel II): every
 * invariant (ships apart and on the board, token totals including weapon and corvette
 * tokens, armour/structure in range, each command card and corvette in one place, no token
 * under a hull or sharing a hex, one shot per corvette per round) holds after every
 * resolved step, and every match ends. Loadouts come from the rulebook-5 draft played by
 * the random policy, so every weapon class and corvette card gets exercised.
 */
import { describe, it, expect } from 'vitest';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { GameState, STATUS_NAMES, STAT_SIZE, ST_SHOTS, SOURCES, ST_CORV_LAUNCHED } from '../../src/rules/state.ts';
import { enableInvariantChecks } from '../../src/rules/invariants.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import random from '../../bots/random.ts';

describe('invariant-checking mode, drafted loadouts (rules 5, 7.2.3-7.2.4, 9, 11)', () => {
  it('1,000 random-vs-random matches with random drafts: no violation, every match ends, weapons and corvettes used', () => {
    const { file, scenario } = loadScenario('duel');
    const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
    const k = new Kernel(t);
    enableInvariantChecks(k);
    const runner = new MatchRunner(k);
    const s = new GameState();
    const ends: Record<string, number> = {};
    const mains = new Set<number>();
    let shots = 0;
    let launched = 0;
    for (let seed = 0; seed < 1000; seed++) {
      const policies = [makePolicy(random, {}, seed, 0), makePolicy(random, {}, seed, 1)];
      const setup = scenarioSetup(file, scenario, t, seed);
      runner.draft(setup.ships.map((sh) => t.factions[sh.faction]), policies).forEach((lo, i) => (setup.ships[i].loadout = lo));
      mains.add(setup.ships[0].loadout.main * 10 + setup.ships[1].loadout.main);
      k.setup(s, setup);
      runner.play(s, policies);
      const end = STATUS_NAMES[s.status];
      expect(['victory', 'draw', 'draw-by-limit']).toContain(end);
      ends[end] = (ends[end] ?? 0) + 1;
      for (let p = 0; p < 2; p++) {
        for (let src = 0; src < SOURCES; src++) shots += s.stats[p * STAT_SIZE + ST_SHOTS + src];
        for (let c = 0; c < 8; c++) launched += s.stats[p * STAT_SIZE + ST_CORV_LAUNCHED + c];
      }
    }
    console.log(`[invariants, drafted] 1000 random duels: ${JSON.stringify(ends)}; ${shots} shots, ${launched} corvettes launched`);
    expect(mains.size).toBe(4); // every pairing of the two factions' main weapons was drafted
    expect(shots).toBeGreaterThan(1000);
    expect(launched).toBeGreaterThan(500);
  });
});
