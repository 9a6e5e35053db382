/**
 * Match state: one ArrayBuffer with typed-array views (struct of arrays).
 *
 * Why: search bots copy states millions of times and the batch runner plays thousands of
 * matches per second, so a state is a fixed-size buffer whose copy is one `set()`, with no
 * objects, strings or arrays inside. Sizes are fixed by the physical components (4 linear
 * and 2 rotational momentum slots, 8 command cards, ...) and by MAX_* caps that cover every
 * shipped faction and board; the layout never depends on content, so any two states can be
 * copied into each other. Field offsets are plain numeric constants.
 */

export const MAX_PLAYERS = 4;
export const MAX_SECTIONS = 8;
export const LIN_SLOTS = 4;
export const ROT_SLOTS = 2;
export const CARDS = 8;
/** Small tokens (projectiles, torpedoes, corvettes) that can be on the board at once. */
export const MAX_TOKENS = 64;
/** Highest cooldown track position (Ready is 0). */
export const MAX_COOLDOWN = 9;
export const MAX_FACTION_SUPPLIES = 8;
/** Corvettes aboard each capital ship (4.2.4). */
export const CORVETTES = 4;
/** Corvette slot locations. */
export const CORV_ABOARD = 0;
export const CORV_BOARD = 1;
export const CORV_DESTROYED = 2;
export const CORV_NONE = 3;
/**
 * The tokRef of a Command Corvette token (rulebook 8): past the four corvette slots. A
 * Command Corvette is a small token of kind SMALL_CORVETTE with this ref; GameState.ccTok
 * holds its token index.
 */
export const CC_REF = 2 + CORVETTES;
/** The firing slot (G_FMOUNT with FS_CORVETTE) of a Command Corvette's main weapon. */
export const CC_SLOT = CORVETTES;

/** Momentum token codes: 0..5 linear directions, then the two rotations. */
export const TOK_CW = 6;
export const TOK_CCW = 7;
export const TOK_NONE = -1;

/** Card locations (each command card in exactly one place). */
export const LOC_HAND = 0;
export const LOC_COMMITTED = 1;
export const LOC_HELD = 2;
export const LOC_RESOLVING = 3;
/** Removed from play: a Command Corvette's Broadside and Vent Coolant cards (rulebook 8 step 5). */
export const LOC_REMOVED = 4;
/** A card on the cooldown track at position p has location LOC_TRACK + p (p = 0 is Ready). */
export const LOC_TRACK = 10;

/** Engine card settings (7.2.1): 0..5 single thrust, then these. */
export const ENGINE_DOUBLE = 6;
export const ENGINE_CW = 7;
export const ENGINE_CCW = 8;
export const ENGINE_NONE = 9;
export const ENGINE_SETTINGS = 10;
/** Upper bound on legal actions at any decision point: commitments are engine x 9 x 9 x 6 directions. */
export const MAX_ACTIONS = ENGINE_SETTINGS * 9 * 9 * 6;
/**
 * A shield arrangement action (D_SHIELD, kernel.ts encodeShields) holds SHIELD_BITS bits per
 * section, so it puts at most SHIELD_MAX_PER_SECTION shields on one section; content is
 * checked against this and against MAX_ACTIONS arrangements (src/content/schema.ts).
 */
export const SHIELD_BITS = 4;
export const SHIELD_MAX_PER_SECTION = (1 << SHIELD_BITS) - 1;

/** Match status. */
export const STATUS_ONGOING = 0;
export const STATUS_VICTORY = 1;
export const STATUS_DRAW = 2;
export const STATUS_DRAW_LIMIT = 3;
export const STATUS_NAMES = ['ongoing', 'victory', 'draw', 'draw-by-limit'] as const;

/** Phases of the round (rulebook 6). */
export const PHASE_COMMIT = 0;
export const PHASE_MOVEMENT = 1;
export const PHASE_ACTION = 2;
export const PHASE_COOLDOWN = 3;
export const PHASE_OVER = 4;

/** Small token kinds on the board. */
export const SMALL_NONE = 0;
export const SMALL_PROJECTILE = 1;
export const SMALL_TORPEDO = 2;
export const SMALL_CORVETTE = 3;

// ---- global int32 fields ----
export const G_ROUND = 0;
export const G_PHASE = 1;
export const G_STATUS = 2;
/**
 * The winner once G_STATUS is STATUS_VICTORY (-1 otherwise): the winning team's id. A team's
 * id is the lowest seat in it (GameState.team), so in 2- and 3-player free-for-all games
 * (every seat its own team, rulebook 3) it is the winning seat, and in a 4-player game the
 * lower seat of the winning pair; `isWinner(s, p)` asks whether seat p won.
 */
