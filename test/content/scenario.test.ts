/**
 * Scenario files with mistakes: each is rejected with an error naming the file, the place
 * in it, the bad value and what was expected (docs/scenario-format.md). Also checks that a
 * randomised start is drawn from the seed: the same seed, the same start.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.js';
import { runScenario } from '../../src/sim/scenario-run.js';
import { ConfigError } from '../../src/content/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'stareater-scenario-'));
// A round that changes nothing: Vent Coolant with an empty track (its only answer, none, is
// taken unasked), then Defence Stations firing point defence with nothing in reach (10.1.4).
const filler = { engine: 'none', commands: ['ventCoolant', 'defenceStations'], decisions: ['fire'] };
const base = () => ({
  name: 'base',
  ships: [
    { faction: 'fpa', position: [0, 4], facing: 'N' },
    { faction: 'lamais', position: [0, -4], facing: 'S' },
  ] as Record<string, unknown>[],
  rounds: [{ players: [{ ...filler }, { ...filler }] as Record<string, unknown>[] }],
});

function attempt(name: string, doc: unknown): ConfigError {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  try {
    const { scenario } = loadScenario(file);
    runScenario(file, scenario);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const err = e as ConfigError;
    expect(err.message).toContain(file);
    return err;
  }
  throw new Error(`${name}: expected a ConfigError`);
}

describe('bad scenario files (clear errors: file, path, value, expectation)', () => {
  it('the base file itself plays its round without an error', () => {
    const file = join(dir, 'base.json');
    writeFileSync(file, JSON.stringify(base()));
    const { scenario } = loadScenario(file);
    const run = runScenario(file, scenario);
    expect(run.state.round).toBe(2);
  });

  const cases: [string, (d: ReturnType<typeof base>) => void, string, RegExp][] = [
    ['unknown faction', (d) => (d.ships[0].faction = 'klingon'), 'ships[0].faction', /expected a faction id \(fpa, lamais\), got "klingon"/],
    ['bad facing', (d) => (d.ships[1].facing = 'north'), 'ships[1].facing', /"north"/],
    ['unknown section', (d) => (d.ships[0].armour = { bridge: 2 }), 'ships[0].armour.bridge', /a section of fpa's hull \(bow, core, port, starboard, stern\)/],
    ['unknown key', (d) => (d.ships[0].postion = [0, 0]), 'ships[0]', /postion/],
    ['bad momentum token', (d) => (d.ships[0].momentum = ['UP']), 'ships[0].momentum[0]', /"UP"/],
    ['unknown loadout card', (d) => (d.ships[0].loadout = { main: 'nope', broadside: 'fpa-hornet', hangar: 'fpa-catapult', pointDefence: 'fpa-flak', corvettes: ['a', 'b', 'c', 'd'] }), 'ships[0].loadout.main', /"nope"/],
    ['ships overlapping', (d) => (d.ships[1].position = [0, 4]), 'ships[1].position', /ships\[0\] at \[0, 4\] facing N and ships\[1\] at \[0, 4\] facing S share hex \[0, 3\]/],
    ['ship off the board', (d) => (d.ships[0].position = [0, 8]), 'ships[0].position', /the whole ship on board standard.*not wholly on the board, hull hex \[-1, 9\] is off it/],
    ['armour above printed', (d) => (d.ships[0].armour = { bow: 99 }), 'ships[0].armour.bow', /an armour from 0 to 4 \(the printed armour of fpa's bow\), got 99/],
    ['card not in hand', (d) => { d.ships[0].cooldown = { ventCoolant: 2 }; }, 'rounds[0].players[0].commands', /in hand/],
    ['missing Power to Engines direction', (d) => (d.rounds[0].players[0] = { engine: 'none', commands: ['powerToEngines', 'fireMain'] }), 'rounds[0].players[0].direction', /a direction for Power to Engines/],
    ['missing decision answer', (d) => (d.rounds[0].players[0] = { engine: 'none', commands: ['defenceStations', 'fireMain'] }), 'rounds[0].players[0].decisions[0]', /an answer to the defence decision \(one of fire, hold, shields\)/],
    ['wrong decision answer', (d) => (d.rounds[0].players[0] = { engine: 'none', commands: ['defenceStations', 'fireMain'], decisions: ['shieldz'] }), 'rounds[0].players[0].decisions[0]', /one of fire, hold, shields .* got "shieldz"/],
    ['shield arrangement one short (10.1.4: both shields are placed)', (d) => (d.rounds[0].players[0] = { engine: 'none', commands: ['defenceStations', 'fireMain'], decisions: ['shields', 'bow'] }), 'rounds[0].players[0].decisions[1]', /the arrangement of 2 shields: one section name per shield joined by '\+', within each section's room, e.g. one of bow\+bow, bow\+core, .* \(15 in all\), got "bow"/],
    ['token under a hull', (d) => ((d as Record<string, unknown>).tokens = [{ kind: 'projectile', owner: 1, from: 'main', position: [0, 4], facing: 'N' }]), 'ships[0].position', /hull hex \[0, 4\] is under tokens\[0\]/],
    ['too few commitments', (d) => d.rounds[0].players.pop(), 'rounds[0].players', /one commitment per ship/],
  ];
  it.each(cases)('%s', (name, mutate, path, message) => {
    const d = base();
    mutate(d);
    const err = attempt(name.replace(/\W+/g, '-'), d);
    expect(err.issues.map((i) => i.path).join(' | ')).toContain(path);
    expect(err.message).toMatch(message);
  });
});

describe('randomised starts come from the seed', () => {
  it('the same seed gives the same start, other seeds vary within the bounds', () => {
    const { file, scenario } = loadScenario('duel');
    const t = tablesForScenario(scenario);
    const a = scenarioSetup(file, scenario, t, 5);
    const b = scenarioSetup(file, scenario, t, 5);
    expect(a.ships.map((s) => [s.q, s.r, s.facing])).toEqual(b.ships.map((s) => [s.q, s.r, s.facing]));
    const qs = new Set<number>();
    for (let seed = 0; seed < 50; seed++) {
      const s = scenarioSetup(file, scenario, t, seed).ships[0];
      expect(s.q).toBeGreaterThanOrEqual(-2);
      expect(s.q).toBeLessThanOrEqual(2);
      expect(s.r).toBe(5);
      qs.add(s.q);
    }
    expect(qs.size).toBe(5);
  });
});

describe('docs/scenario-format.md', () => {
  it('its complete example plays as its expect block says', async () => {
    const { readFileSync } = await import('node:fs');
    const { checkExpect } = await import('../../src/sim/scenario-run.js');
    const { stateToJson } = await import('../../src/sim/describe.js');
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'scenario-format.md'), 'utf8');
    const json = /```json\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('head-on')))![1];
    const file = join(dir, 'doc-example.json');
    writeFileSync(file, json);
    const { scenario } = loadScenario(file);
    expect(scenario.expect).toBeDefined();
    const run = runScenario(file, scenario);
    expect(checkExpect(stateToJson(run.kernel, run.state), scenario.expect)).toEqual([]);
  });
});
