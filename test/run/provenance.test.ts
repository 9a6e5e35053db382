/**
 * Provenance (docs/reproducibility.md): a results folder records the experiment it played
 * with the command line's overrides written in, copies of its content files, the bots',
 * lockfile's and lab's identity; the report's Reproduce command gives the same summary byte
 * for byte; and a faction file edited after the run changes nothing its replay commands
 * replay (they use the folder's copy and name the file that changed).
 *
 * The runs use a copy of configs/ (STAREATER_CONFIG_DIR), which the test edits; the
 * shipped configs/ are never touched.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { buildProgram } from '../../src/cli/main.ts';
import { matchTrace } from '../../src/cli/replay.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { prepare } from '../../src/sim/play.ts';
import { traceExperimentMatch } from '../../src/sim/trace.ts';
import { repoRoot } from '../../src/content/load.ts';
import { readProvenance, snapshotDrift, experimentHash, checkUnchangedSince } from '../../src/run/provenance.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-provenance-'));
const configs = join(dir, 'configs');
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const before = process.env.STAREATER_CONFIG_DIR;

beforeAll(() => {
  cpSync(join(repoRoot(), 'configs'), configs, { recursive: true });
  process.env.STAREATER_CONFIG_DIR = configs;
});
afterAll(() => {
  if (before === undefined) delete process.env.STAREATER_CONFIG_DIR;
  else process.env.STAREATER_CONFIG_DIR = before;
});

/** `stareater ARGS` in this process (console output kept quiet); returns what it printed. */
async function stareater(...args: string[]): Promise<string> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
  try {
    await buildProgram().parseAsync(['node', 'stareater', ...args]);
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
  return out.join('\n');
}

const file = join(dir, 'tiny.yaml');
const text = `# A tiny batch: its comments are kept in the results folder's experiment.yaml.
name: tiny
kind: batch
matches: 40   # the file's count; the command line plays 12
seed: 1
players:
  - { name: ram, policy: rammer, faction: fpa }
  - { name: rnd, policy: random, faction: lamais, loadout: sample }
`;
const out = join(dir, 'out');

