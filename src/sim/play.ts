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
import { GameState, G_STATUS, G_WINNER, MAX_PLAYERS } from '../rules/state.js';
import type { EventLog } from '../rules/events.js';
import { loadScenario, tablesForScenario, scenarioSetup, factionIndex, checkStarts, type Scenario } from '../content/scenario.js';
import { compileLoadout, UnknownConfigName } from '../content/load.js';
import { snapshotOf } from '../content/snapshot.js';
import type { LoadoutChoice } from '../content/schema.js';
import { ConfigError } from '../content/errors.js';
import { corvetteSets, corvetteSetCards } from '../rules/draft.js';
import type { Policy, PolicyFactory, DecisionContext, DraftContext } from '../bot-api.js';
import { MatchRunner, PolicyError, BotViolation } from './match.js';
import { loadPolicyFactory, seatRandom, BotLoadError } from './bots.js';
import { dirname, resolve } from 'node:path';
import { type Experiment, type MatchSlot, checkSeats, pairSeed, slotOf } from './experiment.js';
import { planExperiment, baseChanges, seatingOf, TWO_SEATS, type Plan, type Entrant, type Seating } from './plan.js';
import { STATUS_ADJUDICATED, TERM_RANDOM, TERM_EXIT, TERM_TABLES, type RecordPlayer } from './record.js';

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
  // A results folder's experiment.yaml plays on the folder's copy of the content (content/snapshot.ts).
  const source = snapshotOf(file);
  const { file: scenarioFile, scenario } = loadScenario(source?.scenarioFile ?? experiment.scenario);
  const seats = scenario.ships.length;
  checkSeats(file, experiment, seats, experiment.scenario, scenario.ships.map((sh, i) => sh.team ?? -1 - i));
  // A rotation block is `seats` games: the matches per table are a whole number of blocks.
  if (experiment.matches % seats) experiment.matches += seats - (experiment.matches % seats);
  if (experiment.board) scenario.board = experiment.board;
  if (source) scenario.board = source.board;
  const changes = baseChanges(file, experiment);
  let tables: GameTables;
  try {
    tables = tablesForScenario(scenario, source?.configDir, changes);
  } catch (e) {
    // Only an unknown board name is the experiment's fault; a broken board file is reported against that file.
    if (!(e instanceof UnknownConfigName) || e.kind !== 'boards' || !experiment.board) throw e;
    throw ConfigError.at(file, 'board', e.issues[0]?.expected ?? 'a board name', experiment.board);
  }
  // Check the starting positions fit the board now, not in a worker; the kernel's set-up says which seats are teammates.
  const start = new GameState();
  try {
    new Kernel(tables).setup(start, scenarioSetup(scenarioFile, scenario, tables, 0));
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw ConfigError.at(file, experiment.board ? 'board' : 'scenario', `a board on which scenario ${experiment.scenario} can be set up (${(e as Error).message})`, experiment.board ?? experiment.scenario);
  }
  if (experiment.roundLimit) tables.roundLimit = experiment.roundLimit;
  let seating: Seating;
  try {
    seating = seatingOf(seatTeams(start, seats));
  } catch (e) {
    throw ConfigError.at(scenarioFile, 'ships', `${(e as Error).message}, so that a rotation block seats every player in every seat`, seats);
  }
  const plan = planExperiment(file, experiment, tables, seating);
  const variantTables = plan.variants.map((v, i) => {
    if (i === 0) return tables;
    const t = tablesForScenario(scenario, source?.configDir, v.changes);
    t.roundLimit = tables.roundLimit;
    return t;
  });
  const factions = plan.entrants.map((p) => {
    const fi = factionIndex(tables, p.faction);
    if (fi < 0) throw ConfigError.at(file, entrantPath(p, 'faction'), `a faction id (${tables.factions.map((f) => f.id).join(', ')})`, p.faction);
    return fi;
  });
  // Entrants fly their factions in every seat: every randomised start must fit their hulls too, at every draw.
  checkStarts(scenarioFile, scenario, tables, [...new Set(factions)]);
  const fixed = plan.entrants.map((p, i) => {
    const f = tables.factions[factions[i]];
    if (p.loadout === 'default') return f.defaultLoadout;
    if (typeof p.loadout === 'object') return 'main' in p.loadout && typeof p.loadout.main === 'number' ? (p.loadout as LoadoutTable) : compileLoadout(f, p.loadout as LoadoutChoice, { file, path: entrantPath(p, 'loadout') });
    return null;
  });
  if (seating.seats > 2) checkTables(file, plan, tables, scenarioSetup(scenarioFile, scenario, tables, 0), factions);
  const factories: PolicyFactory[] = [];
  const base = source?.botBase ?? dirname(resolve(file));
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
      if (e instanceof BotLoadError) throw ConfigError.at(file, entrantPath(p, 'policy'), e.expected, p.policy);
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