export const G_WINNER = 3;
export const G_PLAYERS = 4;
/** Bitmask of players who must answer the pending decision. */
export const G_PENDING = 5;
export const G_DECISION = 6;
/** The action-phase slot being resolved (0 or 1), and how many slots are revealed. */
export const G_SLOT = 7;
export const G_REVEALED = 8;
export const G_ORDER_POS = 9;
export const G_ORDER_COUNT = 10;
export const G_ORDER = 11; // 4 entries
export const G_SUB = 15;
export const G_CUR_CARD = 16;
export const G_VENTED = 17;
export const G_LEFT = 18;
export const G_SUPPLY_SHIELDS = 19;
export const G_SUPPLY_LINEAR = 20;
export const G_SUPPLY_CW = 21;
export const G_SUPPLY_CCW = 22;
export const G_INITIATIVE = 23;
export const G_ROUND_LIMIT = 24;
export const G_ENGINES_REVEALED = 25;
export const G_TOKEN_SERIAL = 26;
/** Firing sub-procedure (weapons.ts): stage, source, mount, direction, target, boost. */
export const G_FSTAGE = 27;
export const G_FSRC = 28;
export const G_FMOUNT = 29;
export const G_FDIR = 30;
export const G_FTARGET = 31;
export const G_FNEED = 32;
/** Extra cooldown paid for accuracy by ship-mounted weapons this command (9.2). */
export const G_FEXTRA = 33;
/** Corvette activations left in the current Corvettes! resolution (10.1.3). */
export const G_ACT_LEFT = 34;
/** Players already asked at the current point-defence window (bitmask, 10.1.4). */
export const G_WINDOW_ASKED = 35;
/** Which window is open: 0 none, 1 before a command, 2 between activations, 3 end of phase. */
export const G_WINDOW = 36;
/** Player who fires at a window (-1 none) and the sub-step to return to. */
export const G_WINDOW_PLAYER = 37;
/**
 * High-water mark of the small-token table: every slot at or above it is empty. Slots are
 * filled first-free, so loops over the tokens stop here instead of at MAX_TOKENS. Raised
 * when a slot is filled (setup, firing, launch) and lowered by movement.removeToken.
 */
export const G_TOK_TOP = 38;
/**
 * Players holding a face-up Defence Stations (bitmask, 10.1.4): bit p is set exactly while
 * p's Defence Stations card is LOC_HELD, so a point-defence window with no card held is
 * closed by one read.
 */
export const G_HELD = 39;
/** Players with a corvette that fired this round (bitmask, 10.1.3): the corvFired entries startRound clears. */
export const G_CORV_FIRED = 40;
/**
 * Teams credited with destroying an enemy Command Corvette since the last settle (bitmask of
 * team ids, rulebook 3 "may also win by destroying any enemy command corvette"); read and
 * cleared by settleDestroyed.
 */
export const G_CC_KILLS = 41;
/**
 * The Command Corvettes' movement activation at the end of the movement phase (8.1.2): bit p
 * set while seat p's is still to come, and bit CC_MOVED_BIT once the rest of the phase is
 * resolved (so a copied state resumes between the activations).
 */
export const G_CC_MOVE = 42;
export const CC_MOVED_BIT = 1 << 8;
/**
 * The three activations of a Command Corvette's regular corvettes at the start of the
 * action phase (8.1.3): bit p while seat p's are still to come, bit 8 + p once begun.
 */
export const G_CC_START = 43;
export const G_FIELDS = 48;

