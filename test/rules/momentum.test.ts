/**
 * Known-answer tests for the momentum mat (rulebook 7.2, 7.2.1, 7.2.2; interpretations 3-4
 * in docs/rules.md): thrust cancels the LAST opposite token, else modifies the
 * LAST token two edges away into the in-between direction, else adds (4 linear / 2
 * rotational at most, supply permitting), else is ignored. Every expected value below was
 * worked out by hand from the rule text; directions are 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
 *
 * The mats are written straight into a GameState (no kernel), so each row checks thrust()
 * alone; the last block plays the engine card through the kernel (7.2.1).
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import {
  cancels,
  modifies,
  thrust,
  tokenAt,
  THRUST_ADDED,
  THRUST_CANCELLED,
  THRUST_IGNORED,
  THRUST_MODIFIED,
  THRUST_NO_SUPPLY,
  THRUST_RESULT_NAMES,
} from '../../src/rules/momentum.ts';
import {
  GameState,
  G_PLAYERS,
  G_SUPPLY_CCW,
  G_SUPPLY_CW,
  G_SUPPLY_LINEAR,
  LIN_SLOTS,
  ROT_SLOTS,
  TOK_CCW,
  TOK_CW,
  TOK_NONE,
  ENGINE_CCW,
  ENGINE_CW,
  ENGINE_DOUBLE,
  ENGINE_NONE,
  MAX_COOLDOWN,
  PHASE_COMMIT,
  ST_THRUSTS_IGNORED,
} from '../../src/rules/state.ts';
import { Kernel, encodeCommit, CARD_NONE } from '../../src/rules/kernel.ts';
import { COMMAND_COUNT } from '../../src/rules/tables.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';

const N = 0;
const NE = 1;
const SE = 2;
const S = 3;
const SW = 4;
const NW = 5;
const CW = TOK_CW;
const CCW = TOK_CCW;
const NAME = ['N', 'NE', 'SE', 'S', 'SW', 'NW', 'CW', 'CCW'];
const names = (codes: number[]) => `[${codes.map((c) => NAME[c]).join(' ')}]`;

interface Supplies {
  linear: number;
  cw: number;
  ccw: number;
}

/** A bare two-player state: player p's mat as given (linear then rotational), the box supplies as given. */
function matState(p: number, lin: number[], rot: number[], sup: Supplies): GameState {
  const s = new GameState();
  s.g[G_PLAYERS] = 2;
  s.lin.fill(TOK_NONE);
  s.rot.fill(TOK_NONE);
  for (let i = 0; i < lin.length; i++) s.lin[p * LIN_SLOTS + i] = lin[i];
  s.linCount[p] = lin.length;
  for (let i = 0; i < rot.length; i++) s.rot[p * ROT_SLOTS + i] = rot[i];
  s.rotCount[p] = rot.length;
  s.g[G_SUPPLY_LINEAR] = sup.linear;
  s.g[G_SUPPLY_CW] = sup.cw;
  s.g[G_SUPPLY_CCW] = sup.ccw;
  return s;
}

function linOf(s: GameState, p: number): number[] {
  return Array.from(s.lin.subarray(p * LIN_SLOTS, p * LIN_SLOTS + s.linCount[p]));
}
function rotOf(s: GameState, p: number): number[] {
  return Array.from(s.rot.subarray(p * ROT_SLOTS, p * ROT_SLOTS + s.rotCount[p]));
}
/** Tokens of each kind in the box: supply plus every mat (must never change: the token-supply texts). */
function totals(s: GameState): Supplies {
  let linear = s.g[G_SUPPLY_LINEAR];
  let cw = s.g[G_SUPPLY_CW];
  let ccw = s.g[G_SUPPLY_CCW];
  for (let p = 0; p < 2; p++) {
    linear += s.linCount[p];
    for (const t of rotOf(s, p)) {
      if (t === CW) cw++;
      else ccw++;
    }
  }
  return { linear, cw, ccw };
}

const FULL: Supplies = { linear: 8, cw: 4, ccw: 4 };

// ---------------------------------------------------------------------------------------

interface LinRow {
  rule: string;
  before: number[];
  t: number;
  after: number[];
  result: number;
  supply?: number;
}

