/**
 * The policies a search bot (bots/lookahead.ts, bots/mcts.ts) can build on: as its base
 * (its own suggestions and mid-round answers), as its model of the opponent, or as its
 * playout policy.
 *
 * Why a registry, and why here: the search bots name them in their params, and importing
 * them statically keeps a search bot's factory synchronous; bots build on bots, so the
 * registry sits with them (bots/lib/ holds modules the bots share, not bots). The four styles draw no random numbers and keep
 * no memory between decisions, so one instance can answer for any seat of any simulated
 * state; rammer and random take the search bot's own stream. `tuned` is a style with the
 * parameters of bots/data/tuned.json (bots/tuned.ts).
 */
import type { Policy, PolicyFactory } from '../../src/bot-api.js';
import rammer from '../rammer.js';
import random from '../random.js';
import gunner from '../gunner.js';
import brawler from '../brawler.js';
import carrier from '../carrier.js';
import turtle from '../turtle.js';
import tuned from '../tuned.js';

const MODELS = { gunner, brawler, carrier, turtle, rammer, random, tuned } satisfies Record<string, PolicyFactory>;

/** A policy a search bot can name. */
export type ModelName = keyof typeof MODELS;
/** Every nameable policy. */
export const MODEL_NAMES = Object.keys(MODELS) as ModelName[];
/** The scripted styles (no random play): the candidates' suggesters. */
export const STYLE_NAMES: readonly ModelName[] = ['gunner', 'brawler', 'carrier', 'turtle'];

/** A fresh instance of a named policy with its default params. */
export function modelPolicy(name: ModelName, rng: () => number): Policy {
  return MODELS[name]({}, rng);
}
