/**
 * Known answers for the two-faction meta: planted games whose equilibria are solved by
 * hand. Cells are built from pentanomial counts with exactly the planted mean, so the
 * bootstrap redraws around the planted game: a dominant loadout gets all the weight, a
 * dominated one is flagged never worth playing, a mixed game has its textbook mixtures and
 * value, and the value's interval names the favoured faction only when it excludes ½.
 * Then the experiment file (what it refuses) and a small run end to end.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseFactionGame, analyseFactionMeta, factionMetaLines, type FactionCell } from '../../src/analysis/meta-factions.js';
import { ConfigError } from '../../src/content/errors.js';
import { loadExperiment } from '../../src/sim/experiment.js';
import { prepare } from '../../src/sim/play.js';
import { runBatch } from '../../src/run/batch.js';
import { buildReportModel } from '../../src/report/findings.js';

/** Pentanomial counts of `pairs` pairs with mean score exactly `s` (mass on two neighbouring pair scores). */
function cell(s: number, pairs = 400): FactionCell {
  const x = s * 4;
  const k = Math.min(3, Math.floor(x));
  const hi = Math.round((x - k) * pairs);
  const penta = [0, 0, 0, 0, 0];
  penta[k] = pairs - hi;
  penta[k + 1] += hi;
  return { score: s, matches: 2 * pairs, units: penta };
}

const game = (scores: number[][], pairs = 400) => scores.map((r) => r.map((s) => cell(s, pairs)));
const names = (prefix: string, k: number) => Array.from({ length: k }, (_, i) => `${prefix}${i}`);
const sides = (m: number, n: number) => [{ faction: 'fpa', loadouts: names('f', m) }, { faction: 'lamais', loadouts: names('l', n) }] as const;

describe('two-faction meta: known games', () => {
  const cases: { name: string; scores: number[][]; row: number[]; column: number[]; value: number; favoured: string | null; neverRow: boolean[]; neverCol: boolean[]; pairs?: number }[] = [
    {
      name: 'a dominant row loadout takes all the weight; the column side plays its best reply',
      scores: [
        [0.8, 0.75, 0.85],
        [0.4, 0.45, 0.35],
        [0.3, 0.4, 0.45],
      ],
      row: [1, 0, 0],
      column: [0, 1, 0],
      value: 0.75,
      favoured: 'fpa',
      neverRow: [false, true, true],
      neverCol: [true, false, true],
    },
    {
      name: 'a mixed game: p = 0.2, q = 0.4, value 0.56',
      scores: [
        [0.8, 0.4],
        [0.5, 0.6],
      ],
      row: [0.2, 0.8],
      column: [0.4, 0.6],
      value: 0.56,
      favoured: 'fpa',
      neverRow: [false, false],
      neverCol: [false, false],
      pairs: 4000,
    },
    {
      name: 'matching pennies with a planted never-worth column: even value, nobody favoured',
      scores: [
        [0.7, 0.3, 0.9],
        [0.3, 0.7, 0.9],
      ],
      row: [0.5, 0.5],
      column: [0.5, 0.5, 0],
      value: 0.5,
      favoured: null,
      neverRow: [false, false],
      neverCol: [false, false, true],
    },
    {
      name: 'the column faction favoured: value 0.35',
      scores: [
        [0.35, 0.45],
        [0.2, 0.3],
      ],
      row: [1, 0],
      column: [1, 0],
      value: 0.35,
      favoured: 'lamais',
      neverRow: [false, true],
      neverCol: [false, true],
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const m = c.scores.length;
      const n = c.scores[0].length;
      const a = analyseFactionGame(game(c.scores, c.pairs), sides(m, n), 7);
      a.sides[0].mixture.forEach((w, i) => expect(w).toBeCloseTo(c.row[i], 9));
      a.sides[1].mixture.forEach((w, j) => expect(w).toBeCloseTo(c.column[j], 9));
      expect(a.value.value).toBeCloseTo(c.value, 9);
      expect(a.value.lo).toBeLessThanOrEqual(c.value + 1e-9);
      expect(a.value.hi).toBeGreaterThanOrEqual(c.value - 1e-9);
      expect(a.favoured).toBe(c.favoured);
      expect(a.sides[0].neverWorth).toEqual(c.neverRow);
      expect(a.sides[1].neverWorth).toEqual(c.neverCol);
      // The equilibrium loadouts reach the value against the other side's mixture; none does better.
      a.sides[0].againstMixture.forEach((s) => expect(s).toBeLessThanOrEqual(c.value + 1e-9));
      a.sides[1].againstMixture.forEach((s) => expect(s).toBeLessThanOrEqual(1 - c.value + 1e-9));
      a.sides[0].mixture.forEach((w, i) => w > 1e-9 && expect(a.sides[0].againstMixture[i]).toBeCloseTo(c.value, 9));
    });

  it('equally good loadouts are never flagged, and the equilibrium is called not unique', () => {
    // Two row loadouts win every pair: the LP gives the first all the weight, every replicate.
    const a = analyseFactionGame(game([
      [1, 1],
      [1, 1],
      [0.4, 0.3],
    ]), sides(3, 2), 2);
    expect(a.sides[0].mixture).toEqual([1, 0, 0]);
    expect(a.sides[0].neverWorth).toEqual([false, false, true]);
    expect(a.sides[1].neverWorth).toEqual([false, false]);
    expect(a.verdict.status).toBe('uncertain');
    expect(a.verdict.reasons.join(' ')).toMatch(/not unique: 2 loadouts .*\(f1, l1\)/);
  });

  it('is seeded: the same seed gives the same bootstrap, another seed another', () => {
    const g = game([
      [0.52, 0.48],
      [0.47, 0.53],
    ], 30);
    const x = analyseFactionGame(g, sides(2, 2), 'a');
    expect(analyseFactionGame(g, sides(2, 2), 'a')).toEqual(x);
    expect(analyseFactionGame(g, sides(2, 2), 'b').value).not.toEqual(x.value);
  });

  it('a close game is uncertain: weights waver over the replicates and no loadout is flagged', () => {
    const a = analyseFactionGame(game([
      [0.52, 0.5],
      [0.5, 0.52],
    ], 20), sides(2, 2), 3);
    expect(a.verdict.status).toBe('uncertain');
    expect(a.favoured).toBeNull();
    expect([...a.sides[0].neverWorth, ...a.sides[1].neverWorth].every((x) => !x)).toBe(true);
  });

  it('an unplayed cell counts as even and the verdict says so', () => {
    const g = game([
      [0.8, 0.75],
      [0.3, 0.4],
    ]);
    g[1][1] = { score: 0, matches: 0, units: [0, 0, 0, 0, 0] };
    const a = analyseFactionGame(g, sides(2, 2), 1);
    expect(a.score[1][1]).toBe(0.5);
    expect(a.verdict.reasons.join(' ')).toMatch(/not played/);
  });
});

