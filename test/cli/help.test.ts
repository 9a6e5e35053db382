/**
 * The CLI's help texts stay true: a snapshot of every command's help (a change shows up in
 * review), and the claims in them checked against the project: the npm scripts they name
 * run the commands they say, the docs they point to exist, and --version is package.json's.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProgram, labVersion } from '../../src/cli/main.ts';
import { repoRoot } from '../../src/content/load.ts';

const root = repoRoot();
const program = buildProgram();
const helps: [string, string][] = [['stareater', program.helpInformation()], ...program.commands.map((c): [string, string] => [c.name(), c.helpInformation()])];
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

describe('CLI help', () => {
  it.each(helps)('%s --help is as recorded', (name, text) => {
    expect(text).toMatchSnapshot();
  });

  it('promises nothing that is not there yet', () => {
    for (const [name, text] of helps) expect(text, name).not.toMatch(/\(soon\)|not yet|TODO/i);
  });

  it('every `npm start` / `npm run X` it names runs the command it describes', () => {
    for (const [name, text] of helps.slice(1)) {
      const flat = text.replace(/\s+/g, ' ');
      for (const m of flat.matchAll(/what `npm (start|run [\w:-]+)` runs/g)) {
        const script = pkg.scripts[m[1] === 'start' ? 'start' : m[1].slice(4)];
        expect(script, `${name}: ${m[0]}`).toBeDefined();
        expect(script, `${name}: ${m[0]}`).toMatch(new RegExp(`src/cli/main\\.ts ${name}\\b`));
      }
    }
  });

  it('every docs/ file it points to exists', () => {
    for (const [name, text] of helps) for (const m of text.replace(/\s+/g, ' ').matchAll(/docs\/[\w.-]+\.md/g)) expect(existsSync(join(root, m[0])), `${name}: ${m[0]}`).toBe(true);
  });

  it('--version is the package version, with the commit in a checkout', () => {
    expect(labVersion()).toMatch(new RegExp(`^${pkg.version.replace(/\./g, '\\.')}( \\([0-9a-f]{7,}\\))?$`));
  });
});
