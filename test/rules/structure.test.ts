/**
 * The shape of src/rules: imports inside it flow one way, and no module there
 * grows past MAX_LINES. kernel.ts is the entry point; the modules it is built from (its
 * layers, movement, weapons, corvettes, ...) sit below it and never import it, so each can
 * be read with only what is below it in mind.
 *
 * Why it reads the source text: the rule is about the files as written, type-only imports
 * included (a type cycle is still a cycle in the design), and reading text needs no build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const rulesDir = resolve(__dirname, '..', '..', 'src', 'rules');
const MAX_LINES = 800;
/** What src/rules may import from outside itself: only what is below the rules. */
const OUTSIDE_ALLOWED = ['../hex/hex.js'];

const files = readdirSync(rulesDir)
  .filter((f) => f.endsWith('.ts'))
  .sort();
const sources = new Map(files.map((f) => [f, readFileSync(resolve(rulesDir, f), 'utf8')]));

/** Every module specifier a source imports or re-exports from (static `import`/`export ... from`, side-effect imports, `import(...)`). */
function specifiers(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm)) out.push(m[1]);
  for (const m of src.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) out.push(m[1]);
  for (const m of src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

/** The import graph inside a directory: file -> files it imports there (`./x.js` -> `x.ts`). */
function graphOf(srcs: Map<string, string>): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const [f, src] of srcs) {
    const deps = specifiers(src)
      .filter((s) => s.startsWith('./'))
      .map((s) => s.slice(2).replace(/\.js$/, '.ts'));
    g.set(f, [...new Set(deps)]);
  }
  return g;
}

/** Every cycle's path (first file repeated at the end), found by depth-first search; [] when there is none. */
function cycles(g: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    path.push(f);
    for (const d of g.get(f) ?? []) {
      if (state.get(d) === 'open') found.push([...path.slice(path.indexOf(d)), d]);
      else if (!state.has(d)) visit(d);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of [...g.keys()].sort()) if (!state.has(f)) visit(f);
  return found;
}

describe('src/rules structure', () => {
  const graph = graphOf(sources);

  it('reads the imports (the checks below are not vacuous)', () => {
    expect(files).toContain('kernel.ts');
    expect(graph.get('kernel.ts')).toContain('decisions.ts');
    expect(graph.get('kernel.ts')!.length).toBeGreaterThan(1);
    for (const [f, deps] of graph) for (const d of deps) expect(files, `${f} imports ./${d}, which does not exist`).toContain(d);
  });

  it('finds a cycle when there is one (the detector works)', () => {
    const g = graphOf(new Map([
      ['a.ts', "import { B } from './b.js';"],
      ['b.ts', "import type { C } from './c.js';"],
      ['c.ts', "export { A } from './a.js';"],
      ['d.ts', "import * as a from './a.js';"],
    ]));
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('imports inside src/rules form no cycle', () => {
    expect(cycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('no module the kernel is built from imports kernel.ts', () => {
    // The modules kernel.ts reaches, itself excluded; none may import it back.
    const below = new Set<string>();
    const stack = [...graph.get('kernel.ts')!];
    while (stack.length > 0) {
      const f = stack.pop()!;
      if (below.has(f)) continue;
      below.add(f);
      stack.push(...(graph.get(f) ?? []));
    }
    expect([...below].filter((f) => graph.get(f)!.includes('kernel.ts'))).toEqual([]);
  });

  it('src/rules imports nothing from outside it but the hex geometry', () => {
    const outside = files.flatMap((f) =>
      specifiers(sources.get(f)!)
        .filter((s) => !s.startsWith('./') && s.startsWith('.') && !OUTSIDE_ALLOWED.includes(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it(`no file in src/rules is over ${MAX_LINES} lines`, () => {
    const long = files
      .map((f) => ({ f, lines: sources.get(f)!.split('\n').length - (sources.get(f)!.endsWith('\n') ? 1 : 0) }))
      .filter((x) => x.lines > MAX_LINES)
      .map((x) => `${x.f}: ${x.lines} lines`);
    expect(long).toEqual([]);
  });
});
