/**
 * Known answers for the meta at 3 and 4 players (src/analysis/meta-multi.ts): planted games
 * played as rotation blocks on the tables of a real plan (plan.ts), each block's games won
 * at random with the planted probabilities, so the analysis sees what a run gives it. A
 * dominant loadout is the one equilibrium and the others are never worth playing; a game in
 * which each loadout does better when rare has its equilibrium at one half, by hand; a team
 * composition's strength planted per ship; two factions on two teams give the value, with a
 * profile's arrangements averaged. Then the experiment file and a small run end to end.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGameTables } from '../../src/content/load.ts';
import { ConfigError } from '../../src/content/errors.ts';
import { analyseMultiMeta, multiMetaLines, type MultiMetaAnalysis } from '../../src/analysis/meta-multi.ts';
import type { FactionMetaAnalysis } from '../../src/analysis/meta-factions.ts';
import { ENTRANT_VALUES, MV_SCORE_T, type MultiState } from '../../src/analysis/summary-multi.ts';
import { ExperimentSchema, loadExperiment } from '../../src/sim/experiment.ts';
import { planExperiment, seatingOf, type Plan } from '../../src/sim/plan.ts';
import { prepare } from '../../src/sim/play.ts';
import { runBatch } from '../../src/run/batch.ts';
import { buildReportModel } from '../../src/report/findings.ts';

const tables = loadGameTables();
const FFA3 = seatingOf([0, 1, 2]);
const TEAMS = seatingOf([0, 1, 0, 1]);
const P = (name: string, faction = 'fpa') => ({ name, policy: 'random', faction });
const planOf = (o: Record<string, unknown>, seating = FFA3): Plan => planExperiment('meta-multi-test.yaml', ExperimentSchema.parse({ name: 'meta-multi-test', kind: 'meta', matches: 3, ...o }), tables, seating);

/**
 * The summary state of `blocks` rotation blocks at every table of `plan`: each game is won by
 * team t with probability win(table, strategies of each team)[t] (they add to 1; no draws).
 * Only what the analysis reads is filled (players, matches, score sums, block patterns).
 */
function playedState(plan: Plan, blocks: number, win: (table: number, teams: number[][]) => number[], seed = 'planted'): MultiState {
  const rng = seedrandom(seed);
  const seating = plan.seating!;
  const N = seating.seats;
  const T = seating.teamSeats.length;
  const m = plan.metaTables!;
  const teamOfSeat = seating.teams.map((team) => seating.teamSeats.findIndex((s) => s[0] === team));
  const state = plan.pairings.map((entrants, table) => {
    const players = entrants.slice().sort((a, b) => a - b);
    const teamOfPos = players.map((e) => teamOfSeat[entrants.indexOf(e)]);
    const strategies = seating.teamSeats.map((seats) => seats.map((s) => m.copyOf[entrants[s]]).sort((a, b) => a - b));
    const p = win(table, strategies);
    const sums = players.map(() => new Array<number>(ENTRANT_VALUES).fill(0));
    const scores: Record<string, number> = {};
    for (let b = 0; b < blocks; b++) {
      const points = new Array<number>(T).fill(0);
      for (let g = 0; g < N; g++) {
        let u = rng();
        let w = 0;
        while (w < T - 1 && u >= p[w]) u -= p[w++];
        points[w] += T;
      }
      const key = teamOfPos.map((t) => points[t]).join(',');
      scores[key] = (scores[key] ?? 0) + 1;
      teamOfPos.forEach((t, i) => (sums[i][MV_SCORE_T] += points[t]));
    }
    return { table, players, matches: blocks * N, sums, scores };
  });
  return { seats: N, tables: state, pending: [], seeds: [] } as unknown as MultiState;
}

/** Luce shares: team t wins with probability w_t / Σ w. */
const luce = (w: number[]) => w.map((x) => x / w.reduce((a, b) => a + b, 0));

