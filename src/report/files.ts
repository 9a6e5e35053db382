/**
 * Writing result files so that a reader never sees half of one: write a temporary file
 * next to it, then rename (atomic on one file system). Used by the batch runner and the
 * report, which both write into a results folder that may be read while a run goes on.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Write `text` to `path` atomically (temporary file, then rename). A write that fails (a
 * full disk) removes its temporary file; one cut short by a killed process leaves it, and
 * the next run in the folder removes it (run/results-folder.ts).
 */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
