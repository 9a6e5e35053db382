/**
 * Determinism (a match replays exactly from its seed; search bots clone a
 * state at any decision point and resume it). The same seed and policies give byte-identical
 * final states and identical event logs, whether the kernel and state are fresh or reused;
 * different seeds give different games; a state copied mid-round (at a pending decision)
 * and continued with the same answers ends exactly as the original.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel, D_ACTIVATE, D_COMMIT, D_DEFENCE, D_LAUNCH, D_P2E_DIR, D_SHIELD, D_VENT, DECISION_NAMES } from '../../src/rules/kernel.ts';
import { GameState, G_PLAYERS, MAX_ACTIONS, PHASE_COMMIT, STAT_SIZE, STATUS_ONGOING, STATUS_NAMES } from '../../src/rules/state.ts';
import { EventLog, EVENT_WIDTH } from '../../src/rules/events.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import type { DecisionContext, Policy, PolicyFactory } from '../../src/bot-api.ts';
import randomBot from '../../bots/random.ts';
import rammerBot from '../../bots/rammer.ts';

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const BOTS: Record<string, PolicyFactory> = { random: randomBot, rammer: rammerBot };

interface Played {
  bytes: Uint8Array;
  log: Int32Array;
  status: number;
  round: number;
}

function logOf(log: EventLog): Int32Array {
  expect(log.overflow).toBe(false);
  return log.data.slice(0, log.length * EVENT_WIDTH);
}

/** Play a whole duel with MatchRunner; `k` and `s` may be reused from earlier matches. */
function play(a: string, b: string, seed: number | string, k = new Kernel(t), s = new GameState()): Played {
  const log = new EventLog();
  k.log = log;
  k.setup(s, scenarioSetup(file, scenario, t, seed));
  new MatchRunner(k).play(s, [makePolicy(BOTS[a], {}, seed, 0), makePolicy(BOTS[b], {}, seed, 1)]);
  k.log = null;
  return { bytes: new Uint8Array(s.bytes), log: logOf(log), status: s.status, round: s.round };
}

const same = (x: Uint8Array | Int32Array, y: Uint8Array | Int32Array) => x.length === y.length && x.every((v, i) => v === y[i]);

describe('same seed and policies: byte-identical final states and identical event logs (duel)', () => {
  const rows = [
    { a: 'random', b: 'random', seed: 1 },
    { a: 'random', b: 'random', seed: 'x-42' },
    { a: 'rammer', b: 'rammer', seed: 7 },
    { a: 'random', b: 'rammer', seed: 3 },
    { a: 'rammer', b: 'random', seed: 11 },
  ];
  it.each(rows)('$a vs $b, seed $seed', ({ a, b, seed }) => {
    const first = play(a, b, seed);
    expect(first.status).not.toBe(STATUS_ONGOING);
    // Fresh kernel and state.
    const again = play(a, b, seed);
    expect(same(again.bytes, first.bytes)).toBe(true);
    expect(same(again.log, first.log)).toBe(true);
    // A kernel and a state that have just played other matches: no scratch or buffer leftovers matter.
    const k = new Kernel(t);
    const s = new GameState();
    play('random', 'rammer', 99, k, s);
    play('rammer', 'rammer', 98, k, s);
    const reused = play(a, b, seed, k, s);
    expect(same(reused.bytes, first.bytes)).toBe(true);
    expect(same(reused.log, first.log)).toBe(true);
  });
});

describe('different seeds give different games', () => {
  it('ten random-vs-random duels with seeds 0..9 are pairwise different (event logs and final states)', () => {
    const games = Array.from({ length: 10 }, (_, i) => play('random', 'random', i));
    for (let i = 0; i < games.length; i++)
      for (let j = i + 1; j < games.length; j++) {
        expect(same(games[i].log, games[j].log), `seeds ${i} and ${j} played the same game`).toBe(false);
        expect(same(games[i].bytes, games[j].bytes), `seeds ${i} and ${j} ended in the same state`).toBe(false);
      }
  });

  it('rammer-vs-rammer: the seed moves the starting positions, so seeds 0..9 do not all play one game', () => {
    const logs = Array.from({ length: 10 }, (_, i) => play('rammer', 'rammer', i).log);
    const distinct = new Set(logs.map((l) => Array.from(l).join(',')));
    expect(distinct.size).toBeGreaterThan(1);
  });
});

// ---------------------------------------------------------------------------------------

