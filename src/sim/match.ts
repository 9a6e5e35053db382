/**
 * One match loop: ask each pending player's policy for a legal action on its own view,
 * submit, repeat until the match ends.
 *
 * Why: the kernel only answers "who must decide what"; this loop is the one place that
 * turns that into calls on policies, so the batch runner, the CLI and tests share it.
 * It owns a view state and a legal-action buffer and reuses them: no allocation per
 * decision.
 */
import { GameState, MAX_ACTIONS, STATUS_ONGOING } from '../rules/state.js';
import type { Kernel } from '../rules/kernel.js';
import type { Policy, DecisionContext } from '../bot-api.js';
import { Draft } from '../rules/draft.js';
import type { FactionTable, LoadoutTable } from '../rules/tables.js';

/** A policy answered something that is not a legal action. */
export class PolicyError extends Error {
  constructor(
    readonly player: number,
    message: string,
  ) {
    super(message);
  }
}

export class MatchRunner {
  readonly kernel: Kernel;
  private readonly viewState = new GameState();
  private readonly legalBuf = new Int32Array(MAX_ACTIONS);
  private readonly ctx: { kernel: Kernel; view: GameState; player: number; decision: number; legal: Int32Array; count: number };

  constructor(kernel: Kernel) {
    this.kernel = kernel;
    this.ctx = { kernel, view: this.viewState, player: 0, decision: 0, legal: this.legalBuf, count: 0 };
  }

  /** Play `s` (already set up) to the end with one policy per seat. */
  play(s: GameState, policies: Policy[]): GameState {
    const k = this.kernel;
    const ctx = this.ctx;
    while (s.status === STATUS_ONGOING) {
      const pending = s.pending;
      if (pending === 0) throw new Error('kernel stopped with no decision pending and the match not over');
      for (let p = 0; p < s.players; p++) {
        if (((s.pending >> p) & 1) === 0) continue;
        ctx.player = p;
        ctx.decision = s.decision;
        ctx.count = k.legal(s, p, this.legalBuf);
        k.view(s, p, this.viewState);
        const a = policies[p].choose(ctx as DecisionContext);
        if (!k.isLegal(s, p, a)) throw new PolicyError(p, `policy ${policies[p].name} (seat ${p}) answered ${a}, not a legal action`);
        k.submit(s, p, a);
        if (s.status !== STATUS_ONGOING) break;
      }
    }
    return s;
  }

  /**
   * Draft a loadout for each seat (rulebook 5) by asking each policy's `draft` (a policy
   * without one takes the first legal action). Throws PolicyError on an illegal answer.
   */
  draft(factions: readonly FactionTable[], policies: Policy[]): LoadoutTable[] {
    const d = new Draft(factions);
    const buf = new Int32Array(d.maxActions);
    while (!d.done()) {
      const seat = d.pending();
      const count = d.legal(buf);
      const pol = policies[seat];
      const a = pol.draft ? pol.draft({ draft: d, seat, faction: factions[seat], legal: buf, count }) : buf[0];
      if (!d.isLegal(a)) throw new PolicyError(seat, `policy ${pol.name} (seat ${seat}) answered draft action ${a}, not a legal one`);
      d.submit(a);
    }
    return d.loadouts();
  }
}
