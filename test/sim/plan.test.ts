/**
 * Experiment plans (src/sim/plan.ts): the loadout space of a faction (loadoutCount against a
 * brute-force count, loadoutAt as a bijection onto the legal loadouts, unique labels) and
 * planExperiment for every kind: who the entrants are, which pairs meet, on which table
 * variant, and how loadout samples follow the master seed; the rotation blocks of 3- and
 * 4-seat tables (every entrant in every seat once, partners kept) and the N-seat tables.
 */
import { describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.ts';
import { ConfigError } from '../../src/content/errors.ts';
import type { FactionTable, LoadoutTable } from '../../src/rules/tables.ts';
import { ExperimentSchema, slotOf } from '../../src/sim/experiment.ts';
import { arrangementsOf, combinations, loadoutAt, loadoutCount, loadoutLabel, planExperiment, seatingOf, TWO_SEATS, type Plan } from '../../src/sim/plan.ts';

const tables = loadGameTables();
const FILE = 'plan-test.yaml';

function faction(id: string): FactionTable {
  const f = tables.factions.find((x) => x.id === id);
  if (!f) throw new Error(`no faction ${id}`);
  return f;
}

/** Legal 4-corvette multisets, counted by brute force over non-decreasing index tuples. */
function bruteCorvetteSets(f: FactionTable): number {
  const n = f.corvettes.length;
  let count = 0;
  for (let a = 0; a < n; a++)
    for (let b = a; b < n; b++)
      for (let c = b; c < n; c++)
        for (let d = c; d < n; d++) {
          const used = new Array<number>(n).fill(0);
          for (const i of [a, b, c, d]) used[i]++;
          if (used.every((u, i) => u <= f.corvettes[i].limit)) count++;
        }
  return count;
}

/** A loadout as a key: card indices with the corvettes sorted (a multiset). */
function keyOf(l: LoadoutTable): string {
  return JSON.stringify([l.main, l.broadside, l.hangar, l.pointDefence, [...l.corvettes].sort((x, y) => x - y)]);
}

/** Whether a loadout is legal: every index in range, four corvettes, each within its limit. */
function isLegal(f: FactionTable, l: LoadoutTable): boolean {
  const inRange = (i: number, n: number) => Number.isInteger(i) && i >= 0 && i < n;
  if (!inRange(l.main, f.mainWeapons.length) || !inRange(l.broadside, f.broadsides.length)) return false;
  if (!inRange(l.hangar, f.hangars.length) || !inRange(l.pointDefence, f.pointDefence.length)) return false;
  if (l.corvettes.length !== 4 || !l.corvettes.every((c) => inRange(c, f.corvettes.length))) return false;
  return f.corvettes.every((c, i) => l.corvettes.filter((x) => x === i).length <= c.limit);
}

describe('loadout space', () => {
  // faction, card counts (main, broadside, hangar, point defence), corvette multisets, total
  const cases: [string, number[], number, number][] = [
    ['fpa', [2, 2, 2, 3], 49, 1176],
    ['lamais', [2, 2, 2, 3], 49, 1176],
  ];

  it.each(cases)('%s: loadoutCount is the product of card counts and legal corvette sets', (id, cards, sets, total) => {
    const f = faction(id);
    expect([f.mainWeapons.length, f.broadsides.length, f.hangars.length, f.pointDefence.length]).toEqual(cards);
    expect(bruteCorvetteSets(f)).toBe(sets);
    const expected = f.mainWeapons.length * f.broadsides.length * f.hangars.length * f.pointDefence.length * bruteCorvetteSets(f);
    expect(expected).toBe(total);
    expect(loadoutCount(f)).toBe(expected);
  });

  it.each(cases)('%s: loadoutAt is a bijection from 0..count-1 onto the legal loadouts, with unique labels', (id) => {
    const f = faction(id);
    const total = loadoutCount(f);
    const keys = new Set<string>();
    const labels = new Set<string>();
    for (let k = 0; k < total; k++) {
      const l = loadoutAt(f, k);
      expect(isLegal(f, l), `loadout ${k} ${keyOf(l)}`).toBe(true);
      keys.add(keyOf(l));
      labels.add(loadoutLabel(f, l));
    }
    // All distinct, and as many as the brute-force count of legal loadouts: every legal one is hit.
    expect(keys.size).toBe(total);
    expect(labels.size).toBe(total);
  });

  // k -> the loadout (main slowest, corvette set fastest; sets in lexicographic order)
  const fpaAt: [number, LoadoutTable, string][] = [
    [0, { main: 0, broadside: 0, hangar: 0, pointDefence: 0, corvettes: [0, 0, 0, 0] }, 'hammerfall/hornet/catapult/flak/waspx4'],
    [1, { main: 0, broadside: 0, hangar: 0, pointDefence: 0, corvettes: [0, 0, 0, 1] }, 'hammerfall/hornet/catapult/flak/waspx3+picket'],
    [49, { main: 0, broadside: 0, hangar: 0, pointDefence: 1, corvettes: [0, 0, 0, 0] }, 'hammerfall/hornet/catapult/sentinel/waspx4'],
    [147, { main: 0, broadside: 0, hangar: 1, pointDefence: 0, corvettes: [0, 0, 0, 0] }, 'hammerfall/hornet/drydock/flak/waspx4'],
    [294, { main: 0, broadside: 1, hangar: 0, pointDefence: 0, corvettes: [0, 0, 0, 0] }, 'hammerfall/harpoon/catapult/flak/waspx4'],
    [588, { main: 1, broadside: 0, hangar: 0, pointDefence: 0, corvettes: [0, 0, 0, 0] }, 'longbow/hornet/catapult/flak/waspx4'],
    [1175, { main: 1, broadside: 1, hangar: 1, pointDefence: 2, corvettes: [3, 3, 3, 4] }, 'longbow/harpoon/drydock/lancet/lanternx3+hammerhead'],
  ];
  it.each(fpaAt)('fpa loadoutAt(%i) and its label', (k, loadout, label) => {
    const f = faction('fpa');
    expect(loadoutAt(f, k)).toEqual(loadout);
    expect(loadoutLabel(f, loadoutAt(f, k))).toBe(label);
  });

  it('labels count repeated corvettes in the order they are listed', () => {
    const f = faction('fpa');
    expect(loadoutLabel(f, f.defaultLoadout)).toBe('hammerfall/hornet/catapult/sentinel/makox2+wasp+picket');
    expect(loadoutLabel(faction('lamais'), faction('lamais').defaultLoadout)).toBe('tyrant/scattershot/slipstream/needle/kestrelx2+striker+lancer');
  });
});

// ---------------------------------------------------------------------------------------
// planExperiment

const P = (name: string, faction = 'fpa', policy = 'random') => ({ name, policy, faction });
const experiment = (o: Record<string, unknown>) => ExperimentSchema.parse({ name: 'plan-test', matches: 2, ...o });
const plan = (o: Record<string, unknown>): Plan => planExperiment(FILE, experiment(o), tables);
const names = (p: Plan) => p.entrants.map((e) => e.name);
const origins = (p: Plan) => p.entrants.map((e) => (e.origin.kind === 'player' ? `p${e.origin.player}` : e.origin.kind === 'loadout' ? `l${e.origin.loadout}` : `v${e.origin.variant}`));

describe('planExperiment: the fixed kinds', () => {
  // kind, players, expected pairings
  const cases: [string, number, [number, number][]][] = [
    ['batch', 2, [[0, 1]]],
    ['compare', 2, [[0, 1]]],
    ['tournament', 4, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]],
    ['gauntlet', 4, [[0, 1], [0, 2], [0, 3]]],
    ['meta', 3, [[0, 1], [0, 2], [1, 2]]],
  ];
  it.each(cases)('%s with %i players', (kind, n, pairings) => {
    const players = ['A', 'B', 'C', 'D'].slice(0, n).map((x, i) => P(x, i % 2 ? 'lamais' : 'fpa'));
    const p = plan({ kind, players });
    expect(names(p)).toEqual(players.map((x) => x.name));
    expect(origins(p)).toEqual(players.map((_, i) => `p${i}`));
    expect(p.entrants.map((e) => e.faction)).toEqual(players.map((x) => x.faction));
    expect(p.pairings).toEqual(pairings);
    expect(p.pairingVariant).toEqual(pairings.map(() => 0));
    expect(p.variants).toEqual([{ label: 'base', changes: [] }]);
    expect(p.subject).toBeUndefined();
    expect(p.loadoutSpace).toBeUndefined();
  });

  it('carries the experiment changes into the base variant, sourced', () => {
    const p = plan({ kind: 'batch', players: [P('A'), P('B')], changes: [{ card: 'fpa-hammerfall', field: 'damage', value: 6 }] });
    expect(p.variants).toEqual([
      { label: 'base', changes: [{ change: { card: 'fpa-hammerfall', field: 'damage', value: 6 }, file: FILE, path: 'changes[0]' }] },
    ]);
  });

  it('keeps each player loadout and params as given', () => {
    const p = plan({ kind: 'batch', players: [{ ...P('A'), loadout: 'draft', params: { x: 1 } }, { ...P('B'), loadout: 'sample' }] });
    expect(p.entrants.map((e) => [e.loadout, e.params])).toEqual([
      ['draft', { x: 1 }],
      ['sample', {}],
    ]);
  });
});

