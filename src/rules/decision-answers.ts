/**
 * The answers to decisions: legal() lists a player's legal answers,
 * isLegal() checks one, submit() applies it and resumes the round; commitments (7.1) are
 * decoded, never looked up.
 *
 * Why it is built this way: listing and applying answers reach every kind of decision, so
 * this is the top layer of the rules; the layers below ask (decision-asking.ts) and call
 * apply() and legal() through it. Answers are integers (decisions.ts encodes them).
 */
import { RoundLoop } from './round-loop.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as corvettesModule from './corvettes.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_PLAYERS, MAX_SECTIONS, CARDS, STAT_SIZE, LOC_HAND, LOC_COMMITTED, LOC_TRACK, ENGINE_SETTINGS,
  ENGINE_NONE,
  MAX_ACTIONS, PHASE_MOVEMENT, G_PHASE, G_PENDING, G_DECISION, G_SUB, G_VENTED, G_LEFT,
  G_SUPPLY_SHIELDS, G_FSTAGE, G_FSRC, G_FMOUNT, G_FDIR, G_FTARGET, G_FNEED, G_FEXTRA, G_ACT_LEFT,
  G_WINDOW_ASKED, G_WINDOW_PLAYER, G_CORV_FIRED, CORVETTES, CORV_ABOARD, CORV_DESTROYED,
  SRC_POINT_DEFENCE, ST_SHOTS, ST_CORV_REPAIRED, LO_CORVETTES, ST_ARMOUR_REPAIRED,
} = stateModule;
const { Cmd } = tablesModule;
const { ACT_PASS, ACT_FIRE } = corvettesModule;
const {
  EV_SHIELD, EV_REPAIR, EV_FIRE, EV_PD_WAIT, EV_CORVETTE_OPTION, EV_REPAIR_CORVETTE,
} = eventsModule;
const {
  D_NONE, D_COMMIT, D_VENT, D_DEFENCE, D_SHIELD, D_P2E_DIR, D_REPAIR, D_FIRE_DIR, D_TARGET,
  D_BOOST, D_CORV_OPTION, D_LAUNCH, D_ACTIVATE, D_PD_WINDOW, D_REPAIR_CORV, D_CC_MOVE, D_WARP,
  DECISION_NAMES,
  CORV_ACTIVATE, CORV_LAUNCH, VENT_NONE, DEF_FIRE, DEF_HOLD, DEF_SHIELDS, CARD_NONE, commitEngine,
  commitFirst, commitSecond, commitDir, encodeCommit, ENGINE_STEP, shieldsPlaced,
} = decisionsModule;
const {
  SUB_START, SUB_LAUNCH, SUB_ACTIVATE, SUB_REPAIR_CORV, SUB_REPAIRED, FST_TARGET, FS_PD,
  FS_CORVETTE,
} = stepsModule;

/** Every seat's bit in the pending mask. */
const ALL_PLAYERS = (1 << MAX_PLAYERS) - 1;

export class DecisionAnswers extends RoundLoop {
  /** Legal-action scratch for auto-answers and validation (no allocation per decision). */
  private readonly scratch = new Int32Array(MAX_ACTIONS);

  /**
   * Write player p's legal actions at the pending decision into `out`; returns the count
   * (0 when p has nothing to decide).
   */
  legal(s: GameState, p: number, out: Int32Array): number {
    // Arrays in locals: the loops store into `out` (round-loop.ts startRound says why).
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
        return this.corvettes.legalLaunches(s, p, out, false, this.launcherOf(s, p));
      case D_ACTIVATE:
        return this.legalActivations(s, p, out);
      case D_PD_WINDOW:
        return this.legalPdWindow(s, p, out);
      case D_CC_MOVE:
        return this.legalCcMoves(s, p, out);
      case D_WARP:
        return this.legalWarps(s, out);
      case D_REPAIR_CORV: {
        const corvLoc = s.corvLoc;
        let n = 0;
        for (let c = 0; c < CORVETTES; c++) if (corvLoc[p * CORVETTES + c] === CORV_DESTROYED) out[n++] = c;
        return n;
      }
    }
    return 0;
  }

  /**
   * Player p's commitments (7.1): the command block for engine setting 0 (commitBlock), then
   * the same block once per further setting (encodeCommit(e, ...) = e * ENGINE_STEP +
   * encodeCommit(0, ...)).
   */
  private legalCommit(s: GameState, p: number, out: Int32Array): number {
    if (s.alive[p] === 0) return this.legalCcCommit(s, p, out);
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
    const cardLoc = s.cardLoc; // in a local: the loops store into `out` (round-loop.ts startRound says why)
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

  /**
   * A Command Corvette's commitments (8.1.1): one card from the hand face down and no engine
   * card (engine setting "none"); no card only with an empty hand. Power to Engines is listed
   * with all six directions, as for a capital ship (so a commitment turned by a facing stays
   * legal); the direction is not used (it gives a movement activation, 8.1.3).
   */
  private legalCcCommit(s: GameState, p: number, out: Int32Array): number {
    const cardLoc = s.cardLoc;
    let n = 0;
    for (let c = 0, base = p * CARDS; c < CARDS; c++) {
      if (cardLoc[base + c] !== LOC_HAND) continue;
      if (c === Cmd.PowerToEngines) for (let d = 0; d < 6; d++) out[n++] = encodeCommit(ENGINE_NONE, c, CARD_NONE, d);
      else out[n++] = encodeCommit(ENGINE_NONE, c, CARD_NONE, 0);
    }
    if (n === 0) out[n++] = encodeCommit(ENGINE_NONE, CARD_NONE, CARD_NONE, 0);
    return n;
  }

  /** The engine-0 commitment(s) of commands a, b: one per Power to Engines direction if either is that card. */
  private pushCommit(out: Int32Array, n: number, a: number, b: number): number {
    if (a === Cmd.PowerToEngines || b === Cmd.PowerToEngines) {
      for (let d = 0; d < 6; d++) out[n++] = encodeCommit(0, a, b, d);
    } else out[n++] = encodeCommit(0, a, b, 0);
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
      if (s.alive[p] === 0) {
        // A Command Corvette (8.1.1): engine "none", one card from the hand (none if it is empty).
        const first = commitFirst(a);
        if (commitEngine(a) !== ENGINE_NONE || commitSecond(a) !== CARD_NONE || (commitDir(a) !== 0 && first !== Cmd.PowerToEngines)) return false;
        if (first !== CARD_NONE) return s.cardLoc[p * CARDS + first] === LOC_HAND;
        for (let c = 0; c < CARDS; c++) if (s.cardLoc[p * CARDS + c] === LOC_HAND) return false;
        return true;
      }
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
    if (decision === D_LAUNCH) return this.corvettes.isLegalLaunch(s, p, a, this.launcherOf(s, p));
    const scratch = this.scratch;
    const n = this.legal(s, p, scratch);
    for (let i = 0; i < n; i++) if (scratch[i] === a) return true;
    return false;
  }

  /** Apply an answer known to be legal (no check), without resuming resolution. */
  protected apply(s: GameState, p: number, a: number): void {
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
        // The events after, in the same order: the loop above makes no call (cooldown-track.ts cooldownPhase says why).
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
        this.corvettes.launch(s, p, a, this.launcherOf(s, p));
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
      case D_CC_MOVE:
        this.applyCcMove(s, p, a);
        break;
      case D_WARP:
        this.applyWarp(s, p, a);
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
}
