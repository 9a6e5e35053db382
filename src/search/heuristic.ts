/**
 * The static evaluation the search bots (bots/lookahead.ts, bots/mcts.ts) score states
 * with, and the small amount of search plumbing they share: a decision context over a
 * simulation state, a forward-model wrapper that counts kernel calls, the public root of a
 * commitment, and candidate commitments.
 *
 * Why here: both search bots must agree on what "better" means, and on how a search is
 * kept honest (public information only) and deterministic (budgets counted in
 * forward-model calls, never in wall time). One file, documented once.
 *
 * ## evaluate(kernel, s, p): a number in [-1, 1], from player p's point of view
 *
 * - A decided match is exact: +1 if p won, -1 if p lost (or p's ship is destroyed while
 *   others fight on), 0 for any draw (mutual destruction or the round limit).
 * - Otherwise each ship q gets a strength in [-0.10, 0.90]:
 *
 *       strength(q) = 0.45 * structure / printed structure
 *                   + 0.25 * armour left / printed armour (all sections)
 *                   + 0.10 * shields / the hull's total shield capacity
 *                   + 0.10 * corvettes not destroyed / corvettes fielded (1 if none fielded)
 *                   - 0.10 * edge danger
 *
 *   where edge danger is the share of the hull's hexes that would be off the board if the
 *   ship drifted one round on its current momentum mat (net linear tokens moved, net
 *   rotation applied): a ship about to hit the board edge (rule 12) is in trouble.
 *   Structure weighs most because it alone decides the match (3, 4.1); armour and shields
 *   protect it; corvettes are firepower and screens.
 * - The value is 0.9 * (strength(p) - strength of p's strongest live rival), so an
 *   undecided state always scores strictly inside (-0.9, 0.9), below any decided one.
 *
 * The weights are judgement, not fitted; they live in EVAL_WEIGHTS so a bot author can read
 * them and a later tuning run can change them in one place.
 *
 * ## Candidates relative to the ship
 *
 * Legal lists order commitments by absolute direction. Candidates are listed and drawn in the
 * ship's own frame (turnCommit by its facing), so the first of equal scores, and which
 * commitments a budget cuts off, do not depend on which way the board is turned
 * (test/bots/symmetry.test.ts).
 *
 * ## Forward model (Simulator)
 *
 * Simulation answers are trusted: Simulator.submit applies them with kernel.submitLegal,
 * skipping the legality check (about 3% of a search). Every answer is legal by construction:
 * the search's own candidates come from the legal list or a style's answer and are checked
 * with isLegal before each replay (bots/mcts.ts select), and the rest are the built-in
 * models' answers (bots/lib/models.ts), whose legality the test suite checks over many
 * matches. With the kernel's invariant checks on (kernel.check, src/rules/invariants.ts)
 * submit validates as before.
 */
import type { DecisionContext, Policy, Rng } from '../bot-vocabulary.js';
import type { Kernel } from '../rules/kernel.js';
import * as kernelModule from '../rules/kernel.js';
import type { GameState } from '../rules/state.js';
import * as stateModule from '../rules/state.js';
import * as hexModule from '../hex/hex.js';
import * as tablesModule from '../rules/tables.js';
import * as pilotKitModule from '../scripted/pilot-kit.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { Cmd } = tablesModule;
const { D_COMMIT, D_P2E_DIR, ENGINE_STEP, encodeCommit, commitEngine, commitFirst, commitSecond, commitDir } = kernelModule;
const {
  ENGINE_SETTINGS, MAX_ACTIONS, MAX_PLAYERS, MAX_SECTIONS, LIN_SLOTS, ROT_SLOTS, CORVETTES,
  CORV_ABOARD, CORV_BOARD, CORV_NONE, TOK_CW, STATUS_ONGOING, STATUS_VICTORY, G_DECISION,
  G_PENDING, G_PLAYERS, G_STATUS, G_WINNER, flyingCommandCorvette,
} = stateModule;
const { DQ, DR } = hexModule;
const { shareStyleWork } = pilotKitModule;

