/**
 * The words a policy speaks: what a decision looks like, what a policy answers, and the
 * kernel's constants and encoders for actions and the state's layout.
 *
 * Why a module of its own: the bot API (src/bot-api.ts) re-exports it together with the
 * planners built on it (src/scripted, src/search). Those planners import this module, not
 * the API, so that no import circles back through the API.
 */
import type { GameState } from './rules/state.js';
import type { Kernel } from './rules/kernel.js';
import type { Draft } from './rules/draft.js';
import type { FactionTable } from './rules/tables.js';

/** One decision put to a policy. `legal[0..count-1]` are the ids it may answer. */
export interface DecisionContext {
  /** The rules kernel (tables, geometry helpers, decoding); read-only use. */
  readonly kernel: Kernel;
  /** What this player may see: other players' face-down commitments are hidden. */
  readonly view: GameState;
  readonly player: number;
  /** Decision kind: D_COMMIT, D_VENT, D_DEFENCE, ... D_CC_MOVE, D_WARP (rules/decisions.ts). */
  readonly decision: number;
  readonly legal: Int32Array;
  readonly count: number;
}

/** One loadout-draft decision (rulebook 5). `legal[0..count-1]` are draft action ids (rules/draft.ts). */
export interface DraftContext {
  readonly draft: Draft;
  readonly seat: number;
  readonly faction: FactionTable;
  readonly legal: Int32Array;
  readonly count: number;
}

/** A policy answers decisions with one of the legal ids. */
export interface Policy {
  readonly name: string;
  choose(ctx: DecisionContext): number;
  /** Answer a loadout-draft decision; a policy without it takes the first legal action. */
  draft?(ctx: DraftContext): number;
  /**
   * A search policy may declare its budget per decision in forward-model calls and report
   * the calls its last decision used; the harness adjudicates one that goes over.
   */
  readonly budget?: number;
  readonly forwardCalls?: number;
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
  D_FIRE_DIR,
  D_TARGET,
  D_BOOST,
  D_CORV_OPTION,
  D_LAUNCH,
  D_ACTIVATE,
  D_PD_WINDOW,
  D_REPAIR_CORV,
  D_CC_MOVE,
  D_WARP,
  CORV_ACTIVATE,
  CORV_LAUNCH,
  CORV_REPAIR,
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
  encodeShields,
  shieldsPlaced,
  shieldsFromFirst,
} from './rules/kernel.js';
export { Cmd, WeaponClass } from './rules/tables.js';
export { TGT_HULL } from './rules/weapons.js';
export { ACT_PASS, ACT_FIRE, encodeMove, decodeMove, encodeLaunch, decodeLaunch } from './rules/corvettes.js';
export * as draftActions from './rules/draft.js';
export * as hex from './hex/hex.js';
