/**
 * Playing match `id` of an experiment: a pure function of (experiment, id). Used by the
 * worker threads, by `stareater match --experiment FILE --id N`, and by tests.
 *
 * Why here: seeds, seat swaps and loadouts must be derived in exactly one place, or a
 * replayed match would differ from the one in matches.csv. Everything per match is reused
 * (kernel, runner, state, the bots' streams, the result object); only the policies are
 * rebuilt, from the match seed.
 */
import { seededRandom } from '../random/rng.js';
import type { GameTables, LoadoutTable, FactionTable } from '../rules/tables.js';
import { Kernel, type MatchSetup } from '../rules/kernel.js';
import { GameState, G_STATUS, G_WINNER } from '../rules/state.js';
import type { EventLog } from '../rules/events.js';
import { loadScenario, tablesForScenario, scenarioSetup, factionIndex, type Scenario } from '../content/scenario.js';
import { compileLoadout } from '../content/load.js';
import type { LoadoutChoice } from '../content/schema.js';
import { ConfigError } from '../content/errors.js';
import { corvetteSets, corvetteSetCards } from '../rules/draft.js';
import type { Policy, PolicyFactory } from '../bot-api.js';
import { MatchRunner, PolicyError } from './match.js';
import { loadPolicyFactory, seatRandom } from './bots.js';
import { dirname, resolve } from 'node:path';
import { type Experiment, type MatchSlot, pairSeed, slotOf } from './experiment.js';
import { planExperiment, baseChanges, type Plan, type Entrant } from './plan.js';
import { STATUS_ADJUDICATED, type RecordPlayer } from './record.js';

/** An experiment made ready to play: content loaded, plan made, bots imported, loadouts compiled. */
export interface Prepared {
  experiment: Experiment;
  file: string;
  /** The base tables (the experiment's own changes applied). */
  tables: GameTables;
  /** Tables of each plan variant (index 0 is `tables`). */
  variantTables: GameTables[];
  scenarioFile: string;
  scenario: Scenario;
  plan: Plan;
  /** By entrant: */
  factories: PolicyFactory[];
  /** Faction index of each entrant. */
  factions: number[];
  /** Fixed loadouts (null where drafted or sampled). */
  fixed: (LoadoutTable | null)[];
  /** The policy that answers for a faulty bot under `adjudication: fallback`. */
  fallback: PolicyFactory | null;
}

/** Where an entrant's fields are in the experiment file, for error messages. */
function entrantPath(e: Entrant, field: 'policy' | 'params' | 'faction' | 'loadout'): string {
  if (e.origin.kind === 'loadout') return `loadouts.${field === 'loadout' ? 'faction' : field}`;
  return `players[${e.origin.kind === 'player' ? e.origin.player : 0}].${field}`;
}

