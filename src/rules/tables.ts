/**
 * The kernel's compiled, read-only view of content: factions, hulls, components, board
 * and rule switches, as plain numbers and typed arrays.
 *
 * Why: configs are YAML for people (src/content validates and compiles them); the kernel
 * wants integers it can index in the round loop without string lookups. Everything the
 * rules read (damage, cooldown, priority, tie-breaker, armour ...) comes from here, so a
 * designer changes a number in a file, never in code. These objects are built once per
 * run and shared by every match state.
 *
 * The enums are plain, not `const`: tsx compiles file by file, so an enum is an object at
 * run time either way, and a plain one can be bound to a module constant by the hot
 * modules (test/sim/hot-imports.test.ts).
 */

/** The eight command cards every capital ship holds (rulebook section 10; 16 in the box). */
export enum Cmd {
  FireMain = 0,
  PortBroadside = 1,
  StarboardBroadside = 2,
  Corvettes = 3,
  DefenceStations = 4,
  VentCoolant = 5,
  PowerToEngines = 6,
  SpecialAbility = 7,
}
export const COMMAND_COUNT = 8;
/** Command ids as written in config files, in Cmd order. */
export const COMMAND_IDS = [
  'fireMain',
  'portBroadside',
  'starboardBroadside',
  'corvettes',
  'defenceStations',
  'ventCoolant',
  'powerToEngines',
  'specialAbility',
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/** Weapon classes (rulebook 4.3, 9). */
export enum WeaponClass {
  Projectile = 0,
  Torpedo = 1,
  Beam = 2,
  DirectFire = 3,
}
export const WEAPON_CLASS_IDS = ['projectile', 'torpedo', 'beam', 'directFire'] as const;

/** Special ability effects: a small parameterised set (docs/rules.md, 4.2.6). */
export enum SpecialKind {
  /** Gain `amount` shields from the supply, placed by the owner, ignoring the per-section cap but not the total. */
  ShieldSurge = 0,
  /** Restore up to `amount` armour, spread by the owner, never above a section's printed armour. */
  EmergencyRepair = 1,
  /** Move every own card on the cooldown track `amount` spaces toward Ready. */
  CoolantFlush = 2,
}
export const SPECIAL_KIND_IDS = ['shieldSurge', 'emergencyRepair', 'coolantFlush'] as const;

/** One weapon card (main, broadside, or a corvette's weapon). */
export interface WeaponTable {
  id: string;
  name: string;
  weaponClass: WeaponClass;
  damage: number;
  /** Beam length / direct-fire reach in hexes (0 for token weapons). */
  range: number;
  /** Hexes per movement phase for token weapons (0 otherwise). */
  speed: number;
  accuracy: number;
  cooldown: number;
  tieBreaker: number;
  /** Index into FactionTable.tokenSupplies for token weapons, -1 otherwise. */
  tokenSupply: number;
  /** A torpedo token's evasion against direct fire and point defence (9.2). */
  evasion: number;
}

export interface HangarTable {
  id: string;
  name: string;
  /** Extra hexes a launched corvette may be placed away from the hangar edge (0 = adjacent). */
  launchDistance: number;
  /** Sixth-turns the corvette may be turned away from straight out of the hangar at launch. */
  launchTurn: number;
  /** Cooldown the Corvettes! card takes when used to repair (10.1.3 says 1). */
  repairCooldown: number;
  tieBreaker: number;
}

export interface PointDefenceTable {
  id: string;
  name: string;
  damage: number;
  range: number;
  accuracy: number;
  /** Cooldown of Defence Stations when used to fire (10.1.4 says none). */
  cooldown: number;
  tieBreaker: number;
}

export interface SpecialTable {
  id: string;
  name: string;
  /** Draft order: lowest goes first (rulebook 5). */
  priority: number;
  cooldown: number;
  tieBreaker: number;
  kind: SpecialKind;
  amount: number;
}

export interface CorvetteTable {
  id: string;
  name: string;
  /** How many of this card one ship may field (4.2.4). */
  limit: number;
  speed: number;
  agility: number;
  evasion: number;
  weapon: WeaponTable | null;
}

/**
 * The Command Corvette (rulebook 8): movement and evasion as a corvette's, its main weapon
 * (direct fire or beam, from the corvette straight ahead), its point defence, and the
 * Emergency Warp card that replaces the special ability card (8.1.3).
 */
export interface CommandCorvetteTable {
  name: string;
  speed: number;
  agility: number;
  evasion: number;
  /** Corvettes! tie-breaker for a Command Corvette (7.3). */
  tieBreaker: number;
  weapon: WeaponTable;
  pointDefence: PointDefenceTable;
  warpCooldown: number;
  warpTieBreaker: number;
}

/** Hull geometry, with the ship facing N (direction 0); offsets are from the centre hex. */
export interface HullTable {
  name: string;
  hexCount: number;
  /** Local axial offsets, facing N. */
  hexQ: Int8Array;
  hexR: Int8Array;
  /** Section index of each hex. */
  hexSection: Int8Array;
  /** Offsets rotated for each facing: index facing * hexCount + i. */
  rotQ: Int8Array;
  rotR: Int8Array;
  sectionCount: number;
  sectionNames: string[];
  /** Printed armour of each section. */
  armour: Int16Array;
  structure: number;
  evasion: number;
  shieldCapSection: number;
  shieldCapTotal: number;
  mounts: MountTables;
}

/** A weapon mount: the hex it sits on and the directions (relative to facing N) it fires in. */
export interface MountTable {
  hex: number;
  directions: number[];
}
/** A hangar: the hex and the hull edge (relative direction) corvettes launch through. */
export interface HangarMountTable {
  hex: number;
  edge: number;
}
export interface MountTables {
  main: MountTable[];
  port: MountTable[];
  starboard: MountTable[];
  hangar: HangarMountTable[];
  pointDefence: MountTable[];
}

/** Per-command printed numbers (7.3). */
export interface CommandCardTable {
  priority: number;
  /** Tie-breaker for commands with no component card (Vent Coolant, Power to Engines). */
  tieBreaker: number;
  /** Cooldown for commands whose card is not tied to a component (Power to Engines: 2). */
  cooldown: number;
}

export interface FactionTable {
  id: string;
  name: string;
  hull: HullTable;
  commands: CommandCardTable[]; // indexed by Cmd
  mainWeapons: WeaponTable[];
  broadsides: WeaponTable[];
  hangars: HangarTable[];
  pointDefence: PointDefenceTable[];
  special: SpecialTable;
  corvettes: CorvetteTable[];
  commandCorvette: CommandCorvetteTable;
  /** Named token supplies of this faction (component list), e.g. main cannon projectiles. */
  tokenSupplies: { id: string; count: number }[];
  defaultLoadout: LoadoutTable;
}

/** A chosen loadout: indices into the faction's card lists. */
export interface LoadoutTable {
  main: number;
  broadside: number;
  hangar: number;
  pointDefence: number;
  /** Four corvette card indices (4.2.4). */
  corvettes: number[];
}

export enum BoardShape {
  Hexagon = 0,
  Rectangle = 1,
}

/** The board as a mask over an axial bounding box. */
export interface BoardTable {
  id: string;
  name: string;
  qMin: number;
  rMin: number;
  width: number;
  height: number;
  /** 1 where a hex is on the board; index (r - rMin) * width + (q - qMin). */
  mask: Uint8Array;
  cellCount: number;
  /** The starting locations (board file `starts`, rulebook 3, 8.1.3): hex and facing, in file order. */
  startQ: Int16Array;
  startR: Int16Array;
  startFacing: Int8Array;
}

/** Rule switches for every interpretation a designer might want to read otherwise (docs/rules.md). */
export interface RuleSwitches {
  /** 12 step 3: tokens counted per cancellation on the collision track (1 or 2). */
  collisionCancelCount: 1 | 2;
  /** 12 step 3: tokens counted per modification ("simplifying") on the collision track. */
  collisionModifyCount: 0 | 1;
  /** 12: whether rotational tokens go on the collision track in a linear collision. */
  rotationalOnTrack: boolean;
  /** 12: whether the board edge's own colliding token counts as remaining momentum. */
  edgeTokenCounts: boolean;
  /**
   * 12: in a rotational collision with the board edge, the edge holds "the same number and
   * type of rotational momentum tokens as the colliding ship", and the ship's flipped token
   * cancels one of them as it would a ship's with that mat (true), or only the edge's
   * colliding token takes part (false).
   */
  edgeRotationCancels: boolean;
  /**
   * 7.2.2, 12: overlap is looked at after each step, so two ships whose moves carry them
   * through each other within one step do not collide (true); or (false) two ships that
   * both moved linearly, apart after the step, collide when their hulls overlap halfway
   * whichever way the step is split ("overlap one another at any point").
   */
  passThrough: boolean;
  /** 4.1: damage past a section's armour flows on into structure in the same hit. */
  overflowToStructure: boolean;
  /** 7.3: after priority and tie-breaker, who goes first: seat order rotating each round, or fixed seat order. */
  tieRule: 'rotate' | 'seat';
  /** 4.2.2: a broadside mount with several arrows fires one token/shot in a direction the player chooses, or one along every arrow. */
  broadsideFire: 'choose' | 'all';
  /** 9.2.1: point defence reaches targets whose clear path is within its range, or strictly below it ("less than its range"). */
  pointDefenceReach: 'within' | 'below';
  /**
   * 9.2: a direct-fire line running exactly along hex edges passes between two hexes there:
   * it is blocked only if both are obstructions (`eitherSide` clear is enough), or if either
   * is (`bothSides` must be clear); `nudge`, the old reading, always takes one fixed side of
   * the board (orientation-dependent: a half-turned board can block a shot the original allows).
   */
  edgeLineOfFire: 'eitherSide' | 'bothSides' | 'nudge';
  /**
   * 3: "each player must select a different faction" in a 3-player game (false: enforced at
   * setup), or factions may repeat (true: a designer's study; the box has two factions). Two
   * players may always fly one faction (mirror matches, docs/rules.md inconsistencies).
   */
  repeatFactions: boolean;
}

/** Box-wide token supplies shared by all players (component list). */
export interface SupplyTable {
  shields: number;
  linear: number;
  clockwise: number;
  counterClockwise: number;
}

/** Everything the kernel needs for a match, compiled once. */
export interface GameTables {
  factions: FactionTable[];
  board: BoardTable;
  supplies: SupplyTable;
  rules: RuleSwitches;
  roundLimit: number;
}