/** Weights of a ship's strength (see the file header). They sum to 0.9 before edge danger. */
export const EVAL_WEIGHTS = {
  structure: 0.45,
  armour: 0.25,
  shields: 0.1,
  corvettes: 0.1,
  edgeDanger: 0.1,
} as const;
/** Undecided states are scaled into (-EVAL_SCALE, EVAL_SCALE), strictly inside a decided result. */
export const EVAL_SCALE = 0.9;

/** Share (0..1) of q's hull hexes that would be off the board after one more round of drift on its current mat. */
export function edgeDanger(kernel: Kernel, s: GameState, q: number): number {
  const hull = kernel.faction(s, q).hull;
  let dq = 0;
  let dr = 0;
  const lc = s.linCount[q];
  for (let i = 0; i < lc; i++) {
    const t = s.lin[q * LIN_SLOTS + i];
    dq += DQ[t];
    dr += DR[t];
  }
  const n = hull.hexCount;
  const cq = s.shipQ[q] + dq;
  const cr = s.shipR[q] + dr;
  // Every hull hex lies within the hull's radius of its centre: with the board that far
  // around the centre, none is off (whatever the facing), and none is looked up.
  const move = kernel.move;
  if (n > 0 && move.clearOfEdge(cq, cr, move.radiusOf(s, q))) return 0;
  let turn = 0;
  const rc = s.rotCount[q];
  for (let i = 0; i < rc; i++) turn += s.rot[q * ROT_SLOTS + i] === TOK_CW ? 1 : 5;
  const facing = (s.facing[q] + turn) % 6;
  const o = facing * n;
  let off = 0;
  for (let i = 0; i < n; i++) if (!move.hexOnBoard(cq + hull.rotQ[o + i], cr + hull.rotR[o + i])) off++;
  return off / n;
}

/** Ship q's strength in [-0.10, 0.90] (file header); 0 for a destroyed ship. */
export function strength(kernel: Kernel, s: GameState, q: number): number {
  if (!s.alive[q]) return 0;
  const hull = kernel.faction(s, q).hull;
  let armour = 0;
  let printed = 0;
  let shields = 0;
  for (let sec = 0; sec < hull.sectionCount; sec++) {
    armour += s.armour[q * MAX_SECTIONS + sec];
    printed += hull.armour[sec];
    shields += s.shields[q * MAX_SECTIONS + sec];
  }
  let fielded = 0;
  let intact = 0;
  for (let c = 0; c < CORVETTES; c++) {
    const loc = s.corvLoc[q * CORVETTES + c];
    if (loc === CORV_NONE) continue;
    fielded++;
    if (loc === CORV_ABOARD || loc === CORV_BOARD) intact++;
  }
  const w = EVAL_WEIGHTS;
  return (
    w.structure * (hull.structure > 0 ? Math.max(0, s.structure[q]) / hull.structure : 0) +
    w.armour * (printed > 0 ? armour / printed : 1) +
    w.shields * (hull.shieldCapTotal > 0 ? Math.min(1, shields / hull.shieldCapTotal) : 0) +
    w.corvettes * (fielded > 0 ? intact / fielded : 1) -
    w.edgeDanger * edgeDanger(kernel, s, q)
  );
}

/** evaluate's scratch: every seat's value. */
const evaluated = new Float64Array(MAX_PLAYERS);

/**
 * How good `s` is for player p, in [-1, 1]: ±1 only for a decided match (or p's side all
 * destroyed), 0 for a draw, otherwise EVAL_SCALE * (the strength of p's side - the strongest
 * enemy side's). A side is a team (rulebook 3: two teams of two at 4 players, every ship its
 * own team otherwise), its strength the sum over its live ships, so allies count for p and
 * never against it.
 */
export function evaluate(kernel: Kernel, s: GameState, p: number): number {
  evaluateAll(kernel, s, evaluated);
  return evaluated[p];
}

