/**
 * The decision interface of the kernel (rulebook 7.1, 7.3, 10.1.4-10.1.6;
 * interpretations 8, 10-12, 15, 18): the commitment action space and its encoding, who may
 * answer what, simultaneous commitment, and what a player's view hides.
 *
 * Counts are worked out by hand: a commitment is one of 10 engine settings (7.2.1) and an
 * ordered pair of distinct hand cards (7.1: "two Commands ... the order is important"),
 * times 6 directions when Power to Engines is among them (10.1.6: direction chosen face
 * down). Full hand of 8: 8*7 = 56 ordered pairs, 7 + 7 = 14 contain
 * Power to Engines, so 10 * (42 + 14*6) = 1260.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import {
  Kernel,
  encodeCommit,
  commitEngine,
  commitFirst,
  commitSecond,
  commitDir,
  encodeShields,
  CARD_NONE,
  D_COMMIT,
  D_DEFENCE,
  D_P2E_DIR,
  D_SHIELD,
  D_VENT,
  DEF_FIRE,
  DEF_HOLD,
  DEF_SHIELDS,
  VENT_NONE,
  type MatchSetup,
} from '../../src/rules/kernel.ts';
import {
  GameState,
  CARDS,
  ENGINE_NONE,
  ENGINE_SETTINGS,
  LOC_COMMITTED,
  LOC_HAND,
  LOC_RESOLVING,
  LOC_TRACK,
  MAX_ACTIONS,
  MAX_COOLDOWN,
  PHASE_ACTION,
  PHASE_COMMIT,
  STATUS_ONGOING,
  ST_CARD_PLAYS,
  ST_COMMANDS_PLAYED,
  ST_VENTS,
  G_PENDING,
} from '../../src/rules/state.ts';
import { Cmd, COMMAND_IDS } from '../../src/rules/tables.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const k = new Kernel(t);
const buf = new Int32Array(MAX_ACTIONS);

const N = 0;
const NE = 1;
const SE = 2;
const S = 3;
const FM = Cmd.FireMain;
const PB = Cmd.PortBroadside;
const SB = Cmd.StarboardBroadside;
const CV = Cmd.Corvettes;
const DS = Cmd.DefenceStations;
const VC = Cmd.VentCoolant;
const P2E = Cmd.PowerToEngines;
const SP = Cmd.SpecialAbility;
const ALL = [FM, PB, SB, CV, DS, VC, P2E, SP];

/** A duel (seed 0) with each ship's hand as given; the other cards are on the cooldown track at `away`. */
function duel(hands?: [number[], number[]], away = 2, ready?: [number[], number[]]): GameState {
  const m: MatchSetup = scenarioSetup(file, scenario, t, 0);
  for (let p = 0; p < 2; p++) {
    if (!hands && !ready) continue;
    const hand = hands ? hands[p] : ALL;
    m.ships[p].cooldown = ALL.map((c) => (ready?.[p].includes(c) ? 0 : hand.includes(c) ? -1 : away));
  }
  return k.setup(new GameState(), m);
}
function legalOf(s: GameState, p: number): number[] {
  const n = k.legal(s, p, buf);
  return Array.from(buf.subarray(0, n));
}
const names = (cards: number[]) => cards.map((c) => COMMAND_IDS[c]).join(', ') || 'nothing';

/** The legal commitments for a hand, generated straight from 7.1 / 7.2.1 / 10.1.6 (sorted). */
function expectedCommits(hand: number[]): number[] {
  const out: number[] = [];
  const dirs = (a: number, b: number) => (a === P2E || b === P2E ? [0, 1, 2, 3, 4, 5] : [0]);
  for (let e = 0; e < 10; e++) {
    if (hand.length === 0) out.push(encodeCommit(e, CARD_NONE, CARD_NONE, 0));
    else if (hand.length === 1) for (const d of dirs(hand[0], CARD_NONE)) out.push(encodeCommit(e, hand[0], CARD_NONE, d));
    else
      for (const a of hand)
        for (const b of hand) {
          if (a === b) continue;
          for (const d of dirs(a, b)) out.push(encodeCommit(e, a, b, d));
        }
  }
  return out.sort((x, y) => x - y);
}

// ---------------------------------------------------------------------------------------