// ---- per-player stats (int32), indexed [player * STAT_SIZE + field] ----
export const ST_COLLISIONS = 0;
export const ST_EDGE_COLLISIONS = 1;
export const ST_COLLISION_DAMAGE_DEALT = 2;
export const ST_COLLISION_DAMAGE_TAKEN = 3;
export const ST_STRUCTURE_DAMAGE_TAKEN = 4;
export const ST_SHIELDS_ABSORBED = 5;
export const ST_SHIELDS_GAINED = 6;
export const ST_ARMOUR_REPAIRED = 7;
export const ST_TOKENS_OVERRUN = 8;
export const ST_TOKEN_DAMAGE_TAKEN = 9;
export const ST_THRUSTS_IGNORED = 10;
export const ST_COMMANDS_PLAYED = 11;
export const ST_VENTS = 12;
export const ST_POWER_TO_ENGINES = 13;
export const ST_SPECIALS = 14;
/** Damage taken per section (MAX_SECTIONS entries). */
export const ST_SECTION_DAMAGE = 16;
/** Commands played, per card (CARDS entries). */
export const ST_CARD_PLAYS = 24;
/** Damage sources for the per-source counters below. */
export const SRC_MAIN = 0;
export const SRC_BROADSIDE = 1;
export const SRC_POINT_DEFENCE = 2;
export const SRC_COLLISION = 3;
/** Corvette weapons by corvette card index c: SRC_CORVETTE + c (up to 8 cards). */
export const SRC_CORVETTE = 4;
export const SOURCES = 12;
export const SOURCE_NAMES = ['main', 'broadside', 'pointDefence', 'collision', 'corvette0', 'corvette1', 'corvette2', 'corvette3', 'corvette4', 'corvette5', 'corvette6', 'corvette7'];
/** Damage dealt to enemy capital ships, by source (SOURCES entries). */
export const ST_DAMAGE_DEALT = 32;
/** Shots fired, by source (a token placed, a beam, a direct-fire attack). */
export const ST_SHOTS = 44;
/** Shots that hit something (a ship section or a token), by source. */
export const ST_HITS = 56;
/** Own small tokens lost, by kind (projectile, torpedo, corvette) x cause (CAUSE_*). */
export const ST_TOKENS_LOST = 68;
export const CAUSES = 8;
export const CAUSE_PROJECTILE = 0;
export const CAUSE_TORPEDO = 1;
export const CAUSE_BEAM = 2;
export const CAUSE_DIRECT_FIRE = 3;
export const CAUSE_POINT_DEFENCE = 4;
export const CAUSE_CAPITAL_SHIP = 5;
export const CAUSE_CORVETTE = 6;
export const CAUSE_OTHER = 7;
export const CAUSE_NAMES = ['projectile', 'torpedo', 'beam', 'directFire', 'pointDefence', 'capitalShip', 'corvette', 'other'];
/** Corvettes launched / lost / repaired, by own corvette card (8 entries each). */
export const ST_CORV_LAUNCHED = 92;
export const ST_CORV_LOST = 100;
/** Enemy corvettes destroyed by this player, by the enemy's corvette card. */
export const ST_CORV_KILLED = 108;
export const ST_CORV_REPAIRED = 116;
/** Enemy small tokens (projectiles, torpedoes, corvettes) destroyed by this player. */
export const ST_ENEMY_TOKENS_DESTROYED = 124;
/** Damage this player dealt to each enemy seat's capital ship (MAX_PLAYERS entries, by victim seat). */
export const ST_DEALT_TO = 128;
/** Enemy capital ships and Command Corvettes this player destroyed (the last hit on a ship is credited; rulebook 3). */
export const ST_KILLS = 132;
export const STAT_SIZE = 136;
export const STAT_NAMES: Record<number, string> = {
  [ST_COLLISIONS]: 'collisions',
  [ST_EDGE_COLLISIONS]: 'edgeCollisions',
  [ST_COLLISION_DAMAGE_DEALT]: 'collisionDamageDealt',
  [ST_COLLISION_DAMAGE_TAKEN]: 'collisionDamageTaken',
  [ST_STRUCTURE_DAMAGE_TAKEN]: 'structureDamageTaken',
  [ST_SHIELDS_ABSORBED]: 'shieldsAbsorbed',
  [ST_SHIELDS_GAINED]: 'shieldsGained',
  [ST_ARMOUR_REPAIRED]: 'armourRepaired',
  [ST_TOKENS_OVERRUN]: 'tokensOverrun',
  [ST_TOKEN_DAMAGE_TAKEN]: 'tokenDamageTaken',
  [ST_THRUSTS_IGNORED]: 'thrustsIgnored',
  [ST_COMMANDS_PLAYED]: 'commandsPlayed',
  [ST_VENTS]: 'vents',
  [ST_POWER_TO_ENGINES]: 'powerToEngines',
  [ST_SPECIALS]: 'specials',
};

