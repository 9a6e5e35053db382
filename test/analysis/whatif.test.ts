/**
 * What-if deltas (src/analysis/whatif.ts, docs/statistics.md section 15): known answers for
 * the paired interval worked by hand, coverage of a planted effect by simulation (paired
 * outcomes with a known mean difference), the figures a tally folds from hand-made records,
 * the refusal to compare blocks played on different seeds; and whole what-if runs: the
 * baseline and the alternatives on the same match ids and seeds, a change to a card nobody
 * flies moving no figure at all, a planted effect (a main gun that does no damage) found,
 * and the experiment keys checked.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { stringify } from 'yaml';
import { ConfigError } from '../../src/content/errors.js';
import { loadExperiment } from '../../src/sim/experiment.js';
import { isWhatIf } from '../../src/sim/whatif.js';
import { runWhatIf } from '../../src/run/whatif.js';
import { buildReportModel } from '../../src/report/findings.js';
import { renderSvg } from '../../src/report/charts.js';
import { whatIfChart } from '../../src/report/whatif.js';
import { pairedDelta, BlockTally, tallyDeltas } from '../../src/analysis/whatif.js';
import { tQuantile } from '../../src/analysis/stats.js';
import { handRecords } from './records.js';

describe('pairedDelta: known answers', () => {
  it.each([
    // per-block values (count 1): differences 1, 2, 1, 2 → mean 1.5, s² = 1/3, se = s/√4
    { base: [1, 2, 3, 4], variant: [2, 4, 4, 6], delta: 1.5, se: Math.sqrt(1 / 3) / 2 },
    // no spread in the differences: a zero-width interval at the delta
    { base: [0, 1, 0, 1], variant: [1, 2, 1, 2], delta: 1, se: 0 },
    // ratios with unequal counts, by hand: R_b = 2/4, R_v = 4/4; z = (−.125, 0, .125); V = 3/2 · .03125
    { base: [1, 1, 0], baseCount: [1, 2, 1], variant: [1, 2, 1], variantCount: [1, 2, 1], delta: 0.5, se: Math.sqrt(1.5 * 0.03125) },
  ])('$base -> $variant', ({ base, variant, baseCount, variantCount, delta, se }) => {
    const d = pairedDelta({ base, variant, baseCount, variantCount });
    expect(d.delta).toBeCloseTo(delta, 12);
    expect(d.se).toBeCloseTo(se, 12);
    const t = tQuantile(0.975, base.length - 1);
    expect(d.lo).toBeCloseTo(delta - t * se, 12);
    expect(d.hi).toBeCloseTo(delta + t * se, 12);
    expect(d.blocks).toBe(base.length);
  });

  it('gives no interval from one block, and refuses arrays of different lengths', () => {
    expect(pairedDelta({ base: [1], variant: [2] }).lo).toBeNaN();
    expect(() => pairedDelta({ base: [1, 2], variant: [2] })).toThrow(RangeError);
  });
});

/**
 * Paired games with a known effect: block k has a baseline win chance p_k = 0.5 ± 0.3 (the
 * seed's luck, shared by both contents) and the variant's is p_k + effect; each game draws
 * one uniform used under both contents (common random numbers).
 */
function simulate(rng: () => number, blocks: number, effect: number, paired: boolean) {
  const base = new Float64Array(blocks);
  const variant = new Float64Array(blocks);
  const count = new Float64Array(blocks).fill(2);
  let truth = 0;
  for (let k = 0; k < blocks; k++) {
    const p = 0.5 + 0.6 * (rng() - 0.5);
    const pv = Math.min(1, Math.max(0, p + effect));
    truth += pv - p;
    for (let g = 0; g < 2; g++) {
      const u = rng();
      base[k] += u < p ? 1 : 0;
      variant[k] += (paired ? u : rng()) < pv ? 1 : 0;
    }
  }
  return { base, variant, baseCount: count, variantCount: count, truth: truth / blocks };
}

describe('pairedDelta: coverage of a planted effect', () => {
  it.each([0.05, 0.1, -0.2])('effect %s: the 95 percent interval covers it 93-97 percent of the time, and pairing narrows it', (effect) => {
    const rng = seedrandom(`whatif/coverage/${effect}`);
    const reps = 2000;
    let covered = 0;
    let widthPaired = 0;
    let widthUnpaired = 0;
    for (let r = 0; r < reps; r++) {
      const s = simulate(rng, 200, effect, true);
      const d = pairedDelta(s);
      // The planted effect in expectation: effect (no clamping at these p).
      if (d.lo <= effect && effect <= d.hi) covered++;
      widthPaired += d.hi - d.lo;
      const u = pairedDelta(simulate(rng, 200, effect, false));
      widthUnpaired += u.hi - u.lo;
    }
    expect(covered / reps).toBeGreaterThan(0.93);
    expect(covered / reps).toBeLessThan(0.97);
    // Common random numbers: the same uniforms under both contents make the interval narrower.
    expect(widthPaired / reps).toBeLessThan(0.75 * (widthUnpaired / reps));
  });
});

