/**
 * `stareater merge OUT DIR...`: the folders of a run's shards (shard.ts) into the results
 * folder the run would have written whole.
 *
 * Why it is built this way:
 * - Everything is checked before OUT is made: each folder is a complete shard, all are of
 *   one run (the same N and the same experiment, content and bot hashes, provenance.ts),
 *   and each of the N shards is there exactly once. A missing, duplicated, incomplete or
 *   foreign shard is a ConfigError naming it (exit 2), and nothing is written.
 * - The statistics are sums (SummaryAccumulator, OutlierTracker), so the shards' states add
 *   up to the single run's exactly. The merged folder is then finished by the batch runner
 *   itself, as a run resumed with every chunk already played: OUT gets the shards' effective
 *   experiment and content copy, matches.csv (the shards' rows, sorted by match id) and a
 *   checkpoint holding the merged states; runBatch resumes it, plays nothing, and writes
 *   summary.json, the CSVs, charts and report.html by the very code a single run uses, so
 *   they are the single run's byte for byte (run.json, the report's run line and its
 *   Reproduce commands say how the run was made and differ).
 * - The lab versions and Node versions of the shards are compared too, but a difference is
 *   only reported: the figures depend on the experiment, content and bots (hashed), and a
 *   cluster's nodes may well differ in the rest.
 */
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ConfigError, ROOT } from '../content/errors.js';
import { fromRecordedPath } from '../content/snapshot.js';
import { loadExperiment } from '../sim/experiment.js';
import { SummaryAccumulator } from '../analysis/summary.js';
import { OutlierTracker } from '../analysis/outliers.js';
import { writeAtomic } from '../report/files.js';
import { runBatch, defaultChunk, type BatchResult } from './batch.js';
import { CONTENT_DIR, PROVENANCE_FILE, readProvenance, type Provenance } from './provenance.js';
import { SHARD_FILE, readShardFile, type ShardFile } from './shard.js';

interface ShardFolder {
  dir: string;
  shard: ShardFile;
  provenance: Provenance;
}

const rel = (p: string) => relative(process.cwd(), p) || '.';

/** A shard folder's files, checked to be a complete shard (ConfigErrors name the folder). */
function readShardFolder(dir: string): ShardFolder {
  const abs = resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw ConfigError.at(dir, ROOT, 'a shard folder written by stareater run --shard I/N', 'no such folder');
  const shard = readShardFile(abs);
  if (!shard) throw ConfigError.at(dir, ROOT, `a shard folder written by stareater run --shard I/N (with ${SHARD_FILE})`, existsSync(join(abs, 'summary.json')) ? 'the folder of a whole run' : `a folder without ${SHARD_FILE}`);
  const provenance = readProvenance(abs);
  if (!provenance) throw ConfigError.at(join(dir, PROVENANCE_FILE), ROOT, 'the provenance a shard writes (stareater run --shard)', 'no such file');
  if (!shard.complete || !shard.state || !shard.outliers)
    throw ConfigError.at(
      join(dir, SHARD_FILE),
      'complete',
      `a complete shard (shard ${shard.index}/${shard.count} played ${shard.matchesPlayed} of its ${shard.to - shard.from} matches; finish it with: stareater run ${provenance.experiment.source} --shard ${shard.index}/${shard.count} --resume ${rel(abs)})`,
      false,
    );
  return { dir: abs, shard, provenance };
}

