/**
 * `lookahead`: one-step lookahead over its own commitment, on top of a scripted style.
 *
 * At each commitment (7.1) it builds a candidate set of its own legal commitments, plays
 * the coming round once for each candidate against each opponent model, scores the state
 * at the end of the round with the shared heuristic (src/search/heuristic.ts `evaluate`),
 * averages over the models, and answers the best. It is a policy-improvement step over its
 * base style: the base's own answer is candidate 0 and is kept unless another scores more
 * than `margin` above it.
 *
 * - Base (param `base`, default 'gunner'; any name in bots/lib/models.ts): its commitment
 *   is candidate 0, and it answers this bot's mid-round decisions, in the simulated round
 *   and in the real game.
 * - Candidates (param `candidates`, default 48): the base's commitment, the commitments of
 *   the other styles (gunner, brawler, carrier, turtle) and of rammer, the base's command
 *   pair with every engine setting (10), every Power to Engines direction when it plays
 *   that card, then distinct legal commitments drawn uniformly from the full legal list
 *   (about 1,300 ids) with the bot's own random stream, up to `candidates` in all.
 * - Opponent models (param `opponent`: one name or a list, default the four styles): each
 *   model's commitment is asked once, on the public root, and played against every
 *   candidate; in the simulated round the model answers the opponent's mid-round
 *   decisions. A list is an equal mixture: a candidate's value is its mean over the models,
 *   so it is chosen for doing well against every style, not against one guess.
 * - Margin (param `margin`, default 0.01, the scale of `evaluate`, about one armour
 *   point): how much better than the base's answer another candidate must score to replace
 *   it. The one-round heuristic sees material, not position, so a small margin keeps the
 *   base's plan unless the round's outcome clearly says otherwise.
 * - Hidden information: the search starts from a copy of the view with every live player
 *   pending for the commitment again (heuristic.ts `openCommitment`), i.e. from public
 *   information only; what the opponent has secretly committed cannot change the answer.
 * - Budget (param `forwardCalls`, default 50,000): forward-model calls (kernel submits on
 *   simulation states) per decision, never wall time, so a match replays exactly from its
 *   seed. A round costs about 8-10 calls, so 48 candidates against 4 models need about
 *   2,000; when the budget binds, the candidates not yet played are skipped (the base's
 *   is always played first, and is the answer if nothing else could be scored).
 * - The policy declares `budget` (= forwardCalls) and reports `forwardCalls` (the calls of
 *   its last decision), so the harness can adjudicate an overrun (src/sim/match.ts).
 * - The live state is never touched: simulations run on two preallocated states (copyFrom)
 *   with a private Kernel built once on the match's tables.
 */
import { type PolicyFactory, type Policy, type DecisionContext, GameState, Kernel, Simulator } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
import * as modelsModule from './lib/models.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { MAX_ACTIONS, MAX_PLAYERS } = botApiModule;
const {
  evaluate, openCommitment, styleCandidates, newSearchStats, recordSearch, searchPolicy,
} = botApiModule.search;
const { declareParams } = botApiModule;
const { MODEL_NAMES, STYLE_NAMES, modelPolicy } = modelsModule;

const NAME = 'lookahead';

/** The params described above, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(NAME, [
  { name: 'candidates', type: 'integer', default: 48, min: 1, max: MAX_ACTIONS, doc: 'candidate commitments scored per decision.' },
  { name: 'base', type: 'choice', default: 'gunner', choices: MODEL_NAMES, doc: "the style whose commitment is candidate 0 and which answers the mid-round decisions." },
  { name: 'opponent', type: 'choices', default: STYLE_NAMES, choices: MODEL_NAMES, doc: 'opponent models, an equal mixture: each candidate is scored by its mean over them.' },
  { name: 'margin', type: 'number', default: 0.01, min: 0, max: 2, doc: "how much better than the base's answer another candidate must score to replace it." },
  { name: 'forwardCalls', type: 'integer', default: 50_000, min: 1, max: 1_000_000_000, doc: 'forward-model calls allowed per decision (the declared budget).' },
]);

const factory: PolicyFactory = (params, rng) => {
  const { candidates: k, base: baseName, opponent: modelNames, margin, forwardCalls } = PARAMS.read(params);

  const own = modelPolicy(baseName, rng);
  /** Suggesters of candidates besides the base: the styles and rammer. */
  const suggesters = [...STYLE_NAMES, 'rammer' as const].filter((n) => n !== baseName).map((n) => modelPolicy(n, rng));
  const models = modelNames.map((n) => modelPolicy(n, rng));
  const M = models.length;
  /** Playout policy per seat, filled per model: own seat the base, the others the model. */
  const pols: Policy[] = new Array<Policy>(MAX_PLAYERS).fill(own);
  const root = new GameState();
  const work = new GameState();
  const cands = new Int32Array(Math.min(k, MAX_ACTIONS));
  const scratch = new Int32Array(MAX_ACTIONS);
  /** Each model's commitment for each seat: index m * MAX_PLAYERS + seat. */
  const oppAnswer = new Int32Array(M * MAX_PLAYERS);
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
    for (let m = 0; m < M; m++) for (let o = 0; o < n; o++) if (o !== p && (pending >> o) & 1) oppAnswer[m * MAX_PLAYERS + o] = models[m].choose(sctx.reset(root, o));

    const count = styleCandidates(sim, root, p, own, suggesters, cands, 0, k, rng, scratch);

    let best = 0;
    let bestValue = -Infinity;
    let played = 0;
    const need = M * sim.pendingCount(root);
    for (let i = 0; i < count; i++) {
      if (sim.calls + need > sim.limit) break;
      let sum = 0;
      let complete = true;
      for (let m = 0; m < M && complete; m++) {
        // An earlier model's round may have spent the budget to the last call.
        if (sim.calls + need / M > sim.limit) {
          complete = false;
          break;
        }
        work.copyFrom(root);
        for (let q = 0; q < n; q++) {
          pols[q] = q === p ? own : models[m];
          if ((pending >> q) & 1) sim.submit(work, q, q === p ? cands[i] : oppAnswer[m * MAX_PLAYERS + q]);
        }
        complete = sim.finishRound(work, pols);
        sum += evaluate(sim.kernel, work, p);
      }
      if (!complete) break; // the budget ran out inside this candidate's rounds: not scored
      played++;
      const v = sum / M;
      if (i === 0) bestValue = v + margin;
      else if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    recordSearch(stats, sim.calls, played);
    return cands[best];
  }

  return searchPolicy(NAME, stats, forwardCalls, own, commit);
};

export default factory;
