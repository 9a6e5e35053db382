/**
 * Corvettes (rulebook 4.2.4, 7.2.4, 10.1.3, 11): launch from a hangar, activation moves,
 * the compelled one-hex move, and what happens when a corvette ends on something.
 *
 * Why it is built this way: a corvette on the board is a small token (kind corvette, ref
 * 2 + its slot), and its slot records where it is (aboard, on the board, destroyed).
 * Launches and moves are integer actions whose legal lists are written into the caller's
 * buffer, with the encodings below, so a policy chooses them like any other decision.
 * isLegalLaunch and isLegalMove check one answer by decoding it (for a state with no kept
 * list, decision-answers.ts isLegal): they must agree with the lists.
 * Loops count from `0 - n`, never `-n`: in V8 `-0` is a heap-allocated double.
 */
import * as hexModule from '../hex/hex.js';
import type { RulesContext } from './context.js';
import type { Movement } from './movement.js';
import type { Weapons } from './weapons.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as eventsModule from './events.js';
import * as weaponsModule from './weapons.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR } = hexModule;
const {
  CORVETTES, CORV_ABOARD, CORV_BOARD, CC_REF, STAT_SIZE, SMALL_PROJECTILE, SMALL_TORPEDO, SMALL_CORVETTE,
  G_TOKEN_SERIAL, G_TOK_TOP, G_PLAYERS, LO_HANGAR, LO_CORVETTES, ST_CORV_LAUNCHED, CAUSE_PROJECTILE,
  CAUSE_TORPEDO, CAUSE_CORVETTE, CAUSE_CAPITAL_SHIP, CAUSE_OTHER,
} = stateModule;
const { EV_LAUNCH, EV_CORVETTE_MOVE } = eventsModule;
const { freeSlot } = weaponsModule;

// The module's own uses read the plain constants (TURN_CAP, ...): an exported const is a
// module cell that V8 loads and checks for TDZ at every use, a plain module constant is folded.
const TURN_CAP = 3;
const SPEED_CAP = 6;
/** Farthest a launch can place a corvette beyond the hangar's first hex (11.1.1). */
const EXTRA_CAP = 6;
const MOVE0 = 1;
const TURNS = 2 * TURN_CAP + 1;
const MOVES_PER_SLOT = TURNS * SPEED_CAP * TURNS;
const FIRE0 = MOVE0 + CORVETTES * MOVES_PER_SLOT;
/** Most turns either side a corvette or a launch can make (agility and hangar bonuses are capped here). */
export const MAX_TURN = TURN_CAP;
/** Longest activation move considered. */
export const MAX_SPEED = SPEED_CAP;
/** Activation action ids: pass, then moves, then firing. */
export const ACT_PASS = 0;
export const ACT_MOVE = MOVE0;
export const ACT_FIRE = FIRE0;

/** Encode an activation move: slot, turns before (-3..3), hexes (1..6), turns after. */
export function encodeMove(slot: number, before: number, hexes: number, after: number): number {
  return MOVE0 + slot * MOVES_PER_SLOT + ((before + TURN_CAP) * SPEED_CAP + (hexes - 1)) * TURNS + (after + TURN_CAP);
}
export function decodeMove(a: number, out: Int32Array): void {
  const x = a - MOVE0;
  out[0] = Math.floor(x / MOVES_PER_SLOT);
  const y = x % MOVES_PER_SLOT;
  out[1] = Math.floor(y / (SPEED_CAP * TURNS)) - TURN_CAP;
  out[2] = (Math.floor(y / TURNS) % SPEED_CAP) + 1;
  out[3] = (y % TURNS) - TURN_CAP;
}

/** Launch action id: ((slot * 4 + hangar) * 7 + extra distance) * 7 + (turn + 3). */
const LAUNCHES_PER_SLOT = 4 * 7 * TURNS;
export function encodeLaunch(slot: number, hangar: number, extra: number, turn: number): number {
  return ((slot * 4 + hangar) * 7 + extra) * TURNS + (turn + TURN_CAP);
}
export function decodeLaunch(a: number, out: Int32Array): void {
  out[0] = Math.floor(a / (4 * 7 * TURNS));
  out[1] = Math.floor(a / (7 * TURNS)) % 4;
  out[2] = Math.floor(a / TURNS) % 7;
  out[3] = (a % TURNS) - TURN_CAP;
}

