/**
 * The round (rulebook 6): commitment (7.1), the movement phase (7.2: thrust, lock-step
 * movement, weapon and corvette moves), the action phase's two slots in priority order
 * (7.3) and the cooldown phase (7.4), until a decision is pending or the match is over.
 *
 * Why it is built this way: the phase, slot and order position live in the state buffer,
 * so run() resumes a copied state exactly; it allocates nothing (scratch is the Kernel's).
 */
import { Commands } from './commands.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as momentumModule from './momentum.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  CARDS, STAT_SIZE, TOK_CW, TOK_CCW, LOC_RESOLVING, ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW,
  PHASE_COMMIT, PHASE_MOVEMENT, PHASE_ACTION, PHASE_COOLDOWN, SMALL_PROJECTILE, SMALL_TORPEDO,
  SMALL_CORVETTE, G_ROUND, G_PHASE, G_PLAYERS, G_PENDING, G_DECISION, G_SLOT, G_REVEALED,
  G_ORDER_POS, G_ORDER_COUNT, G_ORDER, G_SUB, G_CUR_CARD, G_VENTED, G_INITIATIVE,
  G_ENGINES_REVEALED, G_FSTAGE, G_WINDOW_ASKED, G_WINDOW_PLAYER, G_TOK_TOP, G_HELD, G_CORV_FIRED,
  G_CC_MOVE, CC_MOVED_BIT, G_CC_START,
  CORVETTES, ST_COMMANDS_PLAYED, ST_CARD_PLAYS, ST_THRUSTS_IGNORED,
} = stateModule;
const { thrust, THRUST_IGNORED, THRUST_NO_SUPPLY } = momentumModule;
const { EV_ROUND, EV_ENGINE, EV_COMMAND } = eventsModule;
const { D_COMMIT, D_CC_MOVE } = decisionsModule;
const { SUB_START, FST_IDLE } = stepsModule;

export abstract class RoundLoop extends Commands {
  /** Resolve until a decision is pending or the match is over. */
  run(s: GameState): void {
    const g = s.g;
    while (g[G_PENDING] === 0) {
      switch (g[G_PHASE]) {
        case PHASE_COMMIT:
          return;
        case PHASE_MOVEMENT:
          if ((g[G_CC_MOVE] & CC_MOVED_BIT) === 0) {
            this.movementPhase(s);
            if (this.isOver(s)) return;
            g[G_CC_MOVE] = CC_MOVED_BIT | this.commandCorvettes(s);
          }
          // 8.1.2: each Command Corvette's movement activation, once all else has moved.
          if (this.ccMoves(s) === false) return;
          g[G_CC_MOVE] = 0;
          g[G_PHASE] = PHASE_ACTION;
          g[G_SLOT] = 0;
          this.startSlot(s);
          // 8.1.3: the Command Corvettes' players activate their corvettes before any card is revealed.
          g[G_CC_START] = this.commandCorvettes(s);
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

  /** The seats flying a Command Corvette (rulebook 8), as a bitmask. */
  private commandCorvettes(s: GameState): number {
    let mask = 0;
    for (let p = 0, n = s.g[G_PLAYERS]; p < n; p++) if (s.alive[p] === 0 && s.ccTok[p] >= 0) mask |= 1 << p;
    return mask;
  }

  /**
   * The Command Corvettes' movement activations (8.1.2), in seat order from the initiative
   * seat: false while one is asked or when the match is over.
   */
  private ccMoves(s: GameState): boolean {
    const g = s.g;
    const n = g[G_PLAYERS];
    // What the last answered move ran into is settled first.
    this.settleDestroyed(s);
    if (this.isOver(s)) return false;
    for (let i = 0; i < n; i++) {
      const p = this.seatAt(s, i);
      if (((g[G_CC_MOVE] >> p) & 1) === 0) continue;
      g[G_CC_MOVE] &= ~(1 << p);
      if (s.ccTok[p] < 0) continue;
      if (this.ask(s, p, D_CC_MOVE)) return false;
      this.settleDestroyed(s);
      if (this.isOver(s)) return false;
    }
    if (this.check !== null) this.check(s, 'command corvette moves');
    return true;
  }

  protected startRound(s: GameState): void {
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
      // A seat flying a Command Corvette commits too (8.1.1).
      if (alive[p] || s.ccTok[p] >= 0) mask |= 1 << p;
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

  private startSlot(s: GameState): void {
    const g = s.g;
    const slot = g[G_SLOT];
    g[G_REVEALED] = slot + 1;
    const n = g[G_PLAYERS];
    // Arrays in locals: see startRound.
    const committed = s.committed;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const p = this.seatAt(s, i);
      // A destroyed ship commits nothing (its wreck cleared the slots); a Command Corvette commits one card (8.1.1).
      if (committed[p * 2 + slot] < 0) continue;
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
    if (g[G_CC_START] !== 0 && this.ccStartActivations(s) === false) return false;
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
        if (c < 0) {
          // p's capital ship was destroyed after the slot's order was drawn: its wreck took
          // its face-down commands back (kernel-core.ts wreck, 8 step 5).
          g[G_ORDER_POS]++;
          continue;
        }
        g[G_CUR_CARD] = c;
        cardLoc[p * CARDS + c] = LOC_RESOLVING;
        stats[p * STAT_SIZE + ST_COMMANDS_PLAYED]++;
        stats[p * STAT_SIZE + ST_CARD_PLAYS + c]++;
        if (this.log !== null) this.log.push(EV_COMMAND, p, c, g[G_SLOT], 0);
      }
      if (cardLoc[p * CARDS + g[G_CUR_CARD]] !== LOC_RESOLVING) {
        // p's capital ship was destroyed while its command resolved: the card went back to
        // the hand with the wreck (kernel-core.ts wreck), so the command ends here.
        this.finishCommand(s, p, -1);
        continue;
      }
      if (this.resolveCommand(s, p) === false) return false;
      if (this.check !== null) this.check(s, 'command');
      if (this.isOver(s)) return false;
    }
  }
}