/** Check the shards are the N parts of one run, each once (see the header). Returns them by index. */
export function checkShards(dirs: readonly string[]): ShardFolder[] {
  if (!dirs.length) throw ConfigError.at('stareater merge', 'DIR', 'at least one shard folder', 'none');
  const folders = dirs.map(readShardFolder);
  const first = folders[0];
  const n = first.shard.count;
  const byIndex = new Array<ShardFolder | undefined>(n);
  for (const f of folders) {
    const s = f.shard;
    const what = `${rel(f.dir)} (shard ${s.index}/${s.count})`;
    const foreign = (field: string, expected: string, got: string) => {
      throw ConfigError.at(join(rel(f.dir), SHARD_FILE), field, `${expected}, as in ${rel(first.dir)} (shard ${first.shard.index}/${n}): ${what} is not a part of the same run`, got);
    };
    if (s.count !== n) foreign('count', `N = ${n}`, `N = ${s.count}`);
    if (s.total !== first.shard.total) foreign('total', `a run of ${first.shard.total} matches`, `${s.total} matches`);
    if (s.experimentSha256 !== first.shard.experimentSha256) foreign('experimentSha256', `the same effective experiment (${first.provenance.experiment.source}, hash ${first.shard.experimentSha256.slice(0, 12)})`, `${f.provenance.experiment.source}, hash ${s.experimentSha256.slice(0, 12)}`);
    if (s.contentSha256 !== first.shard.contentSha256) {
      const mine = new Map(first.provenance.content.files.map((x) => [x.path, x.sha256]));
      const differ = f.provenance.content.files.filter((x) => mine.get(x.path) !== x.sha256).map((x) => x.path);
      foreign('contentSha256', 'the same content files', `other content (${differ.join(', ') || 'other files'})`);
    }
    if (s.botsSha256 !== first.shard.botsSha256) {
      const mine = new Map(first.provenance.bots.files.map((x) => [x.path, x.sha256]));
      const differ = f.provenance.bots.files.filter((x) => mine.get(x.path) !== x.sha256).map((x) => x.path);
      foreign('botsSha256', 'the same bot files', `other bots (${differ.join(', ') || 'other files'})`);
    }
    const seen = byIndex[s.index];
    if (seen) throw ConfigError.at(join(rel(f.dir), SHARD_FILE), 'index', `each shard once: shard ${s.index}/${n} is also ${rel(seen.dir)}`, s.index);
    byIndex[s.index] = f;
  }
  const missing = [...byIndex.keys()].filter((i) => !byIndex[i]);
  if (missing.length)
    throw ConfigError.at('stareater merge', 'DIR', `all ${n} shards of the run (${rel(first.dir)} is shard ${first.shard.index}/${n})`, `no shard ${missing.slice(0, 20).map((i) => `${i}/${n}`).join(', ')}${missing.length > 20 ? ` (and ${missing.length - 20} more)` : ''}`);
  const ordered = byIndex as ShardFolder[];
  // Contiguous ranges covering the run (shard.ts): a hand-edited shard.json would break this.
  ordered.forEach((f, i) => {
    const expectFrom = i === 0 ? 0 : ordered[i - 1].shard.to;
    if (f.shard.from !== expectFrom || (i === n - 1 && f.shard.to !== f.shard.total))
      throw ConfigError.at(join(rel(f.dir), SHARD_FILE), 'from', `match ids from ${expectFrom}${i === n - 1 ? ` to ${f.shard.total}` : ''}`, `${f.shard.from}..${f.shard.to}`);
  });
  return ordered;
}

/** Differences in how the shards were made that change no figure (lab and Node versions): lines to report. */
function versionNotes(folders: readonly ShardFolder[]): string[] {
  const out: string[] = [];
  const show = (label: string, get: (p: Provenance) => string) => {
    const values = new Set(folders.map((f) => get(f.provenance)));
    if (values.size > 1) out.push(`the shards ran on different ${label}: ${[...values].join(', ')}`);
  };
  show('lab versions', (p) => `${p.lab.version}${p.lab.commit ? ` (${p.lab.commit.slice(0, 12)}${p.lab.dirty ? ', with changes' : ''})` : ''}`);
  show('Node versions', (p) => p.node);
  show('lockfiles', (p) => p.lockfile.sha256?.slice(0, 12) ?? 'none');
  return out;
}

/** matches.csv of the merged run: the header once, then every shard's rows sorted by match id. */
function mergeCsv(folders: readonly ShardFolder[], out: string): number {
  let header: string | null = null;
  const rows: { id: number; line: string }[] = [];
  for (const f of folders) {
    const file = join(f.dir, 'matches.csv');
    if (!existsSync(file)) throw ConfigError.at(file, ROOT, "the shard's matches.csv (its experiment writes one)", 'no such file');
    const lines = readFileSync(file, 'utf8').split('\n');
    if (header === null) header = lines[0];
    else if (lines[0] !== header) throw ConfigError.at(file, 'line 1', `the same columns as ${rel(join(folders[0].dir, 'matches.csv'))}`, lines[0]);
    for (let i = 1; i < lines.length; i++) if (lines[i]) rows.push({ id: Number(lines[i].slice(0, lines[i].indexOf(','))), line: lines[i] });
  }
  rows.sort((a, b) => a.id - b.id);
  const fd = openSync(join(out, 'matches.csv'), 'w');
  let bytes = 0;
  try {
    bytes += writeSync(fd, `${header}\n`);
    // In blocks, so a million rows do not make one string.
    for (let i = 0; i < rows.length; i += 10_000)
      bytes += writeSync(
        fd,
        rows
          .slice(i, i + 10_000)
          .map((r) => `${r.line}\n`)
          .join(''),
      );
  } finally {
    closeSync(fd);
  }
  return bytes;
}