describe('a results folder holds what reproduces it', () => {
  it('the experiment played, with the command line overrides written in', async () => {
    writeFileSync(file, text);
    await stareater('run', file, '-n', '12', '--seed', '5', '--round-limit', '30', '-w', '1', '--out', out, '--no-progress');
    const { experiment } = loadExperiment(join(out, 'experiment.yaml'));
    expect([experiment.matches, experiment.seed, experiment.roundLimit, experiment.workers]).toEqual([12, 5, 30, 1]);
    const written = readFileSync(join(out, 'experiment.yaml'), 'utf8');
    expect(written).toContain('# A tiny batch: its comments are kept');
    expect(written).toMatch(/matches: 12/);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).matchesPlayed).toBe(12);
    const p = readProvenance(out)!;
    expect(p.experiment.overrides).toEqual({ matches: 12, seed: 5, roundLimit: 30, workers: 1 });
    expect(p.experiment.sourceSha256).toBe(sha(file));
    // The hash is of the experiment played: the file's own (40 matches) is another.
    expect(p.experiment.sha256).toBe(experimentHash(experiment));
    expect(p.experiment.sha256).not.toBe(experimentHash(loadExperiment(file).experiment));
  }, 120_000);

  it('copies of the content files, hashes of the bots and lockfile, the lab and Node versions', () => {
    const p = readProvenance(out)!;
    const copies = p.content.files.map((f) => f.path).sort();
    expect(copies).toEqual(['content/boards/standard.yaml', 'content/factions/fpa.yaml', 'content/factions/lamais.yaml', 'content/rules.yaml', 'content/scenarios/duel.yaml']);
    for (const f of p.content.files) {
      expect(readFileSync(join(out, f.path), 'utf8')).toBe(readFileSync(join(configs, f.path.replace(/^content\//, '')), 'utf8'));
      expect(f.sha256).toBe(sha(join(out, f.path)));
      expect(f.source).toBe(join(configs, f.path.replace(/^content\//, '')));
    }
    const bots = new Map(p.bots.files.map((f) => [f.path, f.sha256]));
    expect(bots.get('bots/rammer.ts')).toBe(sha(join(repoRoot(), 'bots', 'rammer.ts')));
    expect(bots.get('bots/random.ts')).toBe(sha(join(repoRoot(), 'bots', 'random.ts')));
    expect(p.lab.version).toBe(JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')).version);
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot(), encoding: 'utf8' }).stdout.trim();
    expect(p.lab.commit).toBe(head || null);
    expect(p.node).toBe(process.version);
    expect(p.lockfile.sha256).toBe(sha(join(repoRoot(), 'package-lock.json')));
    expect(snapshotDrift(out)).toEqual([]);
  });

  it("the report's Reproduce command gives the same summary byte for byte", async () => {
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const section = /<section id="reproduce">([\s\S]*?)<\/section>/.exec(html)![1];
    const cmd = [...section.matchAll(/<code>(npm run stareater -- run [^<]*)<\/code>/g)].map((m) => m[1])[0];
    // It names the folder's own experiment.yaml, not the file the run was started from.
    expect(cmd).toMatch(/ run \S*out\/experiment\.yaml --out \S*out-again /);
    const args = cmd.replace(/^npm run stareater -- /, '').replace(/\s+#.*$/, '').split(/\s+/);
    await stareater(...args, '--no-progress');
    for (const f of ['summary.json', 'summary.csv', 'pairings.csv']) expect(readFileSync(join(`${out}-again`, f), 'utf8'), f).toBe(readFileSync(join(out, f), 'utf8'));
  }, 120_000);

  it("a faction file edited after the run changes nothing the run's replay commands replay", async () => {
    const ids = [0, 1, 5, 10];
    const replays = async () => {
      const traces: string[] = [];
      for (const id of ids) {
        traces.push(JSON.stringify(await matchTrace({ results: out, id } as never)));
        traces.push(JSON.stringify(await matchTrace({ experiment: join(out, 'experiment.yaml'), id } as never)));
      }
      const page = join(dir, `replay-${traces.length}-${Date.now()}.html`);
      await stareater('replay', '--experiment', join(out, 'experiment.yaml'), '--id', '5', '--out', page);
      const printed = await stareater('match', '--results', out, '--id', '10', '--log');
      return { traces, page: readFileSync(page, 'utf8').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME'), printed };
    };
    const old = await replays();
    // What matches.csv says each played: the replays are those matches.
    const rows = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n');
    const col = rows[0].split(',').indexOf('rounds');
    for (const [k, id] of ids.entries()) expect(JSON.parse(old.traces[2 * k]).steps.at(-1).round).toBe(Number(rows.find((r) => r.startsWith(`${id},`))!.split(',')[col]));

    // The designer edits the faction file the run played (the copy of configs/ here).
    const fpa = join(configs, 'factions', 'fpa.yaml');
    const doc = parseDocument(readFileSync(fpa, 'utf8'));
    doc.setIn(['hull', 'structure'], 3);
    writeFileSync(fpa, doc.toString());
    // Played from today's files, the matches are other matches (so the check below can fail) ...
    const { experiment } = loadExperiment(join(out, 'experiment.yaml'));
    const today = await prepare(file, { ...experiment });
    expect(ids.map((id) => JSON.stringify(traceExperimentMatch(today, id, '').steps.at(-1)))).not.toEqual(ids.map((_, k) => JSON.stringify(JSON.parse(old.traces[2 * k]).steps.at(-1))));

    // ... but the run's replay commands replay what the run played, and say which file changed.
    const now = await replays();
    expect(now.traces).toEqual(old.traces);
    expect(now.page).toBe(old.page);
    expect(now.printed.replace(/note:[\s\S]*?\n(?=\S)/, '')).toBe(old.printed);
    expect(now.printed).toMatch(/note: 1 file differs from what the run used; replaying with the run's content copy in \S*out\/content\/:\n\s+\S*configs\/factions\/fpa\.yaml \(changed since the run; its copy is content\/factions\/fpa\.yaml\)/);
    expect(snapshotDrift(out)).toEqual([`${fpa} (changed since the run; its copy is content/factions/fpa.yaml)`]);
    expect(existsSync(join(out, 'content', 'factions', 'fpa.yaml'))).toBe(true);
    // A stopped run is not resumed on a changed game.
    expect(() => checkUnchangedSince(out)).toThrow(/at --resume: expected the content and bots the run started with.*configs\/factions\/fpa\.yaml \(changed since the run/);
  }, 120_000);
});
