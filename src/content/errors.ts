/**
 * Config errors: one error type for every way a content file can be wrong.
 *
 * Why: the person who meets these is a game designer editing YAML, not a programmer
 * reading a stack trace ("bad input gets a clear error naming the file,
 * the path inside it and what was expected"). So every problem, whether a YAML syntax
 * slip, a wrong type caught by zod or a cross-field rule (a mount on a hex the hull does
 * not have), is reduced to the same four facts: file, path, what was expected, what was
 * found; plus the line when we know it. All problems in a file are reported at once, one
 * per line, so a designer fixes a file in one pass instead of one error per run.
 */
import type { YAMLError } from 'yaml';
import type { ZodError } from 'zod';

/** Where a value sits in the source text (1-based). */
export interface SourcePos {
  line: number;
  column: number;
}

/** One problem in a config file. */
export interface ConfigIssue {
  /** Path inside the file, e.g. `hull.sections[2].armour`; `(root)` for the whole file. */
  path: string;
  /** What the file should have had there, as a phrase: `an integer >= 0`. */
  expected: string;
  /** What it had, already rendered (JSON of the value, or `nothing` when missing). */
  got: string;
  /** Source position of the offending value, when known. */
  line?: number;
  column?: number;
}

/**
 * A content file is unreadable or invalid. `message` lists every issue, one per line, as
 * `<file>: at <path>: expected <what>, got <value as JSON>` (plus the line when known).
 * `path` is the first issue's path; `issues` has them all.
 */
export class ConfigError extends Error {
  /** The file, as it was named to the loader. */
  readonly file: string;
  /** Path of the first issue inside the file. */
  readonly path: string;
  /** Line of the first issue, when known. */
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly issues: readonly ConfigIssue[];

  constructor(file: string, issues: ConfigIssue[]) {
    const list = issues.length > 0 ? issues : [{ path: ROOT, expected: 'a valid file', got: 'an unknown problem' }];
    super(list.map((i) => formatIssue(file, i)).join('\n'));
    this.name = 'ConfigError';
    this.file = file;
    this.path = list[0].path;
    this.line = list[0].line;
    this.column = list[0].column;
    this.issues = list;
  }

  /** One issue, with the offending value rendered for you. */
  static at(file: string, path: string | readonly PropertyKey[], expected: string, value: unknown, pos?: SourcePos): ConfigError {
    const p = typeof path === 'string' ? path : formatPath(path);
    return new ConfigError(file, [{ path: p, expected, got: renderValue(value), ...pos }]);
  }
}

/** The path shown for the whole document. */
export const ROOT = '(root)';

function formatIssue(file: string, i: ConfigIssue): string {
  const pos = i.line !== undefined ? `line ${i.line}, column ${i.column ?? 1}` : '';
  const where = pos !== '' && pos !== i.path ? ` (${pos})` : '';
  return `${file}: at ${i.path}: expected ${i.expected}, got ${i.got}${where}`;
}

/** `['hull', 'sections', 2, 'armour']` -> `hull.sections[2].armour`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else {
      const s = String(seg);
      if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s)) out += out === '' ? s : `.${s}`;
      else out += `[${JSON.stringify(s)}]`;
    }
  }
  return out === '' ? ROOT : out;
}

/** JSON of a value for a message, shortened when long; `nothing` for undefined. */
export function renderValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/** Look a value up in parsed data by a zod-style path; undefined when absent. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg as string];
  }
  return cur;
}

/** Options for {@link zodIssuesToError}. */
export interface ZodIssueOptions {
  /** Source position of the value at a path (from the YAML document), for `(line, column)`. */
  locate?: (path: readonly PropertyKey[], key?: boolean) => SourcePos | undefined;
  /** The schema that failed, so an unknown key can be answered with the known ones. */
  schema?: unknown;
}

/**
 * Turn a failed zod parse into a ConfigError listing every issue, each with its path, the
 * offending value looked up in `data` by that path, and zod's expectation in words.
 * Unknown keys (strict objects) name the key and, given the schema, the nearest known key.
 */