/** Answers one pending decision (lowest pending seat first) with the seat's policy. */
class Driver {
  readonly view = new GameState();
  readonly legal = new Int32Array(MAX_ACTIONS);
  constructor(
    readonly k: Kernel,
    readonly pols: Policy[],
  ) {}
  step(s: GameState): [number, number] {
    const p = s.pending & 1 ? 0 : 1;
    const count = this.k.legal(s, p, this.legal);
    this.k.view(s, p, this.view);
    const ctx: DecisionContext = { kernel: this.k, view: this.view, player: p, decision: s.decision, legal: this.legal, count };
    const a = this.pols[p].choose(ctx);
    this.k.submit(s, p, a);
    return [p, a];
  }
}

describe('a state cloned mid-match (new GameState().copyFrom(s)) and continued with the same answers ends exactly as the original', () => {
  const rows: { what: string; at: (s: GameState) => boolean }[] = [
    { what: 'Defence Stations option (D_DEFENCE)', at: (s) => s.decision === D_DEFENCE && s.round >= 2 },
    { what: 'shield placement with shields lifted off the ship (D_SHIELD)', at: (s) => s.decision === D_SHIELD && s.round >= 2 },
    { what: 'Vent Coolant target (D_VENT)', at: (s) => s.decision === D_VENT && s.round >= 2 },
    { what: 'Power to Engines direction after Vent Coolant (D_P2E_DIR)', at: (s) => s.decision === D_P2E_DIR },
    { what: 'a half-made commitment (one player committed, 7.1)', at: (s) => s.decision === D_COMMIT && s.phase === PHASE_COMMIT && s.pending === 0b10 && s.round >= 3 },
    { what: 'corvette launch (D_LAUNCH)', at: (s) => s.decision === D_LAUNCH && s.round >= 2 },
    { what: 'corvette activation (D_ACTIVATE)', at: (s) => s.decision === D_ACTIVATE && s.round >= 2 },
  ];
  it.each(rows)('at a $what', ({ at }) => {
    // Find the first random-vs-random duel (seed 0, 1, ...) that reaches such a decision.
    const k = new Kernel(t);
    const s = new GameState();
    let seed = 0;
    let found = false;
    let drv!: Driver;
    for (; seed < 300 && !found; seed++) {
      k.setup(s, scenarioSetup(file, scenario, t, seed));
      drv = new Driver(k, [makePolicy(randomBot, {}, seed, 0), makePolicy(randomBot, {}, seed, 1)]);
      while (s.status === STATUS_ONGOING) {
        if (at(s)) {
          found = true;
          break;
        }
        drv.step(s);
      }
    }
    expect(found, 'no seed reached the decision').toBe(true);
    const clone = new GameState().copyFrom(s);
    expect(same(clone.bytes, s.bytes)).toBe(true);
    const decision = DECISION_NAMES[s.decision];

    // The original goes on with its policies; record every answer and the events from here.
    const logA = new EventLog();
    k.log = logA;
    const answers: [number, number][] = [];
    while (s.status === STATUS_ONGOING) answers.push(drv.step(s));
    k.log = null;
    expect(answers.length).toBeGreaterThan(0);

    // The clone, on a different kernel (fresh scratch), given the same answers.
    const k2 = new Kernel(t);
    const logB = new EventLog();
    k2.log = logB;
    for (const [p, a] of answers) {
      expect((clone.pending >> p) & 1, `seat ${p} should be asked (${decision})`).toBe(1);
      k2.submit(clone, p, a);
    }
    expect(STATUS_NAMES[clone.status]).toBe(STATUS_NAMES[s.status]);
    expect(same(clone.bytes, s.bytes)).toBe(true);
    expect(same(logOf(logB), logOf(logA))).toBe(true);
  });
});

describe('copyFrom between states of different player counts gives the source byte for byte', () => {
  // copyFrom stops after the statistics of the last seat either state has (state.ts); the
  // rest is zero in both. Fill every seat's statistics of the destination first, as a
  // four-player match would, and copy two-player states over it and back.
  const duel = () => {
    const k = new Kernel(t);
    const s = k.setup(new GameState(), scenarioSetup(file, scenario, t, 7));
    new MatchRunner(k).play(s, [makePolicy(randomBot, {}, 7, 0), makePolicy(randomBot, {}, 7, 1)]);
    return s;
  };
  it.each([2, 3, 4])('over a state that had %i players', (n) => {
    const src = duel();
    expect(src.players).toBe(2);
    const dst = new GameState();
    dst.g[G_PLAYERS] = n;
    dst.stats.fill(0);
    for (let i = 0; i < n * STAT_SIZE; i++) dst.stats[i] = i + 1;
    dst.armour.fill(9);
    dst.copyFrom(src);
    expect(same(dst.bytes, src.bytes)).toBe(true);
    const fresh = new GameState().copyFrom(src);
    expect(same(fresh.bytes, src.bytes)).toBe(true);
    expect(same(src.clone().bytes, src.bytes)).toBe(true);
  });
});
