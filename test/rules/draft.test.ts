/**
 * The loadout draft (rulebook 5, "The Loadout Phase"; 4.2.4 corvettes) as integer decisions.
 *
 * Worked out by hand against the fixture factions: FPA's special has priority 2, Lamais's 3
 * (rule 5: "The player with the lowest priority number ... goes first"). Both factions have
 * 2 main weapons, 2 broadsides, 2 hangars, 3 point-defence cards and 5 corvette cards with
 * limits 4, 3, 2, 4, 1. Corvette multisets of 4 from 5 cards: C(8,4) = 70, minus those over
 * a limit: 4 of card 1 (limit 3): 1; 3+ of card 2 (limit 2): 4 + 1 = 5; 2+ of card 4
 * (limit 1): C(5,2) + 4 + 1 = 15 (no set breaks two limits) -> 70 - 21 = 49 sets. So the
 * most actions a seat can have is 2 + 2 + 2 + 3 + 49 + PASS = 59.
 *
 * Every seat acts exactly six times (five picks, then one swap or one pass): a pass needs a
 * full mat, and a full mat whose swap is used is done. So a draft is 6 rounds, with the
 * first player moving one seat on each round.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { compileLoadout, loadGameTables } from '../../src/content/load.ts';
import type { FactionTable, LoadoutTable } from '../../src/rules/tables.ts';
import {
  Draft,
  DraftError,
  DRAFT_CORVETTES,
  DRAFT_SLOTS,
  DRAFT_STRIDE,
  DRAFT_TURNS_PER_SEAT,
  OP_INVALID,
  OP_PASS,
  OP_PICK,
  OP_SWAP,
  PASS,
  PICK_BROADSIDE,
  PICK_CORVETTES,
  PICK_HANGAR,
  PICK_MAIN,
  PICK_PD,
  SLOT_BROADSIDE,
  SLOT_CORVETTES,
  SLOT_HANGAR,
  SLOT_MAIN,
  SLOT_PD,
  SWAP_BROADSIDE,
  SWAP_CORVETTES,
  SWAP_HANGAR,
  SWAP_MAIN,
  SWAP_PD,
  corvetteSetCards,
  corvetteSetIndex,
  corvetteSets,
  describeDraftAction,
  draftActionIndex,
  draftActionOp,
  draftActionSlot,
  draftWithPolicies,
  pickAction,
  swapAction,
} from '../../src/rules/draft.ts';

const tables = loadGameTables({ configDir: FIXTURE_CONFIG_DIR });
const byId = (id: string): FactionTable => {
  const f = tables.factions.find((x) => x.id === id);
  if (!f) throw new Error(`fixture faction ${id} missing`);
  return f;
};
const fpa = byId('fpa');
const lamais = byId('lamais');
const buf = new Int32Array(256);

/** A copy of `f` with other corvette limits (and a fresh identity, so a fresh cache entry). */
function withLimits(f: FactionTable, limits: number[]): FactionTable {
  return { ...f, corvettes: limits.map((limit, i) => ({ ...f.corvettes[i % f.corvettes.length], id: `c${i}`, limit })) };
}
function withPriority(f: FactionTable, priority: number): FactionTable {
  return { ...f, special: { ...f.special, priority } };
}
function legalList(d: Draft): number[] {
  return Array.from(buf.subarray(0, d.legal(buf)));
}
function filledCount(d: Draft, seat: number): number {
  let n = 0;
  for (let s = 0; s < DRAFT_SLOTS; s++) if (d.choice(seat, s) >= 0) n++;
  return n;
}
/** The first empty slot's first option (a deterministic "fill" move). */
function fillMove(d: Draft): number {
  const p = d.pending();
  for (let s = 0; s < DRAFT_SLOTS; s++) if (d.choice(p, s) < 0) return pickAction(s, 0);
  throw new Error('no empty slot');
}
/** Submit a fill move for every seat of one round. */
function fillRound(d: Draft): void {
  for (let i = 0; i < d.seats; i++) d.submit(fillMove(d));
}
/** A swap for the pending seat: its main weapon to the other option. */
function swapMove(d: Draft): number {
  const p = d.pending();
  return swapAction(SLOT_MAIN, d.choice(p, SLOT_MAIN) === 0 ? 1 : 0);
}
/** The loadout as card ids, the shape compileLoadout reads. */
function toChoice(f: FactionTable, l: LoadoutTable) {
  return {
    main: f.mainWeapons[l.main].id,
    broadside: f.broadsides[l.broadside].id,
    hangar: f.hangars[l.hangar].id,
    pointDefence: f.pointDefence[l.pointDefence].id,
    corvettes: l.corvettes.map((c) => f.corvettes[c].id),
  };
}

