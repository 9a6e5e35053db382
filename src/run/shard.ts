/**
 * Shards: `stareater run FILE --shard I/N` plays the I-th of N disjoint parts of a run into
 * its own results folder, for another machine (or a batch system's array task) to play the
 * others; `stareater merge` (merge.ts) puts them together.
 *
 * Why contiguous runs of whole blocks: every match is a pure function of (experiment, id),
 * and the statistics are sums, so any split of the ids gives the single run's figures once
 * merged. The split is by rotation block (two seats: the seat-swapped pair), never inside
 * one, so a shard holds whole pentanomial clusters; and by contiguous ranges of blocks, so a
 * shard is one range of match ids (runBatch plays [from, to) as it plays [0, total)), the
 * merged matches.csv is the shards' rows in order, and the split depends on nothing but the
 * run's size and N. Of U blocks, shard I holds blocks floor(I·U/N) up to floor((I+1)·U/N),
 * so shard sizes differ by at most one block.
 *
 * A shard folder's `shard.json` says which part it is (I, N, its id range) and of which run
 * (the experiment, content and bot hashes of provenance.json), whether it is complete, and,
 * once it is, its summary and outlier states, which merge exactly.
 *
 * Compare runs are refused: a sequential test (GSPRT) decides when to stop by reading the
 * pairs in order, so no part of it can be played without the parts before it.
 */
import { InvalidArgumentError } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../content/errors.js';
import type { Experiment } from '../sim/experiment.js';
import type { SummaryState } from '../analysis/summary.js';
import type { OutlierState } from '../analysis/outliers.js';
import { writeAtomic } from '../report/files.js';
import { readProvenance } from './provenance.js';

/** The most shards a run splits into. */
export const MAX_SHARDS = 10_000;
/** A shard folder's description. */
export const SHARD_FILE = 'shard.json';
export const SHARD_FORMAT = 'stareater-shard/1';

export interface Shard {
  index: number;
  count: number;
}