/** Each team's strength (by team id, the team's lowest seat), for evaluateAll. */
const sideStrength = new Float64Array(MAX_PLAYERS);
/** Which team ids have a live ship: bit t. */
let liveSides = 0;

/**
 * evaluate(kernel, s, p) for every seat p of the match, into out[p]: each ship's strength is
 * computed once, not once per player that looks at it.
 */
export function evaluateAll(kernel: Kernel, s: GameState, out: Float64Array): void {
  const g = s.g;
  const n = g[G_PLAYERS];
  const team = s.team;
  if (g[G_STATUS] !== STATUS_ONGOING) {
    for (let p = 0; p < n; p++) out[p] = g[G_STATUS] === STATUS_VICTORY ? (team[p] === g[G_WINNER] ? 1 : -1) : 0;
    return;
  }
  liveSides = 0;
  for (let t = 0; t < n; t++) sideStrength[t] = 0;
  for (let q = 0; q < n; q++) {
    if (!s.alive[q]) continue;
    sideStrength[team[q]] += strength(kernel, s, q);
    liveSides |= 1 << team[q];
  }
  for (let p = 0; p < n; p++) {
    const own = team[p];
    if (!((liveSides >> own) & 1)) {
      out[p] = -1;
      continue;
    }
    let rival = -Infinity;
    for (let t = 0; t < n; t++) {
      if (t === own || !((liveSides >> t) & 1)) continue;
      const v = sideStrength[t];
      if (v > rival) rival = v;
    }
    out[p] = rival === -Infinity ? 1 : EVAL_SCALE * (sideStrength[own] - rival);
  }
}

// ------------------------------------------------------------------ search plumbing

/**
 * Make a copy of a player's view at the commitment into the public root of a search: every
 * live player is pending again. A player that has already committed shows, in the view,
 * exactly what one that has not shows (engine and slots -1, its cards in hand, no Power to
 * Engines direction: Kernel.view), so after this the state's bytes are the same whether or
 * not the opponents have committed, and whatever they committed: the search cannot read
 * hidden information. Outside a commitment it does nothing.
 */
export function openCommitment(s: GameState): GameState {
  const g = s.g;
  if (g[G_DECISION] !== D_COMMIT || g[G_STATUS] !== STATUS_ONGOING) return s;
  let mask = 0;
  const n = g[G_PLAYERS];
  // As the kernel asks (round-loop.ts): every capital ship and every Command Corvette commits.
  for (let q = 0; q < n; q++) if (s.alive[q] || s.ccTok[q] >= 0) mask |= 1 << q;
  g[G_PENDING] = mask;
  s.touch();
  return s;
}

/**
 * A DecisionContext over a simulation state: the policy's "view" is the simulation state
 * itself (a world the searching bot imagined from public information, so nothing real is
 * hidden in it), and the legal list is filled only when a policy reads it.
 */
export class SimContext implements DecisionContext {
  view!: GameState;
  player = 0;
  decision = 0;
  private n = -1;
  private readonly buf = new Int32Array(MAX_ACTIONS);
  constructor(readonly kernel: Kernel) {}
  reset(s: GameState, p: number): this {
    if (this.view !== s) this.view = s; // a pointer store costs a write barrier; mostly the same state
    this.player = p;
    this.decision = s.g[G_DECISION];
    this.n = -1;
    return this;
  }
  get legal(): Int32Array {
    if (this.n < 0) this.n = this.kernel.legal(this.view, this.player, this.buf);
    return this.buf;
  }
  get count(): number {
    if (this.n < 0) this.n = this.kernel.legal(this.view, this.player, this.buf);
    return this.n;
  }
}

