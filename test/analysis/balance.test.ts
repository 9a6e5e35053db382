/**
 * Balance analyses (src/analysis/balance.ts) on hand-made summary states with known
 * answers: a loadout sweep where one main weapon is plainly stronger, a stat sweep whose
 * crossing point is known, a meta-game shaped like rock-paper-scissors plus a dominated
 * entrant. The end-to-end runs are in test/sim/balance-runs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.js';
import { analyseLoadoutSweep, analyseMeta, analyseStatSweep, type BalanceInput } from '../../src/analysis/balance.js';
import { pairDispersion } from '../../src/analysis/proportions.js';
import { firstCrossing, entrantPentanomial } from '../../src/analysis/balance.js';
import { loadoutSweepSection, metaSection, statSweepSection } from '../../src/report/balance-sections.js';
import type { Headline } from '../../src/report/model.js';
import { rngOf, simulatePairs, withScore, type Rng } from './pair-sim.js';
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

/**
 * A summary state in which entrants 0..k−1 each play `pairs` simulated pairs against the
 * field entrant k, with per-game score scores[i], draw rate `draw` and within-pair
 * correlation `copy` (test/analysis/pair-sim.ts).
 */
function simulatedState(rng: Rng, scores: number[], pairs: number, draw: number, copy: number) {
  const k = scores.length;
  const players = [];
  const pairings = [];
  let field = { wins: 0, draws: 0, losses: 0 };
  for (let i = 0; i < k; i++) {
    const [w, d] = withScore(scores[i], draw);
    const t = simulatePairs(rng, pairs, w, d, copy);
    const m = 2 * pairs;
    players.push({ ...player(i, m, t.wins), losses: t.losses });
    pairings.push({ a: i, b: k, matches: m, winsA: t.wins, winsB: t.losses, penta: t.penta });
    field = { wins: field.wins + t.losses, draws: field.draws + t.draws, losses: field.losses + t.wins };
  }
  players.push({ ...player(k, 2 * pairs * k, field.wins), losses: field.losses });
  return { players, pairings };
}

