/**
 * Where a results folder's copy of the content is: the reading side of a run's provenance
 * (the writing side, with the hashes and versions, is src/run/provenance.ts).
 *
 * Why here, low in the layers: a run copies the rules, faction, board and scenario files it
 * played into `<results>/content/`, laid out as a config folder (rules.yaml, factions/,
 * boards/, scenarios/), and writes `provenance.json` beside its `experiment.yaml`. Whatever
 * loads an experiment from a results folder (a replay, the report's pictures, a rerun of the
 * report's Reproduce command) then plays on that copy rather than on today's configs/, so a
 * faction file edited after the run does not change what the run's commands replay. The
 * loaders already take a config folder; this module only says which one, and which scenario
 * and board files inside it, for an experiment file that sits in a results folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { repoRoot } from './load.js';

/** The provenance file a run writes beside its experiment.yaml. */
export const PROVENANCE_FILE = 'provenance.json';

/** Where a results folder's content copy is, as the loaders need it. */
export interface ContentSource {
  /** The results folder. */
  dir: string;
  /** A config folder (rules.yaml, factions/, boards/, scenarios/). */
  configDir: string;
  /** The scenario file the run played (inside configDir). */
  scenarioFile: string;
  /** The board's name in configDir/boards. */
  board: string;
  /** The folder the experiment's bot paths are relative to (bots are code: hashed, not copied). */
  botBase: string;
}

/** The fields of provenance.json this module reads (src/run/provenance.ts writes them all). */
export interface ProvenanceContentFields {
  content: { dir: string; scenario: string; board: string };
  bots: { base: string };
}

/** A path recorded relative to the repository when it lies inside it (see src/run/provenance.ts): back to an absolute one. */
export function fromRecordedPath(p: string): string {
  return isAbsolute(p) ? p : resolve(repoRoot(), p);
}

/**
 * The content copy of the results folder `experimentFile` lies in, or null when the file is
 * not a results folder's experiment.yaml (an experiment in configs/experiments, say, or a
 * folder written before runs kept a copy).
 */
export function snapshotOf(experimentFile: string): ContentSource | null {
  if (basename(experimentFile) !== 'experiment.yaml') return null;
  const dir = dirname(resolve(experimentFile));
  const file = join(dir, PROVENANCE_FILE);
  if (!existsSync(file)) return null;
  let p: ProvenanceContentFields;
  try {
    p = JSON.parse(readFileSync(file, 'utf8')) as ProvenanceContentFields;
  } catch {
    return null;
  }
  if (typeof p?.content?.dir !== 'string' || typeof p.content.scenario !== 'string' || typeof p.content.board !== 'string') return null;
  return {
    dir,
    configDir: join(dir, p.content.dir),
    scenarioFile: join(dir, p.content.scenario),
    board: p.content.board,
    botBase: typeof p.bots?.base === 'string' ? fromRecordedPath(p.bots.base) : dir,
  };
}