export interface MergeOptions {
  progress?: boolean;
  /** Told of each difference in how the shards were made that changes no figure. */
  onNote?: (line: string) => void;
}

/**
 * Merge shard folders `dirs` into the new results folder `out`. Returns the finished run,
 * as runBatch does.
 */
export async function mergeShards(out: string, dirs: readonly string[], o: MergeOptions = {}): Promise<BatchResult> {
  const folders = checkShards(dirs);
  const dir = resolve(out);
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0))
    throw ConfigError.at(out, 'OUT', 'a new or empty folder for the merged results', statSync(dir).isDirectory() ? 'a folder that holds files' : 'a file');
  for (const line of versionNotes(folders)) o.onNote?.(line);
  const first = folders[0];
  // The states add up (see the header); merging overlapping data throws, which the checks above rule out.
  const acc = SummaryAccumulator.fromJSON(first.shard.state);
  const outliers = OutlierTracker.fromJSON(first.shard.outliers!);
  for (const f of folders.slice(1)) {
    acc.merge(SummaryAccumulator.fromJSON(f.shard.state));
    outliers.merge(f.shard.outliers!);
  }
  const total = first.shard.total;
  if (acc.size !== total) throw new Error(`the shards hold ${acc.size} matches, not the run's ${total}`);
  const made = !existsSync(dir);
  mkdirSync(dir, { recursive: true });
  try {
    cpSync(join(first.dir, 'experiment.yaml'), join(dir, 'experiment.yaml'));
    cpSync(join(first.dir, CONTENT_DIR), join(dir, CONTENT_DIR), { recursive: true });
    const provenance: Provenance = { ...first.provenance, merged: { count: folders.length, shards: folders.map((f) => rel(f.dir)) } };
    writeAtomic(join(dir, PROVENANCE_FILE), JSON.stringify(provenance, null, 2) + '\n');
    const file = join(dir, 'experiment.yaml');
    const { experiment, text } = loadExperiment(file);
    const csvBytes = experiment.outputs.matchesCsv ? mergeCsv(folders, dir) : 0;
    // The checkpoint of a run with every chunk played (batch.ts Checkpoint), for runBatch to resume.
    const chunk = experiment.chunk ?? defaultChunk(total);
    const done: number[] = [];
    for (let c = 0; c < total; c += chunk) done.push(c);
    const checkpoint = { experiment: JSON.stringify(experiment), total, chunk, done, csvBytes, state: acc.toJSON(), outliers: outliers.toJSON() };
    writeAtomic(join(dir, 'checkpoint.json'), JSON.stringify(checkpoint) + '\n');
    // Named in the outputs as a single run names it: the experiment file the shards were started from.
    const r = await runBatch({ file, experiment, text, workers: 1, resume: dir, progress: o.progress ?? false, displayFile: fromRecordedPath(first.provenance.experiment.source) });
    // run.json says how the merged run was made: the shards, and the time they took together.
    const runFile = join(dir, 'run.json');
    const run = JSON.parse(readFileSync(runFile, 'utf8')) as Record<string, unknown>;
    const shardRuns = folders.map((f) => {
      const p = join(f.dir, 'run.json');
      const s = existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as { seconds?: number; workers?: number }) : {};
      return { shard: `${f.shard.index}/${f.shard.count}`, dir: rel(f.dir), seconds: s.seconds ?? null, workers: s.workers ?? null };
    });
    writeAtomic(runFile, JSON.stringify({ ...run, merged: shardRuns }, null, 2) + '\n');
    return r;
  } catch (e) {
    // Nothing half-written: a merge that fails leaves no folder it made.
    if (made) rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
