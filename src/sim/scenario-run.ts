/**
 * Playing a scenario's scripted rounds: each round's commitments are forced, and each
 * mid-round decision is answered from the player's `decisions` list by name. Stops when
 * the scripted rounds run out or the match ends. Used by `stareater scenario` and tests.
 */
import { DIRECTION_NAMES, directionIndex } from '../hex/hex.js';
import { COMMAND_IDS, Cmd } from '../rules/tables.js';
import {
  Kernel,
  D_COMMIT,
  D_VENT,
  D_DEFENCE,
  D_SHIELD,
  D_P2E_DIR,
  D_REPAIR,
  DECISION_NAMES,
  DEFENCE_OPTION_NAMES,
  VENT_NONE,
  CARD_NONE,
  encodeCommit,
} from '../rules/kernel.js';
import { GameState, MAX_ACTIONS, STATUS_ONGOING, PHASE_COMMIT } from '../rules/state.js';
import { EventLog } from '../rules/events.js';
import type { GameTables } from '../rules/tables.js';
import { type Scenario, type ScenarioCommit, scenarioSetup, engineCode, tablesForScenario, loadScenario } from '../content/scenario.js';
import { ConfigError } from '../content/errors.js';
import { stateToJson, type StateJson } from './describe.js';

const DEFENCE_WORDS = ['fire', 'hold', 'shields'];

/** The name a scenario uses for action `a` at decision `d` of player p. */
export function actionName(k: Kernel, s: GameState, p: number, d: number, a: number): string {
  switch (d) {
    case D_VENT:
      return a === VENT_NONE ? 'none' : COMMAND_IDS[a];
    case D_DEFENCE:
      return DEFENCE_WORDS[a];
    case D_SHIELD:
    case D_REPAIR:
      return k.faction(s, p).hull.sectionNames[a];
    case D_P2E_DIR:
      return DIRECTION_NAMES[a];
  }
  return String(a);
}

export interface ScenarioRun {
  kernel: Kernel;
  state: GameState;
  log: EventLog;
  tables: GameTables;
}

/** Set up and play a loaded scenario. Throws ConfigError naming the file and place on a bad script. */
export function runScenario(file: string, sc: Scenario, opts: { seed?: string | number; tables?: GameTables; check?: (k: Kernel) => void } = {}): ScenarioRun {
  const tables = opts.tables ?? tablesForScenario(sc);
  const kernel = new Kernel(tables);
  const log = new EventLog();
  kernel.log = log;
  if (opts.check) opts.check(kernel);
  const state = new GameState();
  try {
    kernel.setup(state, scenarioSetup(file, sc, tables, opts.seed ?? 0));
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw ConfigError.at(file, 'ships', 'a position the kernel can set up', (e as Error).message);
  }
  const legal = new Int32Array(MAX_ACTIONS);
  const rounds = sc.rounds ?? [];
  for (let ri = 0; ri < rounds.length && state.status === STATUS_ONGOING; ri++) {
    const entry = rounds[ri];
    const at = `rounds[${ri}]`;
    if (entry.players.length !== state.players)
      throw ConfigError.at(file, `${at}.players`, `one commitment per ship (${state.players})`, entry.players.length);
    const next = new Array<number>(state.players).fill(0);
    for (let p = 0; p < state.players; p++) {
      if (!((state.pending >> p) & 1)) continue;
      const action = commitAction(file, `${at}.players[${p}]`, entry.players[p]);
      const n = kernel.legal(state, p, legal);
      if (!legal.subarray(0, n).includes(action))
        throw ConfigError.at(file, `${at}.players[${p}].commands`, 'commands that are in hand this round (see the cooldown track)', entry.players[p].commands);
      kernel.submit(state, p, action);
    }
    // Mid-round decisions until the next commitment.
    while (state.status === STATUS_ONGOING && !(state.phase === PHASE_COMMIT && state.decision === D_COMMIT)) {
      const p = Math.log2(state.pending & -state.pending);
      const d = state.decision;
      const n = kernel.legal(state, p, legal);
      const names = Array.from(legal.subarray(0, n), (a) => actionName(kernel, state, p, d, a));
      const answers = entry.players[p].decisions ?? [];
      const i = next[p]++;
      const where = `${at}.players[${p}].decisions[${i}]`;
      if (i >= answers.length) throw ConfigError.at(file, where, `an answer to the ${DECISION_NAMES[d]} decision (one of ${names.join(', ')})`, undefined);
      const j = names.indexOf(answers[i]);
      if (j < 0) throw ConfigError.at(file, where, `one of ${names.join(', ')} for the ${DECISION_NAMES[d]} decision`, answers[i]);
      kernel.submit(state, p, legal[j]);
    }
  }
  return { kernel, state, log, tables };
}

function commitAction(file: string, at: string, c: ScenarioCommit): number {
  const engine = engineCode(c.engine);
  const cards = c.commands.map((name) => COMMAND_IDS.indexOf(name));
  const first = cards[0] ?? CARD_NONE;
  const second = cards[1] ?? CARD_NONE;
  let dir = 0;
  if (first === Cmd.PowerToEngines || second === Cmd.PowerToEngines) {
    if (!c.direction) throw ConfigError.at(file, `${at}.direction`, 'a direction for Power to Engines (N NE SE S SW NW)', undefined);
    dir = directionIndex(c.direction);
  }
  return encodeCommit(engine, first, second, dir);
}

/** Load and play a scenario file by path or name. */
export function playScenarioFile(fileOrName: string, seed?: string | number): ScenarioRun & { file: string; scenario: Scenario } {
  const { file, scenario } = loadScenario(fileOrName);
  return { file, scenario, ...runScenario(file, scenario, { seed }) };
}

/** Differences between a state and a scenario's `expect` block ("path: expected X, got Y"). */
export function checkExpect(json: StateJson, expect: Scenario['expect']): string[] {
  const out: string[] = [];
  if (!expect) return out;
  const cmp = (path: string, want: unknown, got: unknown) => {
    if (want === undefined) return;
    if (JSON.stringify(want) !== JSON.stringify(got)) out.push(`${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  cmp('status', expect.status, json.status);
  cmp('winner', expect.winner, json.winner);
  cmp('round', expect.round, json.round);
  cmp('tokens', expect.tokens, json.tokens.length);
  if (expect.supplies) for (const [k, v] of Object.entries(expect.supplies)) cmp(`supplies.${k}`, v, json.supplies[k as keyof StateJson['supplies']]);
  (expect.ships ?? []).forEach((want, p) => {
    const got = json.ships[p];
    if (!got) return out.push(`ships[${p}]: no such ship`);
    cmp(`ships[${p}].position`, want.position, got.position);
    cmp(`ships[${p}].facing`, want.facing, got.facing);
    cmp(`ships[${p}].momentum`, want.momentum, got.momentum);
    cmp(`ships[${p}].structure`, want.structure, got.structure);
    cmp(`ships[${p}].alive`, want.alive, got.alive);
    for (const [k, v] of Object.entries(want.armour ?? {})) cmp(`ships[${p}].armour.${k}`, v, got.armour[k]);
    for (const [k, v] of Object.entries(want.shields ?? {})) cmp(`ships[${p}].shields.${k}`, v, got.shields[k]);
    for (const [k, v] of Object.entries(want.cards ?? {})) cmp(`ships[${p}].cards.${k}`, v, got.cards[k]);
    for (const [k, v] of Object.entries(want.stats ?? {})) cmp(`ships[${p}].stats.${k}`, v, got.stats[k]);
  });
  return out;
}

export { stateToJson, DEFENCE_OPTION_NAMES };
