/**
 * Finite token supplies (rulebook component list: 8 shields, 8 linear, 4 CW, 4 CCW momentum
 * tokens, shared by the players) behave as the token-supply texts say:
 * star-token text (a gain from an empty pool grants nothing), command-token text (gains are capped by the
 * supply), ship-token text (gain / remove / transfer against a supply). Each test names the rule
 * text it checks. Expected values are worked out by hand from those texts.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { gainToken, thrust, THRUST_ADDED, THRUST_NO_SUPPLY, THRUST_RESULT_NAMES } from '../../src/rules/momentum.ts';
import { hitSection } from '../../src/rules/damage.ts';
import { Kernel, encodeCommit, CARD_NONE, D_COMMIT, D_DEFENCE, D_SHIELD, DEF_SHIELDS, type MatchSetup } from '../../src/rules/kernel.ts';
import { invariantViolations } from '../../src/rules/invariants.ts';
import {
  GameState,
  G_PLAYERS,
  G_SUPPLY_CCW,
  G_SUPPLY_CW,
  G_SUPPLY_LINEAR,
  G_SUPPLY_SHIELDS,
  LIN_SLOTS,
  ROT_SLOTS,
  MAX_SECTIONS,
  MAX_ACTIONS,
  MAX_COOLDOWN,
  TOK_CCW,
  TOK_CW,
  TOK_NONE,
  ENGINE_NONE,
  STATUS_ONGOING,
  ST_SHIELDS_GAINED,
  ST_THRUSTS_IGNORED,
  ST_SHIELDS_ABSORBED,
} from '../../src/rules/state.ts';
import { Cmd, COMMAND_COUNT, type GameTables } from '../../src/rules/tables.ts';
import { EventLog, EV_GAIN_SHIELDS, EV_SHIELD, EVENT_WIDTH } from '../../src/rules/events.ts';
import { loadGameTables } from '../../src/content/load.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import type { DecisionContext } from '../../src/bot-api.ts';
import randomBot from '../../bots/random.ts';

const N = 0;
const NE = 1;
const S = 3;
const CW = TOK_CW;
const CCW = TOK_CCW;

const Q_000 = 'star-token text "should the common star token pool run out, no further star tokens can be gained ... Actions that normally grant star tokens will instead grant nothing"';
const Q_002 = 'command-token text "If a player would gain a command token but has none available in their reinforcements, that player cannot gain that command token"';
const Q_003_GAIN = 'ship-token text "When a ship is instructed to gain a token, a token from the supply is placed in the play area next to the ship"';
const Q_003_REMOVE = 'ship-token text "there is an instruction to remove a token from a ship, a token of that type is returned from that ship to the supply"';
const Q_003_TRANSFER = 'ship-token text "If a ship involved in a transfer is not able to remove or gain the token involved, the transfer cannot take place"';

/** Cooldown track positions (Cmd order; -1 = in hand): every card at 9, so the hand is empty. */
const ALL_AWAY = Array.from({ length: COMMAND_COUNT }, () => MAX_COOLDOWN);
/** Only Defence Stations in hand. */
const ONLY_DEFENCE = ALL_AWAY.map((pos, c) => (c === Cmd.DefenceStations ? -1 : pos));

function matState(lin: number[], rot: number[], linear: number, cw: number, ccw: number): GameState {
  const s = new GameState();
  s.g[G_PLAYERS] = 2;
  s.lin.fill(TOK_NONE);
  s.rot.fill(TOK_NONE);
  lin.forEach((t, i) => (s.lin[i] = t));
  rot.forEach((t, i) => (s.rot[i] = t));
  s.linCount[0] = lin.length;
  s.rotCount[0] = rot.length;
  s.g[G_SUPPLY_LINEAR] = linear;
  s.g[G_SUPPLY_CW] = cw;
  s.g[G_SUPPLY_CCW] = ccw;
  return s;
}
const linOf = (s: GameState, p: number) => Array.from(s.lin.subarray(p * LIN_SLOTS, p * LIN_SLOTS + s.linCount[p]));
const rotOf = (s: GameState, p: number) => Array.from(s.rot.subarray(p * ROT_SLOTS, p * ROT_SLOTS + s.rotCount[p]));

// ---------------------------------------------------------------------------------------

