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
import { seededInt32 } from '../random/rng.js';
import { LoadoutSchema, MAX_ROUND_LIMIT } from '../content/schema.js';
import { CardChangeSchema } from '../content/changes.js';
import { loadYaml, defaultConfigDir, checkBoardOption } from '../content/load.js';
import { ConfigError } from '../content/errors.js';
import { loadScenario } from '../content/scenario.js';
import { listBots } from './bots.js';
import { snapshotOf } from '../content/snapshot.js';
import { checkWhatIf } from './whatif.js';
import { AutobalanceSchema, checkAutobalance } from './autobalance-spec.js';

/** The default limits of one call into a bot and of a worker's heap (adjudication.decisionSeconds, adjudication.memoryMb). */
export const DEFAULT_DECISION_SECONDS = 60;
export const DEFAULT_MEMORY_MB = 2048;

const PlayerSchema = z.strictObject({
  /** A name for reports; defaults to `<policy>-<faction>`. */
  name: z.string().min(1).optional(),
  /** A bot in bots/ by name, or a path to a bot file (relative to the experiment file). */
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

const PanelStyleSchema = z.union(
  [
    z.string().min(1),
    z.strictObject({
      /** A bot in bots/ by name. */
      style: z.string().min(1),
      /** Names its results folder and its column (default: the style); needed when one style appears twice. */
      name: z.string().max(100).regex(/^[A-Za-z0-9_.-]+$/, 'a name of letters, digits, dot, dash or underscore (it names a results folder)').optional(),
      /** Matches per pairing for this style (slow styles play fewer); default the experiment's. */
      matches: z.number().int().min(2).max(10_000_000).optional(),
      params: z.record(z.string(), z.unknown()).default({}),
    }),
  ],
  { error: 'a bot name, or { style, name, matches, params }' },
);

/**
 * The default panel: the scripted styles, then the two search bots. The search bots are 20
 * and 500 times slower than the scripted ones, so the default list caps their matches.
 */
export const DEFAULT_PANEL_STYLES: readonly { style: string; cap?: number }[] = [
  { style: 'gunner' },
  { style: 'brawler' },
  { style: 'carrier' },
  { style: 'turtle' },
  { style: 'rammer' },
  { style: 'lookahead', cap: 100 },
  { style: 'mcts', cap: 20 },
];

/** The panel's entries in one shape: `cap` bounds the experiment's matches when `matches` is not given. */
function panelStyles(p: 'default' | { styles: 'default' | z.output<typeof PanelStyleSchema>[] }) {
  const list = p === 'default' || p.styles === 'default' ? DEFAULT_PANEL_STYLES : p.styles;
  const styles = list.map((s) =>
    typeof s === 'string'
      ? { style: s, name: s, params: {} as Record<string, unknown>, matches: undefined as number | undefined, cap: undefined as number | undefined }
      : { style: s.style, name: 'name' in s && s.name ? s.name : s.style, params: 'params' in s ? s.params : {}, matches: 'matches' in s ? s.matches : undefined, cap: 'cap' in s ? s.cap : undefined },
  );
  return { styles };
}

/**
 * One faction's generated loadouts, flown by one policy. A meta may name two of them (a list):
 * the two factions' loadouts then play each other as a two-player game (meta-factions.ts).
 */
const LoadoutsSchema = z.strictObject({
  faction: z.string().min(1),
  policy: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
  count: z.union([z.literal('all'), z.number().int().min(2).max(10_000)]).default('all'),
  max: z.number().int().min(2).max(10_000).default(64),
});
export type LoadoutsSpec = z.output<typeof LoadoutsSchema>;

/** The loadouts blocks of an experiment as a list (none, one, or a two-faction meta's two), each with its place in the file. */
export function loadoutSides(ex: Pick<Experiment, 'loadouts'>): { spec: LoadoutsSpec; path: string }[] {
  if (!ex.loadouts) return [];
  if (Array.isArray(ex.loadouts)) return ex.loadouts.map((spec, i) => ({ spec, path: `loadouts[${i}]` }));
  return [{ spec: ex.loadouts, path: 'loadouts' }];
}

export const ExperimentSchema = z.strictObject({
  /** At most 100 characters: with the time added it names a folder, and file systems stop at 255. */
  name: z.string().max(100).regex(/^[A-Za-z0-9_.-]+$/, 'a name of letters, digits, dot, dash or underscore (it names the results folder)'),
  description: z.string().optional(),
  /**
   * batch: one player per ship of the scenario; tournament: round robin over every table of entrants; gauntlet: the
   * first entrant against each of the others; compare: A vs B until a GSPRT decides (`sprt`).
   */
  kind: z.enum(['batch', 'tournament', 'gauntlet', 'compare', 'loadout-sweep', 'stat-sweep', 'meta', 'autobalance']).default('batch'),
  /** A scenario name (configs/scenarios) or file: the board and starting positions. */
  scenario: z.string().default('duel'),
  /** Play on this board instead of the scenario's (configs/boards); the positions must fit on it. */
  board: z.string().optional(),
  /** Matches per pairing, played in seat-swapped pairs (rounded up to even); for compare, the most it may play. */
  matches: z.number().int().min(2).max(10_000_000),
  /** Master seed: every match seed derives from it. */
  seed: z.union([z.number().int(), z.string()]).default(1),
  /** Worker threads; 0 = one per core. */
  workers: z.number().int().min(0).max(256).default(0),
  /** Rounds before a draw by limit (default: configs/rules.yaml); the kernel stores rounds in 16 bits. */
  roundLimit: z.number().int().min(1).max(MAX_ROUND_LIMIT).optional(),
  /**
   * Matches per worker task (default: batch.ts defaultChunk, a sixteenth of the run's
   * matches, at most 250, so that a short run of slow matches still uses every core; a
   * long run of fast matches then groups up to 8 chunks a task, chunksPerTask). Set, it is
   * every task's size.
   */
  chunk: z.number().int().min(1).max(100_000).optional(),
  /**
   * The players (entrants): a policy with parameters, a faction and a loadout. For a
   * loadout-sweep they are the field the loadouts play against; for a stat-sweep the first
   * is the subject whose win rate is charted and the others are its field.
   */
  players: z.array(PlayerSchema).max(64).default([]),
  /**
   * Card changes (a card id, a field in it, a value). A what-if (docs/whatif.md): the run plays the
   * content as shipped and the changed content on the same seeds and reports each figure's delta;
   * with `baseline: false` the changes apply to every match and there is no baseline.
   */
  changes: z.array(CardChangeSchema).default([]),
  /** false: `changes` apply to every match, with no baseline run (one run of the changed game). */
  baseline: z.boolean().default(true),
  /** Several what-ifs against one baseline, each a set of changes; a name is made from the changes when not given. */
  alternatives: z
    .array(z.strictObject({ name: z.string().max(100).regex(/^[A-Za-z0-9_.-]+$/, 'a name of letters, digits, dot, dash or underscore (it names a results folder)').optional(), changes: z.array(CardChangeSchema).min(1) }))
    .min(1)
    .max(16)
    .optional(),
  /**
   * loadout-sweep and meta: the loadouts of one faction to play, all flown by one policy.
   * `count: all` enumerates every legal loadout (sampling \`max\` of them when there are more);
   * a number samples that many distinct loadouts from the master seed.
   */
  loadouts: z
    .union([LoadoutsSchema, z.array(LoadoutsSchema).length(2)], {
      error: '{ faction, policy, count, max }, or (meta) a list of two such blocks of different factions',
    })
    .optional(),
  /** loadout-sweep: play the loadouts against the players (the field) or against each other. */
  field: z.enum(['players', 'each-other']).default('players'),
  /** stat-sweep: card statistics to vary one at a time, each over its values. */
  sweep: z
    .array(z.strictObject({ card: z.string().min(1), field: CardChangeSchema.shape.field, values: z.array(z.number()).min(2).max(100) }))
    .min(1)
    .optional(),
  /** autobalance: the levers, targets, budget and verification of the search (docs/autobalance.md); `matches` is then per candidate and matchup per round. */
  autobalance: AutobalanceSchema.optional(),
  /** stat-sweep: the subject's win rate to look for (where the curve crosses it). */
  target: z.number().gt(0).lt(1).default(0.5),
  /** Components are flagged when their effect on win rate lies outside plus or minus this, after correcting for the number tested. */
  band: z.number().gt(0).lt(0.5).default(0.05),
  /**
   * A bot that throws, answers an illegal action or goes over its declared budget: `forfeit`
   * loses the match; `fallback` lets the named policy answer that decision and play goes on.
   * Either way the fault and its seat are recorded in matches.csv.
   */
  adjudication: z
    .strictObject({
      mode: z.enum(['forfeit', 'fallback']).default('forfeit'),
      fallback: z.string().default('random'),
      /**
       * Wall-clock seconds one call into a bot (a decision, a draft pick, its factory) may
       * take in a worker before the watchdog ends the worker and the bot forfeits the match
       * (docs/bots.md). Generous, so that only a bot that hangs meets it: a limit makes the
       * numbers depend on the machine only for a bot that overruns it.
       */
      decisionSeconds: z.number().gt(0).max(86_400).default(DEFAULT_DECISION_SECONDS),
      /** Each worker's JavaScript heap limit in MB (worker resourceLimits): a bot that overruns it forfeits the match. */
      memoryMb: z.number().int().min(64).max(1_048_576).default(DEFAULT_MEMORY_MB),
    })
    .default({ mode: 'forfeit', fallback: 'random', decisionSeconds: DEFAULT_DECISION_SECONDS, memoryMb: DEFAULT_MEMORY_MB }),
  /**
   * compare: the generalized SPRT's hypotheses (Elo of A over B), error rates and model:
   * `logistic` (default; elo0/elo1 in the Elo of the rest of the report) or `normalized`
   * (fastchess's default; normalized Elo). docs/statistics.md section 6 says why.
   */
  sprt: z
    .strictObject({
      elo0: z.number().default(0),
      elo1: z.number().default(10),
      alpha: z.number().gt(0).lt(0.5).default(0.05),
      beta: z.number().gt(0).lt(0.5).default(0.05),
      model: z.enum(['logistic', 'normalized']).default('logistic'),
    })
    // elo0 >= elo1 has no test to run (found only after matches were played): refused on loading.
    .superRefine((s, ctx) => {
      if (s.elo0 >= s.elo1) ctx.addIssue({ code: 'custom', path: ['elo1'], message: `a number above elo0 (${s.elo0}): the test weighs elo0, the Elo difference of no progress, against a larger elo1` });
    })
    .optional(),
  outputs: z
    .strictObject({
      matchesCsv: z.boolean().default(true),
      summary: z.boolean().default(true),
      charts: z.boolean().default(true),
      /** report.html: the designer report (needs summary; charts make it richer). */
      report: z.boolean().default(true),
    })
    .default({ matchesCsv: true, summary: true, charts: true, report: true }),
  /**
   * A panel of play styles (docs/panel.md): the same balance question answered once per
   * style, every policy replaced by it. `default` (or `{}`) is DEFAULT_PANEL_STYLES.
   */
  panel: z
    .union([z.literal('default'), z.strictObject({ styles: z.union([z.literal('default'), z.array(PanelStyleSchema).min(1).max(32)]).default('default') })], {
      error: 'default, or { styles: [bot names, or { style, name, matches, params }] }',
    })
    .transform(panelStyles)
    .optional(),
});
export type Experiment = z.output<typeof ExperimentSchema>;
export type PanelStyle = NonNullable<Experiment['panel']>['styles'][number];
export type ExperimentPlayer = Experiment['players'][number];

/** Folder of the shipped experiments. */
export function experimentDir(): string {
  return join(defaultConfigDir(), 'experiments');
}

/** The default experiment that `npm start` runs: configs/experiments/default.yaml. */
export const DEFAULT_EXPERIMENT = 'default';

/** Load and validate an experiment by path, or by name from configs/experiments. */
export function loadExperiment(fileOrName: string): { file: string; experiment: Experiment; text: string } {
  let file = fileOrName;
  if (!/\.(ya?ml|json)$/.test(file)) file = join(experimentDir(), `${fileOrName}.yaml`);
  const experiment = loadYaml(file, ExperimentSchema);
  experiment.players.forEach((p) => (p.name ??= `${p.policy}-${p.faction}`));
  const seen = new Map<string, number>();
  experiment.players.forEach((p, i) => {
    const j = seen.get(p.name!);
    if (j !== undefined) throw ConfigError.at(file, `players[${i}].name`, `a name different from players[${j}]'s (give each player a name)`, p.name);
    seen.set(p.name!, i);
  });
  checkKindFields(file, experiment);
  checkPanel(file, experiment);
  checkWhatIf(file, experiment);
  // A results folder's experiment plays on the folder's content copy (content/snapshot.ts): its board and match count are the run's, not today's configs'.
  const snapshot = snapshotOf(file);
  if (experiment.board !== undefined && !snapshot) checkBoardOption(file, 'board', experiment.board);
  if (experiment.kind === 'compare') experiment.sprt ??= { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'logistic' };
  if (!snapshot) experiment.matches = wholeBlocks(experiment, experiment.matches);
  return { file, experiment, text: readFileSync(file, 'utf8') };
}

/**
 * `matches` rounded up to whole rotation blocks: a multiple of the scenario's ships (two: an
 * even number). A scenario that does not load counts as two ships here; prepare reports it.
 */
export function wholeBlocks(ex: Pick<Experiment, 'scenario'>, matches: number): number {
  let seats = 2;
  try {
    seats = loadScenario(ex.scenario).scenario.ships.length;
  } catch {
    // named by prepare, with the experiment file
  }
  return Math.ceil(matches / seats) * seats;
}

/** What each kind needs besides the common fields, checked before anything runs. */
function checkKindFields(file: string, ex: Experiment): void {
  const n = ex.players.length;
  const need = (ok: boolean, path: string, expected: string, got: unknown) => {
    if (!ok) throw ConfigError.at(file, path, expected, got);
  };
  switch (ex.kind) {
    case 'batch':
      need(n >= 2 && n <= 4, 'players', 'two to four players for a batch (one per ship of the scenario)', `${n} players`);
      break;
    case 'compare':
      need(n === 2, 'players', 'exactly two players for a compare (A and B)', `${n} players`);
      break;
    case 'tournament':
    case 'gauntlet':
      need(n >= 2, 'players', `at least two players for a ${ex.kind}`, `${n} players`);
      break;
    case 'loadout-sweep':
      need(!!ex.loadouts, 'loadouts', 'the loadouts to sweep: { faction, policy, count }', undefined);
      need(!Array.isArray(ex.loadouts), 'loadouts', 'one loadouts block { faction, policy, count } for a loadout-sweep (a list of two factions is for meta)', ex.loadouts);
      need(ex.field === 'each-other' || n >= 1, 'players', 'at least one player to play the loadouts against (or field: each-other)', `${n} players`);
      need(ex.field === 'players' || n === 0, 'players', 'no players with field: each-other (the loadouts play only each other)', `${n} players`);
      break;
    case 'meta':
      need(n + (ex.loadouts ? 2 : 0) >= 2, 'loadouts', 'loadouts to generate, or at least two players with loadouts', undefined);
      if (Array.isArray(ex.loadouts)) {
        need(n === 0, 'players', 'no players in a two-faction meta (its two sides are the two loadouts blocks)', `${n} players`);
        need(ex.loadouts[0].faction !== ex.loadouts[1].faction, 'loadouts[1].faction', `a faction other than loadouts[0]'s (a two-faction meta plays one faction's loadouts against the other's)`, ex.loadouts[1].faction);
      }
      break;
    case 'stat-sweep':
      need(!!ex.sweep, 'sweep', 'the statistics to vary: [{ card, field, values: [...] }]', undefined);
      need(n >= 2, 'players', 'the subject (first player) and at least one opponent', `${n} players`);
      ex.sweep!.forEach((sw, i) => need(new Set(sw.values).size === sw.values.length, `sweep[${i}].values`, 'values without repeats', sw.values));
      break;
  }
  if (ex.kind !== 'loadout-sweep' && ex.kind !== 'meta') need(!ex.loadouts, 'loadouts', `no loadouts block for a ${ex.kind} (it is for loadout-sweep and meta)`, ex.loadouts);
  if (ex.kind !== 'stat-sweep') need(!ex.sweep, 'sweep', `no sweep for a ${ex.kind} (it is for stat-sweep)`, ex.sweep);
  if (ex.kind === 'autobalance') checkAutobalance(file, ex.players, ex.autobalance);
  else need(!ex.autobalance, 'autobalance', `no autobalance block for a ${ex.kind} (it is for autobalance)`, ex.autobalance);
}

/**
 * What each kind needs of the scenario's seats (ships), checked once the scenario is loaded
 * (prepare). A batch seats every player; the other kinds fill tables of `seats` from their
 * entrants. A compare seats A's side in one team's seats and copies of B in the others, and
 * tests on rotation blocks (sprt-multi.ts); a meta plays a game of T sides (the teams) picking
 * compositions (plan.ts MetaTables), and a two-faction meta needs exactly two sides; a panel
 * compares two-player scores, so it is refused on a scenario with more ships (docs/panel.md
 * says why and what to run instead).
 */
export function checkSeats(file: string, ex: Experiment, seats: number, scenario: string, teams: readonly number[] = Array.from({ length: seats }, (_, i) => i)): void {
  const n = ex.players.length;
  const fail = (path: string, expected: string, got: unknown) => {
    throw ConfigError.at(file, path, expected, got);
  };
  if (seats === 2) {
    if (ex.kind === 'batch' && n !== 2) fail('players', `exactly two players for a batch on scenario ${scenario} (it has two ships)`, `${n} players`);
    return;
  }
  const on = `scenario ${scenario} (${seats} ships)`;
  if (ex.panel) fail('panel', `no panel on ${on}: a panel's agreement measure compares two-player scores and equilibria, which ${seats}-player win shares do not map onto (docs/panel.md); run the experiment once per style instead`, 'panel');
  switch (ex.kind) {
    case 'batch':
      if (n !== seats) fail('players', `exactly ${seats} players for a batch on ${on}, one per ship`, `${n} players`);
      break;
    case 'compare':
      // A's side against copies of B, tested on rotation blocks: the hypotheses are Bradley-Terry shares in logistic Elo.
      if (ex.sprt?.model === 'normalized') fail('sprt.model', `logistic for a compare on ${on} (its block test states elo0 and elo1 in logistic Elo)`, 'normalized');
      break;
    case 'meta': {
      // A game of T sides picking compositions (plan.ts MetaTables); two factions need two sides.
      const sides = new Set(teams).size;
      if (Array.isArray(ex.loadouts) && sides !== 2)
        fail('loadouts', `one loadouts block for a meta on ${on}: a two-faction meta is a game of two sides, and this scenario has ${sides} (a two-faction meta runs on a two-ship or a two-team scenario, e.g. teams4)`, 'two loadouts blocks');
      break;
    }
    case 'autobalance':
      fail('scenario', 'a two-ship scenario for an autobalance: its targets are two-player scores from seat-swapped pairs', scenario);
      break;
    case 'tournament':
    case 'gauntlet':
      if (n < seats) fail('players', `at least ${seats} players for a ${ex.kind} on ${on}`, `${n} players`);
      break;
    case 'stat-sweep':
      if (n - 1 < seats - 1) fail('players', `the subject and at least ${seats - 1} field players for a stat-sweep on ${on}`, `${n} players`);
      break;
    case 'loadout-sweep':
      if (ex.field === 'players' && n < seats - 1) fail('players', `at least ${seats - 1} field players for a loadout-sweep on ${on}`, `${n} players`);
      break;
  }
}

/** The kinds a panel is refused on, and why: their question is about the policies themselves. */
const PANEL_REFUSED: Record<string, string> = {
  tournament: 'a tournament ranks its policies; a panel replaces every policy by one style, which leaves nothing to rank',
  gauntlet: 'a gauntlet ranks its policies; a panel replaces every policy by one style, which leaves nothing to rank',
  compare: 'a compare tests one policy against another; a panel replaces every policy by one style, which leaves nothing to compare',
  autobalance: 'an autobalance checks its proposals under other styles itself (autobalance.styles)',
};

/** The panel names bots that exist, each once, on a kind that asks a balance question. */
function checkPanel(file: string, ex: Experiment): void {
  if (!ex.panel) return;
  if (PANEL_REFUSED[ex.kind]) throw ConfigError.at(file, 'panel', `no panel on a ${ex.kind} (${PANEL_REFUSED[ex.kind]}); panels are for batch, stat-sweep, loadout-sweep and meta`, ex.kind);
  if (Array.isArray(ex.loadouts)) throw ConfigError.at(file, 'panel', 'no panel on a two-faction meta (the panel compares one-faction equilibria; run the two-faction meta once per style instead, docs/panel.md)', 'panel');
  const bots = listBots();
  const seen = new Map<string, number>();
  ex.panel.styles.forEach((s, i) => {
    if (!bots.includes(s.style)) throw ConfigError.at(file, `panel.styles[${i}]`, `a bot in bots/ (${bots.join(', ')})`, s.style);
    const j = seen.get(s.name);
    if (j !== undefined) throw ConfigError.at(file, `panel.styles[${i}]`, `a style different from panel.styles[${j}] (give { style, name } to play one style twice)`, s.name);
    seen.set(s.name, i);
  });
}

let lastMaster: string | number | null = null;
let lastPair = -1;
let lastPairSeed = 0;

/** Seed of pair `pair` (both of its games share it), from the master seed; the last one is kept, as the two games come one after the other. */
export function pairSeed(master: string | number, pair: number): number {
  if (master !== lastMaster || pair !== lastPair) {
    lastPairSeed = seededInt32(`${master}/pair/${pair}`) >>> 0;
    lastMaster = master;
    lastPair = pair;
  }
  return lastPairSeed;
}

/**
 * What match `id` is: its table (pairing), its rotation block (`pair`: global, unique per
 * table; two players: the seat-swapped pair) and local block (which seed it shares with the
 * same block of every other table), its game (the rotation, 0 .. seats − 1) and which
 * players sit where. With `out`, that object is filled and returned (the batch worker
 * reuses one).
 */
export interface MatchSlot {
  pairing: number;
  pair: number;
  localPair: number;
  game: number;
  /** Experiment player (entrant) in each seat; length = seats. */
  seats: number[];
}
export function slotOf(
  ex: Pick<Experiment, 'matches'>,
  pairings: readonly (readonly number[])[],
  id: number,
  out: MatchSlot = { pairing: 0, pair: 0, localPair: 0, game: 0, seats: [0, 0] },
  seating: { block: number; rotation: Int8Array } = TWO_ROTATION,
): MatchSlot {
  const block = seating.block;
  const pairing = Math.floor(id / ex.matches);
  const local = id - pairing * ex.matches;
  const localPair = Math.floor(local / block);
  const game = local - localPair * block;
  const pl = pairings[pairing];
  out.pairing = pairing;
  out.pair = pairing * Math.floor(ex.matches / block) + localPair;
  out.localPair = localPair;
  out.game = game;
  const rot = seating.rotation;
  for (let i = 0; i < block; i++) out.seats[rot[game * block + i]] = pl[i];
  out.seats.length = block;
  return out;
}

/** The two-seat rotations (game 0 as listed, game 1 swapped), for callers without a plan. */
const TWO_ROTATION = { block: 2, rotation: new Int8Array([0, 1, 1, 0]) };
