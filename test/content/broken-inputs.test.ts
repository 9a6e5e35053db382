/**
 * A corpus of broken content inputs: every row is a shipped (good) file with one mutation,
 * written into a temp folder and loaded the way a run loads it. Each must fail with a
 * ConfigError that names the broken file, the place in it and what was expected; none may
 * escape as a stack trace, wrap a number silently, or fail only at some later seed. A few
 * rows go through the CLI end to end: exit status 2 and no results folder left behind.
 *
 * Why table-driven from good files: a row is one line saying what is broken and what the
 * error must say, so adding a case costs a line, and the good file keeps every other field
 * valid, so the row tests exactly the one mistake.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ConfigError } from '../../src/content/errors.ts';
import { defaultConfigDir, loadGameTables, repoRoot } from '../../src/content/load.ts';
import { checkStarts, factionIndex, loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { prepare } from '../../src/sim/play.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import { GameState } from '../../src/rules/state.ts';

type Doc = any;
type Kind = 'faction' | 'board' | 'rules' | 'scenario' | 'experiment';

const CONFIGS = defaultConfigDir();
const ROOT = repoRoot();
const tmp = mkdtempSync(join(tmpdir(), 'stareater-broken-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The good file each kind of row starts from. */
const GOOD: Record<Kind, string> = {
  faction: join(CONFIGS, 'factions', 'fpa.yaml'),
  board: join(CONFIGS, 'boards', 'standard.yaml'),
  rules: join(CONFIGS, 'rules.yaml'),
  scenario: join(CONFIGS, 'scenarios', 'duel.yaml'),
  experiment: join(CONFIGS, 'experiments', 'default.yaml'),
};
const good = (kind: Kind): Doc => parse(readFileSync(GOOD[kind], 'utf8'));

