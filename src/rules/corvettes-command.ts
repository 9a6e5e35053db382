/**
 * The Corvettes! command (rulebook 10.1.3, 11): the option (activate, launch, repair), the
 * launch, and up to three activations (a move, or a shot once a round, 11.1.3), with
 * point-defence windows between them (10.1.4).
 *
 * Why it is built this way: the moves and launches themselves are corvettes.ts's; this layer
 * orders them as sub-steps (G_SUB) and keeps the launches listed with the options for the
 * launch decision that follows, so they are listed once.
 */
import { Firing } from './firing.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as corvettesModule from './corvettes.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_ACTIONS, G_PLAYERS, G_PENDING, G_DECISION, G_SUB, G_ACT_LEFT, G_WINDOW_PLAYER, CORVETTES, CORV_ABOARD,
  CORV_BOARD, CORV_DESTROYED, LO_HANGAR,
} = stateModule;
const { WeaponClass } = tablesModule;
const { ACT_PASS, ACT_FIRE } = corvettesModule;
const {
  D_CORV_OPTION, D_LAUNCH, D_ACTIVATE, D_REPAIR_CORV, CORV_ACTIVATE, CORV_LAUNCH, CORV_REPAIR,
} = decisionsModule;
const {
  SUB_START, SUB_CORV_OPTION, SUB_LAUNCH, SUB_ACTIVATE, SUB_REPAIR_CORV, SUB_REPAIRED,
} = stepsModule;

export abstract class CorvettesCommand extends Firing {
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
  protected launchState: GameState | null = null;
  protected launchVersion = -1;

  /**
   * The ship whose hangar launches and repairs p's corvettes: its own while it lives; for a
   * Command Corvette in a 4-player game its team-mate's capital ship, if that lives (8.1.3:
   * "repair or launch corvettes from an allied capital ship, using that capital ship's
   * hangar bay bonus"); else -1 (no repair or launch: 2-3 players, 8.1.3).
   */
  protected launcherOf(s: GameState, p: number): number {
    if (s.alive[p]) return p;
    const n = s.g[G_PLAYERS];
    if (n < 4) return -1;
    for (let q = 0; q < n; q++) if (q !== p && s.team[q] === s.team[p] && s.alive[q]) return q;
    return -1;
  }

  protected legalCorvetteOptions(s: GameState, p: number, out: Int32Array, keepLaunches = false): number {
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
    // A Command Corvette launches and repairs through an allied capital ship, at 4 players
    // only (launcherOf, 8.1.3); with none, its Corvettes! only activates.
    const from = this.launcherOf(s, p);
    if (from < 0) {
      destroyed = false;
      aboard = 0;
    }
    let n = 0;
    if (onBoard) out[n++] = CORV_ACTIVATE;
    if (keepLaunches) {
      // Listed in full now, for the launch decision that follows a Launch answer (SUB_LAUNCH).
      const m = this.corvettes.launchesFor(s, p, aboard, this.launches, false, from);
      this.launchCount = m;
      if (this.launchState !== s) this.launchState = s;
      this.launchVersion = s.version;
      if (m > 0) out[n++] = CORV_LAUNCH;
    } else if (this.corvettes.launchesFor(s, p, aboard, this.probe, true, from) > 0) out[n++] = CORV_LAUNCH;
    if (destroyed) out[n++] = CORV_REPAIR;
    return n;
  }

  /** Pass, every legal corvette move, and every corvette that can fire (once a round, 11.1.3). */
  protected legalActivations(s: GameState, p: number, out: Int32Array): number {
    out[0] = ACT_PASS;
    let n = this.corvettes.legalMoves(s, p, out, 1);
    for (let c = 0; c < CORVETTES; c++) if (this.corvetteCanFire(s, p, c)) out[n++] = ACT_FIRE + c;
    return n;
  }

  /** Has p an activation other than passing: a corvette move, or a corvette that can fire? */
  protected canActivate(s: GameState, p: number): boolean {
    if (this.corvettes.firstMove(s, p, this.probe, 0) > 0) return true;
    for (let c = 0; c < CORVETTES; c++) if (this.corvetteCanFire(s, p, c)) return true;
    return false;
  }

  /** Is `a` one of legalActivations(s, p)? Decoded and checked, not listed. */
  protected isLegalActivation(s: GameState, p: number, a: number): boolean {
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

  protected resolveCorvettes(s: GameState, p: number): boolean {
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
        case SUB_REPAIRED: {
          // The repairing hangar's cooldown: p's own, or the allied ship's (8.1.3).
          const from = this.launcherOf(s, p);
          const h = from < 0 ? p : from;
          return this.finishCommand(s, p, this.faction(s, h).hangars[s.loadout[h * 8 + LO_HANGAR]].repairCooldown);
        }
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
}
