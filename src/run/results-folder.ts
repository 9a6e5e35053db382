/**
 * The results folder a run writes: checked before any match is played, locked while the run
 * writes it, cleared of our own stale temporary files, and described in plain words when the
 * file system refuses a write.
 *
 * Why it is built this way:
 * - A bad `--out` (a file, a path under a file, a folder the user may not write, a read-only
 *   file system) is bad input: a ConfigError naming the folder, the flag and what was
 *   expected, exit 2, and no folder made. The checks run on the nearest existing ancestor
 *   before anything is created; the lock file is then the first file written, so a folder
 *   that looks writable but is not fails there, and a folder this run made is removed again.
 * - One writer per folder: a lock file (`.stareater.lock`) holding the pid and host, created
 *   exclusively (O_EXCL). A second run refuses while the holder lives; a lock whose process
 *   is gone (kill -9, a power cut) is stale and taken over, so an interrupted run resumes.
 * - A fresh run refuses a folder holding another run's files rather than deleting anything:
 *   the files may be a finished run the user wants, and a mix of two runs' files would be
 *   read as one run. The one file it accepts is an experiment.yaml identical to its own (a
 *   panel writes it there first). `--resume` is the way to continue what a folder holds.
 * - Temporary files of atomic writes (`<name>.tmp-<pid>`, report/files.ts) left by a
 *   process that died mid-write are removed when a run starts or resumes in the folder.
 * - A write refused by the disk (ENOSPC, EDQUOT, EROFS, EACCES, EIO) becomes one line naming
 *   the file and the reason; the run's last checkpoint stays valid (matches.csv past it is
 *   cut away on resume), so a full disk leaves a resumable run.
 */
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ConfigError } from '../content/errors.js';
import { repoRoot } from '../content/load.js';

/** The lock file's name inside a results folder. */
export const LOCK_FILE = '.stareater.lock';

/** A temporary file of an atomic write (report/files.ts writeAtomic): `<name>.tmp-<pid>`. */
const TMP_NAME = /\.tmp-(\d+)$/;

/** What a lock file holds. */
interface LockInfo {
  pid: number;
  host: string;
  started: string;
}

export interface ResultsFolder {
  dir: string;
  /** Remove the lock (if it is still this process's). */
  release(): void;
}

export interface OpenOptions {
  /** The results folder. */
  dir: string;
  /** Continue a stopped run: the folder must exist and is not created. */
  resume: boolean;
  /** The text this run writes as experiment.yaml (a fresh run accepts a folder holding just that). */
  experimentText?: string;
}

/** An errno error's code, or undefined. */
function codeOf(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | null)?.code;
}

/** Is a process with this pid alive on this machine? (EPERM: alive, another user's.) */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return codeOf(e) === 'EPERM';
  }
}

/** Why the file system refused, in words (for the messages here and in the CLI). */
const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'no permission to write there',
  EPERM: 'the operation is not permitted there',
  EIO: 'the disk reported an input/output error',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'the path is a folder, not a file',
  ENOENT: 'the folder does not exist',
  EEXIST: 'the path already exists',
  ENAMETOOLONG: 'the path is too long',
  EMFILE: 'too many files are open',
};

/** "cannot write <path>: <reason> (<code>)" for a file-system error, or null for anything else. */
export function fsErrorMessage(e: unknown): string | null {
  const err = e as NodeJS.ErrnoException | null;
  const code = codeOf(e);
  if (!code || !(code in REASONS) || typeof err?.syscall !== 'string') return null;
  const verb = /^(open|read|stat|lstat|scandir|access)$/.test(err.syscall) && code !== 'ENOSPC' && code !== 'EDQUOT' ? 'cannot use' : 'cannot write';
  return `${verb} ${err.path ?? 'a file'}: ${REASONS[code]} (${code})`;
}

/** Is this the disk refusing to take more (the run can resume once there is room)? */
export function isDiskFull(e: unknown): boolean {
  const c = codeOf(e) ?? codeOf((e as Error | null)?.cause);
  return c === 'ENOSPC' || c === 'EDQUOT';
}

/**
 * Can a folder be made (or used) at `dir`? Throws a ConfigError at `flag` naming the first
 * part of the path that stops it; creates nothing.
 */