/**
 * Every table can be set up with its entrants' factions (a team flies one faction at 4
 * players; a 3-player table repeats a faction only under repeatFactions): checked here, so
 * a mistake is named before any worker starts rather than failing a match.
 */
function checkTables(file: string, plan: Plan, tables: GameTables, setup: MatchSetup, factions: readonly number[]): void {
  const k = new Kernel(tables);
  const s = new GameState();
  const seen = new Set<string>();
  for (const table of plan.pairings) {
    const fs = table.map((e) => factions[e]);
    const key = fs.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const ships = setup.ships.map((sh, seat) => ({ ...sh, faction: fs[seat], loadout: tables.factions[fs[seat]].defaultLoadout }));
    try {
      k.setup(s, { ...setup, ships });
    } catch (e) {
      const names = table.map((i) => plan.entrants[i].name).join(', ');
      throw ConfigError.at(file, 'players', `players whose factions can sit at one table in seat order (${names}: ${(e as Error).message})`, table.map((i) => plan.entrants[i].faction).join(', '));
    }
  }
}

/** Each seat's team as the kernel set it up (team id: the lowest seat of the team; free-for-all: the seat). */
export function seatTeams(s: GameState, seats: number): number[] {
  return Array.from({ length: seats }, (_, p) => s.team[p]);
}

/** The experiment's players as the statistics and matches.csv name them (by entrant index). */
export function experimentPlayers(prep: Pick<Prepared, 'plan'>): RecordPlayer[] {
  return prep.plan.entrants.map((p) => ({ name: p.name, policy: p.policy, faction: p.faction }));
}

/** Total matches of a prepared experiment: matches per table times tables. */
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

/** A call into a bot to adjudicate without making it: the match's `step`-th (MatchRunner.forcedStep). */
export interface ForcedFault {
  step: number;
  termination: number;
  message: string;
}

/**
 * Deep-freeze the tables' objects and arrays, and collect their typed arrays (which cannot
 * be frozen) as bytes. Freezing changes no read: the kernel never writes the tables, and
 * property and element loads of frozen objects compile as before.
 */