export class Corvettes {
  private readonly k: RulesContext;
  private readonly movement: Movement;
  private readonly weapons: Weapons;
  private readonly mv = new Int32Array(4);
  private readonly hex = new Int32Array(3);
  /** Per faction and hangar card (index f * cards + card): launch distance and turn, capped (11.1.1). */
  private readonly hangarCards: number;
  private readonly launchExtra: Int8Array;
  private readonly launchTurn: Int8Array;
  /** Per faction and corvette card (index f * cards + card): agility and speed, capped (11.1.2). */
  private readonly corvCards: number;
  private readonly corvAgility: Int8Array;
  private readonly corvSpeed: Int8Array;
  /**
   * Per faction, facing and hangar (index (f * 6 + facing) * 4 + h, at most 4 hangars): the
   * hangar hex's offset from the ship's centre and the direction out through its edge
   * (11.1.1), so a launch spot is two additions; hangarCount per faction.
   */
  private readonly hangarQ: Int8Array;
  private readonly hangarR: Int8Array;
  private readonly hangarDir: Int8Array;
  private readonly hangarCount: Int8Array;
  /** Same index: bit e set when the spot `e` hexes further out lies under the ship's own hull. */
  private readonly hangarOwn: Uint8Array;

  constructor(kernel: RulesContext, move: Movement, weapons: Weapons) {
    this.k = kernel;
    this.movement = move;
    this.weapons = weapons;
    const factions = kernel.t.factions;
    this.hangarQ = new Int8Array(factions.length * 24);
    this.hangarR = new Int8Array(factions.length * 24);
    this.hangarDir = new Int8Array(factions.length * 24);
    this.hangarCount = new Int8Array(factions.length);
    this.hangarOwn = new Uint8Array(factions.length * 24);
    let cards = 1;
    for (let f = 0; f < factions.length; f++) cards = Math.max(cards, factions[f].hangars.length);
    this.hangarCards = cards;
    this.launchExtra = new Int8Array(factions.length * cards);
    this.launchTurn = new Int8Array(factions.length * cards);
    let corvCards = 1;
    for (let f = 0; f < factions.length; f++) corvCards = Math.max(corvCards, factions[f].corvettes.length);
    this.corvCards = corvCards;
    this.corvAgility = new Int8Array(factions.length * corvCards);
    this.corvSpeed = new Int8Array(factions.length * corvCards);
    for (let f = 0; f < factions.length; f++)
      for (let c = 0; c < factions[f].corvettes.length; c++) {
        this.corvAgility[f * corvCards + c] = Math.min(factions[f].corvettes[c].agility, TURN_CAP);
        this.corvSpeed[f * corvCards + c] = Math.min(factions[f].corvettes[c].speed, SPEED_CAP);
      }
    for (let f = 0; f < factions.length; f++)
      for (let c = 0; c < factions[f].hangars.length; c++) {
        this.launchExtra[f * cards + c] = Math.min(factions[f].hangars[c].launchDistance, EXTRA_CAP);
        this.launchTurn[f * cards + c] = Math.min(factions[f].hangars[c].launchTurn, TURN_CAP);
      }
    for (let f = 0; f < factions.length; f++) {
      const hull = factions[f].hull;
      const count = Math.min(hull.mounts.hangar.length, 4);
      this.hangarCount[f] = count;
      for (let facing = 0; facing < 6; facing++)
        for (let h = 0; h < count; h++) {
          const m = hull.mounts.hangar[h];
          const x = (f * 6 + facing) * 4 + h;
          this.hangarQ[x] = hull.rotQ[facing * hull.hexCount + m.hex];
          this.hangarR[x] = hull.rotR[facing * hull.hexCount + m.hex];
          this.hangarDir[x] = (facing + m.edge) % 6;
          const dir = this.hangarDir[x];
          for (let e = 0; e <= 6; e++) {
            const q = this.hangarQ[x] + DQ[dir] * (1 + e);
            const r = this.hangarR[x] + DR[dir] * (1 + e);
            for (let k = 0; k < hull.hexCount; k++)
              if (hull.rotQ[facing * hull.hexCount + k] === q && hull.rotR[facing * hull.hexCount + k] === r) this.hangarOwn[x] |= 1 << e;
          }
        }
    }
  }

