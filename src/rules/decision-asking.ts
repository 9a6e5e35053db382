/**
 * Asking a player for a decision: set the pending mask and the decision
 * kind, keep the legal list for legal() and isLegal() while the state is unchanged, and take
 * a decision with exactly one legal answer without asking.
 *
 * Why it is built this way: resolution asks from deep inside commands, firing and
 * Corvettes!, while listing and applying the answers needs all of them; so this layer
 * declares legal() and apply() abstract and decision-answers.ts, above the rest, defines
 * them. The kept list (asked, askedState, askedVersion) is invalidated by a version, not by
 * clearing the state pointer (see the field's comment).
 */
import { CooldownTrack } from './cooldown-track.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as decisionsModule from './decisions.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { MAX_ACTIONS, G_PENDING, G_DECISION } = stateModule;
const { D_COMMIT } = decisionsModule;

export abstract class DecisionAsking extends CooldownTrack {
  /**
   * The legal list of the decision last asked, with the state object and version it belongs
   * to: any change to the state (an answer, a copyFrom) gives it a new version. Invalidated
   * by askedVersion -1 (no state has it), not by clearing askedState: a pointer store runs
   * V8's write barrier, which called the RecordWrite builtin when the state was young.
   */
  protected asked = new Int32Array(MAX_ACTIONS);
  private askedState: GameState | null = null;
  protected askedVersion = 0;
  protected askedCount = 0;

  /** Player p's legal answers at the pending decision into `out` (decision-answers.ts). */
  abstract legal(s: GameState, p: number, out: Int32Array): number;
  /** Apply an answer known to be legal, without resuming resolution (decision-answers.ts). */
  protected abstract apply(s: GameState, p: number, a: number): void;

  /** Ask player p for a decision; if exactly one answer is legal, take it and return false. */
  protected ask(s: GameState, p: number, kind: number): boolean {
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
  protected askUnlisted(s: GameState, p: number, kind: number): void {
    const g = s.g;
    g[G_DECISION] = kind;
    g[G_PENDING] = 1 << p;
    this.askedVersion = -1;
    s.touch();
  }

  /** The rest of ask(), once the pending decision's n legal answers are in this.asked. */
  protected offer(s: GameState, p: number, n: number): boolean {
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
  protected askedValid(s: GameState): boolean {
    return s === this.askedState && s.version === this.askedVersion && s.g[G_DECISION] !== D_COMMIT;
  }
}
