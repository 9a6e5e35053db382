/**
 * `mcts`: simultaneous-move Monte Carlo tree search over the joint commitment, with
 * decoupled UCT (docs/bots.md).
 *
 * - Tree: one node per commitment (the start of a round). At a node each live player keeps
 *   its OWN statistics, visits and summed value per own candidate action, and picks its
 *   action by UCB1 on them alone (decoupled UCT); the joint action (one candidate index per
 *   player) leads to the child. The search is open-loop: every iteration copies the root
 *   (copyFrom) and replays its path, so mid-round chance (the playout policy's answers) is
 *   sampled anew each time. A candidate that is not legal in the current replay (a hand
 *   changed by an earlier mid-round choice) is skipped; if a player has none, the iteration
 *   leaves the tree and plays out.
 * - State cache: the kernel is deterministic, and so are the styles (bots/lib/models.ts), so
 *   a round in which no policy drew a random number (the bot counts the draws on its
 *   stream) ends in the same state whenever it is replayed from the same state. A node
 *   reached from the root by such rounds alone keeps that state (up to MAX_CACHED a search),
 *   and later iterations start there instead of replaying: the same search, without the
 *   replay's kernel and policy work (mostly the base's mid-round answers in the root's
 *   round). Rounds that drew (rammer's and random's answers) are replayed as before. At
 *   such a node the candidates' legality is also checked once, not at every visit.
 * - Base style (param `base`, default 'gunner'; any name in bots/lib/models.ts): it answers
 *   this bot's mid-round decisions in the real game, and every player's mid-round decisions
 *   in the root's round of each simulation. Its commitment is the first root candidate.
 * - Candidate sets (param `candidates`, default 24, for the searching player;
 *   `opponentCandidates`, default 6, for each other player): the full legal list at a
 *   commitment is about 1,300 ids, far too wide for a few hundred iterations, so each
 *   player's actions at a node are a subset, built when the node is first visited. At the
 *   root: the base's commitment, the other styles' and rammer's, the base's command pair
 *   with every engine setting, then distinct legal commitments drawn uniformly with the
 *   bot's own random stream (heuristic.ts `styleCandidates`); so the opponent's few
 *   candidates are what the styles would play. Deeper nodes: rammer's suggestions (maxSpeed
 *   2, 1 and 3), then draws (asking the styles at every node would cost too much). The
 *   opponent's sets are built from what the view shows of it, i.e. public information only.
 * - Iteration: select down the tree, one round per level (commitments, then the round's
 *   mid-round decisions: the base's in the root's round, the playout policy's after); add
 *   one new node where the path leaves the tree; play out with the playout policy (param
 *   `playout`, any name in bots/lib/models.ts, default 'gunner') until `depth` rounds have
 *   been simulated in all from the root (param `depth`, default 3; every iteration simulates
 *   at most `depth` rounds, tree part included) or the match ends; score every player with
 *   the shared heuristic (src/search/heuristic.ts `evaluate`, in [-1, 1]; `evaluateAll`, each
 *   ship's strength computed once) and add each player's score to the action it chose at
 *   each node on the path. The defaults were chosen against lookahead (40 games each):
 *   rammer playouts scored 31-41%, gunner playouts at depth 2 49% and at
 *   depth 3 55%.
 * - UCB1: mean + c * sqrt(ln N / n), N the node's visits, n the action's (param `c`,
 *   default 0.3; values lie in [-1, 1], but candidates differ by a few hundredths, so c = 1
 *   spread the visits almost evenly: against lookahead c = 1 scored 50.0% over 200 games,
 *   c = 0.3 67.5% and c = 0.1 68.0% over 100 each); untried candidates first, in candidate order.
 *   The answer is the most visited own root candidate (then the higher mean, then the
 *   earlier candidate), unless its mean is not more than `margin` (default 0.01) above the
 *   base's commitment's: then the base's. Like lookahead, it improves on its base style
 *   and keeps the base's plan when the search does not clearly find better.
 * - Budget: param `iterations` (default 200) and/or `forwardCalls` (forward-model calls per
 *   decision: kernel submits on simulation states; none by default); the search stops at
 *   whichever comes first, and never submits past `forwardCalls` (a playout cut short by it
 *   is scored where it stopped). Given only `forwardCalls`, iterations are unbounded.
 *   Counting calls, never time, keeps a match replayable from its seed. A round taken from
 *   the state cache is charged the calls its replay made, so a budget buys the same search
 *   with or without the cache; only calls made are reported. With `forwardCalls` the
 *   policy declares it as its `budget` and reports each decision's `forwardCalls`, so the
 *   harness can adjudicate an overrun (src/sim/match.ts).
 * - Memory: nodes live in typed arrays (a pool of `maxNodes`, default the most one search
 *   can add: iterations + 1, or forwardCalls / 2 + 1, at most 20,000); per node and player,
 *   K actions, visits and value sums (the root's children are also found by joint key in a
 *   table, when (K + 1) ** players is at most 32,768); when the pool is full the tree stops
 *   growing and iterations play out from where they leave it. States: two GameStates, and
 *   the state cache's bytes (CACHE, allocated CACHE_CHUNK states at a time as first
 *   needed). All of it, and the simulation Kernel (one per tables object), is shared by the
 *   thread's mcts bots and grown to the largest search asked for: a search runs to the end
 *   before another starts and sets every entry it reads, so a new bot (a match, a benchmark
 *   position) allocates nothing, and an old one's garbage does not wake the collector.
 * - Hidden information: the root is a copy of the view with every live player pending for
 *   the commitment again (heuristic.ts `openCommitment`), so what the opponent has already,
 *   secretly, committed cannot change the answer.
 * - Mid-round decisions: inside simulations, the base (root's round) or the playout policy;
 *   in the real game, the base (this bot searches commitments only).
 * - The live state is never touched; simulations use a private Kernel built once on the
 *   match's tables (never the match kernel). Deterministic given the bot's random stream.
 */