describe('planExperiment: loadout-sweep', () => {
  /** A loadout-sweep of fpa loadouts flown by greedy; `loadouts` and the rest override. */
  const sweepOf = (loadouts: Record<string, unknown>, rest: Record<string, unknown> = {}) =>
    plan({ kind: 'loadout-sweep', seed: 11, loadouts: { faction: 'fpa', policy: 'greedy', params: { depth: 2 }, ...loadouts }, ...rest });

  it('count 6 against two field players: 8 entrants, 12 pairings [loadout i, field j]', () => {
    const p = sweepOf({ count: 6 }, { players: [P('F1', 'lamais'), P('F2', 'lamais', 'rammer')] });
    expect(p.entrants).toHaveLength(8);
    expect(origins(p)).toEqual(['l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'p0', 'p1']);
    expect(names(p).slice(6)).toEqual(['F1', 'F2']);
    const expected: [number, number][] = [];
    for (let i = 0; i < 6; i++) for (let j = 0; j < 2; j++) expected.push([i, 6 + j]);
    expect(p.pairings).toEqual(expected);
    expect(p.pairingVariant).toEqual(new Array(12).fill(0));
    expect(p.loadoutSpace).toEqual({ faction: 'fpa', total: 1176, chosen: 6, sampled: true });
    const f = faction('fpa');
    for (const e of p.entrants.slice(0, 6)) {
      expect([e.policy, e.params, e.faction]).toEqual(['greedy', { depth: 2 }, 'fpa']);
      const l = e.loadout as LoadoutTable;
      expect(isLegal(f, l)).toBe(true);
      expect(e.name).toBe(loadoutLabel(f, l));
    }
    expect(new Set(p.entrants.slice(0, 6).map((e) => keyOf(e.loadout as LoadoutTable))).size).toBe(6);
  });

  it('field each-other with count 5: a round robin of 10 pairings among the loadouts', () => {
    const p = sweepOf({ count: 5 }, { field: 'each-other' });
    expect(p.entrants).toHaveLength(5);
    expect(p.pairings).toEqual([[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
    expect(p.loadoutSpace).toEqual({ faction: 'fpa', total: 1176, chosen: 5, sampled: true });
  });

  it("count 'all' with max 10000: every legal loadout, in loadoutAt order, not sampled", () => {
    const p = sweepOf({ count: 'all', max: 10000 }, { players: [P('F', 'lamais')] });
    const f = faction('fpa');
    expect(p.entrants).toHaveLength(1177);
    expect(p.loadoutSpace).toEqual({ faction: 'fpa', total: 1176, chosen: 1176, sampled: false });
    expect(p.entrants.slice(0, 1176).map((e) => e.loadout)).toEqual(Array.from({ length: 1176 }, (_, k) => loadoutAt(f, k)));
    expect(p.pairings).toHaveLength(1176);
    expect(p.pairings[1175]).toEqual([1175, 1176]);
  });

  it("count 'all' with max 10: a sample of 10", () => {
    const p = sweepOf({ count: 'all', max: 10 }, { players: [P('F', 'lamais')] });
    expect(p.entrants).toHaveLength(11);
    expect(p.loadoutSpace).toEqual({ faction: 'fpa', total: 1176, chosen: 10, sampled: true });
    expect(p.pairings).toHaveLength(10);
  });

  it("count 'all' with the default max of 64 samples 64 of the 1176", () => {
    const p = sweepOf({}, { players: [P('F', 'lamais')] });
    expect(p.loadoutSpace).toEqual({ faction: 'fpa', total: 1176, chosen: 64, sampled: true });
  });

  it('a sample is a function of the master seed: the same seed gives the same loadouts, another seed others', () => {
    const sample = (seed: number | string) =>
      plan({ kind: 'loadout-sweep', seed, field: 'each-other', loadouts: { faction: 'lamais', policy: 'random', count: 8 } }).entrants.map((e) => e.loadout);
    const a = sample(11);
    expect(sample(11)).toEqual(a);
    expect(sample('11')).toEqual(a); // the seed is used through its string form
    expect(sample(12)).not.toEqual(a);
    expect(sample('another')).not.toEqual(a);
    // Sampled loadouts are listed in increasing loadoutAt order.
    const f = faction('lamais');
    const index = new Map(Array.from({ length: loadoutCount(f) }, (_, k) => [keyOf(loadoutAt(f, k)), k]));
    const ks = a.map((l) => index.get(keyOf(l as LoadoutTable))!);
    expect(ks.every((k) => k !== undefined)).toBe(true);
    expect([...ks].sort((x, y) => x - y)).toEqual(ks);
    expect(new Set(ks).size).toBe(8);
  });

  it('a player named like a generated loadout is refused at players', () => {
    const run = () => sweepOf({ count: 'all', max: 10000 }, { players: [P('hammerfall/hornet/catapult/flak/waspx4', 'lamais')] });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (e) {
      expect((e as ConfigError).file).toBe(FILE);
      expect((e as ConfigError).path).toBe('players');
    }
  });

  it('an unknown faction is refused at loadouts.faction', () => {
    try {
      sweepOf({ faction: 'zorg', count: 4 }, { field: 'each-other' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).path).toBe('loadouts.faction');
      expect((e as ConfigError).message).toBe(`${FILE}: at loadouts.faction: expected a faction id (fpa, lamais), got "zorg"`);
    }
  });
});

describe('planExperiment: meta', () => {
  it('2 players and count 4: 6 entrants (players first), a round robin of 15', () => {
    const p = plan({ kind: 'meta', seed: 3, players: [P('A'), P('B', 'lamais')], loadouts: { faction: 'lamais', policy: 'random', count: 4 } });
    expect(p.entrants).toHaveLength(6);
    expect(origins(p)).toEqual(['p0', 'p1', 'l0', 'l1', 'l2', 'l3']);
    expect(names(p).slice(0, 2)).toEqual(['A', 'B']);
    expect(p.entrants.slice(2).every((e) => e.faction === 'lamais' && e.policy === 'random')).toBe(true);
    expect(p.pairings).toHaveLength(15);
    const expected: [number, number][] = [];
    for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) expected.push([a, b]);
    expect(p.pairings).toEqual(expected);
    expect(p.pairingVariant).toEqual(new Array(15).fill(0));
    expect(p.loadoutSpace).toEqual({ faction: 'lamais', total: 1176, chosen: 4, sampled: true });
  });
});

describe('planExperiment: stat-sweep', () => {
  const ex = {
    kind: 'stat-sweep',
    players: [P('S'), P('F1', 'lamais'), P('F2', 'lamais', 'rammer')],
    changes: [{ card: 'lamais-tyrant', field: 'damage', value: 5 }],
    sweep: [
      { card: 'fpa-hammerfall', field: 'damage', values: [1, 2, 3] },
      { card: 'fpa-wasp', field: 'speed', values: [2, 4] },
    ],
  };
  const base = { change: { card: 'lamais-tyrant', field: 'damage', value: 5 }, file: FILE, path: 'changes[0]' };
  // entrant, name, variant label, point
  const copies: [number, string, string, { sweep: number; card: string; field: string; value: number }][] = [
    [0, 'S fpa-hammerfall.damage=1', 'fpa-hammerfall.damage=1', { sweep: 0, card: 'fpa-hammerfall', field: 'damage', value: 1 }],
    [1, 'S fpa-hammerfall.damage=2', 'fpa-hammerfall.damage=2', { sweep: 0, card: 'fpa-hammerfall', field: 'damage', value: 2 }],
    [2, 'S fpa-hammerfall.damage=3', 'fpa-hammerfall.damage=3', { sweep: 0, card: 'fpa-hammerfall', field: 'damage', value: 3 }],
    [3, 'S fpa-wasp.speed=2', 'fpa-wasp.speed=2', { sweep: 1, card: 'fpa-wasp', field: 'speed', value: 2 }],
    [4, 'S fpa-wasp.speed=4', 'fpa-wasp.speed=4', { sweep: 1, card: 'fpa-wasp', field: 'speed', value: 4 }],
  ];
  const p = plan(ex);

  it('5 subject copies then the 2 field players; 10 pairings; the subject named', () => {
    expect(p.entrants).toHaveLength(7);
    expect(names(p)).toEqual([...copies.map((c) => c[1]), 'F1', 'F2']);
    expect(origins(p)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'p1', 'p2']);
    expect(p.subject).toBe('S');
    expect(p.pairings).toEqual([[0, 5], [0, 6], [1, 5], [1, 6], [2, 5], [2, 6], [3, 5], [3, 6], [4, 5], [4, 6]]);
    expect(p.pairingVariant).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(p.variants).toHaveLength(6);
    expect(p.variants[0]).toEqual({ label: 'base', changes: [base] });
    expect(p.loadoutSpace).toBeUndefined();
  });

  it.each(copies)('copy %i (%s) plays on the variant of its point', (i, name, label, point) => {
    const e = p.entrants[i];
    expect(e.name).toBe(name);
    expect([e.policy, e.faction, e.loadout]).toEqual(['random', 'fpa', 'default']);
    const v = p.variants[(e.origin as { variant: number }).variant];
    expect(v.label).toBe(label);
    expect(v.point).toEqual(point);
    // Every pairing of this copy plays on its variant.
    p.pairings.forEach(([a], k) => {
      if (a === i) expect(p.variants[p.pairingVariant[k]].point).toEqual(point);
    });
    const vi = point.sweep === 0 ? i : i - 3;
    expect(v.changes).toEqual([
      base,
      { change: { card: point.card, field: point.field, value: point.value }, file: FILE, path: `sweep[${point.sweep}]`, valuePath: `sweep[${point.sweep}].values[${vi}]` },
    ]);
  });
});

// ---------------------------------------------------------------------------------------
// N seats: rotation blocks and tables

describe('rotation blocks (seatingOf)', () => {
  // teams of seats 0..N-1 -> the seat of each table position in every game of a block
  const cases: [string, number[], number[][]][] = [
    ['two players: the seat-swapped pair', [0, 1], [[0, 1], [1, 0]]],
    ['three players free-for-all: the cyclic rotations', [0, 1, 2], [[0, 1, 2], [1, 2, 0], [2, 0, 1]]],
    ['four players free-for-all', [0, 1, 2, 3], [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]],
    ['two teams, seats 0+2 and 1+3: teams swap places, partners swap seats', [0, 1, 0, 1], [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]],
    ['two teams, seats 0+1 and 2+3', [0, 0, 2, 2], [[0, 1, 2, 3], [2, 3, 0, 1], [1, 0, 3, 2], [3, 2, 1, 0]]],
  ];
  it.each(cases)('%s', (_, teams, games) => {
    const s = seatingOf(teams);
    const n = teams.length;
    expect(s.block).toBe(n);
    expect(Array.from({ length: n }, (_, g) => Array.from(s.rotation.subarray(g * n, (g + 1) * n)))).toEqual(games);
    // Every position sits in every seat once per block; partners stay partners.
    for (let i = 0; i < n; i++) expect(new Set(games.map((g) => g[i])).size).toBe(n);
    for (const g of games) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(teams[g[i]] === teams[g[j]]).toBe(teams[i] === teams[j]);
  });
  it('refuses teams of different sizes', () => {
    expect(() => seatingOf([0, 0, 2])).toThrow(/equal size/);
  });
  it('slotOf with two seats is the seat-swapped pair of every id', () => {
    const pairings = [
      [0, 1],
      [0, 2],
    ];
    for (let id = 0; id < 40; id++) {
      const s = slotOf({ matches: 20 }, pairings, id, undefined, TWO_SEATS);
      const local = id % 20;
      const pl = pairings[Math.floor(id / 20)];
      expect([s.pair, s.localPair, s.game]).toEqual([Math.floor(id / 20) * 10 + (local >> 1), local >> 1, local & 1]);
      expect(s.seats).toEqual(local & 1 ? [pl[1], pl[0]] : pl);
    }
  });
  it('slotOf seats a three-player block in its rotations, one seed per block', () => {
    const seating = seatingOf([0, 1, 2]);
    const got = [0, 1, 2, 3].map((id) => ({ ...slotOf({ matches: 6 }, [[4, 5, 6]], id, { pairing: 0, pair: 0, localPair: 0, game: 0, seats: [] }, seating) }));
    expect(got.map((s) => [s.pair, s.game, s.seats])).toEqual([
      [0, 0, [4, 5, 6]],
      [0, 1, [6, 4, 5]],
      [0, 2, [5, 6, 4]],
      [1, 0, [4, 5, 6]],
    ]);
  });
  it('combinations in lexicographic order', () => {
    expect(combinations([0, 1, 2, 3], 3)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    expect(combinations([5, 6], 2)).toEqual([[5, 6]]);
  });
});

describe('planExperiment at three seats', () => {
  const three = seatingOf([0, 1, 2]);
  const plan3 = (o: Record<string, unknown>): Plan => planExperiment(FILE, experiment(o), tables, three);
  const players = (n: number) => ['A', 'B', 'C', 'D', 'E'].slice(0, n).map((x) => P(x));
  // kind, players, expected tables
  const cases: [string, number, number[][]][] = [
    ['batch', 3, [[0, 1, 2]]],
    ['tournament', 4, [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]],
    ['gauntlet', 4, [[0, 1, 2], [0, 1, 3], [0, 2, 3]]],
  ];
  it.each(cases)('%s with %i players', (kind, n, want) => {
    const p = plan3({ kind, players: players(n) });
    expect(p.pairings).toEqual(want);
    expect(p.seating).toBe(three);
  });
  it('a stat sweep seats each copy of the subject with every two of the field', () => {
    const p = plan3({ kind: 'stat-sweep', players: players(4), sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [3, 4] }] });
    expect(p.pairings).toEqual([
      [0, 2, 3],
      [0, 2, 4],
      [0, 3, 4],
      [1, 2, 3],
      [1, 2, 4],
      [1, 3, 4],
    ]);
    expect(p.pairingVariant).toEqual([1, 1, 1, 2, 2, 2]);
  });
});

describe('arrangementsOf: one table per seating a rotation block does not play', () => {
  const ffa = (n: number) => seatingOf(Array.from({ length: n }, (_, i) => i));
  const teams = seatingOf([0, 1, 0, 1]);
  const single = (k: number) => Array.from({ length: k }, (_, i) => [i]);
  // seating, compositions, profile, arrangements (by hand: distinct seatings / the block's group)
  const cases: [string, ReturnType<typeof seatingOf>, number[][], number[], number][] = [
    ['three alike but one: A A B', ffa(3), single(2), [0, 0, 1], 1],
    ['three different: A B C and A C B', ffa(3), single(3), [0, 1, 2], 2],
    ['four different: 4!/4 circular orders', ffa(4), single(4), [0, 1, 2, 3], 6],
    ['four, two pairs: A A B B and A B A B', ffa(4), single(2), [0, 0, 1, 1], 2],
    ['teams {A, B} vs {C, D}: who sits after A, C or D', teams, [[0, 1], [2, 3]], [0, 1], 2],
    ['teams {A, A} vs {C, D}', teams, [[0, 0], [2, 3]], [0, 1], 1],
    ['teams {A, A} vs {C, C}', teams, [[0, 0], [2, 2]], [0, 1], 1],
  ];
  it.each(cases)('%s', (_, seating, compositions, profile, count) => {
    const got = arrangementsOf(profile, compositions, seating);
    expect(got).toHaveLength(count);
    for (const a of got) {
      // Each team holds one of the profile's compositions, in its own seats.
      expect([...a.teams].sort()).toEqual([...profile].sort());
      a.teams.forEach((c, t) => expect(seating.teamSeats[t].map((s) => a.seats[s]).sort()).toEqual([...compositions[c]].sort()));
    }
    // No two arrangements are seatings of one block: the sets of seatings their blocks play are disjoint.
    const played = got.map((a) => new Set(Array.from({ length: seating.block }, (_, g) => {
      const seats = new Array<number>(seating.seats);
      for (let i = 0; i < seating.seats; i++) seats[seating.rotation[g * seating.seats + i]] = a.seats[i];
      return seats.join(',');
    })));
    for (let i = 0; i < played.length; i++) for (let j = i + 1; j < played.length; j++) expect([...played[i]].filter((x) => played[j].has(x))).toEqual([]);
  });
});

describe('planExperiment: meta on 3 and 4 seats', () => {
  const plan4 = (o: Record<string, unknown>, seating: ReturnType<typeof seatingOf>): Plan => planExperiment(FILE, experiment({ kind: 'meta', ...o }), tables, seating);
  const strategiesAt = (p: Plan, table: number) => p.pairings[table].map((e) => p.metaTables!.copyOf[e]);

  it('free-for-all of three: every multiset of three strategies but three alike, one table per arrangement, copies named #2', () => {
    const p = plan4({ players: [P('A'), P('B'), P('C')] }, seatingOf([0, 1, 2]));
    const m = p.metaTables!;
    expect([m.sides, m.sideSize, m.strategies, m.twoFaction]).toEqual([3, 1, 3, false]);
    expect(m.compositions).toEqual([[0], [1], [2]]);
    // C(5, 3) = 10 multisets less the 3 alike; {A, B, C} in both circular orders.
    expect(m.profiles).toEqual([[0, 0, 1], [0, 0, 2], [0, 1, 1], [0, 1, 2], [0, 2, 2], [1, 1, 2], [1, 2, 2]]);
    expect(m.tableProfile).toEqual([0, 1, 2, 3, 3, 4, 5, 6]);
    expect(names(p)).toEqual(['A', 'B', 'C', 'A#2', 'B#2', 'C#2']);
    expect(m.copyOf).toEqual([0, 1, 2, 0, 1, 2]);
    p.pairings.forEach((t, k) => {
      expect(new Set(t).size).toBe(3); // distinct entrants at a table
      expect(strategiesAt(p, k).sort()).toEqual(m.profiles[m.tableProfile[k]].map((c) => m.compositions[c][0]));
    });
    expect([strategiesAt(p, 3), strategiesAt(p, 4)]).toEqual([[0, 1, 2], [0, 2, 1]]);
  });

  it('two teams of two: compositions are pairs of one faction, teams sit in their seats', () => {
    const p = plan4({ players: [P('A'), P('B'), P('C', 'lamais'), P('D', 'lamais')] }, seatingOf([0, 1, 0, 1]));
    const m = p.metaTables!;
    expect(m.compositions).toEqual([[0, 0], [0, 1], [1, 1], [2, 2], [2, 3], [3, 3]]);
    // C(7, 2) = 21 pairs of compositions less the 6 alike.
    expect(m.profiles).toHaveLength(15);
    p.pairings.forEach((t, k) => {
      const teams = m.tableTeams[k];
      [[0, 2], [1, 3]].forEach((seats, team) => expect(seats.map((s) => m.copyOf[t[s]]).sort()).toEqual(m.compositions[teams[team]]));
      for (const seats of [[0, 2], [1, 3]]) expect(new Set(seats.map((s) => p.entrants[t[s]].faction)).size).toBe(1);
    });
    // {A, B} vs {C, D} is the one profile of four different strategies: two arrangements.
    expect(m.tableProfile.filter((q) => JSON.stringify(m.profiles[q]) === '[1,4]')).toHaveLength(2);
  });

  it('two factions on two teams: each first-faction composition against each second-faction one', () => {
    const p = plan4({ loadouts: [{ faction: 'fpa', policy: 'random', count: 2 }, { faction: 'lamais', policy: 'random', count: 2 }] }, seatingOf([0, 1, 0, 1]));
    const m = p.metaTables!;
    expect([m.twoFaction, m.firstSide, m.compositions.length]).toEqual([true, 3, 6]);
    expect(m.profiles).toEqual([0, 1, 2].flatMap((a) => [3, 4, 5].map((b) => [a, b])));
    // Two arrangements for the mixed pair against the mixed pair, one for the others.
    expect(p.pairings).toHaveLength(10);
    expect(p.sides!.map((s) => [s.faction, s.first, s.count])).toEqual([['fpa', 0, 2], ['lamais', 2, 2]]);
  });
});
