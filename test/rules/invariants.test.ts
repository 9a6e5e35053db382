/**
 * The kernel's invariant-checking mode (src/rules/invariants.ts) over
 * many duels: ships never overlap and stay on the board after each resolved step, token
 * totals are conserved (the token-supply texts), armour / structure / shields stay in range, mats
 * stay within their 4 + 2 slots (7.2), and each command card is in exactly one place. Every
 * match must end: victory, draw, or draw by the round limit (rulebook 3).
 *
 * One Kernel, one MatchRunner and one GameState serve every match (seed i for match i), as
 * the batch runner uses them. The end-of-match distribution is printed to the test output.
 * The negative tests plant violations to show the checker can fail.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel, encodeCommit, CARD_NONE, D_DEFENCE, DEF_FIRE } from '../../src/rules/kernel.ts';
import { enableInvariantChecks, invariantViolations, InvariantError } from '../../src/rules/invariants.ts';
import {
  GameState,
  ENGINE_NONE,
  G_SUPPLY_CW,
  G_SUPPLY_LINEAR,
  G_SUPPLY_SHIELDS,
  LIN_SLOTS,
  MAX_COOLDOWN,
  MAX_SECTIONS,
  STATUS_DRAW,
  STATUS_DRAW_LIMIT,
  STATUS_NAMES,
  STATUS_VICTORY,
} from '../../src/rules/state.ts';
import { Cmd, COMMAND_COUNT } from '../../src/rules/tables.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import type { PolicyFactory } from '../../src/bot-api.ts';
import randomBot from '../../bots/random.ts';
import rammerBot from '../../bots/rammer.ts';

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const BOTS: Record<string, PolicyFactory> = { random: randomBot, rammer: rammerBot };
const ENDED = new Set([STATUS_VICTORY, STATUS_DRAW, STATUS_DRAW_LIMIT]);
/** Every command card, in Cmd order (cooldown track positions are given per card). */
const ALL_CARDS = Array.from({ length: COMMAND_COUNT }, (_, c) => c);

// One kernel (checking mode on), one runner, one state for every match below.
const kernel = new Kernel(t);
enableInvariantChecks(kernel);
const runner = new MatchRunner(kernel);
const state = new GameState();

describe('invariant-checking mode over many duels: no violation, every match ends', () => {
  const batches = [
    { a: 'random', b: 'random', n: 1000 },
    { a: 'rammer', b: 'rammer', n: 200 },
    { a: 'random', b: 'rammer', n: 200 },
  ];
  it.each(batches)('$n $a-vs-$b duels (seed i for match i)', ({ a, b, n }) => {
    const ends: Record<string, number> = {};
    const violations: string[] = [];
    const notEnded: number[] = [];
    let rounds = 0;
    for (let i = 0; i < n; i++) {
      kernel.setup(state, scenarioSetup(file, scenario, t, i));
      try {
        runner.play(state, [makePolicy(BOTS[a], {}, i, 0), makePolicy(BOTS[b], {}, i, 1)]);
      } catch (e) {
        if (!(e instanceof InvariantError)) throw e;
        violations.push(`seed ${i}: ${e.message}`);
      }
      if (!ENDED.has(state.status)) notEnded.push(i);
      const key = state.status === STATUS_VICTORY ? `victory ${kernel.faction(state, state.winner).id}` : STATUS_NAMES[state.status];
      ends[key] = (ends[key] ?? 0) + 1;
      rounds += state.round;
    }
    const dist = Object.entries(ends)
      .sort()
      .map(([k, v]) => `${k} ${v} (${((100 * v) / n).toFixed(1)}%)`)
      .join(', ');
    console.log(`[invariants] ${a} (FPA, seat 0) vs ${b} (Lamais, seat 1), ${n} duels: ${dist}; mean rounds ${(rounds / n).toFixed(1)}; matches with an invariant violation: ${violations.length}`);
    if (violations.length) console.log(`[invariants] first violations:\n  ${violations.slice(0, 5).join('\n  ')}`);
    expect(notEnded, 'matches that did not end').toEqual([]);
    expect(violations).toEqual([]);
  });
});