  /** Index of p's corvette in `slot` into corvAgility and corvSpeed. */
  private cardIndex(s: GameState, p: number, slot: number): number {
    return s.faction[p] * this.corvCards + s.loadout[p * 8 + LO_CORVETTES + slot];
  }

  /** The corvette card behind p's slot. */
  card(s: GameState, p: number, slot: number) {
    return this.k.faction(s, p).corvettes[s.loadout[p * 8 + LO_CORVETTES + slot]];
  }

  /** Is hex (q, r) free for a corvette to be placed: on the board, no hull, no small token? */
  private free(s: GameState, q: number, r: number): boolean {
    return this.movement.hexOnBoard(q, r) && this.weapons.shipOn(s, q, r) < 0 && this.weapons.tokenOn(s, q, r, 0, -1) < 0;
  }

  /**
   * Where a launch puts the corvette (11.1.1): next to the hangar, through the hangar's hull
   * edge, tail to that edge, then `extra` hexes further out and turned `turn` sixth-turns,
   * as far as the hangar card allows. Writes (q, r, facing) into out; false if not free.
   */
  launchSpot(s: GameState, p: number, hangar: number, extra: number, turn: number, out: Int32Array): boolean {
    this.spotOf(s, p, hangar, extra, turn, out);
    return this.free(s, out[0], out[1]);
  }

  /**
   * launchSpot's (q, r, facing) into out, without checking that it is free. `p` is the ship
   * whose hangar launches: a Command Corvette's corvettes launch from an allied ship's (8.1.3).
   */
  private spotOf(s: GameState, p: number, hangar: number, extra: number, turn: number, out: Int32Array): void {
    const x = (s.faction[p] * 6 + s.facing[p]) * 4 + hangar;
    const dir = this.hangarDir[x];
    const q = s.shipQ[p] + this.hangarQ[x] + DQ[dir] * (1 + extra);
    const r = s.shipR[p] + this.hangarR[x] + DR[dir] * (1 + extra);
    out[0] = q;
    out[1] = r;
    out[2] = (dir + turn + 6) % 6;
  }

  /**
   * Legal launches for p into out; returns the count. Each spot is checked once and offered
   * for every corvette aboard. With `firstOnly`, stops at the first (a yes/no probe).
   */
  legalLaunches(s: GameState, p: number, out: Int32Array, firstOnly = false, from: number = p): number {
    const corvLoc = s.corvLoc;
    let aboard = 0;
    for (let slot = 0; slot < CORVETTES; slot++) if (corvLoc[p * CORVETTES + slot] === CORV_ABOARD) aboard |= 1 << slot;
    return this.launchesFor(s, p, aboard, out, firstOnly, from);
  }

