/**
 * An autobalance run end to end on the shipped duel: a planted imbalance (the Lamais Tyrant
 * Rail Cannon's damage raised from 3 to 5 by the experiment's own changes) is found and
 * undone, with a distracting lever beside it; the outputs (autobalance.json, .csv, the
 * charts, the report section, the ready `changes:` block) say so; bad autobalance blocks are
 * ConfigErrors naming the place. Played by gunner, on which the Tyrant's damage is a sharp
 * lever (about 25 points a step), so a few thousand matches decide.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { runBatch } from '../../src/run/batch.ts';
import { runAutobalance, resolveLevers } from '../../src/run/autobalance.ts';
import { ConfigError } from '../../src/content/errors.ts';
import { loadScenario } from '../../src/content/scenario.ts';
import type { AutobalanceOutput } from '../../src/report/autobalance.ts';
import type { Summary } from '../../src/analysis/summary.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-autobalance-'));
const players = [
  { name: 'fpa', policy: 'gunner', faction: 'fpa' },
  { name: 'lamais', policy: 'gunner', faction: 'lamais' },
];

function write(name: string, doc: unknown): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

describe('autobalance undoes a planted imbalance', () => {
  it('moves the planted lever back to its original value and verifies the score in band', { timeout: 900_000 }, async () => {
    // The unplanted game's score: the target the planted one must be brought back to.
    const plainFile = write('plain', { name: 'plain', kind: 'batch', scenario: 'duel', matches: 400, seed: 'plain', players, outputs: { matchesCsv: false, summary: false, charts: false, report: false } });
    const plain = loadExperiment(plainFile);
    const r0 = await runBatch({ ...plain, outDir: join(dir, 'plain-out') });
    const s0 = (r0.summary as unknown as Summary).pairings[0].pentanomial.score.mean;
    expect(s0).toBeGreaterThan(0.6); // FPA's gunner is well ahead at Tyrant damage 3

    const band = 0.07;
    const file = write('planted', {
      name: 'planted',
      kind: 'autobalance',
      scenario: 'duel',
      matches: 60,
      seed: 'planted',
      changes: [{ card: 'lamais-tyrant', field: 'damage', value: 5 }],
      players,
      autobalance: {
        levers: [
          { card: 'lamais-tyrant', field: 'damage', min: 1, max: 6, step: 1 },
          { card: 'fpa-hammerfall', field: 'damage', min: 2, max: 6, step: 1 },
        ],
        targets: [{ players: ['fpa', 'lamais'], score: Number(s0.toFixed(3)) }],
        band,
        budget: 1500,
        pool: 6,
        maxChanges: 2,
        verify: { matches: 300, proposals: 2 },
      },
    });
    const ex = loadExperiment(file);
    const out = join(dir, 'planted-out');
    const lines: string[] = [];
    const r = await runAutobalance({ ...ex, outDir: out, log: (l) => lines.push(l) });
    const o = JSON.parse(readFileSync(join(out, 'autobalance.json'), 'utf8')) as AutobalanceOutput;
    expect(r.output.search.matches).toBeLessThanOrEqual(1500);
    // The planted imbalance: the baseline (damage 5) is far below the target.
    expect(o.baseline[0].score).toBeLessThan(s0 - band);
    const best = o.proposals[0];
    expect(best.changes).toEqual([{ card: 'lamais-tyrant', field: 'damage', value: 3, from: 5 }]);
    expect(best.meets).toBe(true);
    expect(Math.abs(best.verification[0].score - s0)).toBeLessThanOrEqual(band);
    expect(best.verification[0].pairs).toBe(150);
    // Its paired delta against the baseline is an effect its interval supports.
    expect(best.verification[0].delta.lo).toBeGreaterThan(0);
    // The ready block sets the planted field back (one entry, replacing the experiment's own change).
    expect(parse(best.yaml)).toEqual({ changes: [{ card: 'lamais-tyrant', field: 'damage', value: 3 }] });
    // Files: CSV rows per candidate and matchup, the charts, the report's section, the rounds, the printed lines.
    const csv = readFileSync(join(out, 'autobalance.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toMatch(/^rank,changes,count,steps,meets,matchup/);
    expect(csv).toHaveLength(1 + 1 + o.proposals.length);
    for (const f of ['charts/autobalance-path.svg', 'charts/autobalance-verification.svg', 'search/round-01/experiment.yaml', 'autobalance.yaml']) expect(existsSync(join(out, f)), f).toBe(true);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('Automatic balancing');
    expect(html).toContain('lamais-tyrant.damage 5 -&gt; 3');
    expect(lines.join('\n')).toContain('#1 MEETS the target: 1 change (lamais-tyrant.damage 5 -> 3)');
  });
});

describe('bad autobalance blocks', () => {
  const base = { name: 'bad', kind: 'autobalance', scenario: 'duel', matches: 20, seed: 1, players };
  const lever = { card: 'lamais-tyrant', field: 'damage', min: 1, max: 6, step: 1 };
  it.each([
    ['no block', {}, 'autobalance'],
    ['a min above max', { autobalance: { levers: [{ ...lever, min: 5, max: 4 }], budget: 100 } }, 'autobalance.levers[0].max'],
    ['a lever twice', { autobalance: { levers: [lever, lever], budget: 100 } }, 'autobalance.levers[1]'],
    ['a target naming no player', { autobalance: { levers: [lever], budget: 100, targets: [{ players: ['fpa', 'nobody'], score: 0.5 }] } }, 'autobalance.targets[0].players[1]'],
    ['no matchup of two factions', { players: [players[0], { ...players[1], faction: 'fpa' }], autobalance: { levers: [lever], budget: 100 } }, 'players'],
    ['a block on another kind', { kind: 'batch', autobalance: { levers: [lever], budget: 100 } }, 'autobalance'],
  ])('%s', (_, doc, path) => {
    const file = write('bad', { ...base, ...doc });
    try {
      loadExperiment(file);
      expect.unreachable('loaded');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).issues[0].path).toBe(path);
    }
  });

  it.each([
    ['an unknown card', { card: 'no-such-card', field: 'damage', min: 1, max: 6, step: 1 }, 'autobalance.levers[0].card'],
    ['a field the card has not', { card: 'lamais-tyrant', field: 'warp', min: 1, max: 6, step: 1 }, 'autobalance.levers[0].field'],
    ['a range without the current value', { card: 'lamais-tyrant', field: 'damage', min: 4, max: 6, step: 1 }, 'autobalance.levers[0]'],
    ['an end the rules refuse', { card: 'lamais-tyrant', field: 'damage', min: -3, max: 6, step: 1 }, 'autobalance.levers[0].min'],
  ])('%s', (_, l, path) => {
    const file = write('bad-lever', { ...base, autobalance: { levers: [l], budget: 100 } });
    const ex = loadExperiment(file);
    try {
      resolveLevers(ex.file, ex.experiment, loadScenario('duel').scenario);
      expect.unreachable('resolved');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).issues[0].path).toBe(path);
    }
  });
});