describe(`${Q_000}: momentum thrust`, () => {
  it.each([
    { why: 'a linear thrust that would add, with no linear token left, adds nothing', lin: [N], rot: [], t: NE, linear: 0, cw: 4, ccw: 4 },
    { why: 'a linear thrust onto an empty mat with no linear token left adds nothing', lin: [], rot: [], t: S, linear: 0, cw: 4, ccw: 4 },
    { why: 'a clockwise thrust with no clockwise token left adds nothing', lin: [N], rot: [], t: CW, linear: 7, cw: 0, ccw: 4 },
    { why: 'a counter-clockwise thrust with no CCW token left adds nothing', lin: [], rot: [CCW], t: CCW, linear: 8, cw: 4, ccw: 0 },
  ])('$why', ({ lin, rot, t, linear, cw, ccw }) => {
    const s = matState(lin, rot, linear, cw, ccw);
    const before = new Uint8Array(s.bytes);
    const r = thrust(s, 0, t);
    expect(THRUST_RESULT_NAMES[r]).toBe(THRUST_RESULT_NAMES[THRUST_NO_SUPPLY]);
    // Nothing changes at all: mat, supplies, every other byte.
    expect(linOf(s, 0)).toEqual(lin);
    expect(rotOf(s, 0)).toEqual(rot);
    expect(s.bytes).toEqual(before);
  });

  it('the same thrust adds once a token is back in the supply ("until the common pool is replenished")', () => {
    const s = matState([N], [], 0, 4, 4);
    expect(thrust(s, 0, NE)).toBe(THRUST_NO_SUPPLY);
    s.g[G_SUPPLY_LINEAR] = 1;
    expect(thrust(s, 0, NE)).toBe(THRUST_ADDED);
    expect(linOf(s, 0)).toEqual([N, NE]);
    expect(s.g[G_SUPPLY_LINEAR]).toBe(0);
  });
});

