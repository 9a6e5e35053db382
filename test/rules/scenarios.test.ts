/**
 * Rulebook worked examples and tricky cases as scenario files (test/scenarios/*.json).
 *
 * Each file sets up a position, scripts one or more rounds (commitments and mid-round
 * answers) and states the expected result in an `expect` block. The expected values were
 * worked out by hand from the Beta 1 rulebook and docs/rules.md (each file's
 * `description` shows the calculation), not copied from the kernel's output.
 *
 * Every scenario runs with the kernel's invariant checks on (ships apart and on the board,
 * token totals conserved, cards in one place each), so a scenario also fails when the
 * kernel breaks an invariant on the way to the right answer.
 */
import { readdirSync } from 'node:fs';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario, tablesForScenario } from '../../src/content/scenario.ts';
import { runScenario, checkExpect } from '../../src/sim/scenario-run.ts';
import { stateToJson, stateToText } from '../../src/sim/describe.ts';
import { formatEvents } from '../../src/sim/log.ts';
import { enableInvariantChecks } from '../../src/rules/invariants.ts';
import type { Kernel } from '../../src/rules/kernel.ts';
import type { GameState } from '../../src/rules/state.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'scenarios');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('rulebook scenarios (test/scenarios)', () => {
  it('finds the scenario files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(20);
  });

  for (const name of FILES) {
    const file = join(DIR, name);
    const { scenario } = loadScenario(file);
    it(`${name}: ${scenario.name} (rule ${scenario.rule ?? '?'})`, () => {
      expect(scenario.rule, `${name} names the rule it checks`).toBeTruthy();
      expect(scenario.description, `${name} explains its hand calculation`).toBeTruthy();
      expect(scenario.expect, `${name} has an expect block`).toBeTruthy();
      // Invariant checks on; keep the kernel and the state so a thrown violation can still
      // be reported with the event log up to that point.
      let kernel: Kernel | null = null;
      let state: GameState | null = null;
      const check = (k: Kernel) => {
        enableInvariantChecks(k);
        const inner = k.check!;
        kernel = k;
        k.check = (s, where) => {
          state = s;
          inner(s, where);
        };
      };
      let run: ReturnType<typeof runScenario>;
      try {
        run = runScenario(file, scenario, { check, tables: tablesForScenario(scenario, FIXTURE_CONFIG_DIR) });
      } catch (e) {
        const k = kernel as Kernel | null;
        const st = state as GameState | null;
        const log = k && st && k.log ? formatEvents(k, st, k.log) : [];
        expect.fail([`${name}: ${scenario.name}`, `Threw: ${(e as Error).message}`, 'Event log:', ...log].join('\n'));
      }
      const json = stateToJson(run.kernel, run.state);
      const diffs = checkExpect(json, scenario.expect);
      if (diffs.length) {
        const report = [
          `${name}: ${scenario.name}`,
          'Differences:',
          ...diffs.map((d) => `  ${d}`),
          'Event log:',
          ...formatEvents(run.kernel, run.state, run.log),
          'Final state:',
          stateToText(run.kernel, run.state),
        ].join('\n');
        expect.fail(report);
      }
    });
  }
});
