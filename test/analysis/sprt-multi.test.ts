/**
 * The sequential test on rotation blocks (compare at 3-4 players): the Elo-to-share map and
 * the block sums (known answers), the test's error rates on seeded synthetic block outcomes
 * (H0 true: H1 accepted at most about α of the time; H1 true: H0 accepted at most about β),
 * and an end-to-end compare on configs/scenarios/ffa3 with fast policies that stops.
 */
import seedrandom from 'seedrandom';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { blockLlr, blockSprtStatus, differenceSums, eloFromDifference, MIN_BLOCKS, scoreDifference, sideShare, type BlockSums } from '../../src/analysis/sprt-multi.js';
import { scoreFromElo } from '../../src/analysis/sprt.js';
import { runBatch } from '../../src/run/batch.js';
import { loadExperiment } from '../../src/sim/experiment.js';
import { prepare } from '../../src/sim/play.js';
import { buildReportModel } from '../../src/report/findings.js';

describe('block test: known answers', () => {
  it.each([
    [0, 3, 1 / 3],
    [0, 2, 0.5],
    [400, 3, 10 / 12],
    [-400, 2, 1 / 11],
  ])('sideShare(%d Elo, %d sides) = %f', (elo, teams, share) => {
    expect(sideShare(elo, teams)).toBeCloseTo(share, 12);
  });

  it('two sides: the share is the logistic expected score and d the pair score difference', () => {
    for (const elo of [-200, -35, 0, 10, 120]) {
      expect(sideShare(elo, 2)).toBeCloseTo(scoreFromElo(elo), 12);
      expect(scoreDifference(sideShare(elo, 2), 2)).toBeCloseTo(2 * scoreFromElo(elo) - 1, 12);
    }
  });

  it.each([
    [1 / 3, 3, 0],
    [1, 3, 1],
    [0, 3, -0.5],
    [0.5, 2, 0],
    [0.6, 3, 0.4],
  ])('scoreDifference(%f, T = %d) = %f', (x, teams, d) => {
    expect(scoreDifference(x, teams)).toBeCloseTo(d, 12);
  });

  it('eloFromDifference inverts the share', () => {
    for (const teams of [2, 3, 4]) for (const elo of [-150, 0, 35, 300]) expect(eloFromDifference(scoreDifference(sideShare(elo, teams), teams), teams)).toBeCloseTo(elo, 8);
    expect(eloFromDifference(1, 3)).toBe(Infinity);
  });

  it('differenceSums from block totals of score times T equals the direct sums of d', () => {
    // Blocks of 3 games, T = 3: y = 3 per win, 1 per game nobody won.
    const ys = [9, 0, 3, 4, 1, 6];
    const ds = ys.map((y) => scoreDifference(y / 9, 3));
    const s = differenceSums({ blocks: ys.length, sum: ys.reduce((a, b) => a + b, 0), sumSq: ys.reduce((a, y) => a + y * y, 0) }, 3, 3);
    expect(s.blocks).toBe(6);
    expect(s.sum).toBeCloseTo(ds.reduce((a, b) => a + b, 0), 12);
    expect(s.sumSq).toBeCloseTo(ds.reduce((a, d) => a + d * d, 0), 12);
  });

  it('the LLR is the normal log-likelihood ratio of the two means', () => {
    const s: BlockSums = { blocks: 40, sum: 40 * 0.1, sumSq: 40 * (0.2 + 0.01) };
    // n (d1 − d0)(2 d̄ − d0 − d1) / (2 σ²) with d̄ = 0.1, σ² = 0.2.
    expect(blockLlr(s, 0, 0.05, 3)).toBeCloseTo((40 * 0.05 * (0.2 - 0.05)) / (2 * 0.2), 12);
    expect(blockLlr(s, 0, 0.05, 3)).toBeGreaterThan(0);
    expect(blockLlr({ blocks: 40, sum: 0, sumSq: 40 * 0.2 }, 0, 0.05, 3)).toBeLessThan(0);
  });

  it(`no decision before ${MIN_BLOCKS} blocks, however lopsided`, () => {
    const won = (n: number): BlockSums => ({ blocks: n, sum: n, sumSq: n });
    expect(blockSprtStatus(won(MIN_BLOCKS - 1), 3, 3, 0, 50, 0.05, 0.05).decision).toBe('continue');
    expect(blockSprtStatus(won(MIN_BLOCKS), 3, 3, 0, 50, 0.05, 0.05).decision).toBe('H1');
  });
});

/**
 * One sequential test on synthetic blocks: each of the block's N games is won by A's side
 * with probability w, by nobody with probability q (a shared 1/T each), else by another side;
 * A's expected score is x = share of `elo`. Returns the decision, or 'none' at `maxBlocks`.
 */
function simulate(rng: () => number, elo: number, seats: number, teams: number, q: number, elo0: number, elo1: number, maxBlocks: number): 'H0' | 'H1' | 'none' {
  const x = sideShare(elo, teams);
  const w = (x - q / teams) / (1 - q);
  let sum = 0;
  let sumSq = 0;
  for (let n = 1; n <= maxBlocks; n++) {
    let y = 0;
    for (let g = 0; g < seats; g++) {
      const u = rng();
      y += u < q ? 1 : u < q + (1 - q) * w ? teams : 0;
    }
    sum += y;
    sumSq += y * y;
    const st = blockSprtStatus(differenceSums({ blocks: n, sum, sumSq }, seats, teams), seats, teams, elo0, elo1, 0.05, 0.05);
    if (st.decision !== 'continue') return st.decision;
  }
  return 'none';
}

