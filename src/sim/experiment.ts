/**
 * Experiment files (YAML): what a batch run plays. Validated with zod so a mistake is
 * reported with the file, the place in it, the value and what was expected.
 *
 * Why this shape: an experiment names players (a policy with its parameters, a faction and
 * a loadout: fixed, drafted by the policies, or sampled from the seed) and the match
 * settings; every match of the run is then a pure function of (experiment, match id), so
 * any match replays alone and the run splits across workers or shards freely.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import seedrandom from 'seedrandom';
import { LoadoutSchema } from '../content/schema.js';
import { loadYaml, defaultConfigDir } from '../content/load.js';
import { ConfigError } from '../content/errors.js';

const PlayerSchema = z.strictObject({
  /** A name for reports; defaults to `<policy>-<faction>`. */
  name: z.string().min(1).optional(),
  /** A bot file in bots/ (without extension). */
  policy: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
  /** Faction id (configs/factions). */
  faction: z.string().min(1),
  /** `default` (the faction file's), `draft` (the policies draft, rulebook 5), `sample` (a random legal loadout from the seed), or card ids. */
  loadout: z
    .union([z.enum(['default', 'draft', 'sample']), LoadoutSchema], {
      error: 'default, draft, sample, or card ids { main, broadside, hangar, pointDefence, corvettes: [4 ids] }',
    })
    .default('default'),
});

export const ExperimentSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'a name of letters, digits, dot, dash or underscore (it names the results folder)'),
  description: z.string().optional(),
  kind: z.literal('batch').default('batch'),
  /** A scenario name (configs/scenarios) or file: the board and starting positions. */
  scenario: z.string().default('duel'),
  /** Play on this board instead of the scenario's (configs/boards); the positions must fit on it. */
  board: z.string().optional(),
  /** Number of matches, played in seat-swapped pairs (rounded up to even). */
  matches: z.number().int().min(2).max(10_000_000),
  /** Master seed: every match seed derives from it. */
  seed: z.union([z.number().int(), z.string()]).default(1),
  /** Worker threads; 0 = one per core. */
  workers: z.number().int().min(0).max(256).default(0),
  /** Rounds before a draw by limit (default: configs/rules.yaml). */
  roundLimit: z.number().int().min(1).optional(),
  /** Matches per worker task. */
  chunk: z.number().int().min(1).max(100_000).default(250),
  players: z.array(PlayerSchema).length(2, 'exactly two players for a batch (tournaments come later)'),
  outputs: z
    .strictObject({
      matchesCsv: z.boolean().default(true),
      summary: z.boolean().default(true),
      charts: z.boolean().default(true),
    })
    .default({ matchesCsv: true, summary: true, charts: true }),
});
export type Experiment = z.output<typeof ExperimentSchema>;
export type ExperimentPlayer = Experiment['players'][number];

/** Folder of the shipped experiments. */
export function experimentDir(): string {
  return join(defaultConfigDir(), 'experiments');
}

/** The embedded default experiment that `npm start` runs. */
export const DEFAULT_EXPERIMENT = 'default';

/** Load and validate an experiment by path, or by name from configs/experiments. */
export function loadExperiment(fileOrName: string): { file: string; experiment: Experiment; text: string } {
  let file = fileOrName;
  if (!/\.(ya?ml|json)$/.test(file)) file = join(experimentDir(), `${fileOrName}.yaml`);
  const experiment = loadYaml(file, ExperimentSchema);
  experiment.players.forEach((p) => (p.name ??= `${p.policy}-${p.faction}`));
  if (experiment.players[0].name === experiment.players[1].name)
    throw ConfigError.at(file, 'players[1].name', 'a name different from players[0]', experiment.players[1].name);
  if (experiment.matches % 2) experiment.matches++;
  return { file, experiment, text: readFileSync(file, 'utf8') };
}

/** Seed of pair `pair` (both of its games share it), from the master seed. */
export function pairSeed(master: string | number, pair: number): number {
  return seedrandom(`${master}/pair/${pair}`).int32() >>> 0;
}

/** Which experiment player sits in each seat of match `id`: game 0 of a pair A-B, game 1 B-A. */
export function seatsOf(id: number): [number, number] {
  return (id & 1) === 0 ? [0, 1] : [1, 0];
}
