/**
 * Every built-in bot declares its params as data (src/bot-params.ts declareParams) and
 * refuses, naming the param and what was expected: an unknown name (a misspelling in
 * another case gets a "did you mean"), a value of the wrong type, and one out of range.
 * docs/bots.md's parameter tables are the declarations rendered (paramsMarkdown).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paramsMarkdown, type DeclaredParams, type ParamSpec } from '../../src/bot-params.ts';
import { loadBotFactory } from '../../src/sim/bots.ts';
import { PARAMS as RANDOM } from '../../bots/random.ts';
import { PARAMS as RAMMER } from '../../bots/rammer.ts';
import { PARAMS as GUNNER } from '../../bots/gunner.ts';
import { PARAMS as BRAWLER } from '../../bots/brawler.ts';
import { PARAMS as CARRIER } from '../../bots/carrier.ts';
import { PARAMS as TURTLE } from '../../bots/turtle.ts';
import { PARAMS as LOOKAHEAD } from '../../bots/lookahead.ts';
import { PARAMS as MCTS } from '../../bots/mcts.ts';
import { PARAMS as TUNED } from '../../bots/tuned.ts';

const DECLARED: DeclaredParams<readonly ParamSpec[]>[] = [RANDOM, RAMMER, GUNNER, BRAWLER, CARRIER, TURTLE, TUNED, LOOKAHEAD, MCTS];

/** A value of the wrong type for a spec, and one of the right type out of its range (none for a boolean). */
function badValues(s: ParamSpec): { mistyped: unknown; outOfRange?: unknown; expected: RegExp } {
  switch (s.type) {
    case 'integer':
      return { mistyped: String(s.min), outOfRange: s.min - 1, expected: /must be an integer from/ };
    case 'number':
      return { mistyped: String(s.min), outOfRange: s.max + 1, expected: /must be a number from/ };
    case 'boolean':
      return { mistyped: 'true', expected: /must be true or false/ };
    case 'choice':
      return { mistyped: 1, outOfRange: 'nobody', expected: /must be one of/ };
    case 'choices':
      return { mistyped: 1, outOfRange: ['nobody'], expected: /must be one of/ };
  }
}

/** The error a bot's factory throws for these params, or 'accepted'. */
async function refusal(bot: string, params: Record<string, unknown>): Promise<string> {
  const f = await loadBotFactory(bot);
  try {
    f(params, () => 0.5);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

describe('every built-in bot refuses a bad param, naming it', () => {
  it.each(DECLARED.map((d) => [d.bot, d] as const))('%s: an unknown name', async (bot, d) => {
    const message = await refusal(bot, { noSuchParam: 1 });
    expect(message).toBe(`${bot}: unknown param "noSuchParam" (${d.specs.length ? `expected one of ${d.specs.map((s) => s.name).join(', ')}` : 'it takes none'})`);
  });

  const cases = DECLARED.flatMap((d) => d.specs.map((s) => [d.bot, s] as const));
  it.each(cases)('%s: %o, mistyped or out of range', async (bot, s) => {
    const { mistyped, outOfRange, expected } = badValues(s);
    const wrongType = await refusal(bot, { [s.name]: mistyped });
    expect(wrongType).toMatch(new RegExp(`^${bot}: param "${s.name}" ${expected.source}`));
    expect(wrongType.endsWith(`, got ${JSON.stringify(mistyped)}`), wrongType).toBe(true);
    if (outOfRange !== undefined) {
      const outside = await refusal(bot, { [s.name]: outOfRange });
      expect(outside).toMatch(new RegExp(`^${bot}: param "${s.name}" ${expected.source}`));
    }
    // A name in the wrong case is refused too, pointing at the right one.
    const lower = s.name.toLowerCase() === s.name ? s.name.toUpperCase() : s.name.toLowerCase();
    expect(await refusal(bot, { [lower]: s.default })).toMatch(new RegExp(`unknown param "${lower}" .*did you mean "${s.name}"\\?$`));
  });

  it('rammer: maxspeed 1, maxSpeed "1", maxSpeed -1 are each refused; maxSpeed 1 to 4 accepted', async () => {
    expect(await refusal('rammer', { maxspeed: 1 })).toBe('rammer: unknown param "maxspeed" (expected one of maxSpeed): did you mean "maxSpeed"?');
    expect(await refusal('rammer', { maxSpeed: '1' })).toBe('rammer: param "maxSpeed" must be an integer from 1 to 4, got "1"');
    expect(await refusal('rammer', { maxSpeed: -1 })).toBe('rammer: param "maxSpeed" must be an integer from 1 to 4, got -1');
    for (const v of [1, 2, 3, 4]) expect(await refusal('rammer', { maxSpeed: v })).toBe('accepted');
  });

  it('every default is accepted', async () => {
    for (const d of DECLARED) expect(await refusal(d.bot, {}), d.bot).toBe('accepted');
  });
});

describe('docs/bots.md', () => {
  it("holds every built-in bot's parameter table as rendered from its declaration", () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'bots.md'), 'utf8');
    const tables = paramsMarkdown(DECLARED.filter((d) => d.specs.length > 0));
    expect(doc, `docs/bots.md should contain, verbatim:\n${tables}`).toContain(tables);
  });
});