describe('block test: error rates on seeded synthetic blocks', () => {
  const RUNS = 400;
  // α = β = 0.05; three binomial standard errors of slack over 400 runs, plus a little for the normal approximation.
  const slack = 3 * Math.sqrt((0.05 * 0.95) / RUNS) + 0.01;
  it.each([
    ['free-for-all of 3, no draws', 3, 3, 0],
    ['free-for-all of 3, a fifth of the games without a winner', 3, 3, 0.2],
    ['two teams of two', 4, 2, 0.1],
  ])('%s', (_name, seats, teams, q) => {
    const rng = seedrandom(`block-sprt/${seats}/${teams}/${q}`);
    const tally = (elo: number) => {
      const t = { H0: 0, H1: 0, none: 0 };
      for (let r = 0; r < RUNS; r++) t[simulate(rng, elo, seats, teams, q, 0, 60, 20_000)]++;
      return t;
    };
    const h0 = tally(0);
    expect(h0.none).toBe(0);
    expect(h0.H1 / RUNS).toBeLessThanOrEqual(0.05 + slack);
    expect(h0.H0 / RUNS).toBeGreaterThanOrEqual(0.95 - slack);
    const h1 = tally(60);
    expect(h1.none).toBe(0);
    expect(h1.H0 / RUNS).toBeLessThanOrEqual(0.05 + slack);
    expect(h1.H1 / RUNS).toBeGreaterThanOrEqual(0.95 - slack);
    // Far from both hypotheses the test is nearly always right.
    expect(tally(200).H1).toBeGreaterThanOrEqual(RUNS - 2);
  });
});

describe('compare at 3 and 4 players: the table', () => {
  it.each([
    ['ffa3', ['a', 'b', 'b#2']],
    ['teams4', ['a', 'b', 'a#2', 'b#2']],
  ])('%s seats A in its team\'s seats and copies of B in the others', async (scenario, names) => {
    const dir = mkdtempSync(join(tmpdir(), 'sprt-multi-plan-'));
    try {
      const file = join(dir, 'c.yaml');
      writeFileSync(file, stringify({ name: 'c', kind: 'compare', scenario, matches: 40, players: [{ name: 'a', policy: 'random', faction: 'fpa' }, { name: 'b', policy: 'random', faction: 'lamais' }] }));
      const prep = await prepare(file, loadExperiment(file).experiment);
      expect(prep.plan.entrants.map((e) => e.name)).toEqual(names);
      expect(prep.plan.entrants.map((e) => e.faction)).toEqual(names.map((x) => (x.startsWith('a') ? 'fpa' : 'lamais')));
      expect(prep.plan.pairings).toEqual([names.map((_, i) => i)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('compare at 3 players, end to end', () => {
  it('gunner against two copies of random on ffa3 stops with accept H1 at the same point on 1 and 2 workers, and the report says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sprt-multi-'));
    try {
      const file = join(dir, 'cmp3.yaml');
      writeFileSync(
        file,
        stringify({
          name: 'cmp3',
          kind: 'compare',
          scenario: 'ffa3',
          matches: 300,
          seed: 1,
          chunk: 15,
          players: [
            { name: 'gunner', policy: 'gunner', faction: 'fpa' },
            { name: 'random', policy: 'random', faction: 'fpa' },
          ],
          sprt: { elo0: 0, elo1: 50 },
        }),
      );
      const { experiment, text } = loadExperiment(file);
      const r = await runBatch({ file, experiment, text, workers: 2, outDir: join(dir, 'out') });
      const sprt = r.summary.sprt as { kind: string; verdict: string; stoppedBy: string; blocks: number; seats: number; a: string; b: string; line: string };
      expect([sprt.kind, sprt.verdict, sprt.stoppedBy, sprt.seats, sprt.a, sprt.b]).toEqual(['blocks', 'accept H1', 'sprt', 3, 'gunner', 'random']);
      expect(sprt.blocks).toBeGreaterThanOrEqual(MIN_BLOCKS);
      expect(r.matches).toBeLessThan(300);
      expect(r.matches % 15).toBe(0);
      const summary = JSON.parse(readFileSync(join(r.dir, 'summary.json'), 'utf8'));
      expect(summary.multi.tables[0].key).toBe('gunner / random / random#2');
      const model = buildReportModel(r.dir);
      expect(model.headlines.some((h) => /^Sequential test \(3 players\): accept H1: gunner is stronger than random/.test(h.text))).toBe(true);
      // The stopping point does not depend on the workers: chunks count as a contiguous prefix.
      const one = await runBatch({ file, experiment: loadExperiment(file).experiment, text, workers: 1, outDir: join(dir, 'one') });
      expect(one.matches).toBe(r.matches);
      expect(one.summary.sprt).toEqual(r.summary.sprt);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
