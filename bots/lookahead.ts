/**
 * `lookahead`: one-step lookahead over its own commitment.
 *
 * At each commitment (7.1) it builds a candidate set of its own legal commitments, plays
 * the coming round once for each against a model of the opponent, scores the state at the
 * end of the round with the shared heuristic (src/sim/heuristic.ts `evaluate`) and answers
 * the best (ties: the earlier candidate, so rammer's own choice wins a tie).
 *
 * - Candidates (param `candidates`, default 48): rammer's commitment first, then the same
 *   command pair with every engine setting (10), then, if it plays Power to Engines, every
 *   direction for it, then distinct legal commitments drawn uniformly from the full legal
 *   list (about 1,300 ids) with the bot's own random stream, up to `candidates` in all.
 * - Opponent model (param `opponent`: 'rammer' | 'random', default 'rammer'): its
 *   commitment is asked once, on the same public root, and played against every
 *   candidate. The models are imported statically (bots/rammer.ts, bots/random.ts) so the
 *   factory stays synchronous.
 * - Mid-round decisions inside the simulated round: its own by rammer, the opponent's by
 *   the model. Mid-round decisions of the real game: rammer's answers.
 * - Hidden information: the search starts from a copy of the view with every live player
 *   pending for the commitment again (heuristic.ts `openCommitment`), i.e. from public
 *   information only; what the opponent has secretly committed cannot change the answer.
 * - Budget (param `forwardCalls`, default 20,000): forward-model calls (kernel.submit on
 *   simulation states) per decision, never wall time, so a match replays exactly from its
 *   seed. A round costs about 8 calls, so the default never binds at 48 candidates; when it
 *   does, the candidates not yet played are skipped (rammer's is always played first).
 * - The policy declares `budget` (= forwardCalls) and reports `forwardCalls` (the calls of
 *   its last decision), so the harness can adjudicate an overrun (src/sim/match.ts).
 * - The live state is never touched: simulations run on two preallocated states (copyFrom)
 *   with a private Kernel built once on the match's tables.
 */
import { type PolicyFactory, type Policy, type DecisionContext, D_COMMIT, encodeCommit, commitEngine, commitFirst, commitSecond, commitDir, Cmd, GameState, ENGINE_SETTINGS, MAX_ACTIONS, MAX_PLAYERS } from '../src/bot-api.js';
import { Kernel } from '../src/rules/kernel.js';
import { evaluate, openCommitment, Simulator, sampleCandidates, addUnique, newSearchStats, type SearchStats } from '../src/sim/heuristic.js';
import { checkParamNames, intParam, choiceParam } from '../src/bot-params.js';
import rammer from './rammer.js';
import random from './random.js';

const NAME = 'lookahead';
const PARAMS = ['candidates', 'opponent', 'forwardCalls'] as const;
export const OPPONENT_MODELS = ['rammer', 'random'] as const;

/** A lookahead policy, with its budget use readable. */
export interface LookaheadPolicy extends Policy {
  readonly stats: SearchStats;
}

const factory: PolicyFactory = (params, rng) => {
  checkParamNames(NAME, params, PARAMS);
  const k = intParam(NAME, params, 'candidates', 48, 1, MAX_ACTIONS);
  const opponent = choiceParam(NAME, params, 'opponent', 'rammer', OPPONENT_MODELS);
  const forwardCalls = intParam(NAME, params, 'forwardCalls', 20_000, 1, 1_000_000_000);

  const own = rammer({}, rng);
  const model = opponent === 'rammer' ? rammer({}, rng) : random({}, rng);
  /** Playout policy per seat, filled per decision: own seat rammer, the others the model. */
  const pols: Policy[] = new Array<Policy>(MAX_PLAYERS).fill(model);
  const root = new GameState();
  const work = new GameState();
  const cands = new Int32Array(Math.min(k, MAX_ACTIONS));
  const scratch = new Int32Array(MAX_ACTIONS);
  const oppAnswer = new Int32Array(MAX_PLAYERS);
  const stats = newSearchStats();
  let sim: Simulator | null = null;

  function commit(ctx: DecisionContext): number {
    if (!sim || sim.kernel.t !== ctx.kernel.t) sim = new Simulator(new Kernel(ctx.kernel.t));
    const p = ctx.player;
    openCommitment(root.copyFrom(ctx.view));
    sim.begin(forwardCalls);
    const sctx = sim.ctx;
    const n = root.players;
    const pending = root.pending;
    for (let o = 0; o < n; o++) pols[o] = o === p ? own : model;
    for (let o = 0; o < n; o++) if (o !== p && (pending >> o) & 1) oppAnswer[o] = model.choose(sctx.reset(root, o));

    // Candidates: rammer's, its engine variants, its Power to Engines directions, then samples.
    const suggestion = own.choose(sctx.reset(root, p));
    let count = 0;
    count = addUnique(cands, 0, count, suggestion);
    const first = commitFirst(suggestion);
    const second = commitSecond(suggestion);
    const dir = commitDir(suggestion);
    for (let e = 0; e < ENGINE_SETTINGS && count < k; e++) count = addUnique(cands, 0, count, encodeCommit(e, first, second, dir));
    if (first === Cmd.PowerToEngines || second === Cmd.PowerToEngines)
      for (let d = 0; d < 6 && count < k; d++) count = addUnique(cands, 0, count, encodeCommit(commitEngine(suggestion), first, second, d));
    count = sampleCandidates(sim.kernel, root, p, cands, 0, count, k, rng, scratch);

    let best = 0;
    let bestValue = -Infinity;
    let played = 0;
    const need = sim.pendingCount(root);
    for (let i = 0; i < count; i++) {
      if (sim.calls + need > sim.limit) break;
      work.copyFrom(root);
      for (let q = 0; q < n; q++) if ((pending >> q) & 1) sim.submit(work, q, q === p ? cands[i] : oppAnswer[q]);
      sim.finishRound(work, pols);
      played++;
      const v = evaluate(sim.kernel, work, p);
      if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    stats.decisions++;
    stats.lastCalls = sim.calls;
    stats.totalCalls += sim.calls;
    if (sim.calls > stats.maxCalls) stats.maxCalls = sim.calls;
    stats.lastIterations = played;
    return cands[best];
  }

  let lastDecisionCalls = 0;
  const policy: LookaheadPolicy = {
    name: NAME,
    stats,
    /** Declared budget per decision, in forward-model calls (the harness adjudicates an overrun). */
    budget: forwardCalls,
    /** Forward-model calls of the last decision (0 for a mid-round one: rammer answers it). */
    get forwardCalls() {
      return lastDecisionCalls;
    },
    choose(ctx) {
      if (ctx.decision !== D_COMMIT) {
        lastDecisionCalls = 0;
        return own.choose(ctx);
      }
      const a = commit(ctx);
      lastDecisionCalls = stats.lastCalls;
      return a;
    },
  };
  return policy;
};

export default factory;
