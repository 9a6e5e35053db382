/**
 * The kernel's invariant-checking mode (src/rules/invariants.ts) over random matches at 3 and
 * 4 players: the shipped scenarios ffa3 (free-for-all, rulebook 3) and teams4 (two teams of
 * two), every seat flown by the uniform random bot, seed i for match i. Beyond the duel's
 * invariants this covers what only happens with more than two ships: a destroyed ship leaves
 * the board with its tokens and cards returned (8 step 4-5) while the others fight on, teams
 * and their victory (3). Every match must end: victory, draw, or draw by the round limit.
 * scripts/invariants-multiplayer.ts runs the same at 1,000 matches each.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { enableInvariantChecks, InvariantError } from '../../src/rules/invariants.ts';
import { GameState, STATUS_DRAW, STATUS_DRAW_LIMIT, STATUS_NAMES, STATUS_VICTORY } from '../../src/rules/state.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import randomBot from '../../bots/random.ts';

const ENDED = new Set([STATUS_VICTORY, STATUS_DRAW, STATUS_DRAW_LIMIT]);

describe('invariant-checking mode over random 3- and 4-player matches: no violation, every match ends', () => {
  it.each([
    { name: 'ffa3', n: 300 },
    { name: 'teams4', n: 300 },
  ])('$n random matches of $name (seed i for match i)', ({ name, n }) => {
    const { file, scenario } = loadScenario(name);
    const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
    const kernel = new Kernel(t);
    enableInvariantChecks(kernel);
    const runner = new MatchRunner(kernel);
    const state = new GameState();
    const ends: Record<string, number> = {};
    const violations: string[] = [];
    const notEnded: number[] = [];
    for (let i = 0; i < n; i++) {
      kernel.setup(state, scenarioSetup(file, scenario, t, i));
      try {
        runner.play(state, scenario.ships.map((_, p) => makePolicy(randomBot, {}, i, p)));
      } catch (e) {
        if (!(e instanceof InvariantError)) throw e;
        violations.push(`seed ${i}: ${e.message}`);
      }
      if (!ENDED.has(state.status)) notEnded.push(i);
      const key = state.status === STATUS_VICTORY ? `victory team ${state.winner}` : STATUS_NAMES[state.status];
      ends[key] = (ends[key] ?? 0) + 1;
    }
    const dist = Object.entries(ends).sort().map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`[invariants] ${name}, ${n} random matches: ${dist}; matches with an invariant violation: ${violations.length}`);
    if (violations.length) console.log(`[invariants] first violations:\n  ${violations.slice(0, 5).join('\n  ')}`);
    expect(notEnded, 'matches that did not end').toEqual([]);
    expect(violations).toEqual([]);
  });
});