import { type PolicyFactory, type Policy, type DecisionContext, GameState, Kernel, Simulator, type GameTables } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
import * as modelsModule from './lib/models.js';
import rammer from './rammer.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { MAX_ACTIONS, MAX_PLAYERS, STATE_BYTES, STATUS_ONGOING, stateBytesFor } = botApiModule;
const {
  evaluateAll, openCommitment, sampleCandidates, styleCandidates, addUnique, newSearchStats,
  recordSearch, searchPolicy,
} = botApiModule.search;
const { declareParams } = botApiModule;
const { MODEL_NAMES, STYLE_NAMES, modelPolicy } = modelsModule;

const NAME = 'mcts';
const MAX_CANDIDATES = 512;
const UNLIMITED = 2_147_483_647;

/** The params described above, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(NAME, [
  {
    name: 'iterations',
    type: 'integer',
    default: (_read, given) => (given.forwardCalls !== undefined ? UNLIMITED : 200),
    defaultDoc: '200 (unbounded when `forwardCalls` is given)',
    min: 1,
    max: UNLIMITED,
    doc: 'search iterations per decision.',
  },
  { name: 'forwardCalls', type: 'integer', default: UNLIMITED, defaultDoc: 'unbounded', min: 1, max: UNLIMITED, doc: 'forward-model calls allowed per decision (the declared budget).' },
  { name: 'depth', type: 'integer', default: 3, min: 1, max: 1000, doc: 'rounds a playout runs before the heuristic scores it.' },
  { name: 'c', type: 'number', default: 0.3, min: 0, max: 100, doc: 'the UCB exploration constant.' },
  { name: 'candidates', type: 'integer', default: 24, min: 1, max: MAX_CANDIDATES, doc: 'root candidate commitments for this bot.' },
  {
    name: 'opponentCandidates',
    type: 'integer',
    default: (read) => Math.min(6, read.candidates as number),
    defaultDoc: '6 (at most `candidates`)',
    min: 1,
    max: (read) => read.candidates as number,
    maxDoc: '`candidates`',
    doc: "root candidates for the opponent (its likely style answers).",
  },
  { name: 'playout', type: 'choice', default: 'gunner', choices: MODEL_NAMES, doc: 'the policy that plays the rounds after the root.' },
  {
    name: 'maxNodes',
    type: 'integer',
    default: (read) => Math.min((read.iterations as number) + 1, Math.floor((read.forwardCalls as number) / 2) + 1, 20_000),
    defaultDoc: 'iterations + 1, or forwardCalls / 2 + 1, at most 20,000',
    min: 1,
    max: 1_000_000,
    doc: 'tree nodes kept.',
  },
  { name: 'base', type: 'choice', default: 'gunner', choices: MODEL_NAMES, doc: "the style whose commitment the search must beat, which also answers the mid-round decisions." },
  { name: 'margin', type: 'number', default: 0.01, min: 0, max: 2, doc: "how much the most visited candidate's mean must beat the base's commitment by." },
]);
/** Most states a search keeps in the state cache (STATE_BYTES, about 3.5 kB, each). */
const MAX_CACHED = 1024;
/** Cache slots allocated at a time (one buffer each). */
const CACHE_CHUNK = 64;
/**
 * The state cache's slots, one view each: shared by every mcts bot in the thread (a search
 * runs to the end before another starts, and a cached state is used only in the search that
 * stored it), so a new bot does not pay for fresh memory.
 */
