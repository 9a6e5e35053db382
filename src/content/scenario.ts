/**
 * Scenarios (docs/scenario-format.md): a position to start from and, optionally, the
 * commitments and mid-round answers of the next rounds, plus expected results for tests.
 *
 * Why one format for both: a match's starting positions (configs/scenarios, optionally
 * randomised within bounds by the seed) and a rulebook worked example (test/scenarios,
 * exact armour, mats and cooldowns) differ only in how much they pin down. Files are YAML
 * or JSON (YAML reads JSON), validated by zod with errors naming file, path and value; the
 * result is a plain MatchSetup the kernel takes, so the kernel never sees names.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { seededRandom } from '../random/rng.js';
import { directionIndex } from '../hex/hex.js';
import type { GameTables, FactionTable, RuleSwitches } from '../rules/tables.js';
import { COMMAND_IDS } from '../rules/tables.js';
import { ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW, ENGINE_NONE, SMALL_PROJECTILE, SMALL_TORPEDO, SMALL_CORVETTE, TOK_CW, TOK_CCW, CORV_ABOARD, CORV_DESTROYED } from '../rules/state.js';
import type { MatchSetup, ShipSetup, TokenSetup } from '../rules/kernel.js';
import { ConfigError, ROOT, type ConfigIssue, type SourcePos } from './errors.js';
import { SetupError } from '../rules/setup.js';
import { loadYamlLocated, loadGameTables, compileLoadout, defaultConfigDir, UnknownConfigName } from './load.js';
import { LoadoutSchema, MAX_ROUND_LIMIT } from './schema.js';
import { LIN_SLOTS, MAX_PLAYERS, MAX_TOKENS, ROT_SLOTS, SHIELD_MAX_PER_SECTION } from '../rules/state.js';
import type { SourcedChange } from './changes.js';

/**
 * Board coordinates stay within this on each axis: the largest board (radius 40, or 80
 * columns by 80 rows) does, and the kernel stores positions in 16 bits.
 */
export const MAX_COORD = 80;
const Direction = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
const Coord = z.number().int().min(-MAX_COORD).max(MAX_COORD);
const Hex = z.tuple([Coord, Coord]);
/** A randomise offset: enough to move a start from one side of the largest board to the other. */
const Offset = z.number().int().min(-2 * MAX_COORD).max(2 * MAX_COORD);
const MomentumToken = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW', 'CW', 'CCW']);
const CommandName = z.enum(COMMAND_IDS);
const EngineSetting = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW', 'double', 'cw', 'ccw', 'none']);
const Range = z.tuple([Offset, Offset]).refine((r) => r[0] <= r[1], 'a [min, max] pair with min <= max');
/** Printed armour and structure stop at 99, shields on a section at 15 (content/schema.ts). */
const Armour = z.number().int().min(0).max(99);
const Shields = z.number().int().min(0).max(SHIELD_MAX_PER_SECTION);
const RoundLimit = z.number().int().min(1).max(MAX_ROUND_LIMIT);
const Count = z.number().int().min(0);

const ShipSchema = z.strictObject({
  /** Faction id (a file in configs/factions). */
  faction: z.string(),
  loadout: LoadoutSchema.optional(),
  position: Hex,
  facing: Direction,
  /** Randomise the start within bounds, from the match seed: offsets added to position, facings to pick from. */
  randomise: z
    .strictObject({
      q: Range.optional(),
      r: Range.optional(),
      facing: z.array(Direction).min(1).optional(),
    })
    .optional(),
  /** Momentum mat in slot order; linear tokens are played before rotational ones (7.2.2). */
  momentum: z
    .array(MomentumToken)
    .superRefine((m, ctx) => {
      const rot = m.filter((t) => t === 'CW' || t === 'CCW').length;
      if (m.length - rot > LIN_SLOTS || rot > ROT_SLOTS)
        ctx.addIssue({ code: 'custom', message: `a momentum mat of at most ${LIN_SLOTS} linear and ${ROT_SLOTS} rotational tokens (7.2.2)` });
    })
    .optional(),
  armour: z.record(z.string(), Armour).optional(),
  shields: z.record(z.string(), Shields).optional(),
  structure: z.number().int().min(1).max(99).optional(),
  /** Cooldown track positions of cards not in hand (0 = Ready). */
  cooldown: z.partialRecord(CommandName, z.number().int().min(0).max(9)).optional(),
  /** Where each of the four corvettes starts: aboard (default) or destroyed; put one on the board as a token. */
  corvettes: z.array(z.enum(['aboard', 'destroyed'])).length(4).optional(),
  /** The ship's team (rulebook 3): required with 4 ships, two ships per team; left out at 2-3 players (free-for-all). */
  team: z.number().int().min(0).max(3).optional(),
});

