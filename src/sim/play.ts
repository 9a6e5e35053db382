/**
 * Playing match `id` of an experiment: a pure function of (experiment, id). Used by the
 * worker threads, by `stareater match --experiment FILE --id N`, and by tests.
 *
 * Why here: seeds, seat swaps and loadouts must be derived in exactly one place, or a
 * replayed match would differ from the one in matches.csv. Everything per match is reused
 * (kernel, runner, state); only the policies are rebuilt, from the match seed.
 */
import seedrandom from 'seedrandom';
import type { GameTables, LoadoutTable, FactionTable } from '../rules/tables.js';
import { Kernel } from '../rules/kernel.js';
import { GameState, G_STATUS, G_WINNER } from '../rules/state.js';
import type { EventLog } from '../rules/events.js';
import { loadScenario, tablesForScenario, scenarioSetup, factionIndex, type Scenario } from '../content/scenario.js';
import { compileLoadout } from '../content/load.js';
import { ConfigError } from '../content/errors.js';
import { corvetteSets, corvetteSetCards } from '../rules/draft.js';
import type { Policy, PolicyFactory } from '../bot-api.js';
import { MatchRunner, PolicyError } from './match.js';
import { loadPolicyFactory, makePolicy } from './bots.js';
import { dirname, resolve } from 'node:path';
import { type Experiment, pairSeed, pairingsOf, slotOf } from './experiment.js';
import { STATUS_ADJUDICATED } from './record.js';

/** An experiment made ready to play: content loaded, bots imported, loadouts compiled. */
export interface Prepared {
  experiment: Experiment;
  file: string;
  tables: GameTables;
  scenarioFile: string;
  scenario: Scenario;
  factories: PolicyFactory[];
  /** Faction index of each experiment player. */
  factions: number[];
  /** Fixed loadouts (null where drafted or sampled). */
  fixed: (LoadoutTable | null)[];
  /** The policy that answers for a faulty bot under `adjudication: fallback`. */
  fallback: PolicyFactory | null;
}

export async function prepare(file: string, experiment: Experiment): Promise<Prepared> {
  const { file: scenarioFile, scenario } = loadScenario(experiment.scenario);
  if (scenario.ships.length !== 2) throw ConfigError.at(file, 'scenario', 'a scenario with two ships', experiment.scenario);
  if (experiment.board) scenario.board = experiment.board;
  let tables: GameTables;
  try {
    tables = tablesForScenario(scenario);
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
  const factions = experiment.players.map((p, i) => {
    const fi = factionIndex(tables, p.faction);
    if (fi < 0) throw ConfigError.at(file, `players[${i}].faction`, `a faction id (${tables.factions.map((f) => f.id).join(', ')})`, p.faction);
    return fi;
  });
  const fixed = experiment.players.map((p, i) => {
    const f = tables.factions[factions[i]];
    if (p.loadout === 'default') return f.defaultLoadout;
    if (typeof p.loadout === 'object') return compileLoadout(f, p.loadout, { file, path: `players[${i}].loadout` });
    return null;
  });
  const factories: PolicyFactory[] = [];
  const base = dirname(resolve(file));
  for (let i = 0; i < experiment.players.length; i++) {
    try {
      const factory = await loadPolicyFactory(experiment.players[i].policy, base);
      factory(experiment.players[i].params, () => 0.5); // parameters are checked now, not in a worker
      factories.push(factory);
    } catch (e) {
      const msg = (e as Error).message;
      if (/^unknown bot/.test(msg) || /^no bot file/.test(msg))
        throw ConfigError.at(file, `players[${i}].policy`, msg.replace(/^unknown bot "[^"]*": expected /, ''), experiment.players[i].policy);
      throw ConfigError.at(file, `players[${i}].params`, `parameters ${experiment.players[i].policy} accepts (${msg})`, experiment.players[i].params);
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
  return { experiment, file, tables, scenarioFile, scenario, factories, factions, fixed, fallback };
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

/** What one match came to (the state stays in the player until the next match). */
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
  readonly kernel: Kernel;
  readonly runner: MatchRunner;
  readonly state = new GameState();
  private readonly pairings: [number, number][];

  constructor(prep: Prepared) {
    this.prep = prep;
    this.pairings = pairingsOf(prep.experiment);
    this.kernel = new Kernel(prep.tables);
    this.runner = new MatchRunner(this.kernel);
  }

  /** Play match `id`; with a log attached, its events are recorded. */
  play(id: number, log: EventLog | null = null): PlayedMatch {
    const { experiment, tables, scenario, scenarioFile } = this.prep;
    const { pair, localPair, game, seats } = slotOf(experiment, this.pairings, id);
    // Every pairing plays pair k on the same seed: shared seeds across the field.
    const seed = pairSeed(experiment.seed, localPair);
    const policies: Policy[] = seats.map((pl, seat) => makePolicy(this.prep.factories[pl], experiment.players[pl].params, seed, seat));
    const setup = scenarioSetup(scenarioFile, scenario, tables, seed);
    for (let seat = 0; seat < 2; seat++) {
      const pl = seats[seat];
      setup.ships[seat].faction = this.prep.factions[pl];
      const loadout = experiment.players[pl].loadout;
      setup.ships[seat].loadout =
        this.prep.fixed[pl] ?? (loadout === 'sample' ? sampleLoadout(tables.factions[this.prep.factions[pl]], seedrandom(`${seed}/loadout/${pl}`)) : tables.factions[this.prep.factions[pl]].defaultLoadout);
    }
    if (seats.some((pl) => experiment.players[pl].loadout === 'draft')) {
      const drafted = this.runner.draft(setup.ships.map((sh) => tables.factions[sh.faction]), policies);
      for (let seat = 0; seat < 2; seat++) if (experiment.players[seats[seat]].loadout === 'draft') setup.ships[seat].loadout = drafted[seat];
    }
    this.kernel.log = log;
    this.kernel.setup(this.state, setup);
    const fallbacks = this.prep.fallback ? seats.map((_, seat) => makePolicy(this.prep.fallback!, {}, `${seed}/fallback`, seat)) : null;
    try {
      this.runner.play(this.state, policies, fallbacks);
    } catch (e) {
      // Adjudication by forfeit: the faulty policy loses the match.
      if (!(e instanceof PolicyError)) throw e;
      this.state.g[G_STATUS] = STATUS_ADJUDICATED;
      this.state.g[G_WINNER] = 1 - e.player;
    }
    return {
      state: this.state,
      seed,
      pair,
      game,
      seats,
      termination: this.runner.fault,
      faultSeat: this.runner.faultSeat,
      faultMessage: this.runner.faultMessage,
      policyMicros: [this.runner.policyMicros[0], this.runner.policyMicros[1]],
    };
  }
}
