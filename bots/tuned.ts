/**
 * `tuned`: a scripted style flown with parameters tuned by self-play, read from
 * bots/data/tuned.json.
 *
 * Why: the styles' defaults were set by hand; a seeded noisy optimiser over their declared
 * parameters (scripts/tune-style.ts: a (1+1) evolution strategy on common seeds against the
 * four styles) finds settings that beat the hand-set ones clearly, at a scripted style's
 * speed: hundreds of matches per second per core, against a search bot's handful. The
 * tuned values ship as data with the script and the seed that made them, so they can be
 * remade and checked; the bot itself adds no logic, it is the named style with other knobs.
 *
 * Parameters: `style` (default: the file's `best`, the style with the best validation score)
 * picks which tuned style plays. The draft is the style's own.
 */
import { readFileSync } from 'node:fs';
import type { PolicyFactory } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
import gunner from './gunner.js';
import brawler from './brawler.js';
import carrier from './carrier.js';
import turtle from './turtle.js';

const { declareParams } = botApiModule;

const NAME = 'tuned';
const FACTORIES = { gunner, brawler, carrier, turtle } satisfies Record<string, PolicyFactory>;
type Style = keyof typeof FACTORIES;
const STYLES = Object.keys(FACTORIES) as Style[];

/** The shape of bots/data/tuned.json (written by scripts/tune-style.ts). */
interface TunedData {
  made: string;
  best: Style;
  styles: Partial<Record<Style, { params: Record<string, number | boolean> }>>;
}

const DATA_FILE = new URL('./data/tuned.json', import.meta.url);
const data = JSON.parse(readFileSync(DATA_FILE, 'utf8')) as TunedData;
const tunedStyles = STYLES.filter((s) => data.styles[s]);
if (!tunedStyles.includes(data.best)) throw new Error(`${DATA_FILE.pathname}: best: expected one of the tuned styles (${tunedStyles.join(', ')}), got ${JSON.stringify(data.best)}`);

/** The params, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(NAME, [
  { name: 'style', type: 'choice', default: data.best, choices: tunedStyles, doc: 'the style that plays, with its tuned parameters from bots/data/tuned.json (default: the best by validation score).' },
]);

/** Each style's tuned parameters, as the style's own params. */
export function tunedParams(style: Style): Record<string, number | boolean> {
  return { ...data.styles[style]!.params };
}

const factory: PolicyFactory = (params, rng) => {
  const { style } = PARAMS.read(params);
  const inner = FACTORIES[style](tunedParams(style), rng);
  return { ...inner, name: NAME };
};

export default factory;
