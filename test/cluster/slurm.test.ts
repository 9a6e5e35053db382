/**
 * The Slurm path end to end on a real scheduler: a single-node cluster (munged, slurmctld and
 * slurmd from Debian's slurm-wlm and munge) is brought up in a temp folder by
 * scripts/cluster/local-slurm.sh, scripts/cluster/slurm-run.sh submits a four-shard run as a
 * job array with a dependent merge job, and the merged folder must hold what a single run of
 * the same experiment writes (test/cluster/same-run.ts says what may differ).
 *
 * Why a real cluster rather than a mock of sbatch: what can go wrong is Slurm's side of the
 * contract (array indices, the afterok dependency, a dependency that can never be met, the
 * environment a task runs in), and only slurmctld and slurmd show it. The experiment is small
 * and fast (rammer against random); the scheduler's own pace (it settles dependencies every
 * few seconds) makes up much of the file's few minutes, hence the long timeouts.
 * Without Slurm installed the scheduler tests skip with a line saying how to run them; .ci/run
 * installs Slurm and sets STAREATER_SLURM_TEST=require, so there a missing Slurm fails.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDifferences } from './same-run.js';

const root = join(import.meta.dirname, '..', '..');
const localSlurm = join(root, 'scripts/cluster/local-slurm.sh');
const slurmRun = join(root, 'scripts/cluster/slurm-run.sh');

const onPath = (bin: string) => spawnSync('bash', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`]).status === 0;
const missing = ['munged', 'mungekey', 'slurmctld', 'slurmd', 'sbatch', 'sinfo', 'scontrol'].filter((b) => !onPath(b));
const runHelp = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'run', '--help'], { cwd: root, encoding: 'utf8' }).stdout ?? '';
const shardable = runHelp.includes('--shard');
const required = process.env.STAREATER_SLURM_TEST === 'require';
const skip = !shardable
  ? '`stareater run --help` lists no --shard: there is nothing to spread over a cluster yet'
  : missing.length && !required
    ? `Slurm is not installed (no ${missing.join(', ')}); to run it: apt-get install -y slurm-wlm munge (as root), then npx vitest run test/cluster/slurm.test.ts`
    : '';
if (skip) console.log(`test/cluster/slurm.test.ts: the Slurm cluster tests are skipped: ${skip}`);

const EXPERIMENT = `name: cluster-slurm
description: rammer vs random, FPA against Lamais, split over a Slurm job array
kind: batch
scenario: duel
matches: 400
seed: 7
workers: 1
players:
  - name: fpa-rammer
    policy: rammer
    faction: fpa
  - name: lamais-random
    policy: random
    faction: lamais
outputs:
  matchesCsv: true
  summary: true
  charts: true
`;

function bash(script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync('bash', [script, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('scripts/cluster/slurm-run.sh arguments', () => {
  // Made by the first test that runs, not at collection, so a filtered run leaves no folder.
  let tmp = '';
  beforeAll(() => void (tmp = mkdtempSync(join(tmpdir(), 'se-slurm-args-'))));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it.each([
    [['-N', '0', 'default'], /--shards expects an integer from 1 to 10000, got '0'/],
    [['-N', 'four', 'default'], /--shards expects an integer from 1 to 10000, got 'four'/],
    [['-N', '10001', 'default'], /--shards expects an integer from 1 to 10000/],
    [['-c', '0', 'default'], /--cpus-per-task expects an integer from 1 to 256, got '0'/],
    [['--max-parallel', '-3', 'default'], /--max-parallel expects an integer from 1 to 10000/],
    [['no-such-experiment'], /no experiment no-such-experiment/],
    [['missing/file.yaml'], /no experiment file missing\/file.yaml/],
    [['--bogus', 'default'], /unknown option --bogus/],
    [['default', 'meta'], /one experiment only/],
    [['-N'], /-N expects a value/],
    [['default', '--', '--out', '/elsewhere'], /--out after --: each task's folder, shard and workers are set/],
    [['default', '--', '--shard=1/2'], /--shard=1\/2 after --/],
  ])('%j exits 2 with the option and the bound, and writes no folder', (args, message) => {
    const dir = join(tmp, 'run');
    const r = bash(slurmRun, ['--dir', dir, ...args]);
    expect(r.err).toMatch(message);
    expect(r.code).toBe(2);
    expect(existsSync(dir)).toBe(false);
  });

  it('without --dir says a shared folder is needed', () => {
    const r = bash(slurmRun, ['default']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--dir is required/);
  });

  it('--dry-run writes the job scripts and prints both sbatch commands: an array of N tasks, a merge after all of them', () => {
    const dir = join(tmp, 'dry');
    const r = bash(slurmRun, ['--dry-run', '-N', '6', '--max-parallel', '2', '-p', 'batch', '-c', '3', '--dir', dir, 'default', '--', '-n', '600']);
    expect(r.code).toBe(0);
    const [array, merge] = r.out.trim().split('\n');
    expect(array).toMatch(/^sbatch .*--partition=batch .*--array=0-5%2 --cpus-per-task=3 .*slurm\/shard-task\.sh/);
    expect(merge).toMatch(/^sbatch .*--kill-on-invalid-dep=yes .*--dependency=afterok:ARRAY_JOB_ID .*slurm\/merge-task\.sh/);
    const task = readFileSync(join(dir, 'slurm/shard-task.sh'), 'utf8');
    expect(task).toContain('--shard "$i/6"');
    expect(task).toContain('-n 600');
    const mergeTask = readFileSync(join(dir, 'slurm/merge-task.sh'), 'utf8');
    for (let i = 0; i < 6; i++) expect(mergeTask).toContain(`shards/shard-00${i}-of-6`);
    expect(mergeTask).not.toContain('shard-006');
  });
});

describe.skipIf(skip !== '')('a sharded run on a single-node Slurm cluster', () => {
  let tmp = '';
  let cluster = '';
  let experiment = '';
  let env: NodeJS.ProcessEnv = {};

  beforeAll(() => {
    if (missing.length) throw new Error(`Slurm is required here (STAREATER_SLURM_TEST=require) but ${missing.join(', ')} is missing: apt-get install -y slurm-wlm munge`);
    tmp = mkdtempSync(join(tmpdir(), 'se-slurm-'));
    cluster = join(tmp, 'cluster');
    experiment = join(tmp, 'cluster-slurm.yaml');
    env = { SLURM_CONF: join(cluster, 'slurm.conf') };
    writeFileSync(experiment, EXPERIMENT);
    const r = bash(localSlurm, ['start', cluster]);
    if (r.code !== 0) throw new Error(`local-slurm.sh start failed (${r.code}):\n${r.out}\n${r.err}`);
  });

  afterAll(() => {
    if (!tmp) return;
    const r = bash(localSlurm, ['stop', cluster]);
    if (r.code !== 0) console.error(`local-slurm.sh stop: ${r.err}`);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a four-task job array and its merge job give the single run, file for file', () => {
    const dir = join(tmp, 'array');
    const r = bash(slurmRun, ['-N', '4', '--dir', dir, '--wait', '--node', process.execPath, experiment], env);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.out).toMatch(/shards: job array \d+ \(4 tasks\)/);

    // Each array task played its own shard (Slurm wrote its log; the shard says which it is).
    let played = 0;
    for (let i = 0; i < 4; i++) {
      expect(existsSync(join(dir, `logs/shard-${i}.out`))).toBe(true);
      const shard = JSON.parse(readFileSync(join(dir, `shards/shard-00${i}-of-4/shard.json`), 'utf8')) as { index: number; count: number; complete: boolean; matchesPlayed: number };
      expect([shard.index, shard.count, shard.complete]).toEqual([i, 4, true]);
      played += shard.matchesPlayed;
    }
    expect(played).toBe(400);

    // The single run right after the merge, so both are made by the same code.
    const single = join(tmp, 'single');
    const s = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'run', experiment, '--out', single, '--no-progress'], { cwd: root, encoding: 'utf8' });
    expect(s.status, s.stderr).toBe(0);
    expect(runDifferences(single, join(dir, 'merged'))).toEqual([]);
  }, 600_000);

  it('a shard task that fails cancels the merge job, and --wait exits 1 naming the failed tasks', () => {
    const dir = join(tmp, 'failing');
    // --round-limit 0 is refused by every shard (exit 2), so afterok can never be met.
    const r = bash(slurmRun, ['-N', '2', '--dir', dir, '--wait', '--node', process.execPath, experiment, '--', '--round-limit', '0'], env);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/the merge job \d+ ended CANCELLED/);
    expect(r.err).toMatch(/task 0: FAILED/);
    expect(r.err).toMatch(/task 1: FAILED/);
    expect(readFileSync(join(dir, 'logs/shard-0.out'), 'utf8')).toMatch(/--round-limit/);
    expect(existsSync(join(dir, 'merged'))).toBe(false);
  }, 600_000);
});
