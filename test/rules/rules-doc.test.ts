/**
 * docs/rules.md against the code and tests its sections name.
 *
 * Why: each rule's heading names where the rule is implemented and tested, so a rule is found
 * from its section number in one step. A pointer to a renamed file or function is worse than
 * none, so the pointers are checked here:
 * - every heading (`##` or `###`) that starts with a rulebook section number is followed by a
 *   `Code: ... Tests: ...` line;
 * - every path on such a line exists; a scenario range `test/scenarios/09-18` (or one number,
 *   `test/scenarios/40`) needs a scenario file for every number in it;
 * - every function named in parentheses after a path is declared in that file.
 *
 * How a line is read: `Code: <entries>. Tests: <entries>.`, entries separated by commas
 * outside parentheses; an entry is a repository path, optionally followed by
 * `(name, name, ...)`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/content/load.ts';

const ROOT = repoRoot();
const lines = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8').split('\n');
const SCENARIOS = join(ROOT, 'test', 'scenarios');
const scenarioNumbers = new Set(
  readdirSync(SCENARIOS)
    .map((f) => /^(\d+)-.*\.json$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1])),
);

interface Entry {
  path: string;
  names: string[];
}
interface PointerLine {
  line: number;
  heading: string;
  code: Entry[];
  tests: Entry[];
}

/** Split on commas that are not inside parentheses. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out;
}

function parseEntries(s: string): Entry[] {
  return splitTop(s.trim().replace(/\.$/, '')).map((e) => {
    const m = /^(\S+)(?:\s+\(([^)]*)\))?$/.exec(e);
    if (!m) throw new Error(`cannot read the entry "${e}"`);
    return { path: m[1], names: m[2] ? m[2].split(',').map((n) => n.trim()) : [] };
  });
}

const POINTER = /^Code: (.+?)\s+Tests: (.+)$/;
const isHeading = (l: string) => /^#{2,3} /.test(l);
/** A heading that starts with a rulebook section number (`## 7.2 ...`, `### 2 / I ...`). */
const isRuleHeading = (l: string) => /^#{2,3} \d/.test(l);

const pointers: PointerLine[] = [];
let heading = '';
for (let i = 0; i < lines.length; i++) {
  if (isHeading(lines[i])) heading = lines[i];
  const m = POINTER.exec(lines[i]);
  if (m) pointers.push({ line: i + 1, heading, code: parseEntries(m[1]), tests: parseEntries(m[2]) });
}

/** Scenario numbers of `test/scenarios/NN` or `test/scenarios/NN-MM`, or null for another path. */
function scenarioRange(path: string): number[] | null {
  const m = /^test\/scenarios\/(\d+)(?:-(\d+))?$/.exec(path);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (b < a) throw new Error(`${path}: the range runs backwards`);
  return Array.from({ length: b - a + 1 }, (_, k) => a + k);
}

/** Whether `name` is declared in `source`: a function, class, constant or class method. */
function declares(source: string, name: string): boolean {
  const n = name.replace(/[$]/g, '\\$');
  return [
    new RegExp(`\\b(function|class|interface|type)\\s+${n}\\b`),
    new RegExp(`\\b(const|let|var)\\s+${n}\\s*[=:]`),
    new RegExp(`^\\s*(?:(?:private|protected|public|static|readonly|async|override)\\s+)*${n}\\s*\\([^;]*$`, 'm'),
  ].some((re) => re.test(source));
}

describe('docs/rules.md: the Code and Tests line under each rule', () => {
  it('reads the lines (the checks below are not vacuous)', () => {
    expect(pointers.length).toBeGreaterThan(40);
    expect(pointers.some((p) => p.code.some((e) => e.names.length > 0))).toBe(true);
    expect(pointers.some((p) => p.tests.some((e) => (scenarioRange(e.path)?.length ?? 0) > 1))).toBe(true);
  });

  it('every heading that starts with a rulebook section number has a Code/Tests line right under it', () => {
    const missing: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (!isRuleHeading(lines[i])) continue;
      if (!POINTER.test(lines[i + 1] ?? '')) missing.push(`line ${i + 1}: ${lines[i]}`);
    }
    expect(missing).toEqual([]);
  });

  it('every Code/Tests line sits right under a heading and names at least one file of each', () => {
    const bad = pointers.filter(
      (p) => !isHeading(lines[p.line - 2] ?? '') || p.code.length === 0 || p.tests.length === 0,
    );
    expect(bad.map((p) => `line ${p.line}`)).toEqual([]);
  });

  it('every named path exists, and every scenario range has a file for each number', () => {
    const problems: string[] = [];
    for (const p of pointers) {
      for (const e of [...p.code, ...p.tests]) {
        const range = scenarioRange(e.path);
        if (range) {
          for (const n of range) if (!scenarioNumbers.has(n)) problems.push(`line ${p.line}: no scenario ${n} (${e.path})`);
        } else if (!existsSync(join(ROOT, e.path))) problems.push(`line ${p.line}: ${e.path} does not exist`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('code comes from src/ and tests from test/', () => {
    const problems: string[] = [];
    for (const p of pointers) {
      for (const e of p.code) if (!e.path.startsWith('src/')) problems.push(`line ${p.line}: code ${e.path}`);
      for (const e of p.tests) if (!e.path.startsWith('test/')) problems.push(`line ${p.line}: test ${e.path}`);
    }
    expect(problems).toEqual([]);
  });

  it('every function named in parentheses is declared in the named file', () => {
    const problems: string[] = [];
    for (const p of pointers) {
      for (const e of [...p.code, ...p.tests]) {
        if (e.names.length === 0) continue;
        const file = join(ROOT, e.path);
        if (!existsSync(file)) continue; // reported by the path check
        const source = readFileSync(file, 'utf8');
        for (const name of e.names) if (!declares(source, name)) problems.push(`line ${p.line}: ${name} not in ${e.path}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the declaration check has teeth: a name that is only called is not a declaration', () => {
    expect(declares('export function thrust(s) {}', 'thrust')).toBe(true);
    expect(declares('  private resolveVent(s: GameState): boolean {', 'resolveVent')).toBe(true);
    expect(declares('export class Draft {', 'Draft')).toBe(true);
    expect(declares('    this.thrust(s, p, t);', 'thrust')).toBe(false);
    expect(declares('const x = thrust(s);', 'thrust')).toBe(false);
    expect(declares('    thrust(s, p, t);', 'thrust')).toBe(false);
  });
});