const levels = (hs: Headline[]) => hs.map((h) => h.level);

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
    // No draws here: the score is the win rate.
    expect(c.scoreWith.value).toBeCloseTo(w, 12);
    expect(c.scoreWithout.value).toBeCloseTo(wo, 12);
    expect(c.pickInWins.value).toBeCloseTo(share, 12);
  });

  it('difference with vs without is the Newcombe interval at the pairs\' effective sample size', () => {
    const d = row('fpa-hammerfall').scoreDifference;
    expect(d.value).toBeCloseTo(0.6, 12);
    expect(d.lo).toBeLessThan(0.6);
    expect(d.hi).toBeGreaterThan(0.6);
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

describe('loadout sweep: pairs, score and verdicts', () => {
  const loadouts: LoadoutTable[] = [0, 1].flatMap((main) => [0, 1].map((broadside) => ({ main, broadside, hangar: 0, pointDefence: 0, corvettes: [0, 0, 1, 2] })));
  const plan: Plan = {
    entrants: [...loadouts.map((l, i) => loadoutEntrant(`l${i}`, l, i)), { name: 'field', policy: 'gunner', params: {}, faction: 'fpa', loadout: 'default', origin: { kind: 'player', player: 0 } }],
    pairings: [],
    pairingVariant: [],
    variants: [{ label: 'base', changes: [] }],
  };
  const fixed = [...loadouts, null];

  it('scores count draws as half: with draws, score and win rate differ and the model uses the score', () => {
    // Main 0 loadouts: 40 wins, 40 draws, 20 losses of 100 (score 0.6); main 1: 20 wins, 40 draws, 40 losses (0.4).
    const players = loadouts.map((l, i) => ({ ...player(i, 100, l.main === 0 ? 40 : 20), losses: l.main === 0 ? 20 : 40 }));
    const a = analyseLoadoutSweep(input(plan, fixed, players));
    const c = a.components.find((x) => x.card === 'fpa-hammerfall')!;
    expect(c.scoreWith.value).toBeCloseTo(0.6, 12);
    expect(c.scoreDifference.value).toBeCloseTo(0.2, 12);
    expect(c.effect.points).toBeCloseTo(0.1, 4); // σ(logit 0.6) − ½ at the average loadout (logit ½)
  });

  it('no completed pairs: the verdict is inconclusive and says why, never "within band"', () => {
    const flat = analyseLoadoutSweep(input(plan, fixed, loadouts.map((_, i) => player(i, 100, 50))));
    expect(flat.verdict.status).toBe('inconclusive');
    expect(flat.verdict.reasons.join(' ')).toMatch(/pairs/);
    const hs: Headline[] = [];
    loadoutSweepSection(flat, new Map(), hs);
    expect(hs[0].text).toMatch(/inconclusive/);
    expect(hs[0].text).not.toMatch(/balanced|within/);
  });

  it('a fit that does not converge (a loadout never loses) flags nothing and is inconclusive', () => {
    const rng = rngOf('separated');
    const st = simulatedState(rng, [1, 1, 0.5, 0.5], 40, 0, 0.5);
    const a = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings));
    expect(a.model.converged).toBe(false);
    expect(a.components.filter((c) => c.flag)).toEqual([]);
    expect(a.verdict.status).toBe('inconclusive');
    expect(a.verdict.reasons[0]).toMatch(/did not converge/);
  });

  it('standard errors are the binomial ones times √φ, φ from the loadouts\' pentanomial counts', () => {
    const st = simulatedState(rngOf('phi'), [0.6, 0.6, 0.45, 0.45], 80, 0.1, 0.5);
    const a = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings));
    expect(a.dispersion.phi).toBeCloseTo(pairDispersion(st.pairings.map((p) => p.penta)).phi, 12);
    expect(a.dispersion.phi).toBeGreaterThan(1); // correlated pairs, few draws
    // The same counts with φ forced to 1 (pairs all alike in spread): compare to a plain binomial fit.
    const plain = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings.map((p) => ({ ...p, penta: [0, 0, 0, 0, 0] }))));
    expect(plain.dispersion.used).toBe(1);
    const c = a.components.find((x) => x.card === 'fpa-hammerfall')!;
    const d = plain.components.find((x) => x.card === 'fpa-hammerfall')!;
    expect(c.effect.se / d.effect.se).toBeCloseTo(Math.sqrt(a.dispersion.phi), 10);
    expect(entrantPentanomial({ pairings: st.pairings } as unknown as SummaryState, 4)).toEqual(
      st.pairings.reduce((acc, p) => acc.map((x, k) => x + p.penta[4 - k]), [0, 0, 0, 0, 0]),
    );
  });

  it('with many pairs and no effect the verdict is "within band"; the report says so without a warning', () => {
    const st = simulatedState(rngOf('flat'), [0.5, 0.5, 0.5, 0.5], 1500, 0.2, 0.5);
    const a = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings));
    expect(a.verdict.status).toBe('within-band');
    const hs: Headline[] = [];
    loadoutSweepSection(a, new Map(), hs);
    expect(levels(hs)).not.toContain('warning');
    expect(hs[0].text).toMatch(/within ±5 points/);
  });

  it('null: identical loadouts over 10 seeds never give a warning or notable headline', () => {
    for (let seed = 0; seed < 10; seed++) {
      const st = simulatedState(rngOf(`null-${seed}`), [0.5, 0.5, 0.5, 0.5], 60, 0.3, 0.5);
      const a = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings));
      const hs: Headline[] = [];
      loadoutSweepSection(a, new Map(), hs);
      expect(levels(hs).filter((l) => l !== 'info')).toEqual([]);
      expect(a.verdict.status).not.toBe('flagged');
    }
  });

  it('coverage: the pair-aware 95% interval of a +5-point main weapon effect covers 93–97% (600 simulated sweeps, correlation 0.5)', () => {
    let covered = 0;
    let naive = 0;
    const R = 600;
    for (let r = 0; r < R; r++) {
      const st = simulatedState(rngOf(`effect-coverage-${r}`), [0.55, 0.55, 0.45, 0.45], 60, 0.1, 0.5);
      const c = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings)).components.find((x) => x.card === 'fpa-hammerfall')!;
      if (c.effect.lo <= 0.05 && 0.05 <= c.effect.hi) covered++;
      const n = analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings.map((p) => ({ ...p, penta: [0, 0, 0, 0, 0] })))).components.find((x) => x.card === 'fpa-hammerfall')!;
      if (n.effect.lo <= 0.05 && 0.05 <= n.effect.hi) naive++;
    }
    expect(covered / R).toBeGreaterThanOrEqual(0.93);
    expect(covered / R).toBeLessThanOrEqual(0.97);
    expect(naive / R).toBeLessThan(covered / R); // matches as independent (φ = 1): too narrow
  });

  it('at the band edge (main weapons at ±5 points) the flag rate stays below the nominal 5% (200 simulated sweeps)', () => {
    // Per-game scores 0.55 / 0.45: the effects are exactly ±5 points at the average loadout.
    let flagged = 0;
    const R = 200;
    for (let r = 0; r < R; r++) {
      const st = simulatedState(rngOf(`edge-${r}`), [0.55, 0.55, 0.45, 0.45], 100, 0.1, 0.55);
      if (analyseLoadoutSweep(input(plan, fixed, st.players, st.pairings)).components.some((c) => c.flag)) flagged++;
    }
    expect(flagged / R).toBeLessThanOrEqual(0.05);
  });
});

