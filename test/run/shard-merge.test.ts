/**
 * Shards and merge (docs/reproducibility.md): a run split four ways with `--shard I/N` and
 * put together by `stareater merge` writes the single run's files byte for byte (the
 * report apart from its timings, its folder's name and its Reproduce commands), for every
 * kind that splits; the split itself is table-tested; a missing, duplicated, incomplete or
 * foreign shard is refused naming it; a stopped shard resumes on its own; compare runs are
 * refused with the reason.
 *
 * Kept small: rammer and random play a few matches per table, so each kind's five runs
 * take a few seconds, mostly the worker threads starting.
 */
import { describe, it, expect } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { stringify } from 'yaml';
import { runBatch, type BatchOptions } from '../../src/run/batch.ts';
import { mergeShards } from '../../src/run/merge.ts';
import { parseShard, shardRange, checkShardable, resumeShard, readShardFile } from '../../src/run/shard.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { ConfigError } from '../../src/content/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-shards-'));

function writeExperiment(name: string, doc: unknown): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

/** Run `file` whole into `out` (two workers: its matches.csv rows in the order chunks finish). */
async function single(file: string, out: string) {
  const { experiment, text } = loadExperiment(file);
  return runBatch({ file, experiment, text, workers: 2, outDir: out });
}

/** Shard i of n of `file` into `out`. */
async function shard(file: string, i: number, n: number, out: string, more: Partial<BatchOptions> = {}) {
  const { experiment, text } = loadExperiment(file);
  return runBatch({ file, experiment, text, workers: 1, outDir: out, shard: { index: i, count: n }, ...more });
}

/** matches.csv's rows (header first), sorted by match id. */
function sortedRows(out: string): string[] {
  const [head, ...rows] = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n');
  return [head, ...rows.sort((x, y) => Number(x.split(',')[0]) - Number(y.split(',')[0]))];
}

/**
 * A results file with what says how and where the run was made taken out: the folder's
 * path (its own name), times and dates, the report's run line and its Reproduce section,
 * the worker count the command line gave (in the experiment file the report shows).
 * And the ids vega gives the gradients of inline SVGs: a count of those rendered in the
 * process, so a second report rendered in one test process numbers them on (two runs of the
 * command, each its own process, number them alike).
 */
function normalised(out: string, name: string): string {
  const path = relative(process.cwd(), out);
  return readFileSync(join(out, name), 'utf8')
    .split(path)
    .join('DIR')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME')
    .replace(/\d{4}-\d\d-\d\d/g, 'DATE')
    .replace(/<tr><th scope="row">run<\/th>.*<\/tr>/, 'RUN')
    .replace(/<section id="reproduce">[\s\S]*?<\/section>/, 'REPRODUCE')
    .replace(/workers: \d+/g, 'workers: W')
    .replace(/gradient_\d+/g, 'gradient_N');
}

/** The result files a single run writes, compared with the merged run's (see the header). */
function expectSameOutputs(one: string, merged: string): void {
  const files = readdirSync(one).filter((f) => /\.(json|csv|html)$/.test(f) && !/^(run|provenance)\.json$/.test(f) && !/^replay-/.test(f));
  expect(files).toContain('summary.json');
  expect(files).toContain('report.html');
  expect(readdirSync(merged).filter((f) => files.includes(f)).sort()).toEqual(files.sort());
  for (const f of files) {
    if (f === 'matches.csv') continue;
    if (f === 'report.html') expect(normalised(merged, f), f).toBe(normalised(one, f));
    else expect(readFileSync(join(merged, f), 'utf8'), f).toBe(readFileSync(join(one, f), 'utf8'));
  }
  // matches.csv: the same rows; the merged file is in match id order.
  expect(readFileSync(join(merged, 'matches.csv'), 'utf8').trim().split('\n')).toEqual(sortedRows(one));
  const charts = readdirSync(join(one, 'charts'));
  expect(charts.length).toBeGreaterThan(0);
  expect(readdirSync(join(merged, 'charts')).sort()).toEqual(charts.sort());
  // The SVGs' gradient ids count on within the test's process (see normalised).
  const chart = (out: string, c: string) => readFileSync(join(out, 'charts', c), 'utf8').replace(/gradient_\d+/g, 'gradient_N');
  for (const c of charts) expect(chart(merged, c), c).toBe(chart(one, c));
}

