#!/usr/bin/env node
// Thin launcher: runs the TypeScript CLI through tsx so no build step is needed.
// Why spawn and wait rather than spawnSync: the launcher must outlive the real process. A
// Ctrl-C reaches both (one process group); the launcher ignores it while the CLI stops
// cleanly and writes its files, then exits with the CLI's status. A SIGINT or SIGTERM sent
// to the launcher alone (kill PID) is passed on to the CLI the same way.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { constants } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// tsx resolved from this file, not from the working folder, so the launcher runs from anywhere.
const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'src/cli/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // A terminal's Ctrl-C already reached the child (same process group); sending it again is harmless.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (e) => {
  process.stderr.write(`stareater: could not start node: ${e.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  // A child ended by a signal: the shell's convention, 128 + the signal's number.
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
