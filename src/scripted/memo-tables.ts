/**
 * The search's memo tables (engine-plan.ts), each an open-addressed table keyed by a pose
 * and a mat's tokens, whose entries are live while their stamp is the table's generation:
 * a new generation empties a table without touching it.
 *
 * - PoseMemo, one per pilot, for one decision: a second-round pose's value and whether the
 *   ship can brake from it (the search reaches one pose by several first rounds).
 * - SharedStyleWork, one per process, for one observation (view, version, player, kernel):
 *   where a move ends, a pose's style-free terms, and each pose's list of distinct engine
 *   settings. These depend on the observation, not on the style, so the styles asked in turn
 *   on one state (heuristic.ts styleCandidates, through shareStyleWork) compute them once.
 *   It is the only state the pilots share, and only while a caller turns sharing on: it
 *   costs about a tenth more when only one style is asked per state (a search's playouts).
 *   The answers are the same either way.
 */
import type { GameState, DecisionContext } from '../bot-vocabulary.js';
import * as momentumMatModule from './momentum-mat.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { M_SIZE, matKey } = momentumMatModule;

type Kernel = DecisionContext['kernel'];

/** Table generations wrap here: the stamps are cleared and counting starts again. */
const LAST_GENERATION = 0x7fffffff;

/**
 * The slot of (pose, mat) in an open-addressed table of 2^(32 - shift) entries whose live
 * entries carry stamp `gen`: the live entry with that key, or else the first stale one met,
 * with the key written (its stamp left for the caller to read); -1 after 32 probes.
 */
function probeSlot(poses: Int32Array, mats: Int32Array, stamps: Int32Array, shift: number, gen: number, pose: number, mat: number): number {
  const mask = poses.length - 1;
  let h = (Math.imul(pose, 0x9e3779b1) ^ Math.imul(mat, 0x85ebca77)) >>> shift;
  for (let probe = 0; probe < 32; probe++) {
    if (stamps[h] !== gen) {
      poses[h] = pose;
      mats[h] = mat;
      return h;
    }
    if (poses[h] === pose && mats[h] === mat) return h;
    h = (h + 1) & mask;
  }
  return -1;
}

/** Coordinates outside this box are never kept: the keys pack q and r into 10 bits each. */
function unkeyable(q: number, r: number): boolean {
  return q < -512 || q >= 512 || r < -512 || r >= 512;
}

// ===================================================================== one decision

const POSE_MEMO_SIZE = 1024;

/** Second-round poses already valued at this decision (engine-plan.ts secondRound). */
export class PoseMemo {
  readonly pose = new Int32Array(POSE_MEMO_SIZE);
  readonly mat = new Int32Array(POSE_MEMO_SIZE);
  readonly stamp = new Int32Array(POSE_MEMO_SIZE);
  /** The style's value of the pose at ply 2. */
  readonly value = new Float64Array(POSE_MEMO_SIZE);
  /** Whether the ship can brake from it: 1 yes, 0 no, -1 not asked yet. */
  readonly recoverable = new Int8Array(POSE_MEMO_SIZE);
  generation = 0;

  /** A new decision: every entry goes stale. */
  newDecision(): void {
    if (this.generation === LAST_GENERATION) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  /** The entry of pose (q, r, f) with mat m (stale entries are reused: check its stamp), or -1 when it cannot be kept. */
  slot(q: number, r: number, f: number, m: Int8Array): number {
    if (unkeyable(q, r)) return -1;
    const pose = ((q + 512) << 13) | ((r + 512) << 3) | f;
    return probeSlot(this.pose, this.mat, this.stamp, 22, this.generation, pose, matKey(m));
  }
}

// ===================================================================== one observation, shared

const MOVE_SIZE = 2048;
const FACT_SIZE = 2048;
const EXPANSION_SIZE = 256;
/** One more expansion, never hashed to: planEngine's list when nothing is shared. */
export const EXPANSION_SCRATCH = EXPANSION_SIZE;
const EXPANSIONS = EXPANSION_SIZE + 1;
/** Bits of a move's flags (moves and expansions): it met the board edge, the enemy hull. */
export const HIT_EDGE = 1;
export const HIT_SHIP = 2;
/** Bits of a fact entry's `has`: shellDanger, enemyMainThreat, mainValuePly are kept. */
export const FACT_SHELL = 1;
export const FACT_THREAT = 2;
export const FACT_MAIN = 4;
/** Expansion paths: the second round (against the enemy's next round), the first (this round). */
export const EXPAND_SECOND = 0;
export const EXPAND_FIRST = 8;

export class SharedStyleWork {
  /** Whether the tables are used (shareStyleWork); off, each decision computes directly. */
  on = false;
  /** The current observation's generation. */
  generation = 0;
  /** The last full observation: its view object, version, player and kernel. */
  view: GameState | null = null;
  version = -1;
  player = -1;
  kernel: Kernel | null = null;

  /** Moves already simulated: from a pose by a mat's tokens against a path, where it ends. */
  readonly movePose = new Int32Array(MOVE_SIZE);
  readonly moveMat = new Int32Array(MOVE_SIZE);
  readonly moveStamp = new Int32Array(MOVE_SIZE);
  readonly moveQ = new Int32Array(MOVE_SIZE);
  readonly moveR = new Int32Array(MOVE_SIZE);
  readonly moveF = new Int32Array(MOVE_SIZE);
  readonly moveFlags = new Int32Array(MOVE_SIZE);
  readonly moveOverrun = new Float64Array(MOVE_SIZE);

