/**
 * Balance analyses (src/analysis/balance.ts) on hand-made summary states with known
 * answers: a loadout sweep where one main weapon is plainly stronger, a stat sweep whose
 * crossing point is known, a meta-game shaped like rock-paper-scissors plus a dominated
 * entrant. The end-to-end runs are in test/sim/balance-runs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.js';
import { analyseLoadoutSweep, analyseMeta, analyseStatSweep, type BalanceInput } from '../../src/analysis/balance.js';
import { newcombeDifference } from '../../src/analysis/proportions.js';
import { SOURCES, SRC_MAIN } from '../../src/rules/state.js';
import type { SummaryState } from '../../src/analysis/summary.js';
import type { Entrant, Plan } from '../../src/sim/plan.js';
import type { LoadoutTable } from '../../src/rules/tables.js';

const tables = loadGameTables();
const FPA = 0;

/** A player's totals as the summary state keeps them (only the fields the analyses read). */
function player(index: number, matches: number, wins: number, mainDamage = 0) {
  const dealtSum = new Array(SOURCES).fill(0);
  const dealtSumSq = new Array(SOURCES).fill(0);
  dealtSum[SRC_MAIN] = mainDamage * matches;
  dealtSumSq[SRC_MAIN] = mainDamage * mainDamage * matches;
  return { player: index, faction: FPA, matches, wins, losses: matches - wins, dealtSum, dealtSumSq };
}

function input(plan: Plan, fixed: (LoadoutTable | null)[], players: ReturnType<typeof player>[], pairings: object[] = []): BalanceInput {
  return {
    plan,
    tables,
    factions: plan.entrants.map(() => FPA),
    fixed,
    state: { players, pairings } as unknown as SummaryState,
    band: 0.05,
    target: 0.5,
    seed: 1,
  };
}

const loadoutEntrant = (name: string, loadout: LoadoutTable, i: number): Entrant => ({ name, policy: 'gunner', params: {}, faction: 'fpa', loadout, origin: { kind: 'loadout', loadout: i } });

describe('loadout sweep', () => {
  // Four loadouts: main 0 or 1 by broadside 0 or 1, the same corvettes. Main 0 wins 80 of
  // 100, main 1 wins 20 of 100, whatever the broadside.
  const loadouts: LoadoutTable[] = [0, 1].flatMap((main) => [0, 1].map((broadside) => ({ main, broadside, hangar: 0, pointDefence: 0, corvettes: [0, 0, 1, 2] })));
  const plan: Plan = { entrants: loadouts.map((l, i) => loadoutEntrant(`l${i}`, l, i)), pairings: [], pairingVariant: [], variants: [{ label: 'base', changes: [] }] };
  const players = loadouts.map((l, i) => player(i, 100, l.main === 0 ? 80 : 20, l.main === 0 ? 3 : 1));
  const a = analyseLoadoutSweep(input(plan, loadouts, players));
  const row = (card: string) => a.components.find((c) => c.card === card)!;

  it.each([
    // card, loadouts, matches, with, without, share of wins
    ['fpa-hammerfall', 2, 200, 0.8, 0.2, 0.8],
    ['fpa-longbow', 2, 200, 0.2, 0.8, 0.2],
    ['fpa-hornet', 2, 200, 0.5, 0.5, 0.5],
    ['fpa-harpoon', 2, 200, 0.5, 0.5, 0.5],
  ])('%s: %i loadouts, %i matches, win rate with %f / without %f, share of wins %f', (card, nl, nm, w, wo, share) => {
    const c = row(card);
    expect(c.loadouts).toBe(nl);
    expect(c.matches).toBe(nm);
    expect(c.withCard.value).toBeCloseTo(w, 12);
    expect(c.withoutCard.value).toBeCloseTo(wo, 12);
    expect(c.pickInWins.value).toBeCloseTo(share, 12);
  });

  it('difference with vs without is the Newcombe interval', () => {
    expect(row('fpa-hammerfall').difference).toEqual(newcombeDifference(160, 200, 40, 200));
  });

  it('model effect: main 0 is +30 points over the average main (logit(0.8) vs logit(0.5)), broadsides 0', () => {
    expect(row('fpa-hammerfall').effect.points).toBeCloseTo(0.3, 4);
    expect(row('fpa-longbow').effect.points).toBeCloseTo(-0.3, 4);
    expect(row('fpa-hornet').effect.points).toBeCloseTo(0, 6);
    expect(row('fpa-hammerfall').effect.logOdds).toBeCloseTo(Math.log(4), 4);
  });

  it('flags the strong and the weak main weapon and nothing else', () => {
    expect(a.components.filter((c) => c.flag).map((c) => [c.card, c.flag])).toEqual([
      ['fpa-hammerfall', 'strong'],
      ['fpa-longbow', 'weak'],
    ]);
  });

  it('damage per match of the main weapon is pooled over the loadouts holding it', () => {
    expect(row('fpa-hammerfall').damagePerMatch!.mean).toBeCloseTo(3, 12);
    expect(row('fpa-longbow').damagePerMatch!.mean).toBeCloseTo(1, 12);
    expect(row('fpa-catapult').damagePerMatch).toBeNull(); // a hangar deals no damage
  });

  it('cards no loadout holds are reported without an estimate, and not flagged', () => {
    const c = row('fpa-sentinel');
    expect(c.loadouts).toBe(0);
    expect(Number.isNaN(c.effect.points)).toBe(true);
    expect(c.flag).toBeNull();
  });

  it('ranks the loadouts best first', () => {
    expect(a.ranking.map((r) => r.name)).toEqual(['l0', 'l1', 'l2', 'l3']);
  });

  it('a sweep where no card matters flags nothing', () => {
    const flat = analyseLoadoutSweep(input(plan, loadouts, loadouts.map((_, i) => player(i, 100, 50))));
    expect(flat.components.filter((c) => c.flag)).toEqual([]);
    for (const c of flat.components.filter((x) => x.loadouts > 0 && x.slot !== 'corvette')) expect(c.effect.points).toBeCloseTo(0, 6);
  });
});

