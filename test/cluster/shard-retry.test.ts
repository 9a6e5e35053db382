/**
 * scripts/cluster/shard.sh, the command a Slurm array task and a Kubernetes Indexed Job pod
 * run: a scheduler retries a failed or preempted task with the same command line, so the same
 * command must resume a stopped shard (to the files an uninterrupted shard writes) and must
 * leave a complete shard alone. No scheduler is needed: the test stops a shard the way a
 * preemption does (a signal once its first checkpoint is on disk) and runs the command again.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDifferences } from './same-run.js';

const root = join(import.meta.dirname, '..', '..');
const shardSh = join(root, 'scripts/cluster/shard.sh');
const env = { ...process.env, STAREATER_NODE: process.execPath };
const runHelp = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'run', '--help'], { cwd: root, encoding: 'utf8' }).stdout ?? '';
const shardable = runHelp.includes('--shard');
if (!shardable) console.log('test/cluster/shard-retry.test.ts: skipped: `stareater run --help` lists no --shard option yet');

const EXPERIMENT = `name: cluster-retry
description: rammer vs random, long enough to be stopped part way
kind: batch
scenario: duel
matches: 4000
seed: 11
workers: 1
players:
  - name: fpa-rammer
    policy: rammer
    faction: fpa
  - name: lamais-random
    policy: random
    faction: lamais
`;

describe('scripts/cluster/shard.sh', () => {
  // Made by the first test that runs, not at collection, so a filtered run leaves no folder.
  let tmp = '';
  let experiment = '';
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'se-shard-retry-'));
    experiment = join(tmp, 'retry.yaml');
    writeFileSync(experiment, EXPERIMENT);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const args = (out: string) => ['run', experiment, '--shard', '0/2', '--out', out, '--workers', '1', '--no-progress'];
  const shardSync = (out: string) => spawnSync('bash', [shardSh, ...args(out)], { cwd: root, env, encoding: 'utf8' });

  it('refuses a command line that is not a run with --out', () => {
    for (const bad of [['merge', 'x', 'y'], ['run', experiment, '--shard', '0/2']]) {
      const r = spawnSync('bash', [shardSh, ...bad], { cwd: root, env, encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/shard\.sh: (usage|--out DIR is required)/);
    }
  });

  it.skipIf(!shardable)('run again, resumes a stopped shard to the files an uninterrupted one writes, then leaves it alone', async () => {
    const whole = join(tmp, 'whole');
    const stopped = join(tmp, 'stopped');
    const w = shardSync(whole);
    expect(w.status, w.stderr).toBe(0);

    // Stopped as a preempted task is: a signal once the first checkpoint is on disk.
    const child = spawn('bash', [shardSh, ...args(stopped)], { cwd: root, env, stdio: 'ignore' });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const t0 = Date.now();
    while (!existsSync(join(stopped, 'checkpoint.json')) && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGTERM');
    await exited;
    expect(existsSync(join(stopped, 'checkpoint.json')), 'the shard finished before it could be stopped').toBe(true);

    const again = shardSync(stopped);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/resuming the stopped shard/);
    expect(existsSync(join(stopped, 'checkpoint.json'))).toBe(false);
    expect(runDifferences(whole, stopped)).toEqual([]);

    const before = statSync(join(stopped, 'shard.json')).mtimeMs;
    const third = shardSync(stopped);
    expect(third.status).toBe(0);
    expect(third.stdout).toMatch(/complete already/);
    expect(statSync(join(stopped, 'shard.json')).mtimeMs).toBe(before);
    expect(JSON.parse(readFileSync(join(stopped, 'shard.json'), 'utf8'))).toMatchObject({ index: 0, count: 2, complete: true, matchesPlayed: 2000 });
  }, 600_000);

  it.skipIf(!shardable)('moves aside a folder left before the first checkpoint (keeping it) and plays the shard afresh', () => {
    const out = join(tmp, 'early');
    mkdirSync(out);
    writeFileSync(join(out, 'experiment.yaml'), EXPERIMENT);
    const r = spawnSync('bash', [shardSh, ...args(out), '-n', '200'], { cwd: root, env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/held no checkpoint .*moved to .*early\.stopped-\d{8}-\d{6}/);
    const aside = readdirSync(tmp).filter((f) => f.startsWith('early.stopped-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(tmp, aside[0], 'experiment.yaml'), 'utf8')).toBe(EXPERIMENT);
    expect(JSON.parse(readFileSync(join(out, 'shard.json'), 'utf8'))).toMatchObject({ index: 0, count: 2, complete: true, matchesPlayed: 100 });
  }, 600_000);
});