/** What a search bot reports about its budget use (read by tests and benchmarks). */
export interface SearchStats {
  /** Commitment decisions searched so far. */
  decisions: number;
  /** Forward-model calls (kernel submits on simulation states) in the last search. */
  lastCalls: number;
  /** Forward-model calls over all searches. */
  totalCalls: number;
  /** Most forward-model calls any one search made. */
  maxCalls: number;
  /** Iterations (MCTS) or candidates evaluated (lookahead) in the last search. */
  lastIterations: number;
}
export function newSearchStats(): SearchStats {
  return { decisions: 0, lastCalls: 0, totalCalls: 0, maxCalls: 0, lastIterations: 0 };
}

/** Record one finished search in `stats`: its forward-model calls and iterations. */
export function recordSearch(stats: SearchStats, calls: number, iterations: number): void {
  stats.decisions++;
  stats.lastCalls = calls;
  stats.totalCalls += calls;
  if (calls > stats.maxCalls) stats.maxCalls = calls;
  stats.lastIterations = iterations;
}

/** A search bot's policy, with its budget use readable (by tests and benchmarks). */
export interface SearchPolicy extends Policy {
  readonly stats: SearchStats;
}

/**
 * The policy shell both search bots share: `search` answers every commitment of a capital
 * ship (and records itself in `stats`); `base` answers every mid-round decision and drafts the loadout (the
 * search looks one round ahead, too short to judge cards). It declares `budget` (in
 * forward-model calls; undefined: none) and reports each decision's `forwardCalls` (0 for a
 * mid-round one), so the harness can adjudicate an overrun (src/sim/match.ts).
 */
export function searchPolicy(name: string, stats: SearchStats, budget: number | undefined, base: Policy, search: (ctx: DecisionContext) => number): SearchPolicy {
  let lastDecisionCalls = 0;
  return {
    name,
    stats,
    budget,
    get forwardCalls() {
      return lastDecisionCalls;
    },
    draft(ctx) {
      return base.draft ? base.draft(ctx) : ctx.legal[0];
    },
    choose(ctx) {
      // A seat flying a Command Corvette (rulebook 8) commits one command to flee: the base's flight plan.
      if (ctx.decision !== D_COMMIT || flyingCommandCorvette(ctx.view, ctx.player)) {
        lastDecisionCalls = 0;
        return base.choose(ctx);
      }
      const a = search(ctx);
      lastDecisionCalls = stats.lastCalls;
      return a;
    },
  };
}

/**
 * The forward model of a search: a private Kernel on the match's tables (never the match
 * kernel, which may carry an event log or invariant checks), and a counter of calls to
 * kernel submits on simulation states. `limit` is the budget: nothing here submits past it.
 */
export class Simulator {
  readonly kernel: Kernel;
  readonly ctx: SimContext;
  calls = 0;
  limit = Infinity;
  private readonly answers = new Int32Array(MAX_PLAYERS);

  constructor(kernel: Kernel) {
    this.kernel = kernel;
    this.ctx = new SimContext(kernel);
  }

  /** Start a new search with a budget of `limit` forward-model calls. */
  begin(limit: number): void {
    this.calls = 0;
    this.limit = limit;
  }

  get exhausted(): boolean {
    return this.calls >= this.limit;
  }

  /**
   * One forward-model call. Trusted (header, "Forward model"): no legality check, unless the
   * kernel's invariant checks are on.
   */
  submit(s: GameState, p: number, a: number): void {
    this.calls++;
    if (this.kernel.check === null) this.kernel.submitLegal(s, p, a);
    else this.kernel.submit(s, p, a);
  }

  /** Number of players pending in `s`. */
  pendingCount(s: GameState): number {
    let m = s.g[G_PENDING];
    let c = 0;
    while (m) {
      c += m & 1;
      m >>= 1;
    }
    return c;
  }

