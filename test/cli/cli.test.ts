/**
 * The `stareater` command end to end (spawned as a user would run it): --help on every
 * command, reproducible matches from a seed, clear errors with exit code 2 on bad input,
 * exit code 1 and a resumable results folder when a worker thread dies.
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
function run(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('stareater CLI', () => {
  it.each(['run', 'demo', 'match', 'scenario', 'report', 'validate', 'bots'])('%s --help describes the command', (cmd) => {
    const r = run(cmd, '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: stareater /);
  });

  it.each([
    [['run', 'default', '-n', '0'], /-n, --matches.*expected an integer from 2 to 10000000, got 0/],
    [['run', 'default', '-n', '-5'], /expected an integer from 2 to 10000000, got -5/],
    [['run', 'default', '-n', '1000000000000'], /expected an integer from 2 to 10000000/],
    [['run', 'default', '--workers', '-1'], /--workers.*expected an integer from 0 to 256, got -1/],
    [['run', 'default', '-n', 'many'], /expected an integer, got "many"/],
    [['match', '--round-limit', '4294967296'], /--round-limit.*expected an integer from 1 to 10000/],
    [['run', 'default', '--bogus'], /unknown option '--bogus'/],
  ])('bad arguments %j exit 2 with the flag and the bound, and write no results folder', (args, message) => {
    const out = mkdtempSync(join(tmpdir(), 'stareater-args-'));
    const dir = join(out, 'run');
    const r = run(...args, ...(args[0] === 'run' ? ['--out', dir] : []));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(existsSync(dir)).toBe(false);
    rmSync(out, { recursive: true, force: true });
  });

  it('--version exits 0', () => {
    const r = run('--version');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists its commands at the top level', () => {
    const r = run('--help');
    expect(r.code).toBe(0);
    for (const cmd of ['run', 'demo', 'match', 'scenario', 'report', 'validate', 'bots']) expect(r.out).toContain(cmd);
  });

  it('replays the same match from the same seed, and another seed plays another', () => {
    const a = run('match', '--seed', '11', '--p0', 'random', '--p1', 'rammer', '--json');
    const b = run('match', '--seed', '11', '--p0', 'random', '--p1', 'rammer', '--json');
    const c = run('match', '--seed', '12', '--p0', 'random', '--p1', 'rammer', '--json');
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    expect(a.out).not.toBe(c.out);
    expect(JSON.parse(a.out).status).toMatch(/victory|draw/);
  });

  it('the demo prints a round-by-round log ending in a result', () => {
    const r = run('demo', '--seed', '2');
    expect(r.code).toBe(0);
    expect(r.out).toContain('=== Round 1 ===');
    expect(r.out).toMatch(/Result: (victory|draw|draw-by-limit)/);
  });

  it('run plays an experiment on worker threads and writes the results folder', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'stareater-run-')), 'r');
    const r = run('run', 'default', '--matches', '20', '--workers', '1', '--out', out, '--no-progress');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Done: 20 matches/);
    expect(r.out).toMatch(/fpa-lookahead wins \d+ = [\d.]+% \(95% CI/);
    for (const f of ['matches.csv', 'summary.json', 'summary.csv', 'experiment.yaml', 'charts/win-rate.svg', 'report.html']) expect(existsSync(join(out, f))).toBe(true);
    expect(r.out).toContain(`Report:  `);
    // report DIR rebuilds the page from the folder alone.
    rmSync(join(out, 'report.html'));
    const rep = run('report', out);
    expect(rep.code).toBe(0);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('default: balance report');
    const bad = run('report', tmpdir());
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('expected a results folder with a summary.json');
  });

  it('a run whose worker thread dies exits 1 with what it kept and how to resume, and --resume finishes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stareater-crash-'));
    const file = join(dir, 'crash.yaml');
    const crasher = join(root, 'test', 'fixtures', 'bots', 'crasher.ts');
    writeFileSync(
      file,
      `name: crash\nscenario: duel\nmatches: 40\nchunk: 4\nplayers:\n  - { name: a, policy: rammer, faction: fpa }\n  - { name: b, policy: ${crasher}, faction: lamais, params: { marker: ${join(dir, 'marker')}, after: 9 } }\n`,
    );
    const out = join(dir, 'out');
    const r = run('run', file, '--workers', '2', '--out', out, '--no-progress');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^stareater: matches \d+-\d+ failed: worker exited with code: 3\. The run stopped; its \d+ finished matches are kept in .*--resume /m);
    const resumed = run('run', file, '--resume', out, '--no-progress');
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/Done: 40 matches/);
  });

  it('validate accepts the shipped configs', () => {
    const r = run('validate');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^OK: rules.yaml, 2 factions \(fpa, lamais\)/);
  });

  it.each([
    [['match', '--p0', 'nosuchbot'], /unknown bot "nosuchbot": expected one of .*random/],
    [['match', '--seed', 'abc'], /expected an integer, got "abc"/],
    [['match', '--p0-params', '[1'], /--p0-params: expected a JSON object/],
    [['match', '--scenario', 'nosuchscenario'], /nosuchscenario/],
  ])('bad arguments %j exit 2 with a clear message', (args, message) => {
    const r = run(...(args as string[]));
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('a broken scenario file is reported with its file, path and value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stareater-cli-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'bad', ships: [{ faction: 'fpa', position: [0, 3], facing: 'NORTH' }, { faction: 'lamais', position: [0, -3], facing: 'S' }] }));
    const r = run('scenario', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain(file);
    expect(r.err).toContain('ships[0].facing');
    expect(r.err).toContain('"NORTH"');
  });

  it('scenario --check exits 1 when the result differs from expect', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stareater-cli-'));
    const file = join(dir, 'expect.json');
    // Every card far down the cooldown track: empty hands, so a round of pure drift.
    const away = { fireMain: 9, portBroadside: 9, starboardBroadside: 9, corvettes: 9, defenceStations: 9, ventCoolant: 9, powerToEngines: 9, specialAbility: 9 };
    const base = {
      name: 'drift',
      ships: [
        { faction: 'fpa', position: [0, 3], facing: 'N', momentum: ['N'], cooldown: away },
        { faction: 'lamais', position: [0, -4], facing: 'S', cooldown: away },
      ],
      rounds: [{ players: [{ engine: 'none', commands: [] }, { engine: 'none', commands: [] }] }],
    };
    writeFileSync(file, JSON.stringify({ ...base, expect: { ships: [{ position: [0, 2] }] } }));
    expect(run('scenario', file, '--check').code).toBe(0);
    writeFileSync(file, JSON.stringify({ ...base, expect: { ships: [{ position: [0, 1] }] } }));
    const r = run('scenario', file, '--check');
    expect(r.code).toBe(1);
    expect(r.err).toContain('ships[0].position: expected [0,1], got [0,2]');
  });
});