describe('thrust(): linear momentum (7.2)', () => {
  const rows: LinRow[] = [
    // Adding (7.2.1: "add one Momentum to your Capital Ship in the relevant direction").
    { rule: '7.2.1 add to an empty mat', before: [], t: N, after: [N], result: THRUST_ADDED },
    { rule: '7.2.1 add the same direction again', before: [N], t: N, after: [N, N], result: THRUST_ADDED },
    { rule: '7.2 one edge away neither cancels nor modifies: add', before: [N], t: NE, after: [N, NE], result: THRUST_ADDED },
    { rule: '7.2 one edge away (other side): add', before: [N], t: NW, after: [N, NW], result: THRUST_ADDED },
    { rule: '7.2 add after three tokens (4th slot)', before: [N, NE, N], t: NE, after: [N, NE, N, NE], result: THRUST_ADDED },
    // Cancelling.
    { rule: '7.2 opposite thrust cancels', before: [N], t: S, after: [], result: THRUST_CANCELLED },
    { rule: '7.2 cancel NE/SW', before: [SW], t: NE, after: [], result: THRUST_CANCELLED },
    { rule: '7.2 cancel SE/NW', before: [NW], t: SE, after: [], result: THRUST_CANCELLED },
    { rule: '7.2 cancel closes the gap: later tokens move up', before: [S, NE], t: N, after: [NE], result: THRUST_CANCELLED },
    { rule: '7.2 only the LAST opposite is cancelled', before: [N, NE, N, SE], t: S, after: [N, NE, SE], result: THRUST_CANCELLED },
    { rule: '7.2 only the LAST opposite is cancelled (two of them)', before: [N, N], t: S, after: [N], result: THRUST_CANCELLED },
    { rule: '7.2 cancel works on a full mat (4 linear)', before: [N, N, N, N], t: S, after: [N, N, N], result: THRUST_CANCELLED },
    // Modifying (two edges away -> the in-between direction, both turning senses).
    { rule: '7.2 modify: N + SE -> NE', before: [N], t: SE, after: [NE], result: THRUST_MODIFIED },
    { rule: '7.2 modify: N + SW -> NW', before: [N], t: SW, after: [NW], result: THRUST_MODIFIED },
    { rule: '7.2 modify: S + NE -> SE', before: [S], t: NE, after: [SE], result: THRUST_MODIFIED },
    { rule: '7.2 modify: S + NW -> SW', before: [S], t: NW, after: [SW], result: THRUST_MODIFIED },
    { rule: '7.2 modify across north: NW + NE -> N', before: [NW], t: NE, after: [N], result: THRUST_MODIFIED },
    { rule: '7.2 modify across north: NE + NW -> N', before: [NE], t: NW, after: [N], result: THRUST_MODIFIED },
    { rule: '7.2 modify: SE + SW -> S', before: [SE], t: SW, after: [S], result: THRUST_MODIFIED },
    { rule: '7.2 modify: SW + N -> NW', before: [SW], t: N, after: [NW], result: THRUST_MODIFIED },
    { rule: '7.2 only the LAST modifiable token is modified', before: [N, SE, N], t: SW, after: [N, SE, NW], result: THRUST_MODIFIED },
    { rule: '7.2 only the LAST modifiable token (earlier one stays)', before: [N, NE, N], t: SE, after: [N, NE, NE], result: THRUST_MODIFIED },
    { rule: '7.2 the last modifiable token may sit before others', before: [SE, N, NW], t: SW, after: [SE, NW, NW], result: THRUST_MODIFIED },
    { rule: '7.2 modify works on a full mat (4 linear)', before: [N, N, N, N], t: SE, after: [N, N, N, NE], result: THRUST_MODIFIED },
    // Cancel takes precedence over modify (docs/rules.md, 7.2).
    { rule: '7.2 / interp. 3 cancel beats modify (modifiable token is later)', before: [N, NE], t: S, after: [NE], result: THRUST_CANCELLED },
    { rule: '7.2 / interp. 3 cancel beats modify (modifiable token is earlier)', before: [N, NW], t: SE, after: [N], result: THRUST_CANCELLED },
    // Limit of 4 linear tokens: other thrusts are ignored.
    { rule: '7.2 four linear: a same-direction thrust is ignored', before: [N, N, N, N], t: N, after: [N, N, N, N], result: THRUST_IGNORED },
    { rule: '7.2 four linear: a one-edge thrust is ignored', before: [N, N, N, N], t: NE, after: [N, N, N, N], result: THRUST_IGNORED },
    { rule: '7.2 four linear and an empty supply: ignored because the mat is full', before: [N, N, N, N], t: NW, after: [N, N, N, N], result: THRUST_IGNORED, supply: 0 },
    // Empty supply (star-token text: a gain from an empty pool grants nothing).
    { rule: 'star-token text an add from an empty supply grants nothing', before: [], t: N, after: [], result: THRUST_NO_SUPPLY, supply: 0 },
    { rule: 'star-token text an add from an empty supply grants nothing (mat has room)', before: [N, NE], t: N, after: [N, NE], result: THRUST_NO_SUPPLY, supply: 0 },
    { rule: 'star-token text cancelling needs no supply (the token goes back)', before: [N, NE], t: S, after: [NE], result: THRUST_CANCELLED, supply: 0 },
    { rule: 'star-token text modifying needs no supply', before: [N], t: SE, after: [NE], result: THRUST_MODIFIED, supply: 0 },
    { rule: 'star-token text the last token of the supply can be added', before: [N], t: N, after: [N, N], result: THRUST_ADDED, supply: 1 },
  ];

  it.each(rows)('$rule', (row) => {
    const supply = row.supply ?? FULL.linear - row.before.length;
    for (const p of [0, 1]) {
      const s = matState(p, row.before, [CW], { linear: supply, cw: 3, ccw: 4 });
      const before = totals(s);
      const other = 1 - p;
      const otherBytes = { lin: linOf(s, other), rot: rotOf(s, other) };
      const r = thrust(s, p, row.t);
      expect(THRUST_RESULT_NAMES[r], `${names(row.before)} + ${NAME[row.t]}`).toBe(THRUST_RESULT_NAMES[row.result]);
      expect(names(linOf(s, p))).toBe(names(row.after));
      expect(rotOf(s, p), 'a linear thrust never touches the rotational tokens').toEqual([CW]);
      expect(linOf(s, other)).toEqual(otherBytes.lin);
      expect(rotOf(s, other)).toEqual(otherBytes.rot);
      // Slots past the count are empty.
      for (let i = s.linCount[p]; i < LIN_SLOTS; i++) expect(s.lin[p * LIN_SLOTS + i]).toBe(TOK_NONE);
      // Supply moves by exactly the change on the mat; totals conserved (the token-supply texts).
      expect(s.g[G_SUPPLY_LINEAR]).toBe(supply - (row.after.length - row.before.length));
      expect(s.g[G_SUPPLY_CW]).toBe(3);
      expect(s.g[G_SUPPLY_CCW]).toBe(4);
      expect(totals(s)).toEqual(before);
    }
  });
});