describe('commitment encoding (decisions are integers)', () => {
  it.each([
    { e: 0, a: 0, b: 0, d: 0, id: 0 },
    { e: 0, a: 0, b: 0, d: 1, id: 1 },
    { e: 0, a: 0, b: 1, d: 0, id: 6 },
    { e: 0, a: 1, b: 0, d: 0, id: 54 },
    { e: 1, a: 0, b: 0, d: 0, id: 486 },
    { e: 6, a: 6, b: 4, d: 3, id: 3267 },
    { e: 9, a: 8, b: 8, d: 5, id: 4859 },
  ])('encodeCommit($e, $a, $b, $d) = $id = ((e*9 + first)*9 + second)*6 + dir', ({ e, a, b, d, id }) => {
    expect(encodeCommit(e, a, b, d)).toBe(id);
    expect([commitEngine(id), commitFirst(id), commitSecond(id), commitDir(id)]).toEqual([e, a, b, d]);
  });

  it('every (engine, first, second, direction) round-trips, ids are distinct and below MAX_ACTIONS', () => {
    const seen = new Set<number>();
    for (let e = 0; e < ENGINE_SETTINGS; e++)
      for (let a = 0; a <= CARD_NONE; a++)
        for (let b = 0; b <= CARD_NONE; b++)
          for (let d = 0; d < 6; d++) {
            const id = encodeCommit(e, a, b, d);
            expect(id).toBeGreaterThanOrEqual(0);
            expect(id).toBeLessThan(MAX_ACTIONS);
            if (commitEngine(id) !== e || commitFirst(id) !== a || commitSecond(id) !== b || commitDir(id) !== d) throw new Error(`id ${id} does not round-trip`);
            seen.add(id);
          }
    expect(seen.size).toBe(MAX_ACTIONS);
    expect(MAX_ACTIONS).toBe(10 * 9 * 9 * 6);
    expect(CARD_NONE).toBe(CARDS);
  });
});

