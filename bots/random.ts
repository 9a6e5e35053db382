/**
 * `random`: uniform over the legal actions (in the match and in the loadout draft). The baseline every other bot must beat, and
 * the driver of the kernel's invariant tests. It takes no parameters (PARAMS below: any given
 * is refused, naming it).
 *
 * Why the turn by the ship's facing: legal lists are ordered by absolute direction, so the
 * same draw would otherwise mean a different manoeuvre for a ship facing south than for one
 * facing north. Turning the drawn engine and Power to Engines directions by the facing keeps
 * the choice uniform and makes it depend only on the ship's own frame, so a match and its
 * half-turn mirror play alike (test/bots/symmetry.test.ts).
 */
import type { PolicyFactory } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';

const { D_COMMIT, D_P2E_DIR, commitEngine, commitFirst, commitSecond, commitDir, encodeCommit, Cmd } = botApiModule;
const P2E = Cmd.PowerToEngines;
const { declareParams } = botApiModule;

/** No params: declared empty, so a misplaced one is refused rather than ignored. */
export const PARAMS = declareParams('random', []);

/** Commitment `a` with its directions turned by `k` sixth-turns (all six are always legal, 7.1). */
function turnCommit(a: number, k: number): number {
  let e = commitEngine(a);
  const first = commitFirst(a);
  const second = commitSecond(a);
  let d = commitDir(a);
  if (e < 6) e = (e + k) % 6;
  if (first === P2E || second === P2E) d = (d + k) % 6;
  return encodeCommit(e, first, second, d);
}

const factory: PolicyFactory = (params, rng) => {
  PARAMS.read(params);
  return {
  name: 'random',
  choose(ctx) {
    const a = ctx.legal[Math.floor(rng() * ctx.count)];
    if (ctx.decision === D_COMMIT) return turnCommit(a, ctx.view.facing[ctx.player]);
    if (ctx.decision === D_P2E_DIR) return (a + ctx.view.facing[ctx.player]) % 6;
    return a;
  },
  draft(ctx) {
    return ctx.legal[Math.floor(rng() * ctx.count)];
  },
  };
};
export default factory;
