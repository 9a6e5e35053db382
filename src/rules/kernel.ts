/**
 * The rules kernel: round order (rulebook 6), decisions, movement with collisions (7.2, 12),
 * commands (10) and the cooldown track (7.4).
 *
 * Why it is built this way:
 * - Decisions are integers (design section 2). When the state waits on players, `pending`
 *   is a bitmask of who must answer and `decision` says what kind; `legal()` writes the
 *   legal action ids into a caller's Int32Array and `submit()` applies one answer. The
 *   commitment is simultaneous (every live player answers before anything resolves); all
 *   other decisions are one player's. A decision with exactly one legal answer is taken
 *   by the kernel without asking.
 * - Resolution is a resumable state machine whose program counter lives in the state
 *   buffer (phase, slot, order position, sub-step), so a state copied mid-round resumes
 *   exactly: search bots can clone at any decision point.
 * - The round loop allocates nothing: scratch arrays are owned by the Kernel and reused.
 *   One Kernel serves any number of states that share its tables (not concurrently).
 */
import {
  type GameTables,
  type FactionTable,
  type LoadoutTable,
  type MountTable,
  type WeaponTable,
} from './tables.js';
import * as tablesModule from './tables.js';
import { GameState } from './state.js';
import * as stateModule from './state.js';
import * as momentumModule from './momentum.js';
import { Movement } from './movement.js';
import { Weapons } from './weapons.js';
import * as weaponsModule from './weapons.js';
import { Corvettes } from './corvettes.js';
import * as corvettesModule from './corvettes.js';
import type { EventLog } from './events.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (README, "Benchmark").
const {
  MAX_PLAYERS, MAX_SECTIONS, MAX_TOKENS, MAX_COOLDOWN, MAX_FACTION_SUPPLIES, LIN_SLOTS, ROT_SLOTS,
  CARDS, STAT_SIZE, TOK_CW, TOK_CCW, TOK_NONE, LOC_HAND, LOC_COMMITTED, LOC_HELD, LOC_RESOLVING,
  LOC_TRACK, ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW, ENGINE_SETTINGS, MAX_ACTIONS, SHIELD_BITS,
  STATUS_ONGOING, STATUS_VICTORY, STATUS_DRAW, STATUS_DRAW_LIMIT,
  PHASE_COMMIT, PHASE_MOVEMENT, PHASE_ACTION, PHASE_COOLDOWN, PHASE_OVER, SMALL_NONE,
  SMALL_PROJECTILE, SMALL_TORPEDO, SMALL_CORVETTE, G_ROUND, G_PHASE, G_STATUS, G_WINNER, G_PLAYERS, G_PENDING, G_DECISION, G_SLOT,
  G_REVEALED, G_ORDER_POS, G_ORDER_COUNT, G_ORDER, G_SUB, G_CUR_CARD, G_VENTED, G_LEFT,
  G_SUPPLY_SHIELDS, G_SUPPLY_LINEAR, G_SUPPLY_CW, G_SUPPLY_CCW, G_INITIATIVE, G_ROUND_LIMIT,
  G_ENGINES_REVEALED, G_TOKEN_SERIAL, G_FSTAGE, G_FSRC, G_FMOUNT, G_FDIR, G_FTARGET, G_FNEED,
  G_FEXTRA, G_ACT_LEFT, G_WINDOW_ASKED, G_WINDOW_PLAYER, G_TOK_TOP, G_HELD, G_CORV_FIRED, CORVETTES, CORV_ABOARD,
  CORV_BOARD, CORV_DESTROYED, CORV_NONE, SRC_MAIN, SRC_BROADSIDE, SRC_POINT_DEFENCE, SRC_CORVETTE,
  ST_SHOTS, ST_CORV_REPAIRED, CAUSE_DIRECT_FIRE, CAUSE_POINT_DEFENCE, LO_MAIN, LO_BROADSIDE,
  LO_HANGAR, LO_PD, LO_CORVETTES, ST_COMMANDS_PLAYED, ST_CARD_PLAYS, ST_VENTS, ST_POWER_TO_ENGINES,
  ST_SPECIALS, ST_SHIELDS_GAINED, ST_ARMOUR_REPAIRED, ST_THRUSTS_IGNORED,
} = stateModule;
const { WeaponClass, Cmd, SpecialKind } = tablesModule;
const { thrust, THRUST_IGNORED, THRUST_NO_SUPPLY, supplyField } = momentumModule;
const { TGT_HULL } = weaponsModule;
const { ACT_PASS, ACT_FIRE } = corvettesModule;
const {
  EV_ROUND, EV_ENGINE, EV_COMMAND, EV_COMMAND_DONE, EV_VENT, EV_SHIELD, EV_DEFENCE, EV_REPAIR,
  EV_DESTROYED, EV_END, EV_COOLDOWN, EV_GAIN_SHIELDS, EV_FIRE, EV_MISS, EV_PD_WAIT,
  EV_CORVETTE_OPTION, EV_REPAIR_CORVETTE,
} = eventsModule;
const {
  D_NONE, D_COMMIT, D_VENT, D_DEFENCE, D_SHIELD, D_P2E_DIR, D_REPAIR, D_FIRE_DIR, D_TARGET, D_BOOST,
  D_CORV_OPTION, D_LAUNCH, D_ACTIVATE, D_PD_WINDOW, D_REPAIR_CORV, DECISION_NAMES, CORV_ACTIVATE,
  CORV_LAUNCH, CORV_REPAIR, VENT_NONE, DEF_FIRE, DEF_HOLD, DEF_SHIELDS, CARD_NONE, commitEngine,
  commitFirst, commitSecond, commitDir, encodeCommit, ENGINE_STEP, shieldsPlaced, shieldsFromFirst,
} = decisionsModule;

export * from './decisions.js';

// Sub-steps of a command's resolution (G_SUB).
const SUB_START = 0;
const SUB_AWAIT = 1;
const SUB_PLACE_SHIELDS = 2;
const SUB_SURGE_SHIELDS = 3;
const SUB_REPAIR = 4;
const SUB_FIRING = 5;
const SUB_CORV_OPTION = 6;
const SUB_LAUNCH = 7;
const SUB_ACTIVATE = 8;
const SUB_REPAIR_CORV = 9;
const SUB_REPAIRED = 10;

// Stages of the firing sub-procedure (G_FSTAGE) and what is firing (G_FSRC).
const FST_IDLE = 0;
const FST_START = 1;
const FST_MOUNT = 2;
const FST_SHOT = 3;
const FST_TARGET = 4;
const FST_BOOST = 5;
const FST_NEXT = 6;
const FST_DONE = 7;
const FS_MAIN = 0;
const FS_PORT = 1;
const FS_STARBOARD = 2;
const FS_PD = 3;
const FS_CORVETTE = 4;
const ALL_PLAYERS = (1 << MAX_PLAYERS) - 1;
/**
 * Card locations four at a time (GameState.cardLoc32): 1 and the top bit in each byte, and
 * what, added to a word, sets a byte's top bit exactly when it holds LOC_TRACK or more
 * (TRACK_TOP), or LOC_TRACK + 1 or more (PAST_READY_TOP). Locations are 0..LOC_TRACK +
 * MAX_COOLDOWN, below LOC_TRACK + 128, so no byte carries into the next.
 */
const BYTE_ONES = 0x01010101;
const TRACK_TOP = (128 - LOC_TRACK) * BYTE_ONES;
const PAST_READY_TOP = (128 - LOC_TRACK - 1) * BYTE_ONES;

/** 1 in each byte of a word of card locations that holds a card on the track (LOC_TRACK or more), else 0. */
function onTrackBytes(x: number): number {
  return (((x + TRACK_TOP) | 0) >>> 7) & BYTE_ONES;
}

/**
 * The cooldown step (7.4) on a word of four card locations: a card past Ready moves one
 * space down, a card on Ready returns to the hand (LOC_HAND, 0), any other stays; no byte
 * borrows from the next.
 */
export function coolCardWord(x: number): number {
  const onTrack = onTrackBytes(x);
  const pastReady = (((x + PAST_READY_TOP) | 0) >>> 7) & BYTE_ONES;
  return (x - pastReady - LOC_TRACK * (onTrack ^ pastReady)) | 0;
}
/** The loadout entry naming the component card whose tie-breaker a command uses (7.3); -1: the command card's own. */
const TIE_FIELD = Int8Array.of(LO_MAIN, LO_BROADSIDE, LO_BROADSIDE, LO_HANGAR, LO_PD, -1, -1, -1);
/** What setup clears a state to before placing the ships: zeros, empty token slots, no commitments. */
const BLANK = new GameState();
BLANK.lin.fill(TOK_NONE);
BLANK.rot.fill(TOK_NONE);
BLANK.committed.fill(-1);
BLANK.engine.fill(-1);
BLANK.p2eDir.fill(-1);
BLANK.tokOwner.fill(-1);

/** A ship's starting setup, fully resolved (no randomness: scenarios resolve it first). */
export interface ShipSetup {
  faction: number;
  loadout: LoadoutTable;
  q: number;
  r: number;
  facing: number;
  /** Momentum mat, token codes: 0..5 linear directions, 6 clockwise, 7 counter-clockwise. */
  momentum?: number[];
  armour?: number[];
  shields?: number[];
  structure?: number;
  /** Cooldown track position per card (Cmd order); -1 or absent = in hand. */
  cooldown?: number[];
  /** Corvette slots that start destroyed (CORV_DESTROYED) rather than aboard; on-board ones are tokens. */
  corvettes?: number[];
}
export interface TokenSetup {
  /** SMALL_PROJECTILE, SMALL_TORPEDO or SMALL_CORVETTE. */
  kind: number;
  owner: number;
  /** Which weapon/corvette: 0 main weapon, 1 broadside, 2 + k corvette slot k. */
  ref: number;
  q: number;
  r: number;
  facing: number;
}
export interface MatchSetup {
  ships: ShipSetup[];
  tokens?: TokenSetup[];
  roundLimit?: number;
}

/** A setup that cannot be played (names what is wrong). */
export class SetupError extends Error {}

/**
 * Room for shields on one section (4.1.1): the per-section cap less what it holds, or, for
 * Shield Surge (10.1.7, which ignores that cap), all `left` shields in hand. Shared by
 * shieldRoom and isLegalShield.
 */
function sectionRoom(surge: boolean, left: number, cap: number, held: number): number {
  return surge ? left : Math.max(0, cap - held);
}