/** `I/N` from the command line (commander's argument parser: a bad value exits 2 with the message). */
export function parseShard(v: string): Shard {
  const m = /^\s*(-?\d+)\s*\/\s*(-?\d+)\s*$/.exec(v);
  if (!m) throw new InvalidArgumentError(`expected I/N, the I-th of N shards (0 <= I < N <= ${MAX_SHARDS}), such as 0/4; got "${v}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) throw new InvalidArgumentError(`expected N from 1 to ${MAX_SHARDS} in I/N, got ${count}`);
  if (index < 0 || index >= count) throw new InvalidArgumentError(`expected I from 0 to ${count - 1} in I/${count}, got ${index}`);
  return { index, count };
}

/** The words for a block of `seats` games. */
const blockWords = (seats: number) => (seats === 2 ? 'seat-swapped pairs' : `rotation blocks of ${seats}`);

/**
 * Match ids [from, to) of shard I of N, for a run of `total` matches in blocks of `block`
 * (see the header). Throws a ConfigError at `file` when the run has fewer blocks than shards.
 */
export function shardRange(total: number, block: number, shard: Shard, file = 'the experiment'): { from: number; to: number } {
  const blocks = Math.floor(total / block);
  if (shard.count > blocks) throw ConfigError.at(file, 'matches', `a run of at least ${shard.count} ${blockWords(block)} to split into ${shard.count} shards (a shard holds whole ones)`, `${total} matches (${blocks} ${blockWords(block)})`);
  const at = (i: number) => Math.floor((i * blocks) / shard.count) * block;
  return { from: at(shard.index), to: shard.index === shard.count - 1 ? total : at(shard.index + 1) };
}

/** Refuse `--shard` for the runs that cannot split (see the header). */
export function checkShardable(file: string, ex: Experiment): void {
  if (ex.kind === 'compare')
    throw ConfigError.at(
      file,
      'kind',
      'a kind that splits into shards (batch, tournament, gauntlet, loadout-sweep, stat-sweep, meta): a compare run stops when its sequential test (GSPRT) decides, reading the pairs in order, so its parts cannot be played apart; run it whole',
      ex.kind,
    );
  // An autobalance search chooses what to play next from what it has seen; a verification round plays as a batch.
  if (ex.kind === 'autobalance' && !(ex as { autobalance?: { round?: unknown } }).autobalance?.round)
    throw ConfigError.at(file, 'kind', 'a kind that splits into shards: an autobalance search chooses its next matches from the results so far, so its parts cannot be played apart; run it whole', ex.kind);
  if (ex.panel) throw ConfigError.at(file, 'panel', 'no panel with --shard (a panel is one run per style; shard each style\'s experiment file, written in the panel\'s folder, instead)', 'a panel');
}

/** What shard.json holds. */
export interface ShardFile {
  format: string;
  index: number;
  count: number;
  /** Match ids [from, to) of this shard; the whole run's match count. */
  from: number;
  to: number;
  total: number;
  /** Hashes of provenance.json: the run this shard is part of. */
  experimentSha256: string;
  contentSha256: string;
  botsSha256: string;
  complete: boolean;
  matchesPlayed: number;
  /** Once complete: the shard's summary and outlier states (what merge adds up). */
  state?: SummaryState;
  outliers?: OutlierState;
}

/** Write `dir`/shard.json: at the start (not complete) and at the end of a shard's run. */
export function writeShardFile(dir: string, s: Shard, range: { from: number; to: number; total: number }, end?: { complete: boolean; matchesPlayed: number; state: SummaryState; outliers: OutlierState }): void {
  const p = readProvenance(dir);
  if (!p) throw new Error(`${dir}: no provenance.json to name the run of shard ${s.index}/${s.count}`);
  const f: ShardFile = {
    format: SHARD_FORMAT,
    index: s.index,
    count: s.count,
    ...range,
    experimentSha256: p.experiment.sha256,
    contentSha256: p.content.sha256,
    botsSha256: p.bots.sha256,
    complete: end?.complete ?? false,
    matchesPlayed: end?.matchesPlayed ?? 0,
    ...(end?.complete ? { state: end.state, outliers: end.outliers } : {}),
  };
  writeAtomic(join(dir, SHARD_FILE), JSON.stringify(f) + '\n');
}

/** A folder's shard.json, or null when it has none; throws a ConfigError when it is not one. */
export function readShardFile(dir: string): ShardFile | null {
  const file = join(dir, SHARD_FILE);
  if (!existsSync(file)) return null;
  let f: ShardFile;
  try {
    f = JSON.parse(readFileSync(file, 'utf8')) as ShardFile;
  } catch (e) {
    throw ConfigError.at(file, '(root)', 'a shard description written by stareater run --shard', `unreadable JSON (${(e as Error).message})`);
  }
  if (f?.format !== SHARD_FORMAT || !Number.isInteger(f.index) || !Number.isInteger(f.count)) throw ConfigError.at(file, 'format', `a shard description (${SHARD_FORMAT}) written by stareater run --shard`, f?.format);
  return f;
}

/**
 * The shard a `--resume DIR` continues: the one its shard.json names (a shard resumes on
 * its own). `given`: the --shard of the command line, which must then be the same.
 */
export function resumeShard(dir: string, given: Shard | undefined): Shard | undefined {
  const f = readShardFile(dir);
  if (!f) {
    if (given) throw ConfigError.at(dir, '--resume', `a shard's results folder (with ${SHARD_FILE}) to continue shard ${given.index}/${given.count}`, 'a folder of a whole run');
    return undefined;
  }
  if (given && (given.index !== f.index || given.count !== f.count)) throw ConfigError.at(join(dir, SHARD_FILE), 'index', `shard ${given.index}/${given.count}, as --shard says`, `${f.index}/${f.count}`);
  return { index: f.index, count: f.count };
}

/** What `stareater run --shard` prints when its shard is done. */
export function shardDoneLine(s: Shard, dir: string): string {
  return `Shard ${s.index}/${s.count} done: its part only (the summary, charts and report come with the merge). When all ${s.count} are done: stareater merge OUT ${dir} ... (the ${s.count} shard folders)`;
}