describe('stat sweep: score, pairs and the crossing interval', () => {
  const values = [1, 2, 3, 4, 5];
  const plan: Plan = {
    entrants: [
      ...values.map((v, i): Entrant => ({ name: `s damage=${v}`, policy: 'gunner', params: {}, faction: 'fpa', loadout: 'default', origin: { kind: 'variant', variant: i + 1 } })),
      { name: 'field', policy: 'gunner', params: {}, faction: 'fpa', loadout: 'default', origin: { kind: 'player', player: 1 } },
    ],
    pairings: values.map((_, i) => [i, values.length]),
    pairingVariant: values.map((_, i) => i + 1),
    variants: [{ label: 'base', changes: [] }, ...values.map((value) => ({ label: `x=${value}`, changes: [], point: { sweep: 0, card: 'fpa-hammerfall', field: 'damage', value } }))],
    subject: 's',
  };
  const fixed = values.map(() => null).concat([null]);

  it('firstCrossing: linear interpolation, exact hits, none', () => {
    expect(firstCrossing([1, 2, 3], [0.3, 0.45, 0.65], 0.5)).toBeCloseTo(2.25, 12);
    expect(firstCrossing([1, 2, 3], [0.3, 0.5, 0.65], 0.5)).toBe(2);
    expect(firstCrossing([1, 2, 3], [0.6, 0.7, 0.65], 0.5)).toBeNull();
  });

  it('"even" is a 50% score: a gunner mirror drawing half its games at a 50% score is even, though its win rate is 25%', () => {
    const st = simulatedState(rngOf('draws'), [0.3, 0.4, 0.5, 0.6, 0.7], 400, 0.5, 0.5);
    const a = analyseStatSweep(input(plan, fixed, st.players, st.pairings));
    const c = a.curves[0];
    expect(c.points[2].winRate.value).toBeLessThan(0.35);
    expect(c.points[2].score.lo).toBeLessThan(0.5);
    expect(c.points[2].score.hi).toBeGreaterThan(0.5);
    expect(c.crossingInterval.status).toBe('crosses');
    expect(c.crossingInterval.lo).toBeLessThan(3);
    expect(c.crossingInterval.hi).toBeGreaterThan(3);
    expect(c.crossingInterval.lo).toBeGreaterThan(2);
    expect(c.crossingInterval.hi).toBeLessThan(4);
    expect(c.effect).toBe(true);
  });

  it('a curve well above the target "does not cross"; one hovering near it is "inconclusive"', () => {
    const above = analyseStatSweep(input(plan, fixed, ...Object.values(simulatedState(rngOf('above'), [0.7, 0.72, 0.74, 0.76, 0.78], 200, 0.1, 0.5)) as [never, never]));
    expect(above.curves[0].crossingInterval.status).toBe('does-not-cross');
    expect(above.curves[0].crossingInterval.side).toBe('above');
    const near = analyseStatSweep(input(plan, fixed, ...Object.values(simulatedState(rngOf('near'), [0.52, 0.53, 0.54, 0.55, 0.56], 30, 0.1, 0.5)) as [never, never]));
    expect(near.curves[0].crossingInterval.status).not.toBe('crosses');
  });

  it('null: statistically identical values over 10 seeds give no notable headline', () => {
    for (let seed = 0; seed < 10; seed++) {
      const st = simulatedState(rngOf(`sweep-null-${seed}`), [0.5, 0.5, 0.5, 0.5, 0.5], 60, 0.3, 0.5);
      const hs: Headline[] = [];
      const sa = analyseStatSweep(input(plan, fixed, st.players, st.pairings));
      statSweepSection(sa, new Map(), hs);
      expect(levels(hs)).toEqual(['info']);
    }
  });
});