  /**
   * legalLaunches with the slots aboard given as bits (bit slot), for a caller that has just
   * read them: read once, not looked up for every spot and turn; a bit's part of the action
   * id is slot * LAUNCHES_PER_SLOT (encodeLaunch), taken in slot order.
   */
  launchesFor(s: GameState, p: number, aboard: number, out: Int32Array, firstOnly: boolean, from: number = p): number {
    if (aboard === 0) return 0;
    // The launching ship: p's own, or for a Command Corvette an allied ship (8.1.3).
    p = from;
    const fi = s.faction[p];
    const card = fi * this.hangarCards + s.loadout[p * 8 + LO_HANGAR];
    const extraMax = this.launchExtra[card];
    const turnMax = this.launchTurn[card];
    const move = this.movement;
    const weapons = this.weapons;
    const hangars = this.hangarCount[fi];
    const x0 = (fi * 6 + s.facing[p]) * 4;
    const sq = s.shipQ[p];
    const sr = s.shipR[p];
    // free(), with the hull check limited to the ships that can reach a spot, and the board
    // check skipped when the board edge is farther away: every spot of every hangar lies
    // within the ship's radius plus extraMax + 1 of its centre (one look for all hangars).
    const reach = move.radiusOf(s, p) + extraMax + 1;
    const hulls = move.shipsNear(s, sq, sr, reach);
    const inside = move.clearOfEdge(sq, sr, reach);
    // p's own hull (always that near while it lives) from the table; the others looked up.
    const own = (hulls >> p) & 1;
    const others = hulls & ~(1 << p);
    let n = 0;
    for (let h = 0; h < hangars; h++) {
      // The spots of launchSpot(h, e) for e = 0, 1, ...: one hex after another out from the
      // hangar's edge. A spot's hex does not depend on the turn: check it once.
      const dir = this.hangarDir[x0 + h];
      let q = sq + this.hangarQ[x0 + h];
      let r = sr + this.hangarR[x0 + h];
      const ownSpots = own === 0 ? 0 : this.hangarOwn[x0 + h];
      for (let e = 0; e <= extraMax; e++) {
        q += DQ[dir];
        r += DR[dir];
        if ((!inside && !move.hexOnBoard(q, r)) || ((ownSpots >> e) & 1) !== 0 || (others !== 0 && move.hullInMask(s, q, r, others)) || weapons.tokenOn(s, q, r, 0, -1) >= 0)
          continue;
        // The turns -turnMax..turnMax are consecutive ids: encodeLaunch(slot, h, e, t) is
        // slot * LAUNCHES_PER_SLOT + first + (t + turnMax).
        const first = encodeLaunch(0, h, e, 0 - turnMax);
        if (firstOnly) {
          out[n] = (31 - Math.clz32(aboard & (0 - aboard))) * LAUNCHES_PER_SLOT + first;
          return n + 1;
        }
        for (let id = first, last = first + 2 * turnMax; id <= last; id++)
          for (let m = aboard; m !== 0; m &= m - 1) out[n++] = (31 - Math.clz32(m & (0 - m))) * LAUNCHES_PER_SLOT + id;
      }
    }
    return n;
  }

  /** Is `a` one of legalLaunches(s, p)? Decoded and checked, not listed (11.1.1). */
  isLegalLaunch(s: GameState, p: number, a: number, from: number = p): boolean {
    if (a < 0 || a >= CORVETTES * 4 * 7 * TURNS) return false;
    decodeLaunch(a, this.mv);
    if (s.corvLoc[p * CORVETTES + this.mv[0]] !== CORV_ABOARD) return false;
    p = from;
    const fi = s.faction[p];
    const card = fi * this.hangarCards + s.loadout[p * 8 + LO_HANGAR];
    const turnMax = this.launchTurn[card];
    const t = this.mv[3];
    if (this.mv[1] >= this.hangarCount[fi] || this.mv[2] > this.launchExtra[card] || t < 0 - turnMax || t > turnMax) return false;
    return this.launchSpot(s, p, this.mv[1], this.mv[2], t, this.hex);
  }

  /** Put p's corvette on the board as launch action `a` says, from the hangar of ship `from` (p's own, or an ally's for a Command Corvette, 8.1.3). */
  launch(s: GameState, p: number, a: number, from: number = p): void {
    // decodeLaunch in integers (no scratch round-trip). A listed launch: its spot is free.
    const slot = (a / LAUNCHES_PER_SLOT) | 0;
    const spot = this.hex;
    this.spotOf(s, from, ((a / (7 * TURNS)) | 0) % 4, ((a / TURNS) | 0) % 7, (a % TURNS) - TURN_CAP, spot);
    const q = spot[0];
    const r = spot[1];
    const facing = spot[2];
    const i = freeSlot(s);
    if (i >= 0) {
      s.tokKind[i] = SMALL_CORVETTE;
      s.tokOwner[i] = p;
      s.tokRef[i] = 2 + slot;
      s.tokSupply[i] = -1;
      s.tokQ[i] = q;
      s.tokR[i] = r;
      s.tokFacing[i] = facing;
      s.tokAge[i] = ++s.g[G_TOKEN_SERIAL];
      s.corvLoc[p * CORVETTES + slot] = CORV_BOARD;
      s.corvTok[p * CORVETTES + slot] = i;
      s.stats[p * STAT_SIZE + ST_CORV_LAUNCHED + s.loadout[p * 8 + LO_CORVETTES + slot]]++;
      if (this.k.log) this.k.log.push(EV_LAUNCH, p, slot, q, r, facing);
    }
  }

