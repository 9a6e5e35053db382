/**
 * The replay trace: recording it leaves the match unchanged, every event of the kernel's log
 * is in exactly one step, the steps follow the rules' grain (round, engines, each movement
 * step, weapons, each command, decisions, cooldown), and each step's drawing is the kernel's
 * state at that boundary.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, tablesForScenario, scenarioSetup } from '../../src/content/scenario.js';
import { Kernel } from '../../src/rules/kernel.js';
import { EventLog } from '../../src/rules/events.js';
import { GameState } from '../../src/rules/state.js';
import { MatchRunner } from '../../src/sim/match.js';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.js';
import { formatEvents } from '../../src/sim/log.js';
import { stateToJson } from '../../src/sim/describe.js';
import { snapshot, tracePolicyMatch, traceScenario, traceExperimentMatch, type Trace } from '../../src/sim/trace.js';
import { loadExperiment } from '../../src/sim/experiment.js';
import { prepare, MatchPlayer } from '../../src/sim/play.js';

async function setupMatch(scenarioName: string, bots: string[], seed: number, rounds: number) {
  const { file, scenario } = loadScenario(scenarioName);
  scenario.roundLimit = rounds;
  const tables = tablesForScenario(scenario);
  const setup = scenarioSetup(file, scenario, tables, seed);
  const policies = async () => Promise.all(bots.map(async (b, seat) => makePolicy(await loadBotFactory(b), {}, seed, seat)));
  return { tables, setup, policies };
}

/** The match played plainly, with a plain event log: its final state and its log lines. */
async function plain(scenarioName: string, bots: string[], seed: number, rounds: number) {
  const m = await setupMatch(scenarioName, bots, seed, rounds);
  const k = new Kernel(m.tables);
  const log = new EventLog();
  k.log = log;
  const s = new GameState();
  k.setup(s, m.setup);
  new MatchRunner(k).play(s, await m.policies());
  return { k, s, lines: formatEvents(k, s, log) };
}

async function traced(scenarioName: string, bots: string[], seed: number, rounds: number): Promise<{ t: Trace; k: Kernel }> {
  const m = await setupMatch(scenarioName, bots, seed, rounds);
  const k = new Kernel(m.tables);
  const t = tracePolicyMatch(k, (s) => k.setup(s, m.setup), await m.policies(), { title: 't', command: 'c', names: bots });
  return { t, k };
}

describe('match trace', () => {
  for (const [scenario, bots] of [
    ['duel', ['rammer', 'gunner']],
    ['ffa3', ['rammer', 'gunner', 'turtle']],
    ['teams4', ['rammer', 'gunner', 'gunner', 'rammer']],
  ] as const) {
    it(`${scenario}: the same match as without tracing, every event in one step, the last step the final state`, async () => {
      const p = await plain(scenario, [...bots], 4, 8);
      const { t, k } = await traced(scenario, [...bots], 4, 8);
      expect(t.players).toHaveLength(bots.length);
      // Every logged line, in order, exactly once across the steps.
      const lines = t.steps.flatMap((st) => st.events.map((e) => e.text).filter((x) => x !== ''));
      expect(lines).toEqual(p.lines.map((l) => l.trim()).filter((x) => x !== ''));
      // The final step is the final state.
      const last = t.steps[t.steps.length - 1];
      expect(last).toMatchObject(snapshot(p.k, p.s));
      expect(last.kind).toBe('end');
      expect(t.result).toContain(last.status);
      expect(stateToJson(k, p.s)).toBeTruthy();
      t.steps.forEach((st, i) => expect(st.index).toBe(i));
    });
  }

  it('steps at the rules grain: a step per movement step, a reveal before them, each command, the cooldown, each round', async () => {
    const { t, k } = await traced('duel', ['rammer', 'gunner'], 3, 6);
    // The recorder leaves the kernel as it found it: no log, no check.
    expect(k.log).toBeNull();
    expect(k.check).toBeNull();
    const kinds = new Set(t.steps.map((s) => s.kind));
    for (const k of ['setup', 'round', 'reveal', 'movement-step', 'command', 'cooldown', 'end']) expect(kinds, k).toContain(k);
    for (const st of t.steps) {
      const types = st.events.map((e) => e.type);
      // One lock-step movement step per step, and it is labelled as such.
      expect(types.filter((x) => x === 'step').length).toBeLessThanOrEqual(1);
      if (types.includes('step')) expect(st.kind).toBe('movement-step');
      // One command revealed per step at most.
      expect(types.filter((x) => x === 'command').length).toBeLessThanOrEqual(1);
      // A new round opens its own step.
      if (types.includes('round')) expect(['setup', 'round']).toContain(st.kind);
    }
    // After a movement step without a collision, each moved ship stands where its move event says.
    for (const st of t.steps.filter((s) => s.kind === 'movement-step' && !s.events.some((e) => e.type === 'collision'))) {
      for (const e of st.events.filter((x) => x.type === 'move')) {
        const [p, , q, r, facing] = e.args;
        expect(st.ships[p], `${st.label} round ${st.round}`).toMatchObject({ q, r, facing });
      }
    }
    // Rounds never go back, and every round from 1 to the last appears.
    const rounds = t.steps.map((s) => s.round);
    expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
    expect(new Set(rounds).size).toBe(rounds[rounds.length - 1]);
  });

  it('damage is marked on the section it hits, with the amount of its event', async () => {
    const { t } = await traced('duel', ['rammer', 'gunner'], 3, 6);
    const marks = t.steps.flatMap((s) => s.marks.filter((m) => m.kind === 'damage'));
    expect(marks.length).toBeGreaterThan(0);
    const events = t.steps.flatMap((s) => s.events.filter((e) => e.type === 'damage'));
    expect(marks.map((m) => [m.player, m.section, m.damage])).toEqual(events.map((e) => [e.args[0], e.args[1], e.args[2]]));
  });

  it('a destroyed token is marked on the hex where it was (scenario 66: a torpedo passes over a projectile)', () => {
    const { file, scenario } = loadScenario('test/scenarios/66-torpedo-destroyed-over-projectile.json');
    const t = traceScenario(file, scenario, 'c');
    const lost = t.steps.flatMap((s) => s.marks.filter((m) => m.kind === 'token-lost'));
    expect(lost).toHaveLength(1);
    const before = t.steps[0].tokens.find((k) => k.kind === 'torpedo')!;
    expect(lost[0]).toMatchObject({ token: 'torpedo', player: before.owner });
    expect(lost[0].q).toBeTypeOf('number');
    // The torpedo is gone from the next drawing, the projectile it met is still there.
    const step = t.steps.find((s) => s.marks.includes(lost[0]))!;
    expect(step.tokens.some((k) => k.kind === 'torpedo')).toBe(false);
    expect(step.tokens.map((k) => [k.q, k.r])).toContainEqual([lost[0].q, lost[0].r]);
  });

  it('an experiment match traces to the same match as the batch plays', async () => {
    const { file, experiment } = loadExperiment('configs/experiments/ffa3.yaml');
    experiment.roundLimit = 6;
    const prep = await prepare(file, experiment);
    const t = traceExperimentMatch(prep, 4, 'c');
    const m = new MatchPlayer(prep).play(4);
    const last = t.steps[t.steps.length - 1];
    expect(last.round).toBe(m.state.round);
    expect(last.ships.map((s) => s.structure)).toEqual(Array.from(m.state.structure.subarray(0, m.state.players)));
    expect(t.players.map((p) => p.name)).toEqual(m.seats.map((pl) => prep.plan.entrants[pl].name));
  });
});

