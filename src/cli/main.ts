/**
 * The `stareater` command (commander). Every subcommand has --help; bad input ends with a
 * message naming the file and place and exit code 2, never a stack trace.
 *
 * Why thin: each command only wires loading (src/content), playing (src/sim) and printing
 * (src/sim/describe, src/sim/log) together, so the same pieces serve tests and scripts.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join, relative, resolve } from 'node:path';
import { ConfigError } from '../content/errors.js';
import { loadGameTables, listConfigNames, defaultConfigDir, repoRoot } from '../content/load.js';
import { loadScenario, tablesForScenario, scenarioSetup } from '../content/scenario.js';
import { Kernel, SetupError } from '../rules/kernel.js';
import { GameState, STATUS_NAMES } from '../rules/state.js';
import { EventLog } from '../rules/events.js';
import { enableInvariantChecks } from '../rules/invariants.js';
import { MatchRunner } from '../sim/match.js';
import { seatPolicy, listBots, BotLoadError } from '../sim/bots.js';
import { formatEvents } from '../sim/log.js';
import { stateToJson, stateToText } from '../sim/describe.js';
import { runScenario, checkExpect } from '../sim/scenario-run.js';
import { loadExperiment, wholeBlocks, DEFAULT_EXPERIMENT } from '../sim/experiment.js';
import type { Plan } from '../sim/plan.js';
import { pairingVerdict } from '../report/findings.js';
import { writeReportWithReplays } from '../report/report-replays.js';
import { replaysLine } from '../report/outliers.js';
import type { SequentialResult } from '../analysis/sprt.js';
import { factionMetaLines, type FactionMetaAnalysis } from '../analysis/meta-factions.js';
import { multiMetaLines, type MultiMetaAnalysis } from '../analysis/meta-multi.js';
import { liveTable } from '../report/tournament.js';
import { runBatch, RunFailure } from '../run/batch.js';
import { checkOutputFile, checkReportInputs, fsErrorMessage } from '../run/results-folder.js';
import { runPanel } from '../run/panel.js';
import { runAutobalance } from '../run/autobalance.js';
import { parseShard, resumeShard, checkShardable, shardDoneLine, type Shard } from '../run/shard.js';
import { whatIfCommand } from '../run/whatif.js';
import { isWhatIf } from '../sim/whatif.js';
import { mergeShards } from '../run/merge.js';
import { noteSnapshot, checkUnchangedSince } from '../run/provenance.js';
import { prepare, plannedMatches, MatchPlayer } from '../sim/play.js';
import { replayCommand, writeMatchTrace, resultsExperiment, type ReplayOptions } from './replay.js';
import type { Summary } from '../analysis/summary.js';
import type { Ratings } from '../analysis/ratings.js';

function intArg(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n)) throw new InvalidArgumentError(`expected an integer, got "${v}"`);
  return n;
}

/** An integer option within [min, max], the bounds the experiment schema sets for the same field. */
function boundedInt(min: number, max: number): (v: string) => number {
  return (v) => {
    const n = intArg(v);
    if (n < min || n > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}, got ${n}`);
    return n;
  };
}

function parseParams(json: string | undefined, flag: string): Record<string, unknown> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new InvalidArgumentError(`${flag}: expected a JSON object such as '{"maxSpeed": 3}', got ${json}`);
  }
}

interface MatchOptions {
  scenario: string;
  seed: number;
  p0: string;
  p1: string;
  p0Params?: string;
  p1Params?: string;
  p2: string;
  p3: string;
  p2Params?: string;
  p3Params?: string;
  log?: boolean;
  trace?: string;
  json?: boolean;
  check?: boolean;
  roundLimit?: number;
  draft?: boolean;
  experiment?: string;
  results?: string;
  id?: number;
}

/** A ship's loadout by card name. */
function loadoutText(k: Kernel, s: GameState, p: number): string {
  const f = k.faction(s, p);
  const lo = p * 8;
  const corvettes = [0, 1, 2, 3].map((c) => f.corvettes[s.loadout[lo + 4 + c]]?.name ?? '-');
  return [f.mainWeapons[s.loadout[lo]].name, f.broadsides[s.loadout[lo + 1]].name, f.hangars[s.loadout[lo + 2]].name, f.pointDefence[s.loadout[lo + 3]].name, `corvettes ${corvettes.join(', ')}`].join('; ');
}

/** Replay match `id` of an experiment exactly as the batch played it. */
async function replayExperimentMatch(file: string, id: number, o: MatchOptions, showLog: boolean): Promise<void> {
  const { file: path, experiment } = loadExperiment(file);
  noteSnapshot(path); // a results folder's experiment: which files changed since, its content copy is used
  const prep = await prepare(path, experiment);
  const total = plannedMatches(prep);
  if (id < 0 || id >= total) throw new InvalidArgumentError(`--id: expected a match id 0..${total - 1}, got ${id}`);
  const player = new MatchPlayer(prep);
  const log = new EventLog();
  const m = player.play(id, log);
  const k = player.kernel;
  const s = m.state;
  const names = m.seats.map((pl) => prep.plan.entrants[pl].name);
  if (o.json) {
    console.log(JSON.stringify({ experiment: experiment.name, id, seed: m.seed, pair: m.pair, game: m.game, players: names, ...stateToJson(k, s) }, null, 2));
    return;
  }
  console.log(`${experiment.name} match ${id} (${names.length === 2 ? 'pair' : 'rotation block'} ${m.pair}, game ${m.game}, seed ${m.seed}): ${names.map((n, p) => `ship ${p} ${n}`).join(' vs ')}`);
  for (let p = 0; p < names.length; p++) console.log(`  ship ${p} loadout: ${loadoutText(k, s, p)}`);
  if (showLog) console.log(formatEvents(k, s, log).join('\n'));
  console.log('');
  console.log(stateToText(k, s));
  console.log(`\nResult: ${STATUS_NAMES[s.status] ?? 'adjudicated'}${winnerText(s, names)} after ${s.round} rounds.`);
}

/** ", ship w (name) wins", or with teams ", ships a and b (names) win"; '' without a winner. */
function winnerText(s: GameState, names: readonly string[]): string {
  if (s.winner < 0) return '';
  const seats = names.map((_, p) => p).filter((p) => s.team[p] === s.winner);
  if (seats.length <= 1) return `, ship ${s.winner} (${names[s.winner]}) wins`;
  return `, ships ${seats.join(' and ')} (${seats.map((p) => names[p]).join(' and ')}) win`;
}

/** Play one match from a starting scenario and print it. */
async function playMatch(o: MatchOptions, showLog: boolean): Promise<void> {
  if (o.results !== undefined) return replayExperimentMatch(resultsExperiment(o.results, o.id), o.id!, o, showLog);
  if (o.experiment !== undefined || o.id !== undefined) {
    if (o.experiment === undefined || o.id === undefined) throw new InvalidArgumentError('--experiment and --id go together');
    return replayExperimentMatch(o.experiment, o.id, o, showLog);
  }
  const { file, scenario } = loadScenario(o.scenario);
  if (o.roundLimit) scenario.roundLimit = o.roundLimit;
  const tables = tablesForScenario(scenario);
  const kernel = new Kernel(tables);
  const log = new EventLog();
  kernel.log = log;
  if (o.check) enableInvariantChecks(kernel);
  const state = new GameState();
  const ships = scenario.ships.length;
  const names = [o.p0, o.p1, o.p2, o.p3].slice(0, ships);
  const params = [parseParams(o.p0Params, '--p0-params'), parseParams(o.p1Params, '--p1-params'), parseParams(o.p2Params, '--p2-params'), parseParams(o.p3Params, '--p3-params')].slice(0, ships);
  const policies = await Promise.all(names.map((n, seat) => seatPolicy(n, params[seat], o.seed, seat, `--p${seat}-params`)));
  const runner = new MatchRunner(kernel);
  const setup = scenarioSetup(file, scenario, tables, o.seed);
  if (o.draft) {
    // Rulebook 5: the policies draft their loadouts before the battle.
    const loadouts = runner.draft(setup.ships.map((sh) => tables.factions[sh.faction]), policies);
    loadouts.forEach((lo, i) => (setup.ships[i].loadout = lo));
  }
  kernel.setup(state, setup);
  runner.play(state, policies);
  if (o.json) {
    console.log(JSON.stringify({ seed: o.seed, scenario: scenario.name, policies: names, ...stateToJson(kernel, state) }, null, 2));
    return;
  }
  console.log(`Star Eater: ${scenario.name}, seed ${o.seed}: ${names.map((n, p) => `ship ${p} ${tables.factions[state.faction[p]].id} (${n})`).join(' vs ')}`);
  for (let p = 0; p < ships; p++) console.log(`  ship ${p} loadout: ${loadoutText(kernel, state, p)}`);
  if (showLog) console.log(formatEvents(kernel, state, log).join('\n'));
  console.log('');
  console.log(stateToText(kernel, state));
  const result = STATUS_NAMES[state.status];
  console.log(`\nResult: ${result}${winnerText(state, names)} after ${state.round} round${state.round === 1 ? '' : 's'}.`);
  console.log(`Replay: stareater match --scenario ${o.scenario} --seed ${o.seed} ${names.map((n, p) => `--p${p} ${n}`).join(' ')}${o.draft ? ' --draft' : ''} --log`);
}

function matchOptions(cmd: Command, defaults: { p0: string; p1: string }): Command {
  return cmd
    .option('-s, --scenario <name|file>', 'starting scenario (a name in configs/scenarios or a file)', 'duel')
    .option('--seed <n>', 'match seed: the same seed replays the same match', intArg, 1)
    .option('--p0 <bot>', 'policy for ship 0 (a file in bots/)', defaults.p0)
    .option('--p1 <bot>', 'policy for ship 1', defaults.p1)
    .option('--p0-params <json>', "ship 0's policy parameters as JSON")
    .option('--p1-params <json>', "ship 1's policy parameters as JSON")
    .option('--p2 <bot>', 'policy for ship 2 (scenarios with 3-4 ships)', 'random')
    .option('--p3 <bot>', 'policy for ship 3 (scenarios with 4 ships)', 'random')
    .option('--p2-params <json>', "ship 2's policy parameters as JSON")
    .option('--p3-params <json>', "ship 3's policy parameters as JSON")
    .option('--round-limit <n>', 'override the round limit', boundedInt(1, 10_000))
    .option('--draft', 'the policies draft their loadouts first (rulebook 5) instead of the scenario loadouts')
    .option('--check', 'assert the kernel invariants after every step (slower)')
    .option('--json', 'print the final state as JSON instead of text');
}

/** A few plain lines of the run's main figures. */
function printHeadline(summary: unknown, kind: string): void {
  const s = summary as Summary;
  const pct = (r: { value: number; lo: number; hi: number }) => `${(100 * r.value).toFixed(1)}% (95% CI ${(100 * r.lo).toFixed(1)}-${(100 * r.hi).toFixed(1)})`;
  for (const p of s.pairings ?? []) {
    const parts = p.players.map((pl) => `${pl.name} wins ${pl.wins} = ${pct(pl.winRate)}`);
    console.log(`  ${parts.join('; ')}; draws ${p.draws.count}; n = ${p.n} matches (${p.pentanomial.n} pairs)`);
    console.log(`  seat 0 wins ${pct(p.seat.seat0WinRate)} of ${p.seat.n} decisive matches; mean length ${p.length.rounds.mean.toFixed(1)} rounds`);
    if (s.pairings.length === 1 && kind !== 'compare') console.log(`  ${pairingVerdict(s, p).text}`);
  }
}

/** A few plain lines of an N-player run: each table's win shares and ends, the ratings from pairwise finishes. */
function printMultiHeadline(s: Summary, ratings: Ratings | null): void {
  const m = s.multi!;
  const pct = (r: { value: number; lo: number; hi: number }) => `${(100 * r.value).toFixed(1)}% (95% CI ${(100 * r.lo).toFixed(1)}-${(100 * r.hi).toFixed(1)})`;
  for (const t of m.tables.slice(0, 10)) {
    console.log(`  ${t.key}: ${t.n} matches (${t.blocks} rotation blocks); even share ${(100 * t.even).toFixed(1)}%`);
    const shares = t.teamShares.length ? t.teamShares.map((tm) => `${tm.members.join(' + ')} win ${pct(tm.winShare)}`) : t.players.map((p) => `${p.name} wins ${pct(p.winShare)}`);
    console.log(`    ${shares.join('; ')}; no winner ${t.draws.count} (round limit ${t.roundLimit.count}); mean length ${t.rounds.mean.toFixed(1)} rounds`);
  }
  if (m.tables.length > 10) console.log(`  ... and ${m.tables.length - 10} more tables (see the report)`);
  if (ratings && ratings.players.length <= 20) {
    const e = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');
    const ranked = [...ratings.players].sort((a, b) => (Number.isFinite(b.elo) ? b.elo : -1e9) - (Number.isFinite(a.elo) ? a.elo : -1e9));
    console.log(`  ratings from pairwise finishes (Elo, ${ratings.anchor.name} = 0): ${ranked.map((p) => `${p.name} ${e(p.elo)}${p.interval === 'bootstrap' ? ` [${e(p.lo)}, ${e(p.hi)}]` : ''}`).join('; ')}`);
  }
}

/** The lab's version: package.json's, and the git commit when the code is a checkout. */
export function labVersion(): string {
  const root = repoRoot();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return git.status === 0 && git.stdout.trim() ? `${version} (${git.stdout.trim()})` : version;
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('stareater')
    .description('Star Eater balance lab: play Star Eater matches, run balance experiments on worker threads and write designer reports.')
    .version(labVersion(), '-V, --version', 'print the lab version')
    .showHelpAfterError('(add --help for usage)')
    // Argument errors come back to main(), which exits 2 for bad input (commander would exit 1).
    .exitOverride();

  matchOptions(program.command('demo').description('play one demonstration match and print its round-by-round log (what `npm run demo` runs)'), {
    p0: 'rammer',
    p1: 'rammer',
  }).action(async (o: MatchOptions) => playMatch(o, true));

  matchOptions(program.command('match').description('play one match from its seed and print the result (with --log, every event)'), {
    p0: 'rammer',
    p1: 'random',
  })
    .option('--log', 'print the round-by-round log')
    .option('--experiment <file>', 'replay a match of an experiment run (with --id; other options are ignored)')
    .option('--results <dir>', "replay a match of a results folder, on the folder's copy of the content (with --id; other options are ignored)")
    .option('--id <n>', 'the match id (the `id` column of matches.csv)', intArg)
    .option('--trace <file>', 'also write the match step by step as JSON (what `stareater replay --trace` draws)')
    .action(async (o: MatchOptions) => {
      if (o.trace) checkOutputFile(o.trace, '--trace'); // before the match, not after it
      await playMatch(o, !!o.log);
      if (o.trace) await writeMatchTrace(o, o.trace);
    });

  program
    .command('replay')
    .description('write one self-contained HTML page that replays a match step by step (docs/replay.md): from an experiment or a results folder and a match id, a scenario file, or a trace')
    .option('--experiment <file>', 'an experiment file (with --id)')
    .option('--results <dir>', 'a results folder written by stareater run (with --id)')
    .option('--id <n>', 'the match id (the `id` column of matches.csv)', intArg)
    .option('-s, --scenario <name|file>', 'a scenario: its scripted rounds, or without any a match of --p0 .. --p3 from --seed')
    .option('--trace <file>', 'a trace written by stareater match --trace')
    .option('--seed <n>', 'match seed (with --scenario)', intArg)
    .option('--p0 <bot>', 'policy for ship 0 (with --scenario)')
    .option('--p1 <bot>', 'policy for ship 1 (with --scenario)')
    .option('--p2 <bot>', 'policy for ship 2 (with --scenario)')
    .option('--p3 <bot>', 'policy for ship 3 (with --scenario)')
    .option('--round-limit <n>', 'override the round limit (with --scenario)', boundedInt(1, 10_000))
    .option('-o, --out <file>', 'the page to write (default: replay-<id>.html in the results folder, else results/replays/)')
    .action(async (o: ReplayOptions) => {
      if (o.out) checkOutputFile(o.out, '--out');
      await replayCommand(o);
    });

  program
    .command('run')
    .description('run an experiment file (what `npm start` runs, on configs/experiments/default.yaml): matches on worker threads, then results/<name>-<time>/ with matches.csv, summary.json, summary.csv, charts and report.html; with panel:, one such run per play style and a panel report (docs/panel.md)')
    .argument('[file]', 'experiment file (YAML), or a name in configs/experiments', DEFAULT_EXPERIMENT)
    .option('-w, --workers <n>', 'worker threads (0 = one per core); overrides the file', boundedInt(0, 256))
    .option('-n, --matches <n>', 'number of matches; overrides the file', boundedInt(2, 10_000_000))
    .option('-o, --out <dir>', 'results folder (default results/<name>-<timestamp>)')
    .option('--no-progress', 'no progress display')
    .option('--resume <dir>', 'continue a stopped run from its results folder (its checkpoint), ending with the numbers an uninterrupted run gives')
    .option('--seed <n>', 'master seed; overrides the file', (v: string) => (/^-?\d{1,15}$/.test(v) ? Number(v) : v))
    .option('--round-limit <n>', 'rounds before a draw by limit; overrides the file', boundedInt(1, 10_000))
    .option('--shard <i/n>', 'play only the I-th of N parts of the run (0 <= I < N) into its own folder, to be put together by stareater merge (docs/reproducibility.md)', parseShard)
    .action(async (file: string, o: { workers?: number; matches?: number; out?: string; progress: boolean; resume?: string; seed?: number | string; roundLimit?: number; shard?: Shard }) => {
      const { file: path, experiment, text } = loadExperiment(file);
      if (o.matches) experiment.matches = wholeBlocks(experiment, o.matches);
      if (o.seed !== undefined) experiment.seed = o.seed;
      if (o.roundLimit !== undefined) experiment.roundLimit = o.roundLimit;
      // A stopped shard resumes as the shard its folder says (shard.ts).
      const shard = o.resume ? resumeShard(o.resume, o.shard) : o.shard;
      if (o.resume) checkUnchangedSince(o.resume); // the rest of its matches on the game it started on
      if (shard) checkShardable(path, experiment);
      if (experiment.kind === 'autobalance' && !experiment.autobalance?.round) {
        // The search, then its verification (a file with a round plays that round as a batch, below).
        const r = await runAutobalance({ file: path, experiment, text, workers: o.workers, outDir: o.out, progress: o.progress, log: (line) => console.log(line) });
        console.log(`Report:  ${relative(process.cwd(), r.dir) || '.'}/report.html (autobalance.json, autobalance.csv)`);
        return;
      }
      if (experiment.panel) {
        const p = await runPanel({ file: path, experiment, workers: o.workers, outDir: o.out, resume: o.resume, matches: o.matches, progress: o.progress, handleSigint: true });
        const rel = relative(process.cwd(), p.dir) || '.';
        console.log(`${p.complete ? 'Done' : `Stopped early (continue with --resume ${rel})`}: ${p.result.styles.length} styles in ${p.seconds.toFixed(1)} s`);
        console.log(`Report:  ${rel}/report.html`);
        console.log(`Panel: ${p.result.agreement.headline}`);
        if (!p.complete) process.exitCode = 130;
        return;
      }
      // changes with a baseline, or alternatives: every content on the same seeds, then the deltas (docs/whatif.md).
      if (isWhatIf(experiment)) {
        process.exitCode = await whatIfCommand({ file: path, experiment, text, workers: o.workers, outDir: o.out, resume: o.resume, progress: o.progress, shard });
        return;
      }
      const onPlan = (plan: Plan, total: number) => {
        const pairings = plan.pairings.length;
        const seats = plan.seating?.seats ?? 2;
        const units = seats === 2 ? 'seat-swapped pairs' : `rotation blocks of ${seats}`;
        const one = (l: NonNullable<Plan['loadoutSpace']>) => `${l.chosen} of ${l.total} legal ${l.faction} loadouts${l.sampled ? ', sampled' : ''}`;
        const space = plan.sides ? ` (${plan.sides.map(one).join(' against ')})` : plan.loadoutSpace ? ` (${one(plan.loadoutSpace)})` : '';
        console.log(
          `${o.resume ? 'Resuming' : 'Running'} ${experiment.name} (${experiment.kind}): ${plan.entrants.length} entrants${space}, ${pairings > 1 ? `${pairings} ${seats === 2 ? 'pairings' : 'tables'} x ` : ''}${experiment.matches} matches (${units}), seed ${experiment.seed}${pairings > 1 ? `: ${total.toLocaleString('en-US')} matches in all` : ''}`,
        );
      };
      const r = await runBatch({ file: path, experiment, text, workers: o.workers, outDir: o.out, resume: o.resume, progress: o.progress, handleSigint: true, liveTable: ['tournament', 'gauntlet'].includes(experiment.kind), onPlan, shard });
      const rel = relative(process.cwd(), r.dir) || '.';
      console.log(`${r.complete ? 'Done' : 'Stopped early (summary marked incomplete; continue with --resume ' + rel + ')'}: ${r.matches} matches in ${r.seconds.toFixed(1)} s (${(r.matchesThisRun / Math.max(r.seconds, 1e-9)).toFixed(0)} matches/s)`);
      console.log(`Results: ${rel}/`);
      if (shard) {
        // A part's figures would read as the run's: the summary, charts and report come with the merge.
        if (r.complete) console.log(shardDoneLine(shard, rel));
        else process.exitCode = 130;
        return;
      }
      if (existsSync(join(r.dir, 'report.html'))) {
        // The listed matches' replay pages beside the report, then the page again with their links.
        try {
          console.log(replaysLine((await writeReportWithReplays(r.dir)).replays));
        } catch (e) {
          process.stderr.write(`replay pages not written (${(e as Error).message}); the report is complete without them\n`);
        }
        console.log(`Report:  ${rel}/report.html`);
      }
      // Standings for tournaments; the analysis kinds' many entrants are better read in the report.
      if ((r.summary as unknown as Summary).multi) printMultiHeadline(r.summary as unknown as Summary, r.ratings);
      else if (r.ratings && r.ratings.players.length <= 20) console.log(liveTable(r.summary as unknown as Summary, r.ratings));
      else printHeadline(r.summary, experiment.kind);
      // A two-faction meta ends with its game: the value, each side's equilibrium, the loadouts never worth playing.
      if (r.summary.factionMeta) for (const line of factionMetaLines(r.summary.factionMeta as FactionMetaAnalysis)) console.log(`  ${line}`);
      if (r.summary.multiMeta) for (const line of multiMetaLines(r.summary.multiMeta as MultiMetaAnalysis)) console.log(`  ${line}`);
      const sprt = r.summary.sprt as SequentialResult | undefined;
      if (sprt) console.log(`  ${sprt.line}`);
      if (!r.complete) process.exitCode = 130;
    });

  program
    .command('scenario')
    .description('play a scenario file (docs/scenario-format.md) and print the resulting state as JSON')
    .argument('<file>', 'scenario file (JSON or YAML), or a name in configs/scenarios')
    .option('--text', 'print a readable summary instead of JSON')
    .option('--log', 'also print the event log')
    .option('--check', "compare against the scenario's expect block; exit 1 on any difference")
    .option('--seed <n>', 'seed for randomised starts', intArg, 0)
    .action((file: string, o: { text?: boolean; log?: boolean; check?: boolean; seed: number }) => {
      const { file: path, scenario } = loadScenario(file);
      const run = runScenario(path, scenario, { seed: o.seed });
      if (o.log) console.log(formatEvents(run.kernel, run.state, run.log).join('\n'));
      const json = stateToJson(run.kernel, run.state);
      console.log(o.text ? stateToText(run.kernel, run.state) : JSON.stringify(json, null, 2));
      if (o.check) {
        const diffs = checkExpect(json, scenario.expect);
        if (!scenario.expect) console.error(`${path}: no expect block to check`);
        for (const d of diffs) console.error(`${path}: ${d}`);
        if (diffs.length || !scenario.expect) process.exitCode = 1;
        else console.error(`${path}: as expected`);
      }
    });

  program
    .command('merge')
    .description('put the shards of a run (stareater run --shard I/N) together into OUT: the summary, CSVs, charts and report a single run writes (docs/reproducibility.md)')
    .argument('<out>', 'a new folder for the merged results')
    .argument('<dirs...>', "every shard's results folder, each once")
    .option('--no-progress', 'no progress display')
    .action(async (out: string, dirs: string[], o: { progress: boolean }) => {
      const r = await mergeShards(out, dirs, { progress: o.progress, onNote: (line) => console.error(`note: ${line}`) });
      const rel = relative(process.cwd(), r.dir) || '.';
      console.log(`Merged ${dirs.length} shards: ${r.matches} matches in ${rel}/`);
      if (existsSync(join(r.dir, 'report.html'))) {
        console.log(replaysLine((await writeReportWithReplays(r.dir)).replays));
        console.log(`Report:  ${rel}/report.html`);
      }
    });

  program
    .command('report')
    .description('rebuild report.html, the designer report, from a results folder')
    .argument('<dir>', 'a results folder (results/<name>-<time>)')
    .action(async (dir: string) => {
      if (!existsSync(join(dir, 'summary.json'))) throw new InvalidArgumentError(`${dir}: expected a results folder with a summary.json`);
      checkReportInputs(dir);
      const w = await writeReportWithReplays(resolve(dir));
      console.log(replaysLine(w.replays));
      console.log(`Report: ${relative(process.cwd(), w.path)}`);
    });

  program
    .command('validate')
    .description('load and check every config file (rules, factions, boards, scenarios); exit 2 on the first error')
    .option('--config-dir <dir>', "config folder (default: the lab's configs/)")
    .action((opts: { configDir?: string }) => {
      const o = { configDir: opts.configDir ?? defaultConfigDir() };
      const boards = listConfigNames('boards', o.configDir);
      for (const board of boards) loadGameTables({ configDir: o.configDir, board });
      const t = loadGameTables({ configDir: o.configDir });
      const scenarioDir = join(o.configDir, 'scenarios');
      const scenarios = readdirSync(scenarioDir).filter((f) => /\.(ya?ml|json)$/.test(f));
      for (const f of scenarios) {
        const { file, scenario } = loadScenario(join(scenarioDir, f));
        const tables = tablesForScenario(scenario, o.configDir);
        new Kernel(tables).setup(new GameState(), scenarioSetup(file, scenario, tables, 0));
      }
      console.log(`OK: rules.yaml, ${t.factions.length} factions (${t.factions.map((f) => f.id).join(', ')}), ${boards.length} boards, ${scenarios.length} scenarios`);
    });

  program
    .command('bots')
    .description('list the policies in bots/')
    .action(() => console.log(listBots().join('\n')));

  return program;
}

async function main(): Promise<void> {
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (e) {
    // Commander's own exits (it has printed the message, the help or the version; 0 for the
    // last two); an InvalidArgumentError thrown by an action is ours, printed below.
    if (e instanceof CommanderError && !(e instanceof InvalidArgumentError)) process.exit(e.exitCode === 0 ? 0 : 2);
    // Bad input exits 2, a run that stopped on a failed chunk 1; anything else is a bug: its stack.
    const badInput =
      e instanceof ConfigError || e instanceof SetupError || e instanceof InvalidArgumentError || e instanceof BotLoadError;
    // A file system that refused (a full disk, a read-only folder): one line, exit 1.
    const fs = badInput ? null : fsErrorMessage(e);
    if (fs) {
      console.error(`stareater: ${fs}`);
      process.exit(1);
    }
    if (!badInput && !(e instanceof RunFailure)) throw e;
    console.error(`stareater: ${(e as Error).message}`);
    process.exit(badInput ? 2 : 1);
  }
}

// Run only as the program, not when a test imports buildProgram.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