describe('two-faction meta from a run', () => {
  it('reads the plan\'s sides and the pairings (row side first) and words the terminal lines', () => {
    const entrants = ['f0', 'f1', 'l0', 'l1', 'l2'].map((name) => ({ name }));
    const plan = { entrants, sides: [{ faction: 'fpa', total: 9, chosen: 2, sampled: true, first: 0, count: 2 }, { faction: 'lamais', total: 9, chosen: 3, sampled: true, first: 2, count: 3 }] } as never;
    const scores = [
      [0.8, 0.75, 0.85],
      [0.4, 0.45, 0.35],
    ];
    const pairings = scores.flatMap((r, i) =>
      r.map((s, j) => {
        const c = cell(s, 100);
        const winsA = Math.round(s * 200);
        return { a: i, b: 2 + j, matches: 200, winsA, winsB: 200 - winsA, penta: c.units };
      }),
    );
    const a = analyseFactionMeta(plan, { pairings } as never, 5)!;
    expect(a.sides.map((s) => s.loadouts)).toEqual([['f0', 'f1'], ['l0', 'l1', 'l2']]);
    expect(a.score).toEqual(scores);
    expect(a.sides[0].mixture).toEqual([1, 0]);
    expect(a.sides[1].mixture[1]).toBeCloseTo(1, 9);
    const lines = factionMetaLines(a);
    expect(lines[0]).toMatch(/^fpa vs lamais when both pick loadouts well: fpa scores 75\.0% .*fpa is favoured$/);
    expect(lines[1]).toMatch(/never worth playing: 1 of 2 loadouts/);
    expect(analyseFactionMeta({ entrants, sides: undefined } as never, { pairings } as never, 5)).toBeNull();
  });
});

