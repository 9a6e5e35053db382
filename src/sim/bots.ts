/**
 * Loading bots by name from bots/ (docs/bots.md): a bot is a file exporting a factory
 * `(params, rng) => Policy`. Each bot gets its own seeded stream (seedrandom's, sim/rng.ts), so a match
 * replays exactly from its seed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, dirname, resolve, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Arc4, ReseedableRandom } from '../random/rng.js';
import type { Policy, PolicyFactory } from '../bot-api.js';

export const BOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bots');

/** Names of the bots available in bots/. */
export function listBots(dir = BOTS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(ts|js|mjs)$/, ''))
    .sort();
}

/**
 * A bot's factory by name (a file in bots/) or by path (containing a slash or ending in
 * .ts/.js/.mjs, relative to `base`).
 */
export async function loadPolicyFactory(nameOrPath: string, base = process.cwd()): Promise<PolicyFactory> {
  if (!/[\\/]|\.(ts|js|mjs)$/.test(nameOrPath)) return loadBotFactory(nameOrPath);
  const file = resolve(base, nameOrPath);
  if (!existsSync(file)) throw new Error(`no bot file ${file}`);
  const name = basename(file).replace(/\.(ts|js|mjs)$/, '');
  return loadBotFactory(name, dirname(file));
}

/** Import a bot's factory by name; throws naming the bots on offer when it is unknown. */
export async function loadBotFactory(name: string, dir = BOTS_DIR): Promise<PolicyFactory> {
  for (const ext of ['.ts', '.js', '.mjs']) {
    const file = join(dir, name + ext);
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof mod.default !== 'function') throw new Error(`${file}: the default export must be a factory (params, rng) => Policy`);
    return mod.default as PolicyFactory;
  }
  throw new Error(`unknown bot "${name}": expected one of ${listBots(dir).join(', ')} in ${dir}`);
}

/** A bot's stream seed: derived from the match seed and its seat. */
function botSeed(matchSeed: string | number, seat: number): string {
  return `${matchSeed}/bot/${seat}`;
}

/**
 * A bot's own random stream, derived from the match seed and its seat. It is seeded on the
 * first draw: seeding costs a few microseconds, and scripted bots often draw nothing.
 */
export function botRng(matchSeed: string | number, seat: number): () => number {
  let stream: Arc4 | null = null;
  return () => {
    if (stream === null) {
      stream = new Arc4();
      stream.key(botSeed(matchSeed, seat));
    }
    return stream.double();
  };
}

/** Build a policy from its factory for one seat. */
export function makePolicy(factory: PolicyFactory, params: Record<string, unknown>, matchSeed: string | number, seat: number): Policy {
  return factory(params, botRng(matchSeed, seat));
}

/**
 * One seat's bot stream for match after match (MatchPlayer): `reset(matchSeed)` before each
 * match, then `draw` is that match's botRng(matchSeed + suffix, seat), without allocating
 * (suffix '/fallback' for the fallback policies' streams).
 */
export function seatRandom(seat: number, suffix = ''): ReseedableRandom {
  return new ReseedableRandom((matchSeed) => botSeed(`${matchSeed}${suffix}`, seat));
}