export function checkFolderPath(dir: string, flag: string, named = dir): void {
  const fail = (expected: string, got: string) => {
    throw ConfigError.at(named, flag, expected, got);
  };
  let at = dir;
  for (;;) {
    let st;
    try {
      st = statSync(at);
    } catch (e) {
      const code = codeOf(e);
      if (code === 'ENOENT') {
        const up = dirname(at);
        if (up === at) fail('a folder path on an existing disk', 'no such root');
        at = up;
        continue;
      }
      if (code === 'ENOTDIR') {
        at = dirname(at);
        continue;
      }
      fail('a folder the run can write', `${at}: ${REASONS[code ?? ''] ?? (e as Error).message}`);
    }
    if (!st!.isDirectory()) {
      if (at === dir && named === dir) fail('a folder for the results', 'a file (choose a folder, or a new path)');
      fail('a folder path whose parents are folders', `${at} is a file, not a folder`);
    }
    try {
      accessSync(at, constants.W_OK | constants.X_OK);
    } catch (e) {
      fail('a folder the run can write', `${at}: ${REASONS[codeOf(e) ?? ''] ?? (e as Error).message}`);
    }
    return;
  }
}

/**
 * Make `dir` and its missing parents one at a time; the first folder made (to remove again),
 * or undefined when `dir` existed. Not mkdirSync's recursive mode: where a file system
 * answers ENOENT for a folder whose parent exists (/proc), that mode retries forever.
 */
function makeFolders(dir: string, flag: string): string | undefined {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const at of missing) {
    try {
      mkdirSync(at);
    } catch (e) {
      if (missing[0] !== at) rmSync(missing[0], { recursive: true, force: true });
      const why = codeOf(e) === 'ENOENT' ? `${at}: the file system there takes no new folders (ENOENT)` : (fsErrorMessage(e) ?? (e as Error).message);
      throw ConfigError.at(dir, flag, 'a folder the run can write', why);
    }
  }
  return missing[0];
}

/**
 * Can a file be written at `file` (an output flag such as --trace or replay's --out)? Its
 * folder is checked as a results folder is (a ConfigError at `flag` naming the file), and
 * the file must not be a folder. Creates nothing.
 */
export function checkOutputFile(file: string, flag: string): void {
  const abs = resolve(file);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw ConfigError.at(file, flag, 'a file to write (this path is a folder)', 'a folder');
  checkFolderPath(dirname(abs), flag, file);
}

/** The lock's holder, or null when there is no lock or it cannot be read as one. */
function readLock(path: string): LockInfo | null {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    return typeof v?.pid === 'number' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Take the folder's lock, or throw a ConfigError at `flag` when a live run holds it. A lock
 * left by a process that is gone (on this host) is taken over; one from another host is
 * trusted only while it is younger than a day, since its pid cannot be checked from here.
 */
export function takeLock(dir: string, flag: string): ResultsFolder {
  const path = join(dir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(mine) + '\n', { flag: 'wx' });
      return {
        dir,
        release() {
          if (readLock(path)?.pid === process.pid && existsSync(path)) rmSync(path, { force: true });
        },
      };
    } catch (e) {
      if (codeOf(e) !== 'EEXIST') throw ConfigError.at(dir, flag, 'a folder the run can write', fsErrorMessage(e) ?? (e as Error).message);
    }
    const held = readLock(path);
    const age = held ? Date.now() - Date.parse(held.started) : Infinity;
    const live = held !== null && (held.host === mine.host ? processAlive(held.pid) : age < 86_400_000);
    if (live)
      throw ConfigError.at(
        dir,
        flag,
        `a results folder no other run is writing (process ${held.pid} on ${held.host} has held its lock ${LOCK_FILE} since ${held.started}; wait for that run to end, or choose another folder)`,
        'a folder in use',
      );
    // Stale (its process is gone), or unreadable: take it over.
    rmSync(path, { force: true });
  }
  throw ConfigError.at(dir, flag, 'a results folder no other run is writing', 'a lock taken by another run while this one started');
}

/** Remove temporary files of atomic writes whose process is gone (in the folder and its charts/). */
export function removeStaleTemporaries(dir: string): string[] {
  const removed: string[] = [];
  for (const sub of [dir, join(dir, 'charts')]) {
    let names: string[];
    try {
      names = readdirSync(sub);
    } catch {
      continue;
    }
    for (const name of names) {
      const m = TMP_NAME.exec(name);
      if (!m || (Number(m[1]) !== process.pid && processAlive(Number(m[1])))) continue;
      try {
        unlinkSync(join(sub, name));
        removed.push(join(sub, name));
      } catch {
        // gone already, or not ours to remove: the run goes on without it
      }
    }
  }
  return removed;
}