const CACHE: Uint8Array[] = [];

/** Simulators (a private Kernel each) by tables object, shared like CACHE: each search begins its own count. */
const SIMS = new WeakMap<GameTables, Simulator>();
function simulatorFor(t: GameTables): Simulator {
  let sim = SIMS.get(t);
  if (!sim) {
    sim = new Simulator(new Kernel(t));
    SIMS.set(t, sim);
  }
  return sim;
}

// ---- the node pool and scratch, shared like CACHE (file header, "Memory"); grown by reserve().
// Module `let`s: V8 reloads one from the module context, with a TDZ check, at every use, so
// the loops below read them through locals (reserve() runs only between searches).
let firstChild = new Int32Array(0);
let nextSibling = new Int32Array(0);
let nodeKey = new Float64Array(0);
let nodeVisits = new Int32Array(0);
let expanded = new Uint8Array(0);
/** Per node: its slot in CACHE (-1: none), and the forward calls of the round that led to it. */
let cacheSlot = new Int32Array(0);
let roundCalls = new Int32Array(0);
/** Per node and player (index node * P + player): number of candidates (0: the player does not decide there). */
let candCount = new Int32Array(0);
/** Per node and player: 1 once actLegal holds its candidates' legality (nodes reached by rounds that drew nothing, whose state never changes). */
let legalKnown = new Uint8Array(0);
/** Per node, player and candidate (index (node * P + player) * K + i): action, legality, visits, summed value. */
let acts = new Int32Array(0);
let actLegal = new Uint8Array(0);
let actVisits = new Int32Array(0);
let actValue = new Float64Array(0);
/** The selection at each level of the current path, per player. */
let pathSel = new Int32Array(0);
/**
 * The root's children by joint key (-1: none yet), when the keys are few (ROOT_KEYS_MAX):
 * most iterations look up a child of the root, which has the most children, and a walk of
 * its sibling list cost about 23 steps an iteration.
 */
let rootChild = new Int32Array(0);
const ROOT_KEYS_MAX = 1 << 15;
/**
 * LOG_N[n] = Math.log(Math.max(1, n)), the same doubles, for the visit counts a search can
 * reach (no more than its iterations or its forward calls; up to LOG_N_MAX, select calls
 * Math.log past it): a table read instead of a call into C++ (ieee754::log) at every selection.
 */
let LOG_N = new Float64Array(0);
const LOG_N_MAX = 1 << 16;
/** The search's root and the iteration's working state. */
const ROOT = new GameState();
const WORK = new GameState();
/** Working space while building candidate sets (heuristic.ts sampleCandidates). */
const SCRATCH = new Int32Array(MAX_ACTIONS);

/** Grow the shared pool, if needed, to `nodes` nodes of `players` players and `k` candidates, paths of `levels` levels, and LOG_N to `visits` visits. */
function reserve(nodes: number, players: number, k: number, levels: number, visits: number): void {
  if (firstChild.length < nodes) {
    firstChild = new Int32Array(nodes);
    nextSibling = new Int32Array(nodes);
    nodeKey = new Float64Array(nodes);
    nodeVisits = new Int32Array(nodes);
    expanded = new Uint8Array(nodes);
    cacheSlot = new Int32Array(nodes);
    roundCalls = new Int32Array(nodes);
  }
  if (candCount.length < nodes * players) {
    candCount = new Int32Array(nodes * players);
    legalKnown = new Uint8Array(nodes * players);
  }
  if (acts.length < nodes * players * k) {
    acts = new Int32Array(nodes * players * k);
    actLegal = new Uint8Array(nodes * players * k);
    actVisits = new Int32Array(nodes * players * k);
    actValue = new Float64Array(nodes * players * k);
  }
  if (pathSel.length < levels * players) pathSel = new Int32Array(levels * players);
  const logs = Math.min(visits + 1, LOG_N_MAX);
  if (LOG_N.length < logs) {
    LOG_N = new Float64Array(logs);
    for (let n = 0; n < logs; n++) LOG_N[n] = Math.log(Math.max(1, n));
  }
  const keys = (k + 1) ** players;
  if (keys <= ROOT_KEYS_MAX && rootChild.length < keys) rootChild = new Int32Array(keys);
}