describe('the checker catches planted violations (so the run above can fail)', () => {
  const plants: { what: string; plant: (s: GameState) => void; message: RegExp }[] = [
    { what: 'negative armour', plant: (s) => (s.armour[0] = -1), message: /ship 0 section 0 has negative armour -1/ },
    { what: 'armour above printed', plant: (s) => (s.armour[MAX_SECTIONS + 1] = 99), message: /ship 1 section 1 armour 99 above printed/ },
    { what: 'a linear token stolen from the supply', plant: (s) => s.g[G_SUPPLY_LINEAR]--, message: /linear momentum tokens: 7, expected 8/ },
    { what: 'a clockwise token conjured into the supply', plant: (s) => s.g[G_SUPPLY_CW]++, message: /clockwise tokens: 5, expected 4/ },
    { what: 'a shield placed without taking it from the supply', plant: (s) => (s.shields[0] = 1), message: /shield tokens: 9 in play, expected 8/ },
    { what: 'a shield taken from the supply and lost', plant: (s) => s.g[G_SUPPLY_SHIELDS]--, message: /shield tokens: 7 in play, expected 8/ },
    { what: 'structure above printed', plant: (s) => (s.structure[1] = 50), message: /ship 1 structure 50 out of range/ },
    { what: 'negative structure', plant: (s) => (s.structure[0] = -2), message: /ship 0 structure -2 out of range/ },
    {
      what: 'a fifth linear token',
      plant: (s) => {
        for (let i = 0; i < LIN_SLOTS; i++) s.lin[i] = 0;
        s.linCount[0] = 5;
      },
      message: /ship 0 has 5 linear tokens/,
    },
    { what: 'a card with no valid place', plant: (s) => (s.cardLoc[Cmd.FireMain] = 5), message: /ship 0 card 0 has location code 5/ },
    {
      what: 'ships overlapping',
      plant: (s) => {
        s.shipQ[1] = s.shipQ[0];
        s.shipR[1] = s.shipR[0];
      },
      message: /ships 0 and 1 overlap/,
    },
    { what: 'a ship off the board', plant: (s) => (s.shipR[0] = 20), message: /ship 0 is off the board/ },
  ];

  it('a freshly set-up duel has no violation', () => {
    const s = kernel.setup(new GameState(), scenarioSetup(file, scenario, t, 5));
    expect(invariantViolations(kernel, s)).toEqual([]);
  });

  it.each(plants)('invariantViolations names $what', ({ plant, message }) => {
    const s = kernel.setup(new GameState(), scenarioSetup(file, scenario, t, 5));
    plant(s);
    const v = invariantViolations(kernel, s);
    expect(v.length).toBeGreaterThan(0);
    expect(v.join('; ')).toMatch(message);
  });

  // The kernel checks after every movement step, once weapon tokens and corvettes have
  // moved (the end of the movement phase, 7.2.3-7.2.4), after every command and at the
  // cooldown phase. A fault planted at a decision point must be named at the next of these.
  // Only the cards named are in hand (the rest far down the track), so nothing else resolves.
  const stolen: { when: string; hands: [number[], number[]]; commit: [number, number]; answer?: number; where: string }[] = [
    {
      when: 'before the round; nothing moves, so the next step is the end of movement',
      hands: [[], []],
      commit: [encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0), encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0)],
      where: 'weapon and corvette moves',
    },
    {
      when: 'while Defence Stations waits for its option; the next step is that command',
      hands: [[Cmd.DefenceStations], []],
      commit: [encodeCommit(ENGINE_NONE, Cmd.DefenceStations, CARD_NONE, 0), encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0)],
      answer: DEF_FIRE,
      where: 'command',
    },
  ];
  it.each(stolen)('the checking mode throws an InvariantError at the next resolved step (a linear token stolen $when)', ({ hands, commit, answer, where }) => {
    const m = scenarioSetup(file, scenario, t, 5);
    for (const p of [0, 1]) m.ships[p].cooldown = ALL_CARDS.map((c) => (hands[p].includes(c) ? -1 : MAX_COOLDOWN));
    const s = kernel.setup(new GameState(), m);
    const thrown = (submit: () => void): unknown => {
      try {
        submit();
      } catch (e) {
        return e;
      }
      return null;
    };
    let err: unknown;
    if (answer === undefined) {
      s.g[G_SUPPLY_LINEAR]--;
      kernel.submit(s, 0, commit[0]);
      err = thrown(() => kernel.submit(s, 1, commit[1]));
    } else {
      kernel.submit(s, 0, commit[0]);
      kernel.submit(s, 1, commit[1]);
      expect(s.decision).toBe(D_DEFENCE);
      expect(invariantViolations(kernel, s)).toEqual([]);
      s.g[G_SUPPLY_LINEAR]--;
      err = thrown(() => kernel.submit(s, 0, answer));
    }
    expect(err).toBeInstanceOf(InvariantError);
    expect(String((err as Error).message)).toMatch(new RegExp(`^round 1, after ${where}: .*linear momentum tokens: 7, expected 8`));
  });

  it('the checking mode throws during movement when armour goes negative', () => {
    const m = scenarioSetup(file, scenario, t, 5);
    for (const ship of m.ships) ship.cooldown = ALL_CARDS.map(() => MAX_COOLDOWN);
    const s = kernel.setup(new GameState(), m);
    s.armour[MAX_SECTIONS * 1 + 2] = -1;
    // Ship 0 thrusts N and moves one hex: the first movement step is checked.
    kernel.submit(s, 0, encodeCommit(0, CARD_NONE, CARD_NONE, 0));
    expect(() => kernel.submit(s, 1, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0))).toThrow(/after movement step: .*ship 1 section 2 has negative armour -1/);
  });
});