const TokenSchema = z.strictObject({
  kind: z.enum(['projectile', 'torpedo', 'corvette']),
  owner: z.number().int().min(0).max(MAX_PLAYERS - 1),
  /** Which weapon fired it: main, broadside, or a corvette slot 1-4 (its weapon, or the corvette itself). */
  from: z.enum(['main', 'broadside', 'corvette1', 'corvette2', 'corvette3', 'corvette4']),
  position: Hex,
  facing: Direction,
});

const CommitSchema = z.strictObject({
  engine: EngineSetting,
  commands: z.array(CommandName).max(2),
  /** Power to Engines direction (10.1.6), when it is one of the commands. */
  direction: Direction.optional(),
  /** Answers to this player's mid-round decisions this round, in order (see docs/scenario-format.md). */
  decisions: z.array(z.string()).optional(),
});

const ShipExpect = z.strictObject({
  position: Hex.optional(),
  facing: Direction.optional(),
  momentum: z.array(MomentumToken).optional(),
  armour: z.record(z.string(), Count).optional(),
  shields: z.record(z.string(), Count).optional(),
  structure: Count.optional(),
  alive: z.boolean().optional(),
  cards: z.partialRecord(CommandName, z.union([z.literal('hand'), z.literal('held'), z.number().int().min(0)])).optional(),
  stats: z.record(z.string(), z.number()).optional(),
});

const ExpectSchema = z.strictObject({
  status: z.enum(['ongoing', 'victory', 'draw', 'draw-by-limit']).optional(),
  winner: z.number().int().min(-1).max(MAX_PLAYERS - 1).optional(),
  round: z.number().int().min(1).max(MAX_ROUND_LIMIT + 1).optional(),
  ships: z.array(ShipExpect).optional(),
  tokens: Count.optional(),
  supplies: z.strictObject({ shields: Count.optional(), linear: Count.optional(), clockwise: Count.optional(), counterClockwise: Count.optional() }).optional(),
});

export const ScenarioSchema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  /** The rule or worked example the scenario checks (e.g. "12 steps 1-6"). */
  rule: z.string().optional(),
  board: z.string().default('standard'),
  roundLimit: RoundLimit.optional(),
  /** Rule switches overridden for this scenario (configs/rules.yaml switches). */
  rules: z
    .strictObject({
      collisionCancelCount: z.union([z.literal(1), z.literal(2)]).optional(),
      collisionModifyCount: z.union([z.literal(0), z.literal(1)]).optional(),
      rotationalOnTrack: z.boolean().optional(),
      edgeTokenCounts: z.boolean().optional(),
      edgeRotationCancels: z.boolean().optional(),
      passThrough: z.boolean().optional(),
      overflowToStructure: z.boolean().optional(),
      tieRule: z.enum(['rotate', 'seat']).optional(),
      broadsideFire: z.enum(['choose', 'all']).optional(),
      pointDefenceReach: z.enum(['within', 'below']).optional(),
      edgeLineOfFire: z.enum(['eitherSide', 'bothSides', 'nudge']).optional(),
      repeatFactions: z.boolean().optional(),
    })
    .optional(),
  ships: z.array(ShipSchema).min(2).max(4),
  /** Small tokens on the board at the start: the kernel's token table holds MAX_TOKENS. */
  tokens: z.array(TokenSchema).max(MAX_TOKENS).optional(),
  /** Commitments of the next rounds, one entry per round, one per ship. */
  rounds: z.array(z.strictObject({ players: z.array(CommitSchema).max(MAX_PLAYERS) })).max(MAX_ROUND_LIMIT).optional(),
  expect: ExpectSchema.optional(),
});
export type Scenario = z.output<typeof ScenarioSchema>;
export type ScenarioCommit = z.output<typeof CommitSchema>;
export type ScenarioExpect = z.output<typeof ExpectSchema>;

/** Folder of the shipped starting scenarios. */
export function defaultScenarioDir(): string {
  return join(defaultConfigDir(), 'scenarios');
}