describe('BlockTally', () => {
  const spec = {
    entrants: [
      { name: 'A', faction: 0 },
      { name: 'B', faction: 1 },
    ],
    factions: [
      { id: 'fpa', name: 'FPA' },
      { id: 'lamais', name: 'Lamais' },
    ],
    matchesPerTable: 4,
    block: 2,
  };
  // Two blocks of two games (seats swapped): block 0 A wins both; block 1 a draw then B in seat 0.
  const rows = (seed1: number, winnerLast: number) =>
    handRecords([
      { id: 0, pair: 0, game: 0, p0: 0, p1: 1, f0: 0, f1: 1, winner: 0, rounds: 4, seed: 7 },
      { id: 1, pair: 0, game: 1, p0: 1, p1: 0, f0: 1, f1: 0, winner: 1, rounds: 6, seed: 7 },
      { id: 2, pair: 1, game: 0, p0: 0, p1: 1, f0: 0, f1: 1, winner: -1, status: 2, rounds: 10, seed: seed1 },
      { id: 3, pair: 1, game: 1, p0: 1, p1: 0, f0: 1, f1: 0, winner: winnerLast, rounds: 8, seed: seed1 },
    ]);

  it('folds each figure per block', () => {
    const t = new BlockTally(spec, 2);
    t.add(rows(9, 0), 4);
    const fig = (key: string) => {
      const f = t.figures.findIndex((x) => x.key === key);
      const b = t.blocksOf(f);
      return { total: [...b.total], count: [...b.count] };
    };
    expect(t.figures.map((f) => f.key)).toEqual(['score:A', 'score:B', 'wins:A', 'wins:B', 'faction:fpa', 'faction:lamais', 'draws', 'rounds', 'seat0']);
    expect(fig('score:A')).toEqual({ total: [2, 0.5], count: [2, 2] });
    expect(fig('score:B')).toEqual({ total: [0, 1.5], count: [2, 2] });
    expect(fig('wins:B')).toEqual({ total: [0, 1], count: [2, 2] });
    expect(fig('faction:lamais')).toEqual({ total: [0, 1.5], count: [2, 2] });
    expect(fig('draws')).toEqual({ total: [0, 1], count: [2, 2] });
    expect(fig('rounds')).toEqual({ total: [10, 18], count: [2, 2] });
    // Seat 0 won game 0 (A) and game 3 (B in seat 0); lost game 1 (A in seat 1 won).
    expect(fig('seat0')).toEqual({ total: [1, 1], count: [2, 1] });
  });

  it('pairs two tallies block by block, and refuses blocks played on other seeds', () => {
    const base = new BlockTally(spec, 2);
    base.add(rows(9, 0), 4);
    const same = new BlockTally(spec, 2);
    same.add(rows(9, 0), 4);
    const d = tallyDeltas(base, same);
    expect(d.every((x) => x.delta === 0 && x.blocks === 2)).toBe(true);
    const flipped = new BlockTally(spec, 2);
    flipped.add(rows(9, 1), 4); // the last game won by seat 1 (A) instead
    const score = tallyDeltas(base, flipped).find((x) => x.figure.key === 'score:A')!;
    expect(score.delta).toBeCloseTo(1 / 4, 12);
    const other = new BlockTally(spec, 2);
    other.add(rows(10, 0), 4);
    expect(() => tallyDeltas(base, other)).toThrow(/not paired/);
  });

  it("clamps a share's interval to the deltas a share can have", () => {
    const base = new BlockTally(spec, 2);
    base.add(rows(9, 0), 4);
    // Every game drawn under the variant: the draw share goes from 1/4 to 1, a delta of 3/4, at most 1 − 1/4.
    const drawn = new BlockTally(spec, 2);
    drawn.add(handRecords([0, 1, 2, 3].map((id) => ({ id, pair: id >> 1, game: id & 1, p0: id & 1, p1: 1 - (id & 1), f0: id & 1, f1: 1 - (id & 1), winner: -1, status: 2, seed: id < 2 ? 7 : 9 }))), 4);
    const draws = tallyDeltas(base, drawn).find((d) => d.figure.key === 'draws')!;
    expect(draws.delta).toBeCloseTo(0.75, 12);
    expect(draws.hi).toBe(0.75);
    const raw = pairedDelta({ base: [0, 1], variant: [2, 2], baseCount: [2, 2], variantCount: [2, 2] });
    expect(raw.hi).toBeGreaterThan(0.75); // the unclamped interval overshoots
  });

  it('refuses one block holding two seeds', () => {
    const t = new BlockTally(spec, 2);
    expect(() => t.add(handRecords([{ id: 0, pair: 0, game: 0, p0: 0, p1: 1, seed: 7 }, { id: 1, pair: 0, game: 1, p0: 1, p1: 0, seed: 8 }]), 2)).toThrow(/not one seed block/);
  });
});