/** Slot i of CACHE, allocated with its chunk when first needed. */
function cacheSlotView(i: number): Uint8Array {
  while (CACHE.length <= i) {
    const buf = new ArrayBuffer(CACHE_CHUNK * STATE_BYTES);
    for (let j = 0; j < CACHE_CHUNK; j++) CACHE.push(new Uint8Array(buf, j * STATE_BYTES, STATE_BYTES));
  }
  return CACHE[i];
}

/**
 * The cache and WORK move only the bytes a state of the search's players uses
 * (stateBytesFor: the statistics of seats past them stay zero, and GameState.copyFrom
 * copies no more). WORK's first stateBytesFor(n) bytes, per n:
 */
const WORK_USED: Uint8Array[] = Array.from({ length: MAX_PLAYERS + 1 }, (_, n) => new Uint8Array(WORK.buffer, 0, stateBytesFor(n)));
/** CACHE's slots cut to stateBytesFor(n): CACHE_USED[n][i], made with the slot's first use for n players. */
const CACHE_USED: Uint8Array[][] = Array.from({ length: MAX_PLAYERS + 1 }, () => []);
function cacheUsedView(i: number, n: number): Uint8Array {
  const views = CACHE_USED[n];
  while (views.length <= i) {
    const full = cacheSlotView(views.length);
    views.push(new Uint8Array(full.buffer, full.byteOffset, stateBytesFor(n)));
  }
  return views[i];
}