/** Where a loaded scenario came from: its file, the board it named, its source lines. */
interface Origin {
  file: string;
  board: string;
  locate: (path: readonly PropertyKey[]) => SourcePos | undefined;
}
const origins = new WeakMap<Scenario, Origin>();

/** Source position of a scenario path, when the scenario was read from a file. */
function posOf(sc: Scenario, path: readonly PropertyKey[]): SourcePos | undefined {
  return origins.get(sc)?.locate(path);
}

/** Load a scenario by path, or by name from configs/scenarios. */
export function loadScenario(fileOrName: string): { file: string; scenario: Scenario } {
  let file = fileOrName;
  if (!existsSync(file)) {
    const named = join(defaultScenarioDir(), `${fileOrName}.yaml`);
    if (!existsSync(named)) {
      const known = readdirSync(defaultScenarioDir()).map((f) => f.replace(/\.(ya?ml|json)$/, ''));
      throw ConfigError.at(fileOrName, ROOT, `a scenario file, or the name of one in configs/scenarios (${known.join(', ')})`, 'no such file');
    }
    file = named;
  }
  const { value: scenario, locate } = loadYamlLocated(file, ScenarioSchema);
  origins.set(scenario, { file, board: scenario.board, locate });
  return { file, scenario };
}

/** Load the tables a scenario plays on: its board, the factions, its rule overrides. */
export function tablesForScenario(sc: Scenario, configDir?: string, changes?: readonly SourcedChange[]): GameTables {
  let t: GameTables;
  try {
    t = loadGameTables({ configDir, board: sc.board, changes });
  } catch (e) {
    // An unknown board name the scenario file wrote is that file's mistake, at `board`.
    const origin = origins.get(sc);
    if (e instanceof UnknownConfigName && e.kind === 'boards' && origin !== undefined && origin.board === sc.board)
      throw ConfigError.at(origin.file, 'board', e.expectedName, sc.board, origin.locate(['board']));
    throw e;
  }
  if (sc.rules) t.rules = { ...t.rules, ...(sc.rules as Partial<RuleSwitches>) };
  if (sc.roundLimit) t.roundLimit = sc.roundLimit;
  return t;
}

export function factionIndex(t: GameTables, id: string): number {
  return t.factions.findIndex((f) => f.id === id);
}

const ENGINE_CODES: Record<string, number> = { double: ENGINE_DOUBLE, cw: ENGINE_CW, ccw: ENGINE_CCW, none: ENGINE_NONE };
export function engineCode(name: string): number {
  return name in ENGINE_CODES ? ENGINE_CODES[name] : directionIndex(name);
}
export function momentumCode(name: string): number {
  return name === 'CW' ? TOK_CW : name === 'CCW' ? TOK_CCW : directionIndex(name);
}

function sectionMap(file: string, path: string, f: FactionTable, values: Record<string, number> | undefined, fill: number): number[] | undefined {
  if (!values) return undefined;
  const out = f.hull.sectionNames.map(() => fill);
  for (const [name, v] of Object.entries(values)) {
    const i = f.hull.sectionNames.indexOf(name);
    if (i < 0) throw ConfigError.at(file, `${path}.${name}`, `a section of ${f.id}'s hull (${f.hull.sectionNames.join(', ')})`, name);
    out[i] = v;
  }
  return out;
}

/**
 * Teams and factions (rulebook 3), checked with the scenario's file and field named (the
 * kernel's setup checks the same, placeTeams): 4 ships are two teams of two, each of one
 * faction; 2-3 ships are free-for-all, and 3 need different factions unless the rule switch
 * repeatFactions is on.
 */
function checkTeams(file: string, sc: Scenario, t: GameTables): void {
  const ships = sc.ships;
  if (ships.length === 4) {
    const missing = ships.findIndex((sh) => sh.team === undefined);
    if (missing >= 0) throw ConfigError.at(file, `ships[${missing}].team`, 'a team for every ship: a 4-player game is two teams of two, each of one faction (rulebook 3)', 'missing');
    ships.forEach((sh, i) => {
      const mates = ships.map((o, j) => (o.team === sh.team ? j : -1)).filter((j) => j >= 0);
      if (mates.length !== 2) throw ConfigError.at(file, `ships[${i}].team`, `two ships per team (rulebook 3); team ${sh.team} has ships ${mates.join(', ')}`, sh.team);
      const other = mates.find((j) => j !== i)!;
      if (ships[other].faction !== sh.faction)
        throw ConfigError.at(file, `ships[${i}].faction`, `the faction of its team-mate ships[${other}] (${ships[other].faction}): a team flies one faction (rulebook 3)`, sh.faction);
    });
    return;
  }
  ships.forEach((sh, i) => {
    if (sh.team !== undefined) throw ConfigError.at(file, `ships[${i}].team`, `no team: ${ships.length}-player games are free-for-all (rulebook 3); teams are for 4 ships`, sh.team);
  });
  if (ships.length === 3 && !t.rules.repeatFactions) {
    for (let i = 1; i < 3; i++)
      for (let j = 0; j < i; j++)
        if (ships[i].faction === ships[j].faction)
          throw ConfigError.at(
            file,
            `ships[${i}].faction`,
            `a faction different from ships[${j}]'s: each player of a 3-player game selects a different faction (rulebook 3; set the rule switch repeatFactions: true, in the scenario's rules block, for a study with repeats)`,
            ships[i].faction,
          );
  }
}

