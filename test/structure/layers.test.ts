/**
 * The folders of src/ depend on each other one way (docs/architecture.md, "Folders and
 * layers"): each imports only folders below it in LAYERS. A new import against the order
 * fails here, with the file and the import.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { repoRoot } from '../../src/content/load.ts';

/**
 * Lowest first. '(root)' is src/*.ts besides the bot API: the bots' vocabulary and parameter
 * helpers, which the planners (scripted, search) build on; '(bot API)' is src/bot-api.ts,
 * which re-exports them together with the planners.
 */
const LAYERS = ['random', 'hex', 'rules', 'content', '(root)', 'scripted', 'search', '(bot API)', 'sim', 'analysis', 'report', 'run', 'cli'];

const src = join(repoRoot(), 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|mjs)$/.test(f) ? [p] : [];
  });
}

const folderOf = (rel: string) => (rel.includes(sep) ? rel.split(sep)[0] : rel === 'bot-api.ts' ? '(bot API)' : '(root)');

function imports(): { file: string; from: string; to: string; spec: string }[] {
  const out: { file: string; from: string; to: string; spec: string }[] = [];
  for (const file of files(src)) {
    const rel = relative(src, file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(src, normalize(join(dirname(file), m[1])));
      const to = target.startsWith('..') ? target.split(sep)[1] : folderOf(target);
      out.push({ file: rel, from: folderOf(rel), to, spec: m[1] });
    }
  }
  return out;
}

describe('src/ layers', () => {
  it('every folder is in the layer order', () => {
    const folders = readdirSync(src).filter((f) => statSync(join(src, f)).isDirectory());
    expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
    expect(folders.filter((f) => f.startsWith('('))).toEqual([]);
  });

  it('no folder imports a folder above it (or outside src/)', () => {
    const wrong = imports()
      .filter((i) => i.from !== i.to && !(LAYERS.indexOf(i.to) >= 0 && LAYERS.indexOf(i.to) < LAYERS.indexOf(i.from)))
      .map((i) => `${i.file} -> ${i.to} (${i.spec})`);
    expect(wrong).toEqual([]);
  });
});