const duel = (name: string, extra: Record<string, unknown>) => ({ name, scenario: 'duel', seed: `shard-${name}`, ...extra });
const rammer = { name: 'ram', policy: 'rammer', faction: 'fpa' };
const random = { name: 'rnd', policy: 'random', faction: 'lamais', loadout: 'sample' };

/** One experiment of every kind that splits; a few fast matches per table. */
const KINDS: [string, Record<string, unknown>][] = [
  ['batch', duel('batch', { kind: 'batch', matches: 16, players: [rammer, random] })],
  ['tournament', duel('tournament', { kind: 'tournament', matches: 8, players: [rammer, random, { name: 'brawl', policy: 'brawler', faction: 'lamais' }] })],
  ['loadout-sweep', duel('loadout-sweep', { kind: 'loadout-sweep', matches: 4, loadouts: { faction: 'fpa', policy: 'rammer', count: 3 }, players: [random] })],
  ['stat-sweep', duel('stat-sweep', { kind: 'stat-sweep', matches: 4, sweep: [{ card: 'lamais-tyrant', field: 'damage', values: [1, 5] }], players: [{ ...random, loadout: 'default' }, rammer] })],
  ['meta', duel('meta', { kind: 'meta', matches: 4, players: [rammer, { ...random, loadout: 'default' }], loadouts: { faction: 'fpa', policy: 'rammer', count: 2 } })],
  ['3-player batch', { name: 'ffa', kind: 'batch', scenario: 'ffa3', seed: 3, matches: 12, players: [rammer, { name: 'rnd2', policy: 'random', faction: 'lamais' }, { name: 'ram2', policy: 'rammer', faction: 'fpa' }] }],
  ['3-player meta', { name: 'ffa-meta', kind: 'meta', scenario: 'ffa3', seed: 4, matches: 6, roundLimit: 10, players: [rammer, { name: 'rnd2', policy: 'random', faction: 'fpa' }] }],
];

describe('four shards merged are the single run', () => {
  for (const [kind, doc] of KINDS)
    it(`${kind}`, async () => {
      const file = writeExperiment(`kind-${doc.name}`, doc);
      const one = await single(file, join(dir, `${doc.name}-one`));
      expect(one.complete).toBe(true);
      const parts = await Promise.all([0, 1, 2, 3].map((i) => shard(file, i, 4, join(dir, `${doc.name}-s${i}`))));
      expect(parts.every((p) => p.complete)).toBe(true);
      // Each shard played a part, none of them the whole, and together every match once.
      expect(parts.map((p) => p.matches).reduce((a, b) => a + b, 0)).toBe(one.matches);
      expect(parts.every((p) => p.matches > 0 && p.matches < one.matches)).toBe(true);
      // A shard writes its part's data, not a report of it.
      expect(existsSync(join(dir, `${doc.name}-s0`, 'report.html'))).toBe(false);
      // Given in any order.
      const merged = await mergeShards(join(dir, `${doc.name}-merged`), [3, 1, 0, 2].map((i) => join(dir, `${doc.name}-s${i}`)));
      expect(merged.complete).toBe(true);
      expect(merged.matches).toBe(one.matches);
      expectSameOutputs(one.dir, merged.dir);
    }, 120_000);
});