/**
 * Resolve a scenario into the kernel's MatchSetup. Randomised starts are drawn from
 * `seed` (seedrandom's stream, sim/rng.ts), so the same seed gives the same start.
 */
export function scenarioSetup(file: string, sc: Scenario, t: GameTables, seed: string | number = 0): MatchSetup {
  const rng = seededRandom(`${seed}/setup`);
  const pick = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const ships: ShipSetup[] = sc.ships.map((sh, i) => {
    const at = `ships[${i}]`;
    const fi = factionIndex(t, sh.faction);
    if (fi < 0) throw ConfigError.at(file, `${at}.faction`, `a faction id (${t.factions.map((f) => f.id).join(', ')})`, sh.faction);
    const f = t.factions[fi];
    const loadout = sh.loadout ? compileLoadout(f, sh.loadout, { file, path: `${at}.loadout` }) : f.defaultLoadout;
    let [q, r] = sh.position;
    let facing = directionIndex(sh.facing);
    if (sh.randomise) {
      if (sh.randomise.q) q += pick(sh.randomise.q[0], sh.randomise.q[1]);
      if (sh.randomise.r) r += pick(sh.randomise.r[0], sh.randomise.r[1]);
      if (sh.randomise.facing) facing = directionIndex(sh.randomise.facing[pick(0, sh.randomise.facing.length - 1)]);
    }
    const cooldown = sh.cooldown ? COMMAND_IDS.map((c) => sh.cooldown?.[c] ?? -1) : undefined;
    return {
      faction: fi,
      loadout,
      q,
      r,
      facing,
      momentum: sh.momentum?.map(momentumCode),
      armour: sectionMap(file, `${at}.armour`, f, sh.armour, -1)?.map((v, s) => (v < 0 ? f.hull.armour[s] : v)),
      shields: sectionMap(file, `${at}.shields`, f, sh.shields, 0),
      structure: sh.structure,
      cooldown,
      corvettes: sh.corvettes?.map((c) => (c === 'destroyed' ? CORV_DESTROYED : CORV_ABOARD)),
      team: sh.team,
    };
  });
  checkTeams(file, sc, t);
  sc.ships.forEach((sh, i) => checkShipState(file, sc, i, t.factions[ships[i].faction]));
  checkStarts(file, sc, t);
  const tokens: TokenSetup[] = (sc.tokens ?? []).map((tk, i) => {
    if (tk.owner >= ships.length) throw ConfigError.at(file, `tokens[${i}].owner`, `a ship index 0..${ships.length - 1}`, tk.owner);
    const kind = tk.kind === 'projectile' ? SMALL_PROJECTILE : tk.kind === 'torpedo' ? SMALL_TORPEDO : SMALL_CORVETTE;
    const ref = tk.from === 'main' ? 0 : tk.from === 'broadside' ? 1 : 1 + Number(tk.from.slice(-1));
    return { kind, owner: tk.owner, ref, q: tk.position[0], r: tk.position[1], facing: directionIndex(tk.facing) };
  });
  return { ships, tokens, roundLimit: sc.roundLimit ?? t.roundLimit };
}