describe('meta at 3 players: planted games', () => {
  it('a dominant loadout is the one equilibrium; the others are never worth playing', () => {
    const plan = planOf({ players: [P('strong'), P('weak'), P('weaker')] });
    const weights = [4, 1, 1];
    const a = analyseMultiMeta(plan, playedState(plan, 100, (_, teams) => luce(teams.map(([s]) => weights[s]))), 1, 100) as MultiMetaAnalysis;
    expect(a.kind).toBe('meta-multi');
    expect([a.seats, a.sides, a.sideSize, a.even]).toEqual([3, 3, 1, 1 / 3]);
    expect(a.compositions.map((c) => c.name)).toEqual(['strong', 'weak', 'weaker']);
    expect(a.equilibria).toHaveLength(1);
    expect(a.compositions.map((c) => c.weight)).toEqual([1, 0, 0]);
    expect(a.compositions.map((c) => c.neverWorth)).toEqual([false, true, true]);
    expect(a.compositions[0].inSupport).toBe(1);
    // Against three alike the score is exactly even; the weak one scores 1/(4+4+1) = 11% against the mix.
    expect(a.compositions[0].againstMixture.value).toBeCloseTo(1 / 3, 12);
    expect(a.compositions[1].againstMixture.value).toBeGreaterThan(0.06);
    expect(a.compositions[1].againstMixture.value).toBeLessThan(0.17);
    expect(a.verdict).toEqual({ status: 'stable', reasons: [] });
    expect([a.tables, a.profiles, a.blocks, a.missing]).toEqual([8, 7, 800, []]);
    expect(multiMetaLines(a)[0]).toMatch(/^3-player meta \(3 sides\): equilibrium over 3 loadouts: strong 100\.0%; 1 equilibrium found$/);
  });

  it('each loadout does better when rare: the equilibrium is one half each, by hand', () => {
    // Luce weight 1 / (copies of one's own loadout at the table): u_0(t) − u_1(t) = ((1 − t)² − t²) / 6, zero at t = ½.
    const plan = planOf({ players: [P('rock'), P('paper')] });
    const a = analyseMultiMeta(plan, playedState(plan, 1500, (_, teams) => luce(teams.map(([s]) => 1 / teams.filter(([x]) => x === s).length))), 1, 100) as MultiMetaAnalysis;
    expect(a.equilibria).toHaveLength(1);
    for (const c of a.compositions) {
      expect(c.weight).toBeGreaterThan(0.4);
      expect(c.weight).toBeLessThan(0.6);
      expect(c.inSupport).toBe(1);
      expect(c.neverWorth).toBe(false);
      expect(c.weightLo).toBeLessThan(0.5);
      expect(c.weightHi).toBeGreaterThan(0.5);
    }
    expect(a.regret.point).toBeLessThanOrEqual(a.tolerance);
  });

  it('a game with a missing table is uncertain and says which', () => {
    const plan = planOf({ players: [P('a'), P('b'), P('c')] });
    const st = playedState(plan, 20, (_, teams) => luce(teams.map(() => 1)));
    st.tables = st.tables.filter((t) => t.table !== 0);
    const a = analyseMultiMeta(plan, st, 1, 20) as MultiMetaAnalysis;
    expect(a.missing).toEqual(['a vs a vs b']);
    expect(a.verdict.status).toBe('uncertain');
    expect(a.verdict.reasons.join('; ')).toMatch(/1 table was not played and counts as even \(a vs a vs b\)/);
  });

  it('the bootstrap repeats from its seed', () => {
    const plan = planOf({ players: [P('a'), P('b'), P('c')] });
    const st = playedState(plan, 30, (_, teams) => luce(teams.map(([s]) => [2, 1.5, 1][s])));
    expect(analyseMultiMeta(plan, st, 7, 30)).toEqual(analyseMultiMeta(plan, st, 7, 30));
  });
});

describe('meta at 4 players', () => {
  it('two teams of one faction: a team of two strong ships is the equilibrium; weak is never worth a seat', () => {
    const plan = planOf({ players: [P('strong'), P('weak')] }, TEAMS);
    // A team's Luce weight doubles per strong ship.
    const a = analyseMultiMeta(plan, playedState(plan, 100, (_, teams) => luce(teams.map((t) => 2 ** t.filter((s) => s === 0).length))), 1, 100) as MultiMetaAnalysis;
    expect([a.sides, a.sideSize, a.even]).toEqual([2, 2, 0.5]);
    expect(a.compositions.map((c) => [c.name, c.weight])).toEqual([
      ['strong + strong', 1],
      ['strong + weak', 0],
      ['weak + weak', 0],
    ]);
    expect(a.strategies.map((s) => [s.name, s.weight, s.neverWorth])).toEqual([
      ['strong', 1, false],
      ['weak', 0, true],
    ]);
    expect(a.verdict.status).toBe('stable');
  });

  it("two factions on two teams: the value, with a profile's arrangements averaged", () => {
    const plan = planOf({ loadouts: [{ faction: 'fpa', policy: 'random', count: 2 }, { faction: 'lamais', policy: 'random', count: 2 }] }, TEAMS);
    const m = plan.metaTables!;
    // FPA's team wins with 0.6, except the mixed FPA pair against the mixed Lamais pair: 0.9 in one arrangement, 0.3 in the other (mean 0.6).
    let mixed = 0;
    const st = playedState(plan, 400, (table, teams) => {
      const fpa = teams.findIndex((t) => t[0] < 2);
      const both = new Set(teams[0]).size === 2 && new Set(teams[1]).size === 2;
      const p = both ? (mixed++ === 0 ? 0.9 : 0.3) : 0.6;
      return fpa === 0 ? [p, 1 - p] : [1 - p, p];
    });
    expect(mixed).toBe(2);
    const f = analyseMultiMeta(plan, st, 1, 100) as FactionMetaAnalysis;
    expect(f.kind).toBe('meta-factions');
    expect(f.teamSize).toBe(2);
    expect(f.sides.map((s) => s.loadouts.length)).toEqual([3, 3]);
    expect(f.sides[0].loadouts[1]).toMatch(/^fpa:[^:]+ \+ [^:]+$/);
    // Every cell is 0.6 in expectation; the mixed-against-mixed cell pools its two tables' 800 blocks.
    for (const row of f.score) for (const s of row) expect(Math.abs(s - 0.6)).toBeLessThan(0.06);
    expect(f.pairs[1][1]).toBe(800);
    expect(f.value.value).toBeGreaterThan(0.55);
    expect(f.favoured).toBe('fpa');
    expect(m.tableProfile).toHaveLength(10);
  });
});