export async function prepare(file: string, experiment: Experiment): Promise<Prepared> {
  const { file: scenarioFile, scenario } = loadScenario(experiment.scenario);
  if (scenario.ships.length !== 2) throw ConfigError.at(file, 'scenario', 'a scenario with two ships', experiment.scenario);
  if (experiment.board) scenario.board = experiment.board;
  const changes = baseChanges(file, experiment);
  let tables: GameTables;
  try {
    tables = tablesForScenario(scenario, undefined, changes);
  } catch (e) {
    if (!(e instanceof ConfigError) || !experiment.board || !e.file.includes('boards')) throw e;
    throw ConfigError.at(file, 'board', e.issues[0]?.expected ?? 'a board name', experiment.board);
  }
  // Check the starting positions fit the board now, not in a worker.
  try {
    new Kernel(tables).setup(new GameState(), scenarioSetup(scenarioFile, scenario, tables, 0));
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw ConfigError.at(file, experiment.board ? 'board' : 'scenario', `a board on which scenario ${experiment.scenario} can be set up (${(e as Error).message})`, experiment.board ?? experiment.scenario);
  }
  if (experiment.roundLimit) tables.roundLimit = experiment.roundLimit;
  const plan = planExperiment(file, experiment, tables);
  const variantTables = plan.variants.map((v, i) => {
    if (i === 0) return tables;
    const t = tablesForScenario(scenario, undefined, v.changes);
    t.roundLimit = tables.roundLimit;
    return t;
  });
  const factions = plan.entrants.map((p) => {
    const fi = factionIndex(tables, p.faction);
    if (fi < 0) throw ConfigError.at(file, entrantPath(p, 'faction'), `a faction id (${tables.factions.map((f) => f.id).join(', ')})`, p.faction);
    return fi;
  });
  const fixed = plan.entrants.map((p, i) => {
    const f = tables.factions[factions[i]];
    if (p.loadout === 'default') return f.defaultLoadout;
    if (typeof p.loadout === 'object') return 'main' in p.loadout && typeof p.loadout.main === 'number' ? (p.loadout as LoadoutTable) : compileLoadout(f, p.loadout as LoadoutChoice, { file, path: entrantPath(p, 'loadout') });
    return null;
  });
  const factories: PolicyFactory[] = [];
  const base = dirname(resolve(file));
  const loaded = new Map<string, PolicyFactory>();
  for (const p of plan.entrants) {
    const key = `${p.policy}\n${JSON.stringify(p.params)}`;
    if (loaded.has(key)) {
      factories.push(loaded.get(key)!);
      continue;
    }
    try {
      const factory = await loadPolicyFactory(p.policy, base);
      factory(p.params, () => 0.5); // parameters are checked now, not in a worker
      factories.push(factory);
      loaded.set(key, factory);
    } catch (e) {
      const msg = (e as Error).message;
      if (/^unknown bot/.test(msg) || /^no bot file/.test(msg)) throw ConfigError.at(file, entrantPath(p, 'policy'), msg.replace(/^unknown bot "[^"]*": expected /, ''), p.policy);
      throw ConfigError.at(file, entrantPath(p, 'params'), `parameters ${p.policy} accepts (${msg})`, p.params);
    }
  }
  let fallback: PolicyFactory | null = null;
  if (experiment.adjudication.mode === 'fallback') {
    try {
      fallback = await loadPolicyFactory(experiment.adjudication.fallback, base);
    } catch (e) {
      throw ConfigError.at(file, 'adjudication.fallback', (e as Error).message, experiment.adjudication.fallback);
    }
  }
  return { experiment, file, tables, variantTables, scenarioFile, scenario, plan, factories, factions, fixed, fallback };
}

/** The experiment's players as the statistics and matches.csv name them (by entrant index). */
export function experimentPlayers(prep: Pick<Prepared, 'plan'>): RecordPlayer[] {
  return prep.plan.entrants.map((p) => ({ name: p.name, policy: p.policy, faction: p.faction }));
}

/** Total matches of a prepared experiment: matches per pairing times pairings. */
export function plannedMatches(prep: Pick<Prepared, 'experiment' | 'plan'>): number {
  return prep.experiment.matches * prep.plan.pairings.length;
}

/** A uniformly random legal loadout for faction f (cards and a corvette multiset within limits). */
export function sampleLoadout(f: FactionTable, rng: () => number): LoadoutTable {
  const pick = (n: number) => Math.floor(rng() * n);
  const sets = corvetteSets(f);
  return {
    main: pick(f.mainWeapons.length),
    broadside: pick(f.broadsides.length),
    hangar: pick(f.hangars.length),
    pointDefence: pick(f.pointDefence.length),
    corvettes: corvetteSetCards(f, pick(sets.count)),
  };
}

/** What one match came to: MatchPlayer.play returns one object, updated in place by the next match (as is the state). */
export interface PlayedMatch {
  state: GameState;
  seed: number;
  pair: number;
  game: number;
  /** Experiment player in seat 0 and seat 1. */
  seats: [number, number];
  /** TERM_* of the first policy fault (0 none), its seat (-1 none) and message. */
  termination: number;
  faultSeat: number;
  faultMessage: string;
  policyMicros: [number, number];
}

export class MatchPlayer {
  readonly prep: Prepared;
  /** One kernel and runner per table variant (stat sweeps); the state is shared. */
  private readonly kernels: Kernel[];
  private readonly runners: MatchRunner[];
  kernel: Kernel;
  runner: MatchRunner;
  readonly state = new GameState();
  /** The last start drawn, with its seed and tables: both games of a pair start alike (seats swapped). */
  private lastSetup: MatchSetup | null = null;
  private lastSetupSeed = -1;
  private lastSetupTables: GameTables | null = null;
  /** Each seat's bot stream and fallback stream, reseeded per match (a policy lives one match). */
  private readonly botRandom = [seatRandom(0), seatRandom(1)];
  private readonly fallbackRandom = [seatRandom(0, '/fallback'), seatRandom(1, '/fallback')];
  /** The current match's policies and fallbacks (arrays reused from match to match). */
  private readonly policies: Policy[] = [];
  private readonly fallbacks: Policy[] = [];
  /** The slot and the result, reused from match to match. */
  private readonly slot: MatchSlot = { pairing: 0, pair: 0, localPair: 0, game: 0, seats: [0, 0] };
  private readonly played: PlayedMatch = { state: this.state, seed: 0, pair: 0, game: 0, seats: [0, 0], termination: 0, faultSeat: -1, faultMessage: '', policyMicros: [0, 0] };

  constructor(prep: Prepared) {
    this.prep = prep;
    this.kernels = prep.variantTables.map((t) => new Kernel(t));
    this.runners = this.kernels.map((k) => new MatchRunner(k));
    this.kernel = this.kernels[0];
    this.runner = this.runners[0];
  }

  /** Play match `id`; with a log attached, its events are recorded. The result is valid until the next call. */
  play(id: number, log: EventLog | null = null): PlayedMatch {
    const { experiment, scenario, scenarioFile, plan } = this.prep;
    const { pairing, pair, localPair, game, seats } = slotOf(experiment, plan.pairings, id, this.slot);
    const variant = plan.pairingVariant[pairing];
    const tables = this.prep.variantTables[variant];
    this.kernel = this.kernels[variant];
    this.runner = this.runners[variant];
    const entrants = plan.entrants;
    // Every pairing plays pair k on the same seed: shared seeds across the field.
    const seed = pairSeed(experiment.seed, localPair);
    const policies = this.policies;
    for (let seat = 0; seat < 2; seat++) {
      const pl = seats[seat];
      this.botRandom[seat].reset(seed);
      policies[seat] = this.prep.factories[pl](entrants[pl].params, this.botRandom[seat].draw);
    }
    if (seed !== this.lastSetupSeed || tables !== this.lastSetupTables) {
      this.lastSetup = scenarioSetup(scenarioFile, scenario, tables, seed);
      this.lastSetupSeed = seed;
      this.lastSetupTables = tables;
    }
    // Each seat's faction and loadout are set below for every match.
    const setup = this.lastSetup!;
    for (let seat = 0; seat < 2; seat++) {
      const pl = seats[seat];
      setup.ships[seat].faction = this.prep.factions[pl];
      const loadout = entrants[pl].loadout;
      setup.ships[seat].loadout =
        this.prep.fixed[pl] ?? (loadout === 'sample' ? sampleLoadout(tables.factions[this.prep.factions[pl]], seededRandom(`${seed}/loadout/${pl}`)) : tables.factions[this.prep.factions[pl]].defaultLoadout);
    }
    if (entrants[seats[0]].loadout === 'draft' || entrants[seats[1]].loadout === 'draft') {
      const drafted = this.runner.draft(setup.ships.map((sh) => tables.factions[sh.faction]), policies);
      for (let seat = 0; seat < 2; seat++) if (entrants[seats[seat]].loadout === 'draft') setup.ships[seat].loadout = drafted[seat];
    }
    this.kernel.log = log;
    this.kernel.setup(this.state, setup);
    let fallbacks: Policy[] | null = null;
    if (this.prep.fallback) {
      fallbacks = this.fallbacks;
      for (let seat = 0; seat < 2; seat++) {
        this.fallbackRandom[seat].reset(seed);
        fallbacks[seat] = this.prep.fallback({}, this.fallbackRandom[seat].draw);
      }
    }
    try {
      this.runner.play(this.state, policies, fallbacks);
    } catch (e) {
      // Adjudication by forfeit: the faulty policy loses the match.
      if (!(e instanceof PolicyError)) throw e;
      this.state.g[G_STATUS] = STATUS_ADJUDICATED;
      this.state.g[G_WINNER] = 1 - e.player;
    }
    const m = this.played;
    m.seed = seed;
    m.pair = pair;
    m.game = game;
    m.seats[0] = seats[0];
    m.seats[1] = seats[1];
    m.termination = this.runner.fault;
    m.faultSeat = this.runner.faultSeat;
    m.faultMessage = this.runner.faultMessage;
    m.policyMicros[0] = this.runner.policyMicros[0];
    m.policyMicros[1] = this.runner.policyMicros[1];
    return m;
  }
}
