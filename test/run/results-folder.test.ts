/**
 * The results folder's checks, lock and clean-up, called in-process (the spawned cases are
 * test/cli/interrupt.test.ts): every bad folder path is a ConfigError at the flag naming
 * the part of the path that stops it, and nothing is created; a lock held by a live process
 * refuses, a dead one's is taken over; a fresh run refuses another run's files; stale
 * temporary files of atomic writes are removed; the report's inputs are checked.
 */
import { describe, it, expect, afterAll, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/content/errors.ts';
import { checkReportInputs, fsErrorMessage, LOCK_FILE, openResultsFolder, processAlive, removeStaleTemporaries, takeLock } from '../../src/run/results-folder.ts';
import { writeAtomic } from '../../src/report/files.ts';
import { Progress } from '../../src/run/progress.ts';

const tmp = mkdtempSync(join(tmpdir(), 'stareater-folder-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
writeFileSync(join(tmp, 'afile'), 'x');

/** The ConfigError a call throws (or fails the test). */
function refusal(f: () => unknown): ConfigError {
  try {
    f();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('a bad results folder is refused before anything is made', () => {
  it.each([
    ['a file', join(tmp, 'afile'), false, /afile: at --out: expected a folder for the results, got "a file/],
    ['a path under a file', join(tmp, 'afile', 'out'), false, /afile\/out: at --out: expected a folder path whose parents are folders, got ".*afile is a file, not a folder"/],
    ['deep under a file', join(tmp, 'afile', 'a', 'b'), false, /at --out: expected a folder path whose parents are folders, got ".*afile is a file/],
    ['a file system that takes no folders (/proc)', '/proc/stareater-nope/out', false, /at --out: expected a folder the run can write, got "\/proc\/stareater-nope: the file system there takes no new folders \(ENOENT\)"/],
    ['--resume of a folder that does not exist', join(tmp, 'nope'), true, /nope: at --resume: expected the results folder of a stopped run \(it holds checkpoint\.json\), got "no such folder"/],
    ['--resume of a file', join(tmp, 'afile'), true, /afile: at --resume: expected the results folder of a stopped run .*, got "a file"/],
  ])('%s', (_name, dir, resume, message) => {
    const e = refusal(() => openResultsFolder({ dir, resume }));
    expect(e.message).toMatch(message);
    expect(e.path).toBe(resume ? '--resume' : '--out');
    expect(existsSync(dir) && !dir.endsWith('afile')).toBe(false);
    expect(existsSync('/proc/stareater-nope')).toBe(false);
  });

  it('a new folder (and its missing parents) is made, locked, and released', () => {
    const dir = join(tmp, 'new', 'deeper');
    const f = openResultsFolder({ dir, resume: false });
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, host: hostname() });
    f.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a fresh run refuses a folder with another run\'s files, accepts its own experiment.yaml, and --resume takes it', () => {
    const dir = join(tmp, 'used');
    mkdirSync(dir);
    writeFileSync(join(dir, 'experiment.yaml'), 'name: mine\n');
    openResultsFolder({ dir, resume: false, experimentText: 'name: mine\n' }).release();
    const other = refusal(() => openResultsFolder({ dir, resume: false, experimentText: 'name: theirs\n' }));
    expect(other.message).toMatch(/at --out: expected a new or empty folder \(it holds another run's files; .*--resume .*\), got "experiment\.yaml"/);
    writeFileSync(join(dir, 'matches.csv'), 'id\n');
    expect(refusal(() => openResultsFolder({ dir, resume: false, experimentText: 'name: mine\n' })).message).toMatch(/got "matches\.csv"/);
    // Refused without touching a file, and without keeping the lock.
    expect(readdirSync(dir).sort()).toEqual(['experiment.yaml', 'matches.csv']);
    openResultsFolder({ dir, resume: true }).release();
  });
});

describe('the lock', () => {
  it('a live holder refuses a second run; after release the folder opens', () => {
    const dir = join(tmp, 'lock-live');
    mkdirSync(dir);
    const a = takeLock(dir, '--out');
    expect(refusal(() => takeLock(dir, '--out')).message).toMatch(new RegExp(`at --out: expected a results folder no other run is writing \\(process ${process.pid} on `));
    a.release();
    takeLock(dir, '--out').release();
  });

  it('a lock held by another live process refuses; once that process is gone it is taken over', async () => {
    const dir = join(tmp, 'lock-other');
    mkdirSync(dir);
    const child = spawn('sleep', ['30']);
    await new Promise((r) => child.once('spawn', r));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: child.pid, host: hostname(), started: new Date().toISOString() }));
    expect(refusal(() => takeLock(dir, '--resume')).message).toMatch(new RegExp(`at --resume: .*process ${child.pid} `));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(processAlive(child.pid!)).toBe(false);
    const f = takeLock(dir, '--resume');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    f.release();
  });

  it.each([
    ['unreadable', 'not json'],
    ['no pid', '{"host": "x"}'],
    ['from another host, a day old', JSON.stringify({ pid: 1, host: 'elsewhere', started: '2000-01-01T00:00:00Z' })],
  ])('a lock file %s is taken over', (_name, text) => {
    const dir = mkdtempSync(join(tmp, 'lock-'));
    writeFileSync(join(dir, LOCK_FILE), text);
    takeLock(dir, '--out').release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('a fresh lock from another host is trusted (its pid cannot be checked from here)', () => {
    const dir = mkdtempSync(join(tmp, 'lock-'));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'elsewhere', started: new Date().toISOString() }));
    expect(refusal(() => takeLock(dir, '--out')).message).toMatch(/process 1 on elsewhere/);
  });
});

describe('temporary files of atomic writes', () => {
  it('a start removes those of dead processes (in the folder and charts/), not those of live ones', () => {
    const dir = join(tmp, 'temps');
    mkdirSync(join(dir, 'charts'), { recursive: true });
    const dead = 2 ** 22 + 12345; // above Linux's pid_max default: never a live process
    writeFileSync(join(dir, `summary.json.tmp-${dead}`), '{"half');
    writeFileSync(join(dir, 'charts', `win-rate.svg.tmp-${dead}`), '<svg');
    writeFileSync(join(dir, `run.json.tmp-${process.ppid}`), '{}');
    writeFileSync(join(dir, 'notes.tmp'), 'mine');
    expect(removeStaleTemporaries(dir).map((f) => f.slice(dir.length + 1)).sort()).toEqual([`charts/win-rate.svg.tmp-${dead}`, `summary.json.tmp-${dead}`]);
    expect(readdirSync(dir).sort()).toEqual(['charts', 'notes.tmp', `run.json.tmp-${process.ppid}`]);
  });

  it('a write that fails leaves no temporary file', () => {
    const dir = join(tmp, 'failed-write');
    mkdirSync(join(dir, 'target.json'), { recursive: true }); // a folder where the file should go: the rename fails
    expect(() => writeAtomic(join(dir, 'target.json'), '{}')).toThrow();
    expect(readdirSync(dir)).toEqual(['target.json']);
  });
});

describe('the report\'s inputs', () => {
  const good = { kind: 'batch', pairings: [], matchesPlayed: 2 };
  it.each([
    ['summary.json cut short', 'summary.json', JSON.stringify(good).slice(0, 20), '(root)', /expected JSON as stareater run writes it .*got "not JSON/],
    ['summary.json empty', 'summary.json', '', '(root)', /got "not JSON/],
    ['summary.json a list', 'summary.json', '[]', '(root)', /expected a JSON object/],
    ['summary.json without pairings', 'summary.json', JSON.stringify({ ...good, pairings: undefined }), 'pairings', /expected a run's summary \(a list of pairings\)/],
    ['summary.json kind a number', 'summary.json', JSON.stringify({ ...good, kind: 3 }), 'kind', /expected a run's summary/],
    ['summary.json matchesPlayed missing', 'summary.json', JSON.stringify({ ...good, matchesPlayed: undefined }), 'matchesPlayed', /expected a run's summary \(the matches played\)/],
    ['analysis.json corrupt', 'analysis.json', '{"kind": ', '(root)', /expected JSON/],
    ['run.json a number', 'run.json', '42', '(root)', /expected a JSON object/],
    ['a chart spec cut short', 'charts/win-rate.vl.json', '{"mark"', '(root)', /expected JSON/],
  ])('%s: a ConfigError naming the file', (_name, target, text, path, message) => {
    const dir = mkdtempSync(join(tmp, 'report-'));
    mkdirSync(join(dir, 'charts'));
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(good));
    writeFileSync(join(dir, target), text);
    const e = refusal(() => checkReportInputs(dir));
    expect(e.file).toBe(join(dir, target));
    expect(e.path).toBe(path);
    expect(e.message).toMatch(message);
  });

  it('a sound folder passes', () => {
    const dir = mkdtempSync(join(tmp, 'report-'));
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(good));
    expect(() => checkReportInputs(dir)).not.toThrow();
  });
});

describe('file-system errors in words', () => {
  it.each([
    [{ code: 'ENOSPC', syscall: 'write', path: '/r/matches.csv' }, 'cannot write /r/matches.csv: the disk is full (ENOSPC)'],
    [{ code: 'EROFS', syscall: 'open', path: '/r/summary.json' }, 'cannot use /r/summary.json: the file system is read-only (EROFS)'],
    [{ code: 'EACCES', syscall: 'mkdir', path: '/r' }, 'cannot write /r: no permission to write there (EACCES)'],
    [{ code: 'ENOTDIR', syscall: 'mkdir', path: '/f/x' }, 'cannot write /f/x: a part of the path is a file, not a folder (ENOTDIR)'],
    [{ code: 'ERR_SOMETHING', syscall: 'write' }, null],
    [{ code: 'ENOSPC' }, null],
  ])('%j', (fields, line) => {
    expect(fsErrorMessage(Object.assign(new Error('raw'), fields))).toBe(line);
  });
});

describe('progress after a resume', () => {
  it('the rate counts only the matches played by this process', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const resumed = new Progress(1000, { isTTY: false } as NodeJS.WriteStream, 600);
      const fresh = new Progress(1000, { isTTY: false } as NodeJS.WriteStream);
      vi.advanceTimersByTime(10_000);
      expect(resumed.rate(800)).toBe(20); // 200 matches in 10 s, not 800
      expect(fresh.rate(800)).toBe(80);
    } finally {
      vi.useRealTimers();
    }
  });
});