/** Armour, shields and structure within what the ship's hull prints (the kernel's set-up checks the same, without the place). */
function checkShipState(file: string, sc: Scenario, i: number, f: FactionTable): void {
  const sh = sc.ships[i];
  const at = (path: string, expected: string, value: unknown, keys: PropertyKey[]): never => {
    throw ConfigError.at(file, `ships[${i}].${path}`, expected, value, posOf(sc, ['ships', i, ...keys]));
  };
  const hull = f.hull;
  for (const [name, v] of Object.entries(sh.armour ?? {})) {
    const s = hull.sectionNames.indexOf(name);
    if (s >= 0 && v > hull.armour[s]) at(`armour.${name}`, `an armour from 0 to ${hull.armour[s]} (the printed armour of ${f.id}'s ${name})`, v, ['armour', name]);
  }
  let total = 0;
  for (const [name, v] of Object.entries(sh.shields ?? {})) {
    total += v;
    if (hull.sectionNames.includes(name) && v > hull.shieldCapSection)
      at(`shields.${name}`, `shields from 0 to ${hull.shieldCapSection} (${f.id}'s shieldCapacity.perSection)`, v, ['shields', name]);
  }
  if (total > hull.shieldCapTotal) at('shields', `at most ${hull.shieldCapTotal} shields in all (${f.id}'s shieldCapacity.total)`, total, ['shields']);
  if (sh.structure !== undefined && sh.structure > hull.structure)
    at('structure', `a structure from 1 to ${hull.structure} (${f.id}'s printed structure)`, sh.structure, ['structure']);
}

const checkedStarts = new WeakMap<Scenario, WeakSet<GameTables>>();

/**
 * Every start the scenario can draw is legal: each ship wholly on the board, no two ships
 * overlapping, no token under a hull or off the board. Checked once per scenario and
 * tables, before any match is played, so a randomise range that can go wrong is an error
 * up front instead of a failed match at the first seed that draws it.
 *
 * Why this covers every draw: a ship's draw is a q offset, an r offset and a facing, each
 * from its own list, independent of the other ships' draws (only their order in the
 * random stream differs). Being on the board and missing the tokens depend on one ship's
 * draw alone, so every (q, r, facing) of each ship is enumerated (at most 321 x 321 x 6).
 * Two ships a and b overlap for some draw exactly when some hull hex x of a (at facing fa)
 * and y of b (at fb) coincide: pa + da + x = pb + db + y, i.e. db - da = pa + x - pb - y.
 * The differences db - da of two integer ranges fill the integer range
 * [b.min - a.max, b.max - a.min] on each axis, so for each pair of facings and of hexes it
 * is one range test: exact, and no draw is left out.
 *
 * `seatFactions`: faction indices that may fly any ship besides its own (an experiment
 * seats its entrants' factions in every seat); each is checked at every seat too.
 */
