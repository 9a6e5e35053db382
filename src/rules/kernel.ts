/**
 * The rules kernel: round order (rulebook 6), decisions, movement with collisions (7.2, 12),
 * commands (10) and the cooldown track (7.4). This module is the entry point: the Kernel
 * class and every name the rest of the lab imports from the rules kernel.
 *
 * Why it is built this way:
 * - Decisions are integers. When the state waits on players, `pending`
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
 * - The Kernel is one class built in layers, one module each, each extending the one below,
 *   so the round loop's calls stay method calls on one object of one shape. Bottom up:
 *   kernel-core.ts (tables, lookups, end of match), cooldown-track.ts (7.4),
 *   decision-asking.ts (asking a player), firing.ts (9), corvettes-command.ts (10.1.3, 11),
 *   shield-placement.ts (4.1.1), command-corvette.ts (8), commands.ts (10.1), round-loop.ts
 *   (6, 7) and decision-answers.ts (legal, isLegal, submit). Setup (setup.ts) and the player view
 *   (player-view.ts) are functions on a state. Imports in src/rules flow one way, into this
 *   module; nothing in src/rules below it imports it (test/rules/structure.test.ts).
 */
import type { GameState } from './state.js';
import { DecisionAnswers } from './decision-answers.js';
import type { MatchSetup } from './setup.js';
import * as setupModule from './setup.js';
import * as playerViewModule from './player-view.js';
// Imported functions as module constants: V8 folds a module constant, not an imported binding.
const { placeMatch } = setupModule;
const { playerView } = playerViewModule;

export * from './decisions.js';
export { coolCardWord } from './cooldown-track.js';
export { SetupError, type ShipSetup, type TokenSetup, type MatchSetup } from './setup.js';

export class Kernel extends DecisionAnswers {
  /** Initialise `s` for a match and start its first round; throws SetupError naming the problem. */
  setup(s: GameState, m: MatchSetup): GameState {
    placeMatch(this, s, m);
    this.startRound(s);
    return s;
  }

  /**
   * Write into `into` what player p may see of `s`: other players'
   * face-down commitments are hidden (player-view.ts).
   */
  view(s: GameState, p: number, into: GameState): GameState {
    return playerView(s, p, into);
  }
}
