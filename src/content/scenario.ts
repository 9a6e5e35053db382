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
import { ConfigError, ROOT } from './errors.js';
import { loadYaml, loadGameTables, compileLoadout, defaultConfigDir } from './load.js';
import { LoadoutSchema } from './schema.js';
import type { SourcedChange } from './changes.js';

const Direction = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
const Hex = z.tuple([z.number().int(), z.number().int()]);
const MomentumToken = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW', 'CW', 'CCW']);
const CommandName = z.enum(COMMAND_IDS);
const EngineSetting = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW', 'double', 'cw', 'ccw', 'none']);
const Range = z.tuple([z.number().int(), z.number().int()]).refine((r) => r[0] <= r[1], 'a [min, max] pair with min <= max');
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
  momentum: z.array(MomentumToken).optional(),
  armour: z.record(z.string(), Count).optional(),
  shields: z.record(z.string(), Count).optional(),
  structure: z.number().int().min(1).optional(),
  /** Cooldown track positions of cards not in hand (0 = Ready). */
  cooldown: z.partialRecord(CommandName, z.number().int().min(0).max(9)).optional(),
  /** Where each of the four corvettes starts: aboard (default) or destroyed; put one on the board as a token. */
  corvettes: z.array(z.enum(['aboard', 'destroyed'])).length(4).optional(),
  /** The ship's team (rulebook 3): required with 4 ships, two ships per team; left out at 2-3 players (free-for-all). */
  team: z.number().int().min(0).max(3).optional(),
});

const TokenSchema = z.strictObject({
  kind: z.enum(['projectile', 'torpedo', 'corvette']),
  owner: z.number().int().min(0),
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
  winner: z.number().int().optional(),
  round: z.number().int().optional(),
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
  roundLimit: z.number().int().min(1).optional(),
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
  tokens: z.array(TokenSchema).optional(),
  /** Commitments of the next rounds, one entry per round, one per ship. */
  rounds: z.array(z.strictObject({ players: z.array(CommitSchema) })).optional(),
  expect: ExpectSchema.optional(),
});
export type Scenario = z.output<typeof ScenarioSchema>;
export type ScenarioCommit = z.output<typeof CommitSchema>;
export type ScenarioExpect = z.output<typeof ExpectSchema>;

/** Folder of the shipped starting scenarios. */
export function defaultScenarioDir(): string {
  return join(defaultConfigDir(), 'scenarios');
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
  return { file, scenario: loadYaml(file, ScenarioSchema) };
}

/** Load the tables a scenario plays on: its board, the factions, its rule overrides. */
export function tablesForScenario(sc: Scenario, configDir?: string, changes?: readonly SourcedChange[]): GameTables {
  const t = loadGameTables({ configDir, board: sc.board, changes });
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
  const tokens: TokenSetup[] = (sc.tokens ?? []).map((tk, i) => {
    if (tk.owner >= ships.length) throw ConfigError.at(file, `tokens[${i}].owner`, `a ship index 0..${ships.length - 1}`, tk.owner);
    const kind = tk.kind === 'projectile' ? SMALL_PROJECTILE : tk.kind === 'torpedo' ? SMALL_TORPEDO : SMALL_CORVETTE;
    const ref = tk.from === 'main' ? 0 : tk.from === 'broadside' ? 1 : 1 + Number(tk.from.slice(-1));
    return { kind, owner: tk.owner, ref, q: tk.position[0], r: tk.position[1], facing: directionIndex(tk.facing) };
  });
  return { ships, tokens, roundLimit: sc.roundLimit ?? t.roundLimit };
}

export { ConfigError, ROOT };
