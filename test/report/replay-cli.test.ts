/**
 * `stareater replay` and `stareater match --trace` as a designer runs them (spawned): a page
 * from each kind of source, the trace file the page can be made from, and bad input named
 * with what was expected, exit status 2 and no output file left behind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayCommand } from '../../src/cli/replay.js';
import type { Trace } from '../../src/sim/trace.js';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'stareater-replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function traceIn(html: string): Trace {
  const m = /<script type="application\/json" id="trace">([\s\S]*?)<\/script>/.exec(readFileSync(html, 'utf8'));
  return JSON.parse(m![1]) as Trace;
}

describe('stareater replay', () => {
  it('match --trace writes the trace, and replay --trace makes the same page as replay --scenario with those options', () => {
    const json = join(dir, 'm.json');
    const r = run('match', '--seed', '5', '--p0', 'rammer', '--p1', 'rammer', '--round-limit', '4', '--trace', json);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Trace: ');
    const t = JSON.parse(readFileSync(json, 'utf8')) as Trace;
    expect(t.format).toBe('stareater-trace');
    expect(t.steps.length).toBeGreaterThan(10);
    const a = join(dir, 'a.html');
    const b = join(dir, 'b.html');
    expect(run('replay', '--trace', json, '-o', a).code).toBe(0);
    const s = run('replay', '--scenario', 'duel', '--seed', '5', '--p0', 'rammer', '--p1', 'rammer', '--round-limit', '4', '-o', b);
    expect(s.code, s.err).toBe(0);
    expect(s.out).toMatch(/^Replay: .*b\.html \(\d+ steps; /);
    expect(traceIn(a).steps).toEqual(traceIn(b).steps);
    expect(traceIn(a).steps).toEqual(t.steps);
    // Self-contained: no src= or href= to anything outside the page.
    expect(readFileSync(a, 'utf8')).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('from an experiment and a match id, from a results folder, and from a scripted scenario file', async () => {
    const exp = join(dir, 'exp.html');
    await replayCommand({ experiment: 'configs/experiments/ffa3.yaml', id: 2, out: exp });
    const fromExperiment = traceIn(exp);
    expect(fromExperiment.players).toHaveLength(3);
    // A results folder holds the experiment as run (experiment.yaml).
    const results = join(dir, 'results');
    mkdirSync(results);
    writeFileSync(join(results, 'experiment.yaml'), readFileSync(join(root, 'configs/experiments/ffa3.yaml')));
    await replayCommand({ results, id: 2 });
    expect(traceIn(join(results, 'replay-2.html')).steps).toEqual(fromExperiment.steps);
    const sc = join(dir, 'sc.html');
    await replayCommand({ scenario: 'test/scenarios/66-torpedo-destroyed-over-projectile.json', out: sc });
    expect(traceIn(sc).steps.some((s) => s.marks.some((m) => m.kind === 'token-lost'))).toBe(true);
  });

  it('bad input: the argument or file named, what was expected, exit status 2, no page written', () => {
    const out = join(dir, 'bad');
    mkdirSync(out);
    const cases: [string[], RegExp][] = [
      [['replay', '--experiment', 'configs/experiments/ffa3.yaml', '--id', '100000'], /--id: expected a match id 0\.\.\d+ of configs\/experiments\/ffa3\.yaml, got 100000/],
      [['replay', '--experiment', 'configs/experiments/ffa3.yaml'], /--id: expected the match id/],
      [['replay', '--results', join(dir, 'nope'), '--id', '1'], /--results .*nope: expected a results folder/],
      [['replay', '--results', out, '--id', '1'], /--results .*bad: expected a results folder with the experiment\.yaml a run writes/],
      [['replay', '--scenario', 'test/scenarios/no-such.json'], /no-such\.json: .*expected a scenario file/],
      [['replay', '--trace', join(dir, 'missing.json')], /--trace .*missing\.json: expected a trace file/],
      [['replay'], /expected exactly one of --experiment/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args, '-o', join(out, 'page.html'));
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
    // A scenario file that is not one.
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"name": "x", "ships": 3}');
    const r = run('replay', '--scenario', broken, '-o', join(out, 'page.html'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('broken.json');
    expect(readdirSync(out)).toEqual([]);
    expect(existsSync(join(out, 'page.html'))).toBe(false);
    // Nine CLI processes, each starting tsx: about 3 CPU-seconds each, far more on a busy machine.
  }, 300_000);
});
