/**
 * A run's provenance: everything a results folder needs to be reproduced later, written
 * when the run starts.
 *
 * - `experiment.yaml`: the experiment actually run. The file's own text, comments kept, with
 *   the command line's overrides (-n, --seed, --round-limit, --workers) written in, so that
 *   `stareater run <results>/experiment.yaml` plays the same matches; checked by loading it
 *   back, and written out in full when the edited text does not load back to the same
 *   experiment.
 * - `content/`: copies of the rules, faction, board and scenario files the run played, laid
 *   out as a config folder, so that replays and reruns from the folder play on them
 *   (src/content/snapshot.ts reads them back; src/sim/play.ts prepare uses them).
 * - `provenance.json`: the experiment's hash (of the effective experiment, the worker count
 *   left out: it changes no figure), each content file's SHA-256 and where it came from, the
 *   bot files' SHA-256 (bots are code: hashed and compared, not copied), the lab's version
 *   (package.json, and the git commit when the lab is a git checkout), the Node version and
 *   the lockfile's hash. Shards of one run must agree on the experiment, content and bot
 *   hashes before they merge (merge.ts).
 *
 * Paths are recorded relative to the lab's folder when they lie inside it, so that shards
 * run from checkouts at different places on different machines still agree.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { defaultConfigDir, listConfigNames, repoRoot } from '../content/load.js';
import { ConfigError } from '../content/errors.js';
import { PROVENANCE_FILE, fromRecordedPath, snapshotOf } from '../content/snapshot.js';
import { BOTS_DIR } from '../sim/bots.js';
import { loadExperiment, type Experiment } from '../sim/experiment.js';
import type { Prepared } from '../sim/play.js';
import { writeAtomic } from '../report/files.js';

export { PROVENANCE_FILE };

/** provenance.json's format tag. */
export const PROVENANCE_FORMAT = 'stareater-provenance/1';
/** The content copy's folder inside a results folder. */
export const CONTENT_DIR = 'content';

/** The command-line fields that override an experiment file, as recorded in experiment.yaml. */
export const OVERRIDE_FIELDS = ['matches', 'seed', 'roundLimit', 'workers'] as const;

export interface HashedFile {
  /** Path inside the results folder (content) or as recorded (bots). */
  path: string;
  /** Where the run read it (content files only), recorded like every path here. */
  source?: string;
  sha256: string;
}

export interface Provenance {
  format: string;
  experiment: {
    /** The effective experiment, in the results folder. */
    file: string;
    /** The experiment file the run was started with, and its SHA-256. */
    source: string;
    sourceSha256: string;
    /** SHA-256 of the effective experiment (canonical JSON, workers left out). */
    sha256: string;
    /** The fields the command line changed, with the values run. */
    overrides: Record<string, unknown>;
  };
  content: { dir: string; scenario: string; board: string; sha256: string; files: HashedFile[] };
  bots: { base: string; sha256: string; files: HashedFile[] };
  lab: { version: string; commit: string | null; dirty: boolean | null };
  node: string;
  lockfile: { path: string; sha256: string | null };
  /** A merged run: the shards it was merged from (merge.ts). */
  merged?: { count: number; shards: string[] };
}

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const fileSha = (file: string): string => sha256(readFileSync(file));

/** A path as recorded: relative to the lab's folder when inside it, else absolute. */
export function recordedPath(p: string): string {
  const abs = resolve(p);
  const rel = relative(repoRoot(), abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : abs;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, (x as Record<string, unknown>)[k]])) : x,
  );
}

/** The experiment as its hash sees it: the worker count changes no figure, so it is left out. */
function hashed(ex: Experiment): unknown {
  const { workers: _workers, ...rest } = ex;
  return rest;
}

/** SHA-256 of the effective experiment (canonical JSON, the worker count left out). */
export function experimentHash(ex: Experiment): string {
  return sha256(canonicalJson(hashed(ex)));
}

/** One hash of a list of files: each path and hash, sorted by path. */
function listHash(files: readonly HashedFile[]): string {
  return sha256(
    files
      .map((f) => `${f.path}\0${f.sha256}\n`)
      .sort()
      .join(''),
  );
}

/** The lab's version: package.json's, the git commit (null outside a checkout) and whether the lab's code differs from it. */
export function labInfo(): Provenance['lab'] {
  const root = repoRoot();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (git.status !== 0 || !git.stdout.trim()) return { version, commit: null, dirty: null };
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src', 'bots', 'package.json', 'package-lock.json'], { cwd: root, encoding: 'utf8' });
  return { version, commit: git.stdout.trim(), dirty: status.status === 0 ? status.stdout.trim() !== '' : null };
}