/** Byte layout, computed once. Every view is aligned to its element size. */
interface Field {
  name: string;
  ctor: Int32ArrayConstructor | Int16ArrayConstructor | Int8ArrayConstructor;
  length: number;
}
const FIELDS: Field[] = [
  { name: 'g', ctor: Int32Array, length: G_FIELDS },
  { name: 'tokAge', ctor: Int32Array, length: MAX_TOKENS },
  { name: 'shipQ', ctor: Int16Array, length: MAX_PLAYERS },
  { name: 'shipR', ctor: Int16Array, length: MAX_PLAYERS },
  { name: 'armour', ctor: Int16Array, length: MAX_PLAYERS * MAX_SECTIONS },
  { name: 'shields', ctor: Int16Array, length: MAX_PLAYERS * MAX_SECTIONS },
  { name: 'structure', ctor: Int16Array, length: MAX_PLAYERS },
  { name: 'factionSupply', ctor: Int16Array, length: MAX_PLAYERS * MAX_FACTION_SUPPLIES },
  { name: 'tokQ', ctor: Int16Array, length: MAX_TOKENS },
  { name: 'tokR', ctor: Int16Array, length: MAX_TOKENS },
  { name: 'lostRound', ctor: Int16Array, length: MAX_PLAYERS },
  { name: 'outRound', ctor: Int16Array, length: MAX_PLAYERS },
  { name: 'faction', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'alive', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'facing', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'linCount', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'lin', ctor: Int8Array, length: MAX_PLAYERS * LIN_SLOTS },
  { name: 'rotCount', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'rot', ctor: Int8Array, length: MAX_PLAYERS * ROT_SLOTS },
  { name: 'loadout', ctor: Int8Array, length: MAX_PLAYERS * 8 },
  { name: 'cardLoc', ctor: Int8Array, length: MAX_PLAYERS * CARDS },
  { name: 'engine', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'committed', ctor: Int8Array, length: MAX_PLAYERS * 2 },
  { name: 'p2eDir', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'tokKind', ctor: Int8Array, length: MAX_TOKENS },
  { name: 'tokOwner', ctor: Int8Array, length: MAX_TOKENS },
  { name: 'tokRef', ctor: Int8Array, length: MAX_TOKENS },
  { name: 'tokFacing', ctor: Int8Array, length: MAX_TOKENS },
  { name: 'tokSupply', ctor: Int8Array, length: MAX_TOKENS },
  { name: 'corvLoc', ctor: Int8Array, length: MAX_PLAYERS * CORVETTES },
  { name: 'corvTok', ctor: Int8Array, length: MAX_PLAYERS * CORVETTES },
  { name: 'corvFired', ctor: Int8Array, length: MAX_PLAYERS * CORVETTES },
  { name: 'team', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'escaped', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'ccTok', ctor: Int8Array, length: MAX_PLAYERS },
  { name: 'lastHit', ctor: Int8Array, length: MAX_PLAYERS },
  // Last, player by player, so that a copy can stop after the players in the match (copyFrom).
  { name: 'stats', ctor: Int32Array, length: MAX_PLAYERS * STAT_SIZE },
];

const OFFSETS: number[] = [];
let bytes = 0;
for (const f of FIELDS) {
  const size = f.ctor.BYTES_PER_ELEMENT;
  bytes = Math.ceil(bytes / size) * size;
  OFFSETS.push(bytes);
  bytes += size * f.length;
}
const CARD_LOC_OFFSET = OFFSETS[FIELDS.findIndex((f) => f.name === 'cardLoc')];
// cardLoc32 (GameState) reads each player's eight card locations as two whole words.
if (CARD_LOC_OFFSET % 4 !== 0 || CARDS % 4 !== 0) throw new Error('state layout: cardLoc must be word-aligned, whole words per player');
/** Size in bytes of one state buffer. */
export const STATE_BYTES = Math.ceil(bytes / 8) * 8;
const STATS_OFFSET = OFFSETS[FIELDS.findIndex((f) => f.name === 'stats')];
/** Bytes of a state with n players: all but the statistics of seats n and up (always zero). */
export const stateBytesFor = (n: number): number => (n === MAX_PLAYERS ? STATE_BYTES : STATS_OFFSET + n * STAT_SIZE * 4);

/** Loadout field offsets inside a player's 8 loadout bytes. */
export const LO_MAIN = 0;
export const LO_BROADSIDE = 1;
export const LO_HANGAR = 2;
export const LO_PD = 3;
export const LO_CORVETTES = 4; // 4 entries

/**
 * The last version given out (GameState.touch). A module constant object, not a static field:
 * V8 folds the constant, while a static field is read through the class binding's context
 * slot with a TDZ check at each touch.
 */