  /**
   * Legal activation moves of p's corvettes into out from `at` (11.1.2): turn up to agility
   * before, move 1..speed hexes forward, turn the rest after; never turning in place (a
   * move is at least one hex). The path must stay on the board and clear of capital ships;
   * it may end on a small token, with the consequences of 7.2.4. firstMove is the yes/no
   * probe.
   */
  legalMoves(s: GameState, p: number, out: Int32Array, at: number): number {
    const move = this.movement;
    let n = at;
    for (let slot = 0; slot < CORVETTES; slot++) {
      if (s.corvLoc[p * CORVETTES + slot] !== CORV_BOARD) continue;
      const i = s.corvTok[p * CORVETTES + slot];
      const c = this.cardIndex(s, p, slot);
      const agility = this.corvAgility[c];
      const speed = this.corvSpeed[c];
      // Every hex of every path is within `speed` of the start: only hulls that close can
      // block it, and with the board edge farther away no hex can be off the board (the
      // same moves, fewer lookups).
      const q0 = s.tokQ[i];
      const r0 = s.tokR[i];
      const facing = s.tokFacing[i];
      const hulls = move.shipsNear(s, q0, r0, speed);
      const inside = move.clearOfEdge(q0, r0, speed);
      for (let before = 0 - agility; before <= agility; before++) {
        // (facing + before) mod 6, facing 0..5 and before -3..3.
        let dir = facing + before;
        if (dir < 0) dir += 6;
        else if (dir >= 6) dir -= 6;
        const left = agility - (before < 0 ? 0 - before : before);
        let q = q0;
        let r = r0;
        for (let hexes = 1; hexes <= speed; hexes++) {
          q += DQ[dir];
          r += DR[dir];
          if ((!inside && !move.hexOnBoard(q, r)) || (hulls !== 0 && move.hullInMask(s, q, r, hulls))) break;
          // The turns after, -left..left, are consecutive action ids.
          const first = encodeMove(slot, before, hexes, 0 - left);
          for (let k = 0; k <= 2 * left; k++) out[n++] = first + k;
        }
      }
    }
    return n;
  }

  /**
   * legalMoves' first move (a yes/no probe): the first listed is always a one-hex move, so
   * only the hex ahead after each turn is looked at, against every live hull (no shipsNear
   * or edge clearance for a walk that is never taken).
   */
  firstMove(s: GameState, p: number, out: Int32Array, at: number): number {
    const move = this.movement;
    let hulls = 0;
    for (let v = 0, n = s.g[G_PLAYERS]; v < n; v++) if (s.alive[v]) hulls |= 1 << v;
    for (let slot = 0; slot < CORVETTES; slot++) {
      if (s.corvLoc[p * CORVETTES + slot] !== CORV_BOARD) continue;
      const i = s.corvTok[p * CORVETTES + slot];
      const c = this.cardIndex(s, p, slot);
      const agility = this.corvAgility[c];
      if (this.corvSpeed[c] < 1) continue;
      const q0 = s.tokQ[i];
      const r0 = s.tokR[i];
      const facing = s.tokFacing[i];
      for (let before = 0 - agility; before <= agility; before++) {
        let dir = facing + before;
        if (dir < 0) dir += 6;
        else if (dir >= 6) dir -= 6;
        const q = q0 + DQ[dir];
        const r = r0 + DR[dir];
        if (!move.hexOnBoard(q, r) || (hulls !== 0 && move.hullInMask(s, q, r, hulls))) continue;
        out[at] = encodeMove(slot, before, 1, 0 - (agility - (before < 0 ? 0 - before : before)));
        return at + 1;
      }
    }
    return at;
  }

  /** Is `a` one of legalMoves(s, p)? Decoded and its path walked, not listed (11.1.2). */
  isLegalMove(s: GameState, p: number, a: number): boolean {
    if (a < MOVE0 || a >= FIRE0) return false;
    decodeMove(a, this.mv);
    const slot = this.mv[0];
    if (s.corvLoc[p * CORVETTES + slot] !== CORV_BOARD) return false;
    const c = this.cardIndex(s, p, slot);
    const agility = this.corvAgility[c];
    const before = this.mv[1];
    const hexes = this.mv[2];
    const after = this.mv[3];
    const left = agility - (before < 0 ? 0 - before : before);
    if (left < 0 || hexes > this.corvSpeed[c] || after < 0 - left || after > left) return false;
    const move = this.movement;
    const i = s.corvTok[p * CORVETTES + slot];
    const dir = (s.tokFacing[i] + before + 6) % 6;
    let q = s.tokQ[i];
    let r = s.tokR[i];
    const hulls = move.shipsNear(s, q, r, hexes);
    for (let h = 0; h < hexes; h++) {
      q += DQ[dir];
      r += DR[dir];
      if (!move.hexOnBoard(q, r) || (hulls !== 0 && move.hullInMask(s, q, r, hulls))) return false;
    }
    return true;
  }