/** A config file by name in `<configDir>/<kind>` (.yaml, else .yml), or a path. */
function configFile(configDir: string, kind: 'factions' | 'boards', name: string): string {
  if (/\.ya?ml$/.test(name) || name.includes('/') || name.includes('\\')) return resolve(name);
  const yaml = join(configDir, kind, `${name}.yaml`);
  return existsSync(yaml) ? yaml : join(configDir, kind, `${name}.yml`);
}

/** Every file under `dir` (recursively), sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
}

/** The file of a bot named in an experiment (as sim/bots.ts loadPolicyFactory finds it), or null. */
function botFile(nameOrPath: string, base: string): string | null {
  if (/[\\/]|\.(ts|js|mjs)$/.test(nameOrPath)) {
    const f = resolve(base, nameOrPath);
    return existsSync(f) ? f : null;
  }
  for (const ext of ['.ts', '.js', '.mjs']) if (existsSync(join(BOTS_DIR, nameOrPath + ext))) return join(BOTS_DIR, nameOrPath + ext);
  return null;
}

/** The content files a prepared experiment played: [path in the copy, file read]. */
function contentFiles(prep: Prepared): { files: [string, string][]; scenario: string; board: string } {
  const source = snapshotOf(prep.file);
  const configDir = source?.configDir ?? defaultConfigDir();
  const files: [string, string][] = [[`${CONTENT_DIR}/rules.yaml`, join(configDir, 'rules.yaml')]];
  for (const name of listConfigNames('factions', configDir)) {
    const f = configFile(configDir, 'factions', name);
    files.push([`${CONTENT_DIR}/factions/${basename(f)}`, f]);
  }
  const boardFile = configFile(configDir, 'boards', prep.scenario.board);
  const board = basename(boardFile, extname(boardFile));
  files.push([`${CONTENT_DIR}/boards/${board}.yaml`, boardFile]);
  const scenario = `${CONTENT_DIR}/scenarios/${basename(prep.scenarioFile)}`;
  files.push([scenario, resolve(prep.scenarioFile)]);
  return { files, scenario, board };
}

/** The bot files a prepared experiment loads, and the bots' shared library (bots/lib). */
function botFiles(prep: Prepared): { base: string; files: string[] } {
  const base = snapshotOf(prep.file)?.botBase ?? dirname(resolve(prep.file));
  const names = new Set(prep.plan.entrants.map((e) => e.policy));
  if (prep.experiment.adjudication?.mode === 'fallback') names.add(prep.experiment.adjudication.fallback);
  const files = new Set<string>();
  for (const n of names) {
    const f = botFile(n, base);
    if (f) files.add(f);
  }
  for (const f of filesUnder(join(BOTS_DIR, 'lib'))) files.add(f);
  return { base, files: [...files] };
}

/**
 * The experiment file's text with the effective values of the overridden fields written in
 * (comments and layout kept), and the overrides. `workers`: the worker count the run used
 * when the command line set it.
 */
export function effectiveText(text: string, ex: Experiment, workers?: number): { text: string; overrides: Record<string, unknown> } {
  const doc = parseDocument(text);
  const js = (doc.toJS() ?? {}) as Record<string, unknown>;
  const overrides: Record<string, unknown> = {};
  const want: Record<string, unknown> = { matches: ex.matches, seed: ex.seed, roundLimit: ex.roundLimit, workers: workers ?? ex.workers };
  for (const k of OVERRIDE_FIELDS) {
    const v = want[k];
    if (v === undefined || v === js[k] || (k === 'workers' && workers === undefined)) continue;
    doc.set(k, v);
    overrides[k] = v;
  }
  const note = Object.keys(overrides).length ? ` (${Object.entries(overrides).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} set by the command line)` : '';
  const head = ` The experiment this run played${note}; its content files are in ${CONTENT_DIR}/ (docs/reproducibility.md).`;
  doc.commentBefore = doc.commentBefore ? `${head}\n${doc.commentBefore}` : head;
  return { text: doc.toString(), overrides };
}

/** Whether the experiment in `file` is `ex` (the worker count aside). */
function sameExperiment(file: string, ex: Experiment): boolean {
  try {
    return canonicalJson(hashed(loadExperiment(file).experiment)) === canonicalJson(hashed(ex));
  } catch {
    return false;
  }
}

export interface ProvenanceOptions {
  dir: string;
  /** The experiment file the run was started with, and its text. */
  file: string;
  text: string;
  /** The effective experiment (overrides applied), as prepared. */
  experiment: Experiment;
  prep: Prepared;
  /** The worker count given on the command line, if any. */
  workers?: number;
}

