/**
 * Shield arrangements (rulebook 10.1.4 "add two shield tokens ... and rearrange", 4.1.1
 * capacities; special ability Shield Surge, 4.2.6): the shields in hand are
 * placed in ONE decision, an arrangement (encodeShields: how many go on each section).
 *
 * Counts are worked out by hand: the ways to put k shields on 5 sections with at most c on
 * each are the coefficient of x^k in (1 + x + ... + x^c)^5: k = 2, c = 2: 15; k = 5, c = 2:
 * 51; with no cap (Shield Surge) C(k + 4, 4): k = 1: 5, k = 2: 15, k = 3: 35.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel, encodeCommit, encodeShields, shieldsPlaced, CARD_NONE, D_COMMIT, D_DEFENCE, D_SHIELD, DEF_SHIELDS } from '../../src/rules/kernel.ts';
import { invariantViolations } from '../../src/rules/invariants.ts';
import { GameState, G_SUPPLY_SHIELDS, MAX_ACTIONS, MAX_COOLDOWN, MAX_SECTIONS, ENGINE_NONE } from '../../src/rules/state.ts';
import { Cmd, COMMAND_COUNT, SpecialKind, type GameTables } from '../../src/rules/tables.ts';
import { EventLog, EV_SHIELD, EVENT_WIDTH } from '../../src/rules/events.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';

const { file, scenario } = loadScenario('duel');
const base = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const FPA = 0;

/** The fixture tables with FPA's special (and optionally its shield capacities) replaced. */
function withFpa(special: { kind: SpecialKind; amount: number } | null, capacity: { perSection: number; total: number } | null): GameTables {
  return {
    ...base,
    factions: base.factions.map((f, i) => {
      if (i !== FPA) return f;
      const hull = capacity ? { ...f.hull, shieldCapSection: capacity.perSection, shieldCapTotal: capacity.total } : f.hull;
      return { ...f, hull, special: special ? { ...f.special, ...special } : f.special };
    }),
  };
}

const away = Array.from({ length: COMMAND_COUNT }, () => MAX_COOLDOWN);
const only = (card: number) => away.map((pos, c) => (c === card ? -1 : pos));

interface Row {
  why: string;
  /** Shield Surge with this amount instead of Defence Stations. */
  surge?: number;
  capacity?: { perSection: number; total: number };
  onShip: number[];
  /** Shields in hand when the arrangement is asked (gained + lifted, or only gained for Surge). */
  hand: number;
  count: number;
  first?: number[];
  last?: number[];
  /** Not an arrangement of the hand. */
  illegal?: number[];
}

const rows: Row[] = [
  { why: 'Defence Stations on a bare ship: 2 gained, 15 ways', onShip: [0, 0, 0, 0, 0], hand: 2, count: 15, first: [2, 0, 0, 0, 0], last: [0, 0, 0, 0, 2], illegal: [1, 0, 0, 0, 0] },
  { why: 'Defence Stations with 4 on: 1 gained (total 5), all 5 lifted, 51 ways', onShip: [2, 2, 0, 0, 0], hand: 5, count: 51, first: [2, 2, 1, 0, 0], last: [0, 0, 1, 2, 2], illegal: [3, 2, 0, 0, 0] },
  { why: 'Defence Stations on a full ship: nothing gained, all 5 rearranged', onShip: [2, 2, 1, 0, 0], hand: 5, count: 51, first: [2, 2, 1, 0, 0], last: [0, 0, 1, 2, 2], illegal: [2, 2, 2, 0, 0] },
  { why: 'Shield Surge 2 with 4 on: 1 gained (total 5), placed anywhere, even above the per-section cap', surge: 2, onShip: [2, 2, 0, 0, 0], hand: 1, count: 5, first: [1, 0, 0, 0, 0], last: [0, 0, 0, 0, 1], illegal: [0, 0, 0, 0, 0] },
  { why: 'Shield Surge 2 on a bare ship: 15 ways', surge: 2, onShip: [0, 0, 0, 0, 0], hand: 2, count: 15, first: [2, 0, 0, 0, 0], last: [0, 0, 0, 0, 2], illegal: [2, 1, 0, 0, 0] },
  { why: 'Shield Surge 3 (total 9): 35 ways, 3 on one section allowed', surge: 3, capacity: { perSection: 2, total: 9 }, onShip: [0, 0, 0, 0, 0], hand: 3, count: 35, first: [3, 0, 0, 0, 0], last: [0, 0, 0, 0, 3], illegal: [0, 0, 0, 0, 0, 3] },
  { why: 'room for exactly the hand (1 per section, 5 in all): one arrangement, taken without asking', capacity: { perSection: 1, total: 5 }, onShip: [1, 1, 1, 1, 0], hand: 5, count: 1, first: [1, 1, 1, 1, 1] },
];