describe('the weapon update, hex by hex (7.2.3)', () => {
  /** Each weapon-update step of a scenario's first round: its label and the weapon tokens drawn then. */
  function weaponSteps(path: string): string[] {
    const { file, scenario } = loadScenario(path);
    const t = traceScenario(file, scenario, 'c');
    return t.steps
      .filter((st) => st.round === 1 && st.kind === 'weapon-step')
      .map((st) => `${st.label}: ${st.tokens.filter((k) => k.kind !== 'corvette').map((k) => `${k.kind[0]}${k.slot}@${k.q},${k.r}`).join(' ')}`);
  }
  // Known answers, read off each scenario's set-up and the rulebook's movement of the tokens.
  it.each([
    [
      '65-torpedo-homing-turn-mid-flight',
      ["weapon update: ship 0's torpedo, hex 1: t0@0,1", "weapon update: ship 0's torpedo, hex 2: t0@0,0", "weapon update: ship 0's torpedo, hex 3: "],
    ],
    [
      '66-torpedo-destroyed-over-projectile',
      ['weapon update: cannon tokens, hex 1: t0@0,2 p1@-2,1', 'weapon update: cannon tokens, hex 2: t0@0,2 p1@-1,1', 'weapon update: cannon tokens, hex 3: t0@0,2 p1@0,1', "weapon update: ship 0's torpedo, hex 1: p1@0,1"],
    ],
    [
      '61-projectiles-end-same-hex-and-crossing',
      [
        'weapon update: cannon tokens, hex 1: p0@0,1 p1@-3,0 p2@4,1 p3@4,0',
        'weapon update: cannon tokens, hex 2: p0@0,0 p1@-2,0 p2@4,0 p3@5,0',
        'weapon update: cannon tokens, hex 3: p0@0,0 p1@-1,0 p2@4,0 p3@6,0',
        'weapon update: cannon tokens, hex 4: p2@4,0 p3@6,0',
      ],
    ],
  ])('%s', (name, want) => {
    expect(weaponSteps(`test/scenarios/${name}.json`)).toEqual(want);
  });

  it('a hit or a loss in the update is marked in the step of the hex where it happens', () => {
    const { file, scenario } = loadScenario('test/scenarios/65-torpedo-homing-turn-mid-flight.json');
    const t = traceScenario(file, scenario, 'c');
    const hit = t.steps.find((st) => st.marks.some((m) => m.kind === 'damage'))!;
    expect(hit.label).toBe("weapon update: ship 0's torpedo, hex 3");
    expect(hit.events.map((e) => e.type)).toEqual(['token-hit', 'damage', 'weapon-step']);
  });
});

describe('corvette activations and point-defence shots are steps of their own', () => {
  it('a carrier against a gunner: each activation and each point-defence shot is one step, with its events', async () => {
    const { t } = await traced('duel', ['carrier', 'gunner'], 3, 8);
    const activations = t.steps.filter((s) => s.label.endsWith('corvette activation'));
    const shots = t.steps.filter((s) => s.label.endsWith('point-defence shot'));
    expect(activations.length).toBeGreaterThan(0);
    expect(shots.length).toBeGreaterThan(0);
    for (const st of activations) {
      const types = st.events.map((e) => e.type);
      expect(types.some((x) => ['corvette-option', 'launch', 'corvette-move', 'repair-corvette'].includes(x)), st.label).toBe(true);
      expect(types.filter((x) => x === 'corvette-option').length).toBeLessThanOrEqual(1);
    }
    for (const st of shots) {
      // One shot, from the point-defence source (SRC_POINT_DEFENCE = 2).
      expect(st.events.filter((e) => e.type === 'fire').map((e) => e.args[1])).toEqual([2]);
    }
  });
});
