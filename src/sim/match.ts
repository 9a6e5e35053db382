/**
 * One match loop: ask each pending player's policy for a legal action on its own view,
 * submit, repeat until the match ends.
 *
 * Why: the kernel only answers "who must decide what"; this loop is the one place that
 * turns that into calls on policies, so the batch runner, the CLI and tests share it.
 * It owns a view state and a legal-action buffer and reuses them: no allocation per
 * decision.
 */
import { GameState } from '../rules/state.js';
import * as stateModule from '../rules/state.js';
import type { Kernel } from '../rules/kernel.js';
import type { Policy, DecisionContext } from '../bot-api.js';
import { Draft } from '../rules/draft.js';
import * as recordModule from './record.js';
import type { FactionTable, LoadoutTable } from '../rules/tables.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { MAX_ACTIONS, MAX_PLAYERS, STATUS_ONGOING, G_STATUS, G_PENDING, G_PLAYERS, G_DECISION } = stateModule;
const { TERM_NONE, TERM_ILLEGAL, TERM_THREW, TERM_BUDGET } = recordModule;

/**
 * The clock for per-decision policy time: process.hrtime.bigint() (nanoseconds), stored
 * straight into a BigUint64Array, which V8 compiles without making a BigInt, and read back
 * as two 32-bit words, so a decision allocates nothing. process.hrtime() made a [s, ns]
 * array each call (about 32 bytes, 5.3 kB a rammer match: V8 removed it only in part),
 * performance.now() a boxed double. The before-reading is copied out at once, so a policy
 * that plays matches of its own cannot disturb it; the difference is exact in doubles
 * (below 2^53 ns, 104 days).
 */
const hrtimeBigint = process.hrtime.bigint;
const clockReading = new BigUint64Array(1);
const clockWords = new Uint32Array(clockReading.buffer);
/** Which word is the low one (the platform's byte order). */
const LO = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HI = 1 - LO;
const TWO_32 = 2 ** 32;

/** A policy answered something that is not a legal action. */
export class PolicyError extends Error {
  constructor(
    readonly player: number,
    message: string,
    /** True when the policy threw, false when it answered an illegal action. */
    readonly threw = false,
    /** TERM_* code (sim/record.ts). */
    readonly termination = threw ? TERM_THREW : TERM_ILLEGAL,
  ) {
    super(message);
  }
}

/**
 * The context handed to a policy. `view`, `legal` and `count` are filled on first use:
 * a scripted policy that builds its answer from the view never pays for listing the
 * (up to ~1,300) legal commitments, and a generic one never pays for the view copy.
 */
class LazyContext implements DecisionContext {
  player = 0;
  decision = 0;
  private s: GameState | null = null;
  private haveView = false;
  private haveLegal = false;
  private n = 0;
  constructor(
    readonly kernel: Kernel,
    private readonly viewState: GameState,
    private readonly legalBuf: Int32Array,
  ) {}
  reset(s: GameState, p: number): void {
    // Stored only when it changes: a pointer store into this (old) object runs V8's write
    // barrier, and a state that has never been through a scavenge is young, so each store
    // called the RecordWrite builtin (about 50 instructions a decision).
    if (this.s !== s) this.s = s;
    this.player = p;
    this.decision = s.g[G_DECISION];
    this.haveView = false;
    this.haveLegal = false;
  }
  get view(): GameState {
    if (!this.haveView) {
      this.kernel.view(this.s!, this.player, this.viewState);
      this.haveView = true;
    }
    return this.viewState;
  }
  private fill(): void {
    this.n = this.kernel.legal(this.s!, this.player, this.legalBuf);
    this.haveLegal = true;
  }
  get legal(): Int32Array {
    if (!this.haveLegal) this.fill();
    return this.legalBuf;
  }
  get count(): number {
    if (!this.haveLegal) this.fill();
    return this.n;
  }
}

export class MatchRunner {
  readonly kernel: Kernel;
  private readonly viewState = new GameState();
  private readonly legalBuf = new Int32Array(MAX_ACTIONS);
  /** Wall-clock microseconds spent in each seat's policy during the last match. */
  readonly policyMicros = new Float64Array(MAX_PLAYERS);
  /** The first policy fault of the last match (TERM_*), its seat and message, even when a fallback answered. */
  fault = TERM_NONE;
  faultSeat = -1;
  faultMessage = '';
  private readonly ctx: LazyContext;

  constructor(kernel: Kernel) {
    this.kernel = kernel;
    this.ctx = new LazyContext(kernel, this.viewState, this.legalBuf);
  }

  /** Play `s` (already set up) to the end with one policy per seat. */
  play(s: GameState, policies: Policy[], fallbacks: (Policy | null)[] | null = null): GameState {
    const k = this.kernel;
    const ctx = this.ctx;
    this.policyMicros.fill(0);
    this.fault = TERM_NONE;
    this.faultSeat = -1;
    this.faultMessage = '';
    // s.g read directly with module-constant indexes: the getters (status, pending, players)
    // read their exported G_* indexes through module cells, with a TDZ check each.
    const g = s.g;
    while (g[G_STATUS] === STATUS_ONGOING) {
      const pending = g[G_PENDING];
      if (pending === 0) throw new Error('kernel stopped with no decision pending and the match not over');
      for (let p = 0; p < g[G_PLAYERS]; p++) {
        if (((g[G_PENDING] >> p) & 1) === 0) continue;
        ctx.reset(s, p);
        const pol = policies[p];
        clockReading[0] = hrtimeBigint();
        const lo0 = clockWords[LO];
        const hi0 = clockWords[HI];
        let a = -1;
        let fault = TERM_NONE;
        let message = '';
        try {
          a = pol.choose(ctx);
          if (pol.budget !== undefined && (pol.forwardCalls ?? 0) > pol.budget) {
            fault = TERM_BUDGET;
            message = `policy ${pol.name} (seat ${p}) used ${pol.forwardCalls} forward-model calls, over its budget of ${pol.budget}`;
          } else if (k.isLegal(s, p, a) === false) {
            // Compared, not tested for truth: the call is not inlined, and a truthiness test
            // of its unknown result is about ten instructions.
            fault = TERM_ILLEGAL;
            message = `policy ${pol.name} (seat ${p}) answered ${a}, not a legal action`;
          }
        } catch (e) {
          fault = TERM_THREW;
          message = `policy ${pol.name} (seat ${p}) threw: ${(e as Error)?.message ?? String(e)}`;
        }
        clockReading[0] = hrtimeBigint();
        this.policyMicros[p] += ((clockWords[HI] - hi0) * TWO_32 + (clockWords[LO] - lo0)) / 1000;
        if (fault !== TERM_NONE) {
          // Adjudication (docs/bots.md): forfeit, or a fallback policy answers this decision.
          if (this.fault === TERM_NONE) {
            this.fault = fault;
            this.faultSeat = p;
            this.faultMessage = message;
          }
          const fb = fallbacks?.[p];
          if (!fb) throw new PolicyError(p, message, fault === TERM_THREW, fault);
          ctx.reset(s, p);
          a = fb.choose(ctx);
          if (!k.isLegal(s, p, a)) throw new PolicyError(p, `fallback ${fb.name} (seat ${p}) answered ${a}, not a legal action`, false, TERM_ILLEGAL);
        }
        k.submitLegal(s, p, a);
        if (g[G_STATUS] !== STATUS_ONGOING) break;
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