describe('rule 5: action encoding', () => {
  it.each([
    [PASS, OP_PASS, -1, -1, 'pass'],
    [PICK_MAIN + 1, OP_PICK, SLOT_MAIN, 1, 'pick main fpa-longbow'],
    [PICK_BROADSIDE, OP_PICK, SLOT_BROADSIDE, 0, 'pick broadside fpa-hornet'],
    [PICK_HANGAR + 1, OP_PICK, SLOT_HANGAR, 1, 'pick hangar fpa-drydock'],
    [PICK_PD + 2, OP_PICK, SLOT_PD, 2, 'pick pointDefence fpa-lancet'],
    [PICK_CORVETTES, OP_PICK, SLOT_CORVETTES, 0, 'pick corvettes fpa-wasp+fpa-wasp+fpa-wasp+fpa-wasp'],
    [SWAP_MAIN, OP_SWAP, SLOT_MAIN, 0, 'swap main fpa-hammerfall'],
    [SWAP_BROADSIDE + 1, OP_SWAP, SLOT_BROADSIDE, 1, 'swap broadside fpa-harpoon'],
    [SWAP_HANGAR, OP_SWAP, SLOT_HANGAR, 0, 'swap hangar fpa-catapult'],
    [SWAP_PD + 1, OP_SWAP, SLOT_PD, 1, 'swap pointDefence fpa-sentinel'],
    [SWAP_CORVETTES + 1, OP_SWAP, SLOT_CORVETTES, 1, 'swap corvettes fpa-wasp+fpa-wasp+fpa-wasp+fpa-picket'],
    [-1, OP_INVALID, -1, -1, 'invalid draft action -1'],
    [5, OP_INVALID, -1, -1, 'invalid draft action 5'],
    [11 * DRAFT_STRIDE, OP_INVALID, -1, -1, 'invalid draft action 110000'],
    [PICK_MAIN + 0.5, OP_INVALID, -1, -1, 'invalid draft action 10000.5'],
  ])('%d decodes to op %d slot %d index %d: "%s"', (a, op, slot, index, text) => {
    expect(draftActionOp(a)).toBe(op);
    expect(draftActionSlot(a)).toBe(slot);
    expect(draftActionIndex(a)).toBe(index);
    expect(describeDraftAction(fpa, a)).toBe(text);
  });

  it('pickAction / swapAction use the fixed bases and round-trip', () => {
    const picks = [PICK_MAIN, PICK_BROADSIDE, PICK_HANGAR, PICK_PD, PICK_CORVETTES];
    const swaps = [SWAP_MAIN, SWAP_BROADSIDE, SWAP_HANGAR, SWAP_PD, SWAP_CORVETTES];
    for (let s = 0; s < DRAFT_SLOTS; s++)
      for (const i of [0, 1, 48, DRAFT_STRIDE - 1]) {
        expect(pickAction(s, i)).toBe(picks[s] + i);
        expect(swapAction(s, i)).toBe(swaps[s] + i);
        expect([draftActionOp(pickAction(s, i)), draftActionSlot(pickAction(s, i)), draftActionIndex(pickAction(s, i))]).toEqual([OP_PICK, s, i]);
        expect([draftActionOp(swapAction(s, i)), draftActionSlot(swapAction(s, i)), draftActionIndex(swapAction(s, i))]).toEqual([OP_SWAP, s, i]);
      }
  });

  it('describe names the card of the seat that plays it, and stays readable without a seat', () => {
    const d = new Draft([fpa, lamais]);
    expect(d.describe(PICK_MAIN, 0)).toBe('pick main fpa-hammerfall');
    expect(d.describe(PICK_MAIN, 1)).toBe('pick main lamais-tyrant');
    expect(d.describe(PICK_MAIN)).toBe('pick main fpa-hammerfall'); // pending seat 0
    expect(describeDraftAction(null, PICK_CORVETTES + 7)).toBe('pick corvettes #7');
  });
});

