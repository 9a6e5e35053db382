/**
 * Each style policy owns its pilot (src/scripted/pilot.ts): a policy's answers must not
 * depend on what another policy of the kit decided in between. A match is played once with
 * its two policies alone, then again with a shadow policy of each style (other params)
 * asked the very same decision first; every answer, and so the final state, must match.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { GameState } from '../../src/rules/state.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import type { Policy } from '../../src/bot-api.ts';

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const kernel = new Kernel(t);
const runner = new MatchRunner(kernel);

/** The policy, after a shadow has been asked (and ignored) on every decision. */
function shadowed(policy: Policy, shadow: Policy): Policy {
  return {
    name: policy.name,
    choose(ctx) {
      shadow.choose(ctx);
      return policy.choose(ctx);
    },
  };
}

const SHADOW_PARAMS: Record<string, Record<string, unknown>> = {
  gunner: { range: 2, maxSpeed: 4, vent: false },
  brawler: { closeRange: 5, ram: false },
  carrier: { standoff: 3, repair: false },
  turtle: { standoff: 10, holdFire: false },
};

describe('the pilots of two policies are independent', () => {
  it.each([
    ['gunner', 'turtle', 3],
    ['brawler', 'carrier', 4],
  ] as const)('%s vs %s, seed %i: the same match with every decision shadowed by another style', async (a, b, seed) => {
    const fa = await loadBotFactory(a);
    const fb = await loadBotFactory(b);
    const play = (shadow: boolean): string => {
      const pa = makePolicy(fa, {}, seed, 0);
      const pb = makePolicy(fb, {}, seed, 1);
      const pols = shadow ? [shadowed(pa, makePolicy(fb, SHADOW_PARAMS[b], seed, 0)), shadowed(pb, makePolicy(fa, SHADOW_PARAMS[a], seed, 1))] : [pa, pb];
      const s = kernel.setup(new GameState(), scenarioSetup(file, scenario, t, seed));
      runner.play(s, pols);
      return Buffer.from(s.buffer).toString('base64');
    };
    expect(play(true)).toBe(play(false));
  });
});
