/**
 * The shipped experiment files (configs/experiments) load, prepare (bots, content, the
 * plan) and plan the number of matches their comments promise, so a designer copying one
 * starts from a file that runs.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { loadExperiment, experimentDir } from '../../src/sim/experiment.ts';
import { prepare, plannedMatches } from '../../src/sim/play.ts';

// file, kind, entrants, pairings, matches
const EXPECTED: [string, string, number, number, number][] = [
  ['autobalance', 'autobalance', 2, 1, 200], // as it stands: no change, one round's block (the search plans its own rounds)
  ['compare', 'compare', 2, 1, -1],
  ['default', 'batch', 2, 1, 500],
  ['ffa3', 'batch', 3, 1, 300],
  ['gauntlet', 'gauntlet', -1, -1, -1],
  ['ladder-random', 'gauntlet', 7, 6, 600],
  ['ladder-search', 'gauntlet', 3, 2, 200],
  ['ladder-styles', 'gauntlet', 6, 5, 500],
  ['loadout-sweep', 'loadout-sweep', 16, 120, 1200],
  ['meta', 'meta', 12, 66, 660],
  ['meta-factions', 'meta', 12, 36, 720],
  ['meta-ffa3', 'meta', 10, 40, 2400], // 5 loadouts and a copy of each
  ['meta-teams4', 'meta', 12, 45, 1800], // 3 + 3 loadouts and a copy of each
  ['panel', 'batch', 2, 1, 400],
  ['round-robin', 'tournament', -1, -1, -1],
  ['stat-sweep', 'stat-sweep', 13, 12, 720],
  ['teams4', 'batch', 4, 1, 240],
  ['whatif', 'batch', 2, 1, 1000], // the baseline's plan; each alternative plays the same again
];

describe('shipped experiment files', () => {
  it('are the ones listed here', () => {
    expect(readdirSync(experimentDir()).map((f) => f.replace(/\.yaml$/, '')).sort()).toEqual(EXPECTED.map((e) => e[0]));
  });
  it.each(EXPECTED)('%s: a %s that prepares', { timeout: 60_000 }, async (name, kind, entrants, pairings, matches) => {
    const { file, experiment } = loadExperiment(name);
    expect(experiment.kind).toBe(kind);
    const prep = await prepare(file, experiment);
    if (entrants >= 0) expect(prep.plan.entrants).toHaveLength(entrants);
    if (pairings >= 0) expect(prep.plan.pairings).toHaveLength(pairings);
    if (matches >= 0) expect(plannedMatches(prep)).toBe(matches);
  });
});