/** An alias bomb: ten anchors, each list ten aliases of the one before (10^9 nodes expanded). */
const BOMB = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`)].join('\n');

interface Row {
  kind: Kind;
  name: string;
  /** Change the parsed good file in place, or return the new text. */
  mutate: (d: Doc) => void | string;
  /** The issue's path (exact), or a pattern for paths given as `line L, column C`. */
  path: string | RegExp;
  /** What the message must say after the path. */
  expected: RegExp;
  /** The file the error must name, when not the mutated one (a board file an experiment names). */
  blames?: 'board';
}

const weapon = (d: Doc) => d.mainWeapons[0];
const textOf = (d: Doc, extra: string) => `${extra}\n${stringify(d)}`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

// ---------------------------------------------------------------------------------------

const FACTION: Row[] = [
  { kind: 'faction', name: 'damage above 20', mutate: (d) => void (weapon(d).damage = 21), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage negative', mutate: (d) => void (weapon(d).damage = -1), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage a fraction', mutate: (d) => void (weapon(d).damage = 2.5), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage a string', mutate: (d) => void (weapon(d).damage = '4'), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage 2^32', mutate: (d) => void (weapon(d).damage = 4294967296), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage .nan', mutate: (d) => stringify(d).replace(/damage: 4\n/, 'damage: .nan\n'), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage .inf', mutate: (d) => stringify(d).replace(/damage: 4\n/, 'damage: .inf\n'), path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'damage missing', mutate: (d) => void delete weapon(d).damage, path: 'mainWeapons[0].damage', expected: /an integer from 0 to 20 \(this field is required\)/ },
  { kind: 'faction', name: 'damage misspelt', mutate: (d) => void ((weapon(d).damgae = weapon(d).damage), delete weapon(d).damage), path: 'mainWeapons[0].damgae', expected: /did you mean "damage"/ },
  { kind: 'faction', name: 'range on a projectile', mutate: (d) => void (weapon(d).range = 3), path: 'mainWeapons[0].range', expected: /0 \(range is for beam and direct-fire weapons/ },
  { kind: 'faction', name: 'speed 0 on a projectile', mutate: (d) => void (weapon(d).speed = 0), path: 'mainWeapons[0].speed', expected: /a number >= 1/ },
  { kind: 'faction', name: 'speed above 20', mutate: (d) => void (weapon(d).speed = 21), path: 'mainWeapons[0].speed', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'weapon cooldown 9', mutate: (d) => void (weapon(d).cooldown = 9), path: 'mainWeapons[0].cooldown', expected: /an integer from 0 to 8/ },
  { kind: 'faction', name: 'tie-breaker 100', mutate: (d) => void (weapon(d).tieBreaker = 100), path: 'mainWeapons[0].tieBreaker', expected: /an integer from 0 to 99/ },
  { kind: 'faction', name: 'torpedo evasion 21', mutate: (d) => void (d.broadsides[0].evasion = 21), path: 'broadsides[0].evasion', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'unknown token supply', mutate: (d) => void (weapon(d).tokenSupply = 'nope'), path: 'mainWeapons[0].tokenSupply', expected: /one of the faction's tokenSupplies/ },
  { kind: 'faction', name: 'structure 0', mutate: (d) => void (d.hull.structure = 0), path: 'hull.structure', expected: /an integer from 1 to 99/ },
  { kind: 'faction', name: 'structure 100', mutate: (d) => void (d.hull.structure = 100), path: 'hull.structure', expected: /an integer from 1 to 99/ },
  { kind: 'faction', name: 'armour 2^16', mutate: (d) => void (d.hull.sections[0].armour = 65536), path: 'hull.sections[0].armour', expected: /an integer from 1 to 99/ },
  { kind: 'faction', name: 'hull evasion 21', mutate: (d) => void (d.hull.evasion = 21), path: 'hull.evasion', expected: /an integer from 0 to 20/ },
  { kind: 'faction', name: 'shields per section above 15', mutate: (d) => void ((d.hull.shieldCapacity.perSection = 16), (d.hull.shieldCapacity.total = 16)), path: 'hull.shieldCapacity.perSection', expected: /a number <= 15/ },
  { kind: 'faction', name: 'shield total 65', mutate: (d) => void (d.hull.shieldCapacity.total = 65), path: 'hull.shieldCapacity.total', expected: /an integer from 0 to 64/ },
  { kind: 'faction', name: 'hull hex beyond 3', mutate: (d) => void (d.hull.hexes[0].hex = [4, 0]), path: 'hull.hexes[0].hex[0]', expected: /an integer from -3 to 3/ },
  { kind: 'faction', name: 'token supply 33', mutate: (d) => void (d.tokenSupplies.mainProjectile = 33), path: 'tokenSupplies.mainProjectile', expected: /an integer from 1 to 32/ },
  { kind: 'faction', name: 'token supply 0', mutate: (d) => void (d.tokenSupplies.mainProjectile = 0), path: 'tokenSupplies.mainProjectile', expected: /an integer from 1 to 32/ },
  { kind: 'faction', name: 'tokens above 11 in all', mutate: (d) => void (d.tokenSupplies.mainProjectile = 6), path: 'tokenSupplies', expected: /at most 11 tokens in all the supplies together \(the board holds 64 small tokens/ },
  { kind: 'faction', name: 'priority 100', mutate: (d) => void (d.commands.fireMain.priority = 100), path: 'commands.fireMain.priority', expected: /an integer from 0 to 99/ },
  { kind: 'faction', name: 'vent cooldown 9', mutate: (d) => void (d.commands.ventCoolant.cooldown = 9), path: 'commands.ventCoolant.cooldown', expected: /an integer from 0 to 8/ },
  { kind: 'faction', name: 'corvette limit 5', mutate: (d) => void (d.corvettes[0].limit = 5), path: 'corvettes[0].limit', expected: /an integer from 1 to 4/ },
  { kind: 'faction', name: 'corvette speed 13', mutate: (d) => void (d.corvettes[0].speed = 13), path: 'corvettes[0].speed', expected: /an integer from 1 to 12/ },
  { kind: 'faction', name: 'corvette agility 7', mutate: (d) => void (d.corvettes[0].agility = 7), path: 'corvettes[0].agility', expected: /an integer from 0 to 6/ },
  { kind: 'faction', name: 'launch distance 7', mutate: (d) => void (d.hangars[0].launchDistance = 7), path: 'hangars[0].launchDistance', expected: /an integer from 0 to 6/ },
  { kind: 'faction', name: 'launch turn 4', mutate: (d) => void (d.hangars[0].launchTurn = 4), path: 'hangars[0].launchTurn', expected: /an integer from 0 to 3/ },
  { kind: 'faction', name: 'point-defence range 0', mutate: (d) => void (d.pointDefence[0].range = 0), path: 'pointDefence[0].range', expected: /an integer from 1 to 30/ },
  { kind: 'faction', name: 'special amount 0', mutate: (d) => void (d.special.effect.amount = 0), path: 'special.effect.amount', expected: /an integer from 1 to 20/ },
  { kind: 'faction', name: 'special amount 21', mutate: (d) => void (d.special.effect.amount = 21), path: 'special.effect.amount', expected: /an integer from 1 to 20/ },
  { kind: 'faction', name: 'Command Corvette speed 0', mutate: (d) => void (d.commandCorvette.speed = 0), path: 'commandCorvette.speed', expected: /an integer from 1 to 12/ },
  { kind: 'faction', name: 'Command Corvette PD range 31', mutate: (d) => void (d.commandCorvette.pointDefence.range = 31), path: 'commandCorvette.pointDefence.range', expected: /an integer from 1 to 30/ },
  {
    kind: 'faction',
    name: '17 main weapons',
    mutate: (d) => void (d.mainWeapons = range(17).map((i) => ({ ...weapon(d), id: `fpa-gun${i}` }))),
    path: 'mainWeapons',
    expected: /a list of at most 16 items/,
  },
  { kind: 'faction', name: 'duplicate card id', mutate: (d) => void (d.broadsides[0].id = weapon(d).id), path: 'broadsides[0].id', expected: /an id no other card of this faction uses/ },
  { kind: 'faction', name: 'alias bomb', mutate: (d) => textOf(d, BOMB), path: /^line 2, column \d+$/, expected: /aliases \(\*name\) expand to at most 100 copies/ },
  { kind: 'faction', name: 'alias before its anchor', mutate: (d) => textOf(d, 'x: *later\ny: &later 1'), path: /^line 1, column \d+$/, expected: /an alias \(\*name\) to an anchor \(&name\) set before it/ },
  { kind: 'faction', name: 'YAML syntax', mutate: (d) => stringify(d).replace('name: FPA', 'name: [FPA'), path: /^line \d+, column \d+$/, expected: /valid YAML/ },
];

const BOARD: Row[] = [
  { kind: 'board', name: 'radius 0', mutate: (d) => void (d.radius = 0), path: 'radius', expected: /an integer from 1 to 40/ },
  { kind: 'board', name: 'radius 41', mutate: (d) => void (d.radius = 41), path: 'radius', expected: /an integer from 1 to 40/ },
  { kind: 'board', name: 'radius 2^32', mutate: (d) => void (d.radius = 4294967296), path: 'radius', expected: /an integer from 1 to 40/ },
  { kind: 'board', name: 'radius a fraction', mutate: (d) => void (d.radius = 7.5), path: 'radius', expected: /an integer from 1 to 40/ },
  { kind: 'board', name: 'unknown shape', mutate: (d) => void (d.shape = 'circle'), path: 'shape', expected: /one of "hexagon", "rectangle"/ },
  { kind: 'board', name: 'id not the file name', mutate: (d) => void (d.id = 'big'), path: 'id', expected: /"standard" \(the file name without \.yaml\)/ },
  { kind: 'board', name: 'start beyond 80', mutate: (d) => void (d.starts[0].hex = [81, 0]), path: 'starts[0].hex[0]', expected: /an integer from -80 to 80/ },
  { kind: 'board', name: 'start off the board', mutate: (d) => void (d.starts[0].hex = [0, 12]), path: 'starts[0].hex', expected: /a hex on the board/ },
  { kind: 'board', name: 'start listed twice', mutate: (d) => void (d.starts[1].hex = d.starts[0].hex), path: 'starts[1].hex', expected: /a hex not listed before/ },
  { kind: 'board', name: 'start facing', mutate: (d) => void (d.starts[0].facing = 'up'), path: 'starts[0].facing', expected: /one of "N", "NE"/ },
  { kind: 'board', name: 'rectangle 81 columns', mutate: () => 'id: standard\nname: x\nshape: rectangle\ncolumns: 81\nrows: 10\n', path: 'columns', expected: /an integer from 2 to 80/ },
  { kind: 'board', name: 'rectangle 1 row', mutate: () => 'id: standard\nname: x\nshape: rectangle\ncolumns: 10\nrows: 1\n', path: 'rows', expected: /an integer from 2 to 80/ },
  { kind: 'board', name: 'radius on a rectangle', mutate: () => 'id: standard\nname: x\nshape: rectangle\ncolumns: 10\nrows: 10\nradius: 3\n', path: 'radius', expected: /one of the known keys/ },
  { kind: 'board', name: 'alias bomb', mutate: (d) => textOf(d, BOMB), path: /^line 2, column \d+$/, expected: /expand to at most 100 copies/ },
];

const RULES: Row[] = [
  { kind: 'rules', name: 'round limit 0', mutate: (d) => void (d.roundLimit = 0), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'rules', name: 'round limit 10001', mutate: (d) => void (d.roundLimit = 10001), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'rules', name: 'round limit 2^32', mutate: (d) => void (d.roundLimit = 4294967296), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'rules', name: 'shield supply 65', mutate: (d) => void (d.supplies.shields = 65), path: 'supplies.shields', expected: /an integer from 0 to 64/ },
  { kind: 'rules', name: 'linear supply -1', mutate: (d) => void (d.supplies.linear = -1), path: 'supplies.linear', expected: /an integer from 0 to 64/ },
  { kind: 'rules', name: 'collisionCancelCount 3', mutate: (d) => void (d.switches.collisionCancelCount = 3), path: 'switches.collisionCancelCount', expected: /one of 1, 2/ },
  { kind: 'rules', name: 'collisionModifyCount 2', mutate: (d) => void (d.switches.collisionModifyCount = 2), path: 'switches.collisionModifyCount', expected: /one of 0, 1/ },
  { kind: 'rules', name: 'tieRule random', mutate: (d) => void (d.switches.tieRule = 'random'), path: 'switches.tieRule', expected: /one of "rotate", "seat"/ },
  { kind: 'rules', name: 'passThrough a word', mutate: (d) => void (d.switches.passThrough = 'yes'), path: 'switches.passThrough', expected: /true or false/ },
  { kind: 'rules', name: 'unknown switch', mutate: (d) => void (d.switches.friendlyFire = true), path: 'switches.friendlyFire', expected: /one of the known keys/ },
  { kind: 'rules', name: 'alias bomb', mutate: (d) => textOf(d, BOMB), path: /^line 2, column \d+$/, expected: /expand to at most 100 copies/ },
];

const ship = (d: Doc, i: number) => d.ships[i];
const SCENARIO: Row[] = [
  { kind: 'scenario', name: 'round limit 2^32', mutate: (d) => void (d.roundLimit = 4294967296), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'scenario', name: 'round limit 0', mutate: (d) => void (d.roundLimit = 0), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'scenario', name: 'position 2^16 (wrapped to [0, 5])', mutate: (d) => void (ship(d, 0).position = [65536, 5]), path: 'ships[0].position[0]', expected: /an integer from -80 to 80/ },
  { kind: 'scenario', name: 'position beyond 80', mutate: (d) => void (ship(d, 0).position = [0, -81]), path: 'ships[0].position[1]', expected: /an integer from -80 to 80/ },
  { kind: 'scenario', name: 'position a fraction', mutate: (d) => void (ship(d, 0).position = [0.5, 5]), path: 'ships[0].position[0]', expected: /an integer from -80 to 80/ },
  { kind: 'scenario', name: 'ship off the board', mutate: (d) => void ((ship(d, 0).position = [0, 8]), delete ship(d, 0).randomise), path: 'ships[0].position', expected: /a position with the whole ship on board standard.*not wholly on the board, hull hex \[-?\d+, \d+\] is off it/ },
  { kind: 'scenario', name: 'randomise q puts the ship off the board at some seed', mutate: (d) => void (ship(d, 0).randomise = { q: [-6, 6] }), path: 'ships[0].randomise', expected: /randomise ranges that keep the ship wholly on board standard.*for every draw \(13 starts\), got \[3, 5\] facing N \(q offset \+3, r offset 0\): not wholly on the board, hull hex \[4, 5\] is off it/ },
  { kind: 'scenario', name: 'randomise r off the board at the far corner only', mutate: (d) => void (ship(d, 1).randomise = { q: [0, 0], r: [-3, 0] }), path: 'ships[1].randomise', expected: /for every draw.*r offset -3.*not wholly on the board/ },
  {
    kind: 'scenario',
    name: 'randomise facing turns one hull into the other',
    mutate: (d) => void (Object.assign(ship(d, 0), { position: [0, -1], facing: 'SE', randomise: { facing: ['SE', 'N'] } }), Object.assign(ship(d, 1), { position: [0, 1] }), delete ship(d, 1).randomise),
    path: 'ships[0].randomise',
    expected: /never overlap, for every draw, got ships\[0\] at \[0, -1\] facing N .* share hex/,
  },
  { kind: 'scenario', name: 'randomise ships can overlap', mutate: (d) => void ((ship(d, 0).position = [0, 2]), (ship(d, 1).position = [0, -2]), (ship(d, 1).randomise = { r: [0, 3] })), path: 'ships[1].randomise', expected: /starts where ships\[0\] and ships\[1\] never overlap, for every draw, got ships\[0\] at .* share hex/ },
  { kind: 'scenario', name: 'randomise min above max', mutate: (d) => void (ship(d, 0).randomise = { q: [2, -2] }), path: 'ships[0].randomise.q', expected: /min <= max/ },
  { kind: 'scenario', name: 'randomise offset beyond 160', mutate: (d) => void (ship(d, 0).randomise = { q: [-200, 0] }), path: 'ships[0].randomise.q[0]', expected: /an integer from -160 to 160/ },
  { kind: 'scenario', name: 'randomise no facings', mutate: (d) => void (ship(d, 0).randomise = { facing: [] }), path: 'ships[0].randomise.facing', expected: /a list of at least 1 item/ },
  { kind: 'scenario', name: 'ships overlap', mutate: (d) => void ((ship(d, 1).position = [0, 4]), delete ship(d, 0).randomise, delete ship(d, 1).randomise), path: 'ships[1].position', expected: /never overlap.*share hex/ },
  { kind: 'scenario', name: 'structure 0', mutate: (d) => void (ship(d, 0).structure = 0), path: 'ships[0].structure', expected: /an integer from 1 to 99/ },
  { kind: 'scenario', name: 'structure above printed', mutate: (d) => void (ship(d, 0).structure = 50), path: 'ships[0].structure', expected: /a structure from 1 to 12 \(fpa's printed structure\)/ },
  { kind: 'scenario', name: 'armour 2^16', mutate: (d) => void (ship(d, 0).armour = { bow: 65536 }), path: 'ships[0].armour.bow', expected: /an integer from 0 to 99/ },
  { kind: 'scenario', name: 'armour above printed', mutate: (d) => void (ship(d, 0).armour = { bow: 9 }), path: 'ships[0].armour.bow', expected: /an armour from 0 to 4 \(the printed armour of fpa's bow\)/ },
  { kind: 'scenario', name: 'armour of an unknown section', mutate: (d) => void (ship(d, 0).armour = { bridge: 1 }), path: 'ships[0].armour.bridge', expected: /a section of fpa's hull/ },
  { kind: 'scenario', name: 'shields 16', mutate: (d) => void (ship(d, 0).shields = { bow: 16 }), path: 'ships[0].shields.bow', expected: /an integer from 0 to 15/ },
  { kind: 'scenario', name: 'shields above the section capacity', mutate: (d) => void (ship(d, 0).shields = { bow: 3 }), path: 'ships[0].shields.bow', expected: /shields from 0 to 2 \(fpa's shieldCapacity\.perSection\)/ },
  { kind: 'scenario', name: 'shields above the total capacity', mutate: (d) => void (ship(d, 0).shields = { bow: 2, core: 2, stern: 2 }), path: 'ships[0].shields', expected: /at most 5 shields in all/ },
  { kind: 'scenario', name: 'cooldown 10', mutate: (d) => void (ship(d, 0).cooldown = { fireMain: 10 }), path: 'ships[0].cooldown.fireMain', expected: /an integer from 0 to 9/ },
  { kind: 'scenario', name: 'team 4', mutate: (d) => void (ship(d, 0).team = 4), path: 'ships[0].team', expected: /an integer from 0 to 3/ },
  { kind: 'scenario', name: 'five linear momentum tokens', mutate: (d) => void (ship(d, 0).momentum = ['N', 'N', 'N', 'N', 'N']), path: 'ships[0].momentum', expected: /at most 4 linear and 2 rotational tokens/ },
  { kind: 'scenario', name: 'token owner 4', mutate: (d) => void (d.tokens = [{ kind: 'projectile', owner: 4, from: 'main', position: [3, 0], facing: 'N' }]), path: 'tokens[0].owner', expected: /an integer from 0 to 3/ },
  { kind: 'scenario', name: 'token off the board', mutate: (d) => void (d.tokens = [{ kind: 'projectile', owner: 0, from: 'main', position: [0, 20], facing: 'N' }]), path: 'tokens[0].position', expected: /a hex on board standard/ },
  { kind: 'scenario', name: 'token under a randomised hull', mutate: (d) => void (d.tokens = [{ kind: 'projectile', owner: 1, from: 'main', position: [2, 4], facing: 'N' }]), path: 'ships[0].randomise', expected: /clear of every token.*is under tokens\[0\]/ },
  {
    kind: 'scenario',
    name: '65 tokens',
    mutate: (d) => void (d.tokens = range(65).map(() => ({ kind: 'projectile', owner: 0, from: 'main', position: [0, 0], facing: 'N' }))),
    path: 'tokens',
    expected: /a list of at most 64 items/,
  },
  { kind: 'scenario', name: 'unknown board', mutate: (d) => void (d.board = 'huge'), path: 'board', expected: /the name of a board file in .*boards \("long", "small", "standard"\)/ },
  { kind: 'scenario', name: 'one ship', mutate: (d) => void d.ships.pop(), path: 'ships', expected: /a list of at least 2 items/ },
  { kind: 'scenario', name: 'unknown faction', mutate: (d) => void (ship(d, 1).faction = 'klingon'), path: 'ships[1].faction', expected: /a faction id \(fpa, lamais\)/ },
  { kind: 'scenario', name: 'alias bomb', mutate: (d) => textOf(d, BOMB), path: /^line 2, column \d+$/, expected: /expand to at most 100 copies/ },
  { kind: 'scenario', name: 'alias before its anchor', mutate: (d) => textOf(d, 'x: *later\ny: &later 1'), path: /^line 1, column \d+$/, expected: /an alias \(\*name\) to an anchor \(&name\) set before it/ },
];

const EXPERIMENT: Row[] = [
  { kind: 'experiment', name: 'round limit 2^32 (every match a draw in round 1)', mutate: (d) => void (d.roundLimit = 4294967296), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'experiment', name: 'round limit 0', mutate: (d) => void (d.roundLimit = 0), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'experiment', name: 'round limit 10001', mutate: (d) => void (d.roundLimit = 10001), path: 'roundLimit', expected: /an integer from 1 to 10000/ },
  { kind: 'experiment', name: 'name of 300 characters (too long for a folder)', mutate: (d) => void (d.name = 'a'.repeat(300)), path: 'name', expected: /a string of at most 100 characters/ },
  { kind: 'experiment', name: 'name with a slash', mutate: (d) => void (d.name = '../out'), path: 'name', expected: /a name of letters, digits, dot, dash or underscore/ },
  { kind: 'experiment', name: 'matches 1', mutate: (d) => void (d.matches = 1), path: 'matches', expected: /an integer from 2 to 10000000/ },
  { kind: 'experiment', name: 'matches 10^8', mutate: (d) => void (d.matches = 1e8), path: 'matches', expected: /an integer from 2 to 10000000/ },
  { kind: 'experiment', name: 'workers 257', mutate: (d) => void (d.workers = 257), path: 'workers', expected: /an integer from 0 to 256/ },
  { kind: 'experiment', name: 'chunk 0', mutate: (d) => void (d.chunk = 0), path: 'chunk', expected: /an integer from 1 to 100000/ },
  { kind: 'experiment', name: 'seed a fraction', mutate: (d) => void (d.seed = 1.5), path: 'seed', expected: /one of the allowed forms|an integer|a string/ },
  { kind: 'experiment', name: 'target 1.5', mutate: (d) => void (d.target = 1.5), path: 'target', expected: /a number from 0 to 1, got 1\.5/ },
  {
    kind: 'experiment',
    name: 'one card field changed twice',
    mutate: (d) => void (d.changes = [{ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'fpa-hammerfall', field: 'damage', value: 6 }]),
    path: 'changes[1].field',
    expected: /a card field no other change sets \(changes\[0\] already changes fpa-hammerfall\.damage/,
  },
  { kind: 'experiment', name: 'change of a field the card has not', mutate: (d) => void (d.changes = [{ card: 'fpa-hammerfall', field: 'reach', value: 5 }]), path: 'changes[0].field', expected: /a numeric field of card fpa-hammerfall/ },
  { kind: 'experiment', name: 'change out of range', mutate: (d) => void (d.changes = [{ card: 'fpa-hammerfall', field: 'damage', value: 21 }]), path: 'changes[0].value', expected: /a value faction fpa accepts for fpa-hammerfall\.damage/ },
  { kind: 'experiment', name: 'change of an unknown card', mutate: (d) => void (d.changes = [{ card: 'fpa-nope', field: 'damage', value: 2 }]), path: 'changes[0].card', expected: /a card id/ },
  {
    kind: 'experiment',
    name: 'a sweep of a field the changes already set',
    mutate: (d) =>
      void Object.assign(d, {
        kind: 'stat-sweep',
        changes: [{ card: 'lamais-tyrant', field: 'damage', value: 3 }],
        sweep: [{ card: 'lamais-tyrant', field: 'damage', values: [1, 2] }],
      }),
    path: 'sweep[0].field',
    expected: /no other change sets \(changes\[0\] already changes lamais-tyrant\.damage/,
  },
  { kind: 'experiment', name: 'sweep values repeated', mutate: (d) => void Object.assign(d, { kind: 'stat-sweep', sweep: [{ card: 'lamais-tyrant', field: 'damage', values: [2, 2] }] }), path: 'sweep[0].values', expected: /values without repeats/ },
  {
    kind: 'experiment',
    name: 'meta loadouts count above the legal loadouts',
    mutate: (d) => void Object.assign(d, { kind: 'meta', loadouts: { faction: 'fpa', policy: 'random', count: 10000 } }),
    path: 'loadouts.count',
    expected: /a count of at most \d+ \(faction fpa has \d+ legal loadouts\), or all/,
  },
  {
    kind: 'experiment',
    name: 'loadout-sweep count above the legal loadouts',
    mutate: (d) => void Object.assign(d, { kind: 'loadout-sweep', loadouts: { faction: 'lamais', policy: 'random', count: 9999 } }),
    path: 'loadouts.count',
    expected: /faction lamais has \d+ legal loadouts/,
  },
  { kind: 'experiment', name: 'loadouts count 10001', mutate: (d) => void Object.assign(d, { kind: 'meta', loadouts: { faction: 'fpa', policy: 'random', count: 10001 } }), path: 'loadouts.count', expected: /one of the allowed forms|10000/ },
  { kind: 'experiment', name: 'a board too small for the scenario\'s randomised starts', mutate: (d) => void (d.board = 'small'), path: 'board', expected: /a board on which scenario duel can be set up .*ships\[0\]\.randomise.*for every draw.*not wholly on the board/ },
  { kind: 'experiment', name: 'unknown board name', mutate: (d) => void (d.board = 'huge'), path: 'board', expected: /the name of a board file in .*boards \("long", "small", "standard"\) or a path to one/ },
  { kind: 'experiment', name: 'board file with radius 0', mutate: (d) => void (d.board = brokenBoard('radius0', (b) => void (b.radius = 0))), path: 'radius', expected: /an integer from 1 to 40/, blames: 'board' },
  { kind: 'experiment', name: 'board file with a start off the board', mutate: (d) => void (d.board = brokenBoard('startoff', (b) => void (b.starts[2].hex = [0, 40]))), path: 'starts[2].hex', expected: /a hex on the board/, blames: 'board' },
  { kind: 'experiment', name: 'board file misspelt key', mutate: (d) => void (d.board = brokenBoard('typo', (b) => void ((b.radiuss = b.radius), delete b.radius))), path: 'radiuss', expected: /did you mean "radius"/, blames: 'board' },
  { kind: 'experiment', name: 'board file an alias bomb', mutate: (d) => void (d.board = brokenBoard('bomb', (b) => textOf(b, BOMB))), path: /^line 2, column \d+$/, expected: /expand to at most 100 copies/, blames: 'board' },
  { kind: 'experiment', name: 'board file id not its name', mutate: (d) => void (d.board = brokenBoard('wrongid', (b) => void (b.id = 'standard'))), path: 'id', expected: /"wrongid" \(the file name without \.yaml\)/, blames: 'board' },
  { kind: 'experiment', name: 'unknown loadout card', mutate: (d) => void (d.players[0].loadout = { main: 'nope', broadside: 'fpa-hornet', hangar: 'fpa-catapult', pointDefence: 'fpa-flak', corvettes: ['fpa-wasp', 'fpa-wasp', 'fpa-wasp', 'fpa-wasp'] }), path: 'players[0].loadout.main', expected: /the id of one of mainWeapons/ },
  { kind: 'experiment', name: 'alias bomb', mutate: (d) => textOf(d, BOMB), path: /^line 2, column \d+$/, expected: /expand to at most 100 copies/ },
  { kind: 'experiment', name: 'alias before its anchor', mutate: (d) => textOf(d, 'x: *later\ny: &later 1'), path: /^line 1, column \d+$/, expected: /an alias \(\*name\) to an anchor \(&name\) set before it/ },
  { kind: 'experiment', name: 'sprt elo0 above elo1', mutate: (d) => void Object.assign(d, { kind: 'compare', sprt: { elo0: 20, elo1: 0 } }), path: 'sprt.elo1', expected: /a number above elo0 \(20\).*got 0/ },
  { kind: 'experiment', name: 'sprt elo0 equal to elo1', mutate: (d) => void Object.assign(d, { kind: 'compare', sprt: { elo0: 10, elo1: 10 } }), path: 'sprt.elo1', expected: /a number above elo0 \(10\)/ },
  { kind: 'experiment', name: 'sprt elo0 above the default elo1', mutate: (d) => void Object.assign(d, { kind: 'compare', sprt: { elo0: 20 } }), path: 'sprt.elo1', expected: /a number above elo0 \(20\)/ },
  { kind: 'experiment', name: 'policy a bot file with a syntax error', mutate: (d) => void (d.players[0].policy = bot('syntax.ts', 'export default (p) => { return {;\n')), path: 'players[0].policy', expected: /a bot file that loads \(.*syntax\.ts: \S.*\), got "\.\/syntax\.ts"/ },
  { kind: 'experiment', name: 'policy of the second player a bot file with a syntax error', mutate: (d) => void (d.players[1].policy = bot('syntax2.mjs', 'const x = ;\n')), path: 'players[1].policy', expected: /a bot file that loads \(.*syntax2\.mjs: / },
  { kind: 'experiment', name: 'policy a bot file that throws on loading', mutate: (d) => void (d.players[0].policy = bot('throws.ts', 'throw new Error("boom at load");\nexport default () => ({});\n')), path: 'players[0].policy', expected: /a bot file that loads \(.*throws\.ts: boom at load\)/ },
  { kind: 'experiment', name: 'policy a bot file whose default export is a number', mutate: (d) => void (d.players[0].policy = bot('number.ts', 'export default 42;\n')), path: 'players[0].policy', expected: /whose default export is a factory \(params, rng\) => Policy \(.*number\.ts has a default export that is number\)/ },
  { kind: 'experiment', name: 'policy a bot file whose default export is an object', mutate: (d) => void (d.players[0].policy = bot('object.ts', 'export default { choose() { return 0; } };\n')), path: 'players[0].policy', expected: /has a default export that is object/ },
  { kind: 'experiment', name: 'policy a bot file without a default export', mutate: (d) => void (d.players[0].policy = bot('nodefault.ts', 'export const factory = () => ({});\n')), path: 'players[0].policy', expected: /has no default export/ },
  { kind: 'experiment', name: 'policy a file that is not a bot (no extension)', mutate: (d) => void (d.players[0].policy = bot('hostname', 'stareater-host\n')), path: 'players[0].policy', expected: /a bot file \(\.ts, \.js or \.mjs, exporting a factory .*hostname is not one\)/ },
  { kind: 'experiment', name: 'policy a YAML file', mutate: (d) => void (d.players[1].policy = bot('notes.yaml', 'a: 1\n')), path: 'players[1].policy', expected: /notes\.yaml is not one/ },
  { kind: 'experiment', name: 'policy a bot file that does not exist', mutate: (d) => void (d.players[0].policy = './nope.ts'), path: 'players[0].policy', expected: /a bot file at this path \(.*nope\.ts does not exist\)/ },
  { kind: 'experiment', name: 'policy an unknown bot name', mutate: (d) => void (d.players[0].policy = 'nosuchbot'), path: 'players[0].policy', expected: /one of .*random.* in .*bots, or a path to a bot file/ },
  { kind: 'experiment', name: 'params the bot refuses', mutate: (d) => void ((d.players[0].policy = 'rammer'), (d.players[0].params = { maxspeed: 1 })), path: 'players[0].params', expected: /parameters rammer accepts \(rammer: unknown param "maxspeed"/ },
  { kind: 'experiment', name: 'loadouts policy a bot file without a factory', mutate: (d) => void Object.assign(d, { kind: 'loadout-sweep', loadouts: { faction: 'fpa', policy: bot('number2.ts', 'export default "x";\n'), count: 2 } }), path: 'loadouts.policy', expected: /has a default export that is string/ },
  { kind: 'experiment', name: 'fallback a file that is not a bot', mutate: (d) => void (d.adjudication = { mode: 'fallback', fallback: bot('fallback.txt', 'x\n') }), path: 'adjudication.fallback', expected: /not a bot file: .*fallback\.txt/ },
  {
    kind: 'experiment',
    name: 'a tournament beyond 32-bit match ids (231 pairings x 10^7)',
    mutate: (d) => void Object.assign(d, { kind: 'tournament', matches: 10_000_000, players: range(22).map((i) => ({ name: `p${i}`, policy: 'random', faction: i % 2 ? 'fpa' : 'lamais' })) }),
    path: 'matches',
    expected: /at most 2,147,483,647 matches in all \(match ids are 32-bit\), so at most 9,296,466 per table over 231 tables, got "10000000 per table, 2,310,000,000 in all"/,
  },
  {
    kind: 'experiment',
    name: 'a four-seat loadout sweep of every loadout against each other (millions of tables)',
    mutate: (d) => void Object.assign(d, { kind: 'loadout-sweep', scenario: 'teams4', field: 'each-other', players: [], loadouts: { faction: 'fpa', policy: 'random', count: 'all', max: 10000 } }),
    path: 'loadouts',
    expected: /a plan of at most 1,000,000 tables \(pairings\).*got "[\d,]+ tables"/,
  },
  {
    kind: 'experiment',
    name: 'a two-faction meta of every loadout against every loadout (1,176 x 1,176 tables)',
    mutate: (d) =>
      void Object.assign(d, {
        kind: 'meta',
        players: [],
        loadouts: ['fpa', 'lamais'].map((faction) => ({ faction, policy: 'random', count: 'all', max: 10000 })),
      }),
    path: 'loadouts',
    expected: /a plan of at most 1,000,000 tables \(pairings\).*got "1,382,976 tables"/,
  },
];

/** A bot file written beside the experiments in the temp folder; its path as an experiment names it. */
function bot(name: string, text: string): string {
  writeFileSync(join(tmp, name), text);
  return `./${name}`;
}

/** A broken copy of the standard board in the temp folder (file name `<id>.yaml`); its path. */
function brokenBoard(id: string, mutate: (b: Doc) => void | string): string {
  const dir = join(tmp, 'boards');
  mkdirSync(dir, { recursive: true });
  const b = good('board');
  b.id = id;
  const text = mutate(b) ?? stringify(b);
  const file = join(dir, `${id}.yaml`);
  writeFileSync(file, text);
  return file;
}

// ---------------------------------------------------------------------------------------

let serial = 0;

/** Write the row's file and load it the way a run does; the ConfigError it throws and the file it should name. */
async function attempt(row: Row): Promise<{ error: unknown; file: string }> {
  const doc = good(row.kind);
  const text = row.mutate(doc) ?? stringify(doc);
  const n = serial++;
  try {
    switch (row.kind) {
      case 'faction':
      case 'board':
      case 'rules': {
        const dir = join(tmp, `configs-${n}`);
        cpSync(CONFIGS, dir, { recursive: true });
        const rel = row.kind === 'faction' ? 'factions/fpa.yaml' : row.kind === 'board' ? 'boards/standard.yaml' : 'rules.yaml';
        writeFileSync(join(dir, rel), text);
        try {
          loadGameTables({ configDir: dir, board: 'standard' });
        } catch (error) {
          return { error, file: rel };
        }
        return { error: undefined, file: rel };
      }
      case 'scenario': {
        const file = join(tmp, `scenario-${n}.yaml`);
        writeFileSync(file, text);
        try {
          const { scenario } = loadScenario(file);
          const t = tablesForScenario(scenario);
          new Kernel(t).setup(new GameState(), scenarioSetup(file, scenario, t, 0));
        } catch (error) {
          return { error, file };
        }
        return { error: undefined, file };
      }
      case 'experiment': {
        const file = join(tmp, `experiment-${n}.yaml`);
        writeFileSync(file, text);
        const board = typeof doc.board === 'string' && doc.board.endsWith('.yaml') ? doc.board : undefined;
        try {
          const { experiment } = loadExperiment(file);
          await prepare(file, experiment);
        } catch (error) {
          return { error, file: row.blames === 'board' ? board! : file };
        }
        return { error: undefined, file };
      }
    }
  } finally {
    /* temp files go with the folder */
  }
}

const ROWS: Row[] = [...FACTION, ...BOARD, ...RULES, ...SCENARIO, ...EXPERIMENT];

describe('broken content inputs: a ConfigError naming the file, the place and the expectation', () => {
  it('the corpus has at least 150 rows, of every kind of file (the command lines are test/cli/bad-arguments.test.ts)', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(150);
    for (const kind of Object.keys(GOOD)) expect(ROWS.filter((r) => r.kind === kind).length).toBeGreaterThanOrEqual(10);
  });

  it.each(ROWS.map((r) => [`${r.kind}: ${r.name}`, r] as const))('%s', async (_label, row) => {
    const { error, file } = await attempt(row);
    expect(error, 'the input was accepted').toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    expect(e.file.endsWith(file) || e.file === file, `${e.message}\nshould name ${file}`).toBe(true);
    const issue = e.issues.find((i) => (typeof row.path === 'string' ? i.path === row.path : row.path.test(i.path)));
    expect(issue, `${e.message}\nshould be at ${String(row.path)}`).toBeDefined();
    expect(`expected ${issue!.expected}, got ${issue!.got}`).toMatch(row.expected);
    expect(e.message).toContain(`${e.file}: at ${issue!.path}: expected `);
  });
});

// ---------------------------------------------------------------------------------------

describe('randomised starts are checked over every draw, before any match', () => {
  const FACINGS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
  /** Every draw of both ships of duel under these randomise blocks, set up by the kernel alone: do all succeed? */
  function kernelAcceptsEveryDraw(r0: Doc, r1: Doc): boolean {
    const { file, scenario } = loadScenario('duel');
    const t = tablesForScenario(scenario);
    const fixed = { ...scenario, ships: scenario.ships.map((s) => ({ ...s, randomise: undefined })) };
    const base = scenarioSetup(file, fixed, t, 0);
    const drawsOf = (r: Doc, facing: string) => {
      const out: [number, number, number][] = [];
      const [q0, q1] = r.q ?? [0, 0];
      const [s0, s1] = r.r ?? [0, 0];
      for (const f of r.facing ?? [facing]) for (let dq = q0; dq <= q1; dq++) for (let dr = s0; dr <= s1; dr++) out.push([dq, dr, FACINGS.indexOf(f)]);
      return out;
    };
    const k = new Kernel(t);
    for (const [aq, ar, af] of drawsOf(r0, scenario.ships[0].facing))
      for (const [bq, br, bf] of drawsOf(r1, scenario.ships[1].facing)) {
        const setup = { ...base, ships: base.ships.map((s) => ({ ...s })) };
        Object.assign(setup.ships[0], { q: base.ships[0].q + aq, r: base.ships[0].r + ar, facing: af });
        Object.assign(setup.ships[1], { q: base.ships[1].q + bq, r: base.ships[1].r + br, facing: bf });
        try {
          k.setup(new GameState(), setup);
        } catch {
          return false;
        }
      }
    return true;
  }
  /** Does the up-front check accept these randomise blocks on duel? */
  function checkAccepts(name: string, r0: Doc, r1: Doc): boolean {
    const d = good('scenario');
    d.ships[0].randomise = r0;
    d.ships[1].randomise = r1;
    const file = join(tmp, `${name}.yaml`);
    writeFileSync(file, stringify(d));
    const { scenario } = loadScenario(file);
    const t = tablesForScenario(scenario);
    try {
      scenarioSetup(file, scenario, t, 0);
      return true;
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      return false;
    }
  }
  const cases: [string, Doc, Doc][] = [
    ['shipped duel', { q: [-2, 2] }, { q: [-2, 2] }],
    ['q off the edge at the far draws', { q: [-5, 5] }, { q: [-2, 2] }],
    ['r towards each other, clear', { r: [-3, 0] }, { r: [0, 3] }],
    ['r towards each other, meeting', { r: [-4, 0] }, { r: [0, 4] }],
    ['every facing', { facing: FACINGS }, { q: [-1, 1], facing: FACINGS }],
    ['every facing, nearer the edge', { r: [0, 2], facing: FACINGS }, {}],
    ['every facing, at the edge', { r: [0, 3], facing: FACINGS }, {}],
    ['both axes and facings', { q: [-2, 2], r: [-2, 1], facing: ['N', 'NE'] }, { q: [-2, 2], r: [-1, 2], facing: ['S', 'SW'] }],
    ['both axes, small', { q: [-1, 1], r: [-1, 1] }, { q: [-1, 1], r: [-1, 1] }],
    ['ships passing close', { q: [0, 3], r: [-4, -3] }, { q: [-3, 0], r: [3, 4] }],
  ];
  const verdicts: boolean[] = [];
  it.each(cases)('%s: the check and the kernel agree over every draw', (name, r0, r1) => {
    const kernel = kernelAcceptsEveryDraw(r0, r1);
    expect(checkAccepts(name.replace(/\W+/g, '-'), r0, r1)).toBe(kernel);
    verdicts.push(kernel);
  });
  it('an experiment seating another faction in a ship checks that hull there too', () => {
    const { file, scenario } = loadScenario('duel');
    const t = tablesForScenario(scenario);
    const sc = { ...scenario, ships: [{ ...scenario.ships[0], position: [0, -1] as [number, number], facing: 'N' as const, randomise: undefined }, { ...scenario.ships[1], randomise: undefined }] };
    expect(() => checkStarts(file, sc, t)).not.toThrow();
    expect(() => checkStarts(file, sc, t, [factionIndex(t, 'lamais')])).toThrow(/ships\[0\] at \[0, -1\] facing N \(flying lamais\) and ships\[1\] at .* share hex/);
  });

  it('the cases include ranges the kernel accepts at every draw and ranges it refuses at some', () => {
    expect(new Set(verdicts)).toEqual(new Set([true, false]));
  });
});

// ---------------------------------------------------------------------------------------

describe('the CLI on broken input: exit status 2, the file and place named, no results folder', () => {
  function cli(...args: string[]) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }
  const experimentFile = (name: string, mutate: (d: Doc) => void | string): string => {
    const d = good('experiment');
    d.name = name;
    const text = mutate(d) ?? stringify(d);
    const file = join(tmp, `${name}.yaml`);
    writeFileSync(file, text);
    return file;
  };
  const cases: [string, (d: Doc) => void | string, RegExp][] = [
    ['cli-roundlimit', (d) => void (d.roundLimit = 4294967296), /: at roundLimit: expected an integer from 1 to 10000, got 4294967296/],
    ['cli-bomb', (d) => textOf(d, BOMB), /: at line 2, column \d+: expected a file whose aliases \(\*name\) expand to at most 100 copies/],
    ['cli-twice', (d) => void (d.changes = [{ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'fpa-hammerfall', field: 'damage', value: 6 }]), /: at changes\[1\]\.field: expected a card field no other change sets \(changes\[0\]/],
    ['cli-board', (d) => void (d.board = brokenBoard('cliboard', (b) => void (b.radius = 41))), /cliboard\.yaml: at radius: expected an integer from 1 to 40, got 41/],
    ['cli-count', (d) => void Object.assign(d, { kind: 'meta', loadouts: { faction: 'fpa', policy: 'random', count: 10000 } }), /: at loadouts\.count: expected a count of at most \d+/],
  ];
  it.each(cases)('run %s', (name, mutate, message) => {
    const file = experimentFile(name, mutate);
    const out = join(tmp, `${name}-out`);
    const r = cli('run', file, '--out', out, '--workers', '1', '--no-progress');
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(out)).toBe(false);
  });

  it('validate names a broken faction file in a config folder', () => {
    const dir = join(tmp, 'cli-configs');
    cpSync(CONFIGS, dir, { recursive: true });
    const d = good('faction');
    d.hull.structure = 4294967296;
    writeFileSync(join(dir, 'factions', 'fpa.yaml'), stringify(d));
    const r = cli('validate', '--config-dir', dir);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/factions\/fpa\.yaml: at hull\.structure: expected an integer from 1 to 99, got 4294967296/);
  });
});