describe('4.2.4 / rule 5: corvette multisets ("all 4 Corvettes at once")', () => {
  it.each([
    ['fixture limits 4,3,2,4,1', [4, 3, 2, 4, 1], 49],
    ['one card, limit 4', [4], 1],
    ['four cards, limit 1 each', [1, 1, 1, 1], 1],
    ['five cards, limit 1 each', [1, 1, 1, 1, 1], 5],
    ['two cards, limit 2 each', [2, 2], 1],
    ['two cards, limit 4 each', [4, 4], 5],
    ['three cards, limit 4 each', [4, 4, 4], 15],
  ])('%s: %d-card limits give %d sets, each within limits, sorted, distinct, matching brute force', (_name, limits, expected) => {
    const f = withLimits(fpa, limits);
    const { count, cards } = corvetteSets(f);
    expect(count).toBe(expected);
    expect(cards.length).toBe(count * DRAFT_CORVETTES);
    // Brute force over every ordered 4-tuple, keep sorted ones within limits.
    const brute: string[] = [];
    const k = limits.length;
    for (let a = 0; a < k; a++)
      for (let b = a; b < k; b++)
        for (let c = b; c < k; c++)
          for (let e = c; e < k; e++) {
            const t = [a, b, c, e];
            if (limits.every((lim, i) => t.filter((x) => x === i).length <= lim)) brute.push(t.join(','));
          }
    const got: string[] = [];
    for (let j = 0; j < count; j++) {
      const t = corvetteSetCards(f, j);
      for (let i = 1; i < DRAFT_CORVETTES; i++) expect(t[i]).toBeGreaterThanOrEqual(t[i - 1]);
      for (let i = 0; i < k; i++) expect(t.filter((x) => x === i).length).toBeLessThanOrEqual(limits[i]);
      expect(corvetteSetIndex(f, [...t].reverse())).toBe(j);
      got.push(t.join(','));
    }
    expect(new Set(got).size).toBe(count);
    // Deterministic order: lexicographic, the same order the nested loops produce.
    expect(got).toEqual(brute);
  });

  it('fixture FPA sets start [0,0,0,0], [0,0,0,1], ... and are computed once per faction object', () => {
    expect(corvetteSetCards(fpa, 0)).toEqual([0, 0, 0, 0]);
    expect(corvetteSetCards(fpa, 1)).toEqual([0, 0, 0, 1]);
    expect(corvetteSetCards(fpa, 2)).toEqual([0, 0, 0, 2]);
    expect(corvetteSetCards(fpa, 48)).toEqual([3, 3, 3, 4]); // the last: lantern x3 + hammerhead (limit 1)
    expect(corvetteSets(fpa)).toBe(corvetteSets(fpa));
    expect(corvetteSets(lamais).count).toBe(49);
    expect(corvetteSetIndex(fpa, fpa.defaultLoadout.corvettes)).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['five of a card', [0, 0, 0, 0, 0]],
    ['three cards', [0, 1, 2]],
    ['over the limit (two of a limit-1 card)', [4, 4, 0, 0]],
    ['unknown card', [0, 0, 0, 9]],
  ])('corvetteSetIndex rejects %s', (_name, cards) => {
    expect(corvetteSetIndex(fpa, cards)).toBe(-1);
  });
});

describe('rule 5: first player has the lowest special priority (ties: lower seat)', () => {
  const fpa7 = withPriority(fpa, 7);
  const lamais7 = withPriority(lamais, 7);
  it.each([
    ['FPA (2) seat 0, Lamais (3) seat 1', [fpa, lamais], 0],
    ['Lamais (3) seat 0, FPA (2) seat 1: FPA still first', [lamais, fpa], 1],
    ['mirror FPA: tie, lower seat', [fpa, fpa], 0],
    ['mirror Lamais: tie, lower seat', [lamais, lamais], 0],
    ['three seats, FPA last', [lamais, lamais, fpa], 2],
    ['priorities 7 and 7: tie, seat 0', [fpa7, lamais7], 0],
    ['Lamais 3 beats FPA 7', [fpa7, lamais], 1],
    ['three seats 7, 3, 3: seat 1', [fpa7, lamais, lamais], 1],
  ])('%s -> seat %d', (_name, factions, first) => {
    const d = new Draft(factions);
    expect(d.pending()).toBe(first);
    expect(d.firstPlayer()).toBe(first);
    expect(d.round()).toBe(1);
  });
});

