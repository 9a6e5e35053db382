/**
 * Checking a bot's parameters: each helper returns the value or its default, or throws an
 * Error naming the bot, the parameter, the value and what was expected. The experiment
 * loader reports that error against the experiment file (players[i].params).
 *
 * Why one module: every bot validates its params the same way, with the same wording. A
 * built-in bot declares its params once, as data (declareParams: name, type, default,
 * range or choices, doc); the parsing, the errors and the docs table (paramsMarkdown) are
 * derived from that one declaration.
 */

/** A param check error naming the bot, the param, the value and what was expected. */
export function paramError(bot: string, name: string, value: unknown, expected: string): Error {
  return new Error(`${bot}: param "${name}" must be ${expected}, got ${JSON.stringify(value) ?? String(value)}`);
}

/** Reject params the bot does not know (a misspelt name would otherwise be silently ignored). */
export function checkParamNames(bot: string, params: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (known.includes(key)) continue;
    const expected = known.length > 0 ? `expected one of ${known.join(', ')}` : 'it takes none';
    const near = known.find((k) => k.toLowerCase() === key.toLowerCase());
    throw new Error(`${bot}: unknown param "${key}" (${expected})${near ? `: did you mean "${near}"?` : ''}`);
  }
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

// ===================================================================== declared params

/** A default or bound worked out from the params read before it (`read`) and those given (`given`). */
export type Derived<T> = (read: Record<string, unknown>, given: Record<string, unknown>) => T;

interface SpecBase<N extends string> {
  name: N;
  /** What it does, for the docs table. */
  doc: string;
  /** The default as the docs show it, when it is worked out (a Derived default). */
  defaultDoc?: string;
}
export interface IntegerSpec<N extends string = string> extends SpecBase<N> {
  type: 'integer';
  default: number | Derived<number>;
  min: number;
  max: number | Derived<number>;
  /** The upper bound as the docs show it, when it is worked out. */
  maxDoc?: string;
}
export interface NumberSpec<N extends string = string> extends SpecBase<N> {
  type: 'number';
  default: number;
  min: number;
  max: number;
}
export interface BooleanSpec<N extends string = string> extends SpecBase<N> {
  type: 'boolean';
  default: boolean;
}
export interface ChoiceSpec<N extends string = string, C extends string = string> extends SpecBase<N> {
  type: 'choice';
  default: C;
  choices: readonly C[];
}
export interface ChoiceListSpec<N extends string = string, C extends string = string> extends SpecBase<N> {
  type: 'choices';
  default: readonly C[];
  choices: readonly C[];
}
/** One param of a bot: name, type, default, range or choices, doc. */
export type ParamSpec = IntegerSpec | NumberSpec | BooleanSpec | ChoiceSpec | ChoiceListSpec;

type ValueOf<S> = S extends { type: 'integer' | 'number' }
  ? number
  : S extends { type: 'boolean' }
    ? boolean
    : S extends { type: 'choice'; choices: readonly (infer C)[] }
      ? C
      : S extends { type: 'choices'; choices: readonly (infer C)[] }
        ? C[]
        : never;
/** The checked params, one field per declared param. */
export type ParamValues<S extends readonly ParamSpec[]> = { [E in S[number] as E['name']]: ValueOf<E> };

/** A bot's declared params: `read` checks a params object and returns the values with defaults filled in. */
export interface DeclaredParams<S extends readonly ParamSpec[]> {
  readonly bot: string;
  readonly specs: S;
  read(params: Record<string, unknown>): ParamValues<S>;
}

/**
 * Declare a bot's params. `read` refuses an unknown name (naming the near miss in another
 * case), and a value of the wrong type or out of range, naming the param, the value and
 * what was expected; params are read in the declared order, so a Derived default or bound
 * may use the ones before it.
 */
export function declareParams<const S extends readonly ParamSpec[]>(bot: string, specs: S): DeclaredParams<S> {
  const names = specs.map((s) => s.name);
  return {
    bot,
    specs,
    read(params) {
      checkParamNames(bot, params, names);
      const out: Record<string, unknown> = {};
      for (const s of specs) {
        switch (s.type) {
          case 'integer': {
            const def = typeof s.default === 'function' ? s.default(out, params) : s.default;
            const max = typeof s.max === 'function' ? s.max(out, params) : s.max;
            out[s.name] = intParam(bot, params, s.name, def, s.min, max);
            break;
          }
          case 'number':
            out[s.name] = numberParam(bot, params, s.name, s.default, s.min, s.max);
            break;
          case 'boolean':
            out[s.name] = boolParam(bot, params, s.name, s.default);
            break;
          case 'choice':
            out[s.name] = choiceParam(bot, params, s.name, s.default, s.choices);
            break;
          case 'choices':
            out[s.name] = choiceListParam(bot, params, s.name, s.default, s.choices);
            break;
        }
      }
      return out as ParamValues<S>;
    },
  };
}

/** A number as the docs write it: thousands grouped (50,000). */
function shownNumber(n: number): string {
  return Number.isInteger(n) && Math.abs(n) >= 10_000 ? n.toLocaleString('en-US') : String(n);
}

/** One param's type and range as the docs write it: "integer 1..10", "one of 'a', 'b'". */
export function paramType(s: ParamSpec): string {
  switch (s.type) {
    case 'integer':
      return `integer ${shownNumber(s.min)}..${typeof s.max === 'function' ? (s.maxDoc ?? '?') : shownNumber(s.max)}`;
    case 'number':
      return `number ${shownNumber(s.min)}..${shownNumber(s.max)}`;
    case 'boolean':
      return 'boolean';
    case 'choice':
      return `one of ${s.choices.join(', ')}`;
    case 'choices':
      return `one or a list of ${s.choices.join(', ')}`;
  }
}

/** One param's default as the docs write it. */
export function paramDefault(s: ParamSpec): string {
  if (s.defaultDoc !== undefined) return s.defaultDoc;
  if (typeof s.default === 'function') return '?';
  if (Array.isArray(s.default)) return s.default.join(', ');
  return typeof s.default === 'number' ? shownNumber(s.default) : String(s.default);
}

/** The params of some bots as markdown tables (docs/bots.md "Parameters of the built-in bots"). */
export function paramsMarkdown(declared: readonly DeclaredParams<readonly ParamSpec[]>[]): string {
  const out: string[] = [];
  for (const d of declared) {
    out.push(`\`${d.bot}\`:`, '', '| parameter | type and range | default | what it does |', '| --- | --- | --- | --- |');
    for (const s of d.specs) out.push(`| \`${s.name}\` | ${paramType(s)} | ${paramDefault(s)} | ${s.doc} |`);
    out.push('');
  }
  return out.join('\n');
}
