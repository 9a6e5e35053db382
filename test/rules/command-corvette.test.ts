/**
 * Section 8, the Command Corvette, step by step as known answers: a ship of a 3- or
 * 4-player game is destroyed (structure set to 0, then the kernel settles, as it does after
 * every resolved step) and each row checks one rule: the setup (steps 1-5), the commitment
 * (8.1.1), the movement activation (8.1.2), the corvettes' activations and the commands
 * (8.1.3), Emergency Warp and the victory it can bring (3). Invariant checks are on.
 *
 * The position (fixture content, standard board, its six starting locations): FPA ship 0 at
 * (0, 5) facing N, Lamais ship 1 at (5, -5) facing SW, FPA ship 2 at (-5, 0) facing SE
 * (3 players, factions repeated by the rule switch); at 4 players a Lamais ship 3 at (-5, 5)
 * facing NE, teams FPA 0 + 2 against Lamais 1 + 3.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { ScenarioSchema, tablesForScenario, scenarioSetup } from '../../src/content/scenario.ts';
import { enableInvariantChecks } from '../../src/rules/invariants.ts';
import { Kernel, encodeCommit, CARD_NONE, D_COMMIT, D_CC_MOVE, D_WARP, D_ACTIVATE, D_CORV_OPTION, D_REPAIR_CORV, D_LAUNCH, CORV_REPAIR, CORV_LAUNCH, MAX_ACTIONS } from '../../src/rules/kernel.ts';
import { encodeMove, encodeLaunch, ACT_PASS } from '../../src/rules/corvettes.ts';
import {
  GameState,
  CARDS,
  CC_REF,
  CORVETTES,
  CORV_ABOARD,
  CORV_BOARD,
  CORV_DESTROYED,
  ENGINE_NONE,
  LOC_HAND,
  LOC_REMOVED,
  LOC_TRACK,
  SMALL_CORVETTE,
  STATUS_NAMES,
  CAUSE_PROJECTILE,
  ST_ENEMY_TOKENS_DESTROYED,
  G_TOK_TOP,
  flyingCommandCorvette,
  isWinner,
} from '../../src/rules/state.ts';
import { Cmd } from '../../src/rules/tables.ts';

const AT: [number, number, string, string][] = [
  [0, 5, 'N', 'fpa'],
  [5, -5, 'SW', 'lamais'],
  [-5, 0, 'SE', 'fpa'],
  [-5, 5, 'NE', 'lamais'],
];

/**
 * A 3- or 4-player position with every card of every ship far down the track: the capital
 * ships commit nothing, and the destroyed ship's cards come back to the hand (8 step 5).
 */
function position(players: 3 | 4) {
  const cooldown = Object.fromEntries(
    ['fireMain', 'portBroadside', 'starboardBroadside', 'corvettes', 'defenceStations', 'ventCoolant', 'powerToEngines', 'specialAbility'].map((c) => [c, 9]),
  );
  const sc = ScenarioSchema.parse({
    name: 'command corvette row',
    board: 'standard',
    rules: players === 3 ? { repeatFactions: true } : undefined,
    ships: AT.slice(0, players).map(([q, r, facing, faction], i) => ({ faction, position: [q, r], facing, cooldown, team: players === 4 ? i % 2 : undefined })),
  });
  const t = tablesForScenario(sc, FIXTURE_CONFIG_DIR);
  const k = new Kernel(t);
  enableInvariantChecks(k);
  const s = k.setup(new GameState(), scenarioSetup('command-corvette-row', sc, t));
  return { k, s };
}

/** Destroy seat p's capital ship and settle, as after any resolved step (3, 4.1). */
function destroy(k: Kernel, s: GameState, p: number): void {
  s.structure[p] = 0;
  k.settleDestroyed(s);
  k.check!(s, 'test');
}

const legal = new Int32Array(MAX_ACTIONS);
const legalOf = (k: Kernel, s: GameState, p: number) => Array.from(legal.subarray(0, k.legal(s, p, legal)));
/**
 * Every pending capital ship commits nothing (its hand is empty); a Command Corvette commits
 * `card` (default Fire Main: Lamais's placeholder beam fires without a decision).
 */
