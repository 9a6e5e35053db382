/**
 * `random`: uniform over the legal actions (in the match and in the loadout draft). The baseline every other bot must beat, and
 * the driver of the kernel's invariant tests.
 */
import type { PolicyFactory } from '../src/bot-api.js';

const factory: PolicyFactory = (_params, rng) => ({
  name: 'random',
  choose(ctx) {
    return ctx.legal[Math.floor(rng() * ctx.count)];
  },
  draft(ctx) {
    return ctx.legal[Math.floor(rng() * ctx.count)];
  },
});
export default factory;