describe('the split', () => {
  // [total, block, I, N, from, to]: contiguous whole blocks, sizes differing by at most one block.
  const rows: [number, number, number, number, number, number][] = [
    [16, 2, 0, 4, 0, 4],
    [16, 2, 3, 4, 12, 16],
    [14, 2, 0, 4, 0, 2],
    [14, 2, 1, 4, 2, 6],
    [14, 2, 2, 4, 6, 10],
    [14, 2, 3, 4, 10, 14],
    [12, 3, 1, 4, 3, 6],
    [12, 4, 0, 3, 0, 4],
    [8, 4, 1, 2, 4, 8],
    [10, 2, 0, 1, 0, 10],
  ];
  it.each(rows)('%i matches in blocks of %i: shard %i/%i is [%i, %i)', (total, block, i, n, from, to) => {
    expect(shardRange(total, block, { index: i, count: n })).toEqual({ from, to });
  });

  it('the shards cover every match once, in whole blocks, for many sizes', () => {
    for (const block of [2, 3, 4])
      for (let blocks = 1; blocks <= 40; blocks++)
        for (let n = 1; n <= blocks; n++) {
          let at = 0;
          for (let i = 0; i < n; i++) {
            const r = shardRange(blocks * block, block, { index: i, count: n });
            expect(r.from).toBe(at);
            expect(r.from % block).toBe(0);
            expect(r.to - r.from).toBeGreaterThanOrEqual(Math.floor(blocks / n) * block);
            expect(r.to - r.from).toBeLessThanOrEqual(Math.ceil(blocks / n) * block);
            at = r.to;
          }
          expect(at).toBe(blocks * block);
        }
  });

  it('more shards than blocks is a ConfigError saying how many there are', () => {
    expect(() => shardRange(8, 2, { index: 0, count: 5 }, 'x.yaml')).toThrow(/at least 5 seat-swapped pairs to split into 5 shards.*4 seat-swapped pairs/);
    expect(() => shardRange(9, 3, { index: 0, count: 4 }, 'x.yaml')).toThrow(ConfigError);
  });

  // [argument, message]: I and N validated (commander turns the error into exit 2).
  const bad: [string, RegExp][] = [
    ['4/4', /I from 0 to 3/],
    ['-1/4', /I from 0 to 3/],
    ['0/0', /N from 1 to 10000/],
    ['0/10001', /N from 1 to 10000/],
    ['1.5/4', /expected I\/N/],
    ['a/b', /expected I\/N/],
    ['3', /expected I\/N/],
    ['', /expected I\/N/],
  ];
  it.each(bad)('--shard %j is refused', (arg, message) => {
    expect(() => parseShard(arg)).toThrow(message);
  });
  it('--shard accepts I/N', () => {
    expect(parseShard('0/1')).toEqual({ index: 0, count: 1 });
    expect(parseShard('9999/10000')).toEqual({ index: 9999, count: 10000 });
  });

  it('a compare run is refused, saying why', () => {
    const file = writeExperiment('cmp', duel('cmp', { kind: 'compare', matches: 20, players: [rammer, random] }));
    const { experiment } = loadExperiment(file);
    expect(() => checkShardable(file, experiment)).toThrow(/sequential test \(GSPRT\).*cannot be played apart/);
    const batch = loadExperiment(writeExperiment('ok', duel('ok', { kind: 'batch', matches: 20, players: [rammer, random] }))).experiment;
    expect(() => checkShardable(file, batch)).not.toThrow();
  });
});

describe('the command line', () => {
  const main = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');
  const stareater = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { cwd: join(import.meta.dirname, '..', '..'), encoding: 'utf8' });
  // [arguments, message]: bad input exits 2 with the reason, and writes no folder.
  const rows: [string[], RegExp][] = [
    [['run', 'compare', '--shard', '0/2', '--out', join(dir, 'cli-compare')], /at kind: expected a kind that splits into shards .*sequential test \(GSPRT\)/],
    [['run', 'default', '--shard', '4/4', '--out', join(dir, 'cli-4of4')], /--shard.*expected I from 0 to 3 in I\/4, got 4/],
    [['merge', join(dir, 'cli-merged'), join(dir, 'no-such-shard')], /no-such-shard: .*expected a shard folder written by stareater run --shard I\/N, got "no such folder"/],
  ];
  it.each(rows)('stareater %j exits 2', (args, message) => {
    const r = stareater(...args);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(args[args.indexOf('--out') + 1] ?? args[1])).toBe(false);
  }, 60_000);
});