describe(`${Q_000}: engines revealed together (seat order from the round's initiative player)`, () => {
  const { file, scenario } = loadScenario('duel');
  // A box with 7 linear tokens: 3 on each mat leave exactly one in the supply.
  const rows = [
    { why: 'round 1: seat 0 has the initiative and takes the last linear token', tieRule: 'rotate' as const, warmup: false, winner: 0 },
    { why: 'round 2: seat 1 has the initiative (tieRule rotate) and takes it', tieRule: 'rotate' as const, warmup: true, winner: 1 },
    { why: 'round 2 with tieRule seat: seat 0 still thrusts first and takes it', tieRule: 'seat' as const, warmup: true, winner: 0 },
  ];
  it.each(rows)('$why; the other thrust grants nothing', ({ tieRule, warmup, winner }) => {
    const base = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
    const t: GameTables = { ...base, supplies: { ...base.supplies, linear: 7 }, rules: { ...base.rules, tieRule } };
    const k = new Kernel(t);
    const m = scenarioSetup(file, scenario, t, 0);
    // Far apart (q -4 and q 4), flying past each other: no collision in two rounds.
    // Only the engines matter: every command card is far down the track, so both hands stay
    // empty for two rounds and each ship commits its engine alone.
    Object.assign(m.ships[0], { q: -4, r: 6, momentum: [N, N, N], cooldown: ALL_AWAY });
    Object.assign(m.ships[1], { q: 4, r: -6, momentum: [S, S, S], cooldown: ALL_AWAY });
    const s = k.setup(new GameState(), m);
    expect(s.g[G_SUPPLY_LINEAR]).toBe(1);
    if (warmup) {
      k.submit(s, 0, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
      k.submit(s, 1, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
      expect(s.round).toBe(2);
    }
    // Both thrust along their momentum: each would add a fourth token.
    k.submit(s, 0, encodeCommit(N, CARD_NONE, CARD_NONE, 0));
    k.submit(s, 1, encodeCommit(S, CARD_NONE, CARD_NONE, 0));
    expect(s.status).toBe(STATUS_ONGOING);
    const loser = 1 - winner;
    expect(s.linCount[winner]).toBe(4);
    expect(s.linCount[loser]).toBe(3);
    expect(s.g[G_SUPPLY_LINEAR]).toBe(0);
    expect(s.stat(winner, ST_THRUSTS_IGNORED)).toBe(0);
    expect(s.stat(loser, ST_THRUSTS_IGNORED)).toBe(1);
    expect(invariantViolations(k, s)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------

describe(`${Q_000} / ${Q_002}: Defence Stations shields (10.1.4,) gain only what the supply holds`, () => {
  const { file, scenario } = loadScenario('duel');
  const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
  const k = new Kernel(t);
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  // FPA: 5 sections, at most 2 shields per section and 5 on the ship; Lamais: 4 sections, 2 / 4.
  const rows = [
    { why: 'a full supply: the card gains its two shields', fpa: [0, 0, 0, 0, 0], lamais: [0, 0, 0, 0], gained: 2 },
    { why: 'the last two shields in the supply: both gained', fpa: [1, 1, 0, 0, 0], lamais: [2, 2, 0, 0], gained: 2 },
    { why: 'one shield left in the supply: only one gained (room for two)', fpa: [1, 1, 1, 0, 0], lamais: [2, 2, 0, 0], gained: 1 },
    { why: 'an empty supply: nothing gained (room for one)', fpa: [2, 2, 0, 0, 0], lamais: [2, 1, 1, 0], gained: 0 },
    { why: 'an empty supply and a full ship: nothing gained', fpa: [2, 2, 1, 0, 0], lamais: [1, 1, 1, 0], gained: 0 },
    { why: 'plenty in the supply but room for one on the ship: one gained (4.1.1 total capacity)', fpa: [2, 1, 1, 0, 0], lamais: [0, 0, 0, 0], gained: 1 },
  ];
  it.each(rows)('$why', ({ fpa, lamais, gained }) => {
    const m: MatchSetup = scenarioSetup(file, scenario, t, 1);
    m.ships[0].shields = fpa;
    m.ships[1].shields = lamais;
    // FPA holds Defence Stations alone; Lamais holds nothing (every other card far down the track).
    m.ships[0].cooldown = ONLY_DEFENCE;
    m.ships[1].cooldown = ALL_AWAY;
    const log = new EventLog(4096);
    k.log = log;
    try {
      const s = k.setup(new GameState(), m);
      const supplyBefore = 8 - sum(fpa) - sum(lamais);
      expect(s.g[G_SUPPLY_SHIELDS]).toBe(supplyBefore);
      k.submit(s, 0, encodeCommit(ENGINE_NONE, Cmd.DefenceStations, CARD_NONE, 0));
      k.submit(s, 1, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
      // Defence Stations, the only command of the round, resolves in slot 1 and asks its option.
      expect(s.decision).toBe(D_DEFENCE);
      expect(s.pending).toBe(1);
      k.submit(s, 0, DEF_SHIELDS);
      // Every shield on the ship is lifted and placed again in one arrangement (5 sections, 2 each: always a choice).
      const lifted = sum(fpa) + gained;
      const buf = new Int32Array(MAX_ACTIONS);
      expect(s.decision).toBe(D_SHIELD);
      expect(s.pending).toBe(1);
      const n = k.legal(s, 0, buf);
      k.submit(s, 0, buf[n - 1]); // the most on the stern: a different spread from before
      let placed = 0;
      for (let i = 0; i < log.length; i++) if (log.data[i * EVENT_WIDTH] === EV_SHIELD) placed++;
      expect(placed).toBe(lifted);
      expect(s.round).toBe(2);
      expect(s.decision).toBe(D_COMMIT);
      let onShip = 0;
      for (let sec = 0; sec < 5; sec++) onShip += s.shields[sec];
      expect(onShip).toBe(sum(fpa) + gained);
      expect(s.g[G_SUPPLY_SHIELDS]).toBe(supplyBefore - gained);
      expect(s.stat(0, ST_SHIELDS_GAINED)).toBe(gained);
      for (let sec = 0; sec < 4; sec++) expect(s.shields[MAX_SECTIONS + sec]).toBe(lamais[sec]);
      const gains: number[] = [];
      for (let i = 0; i < log.length; i++) if (log.data[i * EVENT_WIDTH] === EV_GAIN_SHIELDS) gains.push(log.data[i * EVENT_WIDTH + 2]);
      expect(gains).toEqual([gained]);
      expect(invariantViolations(k, s)).toEqual([]);
    } finally {
      k.log = null;
    }
  });

  it('both ships call for shields with one left: the first in command order (7.3: equal priority, lower point-defence tie-breaker: Lamais 2 < FPA 3) takes it, the other gains nothing', () => {
    const m = scenarioSetup(file, scenario, t, 1);
    m.ships[0].shields = [2, 2, 0, 0, 0]; // room for 1
    m.ships[1].shields = [1, 1, 1, 0]; // room for 1
    // Each ship holds Defence Stations alone: no other command resolves this round.
    m.ships[0].cooldown = ONLY_DEFENCE;
    m.ships[1].cooldown = ONLY_DEFENCE;
    const s = k.setup(new GameState(), m);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(1);
    k.submit(s, 0, encodeCommit(ENGINE_NONE, Cmd.DefenceStations, CARD_NONE, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, Cmd.DefenceStations, CARD_NONE, 0));
    const buf = new Int32Array(MAX_ACTIONS);
    const order: number[] = [];
    while (s.round === 1) {
      const p = s.pending === 1 ? 0 : 1;
      if (s.decision === D_DEFENCE) {
        order.push(p);
        k.submit(s, p, DEF_SHIELDS);
      } else {
        expect(s.decision).toBe(D_SHIELD);
        k.legal(s, p, buf);
        k.submit(s, p, buf[0]);
      }
    }
    expect(order).toEqual([1, 0]);
    expect(s.stat(1, ST_SHIELDS_GAINED)).toBe(1);
    expect(s.stat(0, ST_SHIELDS_GAINED)).toBe(0);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(0);
    expect(invariantViolations(k, s)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------

describe(`${Q_003_REMOVE}: shields knocked off by damage (4.1.1)`, () => {
  const t = loadGameTables({ configDir: FIXTURE_CONFIG_DIR });
  it.each([
    { hit: 1, shields: 2, back: 1 },
    { hit: 2, shields: 2, back: 2 },
    { hit: 5, shields: 2, back: 2 },
    { hit: 3, shields: 1, back: 1 },
    { hit: 4, shields: 0, back: 0 },
  ])('a hit of $hit on a section with $shields shields returns $back to the supply', ({ hit, shields, back }) => {
    const s = new GameState();
    s.g[G_PLAYERS] = 2;
    s.structure[1] = 10;
    s.armour[MAX_SECTIONS + 1] = 3;
    s.shields[MAX_SECTIONS + 1] = shields;
    s.shields[MAX_SECTIONS + 2] = 2;
    s.g[G_SUPPLY_SHIELDS] = 8 - shields - 2;
    hitSection(t, s, 1, 1, hit, null);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(8 - shields - 2 + back);
    expect(s.shields[MAX_SECTIONS + 1]).toBe(shields - back);
    expect(s.shields[MAX_SECTIONS + 2]).toBe(2);
    expect(s.stat(1, ST_SHIELDS_ABSORBED)).toBe(back);
    // Total shield tokens still 8.
    expect(s.g[G_SUPPLY_SHIELDS] + s.shields[MAX_SECTIONS + 1] + s.shields[MAX_SECTIONS + 2]).toBe(8);
  });
});

describe(`${Q_003_GAIN} / ${Q_003_TRANSFER} / ${Q_000}: gainToken (collision results, 12 steps 4-5)`, () => {
  const rows = [
    { why: 'room on the mat and a token in the supply: gained in the next slot, no cancelling', lin: [N], rot: [], t: S, sup: [7, 4, 4], ok: true, linAfter: [N, S], rotAfter: [] },
    { why: 'a rotation into an empty rotational mat', lin: [N], rot: [], t: CCW, sup: [7, 4, 4], ok: true, linAfter: [N], rotAfter: [CCW] },
    { why: 'a rotation next to the opposite one: both kept (a gain never cancels)', lin: [], rot: [CW], t: CCW, sup: [8, 3, 4], ok: true, linAfter: [], rotAfter: [CW, CCW] },
    { why: 'the mat cannot take it (4 linear): transfer does not take place, supply unchanged', lin: [N, N, NE, S], rot: [], t: S, sup: [4, 4, 4], ok: false, linAfter: [N, N, NE, S], rotAfter: [] },
    { why: 'the mat cannot take it (2 rotational): transfer does not take place', lin: [], rot: [CW, CW], t: CW, sup: [8, 2, 4], ok: false, linAfter: [], rotAfter: [CW, CW] },
    { why: 'full mat and empty supply: nothing happens', lin: [N, N, N, N], rot: [], t: N, sup: [0, 4, 4], ok: false, linAfter: [N, N, N, N], rotAfter: [] },
    { why: 'the supply cannot give it (no linear token): nothing gained', lin: [N], rot: [], t: S, sup: [0, 4, 4], ok: false, linAfter: [N], rotAfter: [] },
    { why: 'the supply cannot give it (no CW token): nothing gained', lin: [], rot: [], t: CW, sup: [8, 0, 4], ok: false, linAfter: [], rotAfter: [] },
    { why: 'an empty CW supply does not block a CCW gain', lin: [], rot: [], t: CCW, sup: [8, 0, 4], ok: true, linAfter: [], rotAfter: [CCW] },
  ];
  it.each(rows)('$why', ({ lin, rot, t, sup, ok, linAfter, rotAfter }) => {
    const s = matState(lin, rot, sup[0], sup[1], sup[2]);
    const before = new Uint8Array(s.bytes);
    expect(gainToken(s, 0, t)).toBe(ok);
    expect(linOf(s, 0)).toEqual(linAfter);
    expect(rotOf(s, 0)).toEqual(rotAfter);
    const field = t === CW ? G_SUPPLY_CW : t === CCW ? G_SUPPLY_CCW : G_SUPPLY_LINEAR;
    const idx = t === CW ? 1 : t === CCW ? 2 : 0;
    expect(s.g[field]).toBe(sup[idx] - (ok ? 1 : 0));
    if (!ok) expect(s.bytes, 'a failed gain changes nothing').toEqual(before);
    // Player 1's mat is untouched.
    expect(s.linCount[1]).toBe(0);
    expect(s.rotCount[1]).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------

describe('the token-supply texts: token totals are conserved at every decision of many random matches (invariantViolations)', () => {
  it('120 random-vs-random duels: supply + mats + ships (+ shields in hand) = 8 / 8 / 4 / 4 at every decision point', () => {
    const { file, scenario } = loadScenario('duel');
    const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
    const k = new Kernel(t);
    const s = new GameState();
    const view = new GameState();
    const legal = new Int32Array(MAX_ACTIONS);
    const bad: string[] = [];
    let checks = 0;
    const totalsOf = () => {
      let shields = s.g[G_SUPPLY_SHIELDS] + k.shieldsInHand(s);
      let linear = s.g[G_SUPPLY_LINEAR];
      let cw = s.g[G_SUPPLY_CW];
      let ccw = s.g[G_SUPPLY_CCW];
      for (let p = 0; p < 2; p++) {
        for (let sec = 0; sec < MAX_SECTIONS; sec++) shields += s.shields[p * MAX_SECTIONS + sec];
        linear += s.linCount[p];
        for (const r of rotOf(s, p)) r === CW ? cw++ : ccw++;
      }
      return [shields, linear, cw, ccw];
    };
    for (let seed = 0; seed < 120; seed++) {
      k.setup(s, scenarioSetup(file, scenario, t, seed));
      const pol = [makePolicy(randomBot, {}, seed, 0), makePolicy(randomBot, {}, seed, 1)];
      const check = (where: string) => {
        checks++;
        const tot = totalsOf();
        if (tot.join() !== '8,8,4,4') bad.push(`seed ${seed} round ${s.round} ${where}: totals ${tot.join('/')}`);
        for (const v of invariantViolations(k, s)) if (/tokens/.test(v)) bad.push(`seed ${seed} round ${s.round} ${where}: ${v}`);
      };
      check('setup');
      while (s.status === STATUS_ONGOING) {
        for (let p = 0; p < 2; p++) {
          if (((s.pending >> p) & 1) === 0 || s.status !== STATUS_ONGOING) continue;
          const count = k.legal(s, p, legal);
          k.view(s, p, view);
          const ctx: DecisionContext = { kernel: k, view, player: p, decision: s.decision, legal, count };
          k.submit(s, p, pol[p].choose(ctx));
          check(`after a decision of ${p}`);
        }
      }
    }
    expect(checks).toBeGreaterThan(1000);
    expect(bad.slice(0, 10)).toEqual([]);
  });
});