function commit(k: Kernel, s: GameState, card: number = Cmd.FireMain): void {
  for (let p = 0; p < s.players; p++) {
    if (((s.pending >> p) & 1) === 0) continue;
    k.submit(s, p, flyingCommandCorvette(s, p) ? encodeCommit(ENGINE_NONE, card, CARD_NONE, 0) : encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
  }
}

describe('8 steps 1-5: the Command Corvette is set up when a capital ship is destroyed at 3-4 players', () => {
  it('steps 4-5: the token on the ship centre hex, facing as the ship; special at 3, broadsides and vent removed; the seat fights on', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    expect(STATUS_NAMES[s.status]).toBe('ongoing');
    expect(flyingCommandCorvette(s, 1)).toBe(true);
    const cc = s.ccTok[1];
    // Lamais ship 1's centre (5, -5), facing SW (4).
    expect([s.tokKind[cc], s.tokOwner[cc], s.tokRef[cc], s.tokQ[cc], s.tokR[cc], s.tokFacing[cc]]).toEqual([SMALL_CORVETTE, 1, CC_REF, 5, -5, 4]);
    const loc = Array.from(s.cardLoc.subarray(CARDS, 2 * CARDS));
    expect(loc).toEqual([LOC_HAND, LOC_REMOVED, LOC_REMOVED, LOC_HAND, LOC_HAND, LOC_REMOVED, LOC_HAND, LOC_TRACK + 3]);
    expect([s.lostRound[1], s.outRound[1]]).toEqual([1, 0]);
  });

  it('step 2: every corvette aboard is launched from a hangar, tail to its edge, or destroyed without room', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    // Lamais has one hangar bay, on the stern's aft edge, with launch distance 2 (Slipstream).
    // Facing SW at (5, -5), the stern is (6, -6) and the spots out through its edge (NE) are
    // (7, -7), (8, -8) and (9, -9), the last off the board: corvettes 1 and 2 are launched
    // there, facing NE; 3 and 4 find no room and are destroyed.
    const locs = Array.from(s.corvLoc.subarray(CORVETTES, 2 * CORVETTES));
    expect(locs).toEqual([CORV_BOARD, CORV_BOARD, CORV_DESTROYED, CORV_DESTROYED]);
    const at = [0, 1].map((c) => s.corvTok[CORVETTES + c]).map((i) => [s.tokQ[i], s.tokR[i], s.tokFacing[i]]);
    expect(at).toEqual([
      [7, -7, 1],
      [8, -8, 1],
    ]);
  });

  it('2 players: no Command Corvette; the ship is out and the match decided', () => {
    const { k, s } = position(3);
    // A 2-player position: the duel's seats 0 and 1 (from the same helper, seat 2 removed).
    s.g[4] = 2;
    s.alive[2] = 0;
    destroy(k, s, 1);
    expect(s.ccTok[1]).toBe(-1);
    expect(STATUS_NAMES[s.status]).toBe('victory');
    expect([s.lostRound[1], s.outRound[1], s.g[3]]).toEqual([1, 1, 0]);
  });
});

