/**
 * `stareater replay` and `stareater match --trace`: play one match with the trace recorder on
 * (src/sim/trace.ts) and write its replay page (src/report/replay.ts) or its trace as JSON.
 *
 * Why a module of its own: the match is found four ways (an experiment and a match id, a
 * results folder and a match id, a scenario file, a trace written earlier), each with its own
 * bad input to name; main.ts only registers the options. Output files are written whole or
 * not at all, so a failed command leaves no half-written page.
 *
 * A results folder (or its experiment.yaml) replays on the folder's copy of the content
 * (run/provenance.ts, content/snapshot.ts), never on today's configs/: a faction file edited
 * since the run changes nothing, and the command names the files that changed.
 */
import { InvalidArgumentError } from 'commander';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { loadScenario, tablesForScenario, scenarioSetup } from '../content/scenario.js';
import { Kernel } from '../rules/kernel.js';
import { loadBotFactory, makePolicy } from '../sim/bots.js';
import { loadExperiment } from '../sim/experiment.js';
import { prepare, plannedMatches } from '../sim/play.js';
import { traceExperimentMatch, tracePolicyMatch, traceScenario, TRACE_FORMAT, type Trace } from '../sim/trace.js';
import { writeReplayHtml } from '../report/replay.js';
import { writeAtomic } from '../report/files.js';
import { repoRoot } from '../content/load.js';
import { snapshotOf } from '../content/snapshot.js';
import { noteSnapshot } from '../run/provenance.js';

/** The options of `match` that choose the match (main.ts MatchOptions). */
export interface TracedMatchOptions {
  scenario: string;
  seed: number;
  p0: string;
  p1: string;
  p2: string;
  p3: string;
  p0Params?: string;
  p1Params?: string;
  p2Params?: string;
  p3Params?: string;
  roundLimit?: number;
  draft?: boolean;
  experiment?: string;
  /** A results folder (with id): its experiment.yaml on its content copy. */
  results?: string;
  id?: number;
  /** The match printed its result as JSON: say nothing more on stdout. */
  json?: boolean;
}

export interface ReplayOptions extends Partial<TracedMatchOptions> {
  trace?: string;
  out?: string;
}

function params(json: string | undefined, flag: string): Record<string, unknown> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new InvalidArgumentError(`${flag}: expected a JSON object such as '{"maxSpeed": 3}', got ${json}`);
}

function checkId(id: number | undefined, total: number, where: string): number {
  if (id === undefined) throw new InvalidArgumentError(`--id: expected the match id (0..${total - 1}) of ${where}`);
  if (!Number.isInteger(id) || id < 0 || id >= total) throw new InvalidArgumentError(`--id: expected a match id 0..${total - 1} of ${where}, got ${id}`);
  return id;
}

/** Match `id` of an experiment file, as the batch played it. */
async function experimentTrace(file: string, id: number | undefined): Promise<Trace> {
  const { file: path, experiment } = loadExperiment(file);
  noteSnapshot(path);
  const prep = await prepare(path, experiment);
  const n = checkId(id, plannedMatches(prep), path);
  return traceExperimentMatch(prep, n, `stareater replay --experiment ${file} --id ${n}`);
}

/**
 * The experiment file of results folder `dir` (its experiment.yaml), checked to be there;
 * `id` must be given with it.
 */
export function resultsExperiment(dir: string, id: number | undefined): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InvalidArgumentError(`--results ${dir}: expected a results folder (results/<name>-<time>, written by stareater run), but there is no such folder`);
  const file = join(dir, 'experiment.yaml');
  if (!existsSync(file)) throw new InvalidArgumentError(`--results ${dir}: expected a results folder with the experiment.yaml a run writes, but ${file} is missing`);
  if (id === undefined) throw new InvalidArgumentError(`--results ${dir}: expected --id N, the match id (the id column of matches.csv)`);
  return file;
}