function freezeTables(v: object, seen: Set<object>, bytes: Uint8Array[]): void {
  if (seen.has(v)) return;
  seen.add(v);
  if (ArrayBuffer.isView(v)) {
    bytes.push(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    return;
  }
  Object.freeze(v);
  for (const x of Object.values(v)) if (typeof x === 'object' && x !== null) freezeTables(x, seen, bytes);
}

function forbiddenRandom(): number {
  throw new BotViolation(TERM_RANDOM, 'called Math.random: a bot draws only from the rng its factory is given (seeded from the match seed and its seat), so that the match replays');
}

function forbiddenExit(code?: unknown): never {
  throw new BotViolation(TERM_EXIT, `called process.exit(${typeof code === 'number' ? code : ''}): a bot ends nothing but its answer`);
}

/** What one match came to: MatchPlayer.play returns one object, updated in place by the next match (as is the state). */
export interface PlayedMatch {
  state: GameState;
  seed: number;
  pair: number;
  game: number;
  /** The table (pairing) index. */
  table: number;
  /** Experiment player in each seat (length = seats). */
  seats: number[];
  /** Each seat's team id (the plan's seating: the kernel's, the lowest seat of the team). */
  teams: readonly number[];
  /** TERM_* of the first policy fault (0 none), its seat (-1 none) and message. */
  termination: number;
  faultSeat: number;
  faultMessage: string;
  /** Wall-clock microseconds in each seat's policy. */
  policyMicros: Float64Array;
}

/**
 * Adjudication by forfeit (docs/bots.md): the faulty seat's side loses. It leaves the battle
 * now; the match ends adjudicated, won by the one other team when only one is left (two
 * players, or two teams), otherwise without a winner.
 */
export function forfeit(s: GameState, seat: number, teams: readonly number[]): void {
  const n = s.players;
  if (s.outRound[seat] === 0) s.outRound[seat] = Math.max(1, s.round);
  let other = -1;
  let seen = 0;
  let others = 0;
  for (let p = 0; p < n; p++) {
    const t = teams[p];
    if (t === teams[seat] || (seen >> t) & 1) continue;
    seen |= 1 << t;
    other = t;
    others++;
  }
  s.g[G_STATUS] = STATUS_ADJUDICATED;
  s.g[G_WINNER] = others === 1 ? other : -1;
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
  private readonly botRandom = Array.from({ length: MAX_PLAYERS }, (_, seat) => seatRandom(seat));
  private readonly fallbackRandom = Array.from({ length: MAX_PLAYERS }, (_, seat) => seatRandom(seat, '/fallback'));
  /** The current match's policies and fallbacks (arrays reused from match to match). */
  private readonly policies: Policy[] = [];
  private readonly fallbacks: Policy[] = [];
  /** The slot and the result, reused from match to match. */
  private readonly slot: MatchSlot = { pairing: 0, pair: 0, localPair: 0, game: 0, seats: [0, 0] };
  private readonly played: PlayedMatch = {
    state: this.state,
    seed: 0,
    pair: 0,
    game: 0,
    table: 0,
    seats: [0, 0],
    teams: [0, 1],
    termination: 0,
    faultSeat: -1,
    faultMessage: '',
    policyMicros: new Float64Array(MAX_PLAYERS),
  };

  /** The plan's seating (seats, teams, rotation blocks). */
  readonly seating: Seating;

  /**
   * The tables' typed arrays (which cannot be frozen) as bytes, and a copy of each as it was:
   * compared after every match, so a bot that writes into them is caught (tablesChanged).
   */
  private readonly tableBytes: Uint8Array[] = [];
  private readonly tableCopies: Uint8Array[] = [];

  constructor(prep: Prepared) {
    this.prep = prep;
    this.seating = prep.plan.seating ?? TWO_SEATS;
    // Bots see the tables (ctx.kernel.t), shared by every match a worker plays: frozen, so
    // that a bot's write throws (and is adjudicated) instead of changing later matches.
    const seen = new Set<object>();
    for (const t of prep.variantTables) freezeTables(t, seen, this.tableBytes);
    for (const b of this.tableBytes) this.tableCopies.push(b.slice());
    this.kernels = prep.variantTables.map((t) => new Kernel(t));
    this.runners = this.kernels.map((k) => new MatchRunner(k));
    this.kernel = this.kernels[0];
    this.runner = this.runners[0];
  }

  /** Publish every runner's progress (PROGRESS_* of sim/match.ts) in `progress` (a worker's slot of shared memory). */
  useProgress(progress: Int32Array<ArrayBufferLike>): void {
    for (const r of this.runners) r.progress = progress;
  }

  /**
   * Play match `id`; with a log attached, its events are recorded. The result is valid until
   * the next call. `forced`: adjudicate that call into a bot without making it (the replay of
   * a match whose bot overran a limit, run/chunk-pool.ts).
   */
  play(id: number, log: EventLog | null = null, forced: ForcedFault | null = null): PlayedMatch {
    const { experiment, plan } = this.prep;
    const { pairing, pair, localPair, game, seats } = slotOf(experiment, plan.pairings, id, this.slot, this.seating);
    const n = seats.length;
    const variant = plan.pairingVariant[pairing];
    const tables = this.prep.variantTables[variant];
    this.kernel = this.kernels[variant];
    this.runner = this.runners[variant];
    // Every pairing plays pair k on the same seed: shared seeds across the field.
    const seed = pairSeed(experiment.seed, localPair);
    const runner = this.runner;
    runner.beginMatch();
    runner.forcedStep = forced ? forced.step : 0;
    runner.forcedTerm = forced ? forced.termination : 0;
    runner.forcedMessage = forced ? forced.message : '';
    // The bots run with Math.random and process.exit guarded: either throws a BotViolation,
    // which the runner adjudicates (docs/bots.md). Swapped per match, restored after it.
    const random = Math.random;
    const exit = process.exit;
    Math.random = forbiddenRandom;
    process.exit = forbiddenExit;
    try {
      this.playGuarded(log, seed, n, seats, tables, null);
      if (this.tablesChanged()) {
        // A bot wrote into the tables' typed arrays during the match. Put them back and play
        // the match again from its seed, checking them after every call into a bot: the
        // call that changes them is adjudicated (changed the tables), and the record is the
        // one every run gets, whatever else the worker played before.
        this.restoreTables();
        runner.beginMatch();
        this.playGuarded(log, seed, n, seats, tables, this);
        this.restoreTables();
      }
    } finally {
      Math.random = random;
      process.exit = exit;
      runner.forcedStep = 0;
    }
    const m = this.played;
    m.seed = seed;
    m.pair = pair;
    m.game = game;
    m.table = pairing;
    m.teams = this.seating.teams;
    for (let seat = 0; seat < n; seat++) m.seats[seat] = seats[seat];
    m.seats.length = n;
    m.termination = runner.fault;
    m.faultSeat = runner.faultSeat;
    m.faultMessage = runner.faultMessage;
    m.policyMicros.set(runner.policyMicros);
    return m;
  }

  /** Whether the tables' typed arrays differ from their copies. */
  private tablesChanged(): boolean {
    const bytes = this.tableBytes;
    const copies = this.tableCopies;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      const c = copies[i];
      for (let j = 0; j < b.length; j++) if (b[j] !== c[j]) return true;
    }
    return false;
  }

  private restoreTables(): void {
    for (let i = 0; i < this.tableBytes.length; i++) this.tableBytes[i].set(this.tableCopies[i]);
  }

  /**
   * A policy that checks the tables after each call into `pol` and throws (changed the
   * tables) when the call changed them. Only in the replay of a match that changed them.
   */
  private audited(pol: Policy): Policy {
    const check = () => {
      if (!this.tablesChanged()) return;
      this.restoreTables();
      throw new BotViolation(TERM_TABLES, 'changed the tables (ctx.kernel.t), which every match shares');
    };
    const choose = (ctx: DecisionContext) => {
      const a = pol.choose(ctx);
      check();
      return a;
    };
    const draft = (ctx: DraftContext) => {
      const a = pol.draft!(ctx);
      check();
      return a;
    };
    // Everything else (name, budget, forwardCalls) read from the policy itself.
    return new Proxy(pol, { get: (target, key) => (key === 'choose' ? choose : key === 'draft' && target.draft ? draft : Reflect.get(target, key)) });
  }

  /**
   * The match itself, its calls into the bots guarded and adjudicated (play). `audit`: check
   * the tables after every call into a bot (audited).
   */
  private playGuarded(log: EventLog | null, seed: number, n: number, seats: readonly number[], tables: GameTables, audit: MatchPlayer | null): void {
    const { scenario, scenarioFile, plan } = this.prep;
    const entrants = plan.entrants;
    const runner = this.runner;
    let fallbacks: Policy[] | null = null;
    if (this.prep.fallback) {
      fallbacks = this.fallbacks;
      fallbacks.length = n;
      for (let seat = 0; seat < n; seat++) {
        this.fallbackRandom[seat].reset(seed);
        fallbacks[seat] = this.prep.fallback({}, this.fallbackRandom[seat].draw);
      }
    }
    const policies = this.policies;
    policies.length = n;
    for (let seat = 0; seat < n; seat++) {
      const pl = seats[seat];
      this.botRandom[seat].reset(seed);
      let pol = runner.build(this.prep.factories[pl], entrants[pl].params, this.botRandom[seat].draw, seat);
      if (pol !== null && audit !== null) {
        if (this.tablesChanged()) {
          this.restoreTables();
          runner.adjudicateBeforePlay(TERM_TABLES, seat, `the factory of seat ${seat} changed the tables (ctx.kernel.t), which every match shares`);
          pol = null;
        } else pol = this.audited(pol);
      }
      if (pol !== null) policies[seat] = pol;
      else if (fallbacks !== null && runner.forfeitSeat !== seat) policies[seat] = fallbacks[seat]; // the fallback plays the seat's match
      else {
        if (runner.forfeitSeat < 0) runner.forfeitSeat = seat;
        policies[seat] = null!; // never asked: the seat forfeits before play
      }
    }
    if (seed !== this.lastSetupSeed || tables !== this.lastSetupTables) {
      this.lastSetup = scenarioSetup(scenarioFile, scenario, tables, seed);
      this.lastSetupSeed = seed;
      this.lastSetupTables = tables;
    }
    // Each seat's faction and loadout are set below for every match.
    const setup = this.lastSetup!;
    let drafting = false;
    for (let seat = 0; seat < n; seat++) {
      const pl = seats[seat];
      if (entrants[pl].loadout === 'draft') drafting = true;
      setup.ships[seat].faction = this.prep.factions[pl];
      const loadout = entrants[pl].loadout;
      setup.ships[seat].loadout =
        this.prep.fixed[pl] ?? (loadout === 'sample' ? sampleLoadout(tables.factions[this.prep.factions[pl]], seededRandom(`${seed}/loadout/${pl}`)) : tables.factions[this.prep.factions[pl]].defaultLoadout);
    }
    if (drafting) {
      const drafted = runner.draft(
        setup.ships.map((sh) => tables.factions[sh.faction]),
        policies.map((pol, seat) => (seat === runner.forfeitSeat ? null : pol)),
        fallbacks,
        true,
      );
      for (let seat = 0; seat < n; seat++) if (entrants[seats[seat]].loadout === 'draft') setup.ships[seat].loadout = drafted[seat];
    }
    this.kernel.log = log;
    this.kernel.setup(this.state, setup);
    if (runner.forfeitSeat >= 0) {
      // Its factory or its draft faulted (or a limit was overrun there): it loses before play.
      forfeit(this.state, runner.forfeitSeat, this.seating.teams);
      return;
    }
    try {
      runner.play(this.state, policies, fallbacks, false);
    } catch (e) {
      // Adjudication by forfeit: the faulty policy loses the match.
      if (!(e instanceof PolicyError)) throw e;
      forfeit(this.state, e.player, this.seating.teams);
    }
  }
}