  /**
   * Answer a pending commitment for every pending player with `pols[p]`, simultaneously:
   * all choose on the same state before any answer is applied. False (nothing submitted)
   * when the budget cannot pay for all of them.
   */
  commitAll(s: GameState, pols: readonly Policy[]): boolean {
    const pending = s.g[G_PENDING];
    if (this.calls + this.pendingCount(s) > this.limit) return false;
    const n = s.g[G_PLAYERS];
    for (let p = 0; p < n; p++) if ((pending >> p) & 1) this.answers[p] = pols[p].choose(this.ctx.reset(s, p));
    for (let p = 0; p < n; p++) if ((pending >> p) & 1) this.submit(s, p, this.answers[p]);
    return true;
  }

  /**
   * Answer the mid-round decisions with `pols` until the next commitment, the end of the
   * match, or the budget. True when the round finished (or the match ended).
   */
  finishRound(s: GameState, pols: readonly Policy[]): boolean {
    const g = s.g;
    while (g[G_STATUS] === STATUS_ONGOING && g[G_DECISION] !== D_COMMIT) {
      if (this.calls >= this.limit) return false;
      const pending = g[G_PENDING];
      const p = 31 - Math.clz32(pending & -pending); // lowest pending seat
      this.submit(s, p, pols[p].choose(this.ctx.reset(s, p)));
    }
    return true;
  }

  /** Commitments by `pols`, then the rest of the round. False when the budget ran out. */
  playRound(s: GameState, pols: readonly Policy[]): boolean {
    if (s.g[G_STATUS] !== STATUS_ONGOING) return true;
    if (s.g[G_DECISION] === D_COMMIT && !this.commitAll(s, pols)) return false;
    return this.finishRound(s, pols);
  }
}

/** Append `a` to out[at .. at+count) unless it is there already; returns the new count. */
/** Turns from the facing in the order candidates list them: ahead, then the smaller turns, clockwise first. */
const TURN_ORDER = Int8Array.of(0, 1, 5, 2, 4, 3);

/** Commitment `a` with its thrust and Power to Engines directions turned by k sixth-turns (a bijection on the legal list, 7.1). */
export function turnCommit(a: number, k: number): number {
  let e = commitEngine(a);
  const first = commitFirst(a);
  const second = commitSecond(a);
  let d = commitDir(a);
  if (e < 6) e = (e + k) % 6;
  if (first === Cmd.PowerToEngines || second === Cmd.PowerToEngines) d = (d + k) % 6;
  return encodeCommit(e, first, second, d);
}

export function addUnique(out: Int32Array, at: number, count: number, a: number): number {
  for (let i = 0; i < count; i++) if (out[at + i] === a) return count;
  out[at + count] = a;
  return count + 1;
}

/** Whether out[at .. at+count) holds `a`. */
function holds(out: Int32Array, at: number, count: number, a: number): boolean {
  for (let i = 0; i < count; i++) if (out[at + i] === a) return true;
  return false;
}

/** sampleCandidates' record of the virtual list's moved entries: moved[j] === stamp means position j holds movedValue[j]. */
const moved = new Int32Array(MAX_ACTIONS);
const movedValue = new Int32Array(MAX_ACTIONS);
let stamp = 0;

/**
 * Fill p's candidate commitments out[at + count .. at + k) with distinct legal ones drawn
 * uniformly (without replacement) from p's legal list, using `rng`; the first `count`
 * entries (scripted suggestions) are kept. `scratch` is working space (MAX_ACTIONS).
 * Returns the number of candidates (less than k only when fewer are legal).
 *
 * The draw is a partial Fisher-Yates shuffle of the legal list, each id drawn turned by p's
 * facing (turnCommit; a direction answer likewise), so a draw means the same manoeuvre on
 * any heading. At a commitment the list
 * (about 1,300 ids) is not written out: it is m command parts times the engine settings
 * (Kernel.commitBlock), so its element j is computed, and the few positions the shuffle has
 * swapped are kept in `moved`; the same draws pick the same ids as over the written list.
 */