const versionCounter = { n: 0 };
/**
 * G_PLAYERS and MAX_PLAYERS for copyFrom, as module constants that are not exported: V8
 * reads an exported binding through its cell, with a TDZ check, even in its own module.
 */
const PLAYERS_FIELD: number = G_PLAYERS;
const SEATS: number = MAX_PLAYERS;

/**
 * A match state. All fields are views into `buffer`; `copyFrom` is one byte copy.
 * Index helpers: player p's section s is `p * MAX_SECTIONS + s`, card c is `p * CARDS + c`.
 */
export class GameState {
  readonly buffer: ArrayBuffer;
  readonly bytes: Uint8Array;
  readonly g: Int32Array;
  readonly stats: Int32Array;
  readonly tokAge: Int32Array;
  readonly shipQ: Int16Array;
  readonly shipR: Int16Array;
  readonly armour: Int16Array;
  readonly shields: Int16Array;
  readonly structure: Int16Array;
  readonly factionSupply: Int16Array;
  readonly tokQ: Int16Array;
  readonly tokR: Int16Array;
  readonly faction: Int8Array;
  readonly alive: Int8Array;
  readonly facing: Int8Array;
  readonly linCount: Int8Array;
  readonly lin: Int8Array;
  readonly rotCount: Int8Array;
  readonly rot: Int8Array;
  readonly loadout: Int8Array;
  readonly cardLoc: Int8Array;
  readonly engine: Int8Array;
  readonly committed: Int8Array;
  readonly p2eDir: Int8Array;
  readonly tokKind: Int8Array;
  readonly tokOwner: Int8Array;
  readonly tokRef: Int8Array;
  readonly tokFacing: Int8Array;
  readonly tokSupply: Int8Array;
  /** Corvette slot k of player p, index p * CORVETTES + k: CORV_* location, token index, fired this round. */
  readonly corvLoc: Int8Array;
  readonly corvTok: Int8Array;
  readonly corvFired: Int8Array;
  /**
   * Seat p's team id (rulebook 3): the lowest seat of its team. Free-for-all (2 and 3
   * players): every seat is its own team, team[p] = p; 4 players: two teams of two. Seats
   * p and q are enemies exactly when their teams differ (areEnemies).
   */
  readonly team: Int8Array;
  /** The round in which seat p's capital ship was destroyed (0: not destroyed), rulebook 3, 4.1. */
  readonly lostRound: Int16Array;
  /**
   * The round in which seat p left the battle (0: still in it): its capital ship destroyed
   * with no Command Corvette to follow (2 players), or its Command Corvette destroyed or
   * escaped by Emergency Warp (3-4 players, rulebook 8); a loser still in the battle when the
   * match ends in a victory leaves it in the last round. Seats with 0 at the end were still
   * in (winners, or every seat in a draw). Equal rounds tie in a finishing order.
   */
  readonly outRound: Int16Array;
  /** 1 when seat p's Command Corvette escaped by Emergency Warp (rulebook 8.1.3), else 0. */
  readonly escaped: Int8Array;
  /**
   * The token index of seat p's Command Corvette on the board (rulebook 8), or -1. Seat p
   * flies a Command Corvette exactly when its capital ship is destroyed (alive[p] 0) and
   * ccTok[p] >= 0 (flyingCommandCorvette).
   */
  readonly ccTok: Int8Array;
  /** The seat whose hit (weapon, collision or token) last damaged seat p's capital ship, or -1: credited with the kill (ST_KILLS) when it is an enemy. */
  readonly lastHit: Int8Array;
  /** The bytes of cardLoc as words: player p's cards are words p * CARDS / 4 onward (the cooldown step moves them a word at a time). */
  readonly cardLoc32: Int32Array;
  /** bytes[0 .. stateBytesFor(n)) for n = 0..MAX_PLAYERS: what a copy between n-player states must move. */
  private readonly upTo: Uint8Array[];

