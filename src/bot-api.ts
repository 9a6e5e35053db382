/**
 * The public bot API: what a policy file in bots/ may import.
 *
 * Why: bots must depend on a small, stable surface (design section 1), see only a player
 * view (never the live state, design section 2) and answer with integer action ids, so
 * generic bots need no game knowledge and scripted ones can read the view's typed arrays.
 */
import type { GameState } from './rules/state.js';
import type { Kernel } from './rules/kernel.js';

/** One decision put to a policy. `legal[0..count-1]` are the ids it may answer. */
export interface DecisionContext {
  /** The rules kernel (tables, geometry helpers, decoding); read-only use. */
  readonly kernel: Kernel;
  /** What this player may see: other players' face-down commitments are hidden. */
  readonly view: GameState;
  readonly player: number;
  /** Decision kind: D_COMMIT, D_VENT, D_DEFENCE, D_SHIELD, D_P2E_DIR, D_REPAIR (rules/kernel.ts). */
  readonly decision: number;
  readonly legal: Int32Array;
  readonly count: number;
}

/** A policy answers decisions with one of the legal ids. */
export interface Policy {
  readonly name: string;
  choose(ctx: DecisionContext): number;
}

/** Seeded random stream in [0, 1). Each bot gets its own. */
export type Rng = () => number;

/** What a bot file exports as default: `(params, rng) => Policy`. */
export type PolicyFactory = (params: Record<string, unknown>, rng: Rng) => Policy;

export * from './rules/state.js';
export {
  D_COMMIT,
  D_VENT,
  D_DEFENCE,
  D_SHIELD,
  D_P2E_DIR,
  D_REPAIR,
  DEF_FIRE,
  DEF_HOLD,
  DEF_SHIELDS,
  VENT_NONE,
  CARD_NONE,
  encodeCommit,
  commitEngine,
  commitFirst,
  commitSecond,
  commitDir,
} from './rules/kernel.js';
export { Cmd } from './rules/tables.js';
export * as hex from './hex/hex.js';