export class Kernel {
  readonly t: GameTables;
  readonly move: Movement;
  readonly weapons: Weapons;
  readonly corvettes: Corvettes;
  /** Firing origin scratch: q, r, absolute direction. */
  private readonly origin = new Int32Array(3);
  /** Legal-action scratch for auto-answers and validation (no allocation per decision). */
  private readonly scratch = new Int32Array(MAX_ACTIONS);
  /**
   * The legal list of the decision last asked, with the state object and version it belongs
   * to: any change to the state (an answer, a copyFrom) gives it a new version. Invalidated
   * by askedVersion -1 (no state has it), not by clearing askedState: a pointer store runs
   * V8's write barrier, which called the RecordWrite builtin when the state was young.
   */
  private asked = new Int32Array(MAX_ACTIONS);
  private askedState: GameState | null = null;
  private askedVersion = 0;
  private askedCount = 0;
  /** Scratch for counting inside a legal-action listing (never the caller's buffer). */
  private readonly probe = new Int32Array(MAX_ACTIONS);
  /**
   * The launches listed with the Corvettes! options (resolveCorvettes, 10.1.3), for the launch
   * decision that follows a Launch answer: valid while `launchState` is at `launchVersion`,
   * which the Corvettes!-option answer carries forward (apply) and any other change ends.
   * Used, it trades places with `asked` (so neither field is readonly).
   */
  private launches = new Int32Array(MAX_ACTIONS);
  private launchCount = 0;
  private launchState: GameState | null = null;
  private launchVersion = -1;
  /** Shield room per section (shieldRoom, placeShields), and on sections sec.. onward (legalShield). */
  private readonly roomAt = new Int32Array(MAX_SECTIONS);
  private readonly roomFrom = new Int32Array(MAX_SECTIONS + 1);
  /** Tested with `!== null` here: one compare, where a truthiness test of the field is about ten instructions. */
  log: EventLog | null = null;
  /** Invariant checking after every resolved step (tests); see invariants.ts. */
  check: ((s: GameState, where: string) => void) | null = null;
  /** tables.rules.tieRule === 'rotate', read once (seatAt runs in every seat-order loop). */
  private readonly rotateSeats: boolean;
  /** tables.rules.broadsideFire, read once (stepFire asks it per mount; the pilot kit reads fireAllBroadside). */
  private readonly chooseBroadside: boolean;
  readonly fireAllBroadside: boolean;
  /**
   * Command-card numbers read once from the tables, per faction f and card c (index
   * f * CARDS + c): priority (7.3) and cooldown (commands[c]), and the tie-breaker (7.3) at
   * tieVal[tieAt[k] + i], i the player's loadout entry TIE_FIELD[c] (0 when the card has
   * none) below tieCount[k]. Ordering a slot and finishing a command then need no faction
   * object walk.
   */
  private readonly cmdPriority: Int32Array;
  private readonly cmdCooldown: Int32Array;
  private readonly tieAt: Int32Array;
  private readonly tieCount: Int32Array;
  private readonly tieVal: Int32Array;
  /** Per faction: the hull's section count, shield capacity per section and in total (4.1.1), and armour per section (at f * MAX_SECTIONS + sec). */
  private readonly hullSections: Int32Array;
  private readonly shieldCapSection: Int32Array;
  private readonly shieldCapTotal: Int32Array;
  private readonly hullArmour: Int32Array;
  /** Per faction: the special ability card's kind, amount and cooldown (10.1.7). */
  private readonly specialKind: Int32Array;
  private readonly specialAmount: Int32Array;
  private readonly specialCooldown: Int32Array;

  constructor(tables: GameTables) {
    this.t = tables;
    const nf = tables.factions.length;
    this.cmdPriority = new Int32Array(nf * CARDS);
    this.cmdCooldown = new Int32Array(nf * CARDS);
    this.tieAt = new Int32Array(nf * CARDS);
    this.tieCount = new Int32Array(nf * CARDS);
    const ties: number[] = [];
    for (let f = 0; f < nf; f++) {
      const fac = tables.factions[f];
      for (let c = 0; c < CARDS; c++) {
        const k = f * CARDS + c;
        this.cmdPriority[k] = fac.commands[c].priority;
        this.cmdCooldown[k] = fac.commands[c].cooldown;
        const cards: { tieBreaker: number }[] =
          c === Cmd.FireMain ? fac.mainWeapons
          : c === Cmd.PortBroadside || c === Cmd.StarboardBroadside ? fac.broadsides
          : c === Cmd.Corvettes ? fac.hangars
          : c === Cmd.DefenceStations ? fac.pointDefence
          : [c === Cmd.SpecialAbility ? fac.special : fac.commands[c]];
        this.tieAt[k] = ties.length;
        this.tieCount[k] = cards.length;
        for (const card of cards) ties.push(card.tieBreaker);
      }
    }
    this.tieVal = Int32Array.from(ties);
    this.hullSections = Int32Array.from(tables.factions, (f) => f.hull.sectionCount);
    this.shieldCapSection = Int32Array.from(tables.factions, (f) => f.hull.shieldCapSection);
    this.shieldCapTotal = Int32Array.from(tables.factions, (f) => f.hull.shieldCapTotal);
    this.hullArmour = new Int32Array(nf * MAX_SECTIONS);
    for (let f = 0; f < nf; f++) {
      const hull = tables.factions[f].hull;
      for (let sec = 0; sec < hull.sectionCount && sec < MAX_SECTIONS; sec++) this.hullArmour[f * MAX_SECTIONS + sec] = hull.armour[sec];
    }
    this.specialKind = Int32Array.from(tables.factions, (f) => f.special.kind);
    this.specialAmount = Int32Array.from(tables.factions, (f) => f.special.amount);
    this.specialCooldown = Int32Array.from(tables.factions, (f) => f.special.cooldown);
    this.rotateSeats = tables.rules.tieRule === 'rotate';
    this.chooseBroadside = tables.rules.broadsideFire === 'choose';
    this.fireAllBroadside = tables.rules.broadsideFire === 'all';
    this.move = new Movement(this);
    this.weapons = new Weapons(this, this.move);
    this.move.connect(this.weapons);
    this.corvettes = new Corvettes(this, this.move, this.weapons);
  }

  faction(s: GameState, p: number): FactionTable {
    return this.t.factions[s.faction[p]];
  }

  // ------------------------------------------------------------------ setup

  /** Initialise `s` for a match; throws SetupError naming the problem. */
  setup(s: GameState, m: MatchSetup): GameState {
    s.touch();
    // One byte copy of a blank state (TypedArray fill is a slow C++ builtin; set is not).
    s.bytes.set(BLANK.bytes);
    const n = m.ships.length;
    if (n < 2 || n > MAX_PLAYERS) throw new SetupError(`a match needs 2 to ${MAX_PLAYERS} ships, got ${n}`);
    const g = s.g;
    g[G_PLAYERS] = n;
    g[G_ROUND] = 1;
    g[G_ROUND_LIMIT] = m.roundLimit ?? this.t.roundLimit;
    g[G_WINNER] = -1;
    g[G_SUPPLY_SHIELDS] = this.t.supplies.shields;
    g[G_SUPPLY_LINEAR] = this.t.supplies.linear;
    g[G_SUPPLY_CW] = this.t.supplies.clockwise;
    g[G_SUPPLY_CCW] = this.t.supplies.counterClockwise;
    g[G_CUR_CARD] = -1;
    g[G_VENTED] = -1;
    for (let p = 0; p < n; p++) {
      const sh = m.ships[p];
      const f = this.t.factions[sh.faction];
      if (!f) throw new SetupError(`ship ${p}: unknown faction index ${sh.faction}`);
      const hull = f.hull;
      s.faction[p] = sh.faction;
      s.alive[p] = 1;
      s.shipQ[p] = sh.q;
      s.shipR[p] = sh.r;
      s.facing[p] = sh.facing;
      const lo = p * 8;
      s.loadout[lo + LO_MAIN] = sh.loadout.main;
      s.loadout[lo + LO_BROADSIDE] = sh.loadout.broadside;
      s.loadout[lo + LO_HANGAR] = sh.loadout.hangar;
      s.loadout[lo + LO_PD] = sh.loadout.pointDefence;
      for (let c = 0; c < CORVETTES; c++) {
        const card = sh.loadout.corvettes[c] ?? -1;
        s.loadout[lo + LO_CORVETTES + c] = card;
        const loc = sh.corvettes?.[c] ?? CORV_ABOARD;
        if (loc !== CORV_ABOARD && loc !== CORV_DESTROYED) throw new SetupError(`ship ${p}: corvette ${c + 1} may start aboard or destroyed (place it on the board as a token)`);
        s.corvLoc[p * CORVETTES + c] = card < 0 ? CORV_NONE : loc;
        s.corvTok[p * CORVETTES + c] = -1;
      }
      for (let sec = 0; sec < hull.sectionCount; sec++) {
        const a = sh.armour?.[sec] ?? hull.armour[sec];
        if (a < 0 || a > hull.armour[sec]) throw new SetupError(`ship ${p}: armour of section ${hull.sectionNames[sec]} must be 0..${hull.armour[sec]}, got ${a}`);
        s.armour[p * MAX_SECTIONS + sec] = a;
      }
      s.structure[p] = sh.structure ?? hull.structure;
      if (s.structure[p] <= 0 || s.structure[p] > hull.structure) throw new SetupError(`ship ${p}: structure must be 1..${hull.structure}, got ${s.structure[p]}`);
      let shieldTotal = 0;
      for (let sec = 0; sec < hull.sectionCount; sec++) {
        const v = sh.shields?.[sec] ?? 0;
        if (v < 0 || v > hull.shieldCapSection) throw new SetupError(`ship ${p}: shields on ${hull.sectionNames[sec]} must be 0..${hull.shieldCapSection}, got ${v}`);
        s.shields[p * MAX_SECTIONS + sec] = v;
        shieldTotal += v;
      }
      if (shieldTotal > hull.shieldCapTotal) throw new SetupError(`ship ${p}: ${shieldTotal} shields exceed the ship's total capacity ${hull.shieldCapTotal}`);
      if (shieldTotal > g[G_SUPPLY_SHIELDS]) throw new SetupError(`ship ${p}: not enough shield tokens left in the supply`);
      g[G_SUPPLY_SHIELDS] -= shieldTotal;
      const momentum = sh.momentum;
      const mlen = momentum ? momentum.length : 0;
      for (let mi = 0; mi < mlen; mi++) {
        const code = momentum![mi];
        if (code < 0 || code > TOK_CCW) throw new SetupError(`ship ${p}: bad momentum token code ${code}`);
        const isRot = code >= TOK_CW;
        if (isRot ? s.rotCount[p] >= ROT_SLOTS : s.linCount[p] >= LIN_SLOTS)
          throw new SetupError(`ship ${p}: momentum mat holds at most ${LIN_SLOTS} linear and ${ROT_SLOTS} rotational tokens`);
        const sf = supplyField(code);
        if (g[sf] <= 0) throw new SetupError(`ship ${p}: the momentum token supply is empty`);
        g[sf]--;
        if (isRot) s.rot[p * ROT_SLOTS + s.rotCount[p]++] = code;
        else s.lin[p * LIN_SLOTS + s.linCount[p]++] = code;
      }
      for (let c = 0; c < CARDS; c++) {
        const pos = sh.cooldown?.[c] ?? -1;
        if (pos > MAX_COOLDOWN) throw new SetupError(`ship ${p}: cooldown position ${pos} above ${MAX_COOLDOWN}`);
        s.cardLoc[p * CARDS + c] = pos < 0 ? LOC_HAND : LOC_TRACK + pos;
      }
      if (f.tokenSupplies.length > MAX_FACTION_SUPPLIES) throw new SetupError(`faction ${f.id}: too many token supplies`);
      for (let i = 0; i < f.tokenSupplies.length; i++) s.factionSupply[p * MAX_FACTION_SUPPLIES + i] = f.tokenSupplies[i].count;
    }
    const toks = m.tokens;
    const ntok = toks ? toks.length : 0;
    if (ntok > MAX_TOKENS) throw new SetupError(`at most ${MAX_TOKENS} tokens on the board`);
    for (let i = 0; i < ntok; i++) {
      const tk = toks![i];
      if (tk.owner < 0 || tk.owner >= n) throw new SetupError(`token ${i}: owner ${tk.owner} is not a player`);
      const sup = this.tokenSupplyOf(s, tk.owner, tk.kind, tk.ref);
      if (sup >= 0) {
        const idx = tk.owner * MAX_FACTION_SUPPLIES + sup;
        if (s.factionSupply[idx] <= 0) throw new SetupError(`token ${i}: its supply is already all on the board`);
        s.factionSupply[idx]--;
      } else if (tk.kind !== SMALL_CORVETTE) {
        throw new SetupError(`token ${i}: that weapon fires no tokens`);
      }
      s.tokKind[i] = tk.kind;
      s.tokOwner[i] = tk.owner;
      s.tokRef[i] = tk.ref;
      s.tokSupply[i] = sup;
      s.tokQ[i] = tk.q;
      s.tokR[i] = tk.r;
      s.tokFacing[i] = tk.facing;
      s.tokAge[i] = ++g[G_TOKEN_SERIAL];
      if (tk.kind === SMALL_CORVETTE) {
        const slot = tk.ref - 2;
        if (slot < 0 || slot >= CORVETTES || s.corvLoc[tk.owner * CORVETTES + slot] !== CORV_ABOARD)
          throw new SetupError(`token ${i}: ship ${tk.owner}'s corvette ${slot + 1} is not available to place`);
        s.corvLoc[tk.owner * CORVETTES + slot] = CORV_BOARD;
        s.corvTok[tk.owner * CORVETTES + slot] = i;
      }
    }
    g[G_TOK_TOP] = ntok;
    for (let i = 0; i < ntok; i++) {
      if (!this.move.hexOnBoard(s.tokQ[i], s.tokR[i])) throw new SetupError(`token ${i} at (${s.tokQ[i]}, ${s.tokR[i]}) is off the board`);
      for (let p = 0; p < n; p++) if (this.move.sectionAt(s, p, s.tokQ[i], s.tokR[i]) >= 0) throw new SetupError(`token ${i} at (${s.tokQ[i]}, ${s.tokR[i]}) is under ship ${p}`);
    }
    for (let p = 0; p < n; p++) {
      if (!this.move.onBoard(s, p)) throw new SetupError(`ship ${p} is not wholly on the board at (${s.shipQ[p]}, ${s.shipR[p]})`);
      for (let o = 0; o < p; o++) if (this.move.shipsOverlap(s, p, o, null, null)) throw new SetupError(`ships ${o} and ${p} overlap`);
    }
    this.startRound(s);
    return s;
  }