  constructor(buffer: ArrayBuffer = new ArrayBuffer(STATE_BYTES)) {
    this.buffer = buffer;
    this.bytes = new Uint8Array(buffer);
    this.upTo = Array.from({ length: MAX_PLAYERS + 1 }, (_, n) => new Uint8Array(buffer, 0, stateBytesFor(n)));
    const views: Record<string, unknown> = {};
    for (let i = 0; i < FIELDS.length; i++) {
      const f = FIELDS[i];
      views[f.name] = new f.ctor(buffer, OFFSETS[i], f.length);
    }
    this.g = views.g as Int32Array;
    this.stats = views.stats as Int32Array;
    this.tokAge = views.tokAge as Int32Array;
    this.shipQ = views.shipQ as Int16Array;
    this.shipR = views.shipR as Int16Array;
    this.armour = views.armour as Int16Array;
    this.shields = views.shields as Int16Array;
    this.structure = views.structure as Int16Array;
    this.factionSupply = views.factionSupply as Int16Array;
    this.tokQ = views.tokQ as Int16Array;
    this.tokR = views.tokR as Int16Array;
    this.faction = views.faction as Int8Array;
    this.alive = views.alive as Int8Array;
    this.facing = views.facing as Int8Array;
    this.linCount = views.linCount as Int8Array;
    this.lin = views.lin as Int8Array;
    this.rotCount = views.rotCount as Int8Array;
    this.rot = views.rot as Int8Array;
    this.loadout = views.loadout as Int8Array;
    this.cardLoc = views.cardLoc as Int8Array;
    this.engine = views.engine as Int8Array;
    this.committed = views.committed as Int8Array;
    this.p2eDir = views.p2eDir as Int8Array;
    this.tokKind = views.tokKind as Int8Array;
    this.tokOwner = views.tokOwner as Int8Array;
    this.tokRef = views.tokRef as Int8Array;
    this.tokFacing = views.tokFacing as Int8Array;
    this.tokSupply = views.tokSupply as Int8Array;
    this.corvLoc = views.corvLoc as Int8Array;
    this.corvTok = views.corvTok as Int8Array;
    this.corvFired = views.corvFired as Int8Array;
    this.team = views.team as Int8Array;
    this.lostRound = views.lostRound as Int16Array;
    this.outRound = views.outRound as Int16Array;
    this.escaped = views.escaped as Int8Array;
    this.ccTok = views.ccTok as Int8Array;
    this.lastHit = views.lastHit as Int8Array;
    this.cardLoc32 = new Int32Array(buffer, CARD_LOC_OFFSET, (MAX_PLAYERS * CARDS) / 4);
  }

  /**
   * Version of this object's contents, outside the buffer (so equal states stay equal to
   * the byte): every change made through copyFrom or the kernel gives it a new, globally
   * unique value. Code that writes the arrays directly must call touch() afterwards.
   */
  version = 0;

  /** Mark the contents as changed. */
  touch(): void {
    this.version = ++versionCounter.n;
  }

  /**
   * Copy another state into this one (one buffer copy, no allocation). Statistics of seats
   * past both states' player counts are zero in both (the kernel writes only its players'),
   * so the copy stops after the last seat either has: a two-player copy moves 2.4 of 3.5 kB.
   */
  copyFrom(other: GameState): this {
    let n = Math.max(this.g[PLAYERS_FIELD], other.g[PLAYERS_FIELD]);
    if (!(n >= 0 && n < SEATS)) n = SEATS;
    this.upTo[n].set(other.upTo[n]);
    this.touch();
    return this;
  }

  /** A new state equal to this one. Allocates: for setup and tests; search reuses states with copyFrom. */
  clone(): GameState {
    return new GameState().copyFrom(this);
  }

  get round(): number {
    return this.g[G_ROUND];
  }
  get phase(): number {
    return this.g[G_PHASE];
  }
  get status(): number {
    return this.g[G_STATUS];
  }
  get winner(): number {
    return this.g[G_WINNER];
  }
  get players(): number {
    return this.g[G_PLAYERS];
  }
  /** Bitmask of the players who must answer the pending decision (0 when the match is over). */
  get pending(): number {
    return this.g[G_PENDING];
  }
  get decision(): number {
    return this.g[G_DECISION];
  }
  stat(player: number, field: number): number {
    return this.stats[player * STAT_SIZE + field];
  }
}

/** Are seats p and q enemies (rulebook 3): on different teams? A seat is never its own enemy. */
export function areEnemies(s: GameState, p: number, q: number): boolean {
  return s.team[p] !== s.team[q];
}

/** Did seat p win (rulebook 3: teams win together)? False unless the match ended in a victory. */
export function isWinner(s: GameState, p: number): boolean {
  return s.g[G_STATUS] === STATUS_VICTORY && s.team[p] === s.g[G_WINNER];
}

/** Does seat p fly a Command Corvette (rulebook 8): its capital ship destroyed, its Command Corvette on the board? */
export function flyingCommandCorvette(s: GameState, p: number): boolean {
  return s.alive[p] === 0 && s.ccTok[p] >= 0;
}
