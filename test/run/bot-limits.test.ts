/**
 * The limits on a bot (docs/bots.md, "When a bot misbehaves"): a call into a bot that runs
 * past adjudication.decisionSeconds, or a worker heap past adjudication.memoryMb, ends the
 * worker; the bot forfeits that match (over time limit, over memory limit), the chunk goes
 * on on a fresh worker, and the run completes with the same numbers at 1 and 2 workers.
 * Short limits and short matches (rammer as the opponent, a small round limit).
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBatch } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-bot-limits-'));
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'bots');

async function runAt(name: string, bot: string, adjudication: Record<string, unknown>, workers: number, matches = 4) {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    stringify({
      name,
      scenario: 'duel',
      matches,
      chunk: 2,
      seed: name,
      roundLimit: 6,
      adjudication,
      players: [
        { name: 'broken', policy: join(fixtures, `${bot}.ts`), faction: 'fpa' },
        { name: 'sound', policy: 'rammer', faction: 'lamais' },
      ],
    }),
  );
  const r = await runBatch({ ...loadExperiment(file), workers, outDir: join(dir, `${name}-${workers}`) });
  const lines = readFileSync(join(r.dir, 'matches.csv'), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const body = lines.slice(1).sort((x, y) => Number(x.split(',')[0]) - Number(y.split(',')[0]));
  const rows = body.map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v])));
  return { r, body, rows, summary: readFileSync(join(r.dir, 'summary.json'), 'utf8') };
}

describe('limits on a bot', () => {
  it('a bot that loops forever is ended by the watchdog, forfeits, and the run goes on to the same numbers at 1 and 2 workers', async () => {
    const one = await runAt('looper', 'looper', { decisionSeconds: 0.3 }, 1, 2);
    const two = await runAt('looper', 'looper', { decisionSeconds: 0.3 }, 2, 2);
    expect(one.r.complete && two.r.complete).toBe(true);
    expect(one.rows).toHaveLength(2);
    for (const row of one.rows) expect(row).toMatchObject({ end: 'adjudicated', termination: 'over time limit', winner: 'sound' });
    for (const row of one.rows) expect(row[`seat${row.fault_seat}_player`]).toBe('broken');
    expect(two.body).toEqual(one.body);
    expect(two.summary).toBe(one.summary);
    // run.json says how the run went: the workers restarted, each player's policy time.
    const run = JSON.parse(readFileSync(join(one.r.dir, 'run.json'), 'utf8'));
    expect(run.workerRestarts).toBe(2);
    expect(run.policyTime.map((p: { player: string; matches: number }) => [p.player, p.matches])).toEqual([
      ['broken', 2],
      ['sound', 2],
    ]);
    expect(run.policyTime[1].seconds).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('a bot that allocates without end is stopped by its worker heap limit, forfeits, and the run goes on to the same numbers at 1 and 2 workers', async () => {
    const one = await runAt('hog', 'hog', { memoryMb: 256, decisionSeconds: 60 }, 1, 2);
    const two = await runAt('hog', 'hog', { memoryMb: 256, decisionSeconds: 60 }, 2, 2);
    expect(one.r.complete && two.r.complete).toBe(true);
    expect(one.rows).toHaveLength(2);
    for (const row of one.rows) expect(row).toMatchObject({ end: 'adjudicated', termination: 'over memory limit', winner: 'sound' });
    expect(two.body).toEqual(one.body);
    expect(two.summary).toBe(one.summary);
  }, 180_000);
});
