/**
 * Loading bots by name from bots/ (docs/bots.md): a bot is a file exporting a factory
 * `(params, rng) => Policy`. Each bot gets its own seeded stream (seedrandom's, sim/rng.ts), so a match
 * replays exactly from its seed.
 *
 * A bot that cannot be loaded (unknown, missing, not a bot file, a syntax error, no factory)
 * is a BotLoadError naming the bot file, kept apart from a factory that refuses its
 * parameters, so an experiment blames its `policy` key, not its `params`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
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

/** Why a bot could not be loaded: what is wrong is the bot file (or name), not its parameters. */
export type BotProblem = 'unknown' | 'missing' | 'not-a-bot' | 'does-not-load' | 'not-a-factory' | 'params';

/**
 * A bot that cannot be loaded, blamed on the bot file: `expected` is a phrase for "expected
 * ..." in a ConfigError at the experiment's `policy` key; the message starts with the
 * problem ("unknown bot", "no bot file", "not a bot file", "bot file ... does not load", "bot
 * file ... exports no factory").
 */
export class BotLoadError extends Error {
  constructor(
    readonly problem: BotProblem,
    /** The bot file (or the folder searched, for an unknown name). */
    readonly file: string,
    readonly expected: string,
    message: string,
  ) {
    super(message);
    this.name = 'BotLoadError';
  }
}

const BOT_EXT = /\.(ts|js|mjs)$/;

/**
 * A bot's factory by name (a file in bots/) or by path (containing a slash or ending in
 * .ts/.js/.mjs, relative to `base`). A path must name a .ts, .js or .mjs file: any other
 * file (a system file, a YAML file) is not a bot, and is said to be one.
 */
export async function loadPolicyFactory(nameOrPath: string, base = process.cwd()): Promise<PolicyFactory> {
  if (!/[\\/]|\.(ts|js|mjs)$/.test(nameOrPath)) return loadBotFactory(nameOrPath);
  const file = resolve(base, nameOrPath);
  if (!BOT_EXT.test(file)) {
    if (existsSync(file) && !statSync(file).isDirectory())
      throw new BotLoadError('not-a-bot', file, `a bot file (.ts, .js or .mjs, exporting a factory (params, rng) => Policy; ${file} is not one)`, `not a bot file: ${file} (a bot is a .ts, .js or .mjs file)`);
    // A path without its extension (bots/rammer): the bot file beside it, if there is one.
    for (const ext of ['.ts', '.js', '.mjs']) if (existsSync(file + ext)) return importFactory(file + ext);
    throw new BotLoadError('missing', file, `a bot file (.ts, .js or .mjs) at this path (${file} does not exist)`, `no bot file ${file}`);
  }
  if (!existsSync(file)) throw new BotLoadError('missing', file, `a bot file at this path (${file} does not exist)`, `no bot file ${file}`);
  return importFactory(file);
}

/** Import a bot file and check that its default export is a factory; every failure a BotLoadError naming the file. */
async function importFactory(file: string): Promise<PolicyFactory> {
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    // The first line of the loader's complaint (a syntax error names its line), without a stack.
    const lines = String((e as Error)?.message ?? e).split('\n').map((l) => l.trim()).filter((l) => l !== '');
    const why = lines.find((l) => /ERROR:|SyntaxError/.test(l)) ?? lines[0] ?? 'it threw while loading';
    throw new BotLoadError('does-not-load', file, `a bot file that loads (${file}: ${why})`, `bot file ${file} does not load: ${why}`);
  }
  if (typeof mod.default !== 'function') {
    const got = mod.default === undefined ? 'no default export' : `a default export that is ${Array.isArray(mod.default) ? 'a list' : typeof mod.default}`;
    throw new BotLoadError('not-a-factory', file, `a bot file whose default export is a factory (params, rng) => Policy (${file} has ${got})`, `bot file ${file} exports no factory: the default export must be a factory (params, rng) => Policy (it has ${got})`);
  }
  return mod.default as PolicyFactory;
}

/** Import a bot's factory by name; throws naming the bots on offer when it is unknown. */
export async function loadBotFactory(name: string, dir = BOTS_DIR): Promise<PolicyFactory> {
  for (const ext of ['.ts', '.js', '.mjs']) {
    const file = join(dir, name + ext);
    if (existsSync(file)) return importFactory(file);
  }
  const known = listBots(dir).join(', ');
  throw new BotLoadError('unknown', dir, `one of ${known} in ${dir}, or a path to a bot file`, `unknown bot "${name}": expected one of ${known} in ${dir}`);
}

/**
 * One seat's policy for a match the CLI plays on the main thread (`stareater match`): the
 * bot loaded by name or path and built with its parameters; a factory that refuses them is a
 * BotLoadError ('params') naming the flag, like a bot that does not load.
 */
export async function seatPolicy(nameOrPath: string, params: Record<string, unknown>, matchSeed: string | number, seat: number, flag: string): Promise<Policy> {
  const factory = await loadPolicyFactory(nameOrPath);
  try {
    return makePolicy(factory, params, matchSeed, seat);
  } catch (e) {
    const why = String((e as Error)?.message ?? e).split('\n')[0];
    throw new BotLoadError('params', nameOrPath, `parameters ${nameOrPath} accepts (${why})`, `${flag}: expected parameters ${nameOrPath} accepts (${why}), got ${JSON.stringify(params)}`);
  }
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