const factory: PolicyFactory = (params, rng) => {
  const { iterations, forwardCalls, depth, c, candidates: K, opponentCandidates: KO, playout, maxNodes, base: baseName, margin } = PARAMS.read(params);
  /** A declared budget only when one was given (unlimited otherwise). */
  const hasCalls = params.forwardCalls !== undefined;
  /** Draws by the simulated policies so far: a round that draws none is a function of its start state (state cache). */
  let draws = 0;
  /** The bot's stream, counted: the same numbers in the same order. */
  const counted = (): number => {
    draws++;
    return rng();
  };
  const base = modelPolicy(baseName, counted);
  const rammers: Policy[] = [rammer({}, counted), rammer({ maxSpeed: 1 }, counted), rammer({ maxSpeed: 3 }, counted)];
  /** Suggesters at the root besides the base: the other styles and rammer (heuristic.ts styleCandidates); deeper nodes: rammer's three speeds. */
  const others: Policy[] = [...STYLE_NAMES.filter((n) => n !== baseName).map((n) => modelPolicy(n, counted)), rammers[0]];
  const playoutPolicy = modelPolicy(playout, counted);
  const pols: Policy[] = new Array<Policy>(MAX_PLAYERS).fill(playoutPolicy);
  /** Mid-round answers in the root's round, for every seat: the base. */
  const firstRound: Policy[] = new Array<Policy>(MAX_PLAYERS).fill(base);
  const root = ROOT;
  const work = WORK;
  const scratch = SCRATCH;
  const value = new Float64Array(MAX_PLAYERS);
  /** c as a raw double: read from the closure, it is a boxed number, unboxed at every candidate select looks at. */
  const cRaw = new Float64Array(1);
  cRaw[0] = c;
  const stats = newSearchStats();
  let sim: Simulator | null = null;

  /** Players in the searched match (the pool's layout). */
  let P = 0;
  /** Whether rootChild holds the root's children (its keys, (K + 1) ** P, are few enough). */
  let rootTable = false;
  /** The searching player. */
  let me = 0;
  let nodes = 0;
  const pathNode = new Int32Array(depth + 1);
  /** Slots of CACHE in use: states reached at nodes by rounds that drew no random number. */
  const cacheSlots = Math.min(maxNodes, MAX_CACHED);
  let cacheUsed = 0;
  /** Calls charged to the budget for rounds replayed from the cache (not made, so not reported). */
  let replayed = 0;

  function newNode(key: number): number {
    const i = nodes++;
    firstChild[i] = -1;
    nextSibling[i] = -1;
    nodeKey[i] = key;
    nodeVisits[i] = 0;
    expanded[i] = 0;
    cacheSlot[i] = -1;
    return i;
  }

  /** Keep WORK as the state at `node`, reached by a round of `calls` forward calls, if a slot is free. */
  function store(node: number, calls: number): void {
    if (cacheSlot[node] >= 0 || cacheUsed >= cacheSlots) return;
    cacheUsedView(cacheUsed, P).set(WORK_USED[P]);
    cacheSlot[node] = cacheUsed++;
    roundCalls[node] = calls;
  }

  /** Build each pending player's candidate set at `node` from the state `s` there. */
  function expand(node: number, s: GameState): void {
    const sm = sim!;
    const pending = s.pending;
    for (let q = 0; q < P; q++) {
      const at = (node * P + q) * K;
      let count = 0;
      if ((pending >> q) & 1) {
        const kq = q === me ? K : KO;
        if (node === 0) count = styleCandidates(sm, s, q, base, others, acts, at, kq, rng, scratch);
        else {
          for (let j = 0; j < rammers.length && count < kq; j++) count = addUnique(acts, at, count, rammers[j].choose(sm.ctx.reset(s, q)));
          count = sampleCandidates(sm.kernel, s, q, acts, at, count, kq, rng, scratch);
        }
      }
      candCount[node * P + q] = count;
      legalKnown[node * P + q] = 0;
      for (let i = 0; i < count; i++) {
        actVisits[at + i] = 0;
        actValue[at + i] = 0;
      }
    }
    expanded[node] = 1;
  }

  /**
   * Decoupled UCB1 for player q at `node`, over the candidates legal in `s`; -1 if none.
   * `exact`: `s` is the node's one state (no draw on the path), so legality is checked once.
   */
  function select(node: number, q: number, s: GameState, exact: boolean): number {
    const k = sim!.kernel;
    const at = (node * P + q) * K;
    const count = candCount[node * P + q];
    const ac = acts;
    const legalA = actLegal;
    if (exact && !legalKnown[node * P + q]) {
      for (let i = 0; i < count; i++) legalA[at + i] = k.isLegal(s, q, ac[at + i]) ? 1 : 0;
      legalKnown[node * P + q] = 1;
    }
    const visits = actVisits;
    const values = actValue;
    const nv = nodeVisits[node];
    const logs = LOG_N;
    const logN = nv < logs.length ? logs[nv] : Math.log(Math.max(1, nv));
    const cc = cRaw[0];
    let best = -1;
    let bestU = -Infinity;
    for (let i = 0; i < count; i++) {
      if (exact ? legalA[at + i] === 0 : !k.isLegal(s, q, ac[at + i])) continue;
      const n = visits[at + i];
      if (n === 0) return i;
      const u = values[at + i] / n + cc * Math.sqrt(logN / n);
      if (u > bestU) {
        bestU = u;
        best = i;
      }
    }
    return best;
  }

  /** One iteration: select, expand one node, play out, back up. False when the budget cannot pay for it. */
  function iterate(): boolean {
    const sm = sim!;
    // The root is read, not copied, until the first round is played; a first round taken
    // from the cache needs no copy of it at all.
    let s = root;
    let node = 0;
    let roundsLeft = depth;
    let len = 0;
    const radix = K + 1;
    /** No random number drawn in a round so far: `s` is a function of the path (state cache). */
    let exact = true;
    while (node >= 0 && roundsLeft > 0 && s.status === STATUS_ONGOING && !sm.exhausted) {
      if (!expanded[node]) expand(node, s);
      const pending = s.pending;
      let key = 0;
      let ok = true;
      for (let q = 0; q < P; q++) {
        let idx = -1;
        if ((pending >> q) & 1) {
          idx = select(node, q, s, exact);
          if (idx < 0) {
            ok = false;
            break;
          }
        }
        pathSel[len * P + q] = idx;
        key = key * radix + (idx < 0 ? K : idx);
      }
      if (!ok || sm.calls + sm.pendingCount(s) > sm.limit) {
        if (len === 0) return false; // cannot even start: nothing to learn
        break;
      }
      pathNode[len++] = node;
      let child: number;
      if (node === 0 && rootTable) child = rootChild[key];
      else {
        child = firstChild[node];
        const keys = nodeKey;
        const next = nextSibling;
        while (child >= 0 && keys[child] !== key) child = next[child];
      }
      // A deterministic round seen before: its end state, charged as if replayed (when the
      // budget would not have cut the replay short; else replay it).
      if (child >= 0 && exact && cacheSlot[child] >= 0 && sm.calls + roundCalls[child] <= sm.limit) {
        work.bytes.set(CACHE_USED[P][cacheSlot[child]]);
        work.touch();
        s = work;
        sm.calls += roundCalls[child];
        replayed += roundCalls[child];
        roundsLeft--;
        node = child;
        continue;
      }
      if (s === root) s = work.copyFrom(root);
      const calls0 = sm.calls;
      const draws0 = draws;
      for (let q = 0; q < P; q++) if ((pending >> q) & 1) sm.submit(s, q, acts[(node * P + q) * K + pathSel[(len - 1) * P + q]]);
      const finished = sm.finishRound(s, len === 1 ? firstRound : pols);
      roundsLeft--;
      if (draws !== draws0) exact = false;
      if (child < 0) {
        if (nodes < maxNodes) {
          child = newNode(key);
          nextSibling[child] = firstChild[node];
          firstChild[node] = child;
          if (node === 0 && rootTable) rootChild[key] = child;
          if (exact && finished) store(child, sm.calls - calls0);
        }
        break; // leave the tree: play out
      }
      if (exact && finished) store(child, sm.calls - calls0);
      node = child;
    }
    if (s === root) s = work.copyFrom(root);
    while (roundsLeft > 0 && s.status === STATUS_ONGOING && !sm.exhausted) {
      if (!sm.playRound(s, pols)) break;
      roundsLeft--;
    }
    evaluateAll(sm.kernel, s, value);
    const sels = pathSel;
    const visits = actVisits;
    const values = actValue;
    for (let i = 0; i < len; i++) {
      const nd = pathNode[i];
      nodeVisits[nd]++;
      for (let q = 0; q < P; q++) {
        const sel = sels[i * P + q];
        if (sel < 0) continue;
        const j = (nd * P + q) * K + sel;
        visits[j]++;
        values[j] += value[q];
      }
    }
    return true;
  }

  function commit(ctx: DecisionContext): number {
    if (!sim || sim.kernel.t !== ctx.kernel.t) sim = simulatorFor(ctx.kernel.t);
    const p = ctx.player;
    me = p;
    openCommitment(root.copyFrom(ctx.view));
    P = root.players;
    // WORK's bytes past stateBytesFor(P) (the statistics of seats P and up) are zero from here
    // on: the search copies only the bytes before them.
    work.copyFrom(root);
    reserve(maxNodes, P, K, depth + 1, Math.min(iterations, forwardCalls));
    rootTable = (K + 1) ** P <= ROOT_KEYS_MAX;
    if (rootTable) rootChild.fill(-1, 0, (K + 1) ** P);
    sim.begin(forwardCalls);
    nodes = 0;
    cacheUsed = 0;
    replayed = 0;
    newNode(0);
    expand(0, root);
    let done = 0;
    if (candCount[p] > 1) {
      while (done < iterations && !sim.exhausted) {
        if (!iterate()) break;
        done++;
      }
    }
    // The most visited own candidate (then the higher mean, then the earlier one), if its
    // mean beats the base's answer (candidate 0) by the margin; else the base's answer.
    const at = p * K;
    let best = 0;
    for (let i = 1; i < candCount[p]; i++) {
      const n = actVisits[at + i];
      const nb = actVisits[at + best];
      if (n > nb || (n === nb && n > 0 && actValue[at + i] / n > actValue[at + best] / nb)) best = i;
    }
    const n0 = actVisits[at];
    if (best !== 0 && n0 > 0 && actValue[at + best] / actVisits[at + best] <= actValue[at] / n0 + margin) best = 0;
    recordSearch(stats, sim.calls - replayed, done);
    return acts[at + best];
  }

  return searchPolicy(NAME, stats, hasCalls ? forwardCalls : undefined, base, commit);
};

export default factory;