export function sampleCandidates(kernel: Kernel, s: GameState, p: number, out: Int32Array, at: number, count: number, k: number, rng: Rng, scratch: Int32Array): number {
  const g = s.g;
  const f = s.facing[p];
  // A Command Corvette's commitment (one card, no engine: rulebook 8.1.1) is not the
  // engine-by-commands product commitBlock describes; its short list is written out.
  if (g[G_DECISION] !== D_COMMIT || ((g[G_PENDING] >> p) & 1) === 0 || flyingCommandCorvette(s, p)) {
    const n = kernel.legal(s, p, scratch);
    const turned = g[G_DECISION] === D_P2E_DIR;
    for (let i = 0; i < n && count < k; i++) {
      const j = i + Math.floor(rng() * (n - i));
      const a = scratch[j];
      scratch[j] = scratch[i];
      scratch[i] = a;
      count = addUnique(out, at, count, turned ? (a + f) % 6 : a);
    }
    return count;
  }
  const m = kernel.commitBlock(s, p, scratch);
  const n = m * ENGINE_SETTINGS;
  if (stamp === 0x7fffffff) {
    moved.fill(0);
    stamp = 0;
  }
  const st = ++stamp;
  // The list's ids are distinct, so a draw can repeat only one of the first `given` entries
  // (the scripted suggestions): addUnique over those alone.
  const given = count;
  for (let i = 0; i < n && count < k; i++) {
    const j = i + Math.floor(rng() * (n - i));
    const e = (j / m) | 0;
    const raw = moved[j] === st ? movedValue[j] : scratch[j - e * m] + e * ENGINE_STEP;
    const a = turnCommit(raw, f);
    // Position j now holds what position i held; position i is never read again.
    if (j !== i) {
      const ei = (i / m) | 0;
      movedValue[j] = moved[i] === st ? movedValue[i] : scratch[i - ei * m] + ei * ENGINE_STEP;
      moved[j] = st;
    }
    if (!holds(out, at, given, a)) out[at + count++] = a;
  }
  return count;
}

/**
 * A style-led candidate set for player p at a commitment, into out[at ..): the base's
 * commitment first, then each suggester's, the base's command pair with every engine
 * setting, every Power to Engines direction when the base plays that card, then distinct
 * legal commitments drawn with `rng`, up to k in all. Returns the count.
 */
export function styleCandidates(sim: Simulator, s: GameState, p: number, base: Policy, suggesters: readonly Policy[], out: Int32Array, at: number, k: number, rng: Rng, scratch: Int32Array): number {
  const ctx = sim.ctx;
  // The styles are asked in turn on one state: they share their style-free work (pilot-kit).
  shareStyleWork(true);
  let suggestion: number;
  let count: number;
  try {
    suggestion = base.choose(ctx.reset(s, p));
    count = addUnique(out, at, 0, suggestion);
    for (let j = 0; j < suggesters.length && count < k; j++) count = addUnique(out, at, count, suggesters[j].choose(ctx.reset(s, p)));
  } finally {
    shareStyleWork(false);
  }
  // A Command Corvette commits one card and no engine (8.1.1): no engine variations to add.
  if (flyingCommandCorvette(s, p)) return sampleCandidates(sim.kernel, s, p, out, at, count, k, rng, scratch);
  const first = commitFirst(suggestion);
  const second = commitSecond(suggestion);
  const dir = commitDir(suggestion);
  // Thrusts and Power to Engines directions in the ship's frame (TURN_ORDER from its facing).
  const f = s.facing[p];
  for (let i = 0; i < ENGINE_SETTINGS && count < k; i++) {
    const e = i < 6 ? (f + TURN_ORDER[i]) % 6 : i;
    count = addUnique(out, at, count, encodeCommit(e, first, second, dir));
  }
  if (first === Cmd.PowerToEngines || second === Cmd.PowerToEngines)
    for (let i = 0; i < 6 && count < k; i++) count = addUnique(out, at, count, encodeCommit(commitEngine(suggestion), first, second, (f + TURN_ORDER[i]) % 6));
  return sampleCandidates(sim.kernel, s, p, out, at, count, k, rng, scratch);
}