describe('rule 5: turn order, first player rotates each round', () => {
  it.each([
    ['FPA, Lamais', [fpa, lamais], [[0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [1, 0]]],
    ['Lamais, FPA', [lamais, fpa], [[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1]]],
    [
      'three seats, FPA in seat 1',
      [lamais, fpa, lamais],
      [[1, 2, 0], [2, 0, 1], [0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]],
    ],
  ])('%s: six rounds, each in seat order from a first player one seat further on', (_name, factions, rounds) => {
    const d = new Draft(factions);
    const seen: number[][] = [];
    for (let r = 0; r < 6; r++) {
      expect(d.round()).toBe(r + 1);
      expect(d.firstPlayer()).toBe(rounds[r][0]);
      const order: number[] = [];
      for (let i = 0; i < factions.length; i++) {
        const p = d.pending();
        order.push(p);
        // Rounds 1-5 fill; round 6 passes (every seat is then full).
        d.submit(r < 5 ? fillMove(d) : PASS);
      }
      seen.push(order);
    }
    expect(seen).toEqual(rounds);
    expect(d.done()).toBe(true);
    expect(d.pending()).toBe(-1);
    expect(d.historyLength()).toBe(6 * factions.length);
  });

  it('history records every action with its seat', () => {
    const d = new Draft([lamais, fpa]);
    d.submit(PICK_MAIN + 1);
    d.submit(PICK_CORVETTES + 3);
    expect([d.historyLength(), d.historyAction(0), d.historySeat(0), d.historyAction(1), d.historySeat(1)]).toEqual([2, PICK_MAIN + 1, 1, PICK_CORVETTES + 3, 0]);
    expect(d.describe(d.historyAction(0), d.historySeat(0))).toBe('pick main fpa-longbow');
  });
});

describe('rule 5: "select 1 component or all 4 Corvettes at once"', () => {
  it('a fresh seat may pick any card of its OWN faction for any slot, and nothing else', () => {
    const d = new Draft([lamais, fpa]); // FPA (seat 1) first
    const legal = legalList(d);
    const expected = [
      ...[0, 1].map((i) => PICK_MAIN + i),
      ...[0, 1].map((i) => PICK_BROADSIDE + i),
      ...[0, 1].map((i) => PICK_HANGAR + i),
      ...[0, 1, 2].map((i) => PICK_PD + i),
      ...Array.from({ length: 49 }, (_, j) => PICK_CORVETTES + j),
    ];
    expect(legal).toEqual(expected);
    expect(d.maxActions).toBe(59);
    expect(legal.map((a) => d.describe(a)).every((s) => s.includes('fpa-'))).toBe(true);
  });

  it('every legal pick fills exactly one slot (the corvette pick fills all four corvettes)', () => {
    const base = new Draft([fpa, lamais]);
    for (const a of legalList(base)) {
      const d = base.clone();
      d.submit(a);
      expect(filledCount(d, 0)).toBe(1);
      expect(d.choice(0, draftActionSlot(a))).toBe(draftActionIndex(a));
      expect(filledCount(d, 1)).toBe(0);
      expect(d.pending()).toBe(1);
    }
    expect(filledCount(base, 0)).toBe(0); // clones are independent
  });

  it('a corvette pick puts the four cards of its set on the mat', () => {
    const j = corvetteSetIndex(fpa, [1, 0, 2, 3]);
    const d = new Draft([fpa, lamais]);
    // Order: r1 seats 0,1; r2 1,0; r3 0,1; r4 1,0; r5 0,1; r6 1,0.
    const moves = [PICK_CORVETTES + j, PICK_MAIN, PICK_BROADSIDE, PICK_MAIN + 1, PICK_BROADSIDE, PICK_HANGAR, PICK_PD, PICK_HANGAR, PICK_PD, PICK_CORVETTES, PASS, PASS];
    for (const a of moves) d.submit(a);
    const [a, b] = d.loadouts();
    expect(a).toEqual({ main: 1, broadside: 0, hangar: 0, pointDefence: 0, corvettes: [0, 1, 2, 3] });
    expect(b).toEqual({ main: 0, broadside: 0, hangar: 0, pointDefence: 0, corvettes: [0, 0, 0, 0] });
  });

  it('a filled slot is not offered for picking again', () => {
    const d = new Draft([fpa, lamais]);
    d.submit(PICK_MAIN);
    d.submit(PICK_MAIN); // seat 1
    const legal = legalList(d); // seat 1 again: round 2 first player
    expect(d.pending()).toBe(1);
    expect(legal.some((a) => draftActionOp(a) === OP_PICK && draftActionSlot(a) === SLOT_MAIN)).toBe(false);
    expect(legal.filter((a) => draftActionOp(a) === OP_SWAP)).toEqual([SWAP_MAIN + 1]);
  });
});

describe('rule 5: "may not pass ... unless all components ... have already been selected"', () => {
  it.each([0, 1, 2, 3, 4])('with %d of 5 slots filled PASS is not legal and throws', (filled) => {
    const d = new Draft([fpa, lamais]);
    for (let r = 0; r < filled; r++) fillRound(d);
    expect(filledCount(d, d.pending())).toBe(filled);
    expect(legalList(d)).not.toContain(PASS);
    expect(d.isLegal(PASS)).toBe(false);
    expect(() => d.submit(PASS)).toThrow(/passing is legal only once every slot is filled/);
  });

  it('with all 5 slots filled PASS is legal (listed first) and ends that seat', () => {
    const d = new Draft([fpa, lamais]);
    for (let r = 0; r < 5; r++) fillRound(d);
    const p = d.pending();
    expect(legalList(d)[0]).toBe(PASS);
    d.submit(PASS);
    expect(d.passed(p)).toBe(true);
    expect(d.seatDone(p)).toBe(true);
    expect(d.done()).toBe(false);
    expect(d.pending()).toBe(1 - p);
  });
});

describe('rule 5: "Once during the Loadout phase, a player may chose to swap"', () => {
  it('nothing to swap before a slot is filled', () => {
    const d = new Draft([fpa, lamais]);
    expect(legalList(d).some((a) => draftActionOp(a) === OP_SWAP)).toBe(false);
    expect(() => d.submit(SWAP_MAIN + 1)).toThrow(/slot is empty/);
  });

  it('a swap replaces the card, takes the turn, and is offered only once per seat', () => {
    const d = new Draft([fpa, lamais]);
    d.submit(PICK_MAIN); // seat 0
    d.submit(PICK_CORVETTES + 5); // seat 1
    d.submit(SWAP_CORVETTES + 9); // seat 1 (round 2 first): swaps its whole corvette set
    expect(d.choice(1, SLOT_CORVETTES)).toBe(9);
    expect(d.swapUsed(1)).toBe(true);
    expect(filledCount(d, 1)).toBe(1); // the swap placed no new component
    expect(d.pending()).toBe(0);
    expect(legalList(d)).toContain(SWAP_MAIN + 1); // seat 0's swap is still unused
    d.submit(SWAP_MAIN + 1);
    expect(d.choice(0, SLOT_MAIN)).toBe(1);
    // Round 3: seat 0 first. No swap is offered to either seat again.
    expect(legalList(d).some((a) => draftActionOp(a) === OP_SWAP)).toBe(false);
    expect(() => d.submit(SWAP_MAIN)).toThrow(/already used its one swap/);
    d.submit(PICK_PD);
    expect(d.pending()).toBe(1);
    expect(legalList(d).some((a) => draftActionOp(a) === OP_SWAP)).toBe(false);
    expect(() => d.submit(SWAP_CORVETTES + 1)).toThrow(/seat 1 \(lamais\).*already used its one swap/);
  });

  it.each([
    ['main', PICK_MAIN, SWAP_MAIN, 2],
    ['point defence', PICK_PD + 1, SWAP_PD + 1, 3],
    ['corvettes', PICK_CORVETTES + 4, SWAP_CORVETTES + 4, 49],
  ])('swapping %s to the card already there is not a swap', (_name, pick, same, options) => {
    const d = new Draft([fpa, lamais]);
    d.submit(pick);
    d.submit(pick);
    expect(() => d.submit(same)).toThrow(/different option/);
    const swaps = legalList(d).filter((a) => draftActionOp(a) === OP_SWAP);
    expect(swaps.length).toBe(options - 1);
    expect(swaps).not.toContain(same);
  });
});

describe('rule 5: "Once all players have passed, or filled all their component slots and used their ability to swap"', () => {
  type Last = 'pass' | 'swap';
  it.each<[string, Last[]]>([
    ['both pass', ['pass', 'pass']],
    ['both swap when full', ['swap', 'swap']],
    ['first passes, second swaps', ['pass', 'swap']],
    ['first swaps, second passes', ['swap', 'pass']],
  ])('%s: the draft ends after round 6', (_name, last) => {
    const d = new Draft([fpa, lamais]);
    for (let r = 0; r < 5; r++) fillRound(d);
    expect(d.round()).toBe(6);
    for (const what of last) {
      expect(d.done()).toBe(false);
      d.submit(what === 'pass' ? PASS : swapMove(d));
    }
    expect(d.done()).toBe(true);
    expect(d.legal(buf)).toBe(0);
    expect(() => d.submit(PASS)).toThrow(/draft is over/);
    expect(d.loadouts()).toHaveLength(2);
  });

  it('a seat that swapped early is done on its fifth pick, and never asked to pass', () => {
    const d = new Draft([fpa, lamais]);
    d.submit(PICK_MAIN); // r1 seat 0
    d.submit(PICK_MAIN); // r1 seat 1
    d.submit(SWAP_MAIN + 1); // r2 seat 1 swaps
    d.submit(PICK_BROADSIDE); // r2 seat 0
    for (let r = 3; r <= 5; r++) fillRound(d);
    // After round 5: seat 0 full (swap unused); seat 1 has 4 slots and its swap used.
    expect(filledCount(d, 0)).toBe(5);
    expect(filledCount(d, 1)).toBe(4);
    expect(d.round()).toBe(6);
    expect(d.pending()).toBe(1);
    expect(legalList(d)).not.toContain(PASS);
    d.submit(fillMove(d)); // seat 1 fills its last slot: full + swapped = done
    expect(d.seatDone(1)).toBe(true);
    expect(d.passed(1)).toBe(false);
    expect(d.pending()).toBe(0);
    d.submit(PASS);
    expect(d.done()).toBe(true);
  });

  it('loadouts() before the end throws', () => {
    const d = new Draft([fpa, lamais]);
    expect(() => d.loadouts()).toThrow(/not over/);
  });
});

describe('rule 5: illegal submissions throw, naming seat, action and reason', () => {
  const setup = (): Draft => {
    const d = new Draft([fpa, lamais]);
    d.submit(PICK_MAIN); // seat 0
    d.submit(PICK_HANGAR + 1); // seat 1; now seat 1 again (round 2)
    return d;
  };
  it.each<[string, number, RegExp]>([
    ['a negative id', -1, /seat 1 \(lamais\) cannot play -1 .*not a draft action id/],
    ['an id between bases', 7, /cannot play 7 .*not a draft action id/],
    ['an id past the last base', 110000, /not a draft action id/],
    ['a fraction', PICK_MAIN + 0.5, /not a draft action id/],
    ['NaN', Number.NaN, /not a draft action id/],
    ['a main weapon the faction lacks', PICK_MAIN + 2, /cannot play 10002 \(pick main #2\).*no such option/],
    ['a corvette set past the list', PICK_CORVETTES + 49, /no such option/],
    ['a pick into a filled slot', PICK_HANGAR, /cannot play 30000 \(pick hangar lamais-slipstream\).*already filled/],
    ['a swap of an empty slot', SWAP_MAIN + 1, /slot is empty/],
    ['a swap to the same card', SWAP_HANGAR + 1, /different option/],
    ['a pass before full', PASS, /passing is legal only/],
  ])('%s', (_name, a, message) => {
    const d = setup();
    expect(d.isLegal(a)).toBe(false);
    expect(() => d.submit(a)).toThrow(DraftError);
    expect(() => d.submit(a)).toThrow(message);
    // A refused action changes nothing.
    expect(d.pending()).toBe(1);
    expect(d.historyLength()).toBe(2);
  });

  it('legal() refuses a buffer shorter than maxActions', () => {
    const d = new Draft([fpa, lamais]);
    expect(() => d.legal(new Int32Array(d.maxActions - 1))).toThrow(RangeError);
    expect(d.legal(new Int32Array(d.maxActions))).toBe(58); // no PASS yet
  });

  it('draftWithPolicies rejects a policy answering an illegal action', () => {
    expect(() => draftWithPolicies([fpa, lamais], () => PASS)).toThrow(/seat 0 \(fpa\) cannot play 0 \(pass\)/);
  });

  it('a draft needs a seat', () => {
    expect(() => new Draft([])).toThrow(DraftError);
  });
});

describe('rule 5: random drafts always end with legal loadouts (1000 seeds)', () => {
  const lineups: [string, FactionTable[]][] = [
    ['FPA vs Lamais', [fpa, lamais]],
    ['Lamais vs FPA', [lamais, fpa]],
    ['FPA mirror', [fpa, fpa]],
    ['three seats', [lamais, fpa, lamais]],
  ];
  /**
   * Three styles by seed % 3: 0, uniform over the legal ids (which nearly always swaps
   * early, as most ids are corvette sets); 1, uniform over the kinds offered (pass / pick /
   * swap), then uniform within the kind; 2, picks first, then a pass or a swap at random,
   * so both endings are exercised.
   */
  function randomChooser(seed: number, factions: FactionTable[], tally: { swaps: number; passes: number; steps: number; bad: number }) {
    const rng = seedrandom(`draft/${seed}`);
    const style = seed % 3;
    return (seat: number, legal: Int32Array, count: number, draft: Draft): number => {
      if (count === 0 || seat !== draft.pending()) tally.bad++;
      for (let i = 0; i < count; i++) if (!draft.isLegal(legal[i])) tally.bad++;
      if (++tally.steps > DRAFT_TURNS_PER_SEAT * factions.length * 1000) throw new Error('draft did not end');
      let a = legal[Math.floor(rng() * count)];
      if (style !== 0) {
        const offered = Array.from(legal.subarray(0, count));
        let kinds = [OP_PASS, OP_PICK, OP_SWAP].filter((op) => offered.some((x) => draftActionOp(x) === op));
        if (style === 2 && kinds.includes(OP_PICK)) kinds = [OP_PICK];
        const op = kinds[Math.floor(rng() * kinds.length)];
        const ofKind = offered.filter((x) => draftActionOp(x) === op);
        a = ofKind[Math.floor(rng() * ofKind.length)];
      }
      if (a === PASS) tally.passes++;
      else if (draftActionOp(a) === OP_SWAP) tally.swaps++;
      return a;
    };
  }

  it.each(lineups)('%s', (_name, factions) => {
    const tally = { swaps: 0, passes: 0, steps: 0, bad: 0 };
    for (let seed = 0; seed < 1000; seed++) {
      const before = tally.steps;
      const loadouts = draftWithPolicies(factions, randomChooser(seed, factions, tally));
      // Every seat acted exactly six times: five picks and one swap or pass.
      expect(tally.steps - before).toBe(DRAFT_TURNS_PER_SEAT * factions.length);
      expect(loadouts).toHaveLength(factions.length);
      loadouts.forEach((l, p) => {
        // compileLoadout (the config validator) accepts it and gives back the same indices.
        expect(compileLoadout(factions[p], toChoice(factions[p], l))).toEqual(l);
        expect(l.corvettes).toHaveLength(DRAFT_CORVETTES);
      });
    }
    expect(tally.bad).toBe(0);
    // Both endings were exercised: per seat, swaps + passes = 1000 drafts.
    expect(tally.swaps + tally.passes).toBe(1000 * factions.length);
    expect(tally.swaps).toBeGreaterThan(100 * factions.length);
    expect(tally.passes).toBeGreaterThan(100 * factions.length);
  });

  it('the same seed gives the same draft', () => {
    const run = (seed: string): LoadoutTable[] => {
      const rng = seedrandom(seed);
      return draftWithPolicies([fpa, lamais], (_s, legal, count) => legal[Math.floor(rng() * count)]);
    };
    expect(run('same')).toEqual(run('same'));
  });
});

describe('clone and copyFrom', () => {
  it('copy the whole draft state, and copies are independent', () => {
    const d = new Draft([fpa, lamais]);
    d.submit(PICK_PD + 2);
    const c = d.clone();
    c.submit(PICK_MAIN);
    expect(d.pending()).toBe(1);
    expect(c.pending()).toBe(1);
    expect(c.round()).toBe(2);
    expect(d.round()).toBe(1);
    d.copyFrom(c);
    expect(d.round()).toBe(2);
    expect(d.choice(1, SLOT_MAIN)).toBe(0);
    expect(d.historyLength()).toBe(2);
  });
});