export function zodIssuesToError(file: string, error: ZodError, data: unknown, opts: ZodIssueOptions = {}): ConfigError {
  const out: ConfigIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      const known = opts.schema !== undefined ? knownKeysAt(opts.schema, path) : [];
      for (const key of issue.keys) {
        const hint = nearest(key, known);
        const list = known.length > 0 ? `one of the known keys ${known.join(', ')}` : 'a known key';
        const expected = hint !== undefined ? `${list} (did you mean "${hint}"?)` : list;
        out.push({
          path: formatPath([...path, key]),
          expected,
          got: `unknown key ${JSON.stringify(key)}`,
          ...opts.locate?.([...path, key], true),
        });
      }
      continue;
    }
    if (issue.code === 'invalid_key') {
      const key = path[path.length - 1];
      out.push({
        path: formatPath(path),
        expected: `a key that is ${describeInner(issue.issues)}`,
        got: `key ${JSON.stringify(String(key))}`,
        ...opts.locate?.(path, true),
      });
      continue;
    }
    const value = valueAt(data, path);
    // Cross-field checks may say better what was found than the raw value (params.got).
    const custom = issue.code === 'custom' ? (issue.params as { got?: unknown } | undefined)?.got : undefined;
    const got = typeof custom === 'string' ? custom : renderValue(value);
    let expected = describeIssue(issue, value);
    const numeric =
      (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) ||
      ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number');
    if (numeric) {
      const num = describeNumberSchema(schemaAt(opts.schema, path));
      if (num !== undefined) expected = value === undefined ? `${num} (this field is required)` : num;
    }
    out.push({ path: formatPath(path), expected, got, ...opts.locate?.(path) });
  }
  // Read top to bottom like the file; issues without a line keep zod's order at the end.
  const order = out.map((issue, i) => ({ issue, i }));
  order.sort((a, b) => (a.issue.line ?? Infinity) - (b.issue.line ?? Infinity) || a.i - b.i);
  return new ConfigError(
    file,
    order.map((o) => o.issue),
  );
}

type AnyIssue = ZodError['issues'][number];

const TYPE_WORDS: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'a mapping (key: value pairs)',
  record: 'a mapping (key: value pairs)',
};

/** zod's expectation for one issue, as a phrase that reads after "expected". */
function describeIssue(issue: AnyIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const what = TYPE_WORDS[issue.expected] ?? issue.expected;
      return value === undefined ? `${what} (this field is required)` : what;
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = Number(small ? issue.minimum : issue.maximum);
      const exact = 'exact' in issue && issue.exact === true;
      const inclusive = issue.inclusive !== false;
      const op = small ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<';
      switch (issue.origin) {
        case 'array':
        case 'set':
          if (exact) return `a list of exactly ${bound} item${bound === 1 ? '' : 's'}`;
          return `a list of ${small ? 'at least' : 'at most'} ${bound} item${bound === 1 ? '' : 's'}`;
        case 'string':
          if (small && bound === 1) return 'a non-empty string';
          return `a string of ${small ? 'at least' : 'at most'} ${bound} characters`;
        default:
          return `a number ${op} ${bound}`;
      }
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.message.startsWith('Invalid') ? `a string matching ${issue.format}` : issue.message;
    case 'invalid_union': {
      // A discriminated union names its discriminator values.
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options) && options.length > 0) return `one of ${options.map((v) => JSON.stringify(v)).join(', ')}`;
      // A schema may say what its forms are (its own error message); zod's generic one does not.
      return issue.message && !issue.message.startsWith('Invalid input') ? issue.message : 'one of the allowed forms';
    }
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

function describeInner(issues: readonly AnyIssue[]): string {
  return issues.length > 0 ? describeIssue(issues[0], undefined).replace(/ \(this field is required\)$/, '') : 'valid';
}

/**
 * Keys a strict object schema accepts at `path` (walking objects, arrays, records, tuples
 * and wrappers through zod's internal definitions); empty when it cannot tell.
 */
export function knownKeysAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  return keysOf(schemaAt(schema, path));
}

