/**
 * One door for bots (src/bot-api.ts): a file in bots/ (the built-in policies, the modules in
 * bots/lib/ they share) and the test fixtures' bots import the bot API and nothing else of
 * src/; they may build on each other. A new import of a kernel or planner module fails here,
 * naming the file and the import: export what the bot needs from the API instead.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { repoRoot } from '../../src/content/load.ts';

const root = repoRoot();
const API = join(root, 'src', 'bot-api.ts');
const BOT_FOLDERS = [join(root, 'bots'), join(root, 'test', 'fixtures', 'bots')];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|js|mjs)$/.test(f) ? [p] : [];
  });
}

/** Every relative import and re-export of a file (static, type-only and dynamic alike). */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
}

/** What is wrong with one import of a bot file, or null when it goes through the door. */
function doorViolation(file: string, spec: string, folder: string): string | null {
  if (spec.startsWith('node:')) return null;
  if (!spec.startsWith('.')) return `${relative(root, file)} imports the package '${spec}'`;
  const target = normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');
  if (target === API) return null;
  if (!relative(folder, target).startsWith('..')) return null;
  return `${relative(root, file)} imports ${spec}`;
}

describe('bots import only the bot API', () => {
  const cases = BOT_FOLDERS.flatMap((folder) => files(folder).map((file) => [relative(root, file), file, folder] as const));

  it('finds the built-in bots and their shared registry', () => {
    const names = cases.map(([rel]) => rel.split(sep).join('/'));
    expect(names).toEqual(expect.arrayContaining(['bots/gunner.ts', 'bots/mcts.ts', 'bots/lib/models.ts', 'test/fixtures/bots/thrower.ts']));
  });

  it.each(cases)('%s', (_rel, file, folder) => {
    const wrong = importsOf(file)
      .map((spec) => doorViolation(file, spec, folder))
      .filter((w) => w !== null);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['../src/bot-api.js', null],
    ['./rammer.js', null],
    ['./lib/models.js', null],
    ['node:fs', null],
    ['../src/rules/kernel.js', 'bots/x.ts imports ../src/rules/kernel.js'],
    ['../src/scripted/pilot-kit.js', 'bots/x.ts imports ../src/scripted/pilot-kit.js'],
    ['../src/bot-vocabulary.js', 'bots/x.ts imports ../src/bot-vocabulary.js'],
    ['seedrandom', "bots/x.ts imports the package 'seedrandom'"],
  ])('the check itself: bots/x.ts importing %s', (spec, expected) => {
    expect(doorViolation(join(root, 'bots', 'x.ts'), spec, join(root, 'bots'))).toBe(expected);
  });
});