describe('meta: stability, ties and the null', () => {
  const loadouts: LoadoutTable[] = [0, 1, 2, 0].map((pd, i) => ({ main: i % 2, broadside: 0, hangar: 0, pointDefence: pd, corvettes: [0, 0, 1, 2] }));
  const plan: Plan = { entrants: loadouts.map((l, i) => loadoutEntrant(`e${i}`, l, i)), pairings: [], pairingVariant: [], variants: [{ label: 'base', changes: [] }] };

  /** A round robin of the 4 entrants with per-game scores s(i, j) for i < j, simulated in pairs. */
  function roundRobin(rng: Rng, s: (i: number, j: number) => number, pairs: number, draw: number) {
    const pairings = [];
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) {
        const [w, d] = withScore(s(i, j), Math.min(draw, 2 * Math.min(s(i, j), 1 - s(i, j))));
        const t = simulatePairs(rng, pairs, w, d, 0.5);
        pairings.push({ a: i, b: j, matches: 2 * pairs, winsA: t.wins, winsB: t.losses, penta: t.penta });
      }
    return pairings;
  }

  it('rock-paper-scissors plus a dominated entrant, well measured: stable, notable, the dominated one absent', () => {
    const rps = (i: number, j: number) => (j === 3 ? 0.9 : (j - i + 3) % 3 === 1 ? 0.2 : 0.8);
    const a = analyseMeta(input(plan, loadouts, [], roundRobin(rngOf('rps'), rps, 200, 0.1)), 100);
    expect(a.verdict.status).toBe('stable');
    expect(a.supports).toEqual([[0, 1, 2]]);
    expect(a.ties).toEqual([]);
    expect(a.bootstrap.inSupport[3]).toBe(0);
    a.mixture.slice(0, 3).forEach((w, i) => {
      expect(a.bootstrap.weightLo[i]).toBeLessThanOrEqual(w);
      expect(a.bootstrap.weightHi[i]).toBeGreaterThanOrEqual(w);
    });
    const hs: Headline[] = [];
    metaSection(a, new Map(), hs);
    expect(hs[0].level).toBe('notable');
  });

  it('identical entrants that always draw: every column equal, several equilibria, all tied, no notable headline', () => {
    const pairings = [];
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) pairings.push({ a: i, b: j, matches: 20, winsA: 0, winsB: 0, penta: [0, 0, 10, 0, 0] });
    const a = analyseMeta(input(plan, loadouts, [], pairings), 50);
    expect(a.ties).toEqual([[0, 1, 2, 3]]);
    expect(a.supports.length).toBeGreaterThan(1);
    expect(a.verdict.status).not.toBe('stable');
    const hs: Headline[] = [];
    metaSection(a, new Map(), hs);
    expect(levels(hs)).toEqual(['info']);
  });

  it('null: statistically identical entrants over 8 seeds never give a notable headline', () => {
    for (let seed = 0; seed < 8; seed++) {
      const a = analyseMeta(input(plan, loadouts, [], roundRobin(rngOf(`meta-null-${seed}`), () => 0.5, 40, 0.3)), 60);
      const hs: Headline[] = [];
      metaSection(a, new Map(), hs);
      expect(levels(hs)).toEqual(['info']);
      expect(hs[0].text).toMatch(/No entrant is detectably better|uncertain/);
    }
  });
});