interface RotRow {
  rule: string;
  lin?: number[];
  before: number[];
  t: number;
  after: number[];
  result: number;
  cw?: number;
  ccw?: number;
}

describe('thrust(): rotational momentum (7.2, 7.2.1)', () => {
  const rows: RotRow[] = [
    { rule: '7.2.1 add a clockwise token', before: [], t: CW, after: [CW], result: THRUST_ADDED },
    { rule: '7.2.1 add a counter-clockwise token', before: [], t: CCW, after: [CCW], result: THRUST_ADDED },
    { rule: '7.2 same rotation again: add (2 max)', before: [CW], t: CW, after: [CW, CW], result: THRUST_ADDED },
    { rule: '7.2 CCW cancels CW', before: [CW], t: CCW, after: [], result: THRUST_CANCELLED },
    { rule: '7.2 CW cancels CCW', before: [CCW], t: CW, after: [], result: THRUST_CANCELLED },
    { rule: '7.2 cancel on a full rotational mat', before: [CW, CW], t: CCW, after: [CW], result: THRUST_CANCELLED },
    { rule: '7.2 only the LAST opposite rotation is cancelled', before: [CCW, CW], t: CW, after: [CW], result: THRUST_CANCELLED },
    { rule: '7.2 only the LAST opposite rotation is cancelled (other order)', before: [CW, CCW], t: CW, after: [CW], result: THRUST_CANCELLED },
    { rule: '7.2 two rotational tokens: a third is ignored', before: [CW, CW], t: CW, after: [CW, CW], result: THRUST_IGNORED },
    { rule: '7.2 two rotational tokens: ignored (CCW)', before: [CCW, CCW], t: CCW, after: [CCW, CCW], result: THRUST_IGNORED },
    { rule: '7.2 a rotation never cancels or modifies linear tokens', lin: [N, S], before: [], t: CW, after: [CW], result: THRUST_ADDED },
    { rule: 'star-token text no clockwise token left: grants nothing', before: [], t: CW, after: [], result: THRUST_NO_SUPPLY, cw: 0 },
    { rule: 'star-token text no counter-clockwise token left: grants nothing', before: [CCW], t: CCW, after: [CCW], result: THRUST_NO_SUPPLY, ccw: 0 },
    { rule: 'star-token text an empty CCW supply does not stop a CW add', before: [], t: CW, after: [CW], result: THRUST_ADDED, ccw: 0 },
    { rule: 'star-token text cancelling needs no supply', before: [CW], t: CCW, after: [], result: THRUST_CANCELLED, cw: 0, ccw: 0 },
  ];

  it.each(rows)('$rule', (row) => {
    const lin = row.lin ?? [N];
    const cwIn = row.before.filter((x) => x === CW).length;
    const ccwIn = row.before.length - cwIn;
    const cw = row.cw ?? 4 - cwIn;
    const ccw = row.ccw ?? 4 - ccwIn;
    const linear = 8 - lin.length;
    const s = matState(0, lin, row.before, { linear, cw, ccw });
    const before = totals(s);
    const r = thrust(s, 0, row.t);
    expect(THRUST_RESULT_NAMES[r]).toBe(THRUST_RESULT_NAMES[row.result]);
    expect(names(rotOf(s, 0))).toBe(names(row.after));
    expect(linOf(s, 0), 'a rotational thrust never touches the linear tokens').toEqual(lin);
    expect(s.g[G_SUPPLY_LINEAR]).toBe(linear);
    const cwAfter = row.after.filter((x) => x === CW).length;
    const ccwAfter = row.after.length - cwAfter;
    expect(s.g[G_SUPPLY_CW]).toBe(cw + cwIn - cwAfter);
    expect(s.g[G_SUPPLY_CCW]).toBe(ccw + ccwIn - ccwAfter);
    for (let i = s.rotCount[0]; i < ROT_SLOTS; i++) expect(s.rot[i]).toBe(TOK_NONE);
    expect(totals(s)).toEqual(before);
  });
});