/** What a fresh run finds in its folder that is not its own (names; empty when the folder may be used). */
function foreignEntries(dir: string, experimentText: string | undefined): string[] {
  return readdirSync(dir).filter((name) => {
    if (name === LOCK_FILE || TMP_NAME.test(name)) return false;
    if (name === 'experiment.yaml' && experimentText !== undefined) {
      try {
        return readFileSync(join(dir, name), 'utf8') !== experimentText;
      } catch {
        return true;
      }
    }
    return true;
  });
}

/**
 * Make the results folder ready before the first match: checked, created (a fresh run),
 * locked, refused when it holds another run's files (a fresh run), cleared of stale
 * temporary files. Every refusal is a ConfigError at `--out` or `--resume`; a folder made
 * here is removed again when the run cannot start in it.
 */
export function openResultsFolder(o: OpenOptions): ResultsFolder {
  const flag = o.resume ? '--resume' : '--out';
  let created: string | undefined;
  if (o.resume) {
    let st;
    try {
      st = statSync(o.dir);
    } catch {
      throw ConfigError.at(o.dir, flag, 'the results folder of a stopped run (it holds checkpoint.json)', 'no such folder');
    }
    if (!st.isDirectory()) throw ConfigError.at(o.dir, flag, 'the results folder of a stopped run (it holds checkpoint.json)', 'a file');
  } else {
    checkFolderPath(o.dir, flag);
    created = makeFolders(o.dir, flag);
  }
  const undo = () => {
    if (created !== undefined) rmSync(created, { recursive: true, force: true });
  };
  let folder: ResultsFolder;
  try {
    folder = takeLock(o.dir, flag);
  } catch (e) {
    undo();
    throw e;
  }
  if (!o.resume) {
    const foreign = foreignEntries(o.dir, o.experimentText);
    if (foreign.length) {
      folder.release();
      const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, and ${foreign.length - 5} more` : '');
      throw ConfigError.at(
        o.dir,
        flag,
        `a new or empty folder (it holds another run's files; choose another --out, remove them, or continue that run with --resume ${relative(process.cwd(), o.dir) || '.'})`,
        shown,
      );
    }
  }
  removeStaleTemporaries(o.dir);
  return folder;
}

/** The JSON files `stareater report` reads from a results folder, and the keys summary.json must have. */
const REPORT_JSON = ['summary.json', 'analysis.json', 'run.json'];

/**
 * Can `stareater report` read this results folder? Throws a ConfigError naming the first
 * JSON file that is cut short or corrupt (summary.json, analysis.json, run.json, a chart's
 * spec), or a summary.json that is not a run's summary, before the report reads any of it.
 */
export function checkReportInputs(dir: string): void {
  const files = REPORT_JSON.map((f) => join(dir, f));
  const charts = join(dir, 'charts');
  if (existsSync(charts)) for (const f of readdirSync(charts).sort()) if (f.endsWith('.vl.json')) files.push(join(charts, f));
  for (const file of files) {
    if (!existsSync(file)) continue;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      const what = fsErrorMessage(e) ?? `not JSON (${(e as Error).message}): the file is cut short or corrupt`;
      throw ConfigError.at(file, '(root)', 'JSON as stareater run writes it (run the experiment again, or rebuild the folder with --resume)', what);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ConfigError.at(file, '(root)', 'a JSON object as stareater run writes it', value);
    if (file === files[0]) {
      const s = value as Record<string, unknown>;
      if (!Array.isArray(s.pairings)) throw ConfigError.at(file, 'pairings', "a run's summary (a list of pairings)", s.pairings);
      if (typeof s.kind !== 'string') throw ConfigError.at(file, 'kind', "a run's summary (the experiment's kind)", s.kind);
      if (typeof s.matchesPlayed !== 'number') throw ConfigError.at(file, 'matchesPlayed', "a run's summary (the matches played)", s.matchesPlayed);
    }
  }
}

/** The folder a run writes to when no --out is given: results/<name>-<UTC time>, the time with no colons so every file system takes it. */
export function defaultResultsDir(name: string): string {
  return join(repoRoot(), 'results', `${name}-${new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '')}`);
}