  /** Carry out activation move `a` for p, then settle what the corvette ended on. */
  move(s: GameState, p: number, a: number): void {
    decodeMove(a, this.mv);
    const slot = this.mv[0];
    const i = s.corvTok[p * CORVETTES + slot];
    const dir = (s.tokFacing[i] + this.mv[1] + 6) % 6;
    s.tokQ[i] += DQ[dir] * this.mv[2];
    s.tokR[i] += DR[dir] * this.mv[2];
    s.tokFacing[i] = (dir + this.mv[3] + 6) % 6;
    if (this.k.log) this.k.log.push(EV_CORVETTE_MOVE, p, slot, s.tokQ[i], s.tokR[i], s.tokFacing[i]);
    this.settle(s, i);
  }

  /**
   * The compelled move (7.2.4): every corvette on the board moves one hex straight ahead,
   * all at once; then each that ended overlapping another token is destroyed, and so is a
   * torpedo or corvette it overlaps. Leaving the board, or ending on a hull, destroys it.
   */
  compelledMoves(s: GameState): void {
    // The corvettes are the corvette tokens (each on-board slot has one, invariants.ts):
    // moved by a pass over the token table, their slots (bit p * CORVETTES + slot) noted
    // and settled in slot order, skipping one destroyed meanwhile.
    const tokKind = s.tokKind;
    const tokQ = s.tokQ;
    const tokR = s.tokR;
    const tokFacing = s.tokFacing;
    let slots = 0;
    const tokRef = s.tokRef;
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
      // A Command Corvette is not compelled: its movement is its own activation (8.1.2).
      if (tokKind[i] !== SMALL_CORVETTE || tokRef[i] === CC_REF) continue;
      tokQ[i] += DQ[tokFacing[i]];
      tokR[i] += DR[tokFacing[i]];
      slots |= 1 << (s.tokOwner[i] * CORVETTES + s.tokRef[i] - 2);
    }
    const corvLoc = s.corvLoc;
    for (; slots !== 0; slots &= slots - 1) {
      const k = 31 - Math.clz32(slots & (0 - slots));
      if (corvLoc[k] === CORV_BOARD) this.settle(s, s.corvTok[k]);
    }
  }

  /** settle for a token moved from outside (a Command Corvette's move or placement, command-corvette.ts). */
  settleToken(s: GameState, i: number): void {
    this.settle(s, i);
  }

  /**
   * A corvette token i has ended a move: off the board or on a hull it is destroyed; on
   * another small token it is destroyed, taking a torpedo or corvette with it (7.2.4).
   */
  private settle(s: GameState, i: number): void {
    const w = this.weapons;
    if (!this.movement.hexOnBoard(s.tokQ[i], s.tokR[i])) {
      w.destroyToken(s, i, -1, CAUSE_OTHER, -1);
      return;
    }
    const v = w.shipOn(s, s.tokQ[i], s.tokR[i]);
    if (v >= 0) {
      w.destroyToken(s, i, v, CAUSE_CAPITAL_SHIP, -1);
      return;
    }
    const j = w.tokenOn(s, s.tokQ[i], s.tokR[i], 0, i);
    if (j < 0) return;
    const owner = s.tokOwner[i];
    const kind = s.tokKind[j];
    const other = s.tokOwner[j];
    const cause = kind === SMALL_PROJECTILE ? CAUSE_PROJECTILE : kind === SMALL_TORPEDO ? CAUSE_TORPEDO : CAUSE_CORVETTE;
    if (kind === SMALL_TORPEDO || kind === SMALL_CORVETTE) w.destroyToken(s, j, owner, CAUSE_CORVETTE, -1);
    w.destroyToken(s, i, other, cause, -1);
  }
}