export function checkStarts(file: string, sc: Scenario, t: GameTables, seatFactions: readonly number[] = []): void {
  let done = checkedStarts.get(sc);
  if (seatFactions.length === 0 && done?.has(t)) return;
  const board = t.board;
  const onBoard = (q: number, r: number): boolean => {
    const x = q - board.qMin;
    const y = r - board.rMin;
    return x >= 0 && y >= 0 && x < board.width && y < board.height && board.mask[y * board.width + x] === 1;
  };
  const show = (q: number, r: number) => `[${q}, ${r}]`;
  // On a board the scenario file did not choose (an experiment's `board`), the starts not
  // fitting is the chooser's mistake: a set-up error, which the experiment names at its board.
  const origin = origins.get(sc);
  const foreignBoard = origin !== undefined && origin.board !== sc.board;
  const fault = (issue: ConfigIssue): never => {
    const e = new ConfigError(file, [issue]);
    throw foreignBoard ? new SetupError(e.message) : e;
  };
  const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  const tokenAt = new Map<string, number>();
  (sc.tokens ?? []).forEach((tk, k) => {
    const [q, r] = tk.position;
    if (!onBoard(q, r))
      throw ConfigError.at(file, `tokens[${k}].position`, `a hex on board ${board.id}`, tk.position, posOf(sc, ['tokens', k, 'position']));
    tokenAt.set(`${q},${r}`, k);
  });

  interface Draws {
    q: number;
    r: number;
    qs: readonly [number, number];
    rs: readonly [number, number];
    facings: number[];
    hull: FactionTable['hull'];
    faction: string;
  }
  // One entry per ship and hull it may fly: its own faction's, and any other seated there.
  const draws: Draws[] = [];
  const shipOf: number[] = [];
  sc.ships.forEach((sh, i) => {
    const facings = sh.randomise?.facing ? [...new Set(sh.randomise.facing.map(directionIndex))] : [directionIndex(sh.facing)];
    for (const fi of new Set([factionIndex(t, sh.faction), ...seatFactions])) {
      const f = t.factions[fi];
      draws.push({ q: sh.position[0], r: sh.position[1], qs: sh.randomise?.q ?? [0, 0], rs: sh.randomise?.r ?? [0, 0], facings, hull: f.hull, faction: f.id });
      shipOf.push(i);
    }
  });
  const FACING = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
  const where = (i: number) => (sc.ships[i].randomise ? 'randomise' : 'position');
  const place = (d: Draws, dq: number, dr: number, f: number) => {
    const i = shipOf[draws.indexOf(d)];
    const hull = d.faction === sc.ships[i].faction ? '' : ` (flying ${d.faction})`;
    return `${show(d.q + dq, d.r + dr)} facing ${FACING[f]}${sc.ships[i].randomise ? ` (q offset ${signed(dq)}, r offset ${signed(dr)})` : ''}${hull}`;
  };

  draws.forEach((d, k) => {
    const i = shipOf[k];
    const n = d.hull.hexCount;
    const count = (d.qs[1] - d.qs[0] + 1) * (d.rs[1] - d.rs[0] + 1) * d.facings.length;
    const expected = sc.ships[i].randomise
      ? `randomise ranges that keep the ship wholly on board ${board.id}, clear of every token, for every draw (${count} starts)`
      : `a position with the whole ship on board ${board.id}, clear of every token`;
    for (const f of d.facings)
      for (let dq = d.qs[0]; dq <= d.qs[1]; dq++)
        for (let dr = d.rs[0]; dr <= d.rs[1]; dr++)
          for (let h = 0; h < n; h++) {
            const q = d.q + dq + d.hull.rotQ[f * n + h];
            const r = d.r + dr + d.hull.rotR[f * n + h];
            const tk = tokenAt.get(`${q},${r}`);
            if (onBoard(q, r) && tk === undefined) continue;
            const what = tk === undefined ? `not wholly on the board, hull hex ${show(q, r)} is off it` : `hull hex ${show(q, r)} is under tokens[${tk}]`;
            fault({ path: `ships[${i}].${where(i)}`, expected, got: `${place(d, dq, dr, f)}: ${what}`, ...posOf(sc, ['ships', i, where(i)]) });
          }
  });

  for (let kb = 1; kb < draws.length; kb++)
    for (let ka = 0; ka < kb; ka++) {
      const i = shipOf[ka];
      const j = shipOf[kb];
      if (i === j) continue;
      const a = draws[ka];
      const b = draws[kb];
      // db - da on each axis ranges over [b.min - a.max, b.max - a.min].
      const lq = b.qs[0] - a.qs[1];
      const hq = b.qs[1] - a.qs[0];
      const lr = b.rs[0] - a.rs[1];
      const hr = b.rs[1] - a.rs[0];
      for (const fa of a.facings)
        for (const fb of b.facings)
          for (let x = 0; x < a.hull.hexCount; x++)
            for (let y = 0; y < b.hull.hexCount; y++) {
              const vq = a.q + a.hull.rotQ[fa * a.hull.hexCount + x] - b.q - b.hull.rotQ[fb * b.hull.hexCount + y];
              const vr = a.r + a.hull.rotR[fa * a.hull.hexCount + x] - b.r - b.hull.rotR[fb * b.hull.hexCount + y];
              if (vq < lq || vq > hq || vr < lr || vr > hr) continue;
              // A witness: da within a's range with db = da + v within b's.
              const daq = Math.max(a.qs[0], b.qs[0] - vq);
              const dar = Math.max(a.rs[0], b.rs[0] - vr);
              const hexQ = a.q + daq + a.hull.rotQ[fa * a.hull.hexCount + x];
              const hexR = a.r + dar + a.hull.rotR[fa * a.hull.hexCount + x];
              const blamed = sc.ships[j].randomise || !sc.ships[i].randomise ? j : i;
              fault({
                path: `ships[${blamed}].${where(blamed)}`,
                expected: `starts where ships[${i}] and ships[${j}] never overlap, for every draw`,
                got: `ships[${i}] at ${place(a, daq, dar, fa)} and ships[${j}] at ${place(b, daq + vq, dar + vr, fb)} share hex ${show(hexQ, hexR)}`,
                ...posOf(sc, ['ships', blamed, where(blamed)]),
              });
            }
    }
  if (seatFactions.length > 0) return;
  if (done === undefined) checkedStarts.set(sc, (done = new WeakSet()));
  done.add(t);
}

export { ConfigError, ROOT };