describe('8.1.1-8.1.3: the Command Corvette plays', () => {
  it('8.1.1: it commits one card from its hand, no engine card', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    expect(s.decision).toBe(D_COMMIT);
    // In hand (8 step 5): Fire Main, Corvettes!, Defence Stations, Power to Engines (listed with six directions).
    const want = [Cmd.FireMain, Cmd.Corvettes, Cmd.DefenceStations].map((c) => encodeCommit(ENGINE_NONE, c, CARD_NONE, 0));
    for (let d = 0; d < 6; d++) want.push(encodeCommit(ENGINE_NONE, Cmd.PowerToEngines, CARD_NONE, d));
    expect(legalOf(k, s, 1).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
    expect(k.isLegal(s, 1, encodeCommit(0, Cmd.FireMain, CARD_NONE, 0))).toBe(false);
    expect(k.isLegal(s, 1, encodeCommit(ENGINE_NONE, Cmd.FireMain, Cmd.Corvettes, 0))).toBe(false);
  });

  it('8.1.2: one movement activation at the end of the movement phase, as a corvette with its speed and agility (Lamais: 4, 1); not compelled', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    // Recall the launched corvettes (their activations are another row) so only the Command Corvette acts.
    for (let c = 0; c < CORVETTES; c++) {
      const i = s.corvTok[CORVETTES + c];
      s.tokKind[i] = 0;
      s.corvLoc[CORVETTES + c] = CORV_ABOARD;
      s.corvTok[CORVETTES + c] = -1;
    }
    s.touch();
    commit(k, s);
    expect([s.decision, s.pending]).toEqual([D_CC_MOVE, 1 << 1]);
    const moves = legalOf(k, s, 1);
    expect(moves[0]).toBe(ACT_PASS);
    // Straight on (SW) 3 hexes, no turn: (5, -5) -> (2, -2), still facing SW.
    const a = encodeMove(0, 0, 3, 0);
    expect(moves).toContain(a);
    expect(moves).not.toContain(encodeMove(0, 0, 5, 0));
    expect(moves).not.toContain(encodeMove(0, 2, 1, 0));
    k.submit(s, 1, a);
    const cc = s.ccTok[1];
    expect([s.tokQ[cc], s.tokR[cc], s.tokFacing[cc]]).toEqual([2, -2, 4]);
    expect(s.round).toBe(2);
    // Round 2 (Fire Main cooling): Defence Stations; the compelled move (7.2.4) leaves it where it is, then it passes.
    commit(k, s, Cmd.DefenceStations);
    expect(s.decision).toBe(D_CC_MOVE);
    k.submit(s, 1, ACT_PASS);
    expect([s.tokQ[cc], s.tokR[cc]]).toEqual([2, -2]);
  });

  it('8.1.3: its corvettes get three activations before any card is revealed', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    commit(k, s);
    k.submit(s, 1, ACT_PASS); // its own movement activation
    // Action phase, nothing revealed yet (slot 0, first in order): its corvettes are asked.
    expect([s.decision, s.pending, s.phase, s.g[9]]).toEqual([D_ACTIVATE, 1 << 1, 2, 0]);
    expect(s.cardLoc[CARDS + Cmd.FireMain]).toBe(1);
    k.submit(s, 1, ACT_PASS);
    expect(s.round).toBe(2);
  });

  /** Put ship 0's corvette 1 (FPA Mako, evasion 2) on the board at (q, r) facing N. */
  function fpaCorvetteAt(s: GameState, q: number, r: number): void {
    let i = 0;
    while (s.tokKind[i] !== 0) i++;
    s.tokKind[i] = SMALL_CORVETTE;
    s.tokOwner[i] = 0;
    s.tokRef[i] = 2;
    s.tokSupply[i] = -1;
    [s.tokQ[i], s.tokR[i], s.tokFacing[i]] = [q, r, 0];
    if (i >= s.g[G_TOK_TOP]) s.g[G_TOK_TOP] = i + 1;
    s.corvLoc[0] = CORV_BOARD;
    s.corvTok[0] = i;
    s.touch();
  }

  it('8.1.3 Fire Main: the main weapon fires from the Command Corvette straight ahead (Lamais placeholder: beam, range 3)', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    // FPA's corvette at (3, -2) facing N is compelled to (3, -3) (7.2.4): on the beam's line
    // from (5, -5) facing SW, which covers (4, -4), (3, -3), (2, -2) and destroys it (9.1).
    fpaCorvetteAt(s, 3, -2);
    commit(k, s, Cmd.FireMain);
    k.submit(s, 1, ACT_PASS); // movement activation
    if (s.decision === D_ACTIVATE && s.pending === 1 << 1) k.submit(s, 1, ACT_PASS); // its corvettes
    expect(s.corvLoc[0]).toBe(CORV_DESTROYED);
    expect(s.stat(1, ST_ENEMY_TOKENS_DESTROYED)).toBe(1);
    // The card took the weapon's cooldown (1) and moved down one in the cooldown phase.
    expect(s.cardLoc[CARDS + Cmd.FireMain]).toBe(LOC_TRACK);
  });

  it('8.1.3 Defence Stations: point defence fires at once from the Command Corvette (Lamais placeholder: range 1, accuracy 2)', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    // FPA's Mako (evasion 2) at (4, -3) facing N is compelled to (4, -4), next to the Command
    // Corvette at (5, -5): the one target; accuracy 2 >= evasion 2, a hit destroys it.
    fpaCorvetteAt(s, 4, -3);
    commit(k, s, Cmd.DefenceStations);
    k.submit(s, 1, ACT_PASS);
    if (s.decision === D_ACTIVATE && s.pending === 1 << 1) k.submit(s, 1, ACT_PASS);
    expect(s.corvLoc[0]).toBe(CORV_DESTROYED);
    expect(s.stat(1, ST_ENEMY_TOKENS_DESTROYED)).toBe(1);
    expect(s.round).toBe(2);
  });

  it('8.1.3 Power to Engines: one more movement activation', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    commit(k, s, Cmd.PowerToEngines);
    k.submit(s, 1, ACT_PASS); // movement activation
    k.submit(s, 1, ACT_PASS); // its corvettes' three activations
    expect([s.decision, s.pending]).toEqual([D_CC_MOVE, 1 << 1]);
    k.submit(s, 1, encodeMove(0, 0, 1, 0));
    const cc = s.ccTok[1];
    // One hex SW: (5, -5) -> (4, -4); the card goes to the track at its printed cooldown.
    expect([s.tokQ[cc], s.tokR[cc]]).toEqual([4, -4]);
    expect(s.cardLoc[CARDS + Cmd.PowerToEngines]).toBeGreaterThanOrEqual(LOC_TRACK);
  });

  it('8.1.3 Emergency Warp at 3 players: the commander escapes and the match is a draw', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    s.cardLoc[CARDS + Cmd.SpecialAbility] = LOC_HAND;
    s.touch();
    commit(k, s, Cmd.SpecialAbility);
    k.submit(s, 1, ACT_PASS);
    k.submit(s, 1, ACT_PASS);
    expect(STATUS_NAMES[s.status]).toBe('draw');
    expect([s.escaped[1], s.outRound[1], s.g[3]]).toEqual([1, 1, -1]);
  });

  it('8.1.3 Emergency Warp at 4 players: a jump to a starting location no token covers, facing as it faces', () => {
    const { k, s } = position(4);
    destroy(k, s, 1);
    s.cardLoc[CARDS + Cmd.SpecialAbility] = LOC_HAND;
    s.touch();
    commit(k, s, Cmd.SpecialAbility);
    k.submit(s, 1, ACT_PASS);
    k.submit(s, 1, ACT_PASS);
    expect([s.decision, s.pending]).toEqual([D_WARP, 1 << 1]);
    // Starting locations (0,5) (5,0) (5,-5) (0,-5) (-5,0) (-5,5): ships 0, 2, 3 stand on the
    // first, fifth and sixth, the Command Corvette itself on the third: (5,0) and (0,-5) are free.
    expect(legalOf(k, s, 1)).toEqual([1, 3]);
    k.submit(s, 1, 3);
    const cc = s.ccTok[1];
    expect([s.tokQ[cc], s.tokR[cc], s.tokFacing[cc]]).toEqual([0, -5, 3]);
    expect(STATUS_NAMES[s.status]).toBe('ongoing');
  });
});

