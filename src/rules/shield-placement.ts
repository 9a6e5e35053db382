/**
 * Placing shields (rulebook 4.1.1): Defence Stations gains two and rearranges all
 * (10.1.4), Shield Surge places new ones past the per-section cap (10.1.7). The shields in
 * hand are placed in one decision, an arrangement (decisions.ts encodeShields).
 *
 * Why it is built this way: the arrangements are listed only if someone asks for the list;
 * an answer is checked by decoding it (isLegalShield), with the same room per section
 * (sectionRoom) as the listing.
 */
import { CorvettesCommand } from './corvettes-command.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_SECTIONS, STAT_SIZE, SHIELD_BITS, PHASE_ACTION, G_PHASE, G_PENDING, G_DECISION, G_SUB,
  G_LEFT, G_SUPPLY_SHIELDS, ST_SHIELDS_GAINED,
} = stateModule;
const { EV_GAIN_SHIELDS } = eventsModule;
const { D_SHIELD, shieldsPlaced, shieldsFromFirst } = decisionsModule;
const { SUB_PLACE_SHIELDS, SUB_SURGE_SHIELDS } = stepsModule;

/**
 * Room for shields on one section (4.1.1): the per-section cap less what it holds, or, for
 * Shield Surge (10.1.7, which ignores that cap), all `left` shields in hand. Shared by
 * shieldRoom and isLegalShield.
 */
function sectionRoom(surge: boolean, left: number, cap: number, held: number): number {
  return surge ? left : Math.max(0, cap - held);
}

export abstract class ShieldPlacement extends CorvettesCommand {
  /** Shield room per section (shieldRoom, placeShields), and on sections sec.. onward (legalShield). */
  private readonly roomAt = new Int32Array(MAX_SECTIONS);
  private readonly roomFrom = new Int32Array(MAX_SECTIONS + 1);

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
  protected legalShield(s: GameState, p: number, out: Int32Array): number {
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
    // Fields in locals: the loop stores into `room` (round-loop.ts startRound says why).
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
  protected isLegalShield(s: GameState, p: number, a: number): boolean {
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

  /**
   * Gain up to `gain` shields from the supply (within the ship's total capacity) and lift
   * every shield on the ship so they can be placed again in one arrangement (10.1.4: add
   * two and rearrange). With `keepExisting`, only the new shields are placed (Shield Surge).
   */
  protected beginShieldPlacement(s: GameState, p: number, gain: number, keepExisting: boolean): void {
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
  protected placeShields(s: GameState, p: number): boolean {
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
}
