/**
 * What the screenshot scripts share: the repository root, their output folders, and the lab's
 * own command run as a designer runs it (so a README picture shows what a designer's command
 * produces).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** results/<name>/ for the script's screenshots, and docs/images/ for the README's picture; both made. */
export function screenshotFolders(name: string): string {
  const out = join(root, 'results', name);
  mkdirSync(out, { recursive: true });
  mkdirSync(join(root, 'docs', 'images'), { recursive: true });
  return out;
}

/** Run `stareater ARGS`; prints its output, fails loudly. */
export function stareater(args: string[]): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`stareater ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  process.stdout.write(r.stdout);
}