describe('8.1.3 Corvettes! at 4 players: repair and launch through the allied capital ship', () => {
  /** Answer pass to seat 1's pending movement and corvette activations. */
  function pass(k: Kernel, s: GameState): void {
    while (s.pending === 1 << 1 && (s.decision === D_ACTIVATE || s.decision === D_CC_MOVE)) k.submit(s, 1, ACT_PASS);
  }

  it('a destroyed corvette is repaired aboard the team-mate (ship 3), then launched from its hangar with its bonus', () => {
    const { k, s } = position(4);
    destroy(k, s, 1);
    // Step 2 left corvettes 3 and 4 destroyed (no room beside the hangar, as at 3 players).
    expect(Array.from(s.corvLoc.subarray(CORVETTES + 2, 2 * CORVETTES))).toEqual([CORV_DESTROYED, CORV_DESTROYED]);
    commit(k, s, Cmd.Corvettes);
    pass(k, s);
    expect(s.decision).toBe(D_CORV_OPTION);
    expect(legalOf(k, s, 1)).toContain(CORV_REPAIR);
    k.submit(s, 1, CORV_REPAIR);
    expect(s.decision).toBe(D_REPAIR_CORV);
    k.submit(s, 1, 2);
    expect(s.corvLoc[CORVETTES + 2]).toBe(CORV_ABOARD);
    // Rounds 2 (Fire Main) and 3 (Corvettes! back from the track: repair cooldown 1).
    pass(k, s);
    commit(k, s, Cmd.FireMain);
    pass(k, s);
    commit(k, s, Cmd.Corvettes);
    pass(k, s);
    expect([s.round, s.decision]).toEqual([3, D_CORV_OPTION]);
    expect(legalOf(k, s, 1)).toContain(CORV_LAUNCH);
    k.submit(s, 1, CORV_LAUNCH);
    expect(s.decision).toBe(D_LAUNCH);
    // Lamais ship 3 at (-5, 5) facing NE: its stern (-6, 6), the hangar edge facing SW; the
    // Slipstream tube places a corvette 0 to 2 hexes out: (-7, 7) or (-8, 8) ((-9, 9) is off the board).
    const launches = legalOf(k, s, 1);
    expect(launches).toContain(encodeLaunch(2, 0, 0, 0));
    expect(launches).toContain(encodeLaunch(2, 0, 1, 0));
    expect(launches).not.toContain(encodeLaunch(2, 0, 2, 0));
    k.submit(s, 1, encodeLaunch(2, 0, 1, 0));
    const i = s.corvTok[CORVETTES + 2];
    expect([s.tokOwner[i], s.tokQ[i], s.tokR[i], s.tokFacing[i]]).toEqual([1, -8, 8, 4]);
  });

  it('at 3 players the Command Corvette has no ally: Corvettes! offers no repair', () => {
    const { k, s } = position(3);
    destroy(k, s, 1);
    commit(k, s, Cmd.Corvettes);
    pass(k, s);
    if (s.decision === D_CORV_OPTION) expect(legalOf(k, s, 1)).not.toContain(CORV_REPAIR);
  });
});

