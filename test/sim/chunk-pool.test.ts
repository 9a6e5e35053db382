/**
 * The batch's worker pool: records written by the threads into shared slots are
 * the records of playing the same matches in this thread, a reused slot holds only its new
 * chunk, and slots are neither overbooked nor released twice. The matches.csv rows the
 * threads write are those of matchRow and csv-stringify, and rows too long for their slot
 * are left to the main thread.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { ChunkPool, CSV_ROW_BYTES } from '../../src/run/chunk-pool.ts';
import { ExperimentSchema } from '../../src/sim/experiment.ts';
import { prepare, MatchPlayer, experimentPlayers } from '../../src/sim/play.ts';
import { matchRow, toCsv } from '../../src/report/csv.ts';
import { playInto } from '../../src/run/worker.ts';
import { RECORD_INTS, R_ID, R_POLICY_US0, R_POLICY_US1 } from '../../src/sim/record.ts';

const experiment = ExperimentSchema.parse({
  name: 'chunk-pool-test',
  kind: 'batch',
  scenario: 'duel',
  matches: 100,
  seed: 'slots',
  players: [
    { name: 'a', policy: 'rammer', faction: 'fpa' },
    { name: 'b', policy: 'random', faction: 'lamais', loadout: 'sample' },
  ],
});
const CHUNK = 5;
const pool = new ChunkPool('chunk-pool-test', experiment, 2, CHUNK);
afterAll(() => pool.destroy());

/** Records of matches [from, to) played here, policy times zeroed (wall clock, never equal). */
async function local(from: number, to: number): Promise<Int32Array> {
  const out = new Int32Array((to - from) * RECORD_INTS);
  playInto(new MatchPlayer(await prepare('chunk-pool-test', experiment)), from, to, out);
  return untimed(out);
}

function untimed(rec: Int32Array): Int32Array {
  const r = rec.slice();
  for (let i = 0; i < r.length; i += RECORD_INTS) r[i + R_POLICY_US0] = r[i + R_POLICY_US1] = 0;
  return r;
}

describe('chunk pool', () => {
  it('has two slots per worker, and says when all are in use', async () => {
    expect(pool.slots).toBe(4);
    const running = [0, 1, 2, 3].map((k) => pool.run(k * CHUNK, k * CHUNK + 1));
    expect(pool.idle).toBe(0);
    await expect(pool.run(40, 41)).rejects.toThrow(/all 4 slots in use/);
    for (const r of await Promise.all(running)) pool.release(r);
    expect(pool.idle).toBe(4);
  });

  it('hands every in-flight chunk to a worker at once: none waits in the main thread', async () => {
    const warm = await Promise.all([0, 1].map((k) => pool.run(k * CHUNK, k * CHUNK + 1)));
    for (const r of warm) pool.release(r);
    const running = [0, 1, 2, 3].map((k) => pool.run(k * CHUNK, k * CHUNK + CHUNK));
    const queued = pool.queued;
    for (const r of await Promise.all(running)) pool.release(r);
    expect(queued).toBe(0);
  });

  it('gives the records of the same matches played in this thread, in every slot, reused', async () => {
    const chunks = [[0, 5], [5, 10], [10, 15], [15, 20], [20, 23], [23, 28]];
    const got: Int32Array[] = [];
    // Six chunks through four slots: the last two reuse slots freed by the first.
    const first = await Promise.all(chunks.slice(0, 4).map(([a, b]) => pool.run(a, b)));
    for (const r of first) {
      got.push(untimed(r));
      pool.release(r);
    }
    for (const [a, b] of chunks.slice(4)) {
      const r = await pool.run(a, b);
      expect(r.length).toBe((b - a) * RECORD_INTS); // the short chunk sees only its own rows
      got.push(untimed(r));
      pool.release(r);
    }
    for (let i = 0; i < chunks.length; i++) {
      const [a, b] = chunks[i];
      expect(got[i][R_ID]).toBe(a);
      expect(got[i]).toEqual(await local(a, b));
    }
  });

  it('gives each chunk\'s matches.csv rows as matchRow and csv-stringify write them', async () => {
    const prep = await prepare('chunk-pool-test', experiment);
    const running = [[0, 5], [5, 8], [30, 35], [60, 65]].map(([a, b]) => pool.run(a, b));
    for (const r of await Promise.all(running)) {
      const rows = pool.csvOf(r);
      const expected = toCsv(Array.from({ length: r.length / RECORD_INTS }, (_, i) => matchRow(r, i, prep.tables, experimentPlayers(prep))));
      expect(rows && Buffer.from(rows).toString()).toBe(expected);
      pool.release(r);
    }
  });

  it('leaves rows longer than their slot, and runs without matches.csv, to the main thread (no rows)', async () => {
    const long = ExperimentSchema.parse({ ...experiment, players: [{ ...experiment.players[0], name: 'x'.repeat(CSV_ROW_BYTES) }, experiment.players[1]] });
    const noCsv = ExperimentSchema.parse({ ...experiment, outputs: { ...experiment.outputs, matchesCsv: false } });
    for (const ex of [long, noCsv]) {
      const p = new ChunkPool('chunk-pool-test', ex, 1, CHUNK);
      try {
        const r = await p.run(0, CHUNK);
        expect(p.csvOf(r)).toBeNull();
        p.release(r);
      } finally {
        await p.destroy();
      }
    }
  });

  it('refuses a slot released twice, records from elsewhere, and a chunk larger than a slot', async () => {
    const r = await pool.run(0, 1);
    pool.release(r);
    expect(() => pool.release(r)).toThrow(/released twice/);
    expect(() => pool.release(new Int32Array(RECORD_INTS))).toThrow(/not from this pool/);
    await expect(pool.run(0, CHUNK + 1)).rejects.toThrow(/larger than a slot/);
    expect(pool.idle).toBe(4);
  });
});