describe('cancels() (7.2: opposite linear directions, opposite rotations)', () => {
  const rows: [string, number, number, boolean][] = [
    ['N', N, S, true],
    ['S', S, N, true],
    ['NE', NE, SW, true],
    ['SW', SW, NE, true],
    ['SE', SE, NW, true],
    ['NW', NW, SE, true],
    ['N', N, N, false],
    ['N', N, NE, false],
    ['N', N, SE, false],
    ['N', N, SW, false],
    ['N', N, NW, false],
    ['CW', CW, CCW, true],
    ['CCW', CCW, CW, true],
    ['CW', CW, CW, false],
    ['CCW', CCW, CCW, false],
    ['N', N, CW, false],
    ['CW', CW, S, false],
    ['S', S, CCW, false],
  ];
  it.each(rows)('7.2 cancels(%s, %s) = %s', (_n, a, b, want) => {
    expect(cancels(a, b)).toBe(want);
  });
});

describe('modifies() (7.2: two edges away -> the in-between direction)', () => {
  const rows: [number, number, number][] = [
    [N, SE, NE],
    [N, SW, NW],
    [NE, S, SE],
    [NE, NW, N],
    [SE, N, NE],
    [SE, SW, S],
    [S, NE, SE],
    [S, NW, SW],
    [SW, SE, S],
    [SW, N, NW],
    [NW, NE, N],
    [NW, S, SW],
    // Not two edges away: no modification.
    [N, N, -1],
    [N, NE, -1],
    [N, NW, -1],
    [N, S, -1],
    [SE, NW, -1],
    // Rotations never modify.
    [N, CW, -1],
    [CW, N, -1],
    [CW, CCW, -1],
  ];
  it.each(rows.map(([a, b, m]) => ({ a, b, m, an: NAME[a], bn: NAME[b], mn: m < 0 ? 'none' : NAME[m] })))('7.2 modifies($an, $bn) = $mn', ({ a, b, m }) => {
    expect(modifies(a, b)).toBe(m);
  });
});

describe('tokenAt(): the movement sequence is linear tokens in slot order, then rotational (7.2.2)', () => {
  const rows: { rule: string; lin: number[]; rot: number[]; seq: number[] }[] = [
    { rule: '7.2.2 empty mat', lin: [], rot: [], seq: [] },
    { rule: '7.2.2 linear in slot order', lin: [NE, S, S], rot: [], seq: [NE, S, S] },
    { rule: '7.2.2 rotational only', lin: [], rot: [CCW, CCW], seq: [CCW, CCW] },
    { rule: '7.2.2 linear first, then rotational', lin: [NE, S], rot: [CW], seq: [NE, S, CW] },
    { rule: '7.2.2 full mat: 4 linear then 2 rotational', lin: [N, NE, SE, S], rot: [CW, CCW], seq: [N, NE, SE, S, CW, CCW] },
  ];
  it.each(rows)('$rule', ({ lin, rot, seq }) => {
    for (const p of [0, 1]) {
      const s = matState(p, lin, rot, FULL);
      // The other player's mat holds something else, which must not leak into p's sequence.
      const o = 1 - p;
      s.lin[o * LIN_SLOTS] = NW;
      s.linCount[o] = 1;
      const got: number[] = [];
      for (let k = 0; k < LIN_SLOTS + ROT_SLOTS + 2; k++) got.push(tokenAt(s, p, k));
      const want = [...seq];
      while (want.length < got.length) want.push(TOK_NONE);
      expect(got).toEqual(want);
    }
  });
});