describe('stat sweep', () => {
  // Subject copies at values 1, 2, 3 winning 30%, 45%, 65% of 200: the curve crosses 50%
  // at 2 + (0.50 - 0.45) / (0.65 - 0.45) = 2.25.
  const values = [1, 2, 3];
  const rates = [0.3, 0.45, 0.65];
  const plan: Plan = {
    entrants: [
      ...values.map((v, i): Entrant => ({ name: `s damage=${v}`, policy: 'gunner', params: {}, faction: 'fpa', loadout: 'default', origin: { kind: 'variant', variant: i + 1 } })),
      { name: 'field', policy: 'gunner', params: {}, faction: 'fpa', loadout: 'default', origin: { kind: 'player', player: 1 } },
    ],
    pairings: values.map((_, i) => [i, 3]),
    pairingVariant: [1, 2, 3],
    variants: [{ label: 'base', changes: [] }, ...values.map((value) => ({ label: `x=${value}`, changes: [], point: { sweep: 0, card: 'fpa-hammerfall', field: 'damage', value } }))],
    subject: 's',
  };
  const players = [...rates.map((r, i) => player(i, 200, r * 200)), player(3, 600, 600 - 280)];
  const a = analyseStatSweep(input(plan, [null, null, null, null], players));

  it('points in value order with their win rates', () => {
    expect(a.subject).toBe('s');
    expect(a.curves).toHaveLength(1);
    expect(a.curves[0].points.map((p) => [p.value, p.matches, p.winRate.value])).toEqual([
      [1, 200, 0.3],
      [2, 200, 0.45],
      [3, 200, 0.65],
    ]);
  });
  it('crossing of the 50% target by linear interpolation', () => {
    expect(a.curves[0].crossing).toBeCloseTo(2.25, 12);
  });
  it('a rising curve has a positive slope whose interval excludes 0', () => {
    expect(a.curves[0].slope.lo).toBeGreaterThan(0);
    expect(a.curves[0].effect).toBe(true);
  });
  it('a flat curve shows no effect and no crossing', () => {
    const flat = analyseStatSweep(input(plan, [null, null, null, null], [...rates.map((_, i) => player(i, 200, 80)), player(3, 600, 360)]));
    expect(flat.curves[0].slope.estimate).toBeCloseTo(0, 8);
    expect(flat.curves[0].effect).toBe(false);
    expect(flat.curves[0].crossing).toBeNull();
  });
});

describe('meta', () => {
  // Rock (0) beats scissors (2), scissors beats paper (1), paper beats rock, each 80% of
  // 100 matches; entrant 3 loses every match to all. Equilibrium: 1/3 each, 0 for 3.
  const loadouts: LoadoutTable[] = [0, 1, 2, 0].map((pd, i) => ({ main: i % 2, broadside: 0, hangar: 0, pointDefence: pd, corvettes: [0, 0, 1, 2] }));
  const plan: Plan = { entrants: loadouts.map((l, i) => loadoutEntrant(`e${i}`, l, i)), pairings: [], pairingVariant: [], variants: [{ label: 'base', changes: [] }] };
  const pairing = (a: number, b: number, winsA: number) => ({ a, b, matches: 100, winsA, winsB: 100 - winsA, penta: [0, 0, 0, 0, 0].map((_, k) => (k === Math.round((winsA / 100) * 4) ? 50 : 0)) });
  const pairings = [pairing(0, 1, 20), pairing(0, 2, 80), pairing(1, 2, 20), pairing(0, 3, 100), pairing(1, 3, 100), pairing(2, 3, 100)];
  const a = analyseMeta(input(plan, loadouts, [], pairings), 50);

  it('score matrix from the pairings, ½ on the diagonal', () => {
    expect(a.score[0]).toEqual([0.5, 0.2, 0.8, 1]);
    expect(a.score[3]).toEqual([0, 0, 0, 0.5]);
  });
  it('the Nash mixture is one third each of the cycle, nothing of the dominated entrant', () => {
    a.mixture.slice(0, 3).forEach((w) => expect(w).toBeCloseTo(1 / 3, 9));
    expect(a.mixture[3]).toBe(0);
  });
  it('component weights sum the mixture over the loadouts holding them', () => {
    const w = (card: string) => a.components.find((c) => c.card === card)!.weight;
    expect(w('fpa-hammerfall')).toBeCloseTo(2 / 3, 9); // entrants 0 and 2
    expect(w('fpa-longbow')).toBeCloseTo(1 / 3, 9);
    expect(w('fpa-flak')).toBeCloseTo(1 / 3, 9); // entrant 0 (entrant 3 has weight 0)
    expect(w('fpa-hornet')).toBeCloseTo(1, 9);
    expect(a.components.map((c) => c.card)).not.toContain('fpa-harpoon'); // no entrant holds it
  });
  it('the bootstrap is seeded: the same seed gives the same figures', () => {
    expect(analyseMeta(input(plan, loadouts, [], pairings), 50).bootstrap).toEqual(a.bootstrap);
    expect(a.bootstrap.inSupport[3]).toBe(0);
  });
});
