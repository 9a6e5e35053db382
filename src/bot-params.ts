/**
 * Checking a bot's parameters: each helper returns the value or its default, or throws an
 * Error naming the bot, the parameter, the value and what was expected. The experiment
 * loader reports that error against the experiment file (players[i].params).
 *
 * Why one module: every bot validates its params the same way, with the same wording.
 */

/** A param check error naming the bot, the param, the value and what was expected. */
export function paramError(bot: string, name: string, value: unknown, expected: string): Error {
  return new Error(`${bot}: param "${name}" must be ${expected}, got ${JSON.stringify(value) ?? String(value)}`);
}

/** Reject params the bot does not know (a misspelt name would otherwise be silently ignored). */
export function checkParamNames(bot: string, params: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(params)) if (!known.includes(key)) throw new Error(`${bot}: unknown param "${key}" (expected one of ${known.join(', ')})`);
}

/** An integer param in [min, max], or its default when absent. */
export function intParam(bot: string, params: Record<string, unknown>, name: string, def: number, min: number, max: number): number {
  const v = params[name];
  if (v === undefined) return def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw paramError(bot, name, v, `an integer from ${min} to ${max}`);
  return v;
}

/** A finite number param in [min, max], or its default when absent. */
export function numberParam(bot: string, params: Record<string, unknown>, name: string, def: number, min: number, max: number): number {
  const v = params[name];
  if (v === undefined) return def;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw paramError(bot, name, v, `a number from ${min} to ${max}`);
  return v;
}

/** One of a fixed set of names, or its default when absent. */
export function choiceParam<T extends string>(bot: string, params: Record<string, unknown>, name: string, def: T, choices: readonly T[]): T {
  const v = params[name];
  if (v === undefined) return def;
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) throw paramError(bot, name, v, `one of ${choices.map((c) => `'${c}'`).join(', ')}`);
  return v as T;
}

/** A boolean param, or its default when absent. */
export function boolParam(bot: string, params: Record<string, unknown>, name: string, def: boolean): boolean {
  const v = params[name];
  if (v === undefined) return def;
  if (typeof v !== 'boolean') throw paramError(bot, name, v, 'true or false');
  return v;
}

/** One name, or a non-empty list of distinct names, from a fixed set; its default when absent. */
export function choiceListParam<T extends string>(bot: string, params: Record<string, unknown>, name: string, def: readonly T[], choices: readonly T[]): T[] {
  const v = params[name];
  if (v === undefined) return [...def];
  const list = typeof v === 'string' ? [v] : v;
  const expected = `one of ${choices.map((c) => `'${c}'`).join(', ')}, or a non-empty list of distinct ones`;
  if (!Array.isArray(list) || list.length === 0 || new Set(list).size !== list.length) throw paramError(bot, name, v, expected);
  for (const x of list) if (typeof x !== 'string' || !(choices as readonly string[]).includes(x)) throw paramError(bot, name, v, expected);
  return list as T[];
}