  /** A pose's style-free terms, by pose, mat tokens and ply (FACT_* bits say which are kept). */
  readonly factPose = new Int32Array(FACT_SIZE);
  readonly factMat = new Int32Array(FACT_SIZE);
  readonly factStamp = new Int32Array(FACT_SIZE);
  readonly factHas = new Int32Array(FACT_SIZE);
  readonly factShell = new Float64Array(FACT_SIZE);
  readonly factThreat = new Float64Array(FACT_SIZE);
  readonly factMain = new Float64Array(FACT_SIZE);

  /**
   * Expansions: from a pose, mat tokens and supplies (the supplies decide whether a thrust
   * adds a token), the engine settings that leave a new mat, in the order tried, up to ten
   * per entry: each one's mat, end pose, move flags and overrun.
   */
  readonly expansionPose = new Int32Array(EXPANSIONS);
  readonly expansionMat = new Int32Array(EXPANSIONS);
  readonly expansionSupply = new Int32Array(EXPANSIONS);
  readonly expansionStamp = new Int32Array(EXPANSIONS);
  readonly expansionCount = new Int8Array(EXPANSIONS);
  readonly endQ = new Int32Array(EXPANSIONS * 10);
  readonly endR = new Int32Array(EXPANSIONS * 10);
  readonly endF = new Int8Array(EXPANSIONS * 10);
  readonly endFlags = new Int8Array(EXPANSIONS * 10);
  readonly endOverrun = new Float64Array(EXPANSIONS * 10);
  /** The engine setting of each first-round move (planEngine). */
  readonly engine = new Int8Array(EXPANSIONS * 10);
  /** Each setting's mat: views of M_SIZE bytes on one buffer. */
  readonly mats: Int8Array[];

  constructor() {
    const buffer = new ArrayBuffer(EXPANSIONS * 10 * M_SIZE);
    this.mats = Array.from({ length: EXPANSIONS * 10 }, (_, i) => new Int8Array(buffer, i * M_SIZE, M_SIZE));
  }
}

/** The process's one table set, which every pilot refers to. */
export const sharedWork = new SharedStyleWork();

/**
 * Keep the style-free work of an observation for the styles asked next on the same state
 * (on), or stop (off). heuristic.ts styleCandidates turns it on while it asks the styles in
 * turn for a search's root candidates. The answers are the same either way.
 */
export function shareStyleWork(on: boolean): void {
  sharedWork.on = on;
}

/** A full observation of (V, player, K): a new generation unless it is the last one's. */
export function startObservation(w: SharedStyleWork, V: GameState, player: number, K: Kernel): void {
  if (V === w.view && V.version === w.version && player === w.player && K === w.kernel) return;
  w.view = V;
  w.version = V.version;
  w.player = player;
  w.kernel = K;
  if (w.generation === LAST_GENERATION) {
    w.moveStamp.fill(0);
    w.factStamp.fill(0);
    w.expansionStamp.fill(0);
    w.generation = 0;
  }
  w.generation++;
}

/** The fact entry for pose (q, r, f), mat m's tokens and ply (1 or 2), emptied when new; -1 when it cannot be kept. */
export function factSlot(w: SharedStyleWork, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  if (unkeyable(q, r)) return -1;
  const pose = ((q + 512) << 14) | ((r + 512) << 4) | (f << 1) | (ply - 1);
  const gen = w.generation;
  const h = probeSlot(w.factPose, w.factMat, w.factStamp, 21, gen, pose, matKey(m));
  if (h >= 0 && w.factStamp[h] !== gen) {
    w.factStamp[h] = gen;
    w.factHas[h] = 0;
  }
  return h;
}

/** The move entry for a move from (q, r, f) by mat m's tokens against path `path` (1: this round's), or -1 when it cannot be kept. */
export function moveSlot(w: SharedStyleWork, q: number, r: number, f: number, m: Int8Array, path: number): number {
  if (unkeyable(q, r)) return -1;
  const pose = ((q + 512) << 14) | ((r + 512) << 4) | (f << 1) | path;
  return probeSlot(w.movePose, w.moveMat, w.moveStamp, 21, w.generation, pose, matKey(m));
}

/** The expansion of pose (q, r, f), mat m and path (EXPAND_*; its key written if it is not filled), or -1 when it cannot be kept. */
export function expansionSlot(w: SharedStyleWork, q: number, r: number, f: number, m: Int8Array, path: number): number {
  if (unkeyable(q, r)) return -1;
  const pose = ((q + 512) << 14) | ((r + 512) << 4) | path | f;
  const mat = matKey(m);
  const sup = m[8] | (m[9] << 8) | (m[10] << 16);
  const gen = w.generation;
  let h = (Math.imul(pose, 0x9e3779b1) ^ Math.imul(mat, 0x85ebca77) ^ Math.imul(sup, 0xc2b2ae35)) >>> 24;
  for (let probe = 0; probe < 32; probe++) {
    if (w.expansionStamp[h] !== gen) {
      w.expansionPose[h] = pose;
      w.expansionMat[h] = mat;
      w.expansionSupply[h] = sup;
      return h;
    }
    if (w.expansionPose[h] === pose && w.expansionMat[h] === mat && w.expansionSupply[h] === sup) return h;
    h = (h + 1) & (EXPANSION_SIZE - 1);
  }
  return -1;
}