/** Write experiment.yaml, content/ and provenance.json into a new run's results folder. */
export function writeProvenance(o: ProvenanceOptions): Provenance {
  const ex = o.experiment;
  const expFile = join(o.dir, 'experiment.yaml');
  const eff = effectiveText(o.text, ex, o.workers);
  writeAtomic(expFile, eff.text);
  if (!sameExperiment(expFile, ex)) {
    // The edited text does not load back to the experiment run (a field the file never had
    // is a default, say): the experiment in full instead.
    writeAtomic(expFile, `# The experiment this run played (from ${recordedPath(o.file)}, in full); its content files are in ${CONTENT_DIR}/.\n${stringify(ex)}`);
    if (!sameExperiment(expFile, ex)) throw new Error(`${expFile}: the experiment written does not load back to the experiment run`);
  }
  const { files, scenario, board } = contentFiles(o.prep);
  const content: HashedFile[] = [];
  for (const [path, from] of files) {
    const to = join(o.dir, path);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    content.push({ path, source: recordedPath(from), sha256: fileSha(to) });
  }
  const bots = botFiles(o.prep);
  const botHashes = bots.files.map((f) => ({ path: recordedPath(f), sha256: fileSha(f) }));
  const lock = join(repoRoot(), 'package-lock.json');
  const p: Provenance = {
    format: PROVENANCE_FORMAT,
    experiment: { file: 'experiment.yaml', source: recordedPath(o.file), sourceSha256: sha256(o.text), sha256: experimentHash(ex), overrides: eff.overrides },
    content: { dir: CONTENT_DIR, scenario, board, sha256: listHash(content), files: content },
    bots: { base: recordedPath(bots.base), sha256: listHash(botHashes), files: botHashes },
    lab: labInfo(),
    node: process.version,
    lockfile: { path: 'package-lock.json', sha256: existsSync(lock) ? fileSha(lock) : null },
  };
  writeAtomic(join(o.dir, PROVENANCE_FILE), JSON.stringify(p, null, 2) + '\n');
  return p;
}

/** A results folder's provenance.json, or null when it has none (a folder from before runs kept one). */
export function readProvenance(dir: string): Provenance | null {
  const file = join(dir, PROVENANCE_FILE);
  if (!existsSync(file)) return null;
  const p = JSON.parse(readFileSync(file, 'utf8')) as Provenance;
  return p?.format === PROVENANCE_FORMAT ? p : null;
}

/**
 * What differs today from what a results folder's run used: each content file whose source
 * now differs from the copy (or is gone), and each bot file whose hash changed. Lines for a
 * person to read; empty when nothing changed.
 */
export function snapshotDrift(dir: string): string[] {
  const p = readProvenance(dir);
  if (!p) return [];
  const out: string[] = [];
  for (const f of p.content.files) {
    if (!f.source) continue;
    const today = fromRecordedPath(f.source);
    if (resolve(today) === resolve(dir, f.path)) continue;
    if (!existsSync(today)) out.push(`${f.source} (gone; the run's copy is ${f.path})`);
    else if (fileSha(today) !== f.sha256) out.push(`${f.source} (changed since the run; its copy is ${f.path})`);
  }
  for (const f of p.bots.files) {
    const today = fromRecordedPath(f.path);
    if (!existsSync(today)) out.push(`${f.path} (bot file gone)`);
    else if (fileSha(today) !== f.sha256) out.push(`${f.path} (bot file changed since the run; bots are not copied, so it plays as it is now)`);
  }
  return out;
}

/**
 * For commands that replay from a results folder's experiment.yaml: a note on stderr naming
 * the files that changed since the run, and saying the folder's copy is used. Nothing for an
 * experiment file that is not in a results folder.
 */
export function noteSnapshot(experimentFile: string): void {
  const source = snapshotOf(experimentFile);
  if (!source) return;
  const drift = snapshotDrift(source.dir);
  if (!drift.length) return;
  const rel = relative(process.cwd(), join(source.dir, CONTENT_DIR)) || CONTENT_DIR;
  process.stderr.write(`note: ${drift.length} file${drift.length === 1 ? '' : 's'} differ${drift.length === 1 ? 's' : ''} from what the run used; replaying with the run's content copy in ${rel}/:\n${drift.map((d) => `  ${d}\n`).join('')}`);
}

/**
 * Before a stopped run in `dir` is resumed: the content and bots it started with must be
 * what the lab reads today, or its matches would be played on two different games. Throws a
 * ConfigError naming the files that changed.
 */
export function checkUnchangedSince(dir: string): void {
  const drift = snapshotDrift(dir);
  if (drift.length)
    throw ConfigError.at(
      dir,
      '--resume',
      `the content and bots the run started with, so that all its matches play the same game (put the files back as they were: the run's copies are in ${CONTENT_DIR}/, every hash in ${PROVENANCE_FILE})`,
      drift.join('; '),
    );
}