describe('legal commitments (7.1, 7.2.1, 10.1.6: a short hand commits what it has)', () => {
  const rows = [
    { hand: ALL, count: 1260, why: 'full hand: 10 * (42 + 14*6)' },
    { hand: [FM, PB, SB, CV, DS, VC, SP], count: 420, why: 'seven cards, Power to Engines away: 10 * 7*6' },
    { hand: [FM, PB, SB, CV, DS, VC, P2E], count: 1020, why: 'seven cards with Power to Engines: 10 * (30 + 12*6)' },
    { hand: [FM, PB, SB], count: 60, why: 'three cards: 10 * 6 ordered pairs' },
    { hand: [FM, PB, P2E], count: 260, why: 'three cards with Power to Engines: 10 * (2 + 4*6)' },
    { hand: [DS, VC], count: 20, why: 'two cards: 10 * 2 orders' },
    { hand: [FM, P2E], count: 120, why: 'two cards with Power to Engines: 10 * 2*6' },
    { hand: [FM], count: 10, why: 'one card: 10 engines * (that card + an empty slot)' },
    { hand: [P2E], count: 60, why: 'Power to Engines alone: 10 * 6 directions' },
    { hand: [], count: 10, why: 'no card: the engine alone' },
  ];
  it.each(rows.map((r) => ({ ...r, n: r.hand.length })))('$n cards in hand: $count commitments ($why)', ({ hand, count }) => {
    const s = duel([hand, ALL]);
    for (const p of [0, 1]) {
      const got = legalOf(s, p).sort((x, y) => x - y);
      const want = expectedCommits(p === 0 ? hand : ALL);
      expect(got.length).toBe(p === 0 ? count : 1260);
      expect(new Set(got).size).toBe(got.length);
      expect(got).toEqual(want);
    }
    // submit() decides legality by decoding (Kernel.isLegal): it must agree with the list on every id.
    const listed = new Set(expectedCommits(hand));
    const wrong: number[] = [];
    for (let a = -2; a < MAX_ACTIONS + 2; a++) if (k.isLegal(s, 0, a) !== listed.has(a)) wrong.push(a);
    expect(wrong).toEqual([]);
    expect(k.isLegal(s, 0, 0.5)).toBe(false);
    expect(k.isLegal(s, 0, Number.NaN)).toBe(false);
  });

  it('every listed commitment of a full hand is accepted and recorded as decoded (engine, slot 1, slot 2, direction)', () => {
    const s0 = duel();
    const s = new GameState();
    for (const a of legalOf(s0, 0)) {
      s.copyFrom(s0);
      k.submit(s, 0, a);
      const first = commitFirst(a);
      const second = commitSecond(a);
      const ok =
        s.engine[0] === commitEngine(a) &&
        s.committed[0] === first &&
        s.committed[1] === second &&
        s.cardLoc[first] === LOC_COMMITTED &&
        s.cardLoc[second] === LOC_COMMITTED &&
        s.p2eDir[0] === (first === P2E || second === P2E ? commitDir(a) : -1) &&
        s.pending === 0b10;
      if (!ok) throw new Error(`commitment ${a} recorded wrongly`);
    }
  });

  it.each(
    [
      { hand: [FM], first: FM, dir: 0 },
      { hand: [P2E], first: P2E, dir: SE },
      { hand: [], first: CARD_NONE, dir: 0 },
    ].map((r) => ({ ...r, cards: names(r.hand) })),
  )('a hand of $cards commits one command (or none) and leaves an empty slot; only that command resolves', ({ hand, first, dir }) => {
    const s = duel([hand, ALL]);
    k.submit(s, 0, encodeCommit(ENGINE_NONE, first, CARD_NONE, dir));
    expect(s.committed[0]).toBe(first === CARD_NONE ? -1 : first);
    expect(s.committed[1]).toBe(-1);
    if (first !== CARD_NONE) expect(s.cardLoc[first]).toBe(LOC_COMMITTED);
    // Lamais plays two commands that change nothing: Vent Coolant with an empty track (the
    // only answer, none, is taken unasked), then Defence Stations firing
    // point defence with no enemy corvette or torpedo in reach (10.1.4, 9.2.1).
    k.submit(s, 1, encodeCommit(ENGINE_NONE, VC, DS, 0));
    expect(s.decision).toBe(D_DEFENCE);
    expect(s.pending).toBe(0b10);
    k.submit(s, 1, DEF_FIRE);
    expect(s.round).toBe(2);
    expect(s.stat(0, ST_COMMANDS_PLAYED)).toBe(first === CARD_NONE ? 0 : 1);
    if (first !== CARD_NONE) expect(s.stat(0, ST_CARD_PLAYS + first)).toBe(1);
    expect(s.stat(1, ST_COMMANDS_PLAYED)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------

describe('illegal answers throw and change nothing (callers adjudicate)', () => {
  const commitRows = [
    { why: 'the same card in both slots', a: encodeCommit(0, FM, FM, 0) },
    { why: 'a card that is on the cooldown track', a: encodeCommit(0, FM, SP, 0) },
    { why: 'an empty slot with two or more cards in hand (7.1: two Commands)', a: encodeCommit(0, FM, CARD_NONE, 0) },
    { why: 'two empty slots with a full hand', a: encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0) },
    { why: 'a direction without Power to Engines', a: encodeCommit(0, FM, PB, 3) },
    { why: 'an engine setting beyond the ten on the card', a: encodeCommit(0, FM, PB, 0) + 10 * 486 },
    { why: 'a negative id', a: -1 },
  ];
  it.each(commitRows)('commitment: $why', ({ a }) => {
    const s = duel([[FM, PB, SB, CV, DS, VC, P2E], ALL]);
    const before = new Uint8Array(s.bytes);
    expect(() => k.submit(s, 0, a)).toThrow(/illegal action/);
    expect(s.bytes).toEqual(before);
  });

  it('a player with nothing pending cannot answer and has 0 legal actions', () => {
    const s = duel();
    k.submit(s, 0, encodeCommit(N, FM, PB, 0));
    const before = new Uint8Array(s.bytes);
    expect(legalOf(s, 0)).toEqual([]);
    expect(() => k.submit(s, 0, encodeCommit(N, FM, PB, 0))).toThrow(/no pending decision/);
    expect(() => k.submit(s, 2, 0)).toThrow(/no pending decision/);
    expect(s.bytes).toEqual(before);
    expect(legalOf(s, 1)).toHaveLength(1260);
  });

  it('mid-round (Defence Stations, 10.1.4): the opponent has 0 legal actions; out-of-range options throw', () => {
    const s = duel();
    k.submit(s, 0, encodeCommit(ENGINE_NONE, DS, FM, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, FM, PB, 0));
    expect(s.decision).toBe(D_DEFENCE);
    expect(legalOf(s, 0)).toEqual([DEF_FIRE, DEF_HOLD, DEF_SHIELDS]);
    expect(legalOf(s, 1)).toEqual([]);
    const before = new Uint8Array(s.bytes);
    expect(() => k.submit(s, 0, 3)).toThrow(/illegal action/);
    expect(() => k.submit(s, 0, -1)).toThrow(/illegal action/);
    expect(() => k.submit(s, 1, DEF_FIRE)).toThrow(/no pending decision/);
    expect(s.bytes).toEqual(before);
    k.submit(s, 0, DEF_SHIELDS);
    expect(s.decision).toBe(D_SHIELD);
    // FPA: 5 sections, none holding shields, 2 gained: every way to put 2 on 5 sections, at most 2 each.
    const arrangements = legalOf(s, 0);
    expect(arrangements).toHaveLength(15);
    expect(arrangements[0]).toBe(encodeShields([2, 0, 0, 0, 0]));
    expect(arrangements[14]).toBe(encodeShields([0, 0, 0, 0, 2]));
    expect(() => k.submit(s, 0, encodeShields([1, 0, 0, 0, 0]))).toThrow(/illegal action/); // one short
    expect(() => k.submit(s, 0, encodeShields([0, 0, 0, 0, 0, 2]))).toThrow(/illegal action/); // no sixth section
  });

  it('Vent Coolant (10.1.5): only cards on the own track or nothing; a vented Defence Stations cannot be held', () => {
    // FPA has Defence Stations on Ready and Fire Main at 2 on the track.
    const m = scenarioSetup(file, scenario, t, 0);
    m.ships[0].cooldown = ALL.map((c) => (c === DS ? 0 : c === FM ? 2 : -1));
    const s = k.setup(new GameState(), m);
    k.submit(s, 0, encodeCommit(ENGINE_NONE, VC, PB, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, FM, PB, 0));
    expect(s.decision).toBe(D_VENT);
    expect(legalOf(s, 0)).toEqual([FM, DS, VENT_NONE]);
    expect(() => k.submit(s, 0, PB)).toThrow(/illegal action/); // in hand? no: committed
    expect(() => k.submit(s, 0, SB)).toThrow(/illegal action/); // in hand
    k.submit(s, 0, DS);
    expect(s.decision).toBe(D_DEFENCE);
    expect(legalOf(s, 0)).toEqual([DEF_FIRE, DEF_SHIELDS]);
    expect(() => k.submit(s, 0, DEF_HOLD)).toThrow(/illegal action/);
  });

  it('a decision with exactly one legal answer is taken without asking (Vent Coolant with an empty track)', () => {
    // FPA's track is empty (a full hand), so Vent Coolant's only answer is none. Its second
    // command, Defence Stations, is the first thing FPA is asked; Lamais holds no card.
    const s = duel([ALL, []], MAX_COOLDOWN);
    k.submit(s, 0, encodeCommit(ENGINE_NONE, VC, DS, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
    expect(s.stat(0, ST_VENTS)).toBe(1);
    expect(s.cardLoc[VC]).toBe(LOC_TRACK);
    expect(s.decision).toBe(D_DEFENCE);
    // Point defence with nothing in reach (10.1.4, 9.2.1): no effect.
    k.submit(s, 0, DEF_FIRE);
    expect(s.round).toBe(2);
    expect(s.decision).toBe(D_COMMIT);
    expect(s.stat(0, ST_VENTS)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------

describe('simultaneous commitment (7.1: "Once both players are satisfied with their choices, the round proceeds")', () => {
  it('nothing resolves until every live player has committed', () => {
    const s = duel();
    expect(s.pending).toBe(0b11);
    k.submit(s, 0, encodeCommit(N, P2E, DS, NE));
    expect(s.phase).toBe(PHASE_COMMIT);
    expect(s.decision).toBe(D_COMMIT);
    expect(s.pending).toBe(0b10);
    expect(s.round).toBe(1);
    // Exactly the commitment was recorded: no thrust, no move, no card resolved.
    const want = duel();
    want.engine[0] = N;
    want.committed[0] = P2E;
    want.committed[1] = DS;
    want.p2eDir[0] = NE;
    want.cardLoc[P2E] = LOC_COMMITTED;
    want.cardLoc[DS] = LOC_COMMITTED;
    want.g[G_PENDING] = 0b10;
    expect(s.bytes).toEqual(want.bytes);
    k.submit(s, 1, encodeCommit(S, FM, PB, 0));
    // Now the round runs: engines thrust (7.2.1), Power to Engines resolves, Defence Stations asks.
    expect(s.phase).toBe(PHASE_ACTION);
    expect(s.decision).toBe(D_DEFENCE);
    expect(s.linCount[0]).toBeGreaterThan(0);
    expect(s.stat(0, ST_COMMANDS_PLAYED)).toBe(2);
  });

  it('the order in which the players commit does not matter (byte-identical states)', () => {
    const a = duel();
    const b = duel();
    const c0 = encodeCommit(N, P2E, DS, NE);
    const c1 = encodeCommit(S, FM, CV, 0);
    k.submit(a, 0, c0);
    k.submit(a, 1, c1);
    k.submit(b, 1, c1);
    k.submit(b, 0, c0);
    expect(b.bytes).toEqual(a.bytes);
  });
});

// ---------------------------------------------------------------------------------------

describe('hidden information (docs/rules.md, "Hidden information"): kernel.view(s, p, into)', () => {
  /** s with o's face-down commitment hidden as the rule says, for slots >= `revealed`. */
  function expectedView(s: GameState, o: number, revealed: number, hideEngine: boolean): GameState {
    const e = s.clone();
    if (hideEngine) e.engine[o] = -1;
    let p2eHidden = true;
    for (let slot = 0; slot < 2; slot++) {
      const c = s.committed[o * 2 + slot];
      if (slot < revealed) {
        if (c === P2E) p2eHidden = false;
        continue;
      }
      e.committed[o * 2 + slot] = -1;
      if (c >= 0) e.cardLoc[o * CARDS + c] = LOC_HAND;
    }
    if (p2eHidden) e.p2eDir[o] = -1;
    return e;
  }

  it('commitment phase: the opponent sees neither engine nor cards (face-down cards show as in hand); the player sees its own', () => {
    const s = duel();
    const into = new GameState();
    expect(k.view(s, 1, into).bytes).toEqual(s.bytes);
    k.submit(s, 0, encodeCommit(SE, P2E, DS, NE));
    const before = new Uint8Array(s.bytes);
    const v1 = k.view(s, 1, into);
    expect(v1.engine[0]).toBe(-1);
    expect([v1.committed[0], v1.committed[1]]).toEqual([-1, -1]);
    expect(v1.cardLoc[P2E]).toBe(LOC_HAND);
    expect(v1.cardLoc[DS]).toBe(LOC_HAND);
    expect(v1.p2eDir[0]).toBe(-1);
    expect(v1.bytes).toEqual(expectedView(s, 0, 0, true).bytes);
    // Own view: everything visible.
    const v0 = k.view(s, 0, into);
    expect([v0.engine[0], v0.committed[0], v0.committed[1], v0.p2eDir[0], v0.cardLoc[P2E], v0.cardLoc[DS]]).toEqual([SE, P2E, DS, NE, LOC_COMMITTED, LOC_COMMITTED]);
    expect(v0.bytes).toEqual(s.bytes);
    // view() never changes the state.
    expect(s.bytes).toEqual(before);
  });

  it('slot-1 decision (Defence Stations first): slot 1 and the engines are revealed, slot 2 (a Power to Engines with its direction) is not', () => {
    const s = duel();
    k.submit(s, 0, encodeCommit(N, DS, FM, 0));
    k.submit(s, 1, encodeCommit(S, FM, P2E, SE));
    expect(s.phase).toBe(PHASE_ACTION);
    expect(s.decision).toBe(D_DEFENCE);
    expect(s.pending).toBe(0b01);
    const into = new GameState();
    const v0 = k.view(s, 0, into);
    expect(v0.engine[1]).toBe(S);
    expect(v0.committed[2]).toBe(FM);
    expect(v0.cardLoc[CARDS + FM]).toBe(LOC_COMMITTED);
    expect(v0.committed[3]).toBe(-1);
    expect(v0.cardLoc[CARDS + P2E]).toBe(LOC_HAND);
    expect(v0.p2eDir[1]).toBe(-1);
    expect(v0.bytes).toEqual(expectedView(s, 1, 1, false).bytes);
    // Own commitment visible to the deciding player.
    expect([v0.engine[0], v0.committed[0], v0.committed[1]]).toEqual([N, DS, FM]);
    expect(v0.cardLoc[DS]).toBe(LOC_RESOLVING);
    expect(v0.cardLoc[FM]).toBe(LOC_COMMITTED);
    // The opponent sees the resolving Defence Stations but not FPA's second card.
    const v1 = k.view(s, 1, into);
    expect(v1.committed[0]).toBe(DS);
    expect(v1.committed[1]).toBe(-1);
    expect(v1.cardLoc[FM]).toBe(LOC_HAND);
    expect(v1.bytes).toEqual(expectedView(s, 0, 1, false).bytes);
    expect([v1.engine[1], v1.committed[2], v1.committed[3], v1.p2eDir[1]]).toEqual([S, FM, P2E, SE]);
  });

  it('slot-2 decision: both slots are revealed, Power to Engines direction included', () => {
    const s = duel();
    // Slot 1 is Vent Coolant for both (empty tracks: nothing to vent, asked of nobody); in
    // slot 2 FPA's Defence Stations (priority 2) asks before Lamais's Power to Engines (3).
    k.submit(s, 0, encodeCommit(N, VC, DS, 0));
    k.submit(s, 1, encodeCommit(S, VC, P2E, SE));
    expect(s.decision).toBe(D_DEFENCE);
    const v0 = k.view(s, 0, new GameState());
    expect([v0.committed[2], v0.committed[3], v0.p2eDir[1], v0.cardLoc[CARDS + P2E]]).toEqual([VC, P2E, SE, LOC_COMMITTED]);
    expect(v0.bytes).toEqual(s.bytes);
  });

  it('a card played through Vent Coolant (10.1.5) does not reveal the opponent\'s face-down slot-2 Power to Engines', () => {
    // FPA has Power to Engines on Ready: Vent Coolant can play it now (its direction is then asked, D_P2E_DIR).
    const s = duel(undefined, 2, [[P2E], []]);
    k.submit(s, 0, encodeCommit(ENGINE_NONE, VC, FM, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, FM, P2E, S));
    expect(s.decision).toBe(D_VENT);
    const into = new GameState();
    expect(k.view(s, 0, into).p2eDir[1]).toBe(-1);
    expect(into.bytes).toEqual(expectedView(s, 1, 1, false).bytes);
    k.submit(s, 0, P2E);
    expect(s.decision).toBe(D_P2E_DIR);
    expect(s.pending).toBe(0b01);
    expect(s.status).toBe(STATUS_ONGOING);
    const v0 = k.view(s, 0, into);
    expect(v0.committed[3], 'slot 2 card hidden').toBe(-1);
    expect(v0.cardLoc[CARDS + P2E], 'slot 2 card shows as in hand').toBe(LOC_HAND);
    expect(v0.p2eDir[1], "the opponent's face-down Power to Engines direction").toBe(-1);
    expect(v0.bytes).toEqual(expectedView(s, 1, 1, false).bytes);
  });

  it('cards on the cooldown track and played cards stay visible (only face-down commitments are hidden)', () => {
    const s = duel([ALL, [FM, PB, SB, CV, DS, VC, P2E]], 3);
    k.submit(s, 1, encodeCommit(N, FM, PB, 0));
    const v0 = k.view(s, 0, new GameState());
    expect(v0.cardLoc[CARDS + SP]).toBe(LOC_TRACK + 3);
    expect(v0.cardLoc[CARDS + FM]).toBe(LOC_HAND);
    expect(v0.cardLoc[CARDS + PB]).toBe(LOC_HAND);
  });
});