  /** The faction supply index a token draws from, or -1 (corvettes, or a weapon without tokens). */
  tokenSupplyOf(s: GameState, p: number, kind: number, ref: number): number {
    const w = this.weaponOf(s, p, kind, ref);
    return w ? w.tokenSupply : -1;
  }

  /** The weapon card behind a token: 0 main, 1 broadside, 2 + k corvette slot k's weapon. */
  weaponOf(s: GameState, p: number, kind: number, ref: number) {
    if (kind === SMALL_CORVETTE || kind === SMALL_NONE) return null;
    const f = this.faction(s, p);
    if (ref === 0) return f.mainWeapons[s.loadout[p * 8 + LO_MAIN]] ?? null;
    if (ref === 1) return f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]] ?? null;
    const c = s.loadout[p * 8 + LO_CORVETTES + ref - 2];
    return c >= 0 ? (f.corvettes[c]?.weapon ?? null) : null;
  }

  // ------------------------------------------------------------------ decisions

  /**
   * Write player p's legal actions at the pending decision into `out`; returns the count
   * (0 when p has nothing to decide).
   */
  legal(s: GameState, p: number, out: Int32Array): number {
    // Arrays in locals: the loops store into `out` (startRound says why).
    const g = s.g;
    if (((g[G_PENDING] >> p) & 1) === 0) return 0;
    const asked = this.asked;
    if (out !== asked && this.askedValid(s)) {
      const n = this.askedCount;
      for (let i = 0; i < n; i++) out[i] = asked[i];
      return n;
    }
    switch (g[G_DECISION]) {
      case D_COMMIT:
        return this.legalCommit(s, p, out);
      case D_VENT: {
        const cardLoc = s.cardLoc;
        let n = 0;
        for (let c = 0, base = p * CARDS; c < CARDS; c++) if (cardLoc[base + c] >= LOC_TRACK) out[n++] = c;
        out[n++] = VENT_NONE;
        return n;
      }
      case D_DEFENCE:
        out[0] = DEF_FIRE;
        if (g[G_VENTED] < 0) {
          out[1] = DEF_HOLD;
          out[2] = DEF_SHIELDS;
          return 3;
        }
        out[1] = DEF_SHIELDS;
        return 2;
      case D_SHIELD:
        return this.legalShield(s, p, out);
      case D_P2E_DIR:
        for (let d = 0; d < 6; d++) out[d] = d;
        return 6;
      case D_REPAIR:
        return this.legalRepair(s, p, out);
      case D_FIRE_DIR: {
        const m = this.shipMounts(s, this.faction(s, p))[g[G_FMOUNT]];
        for (let i = 0; i < m.directions.length; i++) out[i] = i;
        return m.directions.length;
      }
      case D_TARGET:
        return this.legalTargets(s, p, out, 0);
      case D_BOOST:
        out[0] = 0;
        out[1] = 1;
        return 2;
      case D_CORV_OPTION:
        return this.legalCorvetteOptions(s, p, out);
      case D_LAUNCH:
        return this.corvettes.legalLaunches(s, p, out);
      case D_ACTIVATE:
        return this.legalActivations(s, p, out);
      case D_PD_WINDOW:
        return this.legalPdWindow(s, p, out);
      case D_REPAIR_CORV: {
        const corvLoc = s.corvLoc;
        let n = 0;
        for (let c = 0; c < CORVETTES; c++) if (corvLoc[p * CORVETTES + c] === CORV_DESTROYED) out[n++] = c;
        return n;
      }
    }
    return 0;
  }

  /** A held Defence Stations at a firing window: 0 (wait), then 1 + each target id (10.1.4). */
  private legalPdWindow(s: GameState, p: number, out: Int32Array): number {
    const pd = this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]];
    const n = this.weapons.pointDefenceTargets(s, p, pd.range, out, 1);
    out[0] = 0;
    for (let i = 1; i < n; i++) out[i] += 1;
    return n;
  }

  /**
   * Player p's commitments (7.1): the command block for engine setting 0 (commitBlock), then
   * the same block once per further setting (encodeCommit(e, ...) = e * ENGINE_STEP +
   * encodeCommit(0, ...)).
   */
  private legalCommit(s: GameState, p: number, out: Int32Array): number {
    const m = this.commitBlock(s, p, out);
    let n = m;
    for (let e = 1; e < ENGINE_SETTINGS; e++) {
      const off = e * ENGINE_STEP;
      for (let i = 0; i < m; i++) out[n++] = out[i] + off;
    }
    return n;
  }

  /**
   * The command part of p's commitments (7.1), for engine setting 0, into out[0 .. m);
   * returns m. It does not depend on the engine setting, so p's legal commitment list is this
   * block repeated once per setting: its element j is out[j % m] + (j / m | 0) * ENGINE_STEP
   * (search draws from it without writing the list out: heuristic.ts sampleCandidates).
   */
  commitBlock(s: GameState, p: number, out: Int32Array): number {
    const base = p * CARDS;
    const cardLoc = s.cardLoc; // in a local: the loops store into `out` (startRound says why)
    let hand = 0;
    for (let c = 0; c < CARDS; c++) if (cardLoc[base + c] === LOC_HAND) hand++;
    if (hand === 0) {
      out[0] = encodeCommit(0, CARD_NONE, CARD_NONE, 0);
      return 1;
    }
    let m = 0;
    for (let a = 0; a < CARDS; a++) {
      if (cardLoc[base + a] !== LOC_HAND) continue;
      if (hand === 1) {
        m = this.pushCommit(out, m, a, CARD_NONE);
        continue;
      }
      for (let b = 0; b < CARDS; b++) {
        if (b === a || cardLoc[base + b] !== LOC_HAND) continue;
        m = this.pushCommit(out, m, a, b);
      }
    }
    return m;
  }

  /** The engine-0 commitment(s) of commands a, b: one per Power to Engines direction if either is that card. */
  private pushCommit(out: Int32Array, n: number, a: number, b: number): number {
    if (a === Cmd.PowerToEngines || b === Cmd.PowerToEngines) {
      for (let d = 0; d < 6; d++) out[n++] = encodeCommit(0, a, b, d);
    } else out[n++] = encodeCommit(0, a, b, 0);
    return n;
  }

  /** Shields lifted off the ship and not yet placed again (during a placement decision). */
  shieldsInHand(s: GameState): number {
    const sub = s.g[G_SUB];
    return s.g[G_PHASE] === PHASE_ACTION && (sub === SUB_PLACE_SHIELDS || sub === SUB_SURGE_SHIELDS) ? s.g[G_LEFT] : 0;
  }

  /**
   * Every arrangement of the shields in hand (G_LEFT) into `out`; returns the count. A
   * section takes at most its room (shieldRoom: the per-section cap less what it holds, or
   * for Shield Surge any number). As many shields are placed as there is room for
   * (4.1.1); the rest go back to the supply when the answer is applied. Order: the
   * most on section 0 first, then on section 1, ...; so out[0] fills from section 0 up.
   */
  private legalShield(s: GameState, p: number, out: Int32Array): number {
    const placing = this.shieldRoom(s, p, this.roomAt);
    if (placing === 0) return 0;
    const n = this.faction(s, p).hull.sectionCount;
    const roomFrom = this.roomFrom;
    roomFrom[n] = 0;
    for (let sec = n - 1; sec >= 0; sec--) roomFrom[sec] = roomFrom[sec + 1] + this.roomAt[sec];
    return this.arrangeShields(0, n, placing, 0, out, 0);
  }

  /** Arrangements of `left` shields over sections sec..n-1 (legalShield's rooms), after `acc`, into out from k. */
  private arrangeShields(sec: number, n: number, left: number, acc: number, out: Int32Array, k: number): number {
    if (sec === n - 1) {
      out[k] = acc | (left << (SHIELD_BITS * sec));
      return k + 1;
    }
    const hi = Math.min(this.roomAt[sec], left);
    const lo = Math.max(0, left - this.roomFrom[sec + 1]);
    for (let c = hi; c >= lo; c--) k = this.arrangeShields(sec + 1, n, left - c, acc | (c << (SHIELD_BITS * sec)), out, k);
    return k;
  }

  /**
   * The pending shield arrangement (D_SHIELD) of player p: each section's room into `room`
   * (the per-section cap less what it holds; for Shield Surge, which ignores that cap, the
   * shields in hand), and how many shields the arrangement places: those in hand, or fewer
   * when there is not room for all (4.1.1). 0 when no arrangement is under way.
   */
  shieldRoom(s: GameState, p: number, room: Int32Array): number {
    const left = this.shieldsInHand(s);
    if (left === 0) return 0;
    const f = s.faction[p];
    const surge = s.g[G_SUB] === SUB_SURGE_SHIELDS;
    // Fields in locals: the loop stores into `room` (startRound says why).
    const n = this.hullSections[f];
    const cap = this.shieldCapSection[f];
    const shields = s.shields;
    const base = p * MAX_SECTIONS;
    let total = 0;
    for (let sec = 0; sec < n; sec++) {
      const r = sectionRoom(surge, left, cap, shields[base + sec]);
      room[sec] = r;
      total += r;
    }
    return Math.min(left, total);
  }

  /** Is `a` an arrangement of the pending shields (decoded, not looked up in a list)? */
  private isLegalShield(s: GameState, p: number, a: number): boolean {
    if ((a | 0) !== a) return false;
    const hull = this.faction(s, p).hull;
    const n = hull.sectionCount;
    if (n * SHIELD_BITS < 32 && a >>> (n * SHIELD_BITS) !== 0) return false;
    // shieldRoom's rooms, each checked as it is computed (one pass, nothing stored); with
    // no shields in hand nothing may be placed.
    const left = this.shieldsInHand(s);
    const surge = s.g[G_SUB] === SUB_SURGE_SHIELDS;
    const cap = hull.shieldCapSection;
    const shields = s.shields;
    const base = p * MAX_SECTIONS;
    let sum = 0;
    let total = 0;
    for (let sec = 0; sec < n; sec++) {
      const c = shieldsPlaced(a, sec);
      const r = sectionRoom(surge, left, cap, shields[base + sec]);
      if (c > r) return false;
      sum += c;
      total += r;
    }
    return sum === (left === 0 ? 0 : Math.min(left, total));
  }

  private legalRepair(s: GameState, p: number, out: Int32Array): number {
    const f = s.faction[p];
    // Arrays in locals: the loop stores into `out` (startRound says why).
    const armour = s.armour;
    const full = this.hullArmour;
    const base = p * MAX_SECTIONS;
    const top = f * MAX_SECTIONS;
    let n = 0;
    for (let sec = 0, end = this.hullSections[f]; sec < end; sec++) if (armour[base + sec] < full[top + sec]) out[n++] = sec;
    return n;
  }

  /**
   * Apply player p's answer to the pending decision and resolve until the next decision or
   * the end of the match. Throws on an answer that is not legal (callers adjudicate).
   */
  submit(s: GameState, p: number, action: number): void {
    if (((s.g[G_PENDING] >> p) & 1) === 0) throw new Error(`player ${p} has no pending decision`);
    if (!this.isLegal(s, p, action)) throw new Error(`illegal action ${action} for player ${p} at decision ${DECISION_NAMES[s.g[G_DECISION]]}`);
    this.apply(s, p, action);
    this.run(s);
  }

  /** `submit` for an answer the caller has just checked with isLegal (no second check). */
  submitLegal(s: GameState, p: number, action: number): void {
    this.apply(s, p, action);
    this.run(s);
  }

  /**
   * Is `a` one of p's legal actions now? Commitments are checked by decoding, not by listing;
   * other decisions by the kept list when it is valid, else corvette launches and
   * activations by decoding (their lists are long) and the rest by listing.
   */
  isLegal(s: GameState, p: number, a: number): boolean {
    const g = s.g;
    if (((g[G_PENDING] >> p) & 1) === 0 || !Number.isInteger(a)) return false;
    const decision = g[G_DECISION];
    if (decision === D_COMMIT) {
      if (a < 0 || a >= MAX_ACTIONS) return false;
      // Two cards from the hand, or all of a hand of fewer than two.
      const base = p * CARDS;
      const cardLoc = s.cardLoc;
      const first = commitFirst(a);
      const second = commitSecond(a);
      if (first === CARD_NONE && second !== CARD_NONE) return false;
      if (first !== CARD_NONE && cardLoc[base + first] !== LOC_HAND) return false;
      if (second !== CARD_NONE && (second === first || cardLoc[base + second] !== LOC_HAND)) return false;
      if (second === CARD_NONE) {
        let hand = 0;
        for (let c = 0; c < CARDS; c++) if (cardLoc[base + c] === LOC_HAND) hand++;
        if (hand !== (first === CARD_NONE ? 0 : 1)) return false;
      }
      return commitDir(a) === 0 || first === Cmd.PowerToEngines || second === Cmd.PowerToEngines;
    }
    if (decision === D_SHIELD) return this.isLegalShield(s, p, a);
    // An activation is never asked with a kept list (resolveCorvettes): decoded at once.
    if (decision === D_ACTIVATE) return this.isLegalActivation(s, p, a);
    if (this.askedValid(s)) {
      const asked = this.asked;
      for (let i = 0, n = this.askedCount; i < n; i++) if (asked[i] === a) return true;
      return false;
    }
    if (decision === D_LAUNCH) return this.corvettes.isLegalLaunch(s, p, a);
    const scratch = this.scratch;
    const n = this.legal(s, p, scratch);
    for (let i = 0; i < n; i++) if (scratch[i] === a) return true;
    return false;
  }

  /** Apply an answer known to be legal (no check), without resuming resolution. */
  private apply(s: GameState, p: number, a: number): void {
    const before = s.version;
    s.touch();
    const g = s.g;
    g[G_PENDING] &= ~(1 << p);
    switch (g[G_DECISION]) {
      case D_COMMIT: {
        const first = commitFirst(a);
        const second = commitSecond(a);
        const committed = s.committed;
        const cardLoc = s.cardLoc;
        s.engine[p] = commitEngine(a);
        committed[p * 2] = first === CARD_NONE ? -1 : first;
        committed[p * 2 + 1] = second === CARD_NONE ? -1 : second;
        if (first !== CARD_NONE) cardLoc[p * CARDS + first] = LOC_COMMITTED;
        if (second !== CARD_NONE) cardLoc[p * CARDS + second] = LOC_COMMITTED;
        s.p2eDir[p] = first === Cmd.PowerToEngines || second === Cmd.PowerToEngines ? commitDir(a) : -1;
        if (g[G_PENDING] === 0) {
          g[G_PHASE] = PHASE_MOVEMENT;
          g[G_DECISION] = D_NONE;
        }
        return;
      }
      case D_VENT:
        this.applyVent(s, p, a);
        break;
      case D_DEFENCE:
        this.applyDefence(s, p, a);
        break;
      case D_SHIELD: {
        const n = this.hullSections[s.faction[p]];
        const shields = s.shields;
        const base = p * MAX_SECTIONS;
        let placed = 0;
        for (let sec = 0; sec < n; sec++) {
          const c = shieldsPlaced(a, sec);
          shields[base + sec] += c;
          placed += c;
        }
        // The events after, in the same order: the loop above makes no call (cooldownPhase says why).
        const log = this.log;
        if (log !== null) for (let sec = 0; sec < n; sec++) for (let i = 0, c = shieldsPlaced(a, sec); i < c; i++) log.push(EV_SHIELD, p, sec);
        // Shields with no room left go back to the supply (4.1.1).
        g[G_SUPPLY_SHIELDS] += g[G_LEFT] - placed;
        g[G_LEFT] = 0;
        break;
      }
      case D_P2E_DIR:
        s.p2eDir[p] = a;
        g[G_SUB] = SUB_START;
        break;
      case D_REPAIR:
        s.armour[p * MAX_SECTIONS + a]++;
        s.stats[p * STAT_SIZE + ST_ARMOUR_REPAIRED]++;
        g[G_LEFT]--;
        if (this.log !== null) this.log.push(EV_REPAIR, p, a);
        break;
      case D_FIRE_DIR:
        g[G_FDIR] = a;
        break;
      case D_TARGET:
        g[G_FTARGET] = a;
        break;
      case D_BOOST:
        if (a === 1) {
          if (g[G_FSRC] === FS_CORVETTE) g[G_ACT_LEFT] -= g[G_FNEED];
          else g[G_FEXTRA] += g[G_FNEED];
          g[G_FNEED] = -1;
        }
        break;
      case D_CORV_OPTION:
        if (this.log !== null) this.log.push(EV_CORVETTE_OPTION, p, a);
        // The launches kept with the options stay valid: this answer changes none of them.
        this.launchVersion = s === this.launchState && before === this.launchVersion ? s.version : -1;
        // The window before the first activation is the one just held before this command.
        g[G_WINDOW_ASKED] = ALL_PLAYERS;
        if (a === CORV_ACTIVATE) {
          g[G_ACT_LEFT] = 3;
          g[G_SUB] = SUB_ACTIVATE;
        } else g[G_SUB] = a === CORV_LAUNCH ? SUB_LAUNCH : SUB_REPAIR_CORV;
        break;
      case D_LAUNCH:
        this.corvettes.launch(s, p, a);
        g[G_ACT_LEFT] = 1;
        g[G_SUB] = SUB_ACTIVATE;
        break;
      case D_ACTIVATE:
        g[G_WINDOW_ASKED] = 0;
        if (a === ACT_PASS) g[G_ACT_LEFT] = 0;
        else if (a >= ACT_FIRE) {
          const slot = a - ACT_FIRE;
          s.corvFired[p * CORVETTES + slot] = 1;
          g[G_CORV_FIRED] |= 1 << p;
          g[G_ACT_LEFT]--;
          this.startFire(s, FS_CORVETTE, slot);
        } else {
          g[G_ACT_LEFT]--;
          this.corvettes.move(s, p, a);
        }
        break;
      case D_PD_WINDOW:
        if (a === 0) {
          g[G_WINDOW_PLAYER] = -1;
          if (this.log !== null) this.log.push(EV_PD_WAIT, p);
        } else {
          // Fire the held point defence at target a - 1; the card goes to the track after.
          g[G_FEXTRA] = 0;
          g[G_FSRC] = FS_PD;
          g[G_FTARGET] = a - 1;
          g[G_FSTAGE] = FST_TARGET;
          s.stats[p * STAT_SIZE + ST_SHOTS + SRC_POINT_DEFENCE]++;
          if (this.log !== null) this.log.push(EV_FIRE, p, SRC_POINT_DEFENCE, 0, 0, -1);
        }
        break;
      case D_REPAIR_CORV:
        s.corvLoc[p * CORVETTES + a] = CORV_ABOARD;
        s.stats[p * STAT_SIZE + ST_CORV_REPAIRED + s.loadout[p * 8 + LO_CORVETTES + a]]++;
        if (this.log !== null) this.log.push(EV_REPAIR_CORVETTE, p, a);
        g[G_SUB] = SUB_REPAIRED;
        break;
    }
    g[G_DECISION] = D_NONE;
  }

  /** Ask player p for a decision; if exactly one answer is legal, take it and return false. */
  private ask(s: GameState, p: number, kind: number): boolean {
    const g = s.g;
    g[G_DECISION] = kind;
    g[G_PENDING] = 1 << p;
    // this.asked is about to be overwritten: it no longer holds any state's list.
    this.askedVersion = -1;
    return this.offer(s, p, this.legal(s, p, this.asked));
  }

  /**
   * ask() for a decision known to have more than one answer: nothing is listed (legal() and
   * isLegal() list the answers only if someone asks for them).
   */
  private askUnlisted(s: GameState, p: number, kind: number): void {
    const g = s.g;
    g[G_DECISION] = kind;
    g[G_PENDING] = 1 << p;
    this.askedVersion = -1;
    s.touch();
  }

  /** The rest of ask(), once the pending decision's n legal answers are in this.asked. */
  private offer(s: GameState, p: number, n: number): boolean {
    if (n === 1) {
      this.apply(s, p, this.asked[0]);
      return false;
    }
    // Keep the list: legal() and isLegal() answer from it while the state is unchanged.
    s.touch();
    if (this.askedState !== s) this.askedState = s;
    this.askedVersion = s.version;
    this.askedCount = n;
    return true;
  }

  /** Is the list kept by the last ask() the legal list of `s` now (same object, same version)? */
  private askedValid(s: GameState): boolean {
    return s === this.askedState && s.version === this.askedVersion && s.g[G_DECISION] !== D_COMMIT;
  }

  // ------------------------------------------------------------------ round loop

  /** Resolve until a decision is pending or the match is over. */
  run(s: GameState): void {
    const g = s.g;
    while (g[G_PENDING] === 0) {
      switch (g[G_PHASE]) {
        case PHASE_COMMIT:
          return;
        case PHASE_MOVEMENT:
          this.movementPhase(s);
          if (this.isOver(s)) return;
          g[G_PHASE] = PHASE_ACTION;
          g[G_SLOT] = 0;
          this.startSlot(s);
          break;
        case PHASE_ACTION:
          if (this.actionPhase(s) === false) return;
          g[G_PHASE] = PHASE_COOLDOWN;
          break;
        case PHASE_COOLDOWN:
          this.cooldownPhase(s);
          if (this.isOver(s)) return;
          g[G_ROUND]++;
          this.startRound(s);
          break;
        default:
          return;
      }
    }
  }

  private startRound(s: GameState): void {
    const g = s.g;
    const n = g[G_PLAYERS];
    g[G_PHASE] = PHASE_COMMIT;
    g[G_DECISION] = D_COMMIT;
    g[G_INITIATIVE] = (g[G_ROUND] - 1) % n;
    g[G_ENGINES_REVEALED] = 0;
    g[G_REVEALED] = 0;
    let mask = 0;
    // The arrays in locals: in a loop V8 re-checks the state's map and reloads each field per access.
    // Engines and commitments are already -1: cleared by cooldownPhase, or by setup's blank state.
    const p2eDir = s.p2eDir;
    const alive = s.alive;
    for (let p = 0; p < n; p++) {
      p2eDir[p] = -1;
      if (alive[p]) mask |= 1 << p;
    }
    // Only the ships whose corvettes fired last round have corvFired entries to clear (most have none).
    const fired = g[G_CORV_FIRED];
    if (fired !== 0) {
      const corvFired = s.corvFired;
      for (let p = 0; p < n; p++) if (((fired >> p) & 1) === 1) for (let c = p * CORVETTES, end = c + CORVETTES; c < end; c++) corvFired[c] = 0;
      g[G_CORV_FIRED] = 0;
    }
    g[G_WINDOW_ASKED] = 0;
    g[G_WINDOW_PLAYER] = -1;
    g[G_FSTAGE] = FST_IDLE;
    g[G_PENDING] = mask;
    if (this.log !== null) this.log.push(EV_ROUND, g[G_ROUND]);
  }

  private isOver(s: GameState): boolean {
    return s.g[G_STATUS] !== STATUS_ONGOING;
  }

  /** Seat order for the step: the i-th player (i in 0..players-1) from the initiative seat on (design section 3 item 9). */
  seatAt(s: GameState, i: number): number {
    // Compared (=== false), not tested for truth: see actionPhase.
    if (this.rotateSeats === false) return i;
    // (initiative + i) mod n, for initiative and i in 0..n-1, without a division.
    const x = s.g[G_INITIATIVE] + i;
    const n = s.g[G_PLAYERS];
    return x >= n ? x - n : x;
  }

  private movementPhase(s: GameState): void {
    const g = s.g;
    const n = g[G_PLAYERS];
    g[G_ENGINES_REVEALED] = 1;
    // 7.2.1: reveal engines and thrust, in seat order (matters only when a supply runs out).
    for (let i = 0; i < n; i++) {
      const p = this.seatAt(s, i);
      if (!s.alive[p]) continue;
      const e = s.engine[p];
      let r1 = -1;
      let r2 = -1;
      if (e >= 0 && e < 6) r1 = thrust(s, p, e);
      else if (e === ENGINE_DOUBLE) {
        r1 = thrust(s, p, s.facing[p]);
        r2 = thrust(s, p, s.facing[p]);
      } else if (e === ENGINE_CW) r1 = thrust(s, p, TOK_CW);
      else if (e === ENGINE_CCW) r1 = thrust(s, p, TOK_CCW);
      if (r1 === THRUST_IGNORED || r1 === THRUST_NO_SUPPLY) s.stats[p * STAT_SIZE + ST_THRUSTS_IGNORED]++;
      if (r2 === THRUST_IGNORED || r2 === THRUST_NO_SUPPLY) s.stats[p * STAT_SIZE + ST_THRUSTS_IGNORED]++;
      if (this.log !== null) this.log.push(EV_ENGINE, p, e, r1, r2);
    }
    // 7.2.2: lock-step movement with collisions after each step; the steps settle what
    // they change (movementSteps), so only a phase without a step is settled here.
    if (this.move.movementSteps(s) === false) this.settleDestroyed(s);
    if (this.isOver(s)) return;
    // 7.2.3: cannon tokens, then torpedoes; 7.2.4: every corvette moves one hex. All three
    // are small tokens: with none on the board (G_TOK_TOP 0) there is nothing to move, and
    // a step whose kind is not on the board is skipped (these moves add no tokens).
    const top = g[G_TOK_TOP];
    if (top > 0) {
      const tokKind = s.tokKind;
      let kinds = 0;
      for (let i = 0; i < top; i++) kinds |= 1 << tokKind[i];
      if ((kinds & (1 << SMALL_PROJECTILE)) !== 0) this.weapons.moveProjectiles(s, -1, 0);
      if ((kinds & (1 << SMALL_TORPEDO)) !== 0) this.weapons.moveAllTorpedoes(s);
      if ((kinds & (1 << SMALL_CORVETTE)) !== 0) this.corvettes.compelledMoves(s);
      this.settleDestroyed(s);
    }
    if (this.check !== null) this.check(s, 'weapon and corvette moves');
  }

  // ------------------------------------------------------------------ action phase (7.3)

  private startSlot(s: GameState): void {
    const g = s.g;
    const slot = g[G_SLOT];
    g[G_REVEALED] = slot + 1;
    const n = g[G_PLAYERS];
    // Arrays in locals: see startRound.
    const alive = s.alive;
    const committed = s.committed;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const p = this.seatAt(s, i);
      if (!alive[p] || committed[p * 2 + slot] < 0) continue;
      // Insertion by (priority, tie-breaker); equal keys keep seat order (7.3).
      let j = count;
      for (; j > 0; j--) {
        const q = g[G_ORDER + j - 1];
        if (this.commandBefore(s, p, q, slot) === false) break;
        g[G_ORDER + j] = q;
      }
      g[G_ORDER + j] = p;
      count++;
    }
    g[G_ORDER_COUNT] = count;
    g[G_ORDER_POS] = 0;
    g[G_SUB] = SUB_START;
    g[G_CUR_CARD] = -1;
    g[G_VENTED] = -1;
  }

  /** Does p's command in this slot strictly precede q's (lower priority, then lower tie-breaker)? */
  private commandBefore(s: GameState, p: number, q: number, slot: number): boolean {
    const committed = s.committed;
    const faction = s.faction;
    const cp = committed[p * 2 + slot];
    const cq = committed[q * 2 + slot];
    const prio = this.cmdPriority;
    const pp = prio[faction[p] * CARDS + cp];
    const pq = prio[faction[q] * CARDS + cq];
    if (pp !== pq) return pp < pq;
    return this.tieBreaker(s, p, cp) < this.tieBreaker(s, q, cq);
  }

  /**
   * The tie-breaker printed on the component card behind a command (7.3): from the tables
   * built in the constructor (tieVal), indexed by the player's loadout entry for the card.
   */
  tieBreaker(s: GameState, p: number, card: number): number {
    const k = s.faction[p] * CARDS + card;
    const field = TIE_FIELD[card];
    let i = 0;
    if (field >= 0) {
      i = s.loadout[p * 8 + field];
      if (i < 0 || i >= this.tieCount[k]) throw new Error(`player ${p}'s loadout has no component ${i} for command card ${card}`);
    }
    return this.tieVal[this.tieAt[k] + i];
  }

  /**
   * Returns true when both slots are resolved; false when waiting on a decision or over.
   * Here and in run and stepFire's callers, a call's boolean answer is compared (=== false):
   * TurboFan does not know what a call it did not inline returns, and a truthiness test of
   * an unknown value is about ten instructions.
   */
  private actionPhase(s: GameState): boolean {
    const g = s.g;
    // Arrays in locals: see startRound.
    const committed = s.committed;
    const cardLoc = s.cardLoc;
    const stats = s.stats;
    const alive = s.alive;
    for (;;) {
      if (g[G_ORDER_POS] >= g[G_ORDER_COUNT]) {
        if (g[G_SLOT] === 1) {
          // 10.1.4: a held Defence Stations may still fire after the last command.
          if (this.pdWindow(s) === false) return false;
          if (this.isOver(s)) return false;
          this.releaseHeld(s);
          return true;
        }
        g[G_SLOT] = 1;
        this.startSlot(s);
        continue;
      }
      const p = g[G_ORDER + g[G_ORDER_POS]];
      if (g[G_CUR_CARD] < 0) {
        // 10.1.4: the window directly before this command, if a card is held (G_HELD; with
        // none the window does nothing, and the match is not over here).
        if (g[G_HELD] !== 0) {
          if (this.pdWindow(s) === false) return false;
          if (this.isOver(s)) return false;
        }
        g[G_WINDOW_ASKED] = 0;
        const c = committed[p * 2 + g[G_SLOT]];
        g[G_CUR_CARD] = c;
        cardLoc[p * CARDS + c] = LOC_RESOLVING;
        stats[p * STAT_SIZE + ST_COMMANDS_PLAYED]++;
        stats[p * STAT_SIZE + ST_CARD_PLAYS + c]++;
        if (this.log !== null) this.log.push(EV_COMMAND, p, c, g[G_SLOT], 0);
      }
      if (!alive[p]) {
        this.finishCommand(s, p, -1);
        continue;
      }
      if (this.resolveCommand(s, p) === false) return false;
      if (this.check !== null) this.check(s, 'command');
      if (this.isOver(s)) return false;
    }
  }

  /**
   * Step the current command's resolution. Returns true when it has finished (and the order
   * moved on), false when a decision is pending or the match ended.
   */
  private resolveCommand(s: GameState, p: number): boolean {
    const g = s.g;
    const card = g[G_VENTED] >= 0 ? g[G_VENTED] : g[G_CUR_CARD];
    switch (card) {
      case Cmd.FireMain:
      case Cmd.PortBroadside:
      case Cmd.StarboardBroadside: {
        // 10.1.1-10.1.2: fire every mount of the weapon; the card takes the weapon's
        // cooldown plus any paid for accuracy (9.2).
        if (g[G_SUB] === SUB_START) {
          g[G_FEXTRA] = 0;
          this.startFire(s, card === Cmd.FireMain ? FS_MAIN : card === Cmd.PortBroadside ? FS_PORT : FS_STARBOARD, 0);
          g[G_SUB] = SUB_FIRING;
        }
        if (this.stepFire(s, p) === false) return false;
        const f = this.faction(s, p);
        const w = card === Cmd.FireMain ? f.mainWeapons[s.loadout[p * 8 + LO_MAIN]] : f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]];
        this.settleDestroyed(s);
        return this.finishCommand(s, p, w.cooldown + g[G_FEXTRA]);
      }
      case Cmd.Corvettes:
        return this.resolveCorvettes(s, p);
      case Cmd.DefenceStations:
        return this.resolveDefence(s, p);
      case Cmd.VentCoolant:
        return this.resolveVent(s, p);
      case Cmd.PowerToEngines:
        return this.resolvePowerToEngines(s, p);
      case Cmd.SpecialAbility:
        return this.resolveSpecial(s, p);
    }
    throw new Error(`unknown command card ${card}`);
  }

  /**
   * Move the resolved card(s) to the cooldown track (7.3, 7.4) and advance the order. A card
   * played through Vent Coolant takes one extra cooldown; the Vent card itself takes none.
   */
  private finishCommand(s: GameState, p: number, cooldown: number): boolean {
    const g = s.g;
    const base = p * CARDS;
    const vented = g[G_VENTED];
    if (vented >= 0) {
      this.toTrack(s, p, vented, cooldown + 1);
      this.toTrack(s, p, g[G_CUR_CARD], this.cmdCooldown[s.faction[p] * CARDS + Cmd.VentCoolant]);
    } else if (g[G_CUR_CARD] >= 0 && s.cardLoc[base + g[G_CUR_CARD]] === LOC_RESOLVING) {
      this.toTrack(s, p, g[G_CUR_CARD], cooldown);
    }
    g[G_ORDER_POS]++;
    g[G_CUR_CARD] = -1;
    g[G_VENTED] = -1;
    g[G_SUB] = SUB_START;
    g[G_LEFT] = 0;
    return true;
  }

  private toTrack(s: GameState, p: number, card: number, cooldown: number): void {
    const pos = cooldown < 0 ? 0 : cooldown > MAX_COOLDOWN ? MAX_COOLDOWN : cooldown;
    s.cardLoc[p * CARDS + card] = LOC_TRACK + pos;
    if (this.log !== null) this.log.push(EV_COMMAND_DONE, p, card, pos);
  }

  /**
   * Held Defence Stations cards go to the track at the end of the action phase (10.1.4).
   * Only that card is ever held (applyDefence; a vented one goes to the track at once).
   */
  private releaseHeld(s: GameState): void {
    const g = s.g;
    const held = g[G_HELD];
    if (held === 0) return;
    const n = g[G_PLAYERS];
    for (let p = 0; p < n; p++) {
      if (((held >> p) & 1) === 0) continue;
      this.toTrack(s, p, Cmd.DefenceStations, this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]].cooldown);
    }
    g[G_HELD] = 0;
  }

  private resolveDefence(s: GameState, p: number): boolean {
    const g = s.g;
    switch (g[G_SUB]) {
      case SUB_START:
        // Always asked (10.1.4): firing and placing shields are open whether or not Vent
        // Coolant played the card (legal), so no list is needed to count the answers.
        g[G_SUB] = SUB_AWAIT;
        this.askUnlisted(s, p, D_DEFENCE);
        return false;
      case SUB_PLACE_SHIELDS:
        return this.placeShields(s, p) ? this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.DefenceStations]) : false;
      case SUB_FIRING: {
        if (this.stepFire(s, p) === false) return false;
        const pd = this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]];
        return this.finishCommand(s, p, pd.cooldown + g[G_FEXTRA]);
      }
    }
    return false;
  }

  private applyDefence(s: GameState, p: number, option: number): void {
    const g = s.g;
    if (this.log !== null) this.log.push(EV_DEFENCE, p, option);
    if (option === DEF_FIRE) {
      g[G_FEXTRA] = 0;
      this.startFire(s, FS_PD, 0);
      g[G_SUB] = SUB_FIRING;
    } else if (option === DEF_HOLD) {
      // Kept face up; it goes to the track at the end of the action phase.
      s.cardLoc[p * CARDS + g[G_CUR_CARD]] = LOC_HELD;
      g[G_HELD] |= 1 << p;
      this.finishCommand(s, p, 0);
    } else {
      this.beginShieldPlacement(s, p, 2, false);
      g[G_SUB] = SUB_PLACE_SHIELDS;
    }
  }

  /**
   * Gain up to `gain` shields from the supply (within the ship's total capacity) and lift
   * every shield on the ship so they can be placed again in one arrangement (10.1.4: add
   * two and rearrange). With `keepExisting`, only the new shields are placed (Shield Surge).
   */
  private beginShieldPlacement(s: GameState, p: number, gain: number, keepExisting: boolean): void {
    const g = s.g;
    const f = s.faction[p];
    // The shields on the ship counted and, unless kept, lifted, in one pass.
    const n = this.hullSections[f];
    const shields = s.shields;
    const base = p * MAX_SECTIONS;
    let current = 0;
    for (let sec = 0; sec < n; sec++) {
      current += shields[base + sec];
      if (!keepExisting) shields[base + sec] = 0;
    }
    let got = Math.min(gain, g[G_SUPPLY_SHIELDS], this.shieldCapTotal[f] - current);
    if (got < 0) got = 0;
    g[G_SUPPLY_SHIELDS] -= got;
    s.stats[p * STAT_SIZE + ST_SHIELDS_GAINED] += got;
    if (this.log !== null) this.log.push(EV_GAIN_SHIELDS, p, got);
    g[G_LEFT] = keepExisting ? got : current + got;
  }

  /**
   * Ask for the arrangement of the shields in hand (one decision); true when done. Leftovers
   * return to the supply. Entered with shields in hand only right after beginShieldPlacement,
   * so every section has the same room (sectionRoom, 4.1.1): Defence Stations has just lifted
   * every shield (none held), and Shield Surge's room ignores what is held.
   */
  private placeShields(s: GameState, p: number): boolean {
    const g = s.g;
    // The shields in hand are G_LEFT here (shieldsInHand).
    const left = g[G_LEFT];
    if (left === 0) return true;
    const f = s.faction[p];
    const n = this.hullSections[f];
    const room = sectionRoom(g[G_SUB] === SUB_SURGE_SHIELDS, left, this.shieldCapSection[f], 0);
    const total = n * room;
    const placing = Math.min(left, total);
    if (placing === 0) {
      g[G_SUPPLY_SHIELDS] += left;
      g[G_LEFT] = 0;
      return true;
    }
    g[G_DECISION] = D_SHIELD;
    // One arrangement when every section is filled or only one has room (all have, here):
    // filling from section 0 gives it. Otherwise ask; the arrangements are listed only if
    // someone asks for the list, and an answer is checked by decoding it (isLegal).
    if (placing === total || n === 1) {
      const roomAt = this.roomAt;
      for (let sec = 0; sec < n; sec++) roomAt[sec] = room;
      this.apply(s, p, shieldsFromFirst(roomAt, placing));
      return true;
    }
    this.askedVersion = -1;
    g[G_PENDING] = 1 << p;
    s.touch();
    return false;
  }

  private resolveVent(s: GameState, p: number): boolean {
    const g = s.g;
    if (g[G_SUB] === SUB_START) {
      g[G_SUB] = SUB_AWAIT;
      // 10.1.5: the answers are the cards on the track and none (legal): asked, without
      // listing them, when p's two words of card locations show one on the track
      // (onTrackBytes); with none, none is the only answer.
      const words = s.cardLoc32;
      const w = p * (CARDS >> 2);
      if ((onTrackBytes(words[w]) | onTrackBytes(words[w + 1])) !== 0) {
        this.askUnlisted(s, p, D_VENT);
        return false;
      }
      s.touch();
      this.applyVent(s, p, VENT_NONE);
    }
    // applyVent either finished the Vent, or set G_VENTED and the played card resolves now.
    if (g[G_VENTED] >= 0) return this.resolveCommand(s, p);
    return true;
  }

  private applyVent(s: GameState, p: number, card: number): void {
    const g = s.g;
    s.stats[p * STAT_SIZE + ST_VENTS]++;
    if (card === VENT_NONE) {
      if (this.log !== null) this.log.push(EV_VENT, p, -1, -1);
      this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.VentCoolant]);
      return;
    }
    const idx = p * CARDS + card;
    const pos = s.cardLoc[idx] - LOC_TRACK;
    if (pos > 0) {
      s.cardLoc[idx] = LOC_TRACK + pos - 1;
      if (this.log !== null) this.log.push(EV_VENT, p, card, pos - 1);
      this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.VentCoolant]);
      return;
    }
    // 10.1.5: a card on Ready is played on top of the Vent card, as if played this turn.
    s.cardLoc[idx] = LOC_RESOLVING;
    g[G_VENTED] = card;
    g[G_SUB] = card === Cmd.PowerToEngines ? SUB_AWAIT : SUB_START;
    s.stats[p * STAT_SIZE + ST_COMMANDS_PLAYED]++;
    s.stats[p * STAT_SIZE + ST_CARD_PLAYS + card]++;
    if (this.log !== null) this.log.push(EV_COMMAND, p, card, g[G_SLOT], 1);
  }

  private resolvePowerToEngines(s: GameState, p: number): boolean {
    const g = s.g;
    if (g[G_SUB] === SUB_AWAIT) {
      // Played through Vent Coolant: the direction is chosen now (10.1.6; one of six, legal).
      this.askUnlisted(s, p, D_P2E_DIR);
      return false;
    }
    s.stats[p * STAT_SIZE + ST_POWER_TO_ENGINES]++;
    this.move.powerToEngines(s, p, s.p2eDir[p]);
    this.settleDestroyed(s);
    return this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.PowerToEngines]);
  }

  private resolveSpecial(s: GameState, p: number): boolean {
    const g = s.g;
    const f = s.faction[p];
    const cooldown = this.specialCooldown[f];
    if (g[G_SUB] === SUB_START) {
      s.stats[p * STAT_SIZE + ST_SPECIALS]++;
      const amount = this.specialAmount[f];
      switch (this.specialKind[f]) {
        case SpecialKind.ShieldSurge:
          this.beginShieldPlacement(s, p, amount, true);
          g[G_SUB] = SUB_SURGE_SHIELDS;
          break;
        case SpecialKind.EmergencyRepair:
          g[G_LEFT] = amount;
          g[G_SUB] = SUB_REPAIR;
          break;
        case SpecialKind.CoolantFlush: {
          const cardLoc = s.cardLoc;
          for (let idx = p * CARDS, end = idx + CARDS; idx < end; idx++) {
            const loc = cardLoc[idx];
            if (loc > LOC_TRACK) cardLoc[idx] = Math.max(LOC_TRACK, loc - amount);
          }
          return this.finishCommand(s, p, cooldown);
        }
      }
    }
    if (g[G_SUB] === SUB_SURGE_SHIELDS) {
      return this.placeShields(s, p) ? this.finishCommand(s, p, cooldown) : false;
    }
    // SUB_REPAIR: the legal list goes straight into this.asked (the list ask() would compute).
    while (g[G_LEFT] > 0) {
      this.askedVersion = -1;
      const n = this.legalRepair(s, p, this.asked);
      if (n === 0) {
        g[G_LEFT] = 0;
        break;
      }
      g[G_DECISION] = D_REPAIR;
      g[G_PENDING] = 1 << p;
      if (this.offer(s, p, n)) return false;
    }
    return this.finishCommand(s, p, cooldown);
  }

  // ------------------------------------------------------------------ firing (9, 10.1.1-10.1.4)

  /** Begin the firing sub-procedure for `src` (FS_*); `mountOrSlot` is the corvette slot for FS_CORVETTE. */
  private startFire(s: GameState, src: number, mountOrSlot: number): void {
    const g = s.g;
    g[G_FSRC] = src;
    g[G_FMOUNT] = mountOrSlot;
    g[G_FDIR] = 0;
    g[G_FTARGET] = -1;
    g[G_FNEED] = 0;
    g[G_FSTAGE] = FST_START;
  }

  /**
   * The capital-ship mounts of the weapon firing now (4.2.1-4.2.2). Here and in firingWeapon
   * and firingOrigin, f is the firing player's faction(s, p): stepFire looks it up once.
   */
  private shipMounts(s: GameState, f: FactionTable): MountTable[] {
    const m = f.hull.mounts;
    const src = s.g[G_FSRC];
    return src === FS_MAIN ? m.main : src === FS_PORT ? m.port : m.starboard;
  }

  /** The weapon card firing now (null for point defence). */
  private firingWeapon(s: GameState, p: number, f: FactionTable): WeaponTable | null {
    const src = s.g[G_FSRC];
    if (src === FS_MAIN) return f.mainWeapons[s.loadout[p * 8 + LO_MAIN]];
    if (src === FS_PORT || src === FS_STARBOARD) return f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]];
    // The corvette card behind the slot (corvettes.card).
    if (src === FS_CORVETTE) return f.corvettes[s.loadout[p * 8 + LO_CORVETTES + s.g[G_FMOUNT]]].weapon;
    return null;
  }

  /** Statistics source of what is firing now. */
  private firingSource(s: GameState, p: number): number {
    const src = s.g[G_FSRC];
    if (src === FS_MAIN) return SRC_MAIN;
    if (src === FS_PORT || src === FS_STARBOARD) return SRC_BROADSIDE;
    if (src === FS_PD) return SRC_POINT_DEFENCE;
    return SRC_CORVETTE + s.loadout[p * 8 + LO_CORVETTES + s.g[G_FMOUNT]];
  }

  /** Where the current shot starts and which way it goes, into this.origin; false if it cannot fire. `mounts`: shipMounts(s, f). */
  private firingOrigin(s: GameState, p: number, f: FactionTable, mounts: readonly MountTable[]): boolean {
    const g = s.g;
    const o = this.origin;
    if (g[G_FSRC] === FS_CORVETTE) {
      if (s.corvLoc[p * CORVETTES + g[G_FMOUNT]] !== CORV_BOARD) return false;
      const i = s.corvTok[p * CORVETTES + g[G_FMOUNT]];
      o[0] = s.tokQ[i];
      o[1] = s.tokR[i];
      o[2] = s.tokFacing[i];
      return true;
    }
    const hull = f.hull;
    const m = mounts[g[G_FMOUNT]];
    const off = s.facing[p] * hull.hexCount;
    o[0] = s.shipQ[p] + hull.rotQ[off + m.hex];
    o[1] = s.shipR[p] + hull.rotR[off + m.hex];
    o[2] = (s.facing[p] + m.directions[g[G_FDIR]]) % 6;
    return true;
  }

  /** Targets of the shot being aimed (direct fire from its origin, or point defence). */
  private legalTargets(s: GameState, p: number, out: Int32Array, at: number): number {
    if (s.g[G_FSRC] === FS_PD) {
      const pd = this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]];
      return this.weapons.pointDefenceTargets(s, p, pd.range, out, at);
    }
    const f = this.faction(s, p);
    const w = this.firingWeapon(s, p, f);
    if (!w || !this.firingOrigin(s, p, f, this.shipMounts(s, f))) return at;
    return this.weapons.directTargets(s, p, this.origin[0], this.origin[1], this.origin[2], w.range, out, at);
  }

  /**
   * Step the firing sub-procedure (9): for each mount (and arrow), place a token, fire a
   * beam, or aim direct fire: pick a target, then pay for missing accuracy or miss.
   * Returns true when done, false when a decision is pending.
   */
  private stepFire(s: GameState, p: number): boolean {
    const g = s.g;
    if (g[G_FSTAGE] === FST_IDLE) return true;
    const f = this.faction(s, p);
    // The capital-ship mounts firing, looked up once: G_FSRC does not change while this fires.
    const mounts = this.shipMounts(s, f);
    for (;;) {
      switch (g[G_FSTAGE]) {
        case FST_IDLE:
          return true;
        case FST_START:
          g[G_FMOUNT] = g[G_FSRC] === FS_CORVETTE ? g[G_FMOUNT] : 0;
          g[G_FSTAGE] = g[G_FSRC] <= FS_STARBOARD ? FST_MOUNT : FST_SHOT;
          break;
        case FST_MOUNT: {
          if (g[G_FMOUNT] >= mounts.length) {
            g[G_FSTAGE] = FST_DONE;
            break;
          }
          g[G_FDIR] = 0;
          g[G_FSTAGE] = FST_SHOT;
          // One answer per arrow (legal, 4.2.2): asked when there are several.
          if (mounts[g[G_FMOUNT]].directions.length > 1 && this.chooseBroadside === true) {
            this.askUnlisted(s, p, D_FIRE_DIR);
            return false;
          }
          break;
        }
        case FST_SHOT: {
          g[G_FSTAGE] = FST_NEXT;
          const src = g[G_FSRC];
          const w = this.firingWeapon(s, p, f);
          if (src !== FS_PD && (!w || !this.firingOrigin(s, p, f, mounts))) break;
          const o = this.origin;
          const ref = src === FS_MAIN ? 0 : src === FS_CORVETTE ? 2 + g[G_FMOUNT] : 1;
          if (w && (w.weaponClass === WeaponClass.Projectile || w.weaponClass === WeaponClass.Torpedo)) {
            this.weapons.fireToken(s, p, ref, w, o[0], o[1], o[2]);
            break;
          }
          if (w && w.weaponClass === WeaponClass.Beam) {
            this.weapons.fireBeam(s, p, this.firingSource(s, p), w, o[0], o[1], o[2]);
            break;
          }
          // Direct fire or point defence: aim (9.2). The targets go straight into this.asked,
          // the list ask() would compute: listed once, not probed and then listed.
          this.askedVersion = -1;
          const n = this.legalTargets(s, p, this.asked, 0);
          if (n === 0) break;
          s.stats[p * STAT_SIZE + ST_SHOTS + this.firingSource(s, p)]++;
          if (this.log !== null) this.log.push(EV_FIRE, p, this.firingSource(s, p), src === FS_PD ? 0 : o[0], src === FS_PD ? 0 : o[1], src === FS_PD ? -1 : o[2]);
          g[G_FSTAGE] = FST_TARGET;
          g[G_DECISION] = D_TARGET;
          g[G_PENDING] = 1 << p;
          if (this.offer(s, p, n)) return false;
          break;
        }
        case FST_TARGET: {
          const t = g[G_FTARGET];
          g[G_FSTAGE] = FST_NEXT;
          if (t < TGT_HULL && s.tokKind[t] === SMALL_NONE) break; // gone before it was shot
          const need = this.weapons.evasionOf(s, t) - this.firingAccuracy(s, p);
          if (need <= 0) {
            this.landHit(s, p, t);
            break;
          }
          if (!this.canBoost(s, p, need)) {
            this.miss(s, p, t);
            break;
          }
          g[G_FNEED] = need;
          g[G_FSTAGE] = FST_BOOST;
          // Pay for accuracy or not (9.2): two answers (legal).
          this.askUnlisted(s, p, D_BOOST);
          return false;
        }
        case FST_BOOST:
          g[G_FSTAGE] = FST_NEXT;
          if (g[G_FNEED] < 0) this.landHit(s, p, g[G_FTARGET]);
          else this.miss(s, p, g[G_FTARGET]);
          break;
        case FST_NEXT: {
          const src = g[G_FSRC];
          if (src <= FS_STARBOARD) {
            const dirs = mounts[g[G_FMOUNT]].directions.length;
            if (this.fireAllBroadside === true && g[G_FDIR] + 1 < dirs) {
              g[G_FDIR]++;
              g[G_FSTAGE] = FST_SHOT;
            } else {
              g[G_FMOUNT]++;
              g[G_FSTAGE] = FST_MOUNT;
            }
          } else g[G_FSTAGE] = FST_DONE;
          break;
        }
        case FST_DONE:
          g[G_FSTAGE] = FST_IDLE;
          return true;
      }
    }
  }

  private firingAccuracy(s: GameState, p: number): number {
    const f = this.faction(s, p);
    if (s.g[G_FSRC] === FS_PD) return f.pointDefence[s.loadout[p * 8 + LO_PD]].accuracy;
    const w = this.firingWeapon(s, p, f);
    return w ? w.accuracy : 0;
  }

  /**
   * Can p pay `need` accuracy (9.2)? A corvette with activations left; a ship-mounted
   * weapon with room on the cooldown track for the extra cooldown.
   */
  private canBoost(s: GameState, p: number, need: number): boolean {
    const g = s.g;
    if (g[G_FSRC] === FS_CORVETTE) return g[G_ACT_LEFT] >= need;
    const f = this.faction(s, p);
    let base: number;
    if (g[G_FSRC] === FS_PD) base = f.pointDefence[s.loadout[p * 8 + LO_PD]].cooldown;
    else base = this.firingWeapon(s, p, f)!.cooldown;
    // A card played through Vent Coolant takes one more; not so a held card fired at a window.
    const vented = g[G_VENTED] >= 0 && g[G_WINDOW_PLAYER] < 0 ? 1 : 0;
    return base + g[G_FEXTRA] + need + vented <= MAX_COOLDOWN;
  }

  private landHit(s: GameState, p: number, t: number): void {
    const pd = s.g[G_FSRC] === FS_PD;
    const f = this.faction(s, p);
    const damage = pd ? f.pointDefence[s.loadout[p * 8 + LO_PD]].damage : (this.firingWeapon(s, p, f)?.damage ?? 0);
    this.weapons.directHit(s, p, this.firingSource(s, p), pd ? CAUSE_POINT_DEFENCE : CAUSE_DIRECT_FIRE, damage, t);
  }

  private miss(s: GameState, p: number, t: number): void {
    if (this.log !== null) this.log.push(EV_MISS, p, this.firingSource(s, p), t, this.firingAccuracy(s, p), this.weapons.evasionOf(s, t));
  }

  /**
   * A point-defence window (10.1.4): each player holding a face-up Defence Stations with a
   * target in reach is asked, once per window, whether to fire now. Returns true when the
   * window has closed, false when a decision is pending.
   */
  private pdWindow(s: GameState): boolean {
    const g = s.g;
    if (g[G_WINDOW_PLAYER] >= 0) {
      const p = g[G_WINDOW_PLAYER];
      if (this.stepFire(s, p) === false) return false;
      const pd = this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]];
      this.toTrack(s, p, Cmd.DefenceStations, pd.cooldown + g[G_FEXTRA]);
      g[G_HELD] &= ~(1 << p);
      g[G_WINDOW_PLAYER] = -1;
      this.settleDestroyed(s);
    }
    // Most windows find no Defence Stations held: one read, no seat order needed.
    const held = g[G_HELD];
    if (held === 0) return true;
    const n = g[G_PLAYERS];
    for (let i = 0; i < n; i++) {
      const p = this.seatAt(s, i);
      if ((g[G_WINDOW_ASKED] >> p) & 1 || ((held >> p) & 1) === 0 || !s.alive[p]) continue;
      g[G_WINDOW_ASKED] |= 1 << p;
      // The options go straight into this.asked (the list ask() would compute): with no
      // target there is only "wait", and no window for this player.
      this.askedVersion = -1;
      const n = this.legalPdWindow(s, p, this.asked);
      if (n <= 1) continue;
      g[G_WINDOW_PLAYER] = p;
      g[G_DECISION] = D_PD_WINDOW;
      g[G_PENDING] = 1 << p;
      if (this.offer(s, p, n)) return false;
    }
    return true;
  }

  // ------------------------------------------------------------------ Corvettes! (10.1.3, 11)

  private legalCorvetteOptions(s: GameState, p: number, out: Int32Array, keepLaunches = false): number {
    let onBoard = false;
    let destroyed = false;
    // The slots aboard as bits, for the launches (launchesFor): one read of the slots.
    let aboard = 0;
    const corvLoc = s.corvLoc;
    for (let c = 0; c < CORVETTES; c++) {
      const loc = corvLoc[p * CORVETTES + c];
      if (loc === CORV_BOARD) onBoard = true;
      else if (loc === CORV_DESTROYED) destroyed = true;
      else if (loc === CORV_ABOARD) aboard |= 1 << c;
    }
    let n = 0;
    if (onBoard) out[n++] = CORV_ACTIVATE;
    if (keepLaunches) {
      // Listed in full now, for the launch decision that follows a Launch answer (SUB_LAUNCH).
      const m = this.corvettes.launchesFor(s, p, aboard, this.launches, false);
      this.launchCount = m;
      if (this.launchState !== s) this.launchState = s;
      this.launchVersion = s.version;
      if (m > 0) out[n++] = CORV_LAUNCH;
    } else if (this.corvettes.launchesFor(s, p, aboard, this.probe, true) > 0) out[n++] = CORV_LAUNCH;
    if (destroyed) out[n++] = CORV_REPAIR;
    return n;
  }

  /** Pass, every legal corvette move, and every corvette that can fire (once a round, 11.1.3). */
  private legalActivations(s: GameState, p: number, out: Int32Array): number {
    out[0] = ACT_PASS;
    let n = this.corvettes.legalMoves(s, p, out, 1);
    for (let c = 0; c < CORVETTES; c++) if (this.corvetteCanFire(s, p, c)) out[n++] = ACT_FIRE + c;
    return n;
  }

  /** Has p an activation other than passing: a corvette move, or a corvette that can fire? */
  private canActivate(s: GameState, p: number): boolean {
    if (this.corvettes.firstMove(s, p, this.probe, 0) > 0) return true;
    for (let c = 0; c < CORVETTES; c++) if (this.corvetteCanFire(s, p, c)) return true;
    return false;
  }

  /** Is `a` one of legalActivations(s, p)? Decoded and checked, not listed. */
  private isLegalActivation(s: GameState, p: number, a: number): boolean {
    if (a === ACT_PASS) return true;
    if (a >= ACT_FIRE) return a < ACT_FIRE + CORVETTES && this.corvetteCanFire(s, p, a - ACT_FIRE);
    return this.corvettes.isLegalMove(s, p, a);
  }

  /** May p's corvette c fire: on the board, not yet fired this round (10.1.3), armed, and for direct fire with a target? */
  private corvetteCanFire(s: GameState, p: number, c: number): boolean {
    const idx = p * CORVETTES + c;
    if (s.corvLoc[idx] !== CORV_BOARD || s.corvFired[idx]) return false;
    const w = this.corvettes.card(s, p, c).weapon;
    if (!w) return false;
    if (w.weaponClass !== WeaponClass.DirectFire) return true;
    // Only offered with a target in its arc: legalTargets as the corvette would aim (9.2, 11.1.3).
    const i = s.corvTok[idx];
    return this.weapons.directTargets(s, p, s.tokQ[i], s.tokR[i], s.tokFacing[i], w.range, this.probe, 0, true) > 0;
  }

  private resolveCorvettes(s: GameState, p: number): boolean {
    const g = s.g;
    for (;;) {
      switch (g[G_SUB]) {
        case SUB_START: {
          g[G_SUB] = SUB_CORV_OPTION;
          // The options go straight into this.asked (the list ask() would compute): listed once.
          this.askedVersion = -1;
          const n = this.legalCorvetteOptions(s, p, this.asked, true);
          if (n === 0) return this.finishCommand(s, p, 0);
          g[G_DECISION] = D_CORV_OPTION;
          g[G_PENDING] = 1 << p;
          if (this.offer(s, p, n)) {
            // offer kept the options and gave the state a new version: the launches go with it.
            if (this.launchVersion >= 0) this.launchVersion = s.version;
            return false;
          }
          break;
        }
        case SUB_LAUNCH:
          if (s === this.launchState && s.version === this.launchVersion) {
            // ask(D_LAUNCH) with the launches listed with the options (the same list): the
            // two buffers trade places, nothing is copied.
            this.launchVersion = -1;
            g[G_DECISION] = D_LAUNCH;
            g[G_PENDING] = 1 << p;
            this.askedVersion = -1;
            const launches = this.launches;
            this.launches = this.asked;
            this.asked = launches;
            if (this.offer(s, p, this.launchCount)) return false;
            break;
          }
          if (this.ask(s, p, D_LAUNCH)) return false;
          break;
        case SUB_REPAIR_CORV:
          if (this.ask(s, p, D_REPAIR_CORV)) return false;
          break;
        case SUB_REPAIRED:
          return this.finishCommand(s, p, this.faction(s, p).hangars[s.loadout[p * 8 + LO_HANGAR]].repairCooldown);
        case SUB_ACTIVATE:
          // A shot in progress is this corvette's, unless a held point defence is firing at a window.
          if (g[G_WINDOW_PLAYER] < 0 && !this.stepFire(s, p)) return false;
          this.settleDestroyed(s);
          if (this.isOver(s)) return this.finishCommand(s, p, 0);
          // 10.1.4: a held Defence Stations may fire between corvette activations.
          if (this.pdWindow(s) === false) return false;
          if (g[G_ACT_LEFT] <= 0) return this.finishCommand(s, p, 0);
          // Asked unless passing is the only answer. The moves (a long list) are listed only
          // if someone asks for the list; an answer is checked by decoding it (isLegal).
          if (this.canActivate(s, p)) {
            this.askUnlisted(s, p, D_ACTIVATE);
            return false;
          }
          g[G_DECISION] = D_ACTIVATE;
          this.askedVersion = -1;
          this.apply(s, p, ACT_PASS);
          break;
        default:
          return false;
      }
    }
  }

  // ------------------------------------------------------------------ cooldown phase (7.4)

  private cooldownPhase(s: GameState): void {
    const n = s.g[G_PLAYERS];
    // The arrays in locals (startRound says why).
    const cardLoc = s.cardLoc;
    const engine = s.engine;
    const committed = s.committed;
    // The events first, in the same order: the loop below then makes no call, and V8 keeps
    // the arrays in registers instead of reloading them after each possible push.
    const log = this.log;
    if (log !== null)
      for (let p = 0; p < n; p++) for (let c = 0; c < CARDS; c++) if (cardLoc[p * CARDS + c] === LOC_TRACK) log.push(EV_COOLDOWN, p, c);
    // 7.4: every card on the track moves one space down; a card on Ready goes to the hand.
    // Four cards a word (coolCardWord).
    const words = s.cardLoc32;
    for (let w = 0, end = (n * CARDS) >> 2; w < end; w++) {
      const x = words[w];
      if (onTrackBytes(x) !== 0) words[w] = coolCardWord(x);
    }
    for (let p = 0; p < n; p++) {
      engine[p] = -1;
      committed[p * 2] = -1;
      committed[p * 2 + 1] = -1;
    }
    if (this.check !== null) this.check(s, 'cooldown');
    const g = s.g;
    if (g[G_STATUS] === STATUS_ONGOING && g[G_ROUND] >= g[G_ROUND_LIMIT]) this.endMatch(s, STATUS_DRAW_LIMIT, -1);
  }

  // ------------------------------------------------------------------ end of match

  /** Mark ships at zero structure destroyed and decide the match if it is over (3, 4.1). */
  settleDestroyed(s: GameState): void {
    const g = s.g;
    if (g[G_STATUS] !== STATUS_ONGOING) return;
    const n = g[G_PLAYERS];
    // Arrays in locals: see startRound.
    const isAlive = s.alive;
    const structure = s.structure;
    let alive = 0;
    let last = -1;
    for (let p = 0; p < n; p++) {
      if (isAlive[p] && structure[p] <= 0) {
        isAlive[p] = 0;
        if (this.log !== null) this.log.push(EV_DESTROYED, p);
      }
      if (isAlive[p]) {
        alive++;
        last = p;
      }
    }
    if (alive === 0) this.endMatch(s, STATUS_DRAW, -1);
    else if (alive === 1) this.endMatch(s, STATUS_VICTORY, last);
  }

  private endMatch(s: GameState, status: number, winner: number): void {
    const g = s.g;
    g[G_STATUS] = status;
    g[G_WINNER] = winner;
    g[G_PHASE] = PHASE_OVER;
    g[G_PENDING] = 0;
    g[G_DECISION] = D_NONE;
    if (this.log !== null) this.log.push(EV_END, status, winner);
  }

  // ------------------------------------------------------------------ views (hidden information)

  /**
   * Write into `into` what player p may see of `s` (design section 2): other players'
   * face-down commitments are hidden (engine until the movement phase, each command until
   * its slot is revealed; a face-down card shows as in hand).
   */
  view(s: GameState, p: number, into: GameState): GameState {
    into.copyFrom(s);
    // The flags and arrays read once: the copy above is a call, after which V8 would reload
    // them. Each seat's two slots read once (hidden from `revealed` on), and the slot loop
    // written out: every typed-array access checks the array and its bounds.
    const g = s.g;
    const n = g[G_PLAYERS];
    const revealed = g[G_REVEALED];
    const enginesShown = g[G_ENGINES_REVEALED];
    const committed = s.committed;
    const cardLoc = s.cardLoc;
    const viewCommitted = into.committed;
    const viewCardLoc = into.cardLoc;
    const viewEngine = into.engine;
    const viewP2eDir = into.p2eDir;
    for (let o = 0; o < n; o++) {
      if (o === p) continue;
      if (!enginesShown) viewEngine[o] = -1;
      const c0 = committed[o * 2];
      const c1 = committed[o * 2 + 1];
      // The slots not yet revealed are face down.
      if (revealed < 1) {
        viewCommitted[o * 2] = -1;
        if (c0 >= 0 && cardLoc[o * CARDS + c0] === LOC_COMMITTED) viewCardLoc[o * CARDS + c0] = LOC_HAND;
      }
      if (revealed < 2) {
        viewCommitted[o * 2 + 1] = -1;
        if (c1 >= 0 && cardLoc[o * CARDS + c1] === LOC_COMMITTED) viewCardLoc[o * CARDS + c1] = LOC_HAND;
      }
      // A direction chosen mid-round (Power to Engines through Vent Coolant) is the
      // resolving player's own; a face-down one stays hidden until its slot is revealed.
      const revealedP2E = (revealed > 0 && c0 === Cmd.PowerToEngines) || (revealed > 1 && c1 === Cmd.PowerToEngines);
      if (!revealedP2E) viewP2eDir[o] = -1;
    }
    return into;
  }
}