describe('merge refuses what is not one whole run', () => {
  const file = writeExperiment('refuse', duel('refuse', { kind: 'batch', matches: 12, players: [rammer, random] }));
  const at = (name: string) => join(dir, `refuse-${name}`);

  it('missing, duplicated, foreign and incomplete shards are named; a stopped shard resumes on its own', async () => {
    await Promise.all([0, 1, 2].map((i) => shard(file, i, 3, at(`s${i}`))));
    const merge = (name: string, dirs: string[]) => mergeShards(at(name), dirs.map(at));
    await expect(merge('m1', ['s0', 's2'])).rejects.toThrow(/all 3 shards.*no shard 1\/3/);
    await expect(merge('m2', ['s0', 's1', 's1', 's2'])).rejects.toThrow(/refuse-s1\/shard\.json.*each shard once: shard 1\/3 is also .*refuse-s1/);
    // Another seed: another run.
    const other = writeExperiment('refuse-other', duel('refuse', { kind: 'batch', matches: 12, seed: 'other', players: [rammer, random] }));
    await shard(other, 1, 3, at('other1'));
    await expect(merge('m3', ['s0', 'other1', 's2'])).rejects.toThrow(/refuse-other1\/shard\.json: at experimentSha256: expected the same effective experiment.*not a part of the same run/);
    // Another N.
    await shard(file, 1, 2, at('half1'));
    await expect(merge('m4', ['s0', 'half1', 's2'])).rejects.toThrow(/refuse-half1\/shard\.json: at count: expected N = 3/);
    // A folder that is no shard.
    await expect(merge('m5', ['s0', 'nothing', 's2'])).rejects.toThrow(/refuse-nothing: .*expected a shard folder/);
    // Nothing was written for any of them.
    for (const m of ['m1', 'm2', 'm3', 'm4', 'm5']) expect(existsSync(at(m))).toBe(false);

    // A shard stopped before it finished is named, with how to finish it ...
    const stop = new AbortController();
    const stopped = await shard(file, 1, 3, at('stopped1'), { signal: stop.signal, onProgress: () => stop.abort() });
    expect(stopped.complete).toBe(false);
    await expect(merge('m6', ['s0', 'stopped1', 's2'])).rejects.toThrow(/refuse-stopped1\/shard\.json: at complete: expected a complete shard \(shard 1\/3 played [0-3] of its 4 matches; finish it with: stareater run .* --shard 1\/3 --resume .*refuse-stopped1\)/);
    // ... and resumes on its own (the folder says which shard it is), then merges.
    expect(resumeShard(at('stopped1'), undefined)).toEqual({ index: 1, count: 3 });
    expect(() => resumeShard(at('stopped1'), { index: 2, count: 3 })).toThrow(/shard 2\/3, as --shard says/);
    const { experiment, text } = loadExperiment(file);
    const resumed = await runBatch({ file, experiment, text, workers: 1, resume: at('stopped1'), shard: resumeShard(at('stopped1'), undefined) });
    expect(resumed.complete).toBe(true);
    expect(readShardFile(at('stopped1'))?.complete).toBe(true);
    const merged = await merge('m7', ['s0', 'stopped1', 's2']);
    const one = await single(file, at('one'));
    expect(readFileSync(join(merged.dir, 'summary.json'), 'utf8')).toBe(readFileSync(join(one.dir, 'summary.json'), 'utf8'));
  }, 120_000);

  it('merges only into a new or empty folder', async () => {
    const full = at('full');
    cpSync(join(import.meta.dirname, '..', 'fixtures'), full, { recursive: true });
    await expect(mergeShards(full, [at('s0'), at('s1'), at('s2')])).rejects.toThrow(/a new or empty folder/);
  });
});
