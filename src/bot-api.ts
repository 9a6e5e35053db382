/**
 * The bot API: the one module a policy file in bots/ imports (test/bots/bot-door.test.ts).
 *
 * Why one door: bots depend on a small, stable surface instead of the kernel's internals,
 * see only a player view (never the live state) and answer with integer action ids, so a
 * generic bot needs no game knowledge and a scripted one reads the view's typed arrays.
 * Everything a bot needs comes through here: the decision vocabulary, the forward model a
 * search bot simulates on, the parameter helpers, and the planners the built-in bots share
 * (a user bot may build on them or ignore them).
 */
export * from './bot-vocabulary.js';

/** The forward model: a search bot builds its own Kernel on `ctx.kernel.t` and simulates on copies of the view. */
export { Kernel } from './rules/kernel.js';
export type { GameTables, FactionTable } from './rules/tables.js';

/** Parameters declared as data (parsing, errors and the docs table from one list), and the single-value readers. */
export {
  declareParams,
  checkParamNames,
  intParam,
  numberParam,
  boolParam,
  choiceParam,
  choiceListParam,
  paramError,
  type ParamSpec,
  type DeclaredParams,
} from './bot-params.js';

/**
 * The search bots' toolkit (src/search/heuristic.ts): the Simulator that plays rounds on a
 * private kernel within a budget of forward-model calls, the heuristic evaluation, and the
 * candidate generators.
 */
export * as search from './search/heuristic.js';
export { Simulator, type SearchStats, type SearchPolicy } from './search/heuristic.js';

/** The planner the built-in scripted styles share (src/scripted): a `Pilot` per policy and its plays. */
export * as planner from './scripted/pilot-kit.js';
export { Pilot, type KitSettings } from './scripted/pilot-kit.js';

/** The built-in styles' loadout-draft preferences (rulebook 5). */
export * as draftPrefs from './scripted/draft-prefs.js';
