/**
 * Runs that are interrupted or cannot write, end to end as a user meets them: a kill -9
 * after the first chunk leaves a run that `--resume` finishes with the numbers of an
 * uninterrupted run; a second run on the same folder is refused while the first writes; the
 * launcher passes Ctrl-C on and waits for the run to finish writing; a full disk stops the
 * run with one line and a resumable folder; a folder the user may not write is refused
 * before any match.
 *
 * Why spawned: each case is about processes (a kill, a signal, a lock held by another pid,
 * a disk), which an in-process call cannot show.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeLock } from '../../src/run/results-folder.ts';

const root = join(import.meta.dirname, '..', '..');
const main = join(root, 'src/cli/main.ts');
const tmp = mkdtempSync(join(tmpdir(), 'stareater-interrupt-'));
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) spawnSync('umount', [m]);
  rmSync(tmp, { recursive: true, force: true });
});

function cli(args: string[], opts: { uid?: number; gid?: number } = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { cwd: root, encoding: 'utf8', ...opts });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** An experiment of `matches` matches in chunks of `chunk`: fast (rammer against random) unless slower policies are named. */
function experiment(name: string, matches: number, chunk: number, policies = ['rammer', 'random']): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}\nscenario: duel\nmatches: ${matches}\nchunk: ${chunk}\nseed: 7\nplayers:\n  - { name: a, policy: ${policies[0]}, faction: fpa }\n  - { name: b, policy: ${policies[1]}, faction: lamais }\noutputs: { charts: false, report: false }\n`,
  );
  return file;
}

function waitFor(test: () => boolean, ms: number): Promise<boolean> {
  const t0 = Date.now();
  return new Promise((done) => {
    const tick = () => (test() ? done(true) : Date.now() - t0 > ms ? done(false) : setTimeout(tick, 20));
    tick();
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

/** The rows of matches.csv in id order (rows arrive in chunk order, which the workers decide). */
const rows = (dir: string) => readFileSync(join(dir, 'matches.csv'), 'utf8').trimEnd().split('\n').sort();
const summary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>;

describe('interrupted runs resume to the numbers of an uninterrupted run', () => {
  // gunner plays a few hundred matches a second, so a kill 300 ms after the first chunk lands mid-run on any machine.
  const file = experiment('killed', 400, 10, ['gunner', 'gunner']);
  const reference = join(tmp, 'reference');

  it('an uninterrupted run (the reference)', () => {
    const r = cli(['run', file, '--out', reference, '--workers', '1', '--no-progress']);
    expect(r.code, r.err).toBe(0);
  });

  it.each([1])('kill -9 %i × 300 ms after the first checkpoint, then --resume: matches.csv and summary.json as the reference', async (moment) => {
    const out = join(tmp, `killed-${moment}`);
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'run', file, '--out', out, '--workers', '1', '--no-progress'], { cwd: root, stdio: 'ignore' });
    const end = exited(child);
    // The first checkpoint is written as soon as the first chunk is in.
    expect(await waitFor(() => existsSync(join(out, 'checkpoint.json')), 60_000)).toBe(true);
    await new Promise((r) => setTimeout(r, moment * 300));
    child.kill('SIGKILL');
    expect((await end).signal).toBe('SIGKILL');
    expect(existsSync(join(out, 'summary.json')), 'the run finished before it was killed').toBe(false);
    // The dead run's lock is taken over.
    expect(existsSync(join(out, '.stareater.lock'))).toBe(true);
    const resumed = cli(['run', file, '--resume', out, '--workers', '1', '--no-progress']);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toMatch(/Done: 400 matches/);
    expect(rows(out)).toEqual(rows(reference));
    expect(summary(out)).toEqual(summary(reference));
    expect(existsSync(join(out, '.stareater.lock'))).toBe(false);
    expect(existsSync(join(out, 'checkpoint.json'))).toBe(false);
  });
});

describe('one run per results folder', () => {
  it('a run on a folder whose lock another live process holds is refused (exit 2), with --out and with --resume', () => {
    const file = experiment('locked', 20, 10);
    const out = join(tmp, 'locked');
    mkdirSync(out);
    // This test's own process holds the lock, as a run writing the folder would.
    const held = takeLock(out, '--out');
    try {
      const second = cli(['run', file, '--out', out, '--workers', '1', '--no-progress']);
      expect(second.code, second.err).toBe(2);
      expect(second.err).toMatch(new RegExp(`${out}: at --out: expected a results folder no other run is writing \\(process ${process.pid} on .* has held its lock \\.stareater\\.lock since `));
      expect(existsSync(join(out, 'matches.csv'))).toBe(false);
    } finally {
      held.release();
    }
    expect(existsSync(join(out, '.stareater.lock'))).toBe(false);
  });

  it('a fresh run refuses a folder holding another run\'s files', () => {
    const out = join(tmp, 'reused');
    mkdirSync(out);
    writeFileSync(join(out, 'matches.csv'), 'id\n');
    const r = cli(['run', experiment('reused', 20, 10), '--out', out, '--workers', '1', '--no-progress']);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/at --out: expected a new or empty folder \(it holds another run's files; .*--resume.*\), got "matches\.csv"/);
    expect(readFileSync(join(out, 'matches.csv'), 'utf8')).toBe('id\n');
  });
});

describe('the launcher (bin/stareater.js)', () => {
  it('runs from any working folder (tsx is found beside the launcher, as a cluster job starts it)', () => {
    const r = spawnSync(process.execPath, [join(root, 'bin/stareater.js'), '--version'], { cwd: tmpdir(), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
  it('passes SIGINT on and exits with the run\'s status only once the run has written its files', async () => {
    const file = experiment('interrupted', 4000, 20);
    const out = join(tmp, 'interrupted');
    const launcher = spawn(process.execPath, [join(root, 'bin/stareater.js'), 'run', file, '--out', out, '--workers', '1', '--no-progress'], { cwd: root, stdio: 'ignore' });
    const end = exited(launcher);
    expect(await waitFor(() => existsSync(join(out, 'checkpoint.json')), 60_000)).toBe(true);
    launcher.kill('SIGINT'); // the launcher alone: it must pass the signal on
    const { code } = await end;
    expect(code).toBe(130);
    // Everything was written before the launcher exited, and the run let go of its folder.
    const s = summary(out);
    expect(s.complete).toBe(false);
    expect(s.matchesPlayed as number).toBeLessThan(4000);
    expect(existsSync(join(out, '.stareater.lock'))).toBe(false);
    expect(existsSync(join(out, 'checkpoint.json'))).toBe(true);
  });
});

describe('a bot that hangs on the main thread (stareater match)', () => {
  it('has no time limit there, and Ctrl-C ends it at once (docs/bots.md)', async () => {
    const looper = join(root, 'test', 'fixtures', 'bots', 'looper.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'match', '--p0', looper, '--seed', '1'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const end = exited(child);
    let printed = '';
    child.stdout!.on('data', (b) => (printed += String(b)));
    // Long enough to load and reach the looping decision; the match never ends by itself.
    const finished = await Promise.race([end.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 15_000))]);
    expect(finished, 'the match ended by itself').toBe(false);
    const t0 = Date.now();
    child.kill('SIGINT');
    const { signal } = await end;
    expect(signal).toBe('SIGINT');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(printed).not.toMatch(/Result:/);
  });
});

// A small file system of our own to fill (root can mount one; elsewhere these rows are skipped).
const isRoot = process.getuid?.() === 0;
function smallDisk(name: string, size: string): string | null {
  if (!isRoot) return null;
  const dir = join(tmp, name);
  mkdirSync(dir);
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status !== 0) return null;
  mounts.push(dir);
  return dir;
}

describe('a disk that refuses', () => {
  it('a full disk stops the run with one line and a folder that --resume finishes once there is room', (ctx) => {
    const disk = smallDisk('full', '128k');
    if (!disk) return ctx.skip();
    // The reference run's experiment: its matches.csv (about 250 kB) does not fit.
    const file = join(tmp, 'killed.yaml');
    const out = join(disk, 'out');
    const r = cli(['run', file, '--out', out, '--workers', '1', '--no-progress']);
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/^stareater: cannot write .*: the disk is full \(ENOSPC\)\. The run stopped; the matches up to its last checkpoint are kept in .* \(free some space and continue with: stareater run .* --resume .*\)\n$/);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(spawnSync('mount', ['-o', 'remount,size=8m', disk]).status).toBe(0);
    const resumed = cli(['run', file, '--resume', out, '--workers', '1', '--no-progress']);
    expect(resumed.code, resumed.err).toBe(0);
    const reference = join(tmp, 'reference');
    expect(rows(out)).toEqual(rows(reference));
    expect(summary(out)).toEqual(summary(reference));
  });

  it('a folder the user may not write is refused before any match (exit 2), and nothing is made in it', (ctx) => {
    const ro = join(tmp, 'readonly');
    mkdirSync(ro);
    chmodSync(ro, 0o555);
    chmodSync(tmp, 0o755);
    // root writes anywhere: the run goes as nobody then (uid 65534).
    const as = isRoot ? { uid: 65534, gid: 65534 } : {};
    const file = experiment('readonly', 20, 10);
    chmodSync(file, 0o644);
    const r = cli(['run', file, '--out', join(ro, 'out'), '--workers', '1', '--no-progress'], as);
    if (isRoot && /EACCES|permission denied/i.test(r.err) && !/--out/.test(r.err)) return ctx.skip(); // nobody cannot run the lab here
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/readonly\/out: at --out: expected a folder the run can write, got ".*readonly: no permission to write there"/);
    expect(existsSync(join(ro, 'out'))).toBe(false);
  });
});

describe('stareater report on a broken results folder', () => {
  it.each([
    ['summary.json cut short', 'summary.json', (s: string) => s.slice(0, s.length / 2), /summary\.json: at \(root\): expected JSON as stareater run writes it .*, got "not JSON/],
    ['summary.json not a summary', 'summary.json', () => '{"hello": 1}', /summary\.json: at pairings: expected a run's summary/],
  ])('%s: exit 2 naming the file', (_name, target, mutate, message) => {
    const src = join(tmp, 'reference');
    if (!existsSync(join(src, 'summary.json'))) expect(cli(['run', experiment('killed', 400, 10), '--out', src, '--workers', '1', '--no-progress']).code).toBe(0);
    const dir = join(tmp, `report-${target}-${Math.random().toString(36).slice(2)}`);
    spawnSync('cp', ['-r', src, dir]);
    writeFileSync(join(dir, target), mutate(readFileSync(join(dir, target), 'utf8')));
    const r = cli(['report', dir]);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});
