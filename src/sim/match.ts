/**
 * One match loop: ask each pending player's policy for a legal action on its own view,
 * submit, repeat until the match ends.
 *
 * Why: the kernel only answers "who must decide what"; this loop is the one place that
 * turns that into calls on policies, so the batch runner, the CLI and tests share it.
 * It owns a view state and a legal-action buffer and reuses them: no allocation per
 * decision.
 *
 * It is also where a bot is adjudicated (docs/bots.md, "When a bot misbehaves"): every call
 * into a bot (factory, draft pick, choose) is a numbered step, guarded so that whatever the
 * bot throws or answers becomes a recorded fault, never an exception that ends the run. The
 * step and the seat in it are published in `progress` (a SharedArrayBuffer in a worker), so
 * the pool's watchdog can tell which seat overran a limit, and a replay of the match can
 * adjudicate that step (`forcedStep`) without calling the bot: the record is then the same
 * whatever the number of workers.
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
const { TERM_NONE, TERM_ILLEGAL, TERM_THREW, TERM_BUDGET, TERM_CALLS, TERM_FACTORY, TERM_DRAFT_THREW, TERM_DRAFT_ILLEGAL, TERM_TABLES } = recordModule;

/**
 * The progress a runner publishes (Int32Array slots): the number of the current or last call
 * into a bot in this match (1, 2, ...; factory calls, draft picks and choose calls alike),
 * and the seat in that call now (-1 between calls). A worker adds its own slots after these.
 */
export const PROGRESS_STEP = 0;
export const PROGRESS_SEAT = 1;
export const RUNNER_PROGRESS_INTS = 2;

/**
 * Thrown by the harness's guards (Math.random, process.exit) inside a bot's call: the
 * runner adjudicates it with its own termination code rather than as a plain throw.
 */
export class BotViolation extends Error {
  constructor(
    readonly termination: number,
    message: string,
  ) {
    super(message);
  }
}

/** A value as text for a fault message, whatever it is (a symbol, an object whose toString throws). */
function show(v: unknown): string {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : String(v);
  } catch {
    return `a ${typeof v}`;
  }
}

/** What a bot threw, as text, even when it is not an Error or its `message` getter throws. */
export function describeThrown(e: unknown): string {
  try {
    if (typeof e === 'object' && e !== null && 'message' in e) {
      const m = (e as { message: unknown }).message;
      return typeof m === 'string' ? m : show(m);
    }
    return show(e);
  } catch {
    return `a thrown ${typeof e} whose message could not be read`;
  }
}

/** A write to a frozen object (the tables are deep-frozen, sim/play.ts), as V8 words it. */
const FROZEN_WRITE = /read only property|object is not extensible|Cannot delete property|Cannot redefine property|Cannot (?:assign|add|define)/;

/** The termination code of something a bot threw (`plain` for an ordinary throw). */
function thrownTerm(e: unknown, plain: number): number {
  try {
    if (e instanceof BotViolation) return e.termination;
    if (e instanceof TypeError && FROZEN_WRITE.test(e.message)) return TERM_TABLES;
  } catch {
    // a proxy whose traps throw: an ordinary throw
  }
  return plain;
}