/** Match `id` of a results folder: its experiment.yaml (the experiment run), on its content copy. */
async function resultsTrace(dir: string, id: number | undefined): Promise<Trace> {
  const file = resultsExperiment(dir, id);
  const { experiment } = loadExperiment(file);
  noteSnapshot(file);
  let prep = await prepare(file, experiment);
  // A folder written before runs recorded the experiment they played has the file's match
  // count in experiment.yaml; run.json says how many were played.
  const runFile = join(dir, 'run.json');
  if (!snapshotOf(file) && existsSync(runFile)) {
    const run = JSON.parse(readFileSync(runFile, 'utf8')) as { complete?: boolean; matchesPlayed?: number };
    const tables = prep.plan.pairings.length;
    if (run.complete && run.matchesPlayed && run.matchesPlayed !== plannedMatches(prep) && run.matchesPlayed % tables === 0) {
      experiment.matches = run.matchesPlayed / tables;
      prep = await prepare(file, experiment);
    }
  }
  const n = checkId(id, plannedMatches(prep), dir);
  const trace = traceExperimentMatch(prep, n, `stareater replay --results ${dir} --id ${n}`);
  // The seed in matches.csv must be the one replayed, or the folder is not this experiment's.
  const csv = join(dir, 'matches.csv');
  if (existsSync(csv)) {
    const lines = readFileSync(csv, 'utf8').split('\n');
    const head = lines[0].split(',');
    const seedCol = head.indexOf('seed');
    const row = lines.find((l) => l.startsWith(`${n},`));
    const seed = /\(seed (\d+)/.exec(trace.title)?.[1];
    if (row && seedCol >= 0 && seed !== undefined && row.split(',')[seedCol] !== seed)
      throw new InvalidArgumentError(`--results ${dir}: match ${n} has seed ${row.split(',')[seedCol]} in matches.csv but the experiment replays it with seed ${seed} (was the run resumed with other settings?)`);
    // Same seed, other outcome: the rules, content or bots changed since the run.
    const roundsCol = head.indexOf('rounds');
    const last = trace.steps[trace.steps.length - 1];
    if (row && roundsCol >= 0 && Number(row.split(',')[roundsCol]) !== last.round)
      console.error(`note: matches.csv says match ${n} lasted ${row.split(',')[roundsCol]} rounds; replayed now it lasts ${last.round}: ${snapshotOf(file) ? "the lab's rules code or the bots" : 'the rules, content or bots'} have changed since that run`);
  }
  return trace;
}

/** A match from a scenario: its scripted rounds when it has some, otherwise the policies of --p0.. --p3 from --seed. */
async function scenarioTrace(o: Partial<TracedMatchOptions> & { scenario: string }): Promise<Trace> {
  const { file, scenario } = loadScenario(o.scenario);
  if (o.roundLimit) scenario.roundLimit = o.roundLimit;
  if (scenario.rounds?.length) return traceScenario(file, scenario, `stareater replay --scenario ${o.scenario}`, o.seed ?? 0);
  const tables = tablesForScenario(scenario);
  const kernel = new Kernel(tables);
  const ships = scenario.ships.length;
  const seed = o.seed ?? 1;
  const names = [o.p0 ?? 'rammer', o.p1 ?? 'random', o.p2 ?? 'random', o.p3 ?? 'random'].slice(0, ships);
  const ps = [params(o.p0Params, '--p0-params'), params(o.p1Params, '--p1-params'), params(o.p2Params, '--p2-params'), params(o.p3Params, '--p3-params')];
  const policies = await Promise.all(names.map(async (n, seat) => makePolicy(await loadBotFactory(n), ps[seat], seed, seat)));
  const setup = scenarioSetup(file, scenario, tables, seed);
  if (o.draft) {
    const { MatchRunner } = await import('../sim/match.js');
    const loadouts = new MatchRunner(kernel).draft(setup.ships.map((sh) => tables.factions[sh.faction]), policies);
    loadouts.forEach((lo, i) => (setup.ships[i].loadout = lo));
  }
  const command = `stareater replay --scenario ${o.scenario} --seed ${seed} ${names.map((n, p) => `--p${p} ${n}`).join(' ')}${o.draft ? ' --draft' : ''}${o.roundLimit ? ` --round-limit ${o.roundLimit}` : ''}`;
  return tracePolicyMatch(kernel, (s) => kernel.setup(s, setup), policies, { title: `${scenario.name ?? basename(file)}, seed ${seed}`, command, names });
}

/** A trace written by `stareater match --trace`. */
function traceFile(path: string): Trace {
  if (!existsSync(path)) throw new InvalidArgumentError(`--trace ${path}: expected a trace file written by stareater match --trace, but there is no such file`);
  let t: Trace;
  try {
    t = JSON.parse(readFileSync(path, 'utf8')) as Trace;
  } catch (e) {
    throw new InvalidArgumentError(`--trace ${path}: expected JSON written by stareater match --trace (${(e as Error).message})`);
  }
  if (t?.format !== TRACE_FORMAT || !Array.isArray(t.steps) || t.steps.length === 0) throw new InvalidArgumentError(`--trace ${path}: expected a trace (format "${TRACE_FORMAT}") with steps, got something else`);
  return t;
}

/** Write `text` to `path` whole or not at all, creating its folder. */
function writeWhole(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeAtomic(path, text);
}

/** The trace `stareater match` would play with these options. */
export async function matchTrace(o: TracedMatchOptions): Promise<Trace> {
  if (o.results !== undefined) return resultsTrace(o.results, o.id);
  if (o.experiment !== undefined || o.id !== undefined) {
    if (o.experiment === undefined || o.id === undefined) throw new InvalidArgumentError('--experiment and --id go together');
    return experimentTrace(o.experiment, o.id);
  }
  return scenarioTrace(o);
}

/** `stareater match --trace FILE`: the match's trace as JSON. */
export async function writeMatchTrace(o: TracedMatchOptions, file: string): Promise<void> {
  const trace = await matchTrace(o);
  writeWhole(resolve(file), JSON.stringify(trace) + '\n');
  (o.json ? console.error : console.log)(`Trace: ${relative(process.cwd(), resolve(file))} (${trace.steps.length} steps)`);
}

/** Where a page goes when --out is not given. */
function defaultOut(o: ReplayOptions): string {
  const slug = (s: string) => s.replace(/\.[a-z]+$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-|-$/g, '');
  if (o.results) return join(o.results, `replay-${o.id}.html`);
  if (o.experiment) return join(repoRoot(), 'results', 'replays', `${slug(basename(o.experiment))}-${o.id}.html`);
  if (o.trace) return o.trace.replace(/\.json$/i, '') + '.html';
  return join(repoRoot(), 'results', 'replays', `${slug(basename(o.scenario ?? 'match'))}-seed${o.seed ?? 0}.html`);
}

/** `stareater replay`: write the replay page of one match. Returns the page's path. */
export async function replayCommand(o: ReplayOptions): Promise<string> {
  const sources = [o.experiment !== undefined, o.results !== undefined, o.trace !== undefined, o.scenario !== undefined].filter(Boolean).length;
  if (sources !== 1) throw new InvalidArgumentError('expected exactly one of --experiment FILE --id N, --results DIR --id N, --scenario FILE or --trace FILE');
  let trace: Trace;
  if (o.experiment !== undefined) trace = await experimentTrace(o.experiment, o.id);
  else if (o.results !== undefined) trace = await resultsTrace(o.results, o.id);
  else if (o.trace !== undefined) trace = traceFile(o.trace);
  else trace = await scenarioTrace({ ...o, scenario: o.scenario! });
  const out = resolve(o.out ?? defaultOut(o));
  mkdirSync(dirname(out), { recursive: true });
  writeReplayHtml(out, trace);
  console.log(`Replay: ${relative(process.cwd(), out)} (${trace.steps.length} steps; ${trace.result})`);
  return out;
}