describe('two-faction meta: experiment files and a run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meta-factions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, doc: object) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, stringify({ name, kind: 'meta', scenario: 'duel', matches: 4, seed: 1, ...doc }));
    return file;
  };
  const two = [
    { faction: 'fpa', policy: 'gunner', count: 2 },
    { faction: 'lamais', policy: 'gunner', count: 3 },
  ];

  it.each([
    ['the same faction twice', { loadouts: [two[0], { ...two[1], faction: 'fpa' }] }, 'loadouts[1].faction', /a faction other than loadouts\[0\]'s/],
    ['players beside the two sides', { loadouts: two, players: [{ policy: 'gunner', faction: 'fpa' }] }, 'players', /no players in a two-faction meta/],
    ['three blocks', { loadouts: [...two, two[0]] }, 'loadouts', /a list of two such blocks/],
    ['a list for a loadout-sweep', { kind: 'loadout-sweep', field: 'each-other', loadouts: two }, 'loadouts', /one loadouts block/],
    ['a panel', { loadouts: two, panel: 'default' }, 'panel', /no panel on a two-faction meta/],
    ['a count above the legal loadouts of the second side', { loadouts: [two[0], { ...two[1], count: 10_000 }] }, 'loadouts[1].count', /a count of at most/],
    ['an unknown faction on the second side', { loadouts: [two[0], { ...two[1], faction: 'nobody' }] }, 'loadouts[1].faction', /a faction id/],
  ])('refuses %s', async (name, doc, path, message) => {
    const file = write(name.replace(/\W+/g, '-'), doc);
    let err: unknown;
    try {
      await prepare(file, loadExperiment(file).experiment);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).path).toBe(path);
    expect((err as ConfigError).message).toMatch(message);
  });

  it('a single loadouts block is still a one-faction meta', async () => {
    const file = write('one-side', { loadouts: two[0], players: [{ name: 'lamais', policy: 'gunner', faction: 'lamais' }] });
    const prep = await prepare(file, loadExperiment(file).experiment);
    expect(prep.plan.sides).toBeUndefined();
    expect(prep.plan.pairings).toHaveLength(3);
  });

  it('plans every loadout of one side against every loadout of the other, and a run writes the game', async () => {
    const file = write('two-sides', { loadouts: two, matches: 6 });
    const { experiment, text } = loadExperiment(file);
    const prep = await prepare(file, experiment);
    expect(prep.plan.sides!.map((s) => [s.faction, s.first, s.count])).toEqual([['fpa', 0, 2], ['lamais', 2, 3]]);
    expect(prep.plan.pairings).toEqual([[0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4]]);
    expect(prep.plan.entrants.map((e) => e.faction)).toEqual(['fpa', 'fpa', 'lamais', 'lamais', 'lamais']);
    expect(prep.plan.entrants.every((e, i) => e.name.startsWith(`${e.faction}:`) && (e.origin as { loadout: number }).loadout === i)).toBe(true);

    const r = await runBatch({ file, experiment: loadExperiment(file).experiment, text, workers: 1, outDir: join(dir, 'run') });
    expect(r.matches).toBe(36);
    const f = r.summary.factionMeta as ReturnType<typeof analyseFactionGame>;
    expect(f.sides.map((s) => s.loadouts)).toEqual([prep.plan.entrants.slice(0, 2).map((e) => e.name), prep.plan.entrants.slice(2).map((e) => e.name)]);
    expect(f.matches.flat()).toEqual(new Array(6).fill(6));
    // The value is the row side's equilibrium score: between the worst and best cell, and what its mixture guarantees.
    expect(Math.min(...f.score.flat()) - 1e-9).toBeLessThanOrEqual(f.value.value);
    expect(f.value.value).toBeLessThanOrEqual(Math.max(...f.score.flat()) + 1e-9);
    for (let j = 0; j < 3; j++) expect(f.score.reduce((a, row, i) => a + row[j] * f.sides[0].mixture[i], 0)).toBeGreaterThanOrEqual(f.value.value - 1e-9);
    for (const name of ['meta-factions.csv', 'meta-factions-game.csv', 'meta-factions-matrix.csv', 'charts/meta-factions.vl.json']) expect(existsSync(join(r.dir, name))).toBe(true);
    expect(readFileSync(join(r.dir, 'meta-factions.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 5);
    expect(JSON.parse(readFileSync(join(r.dir, 'analysis.json'), 'utf8')).balance).toBeNull();
    const model = buildReportModel(r.dir);
    expect(model.sections.some((s) => s.id === 'meta-factions')).toBe(true);
    expect(model.headlines.some((h) => /^When both sides pick their loadouts well, /.test(h.text))).toBe(true);
  }, 180_000);
});