describe('meta at 3 and 4 players: experiment files and a run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meta-multi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, doc: unknown) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, stringify(doc));
    return file;
  };

  it('a two-faction meta on a free-for-all of three is refused, naming loadouts', async () => {
    const file = write('two-faction-ffa3', { name: 'x', kind: 'meta', scenario: 'ffa3', matches: 3, loadouts: [{ faction: 'fpa', policy: 'random', count: 2 }, { faction: 'lamais', policy: 'random', count: 2 }] });
    const { experiment } = loadExperiment(file);
    const err = await prepare(file, experiment).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(String((err as Error).message)).toMatch(/loadouts.*a two-faction meta is a game of two sides, and this scenario has 3/s);
  });

  it('a meta on ffa3 plays its tables and writes the equilibrium, its CSVs, chart and report section', async () => {
    const file = write('meta-ffa3', { name: 'meta-ffa3-test', kind: 'meta', scenario: 'ffa3', matches: 3, seed: 2, roundLimit: 8, players: [{ name: 'g', policy: 'gunner', faction: 'fpa' }, { name: 'r', policy: 'random', faction: 'fpa' }] });
    const out = join(dir, 'out');
    const r = await runBatch({ file, experiment: loadExperiment(file).experiment, text: readFileSync(file, 'utf8'), workers: 1, outDir: out });
    const s = r.summary as { multiMeta: MultiMetaAnalysis; matchesPlayed: number };
    // Profiles {g,g,r} and {g,r,r}: one arrangement each, 3 matches a table.
    expect(s.matchesPlayed).toBe(6);
    expect(s.multiMeta.kind).toBe('meta-multi');
    expect(s.multiMeta.compositions.map((c) => c.name)).toEqual(['g', 'r']);
    expect(s.multiMeta.compositions.reduce((a, c) => a + c.weight, 0)).toBeCloseTo(1, 9);
    const csv = readFileSync(join(out, 'meta-multi.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('level,name,weight,bootstrap_mean_weight,bootstrap_weight_lo,bootstrap_weight_hi,bootstrap_in_support,bootstrap_out,score_against_mixture,score_against_mixture_lo,score_against_mixture_hi,never_worth_playing');
    expect(csv.filter((l) => l.startsWith('strategy,'))).toHaveLength(2);
    expect(readFileSync(join(out, 'meta-multi-equilibria.csv'), 'utf8')).toMatch(/^equilibrium,regret,basin,g,r\n1,/);
    expect(readFileSync(join(out, 'charts', 'meta-multi.vl.json'), 'utf8')).toMatch(/equilibrium of the 3-player meta/);
    const model = buildReportModel(out);
    const section = model.sections.find((x) => x.id === 'meta-multi');
    expect(section?.title).toBe('The 3-player meta');
    // The tables' own headlines (copies of one loadout) are left out of a meta's.
    expect(model.headlines.filter((h) => /#2/.test(h.text)).map((h) => h.text)).toEqual([]);
    expect(model.headlines.some((h) => /3-player meta/.test(h.text))).toBe(true);
    // Two workers give the same results, byte for byte.
    const out2 = join(dir, 'out2');
    await runBatch({ file, experiment: loadExperiment(file).experiment, text: readFileSync(file, 'utf8'), workers: 2, outDir: out2 });
    for (const f of ['summary.json', 'meta-multi.csv', 'meta-multi-equilibria.csv']) expect(readFileSync(join(out2, f), 'utf8')).toBe(readFileSync(join(out, f), 'utf8'));
  });
});