describe('what-if runs through the simulation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'whatif-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, doc: Record<string, unknown>) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, stringify({ name, kind: 'batch', matches: 24, seed: 3, players: PLAYERS, outputs: { matchesCsv: true, summary: true, charts: false, report: false }, ...doc }));
    return loadExperiment(file);
  };
  const PLAYERS = [
    { name: 'fpa-gunner', policy: 'gunner', faction: 'fpa' },
    { name: 'lamais-gunner', policy: 'gunner', faction: 'lamais' },
  ];
  /** matches.csv's id and seed columns, and its rows, of a results folder. */
  const matches = (folder: string) => {
    const [head, ...rows] = readFileSync(join(folder, 'matches.csv'), 'utf8').trim().split('\n');
    const cols = head.split(',');
    const at = (c: string) => cols.indexOf(c);
    return rows.map((r) => r.split(',')).map((r) => ({ id: r[at('id')], seed: r[at('seed')], row: r.join(',') }));
  };

  it('plays the baseline and each alternative on the same match ids and seeds; a change to a card nobody flies moves nothing, a useless main gun moves the score', async () => {
    const { file, experiment, text } = write('pairing', {
      alternatives: [
        // The default FPA loadout flies the Hammerfall, not the Longbow: no match can change.
        { name: 'unused-card', changes: [{ card: 'fpa-longbow', field: 'damage', value: 6 }] },
        // The planted effect: FPA's main gun (the Hammerfall, in its default loadout) does no damage.
        { changes: [{ card: 'fpa-hammerfall', field: 'damage', value: 0 }] },
      ],
    });
    const r = await runWhatIf({ file, experiment, text, workers: 1, outDir: join(dir, 'pairing-out') });
    expect(r.complete).toBe(true);
    const [unused, useless] = r.whatif.alternatives;
    expect(useless.label).toBe('Hammerfall damage 4 -> 0');
    expect(useless.folder).toBe('alternatives/Hammerfall-damage-4-to-0');
    // Pairing: the same ids on the same seeds in every folder.
    const base = matches(r.dir);
    expect(base).toHaveLength(24);
    for (const a of r.whatif.alternatives) expect(matches(join(r.dir, a.folder)).map((m) => `${m.id}/${m.seed}`)).toEqual(base.map((m) => `${m.id}/${m.seed}`));
    // Common random numbers: the unused card's run is the baseline's, match for match, so every delta is exactly 0.
    expect(matches(join(r.dir, unused.folder)).map((m) => m.row)).toEqual(base.map((m) => m.row));
    for (const d of unused.deltas) expect([d.delta, d.lo, d.hi], d.key).toEqual(d.key === 'seat0' && d.delta === null ? [null, null, null] : [0, 0, 0]);
    // The planted effect: FPA's main gun cannot hurt Lamais, so FPA's score falls and the interval says so.
    const fpa = useless.deltas.find((d) => d.key === 'faction:fpa')!;
    expect(fpa.hi!).toBeLessThan(0);
    expect(useless.line).toMatch(/^Hammerfall damage 4 -> 0: Lamais score \+\d+\.\d points \[\d+\.\d, \d+\.\d\]$/);
    // Written out: whatif.json, the summary's whatif, whatif.csv with a row per alternative and figure.
    expect(JSON.parse(readFileSync(join(r.dir, 'whatif.json'), 'utf8'))).toEqual(r.whatif);
    expect(JSON.parse(readFileSync(join(r.dir, 'summary.json'), 'utf8')).whatif).toEqual(r.whatif);
    const csv = readFileSync(join(r.dir, 'whatif.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(1 + 2 * unused.deltas.length);
    // The report opens with the changes, each named with its main delta; the chart renders.
    const model = buildReportModel(r.dir);
    expect(model.headlines[0].text).toMatch(/^Longbow damage 3 -> 6: FPA score \+0\.0 points \[0\.0, 0\.0\] \(no detectable change/);
    expect(model.headlines[1].text.startsWith(`${useless.line}; paired over 12 seed blocks`)).toBe(true);
    expect(model.sections.map((x) => x.id)).toContain('whatif');
    expect(await renderSvg(whatIfChart(r.whatif, 'pairing'))).toMatch(/^<svg/);
  }, 300_000);

  it.each([
    // kind, scenario, players, matches per table, seed blocks (matches / seats)
    ['tournament', 'duel', [...PLAYERS, { name: 'fpa-brawler', policy: 'brawler', faction: 'fpa' }], 8, 4],
    ['batch', 'ffa3', [...PLAYERS, { name: 'fpa-carrier', policy: 'carrier', faction: 'fpa' }], 9, 3],
  ])('a %s on %s pools every table of a seed into one block, and an unused card moves nothing there either', async (kind, scenario, players, n, blocks) => {
    const { file, experiment, text } = write(`pool-${kind}-${scenario}`, { kind, scenario, players, matches: n, changes: [{ card: 'fpa-longbow', field: 'damage', value: 6 }] });
    const r = await runWhatIf({ file, experiment, text, workers: 1, outDir: join(dir, `pool-${kind}-${scenario}-out`) });
    const [alt] = r.whatif.alternatives;
    expect(alt.deltas.filter((d) => d.key.startsWith('score:')).map((d) => d.key)).toEqual(players.map((p) => `score:${p.name}`));
    for (const d of alt.deltas) {
      expect(d.blocks, d.key).toBeLessThanOrEqual(blocks);
      if (d.delta !== null) expect([d.delta, d.lo, d.hi], d.key).toEqual([0, 0, 0]);
    }
    expect(alt.deltas.find((d) => d.key === 'score:fpa-gunner')!.blocks).toBe(blocks);
  }, 300_000);

  it('a bad alternative is refused at its own place in the file before anything plays', async () => {
    const { file, experiment, text } = write('bad-alternative', {
      alternatives: [{ changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }] }, { changes: [{ card: 'fpa-hull', field: 'structure', value: 0 }] }],
    });
    const out = join(dir, 'bad-out');
    const e = await runWhatIf({ file, experiment, text, workers: 1, outDir: out }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).path).toBe('alternatives[1].changes[0].value');
    expect(existsSync(out)).toBe(false);
    // A stat-sweep whose sweep varies a field an alternative sets: both places named.
    const sweep = write('sweep-overlap', {
      kind: 'stat-sweep',
      sweep: [{ card: 'lamais-tyrant', field: 'damage', values: [2, 4] }],
      alternatives: [{ changes: [{ card: 'fpa-hull', field: 'structure', value: 10 }] }, { changes: [{ card: 'lamais-tyrant', field: 'damage', value: 5 }] }],
    });
    const f = (await runWhatIf({ ...sweep, workers: 1, outDir: out }).catch((x: unknown) => x)) as ConfigError;
    expect(f).toBeInstanceOf(ConfigError);
    expect(f.path).toBe('sweep[0].field');
    expect(f.issues[0].expected).toMatch(/alternatives\[1\]\.changes\[0\] already changes lamais-tyrant\.damage/);
    expect(existsSync(out)).toBe(false);
  });

  // what, document, path of the refusal
  it.each([
    ['changes and alternatives together', { changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }], alternatives: [{ changes: [{ card: 'lamais-tyrant', field: 'damage', value: 4 }] }] }, 'alternatives'],
    ['alternatives without a baseline', { baseline: false, alternatives: [{ changes: [{ card: 'lamais-tyrant', field: 'damage', value: 4 }] }] }, 'baseline'],
    ['a what-if compare', { kind: 'compare', changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }] }, 'kind'],
    ['a what-if with a panel', { panel: 'default', changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }] }, 'panel'],
    ['two alternatives of one name', { alternatives: [{ name: 'a', changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }] }, { name: 'a', changes: [{ card: 'lamais-tyrant', field: 'damage', value: 4 }] }] }, 'alternatives[1].name'],
  ])('%s', (name, doc, path) => {
    const e = (() => {
      try {
        write(name.replace(/\W+/g, '-'), doc);
      } catch (x) {
        return x;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).path).toBe(path);
  });

  it('baseline: false keeps changes applied to every match, with no baseline', () => {
    const { experiment } = write('no-baseline', { baseline: false, changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }] });
    expect(isWhatIf(experiment)).toBe(false);
    expect(isWhatIf(write('with-baseline', { changes: [{ card: 'lamais-tyrant', field: 'damage', value: 2 }] }).experiment)).toBe(true);
    expect(isWhatIf(write('plain', {}).experiment)).toBe(false);
  });
});