describe('3 and 8: destroying an enemy Command Corvette wins', () => {
  const rows = [
    { what: '3 players: ship 0 destroys ship 1\'s Command Corvette and wins alone', players: 3 as const, killer: 0, status: 'victory', winner: 0, winners: [0] },
    { what: '4 players: ship 2 destroys ship 1\'s Command Corvette: its team (0 and 2) wins', players: 4 as const, killer: 2, status: 'victory', winner: 0, winners: [0, 2] },
    { what: '4 players: destroyed by its own team-mate (ship 3): ship 1 is out, nobody wins', players: 4 as const, killer: 3, status: 'ongoing', winner: -1, winners: [] },
    { what: '3 players: lost to nobody (off the board): ship 1 is out, the match goes on', players: 3 as const, killer: -1, status: 'ongoing', winner: -1, winners: [] },
  ];
  it.each(rows)('$what', ({ players, killer, status, winner, winners }) => {
    const { k, s } = position(players);
    destroy(k, s, 1);
    k.weapons.destroyToken(s, s.ccTok[1], killer, CAUSE_PROJECTILE, -1);
    k.settleDestroyed(s);
    expect(STATUS_NAMES[s.status]).toBe(status);
    expect(s.g[3]).toBe(winner);
    expect([...Array(players).keys()].filter((p) => isWinner(s, p))).toEqual(winners);
    expect([s.ccTok[1], s.outRound[1]]).toEqual([-1, 1]);
  });
});
