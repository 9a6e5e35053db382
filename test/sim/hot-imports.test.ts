/**
 * The hot modules (the kernel, the match loop, search and the built-in bots) bind the
 * constants and functions they import to module constants:
 *
 *   import * as stateModule from './state.js';
 *   const { G_PLAYERS, MAX_SECTIONS } = stateModule;
 *
 * V8 (Node 20) reads an imported binding through its module cell with a TDZ check at every
 * use and cannot fold it, while it folds a module constant: the change cut a rammer match
 * from about 779,000 to 646,000 instructions. Enums count as values:
 * they are plain enums (src/rules/tables.ts) so that they can be bound too. This test keeps new
 * code to the idiom, and checks the one way it can go wrong: a destructured `export let`
 * would be a stale copy of a live binding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..');
/** The kernel's modules that play a round, the match loop, search, the styles' planner and the built-in bots. */
const COLD_RULES = new Set(['setup.ts', 'invariants.ts', 'draft.ts', 'tables.ts', 'state.ts', 'events.ts', 'decisions.ts', 'context.ts', 'resolution-steps.ts', 'structure.ts']);
const HOT = [
  ...readdirSync(join(root, 'src/rules')).filter((f) => f.endsWith('.ts') && !COLD_RULES.has(f)).map((f) => `src/rules/${f}`),
  'src/sim/match.ts',
  'src/search/heuristic.ts',
  ...readdirSync(join(root, 'src/scripted')).filter((f) => f.endsWith('.ts')).map((f) => `src/scripted/${f}`),
  'bots/rammer.ts',
  'bots/gunner.ts',
  'bots/brawler.ts',
  'bots/carrier.ts',
  'bots/turtle.ts',
  'bots/lookahead.ts',
  'bots/mcts.ts',
  'bots/lib/models.ts',
];

/** Names a module exports as `export let` (live bindings, which must stay imported by name). */
function liveExports(file: string): Set<string> {
  const src = readFileSync(file, 'utf8');
  return new Set([...src.matchAll(/^export let (\w+)/gm)].map((m) => m[1]));
}

/** Enums (objects at run time: tsx compiles file by file and inlines no enum from another file). */
const ENUMS = new Set([...readFileSync(join(root, 'src/rules/tables.ts'), 'utf8').matchAll(/^export (?:const )?enum (\w+)/gm)].map((m) => m[1]));

function sourceOf(from: string, importer: string): string {
  return join(dirname(importer), from).replace(/\.js$/, '.ts');
}

describe('hot modules bind imported values to module constants', () => {
  it.each(HOT)('%s', (rel) => {
    const file = join(root, rel);
    const src = readFileSync(file, 'utf8');
    const problems: string[] = [];
    // Named imports from the project's own modules: types, classes (PascalCase) and live bindings only.
    for (const m of src.matchAll(/^import \{([^}]*)\} from '(\.[^']*)';/gm)) {
      const live = liveExports(sourceOf(m[2], file));
      for (const entry of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
        if (entry.startsWith('type ')) continue;
        const name = entry.split(/\s+as\s+/)[0];
        if ((/^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$/.test(name) && !ENUMS.has(name)) || live.has(name)) continue;
        problems.push(`imports ${name} from ${m[2]} by name: bind it with const { ${name} } = <namespace>`);
      }
    }
    // Destructured namespaces: never a live binding.
    const namespaces = new Map([...src.matchAll(/^import \* as (\w+) from '(\.[^']*)';/gm)].map((m) => [m[1], m[2]]));
    for (const m of src.matchAll(/^const \{([^}]*)\} = (\w+);/gm)) {
      const from = namespaces.get(m[2]);
      if (!from) continue;
      const live = liveExports(sourceOf(from, file));
      for (const entry of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
        const name = entry.split(':')[0].trim();
        if (live.has(name)) problems.push(`copies ${name}, an \`export let\` of ${from} that changes at run time: import it by name`);
      }
    }
    expect(problems).toEqual([]);
  });
});