/** A policy's name for a message, even when reading it throws. */
function nameOf(pol: unknown): string {
  try {
    const n = (pol as { name?: unknown } | null)?.name;
    return typeof n === 'string' ? n : show(n);
  } catch {
    return '(unnamed)';
  }
}

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
  /**
   * A seat that forfeits before play (its factory or draft faulted under forfeit, or a forced
   * step hit it there), or -1. MatchPlayer sets up the match and adjudicates it at once.
   */
  forfeitSeat = -1;
  /** PROGRESS_* slots; a worker points this at its slot of a SharedArrayBuffer. */
  progress: Int32Array<ArrayBufferLike> = new Int32Array(RUNNER_PROGRESS_INTS);
  /**
   * The step of this match that is adjudicated without calling the bot (0: none), with its
   * TERM_* and message: how a match whose bot overran a limit is replayed. The seat forfeits
   * whatever the adjudication mode.
   */
  forcedStep = 0;
  forcedTerm = TERM_NONE;
  forcedMessage = '';
  private readonly ctx: LazyContext;

  constructor(kernel: Kernel) {
    this.kernel = kernel;
    this.ctx = new LazyContext(kernel, this.viewState, this.legalBuf);
  }

  /** Start a match: no fault, no step yet. play() does this itself unless told `fresh = false`. */
  beginMatch(): void {
    this.policyMicros.fill(0);
    this.fault = TERM_NONE;
    this.faultSeat = -1;
    this.faultMessage = '';
    this.forfeitSeat = -1;
    this.progress[PROGRESS_STEP] = 0;
    this.progress[PROGRESS_SEAT] = -1;
  }

  /** Record a fault of `seat` found outside its calls, and make the seat forfeit before play. */
  adjudicateBeforePlay(fault: number, seat: number, message: string): void {
    this.noteFault(fault, seat, message);
    if (this.forfeitSeat < 0) this.forfeitSeat = seat;
  }

  private noteFault(fault: number, seat: number, message: string): void {
    if (this.fault !== TERM_NONE) return;
    this.fault = fault;
    this.faultSeat = seat;
    this.faultMessage = message;
  }

  /**
   * Build seat `seat`'s policy with its factory, as a guarded step: null when the factory
   * throws or returns no policy (the fault is recorded; the caller decides who plays the seat).
   */
  build(factory: (params: Record<string, unknown>, rng: () => number) => Policy, params: Record<string, unknown>, rng: () => number, seat: number): Policy | null {
    const prog = this.progress;
    const step = ++prog[PROGRESS_STEP];
    prog[PROGRESS_SEAT] = seat;
    let pol: Policy | null = null;
    let fault = TERM_NONE;
    let message = '';
    try {
      if (step === this.forcedStep) {
        fault = this.forcedTerm;
        message = this.forcedMessage;
      } else {
        const made = factory(params, rng) as Policy | null;
        if (made === null || typeof made !== 'object' || typeof made.choose !== 'function') {
          fault = TERM_FACTORY;
          message = `the factory of seat ${seat} returned ${show(made)}, not a policy (an object with choose)`;
        } else pol = made;
      }
    } catch (e) {
      fault = thrownTerm(e, TERM_FACTORY);
      message = `the factory of seat ${seat} threw: ${describeThrown(e)}`;
    }
    prog[PROGRESS_SEAT] = -1;
    if (fault !== TERM_NONE) {
      this.noteFault(fault, seat, message);
      if (step === this.forcedStep) this.forfeitSeat = seat;
    }
    return pol;
  }

  /** Play `s` (already set up) to the end with one policy per seat. */
  play(s: GameState, policies: Policy[], fallbacks: (Policy | null)[] | null = null, fresh = true): GameState {
    const k = this.kernel;
    const ctx = this.ctx;
    const prog = this.progress;
    if (fresh) this.beginMatch();
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
        // The step, published for the watchdog before the call (two stores into shared memory).
        const step = ++prog[PROGRESS_STEP];
        prog[PROGRESS_SEAT] = p;
        clockReading[0] = hrtimeBigint();
        const lo0 = clockWords[LO];
        const hi0 = clockWords[HI];
        let a = -1;
        let fault = TERM_NONE;
        let message = '';
        try {
          if (step === this.forcedStep) {
            fault = this.forcedTerm;
            message = this.forcedMessage;
          } else {
            a = pol.choose(ctx);
            if (pol.budget !== undefined) {
              // Negated, so that NaN (or a count that is not a number) is a fault, not a pass.
              const calls = pol.forwardCalls ?? 0;
              if (typeof calls !== 'number' || !(calls <= pol.budget)) {
                fault = typeof calls === 'number' && calls === calls ? TERM_BUDGET : TERM_CALLS;
                message = `policy ${nameOf(pol)} (seat ${p}) reported ${show(calls)} forward-model calls against its budget of ${show(pol.budget)}`;
              }
            }
            // Compared, not tested for truth: the call is not inlined, and a truthiness test
            // of its unknown result is about ten instructions. `a | 0` refuses NaN, strings,
            // undefined and fractions before the kernel sees them.
            if (fault === TERM_NONE && ((a | 0) !== a || k.isLegal(s, p, a) === false)) {
              fault = TERM_ILLEGAL;
              message = `policy ${nameOf(pol)} (seat ${p}) answered ${show(a)}, not a legal action`;
            }
          }
        } catch (e) {
          fault = thrownTerm(e, TERM_THREW);
          message = `policy ${nameOf(pol)} (seat ${p}) threw: ${describeThrown(e)}`;
        }
        prog[PROGRESS_SEAT] = -1;
        clockReading[0] = hrtimeBigint();
        this.policyMicros[p] += ((clockWords[HI] - hi0) * TWO_32 + (clockWords[LO] - lo0)) / 1000;
        if (fault !== TERM_NONE) {
          // Adjudication (docs/bots.md): forfeit, or a fallback policy answers this decision.
          // A forced step (a limit overrun, found by the watchdog) forfeits whatever the mode.
          this.noteFault(fault, p, message);
          const fb = step === this.forcedStep ? null : fallbacks?.[p];
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
   * without one takes the first legal action). Without `adjudicate`, a throw or an illegal
   * answer throws PolicyError. With it, the fault is recorded and the draft goes on: the
   * seat's fallback answers that pick (`fallbacks`, under adjudication: fallback), or the
   * seat forfeits (`forfeitSeat`) and its remaining picks are the first legal ones, so that
   * the match can still be set up and recorded. A null policy (its factory failed) takes the
   * first legal picks.
   */
  draft(factions: readonly FactionTable[], policies: readonly (Policy | null)[], fallbacks: readonly (Policy | null)[] | null = null, adjudicate = false): LoadoutTable[] {
    const d = new Draft(factions);
    const buf = new Int32Array(d.maxActions);
    const prog = this.progress;
    while (!d.done()) {
      const seat = d.pending();
      let count = d.legal(buf);
      const pol = policies[seat];
      let a = buf[0];
      if (pol !== null && seat !== this.forfeitSeat) {
        const step = ++prog[PROGRESS_STEP];
        prog[PROGRESS_SEAT] = seat;
        let fault = TERM_NONE;
        let message = '';
        try {
          if (step === this.forcedStep) {
            fault = this.forcedTerm;
            message = this.forcedMessage;
          } else {
            const answer: unknown = pol.draft ? pol.draft({ draft: d, seat, faction: factions[seat], legal: buf, count }) : buf[0];
            if (typeof answer !== 'number' || (answer | 0) !== answer || !d.isLegal(answer)) {
              fault = TERM_DRAFT_ILLEGAL;
              message = `policy ${nameOf(pol)} (seat ${seat}) answered draft action ${show(answer)}, not a legal one`;
            } else a = answer;
          }
        } catch (e) {
          fault = thrownTerm(e, TERM_DRAFT_THREW);
          message = `policy ${nameOf(pol)} (seat ${seat}) threw in draft: ${describeThrown(e)}`;
        }
        prog[PROGRESS_SEAT] = -1;
        if (fault !== TERM_NONE) {
          if (!adjudicate) throw new PolicyError(seat, message, fault === TERM_DRAFT_THREW, fault);
          this.noteFault(fault, seat, message);
          // The bot may have written over the list it was given.
          count = d.legal(buf);
          const fb = step === this.forcedStep ? null : fallbacks?.[seat];
          if (!fb) {
            this.forfeitSeat = seat;
            a = buf[0];
          } else {
            a = fb.draft ? fb.draft({ draft: d, seat, faction: factions[seat], legal: buf, count }) : buf[0];
            if (!d.isLegal(a)) a = buf[0];
          }
        }
      }
      d.submit(a);
    }
    return d.loadouts();
  }
}
