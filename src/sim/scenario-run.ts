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
  D_FIRE_DIR,
  D_TARGET,
  D_BOOST,
  D_CORV_OPTION,
  D_LAUNCH,
  D_ACTIVATE,
  D_PD_WINDOW,
  D_REPAIR_CORV,
  DECISION_NAMES,
  DEFENCE_OPTION_NAMES,
  VENT_NONE,
  CARD_NONE,
  encodeCommit,
  shieldsPlaced,
} from '../rules/kernel.js';
import { GameState, MAX_ACTIONS, STATUS_ONGOING, PHASE_COMMIT, G_FMOUNT, G_FSRC } from '../rules/state.js';
import { TGT_HULL } from '../rules/weapons.js';
import { decodeLaunch, decodeMove, ACT_PASS, ACT_FIRE } from '../rules/corvettes.js';
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
    case D_SHIELD: {
      // The arrangement as one section name per shield, in hull order: `port+port+stern`.
      const names = k.faction(s, p).hull.sectionNames;
      const parts: string[] = [];
      for (let sec = 0; sec < names.length; sec++) for (let i = shieldsPlaced(a, sec); i > 0; i--) parts.push(names[sec]);
      return parts.join('+');
    }
    case D_REPAIR:
      return k.faction(s, p).hull.sectionNames[a];
    case D_P2E_DIR:
      return DIRECTION_NAMES[a];
    case D_FIRE_DIR: {
      const m = fireMounts(k, s, p)[s.g[G_FMOUNT]];
      return DIRECTION_NAMES[(s.facing[p] + m.directions[a]) % 6];
    }
    case D_TARGET:
      return targetName(k, s, a);
    case D_BOOST:
      return a === 1 ? 'pay' : 'miss';
    case D_CORV_OPTION:
      return CORVETTE_OPTION_WORDS[a];
    case D_LAUNCH: {
      decodeLaunch(a, scratch);
      const slot = scratch[0];
      k.corvettes.launchSpot(s, p, scratch[1], scratch[2], scratch[3], scratch);
      return `corvette${slot + 1}@${scratch[0]},${scratch[1]}:${DIRECTION_NAMES[scratch[2]]}`;
    }
    case D_ACTIVATE:
      if (a === ACT_PASS) return 'pass';
      if (a >= ACT_FIRE) return `fire corvette${a - ACT_FIRE + 1}`;
      decodeMove(a, scratch);
      return `corvette${scratch[0] + 1}:${scratch[1]}/${scratch[2]}/${scratch[3]}`;
    case D_PD_WINDOW:
      return a === 0 ? 'wait' : targetName(k, s, a - 1);
    case D_REPAIR_CORV:
      return `corvette${a + 1}`;
  }
  return String(a);
}

const CORVETTE_OPTION_WORDS = ['activate', 'launch', 'repair'];
const scratch = new Int32Array(4);

/** The capital-ship mounts firing now (for naming a fire-direction answer). */
function fireMounts(k: Kernel, s: GameState, p: number) {
  const m = k.faction(s, p).hull.mounts;
  const src = s.g[G_FSRC];
  return src === 0 ? m.main : src === 1 ? m.port : m.starboard;
}

/** A target's name in scenario files: `ship1@q,r` (a hull hex) or `torpedo0@q,r` / `corvette1@q,r`. */
export function targetName(k: Kernel, s: GameState, t: number): string {
  k.weapons.targetHex(s, t, scratch);
  const where = `@${scratch[0]},${scratch[1]}`;
  if (t >= TGT_HULL) return `ship${(t - TGT_HULL) >> 4}${where}`;
  return `${['', 'projectile', 'torpedo', 'corvette'][s.tokKind[t]]}${s.tokOwner[t]}${where}`;
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
      const j = names.indexOf(d === D_SHIELD ? shieldAnswer(kernel, state, p, answers[i]) : answers[i]);
      if (j < 0) throw ConfigError.at(file, where, d === D_SHIELD ? shieldExpected(names) : `one of ${names.join(', ')} for the ${DECISION_NAMES[d]} decision`, answers[i]);
      kernel.submit(state, p, legal[j]);
    }
  }
  return { kernel, state, log, tables };
}

/** A shield answer in hull order (`stern+port` is `port+stern`); unknown names are left for the error. */
function shieldAnswer(k: Kernel, s: GameState, p: number, answer: string): string {
  const names = k.faction(s, p).hull.sectionNames;
  const parts = String(answer).split('+').map((x) => x.trim());
  if (parts.some((x) => !names.includes(x))) return answer;
  return parts.sort((x, y) => names.indexOf(x) - names.indexOf(y)).join('+');
}

function shieldExpected(names: string[]): string {
  const n = names[0].split('+').length;
  const shown = names.length > 6 ? `${names.slice(0, 6).join(', ')}, ... (${names.length} in all)` : names.join(', ');
  return `the arrangement of ${n} shield${n === 1 ? '' : 's'}: one section name per shield joined by '+', within each section's room, e.g. one of ${shown}`;
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