/** The sub-schema at a data path, or undefined when the walk cannot follow it. */
function schemaAt(schema: unknown, path: readonly PropertyKey[]): unknown {
  let s = unwrap(schema);
  for (const seg of path) {
    const def = defOf(s);
    if (def === undefined) return undefined;
    switch (def.type) {
      case 'object':
        s = unwrap((def.shape as Record<string, unknown>)[String(seg)]);
        break;
      case 'array':
        s = unwrap(def.element);
        break;
      case 'record':
        s = unwrap(def.valueType);
        break;
      case 'tuple':
        s = unwrap((def.items as unknown[])[Number(seg)]);
        break;
      case 'union': {
        // The first alternative that has this key (good enough for the board shapes).
        const o = (def.options as unknown[]).map(unwrap).find((x) => keysOf(x).includes(String(seg)));
        s = o === undefined ? undefined : unwrap((defOf(o)!.shape as Record<string, unknown>)[String(seg)]);
        break;
      }
      default:
        return undefined;
    }
  }
  return s;
}

function keysOf(s: unknown): string[] {
  const def = defOf(s);
  if (def?.type === 'object') return Object.keys(def.shape as object);
  if (def?.type === 'union') {
    // Keys of every alternative (a board file is a hexagon or a rectangle).
    const keys = new Set<string>();
    for (const o of def.options as unknown[]) for (const k of keysOf(unwrap(o))) keys.add(k);
    return [...keys];
  }
  return [];
}

/**
 * "an integer from 0 to 20" for a number schema (zod reports a string given to z.int()
 * only as "expected number"); undefined for anything else.
 */
function describeNumberSchema(s: unknown): string | undefined {
  const def = defOf(s);
  if (def?.type !== 'number') return undefined;
  const n = s as { minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  // z.int() says so in its format, z.number().int() in its isInt.
  const isInt = (typeof def.format === 'string' && def.format.includes('int')) || n.isInt === true;
  const what = isInt ? 'an integer' : 'a number';
  const lo = n.minValue;
  const hi = n.maxValue;
  const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Math.abs(v) < 1e9;
  if (ok(lo) && ok(hi)) return `${what} from ${lo} to ${hi}`;
  if (ok(lo)) return `${what} >= ${lo}`;
  if (ok(hi)) return `${what} <= ${hi}`;
  return what;
}

interface LooseDef {
  type: string;
  [k: string]: unknown;
}

function defOf(s: unknown): LooseDef | undefined {
  return (s as { _zod?: { def?: LooseDef } } | undefined)?._zod?.def;
}

function unwrap(s: unknown): unknown {
  for (let i = 0; i < 16; i++) {
    const def = defOf(s);
    if (def === undefined) return s;
    if ('innerType' in def) s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
  return s;
}

/** The known key closest to a typo (edit distance <= 2), if any. */
function nearest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function editDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([i]);
    for (let j = 1; j <= b.length; j++) d[i].push(i === 0 ? j : 0);
  }
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
      d[i][j] = v;
    }
  }
  return d[a.length][b.length];
}

/**
 * YAML syntax errors (bad indentation, unclosed brackets, duplicate keys ...) as a
 * ConfigError: path `line L, column C`, expected `valid YAML (<parser's complaint>)`,
 * got the offending source line. Only the first error is reported: the parser's later
 * complaints are almost always knock-on effects of it.
 */
export function yamlErrorsToError(file: string, errors: readonly YAMLError[], source: string): ConfigError {
  const lines = source.split(/\r?\n/);
  return new ConfigError(
    file,
    errors.slice(0, 1).map((e) => {
      const pos = e.linePos?.[0];
      const line = pos?.line ?? 1;
      const column = pos?.col ?? 1;
      // With prettyErrors the message carries " at line L, column C:" and a source excerpt.
      const what = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?\s*$/, '');
      return {
        path: `line ${line}, column ${column}`,
        expected: `valid YAML (${what})`,
        got: JSON.stringify(lines[line - 1] ?? ''),
        line,
        column,
      };
    }),
  );
}