// ---------------------------------------------------------------------------------------

describe('the engine card through the kernel (7.2.1: double thrust = two thrusts in the facing direction)', () => {
  const { file, scenario } = loadScenario('duel');
  const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
  const k = new Kernel(t);
  /** Cooldown track positions (Cmd order): all eight cards at 9, none in hand. */
  const ALL_AWAY = Array.from({ length: COMMAND_COUNT }, () => MAX_COOLDOWN);
  // Ship 0 (FPA) faces N at (0, 5), ship 1 (Lamais) faces S at (0, -5): far apart, so a
  // round of at most four hexes of movement cannot collide.
  const rows: { rule: string; mat: number[]; engine: number; after: number[]; rot: number[]; pos: [number, number]; facing: number; ignored: number }[] = [
    { rule: '7.2.1 single thrust N adds N; the ship moves one hex N', mat: [], engine: N, after: [N], rot: [], pos: [0, 4], facing: N, ignored: 0 },
    { rule: '7.2.1 double thrust adds two tokens in the facing direction (N)', mat: [], engine: ENGINE_DOUBLE, after: [N, N], rot: [], pos: [0, 3], facing: N, ignored: 0 },
    { rule: '7.2.1 double thrust against opposite momentum cancels twice', mat: [S, S, NE], engine: ENGINE_DOUBLE, after: [NE], rot: [], pos: [1, 4], facing: N, ignored: 0 },
    { rule: '7.2 thrust S cancels N: the ship stays put', mat: [N], engine: S, after: [], rot: [], pos: [0, 5], facing: N, ignored: 0 },
    { rule: '7.2 thrust SE modifies N to NE: the ship moves NE', mat: [N], engine: SE, after: [NE], rot: [], pos: [1, 4], facing: N, ignored: 0 },
    { rule: '7.2.1 rotate clockwise: a CW token; the ship turns to NE in place', mat: [], engine: ENGINE_CW, after: [], rot: [CW], pos: [0, 5], facing: NE, ignored: 0 },
    { rule: '7.2.1 rotate counter-clockwise: a CCW token; the ship turns to NW in place', mat: [], engine: ENGINE_CCW, after: [], rot: [CCW], pos: [0, 5], facing: NW, ignored: 0 },
    { rule: '7.2.1 no thrust leaves the mat alone', mat: [N], engine: ENGINE_NONE, after: [N], rot: [], pos: [0, 4], facing: N, ignored: 0 },
    { rule: '7.2 four linear: thrust N is ignored (and counted)', mat: [N, N, N, N], engine: N, after: [N, N, N, N], rot: [], pos: [0, 1], facing: N, ignored: 1 },
    { rule: '7.2 double thrust on four linear: both thrusts ignored', mat: [N, N, N, N], engine: ENGINE_DOUBLE, after: [N, N, N, N], rot: [], pos: [0, 1], facing: N, ignored: 2 },
  ];
  it.each(rows)('$rule', (row) => {
    const m = scenarioSetup(file, scenario, t, 0);
    m.ships[0].q = 0;
    m.ships[0].r = 5;
    m.ships[0].momentum = row.mat;
    m.ships[1].q = 0;
    m.ships[1].r = -5;
    // Only the engine card is under test: every command card is far down the cooldown
    // track, so both hands are empty and each ship commits its engine alone
    // (a short hand commits what it has). No command resolves.
    for (const ship of m.ships) ship.cooldown = ALL_AWAY;
    const s = k.setup(new GameState(), m);
    k.submit(s, 0, encodeCommit(row.engine, CARD_NONE, CARD_NONE, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
    expect(s.round).toBe(2);
    expect(s.phase).toBe(PHASE_COMMIT);
    expect(names(linOf(s, 0))).toBe(names(row.after));
    expect(names(rotOf(s, 0))).toBe(names(row.rot));
    expect([s.shipQ[0], s.shipR[0]]).toEqual(row.pos);
    expect(NAME[s.facing[0]]).toBe(NAME[row.facing]);
    expect(s.stat(0, ST_THRUSTS_IGNORED)).toBe(row.ignored);
    expect(totals(s)).toEqual(FULL);
  });
});