describe('shield arrangements: one decision for all the shields in hand (10.1.4, 4.1.1)', () => {
  it.each(rows)('$why', (row) => {
    const t = withFpa(row.surge ? { kind: SpecialKind.ShieldSurge, amount: row.surge } : null, row.capacity ?? null);
    const k = new Kernel(t);
    const log = new EventLog(4096);
    k.log = log;
    const m = scenarioSetup(file, scenario, t, 0);
    m.ships[0].shields = row.onShip;
    m.ships[0].cooldown = only(row.surge ? Cmd.SpecialAbility : Cmd.DefenceStations);
    m.ships[1].cooldown = away;
    const s = k.setup(new GameState(), m);
    const supplyBefore = s.g[G_SUPPLY_SHIELDS];
    k.submit(s, 0, encodeCommit(ENGINE_NONE, row.surge ? Cmd.SpecialAbility : Cmd.DefenceStations, CARD_NONE, 0));
    k.submit(s, 1, encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0));
    if (!row.surge) {
      expect(s.decision).toBe(D_DEFENCE);
      k.submit(s, 0, DEF_SHIELDS);
    }
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    const gained = (row.surge ? row.hand : row.hand - sum(row.onShip));
    let chosen: number;
    if (row.count === 1) {
      // Taken without asking: the match is at the next commitment.
      expect(s.decision).toBe(D_COMMIT);
      chosen = encodeShields(row.first!);
    } else {
      expect(s.decision).toBe(D_SHIELD);
      expect(k.shieldsInHand(s)).toBe(row.hand);
      const buf = new Int32Array(MAX_ACTIONS);
      const n = k.legal(s, 0, buf);
      const list = Array.from(buf.subarray(0, n));
      expect(n).toBe(row.count);
      expect(new Set(list).size).toBe(n);
      expect(list[0]).toBe(encodeShields(row.first!));
      expect(list[n - 1]).toBe(encodeShields(row.last!));
      for (const a of list) {
        expect(k.isLegal(s, 0, a)).toBe(true);
        let placed = 0;
        for (let sec = 0; sec < 5; sec++) placed += shieldsPlaced(a, sec);
        expect(placed).toBe(row.hand);
      }
      expect(k.isLegal(s, 0, encodeShields(row.illegal!))).toBe(false);
      expect(k.isLegal(s, 0, -1)).toBe(false);
      expect(invariantViolations(k, s)).toEqual([]);
      chosen = list[n - 1];
      k.submit(s, 0, chosen);
    }
    for (let sec = 0; sec < 5; sec++) expect(s.shields[sec], `section ${sec}`).toBe((row.surge ? row.onShip[sec] : 0) + shieldsPlaced(chosen, sec));
    for (let sec = 5; sec < MAX_SECTIONS; sec++) expect(s.shields[sec]).toBe(0);
    let events = 0;
    for (let i = 0; i < log.length; i++) if (log.data[i * EVENT_WIDTH] === EV_SHIELD) events++;
    expect(events).toBe(row.hand);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(supplyBefore - gained);
    expect(invariantViolations(k, s)).toEqual([]);
  });
});
