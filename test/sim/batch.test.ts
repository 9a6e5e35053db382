/**
 * The batch runner: results do not depend on the number of workers, an
 * interrupted run keeps its finished matches and says it is incomplete, any match in
 * matches.csv replays alone from the experiment and its id, and bad experiment files are
 * reported with file, place and expectation.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { runBatch, RunFailure, defaultChunk, chunksPerTask, msPerChunkSoFar, MAX_CHUNKS_PER_TASK } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { prepare, MatchPlayer, experimentPlayers } from '../../src/sim/play.ts';
import { playInto } from '../../src/run/worker.ts';
import { RECORD_INTS } from '../../src/sim/record.ts';
import { CSV_ROW_BYTES } from '../../src/run/chunk-pool.ts';
import { matchRow, toCsv } from '../../src/report/csv.ts';
import { ConfigError } from '../../src/content/errors.ts';
import { buildReportModel } from '../../src/report/findings.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-batch-'));
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'bots');
const base = {
  name: 'batch-test',
  scenario: 'duel',
  matches: 60,
  seed: 'batch',
  chunk: 7,
  players: [
    { name: 'a', policy: 'rammer', faction: 'fpa' },
    { name: 'b', policy: 'random', faction: 'lamais', loadout: 'sample' },
  ],
};

function writeExperiment(name: string, doc: unknown): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

/** matches.csv without its header, rows sorted by match id. */
function sortedRows(out: string): string[] {
  const lines = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n');
  return lines.slice(1).sort((x, y) => Number(x.split(',')[0]) - Number(y.split(',')[0]));
}


describe('batch runs', () => {
  it('1 worker and 2 workers give the same summary and the same CSV rows', async () => {
    const file = writeExperiment('same', base);
    const { experiment, text } = loadExperiment(file);
    const one = await runBatch({ file, experiment, text, workers: 1, outDir: join(dir, 'one') });
    const two = await runBatch({ file, experiment: loadExperiment(file).experiment, text, workers: 2, outDir: join(dir, 'two') });
    expect(one.complete && two.complete).toBe(true);
    expect(one.matches).toBe(60);
    expect(sortedRows(one.dir)).toEqual(sortedRows(two.dir));
    expect(readFileSync(join(one.dir, 'summary.json'), 'utf8')).toBe(readFileSync(join(two.dir, 'summary.json'), 'utf8'));
    expect(JSON.parse(readFileSync(join(two.dir, 'run.json'), 'utf8')).workers).toBe(2);
    expect(readFileSync(join(one.dir, 'summary.csv'), 'utf8')).toBe(readFileSync(join(two.dir, 'summary.csv'), 'utf8'));
    expect(readFileSync(join(one.dir, 'analysis.json'), 'utf8')).toBe(readFileSync(join(two.dir, 'analysis.json'), 'utf8')); // outliers too
    expect(readdirSync(join(one.dir, 'charts')).sort()).toEqual(
      ['damage-by-component', 'ends', 'game-length', 'win-rate'].flatMap((c) => [`${c}.svg`, `${c}.vl.json`]).sort(),
    );
    // Seat-swapped pairs: every pair has a game with each player in seat 0.
    const rows = sortedRows(one.dir).map((r) => r.split(','));
    for (let i = 0; i < rows.length; i += 2) {
      expect(rows[i][3]).toBe(rows[i + 1][3]); // same seed
      expect([rows[i][4], rows[i + 1][4]]).toEqual(['a', 'b']);
    }
  });

  it("matches.csv holds matchRow's rows, written by the workers or, when longer than a slot holds, by the main thread", async () => {
    for (const name of ['a', 'x'.repeat(CSV_ROW_BYTES)]) {
      const file = writeExperiment(`rows-${name.length}`, { ...base, matches: 20, players: [{ ...base.players[0], name }, base.players[1]] });
      const { experiment, text } = loadExperiment(file);
      const r = await runBatch({ file, experiment, text, workers: 2, outDir: join(dir, `rows-${name.length}`) });
      const prep = await prepare(file, experiment);
      const player = new MatchPlayer(prep);
      const rec = new Int32Array(RECORD_INTS);
      const expected = Array.from({ length: 20 }, (_, id) => {
        playInto(player, id, id + 1, rec);
        return toCsv([matchRow(rec, 0, prep.tables, experimentPlayers(prep))]).trimEnd();
      });
      expect(sortedRows(r.dir)).toEqual(expected);
    }
  });

  it('a stopped run keeps its finished matches and writes a summary marked incomplete', async () => {
    const file = writeExperiment('stopped', { ...base, matches: 4000, chunk: 20 });
    const { experiment, text } = loadExperiment(file);
    const stop = new AbortController();
    // Stop as soon as some matches have finished (as Ctrl-C would), whatever the machine's speed.
    const r = await runBatch({ file, experiment, text, workers: 2, outDir: join(dir, 'stopped'), signal: stop.signal, onProgress: () => stop.abort() });
    expect(r.complete).toBe(false);
    expect(r.matches).toBeGreaterThan(0);
    expect(r.matches).toBeLessThan(4000);
    const s = JSON.parse(readFileSync(join(r.dir, 'summary.json'), 'utf8'));
    expect(s.complete).toBe(false);
    expect(s.matchesPlayed).toBe(r.matches);
    expect(s.n).toBe(r.matches);
    expect(sortedRows(r.dir)).toHaveLength(r.matches); // every finished match is in the CSV, whole
    expect(readdirSync(r.dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('a worker thread that dies stops the run with its finished matches kept and a clear error, and the run resumes to the numbers of an uninterrupted run', async () => {
    // crasher ends its worker thread in the 12th match that thread plays, unless `marker` exists.
    const marker = join(dir, 'crash-marker');
    const crash = { ...base, name: 'crash', chunk: 5, players: [base.players[0], { name: 'b', policy: join(fixtures, 'crasher.ts'), faction: 'lamais', params: { marker, after: 12 } }] };
    const file = writeExperiment('crash', crash);
    writeFileSync(marker, 'no crash in the uninterrupted run\n');
    const whole = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, 'crash-whole') });
    expect(whole.complete).toBe(true);
    rmSync(marker);
    const out = join(dir, 'crash-part');
    const failed = await runBatch({ ...loadExperiment(file), workers: 2, outDir: out }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(RunFailure);
    const m = /^matches (\d+)-(\d+) failed: worker exited with code: 3\. The run stopped; its (\d+) finished matches are kept in (.+), with the summary marked incomplete \(continue with: stareater run .*crash\.yaml --resume (.+)\)$/.exec((failed as Error).message);
    expect(m).not.toBeNull();
    const kept = Number(m![3]);
    // A chunk is launched only when a slot frees, so chunks had finished before the one that failed.
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(60);
    expect(resolve(m![5])).toBe(out);
    const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect([s.complete, s.matchesPlayed]).toEqual([false, kept]);
    expect(sortedRows(out)).toHaveLength(kept);
    const resumed = await runBatch({ ...loadExperiment(file), workers: 2, resume: out });
    expect(resumed.complete).toBe(true);
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(readFileSync(join(whole.dir, 'summary.json'), 'utf8'));
    expect(sortedRows(out)).toEqual(sortedRows(whole.dir));
  });

  it.each([
    [1, 1],
    [16, 1],
    [17, 2],
    [200, 13], // the mcts ladder: 16 chunks, not one on one worker
    [4000, 250], // the default experiment
    [1_000_000, 250],
  ])('without a chunk in the file, a %i-match run goes in chunks of %i', (total, chunk) => {
    expect(defaultChunk(total)).toBe(chunk);
  });

  it('a run without a chunk in the file is fed to the workers in sixteenths, each reported', async () => {
    const { chunk: _, ...noChunk } = base;
    const file = writeExperiment('no-chunk', { ...noChunk, matches: 32 });
    let reports = 0;
    const r = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, 'no-chunk'), onProgress: () => reports++ });
    expect(r.complete).toBe(true);
    expect(reports).toBe(16);
  });

  it.each([
    // ms per chunk, chunks left, workers -> chunks in the next task
    [Infinity, 1000, 2, 1], // speed not known yet
    [50, 1000, 2, 5], // 250 matches in 50 ms: tasks of about 250 ms
    [60, 1000, 2, 4],
    [25, 1000, 2, MAX_CHUNKS_PER_TASK], // rammer speeds: capped
    [50, 20, 2, 2], // near the end: each worker keeps four tasks of what is left
    [50, 7, 2, 1],
    [50, 40, 1, 5],
    [300, 1000, 2, 1], // slow matches (mcts): a chunk a task
  ])('a task groups chunks by speed and what is left: %f ms a chunk, %i left, %i workers -> %i', (ms, left, workers, k) => {
    expect(chunksPerTask(ms, left, workers)).toBe(k);
  });

  it.each([
    // ms since the first task came back, matches back since, workers, chunk -> ms per chunk
    [1, 250, 2, 250, Infinity], // the other worker's first task, just after: not a speed
    [99, 2000, 2, 250, Infinity],
    [100, 0, 2, 250, Infinity],
    [100, 2000, 2, 250, 25],
    [400, 1000, 1, 250, 100],
  ])('the speed so far: %f ms, %i matches, %i workers, chunks of %i -> %f ms a chunk', (since, played, workers, chunk, ms) => {
    expect(msPerChunkSoFar(since, played, workers, chunk)).toBe(ms);
  });

  it('chunks grouped into tasks give the same summary and rows as a chunk a task, and a grouped run resumes to them', async () => {
    const { chunk: _, ...noChunk } = base;
    const file = writeExperiment('grouped', { ...noChunk, matches: 4500, outputs: { charts: false } }); // 18 chunks of 250
    const reports = { single: 0, grouped: 0 };
    const single = await runBatch({ ...loadExperiment(file), workers: 2, taskMs: 0, outDir: join(dir, 'single'), onProgress: () => reports.single++ });
    const grouped = await runBatch({ ...loadExperiment(file), workers: 1, taskMs: 1e9, outDir: join(dir, 'grouped'), onProgress: () => reports.grouped++ });
    expect(reports.single).toBe(18);
    expect(reports.grouped).toBeLessThan(18); // some tasks held several chunks
    expect(readFileSync(join(grouped.dir, 'summary.json'), 'utf8')).toBe(readFileSync(join(single.dir, 'summary.json'), 'utf8'));
    expect(sortedRows(grouped.dir)).toEqual(sortedRows(single.dir));
    // Stopped mid-run, the grouped run's checkpoint counts chunks, and the resumed run ends where the others did.
    const stop = new AbortController();
    const out = join(dir, 'grouped-stopped');
    const part = await runBatch({ ...loadExperiment(file), workers: 1, taskMs: 1e9, outDir: out, signal: stop.signal, onProgress: (d) => d >= 1500 && stop.abort() });
    expect(part.complete).toBe(false);
    const cp = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8'));
    expect(cp.done.length * 250).toBe(part.matches);
    const resumed = await runBatch({ ...loadExperiment(file), workers: 2, taskMs: 1e9, resume: out });
    expect(resumed.complete).toBe(true);
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(readFileSync(join(single.dir, 'summary.json'), 'utf8'));
    expect(sortedRows(out)).toEqual(sortedRows(single.dir));
  });

  it('a match replays alone from the experiment and its id, exactly as in matches.csv', async () => {
    const file = writeExperiment('replay', { ...base, matches: 10 });
    const { experiment, text } = loadExperiment(file);
    const r = await runBatch({ file, experiment, text, workers: 1, outDir: join(dir, 'replay') });
    const rows = sortedRows(r.dir).map((x) => x.split(','));
    const player = new MatchPlayer(await prepare(file, experiment));
    for (const id of [0, 5, 9]) {
      const m = player.play(id);
      expect(String(m.seed)).toBe(rows[id][3]);
      expect(String(m.state.round)).toBe(rows[id][17]);
      expect(String(m.state.winner)).toBe(rows[id][13]);
    }
  });

  it.each([
    ['unknown policy', { players: [{ policy: 'nosuchbot', faction: 'fpa' }, base.players[1]] }, 'players[0].policy', /random/],
    ['unknown faction', { players: [base.players[0], { policy: 'random', faction: 'klingon' }] }, 'players[1].faction', /fpa, lamais/],
    ['three players', { players: [...base.players, { name: 'c', policy: 'random', faction: 'fpa' }] }, 'players', /exactly two players for a batch on scenario duel/],
    ['bad loadout word', { players: [{ ...base.players[0], loadout: 'best' }, base.players[1]] }, 'players[0].loadout', /default|draft|sample/],
    ['negative matches', { matches: -4 }, 'matches', /-4/],
    ['typo key', { matchs: 10 }, 'matchs', /matchs/],
    ['two players with one name', { players: [base.players[0], { ...base.players[1], name: 'a' }] }, 'players[1].name', /different from players\[0\]/],
    ['unknown board', { board: 'moon' }, 'board', /standard/],
    ['board too small for the scenario', { board: 'small' }, 'board', /not wholly on the board/],
  ])('bad experiment: %s', async (name, change, path, message) => {
    const file = writeExperiment(name.replace(/\W+/g, '-'), { ...base, ...change });
    let err: unknown;
    try {
      const { experiment } = loadExperiment(file);
      await prepare(file, experiment);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    expect(e.message).toContain(file);
    expect(e.issues.map((i) => i.path).join(' | ')).toContain(path);
    expect(e.message).toMatch(message);
  });
});

describe('tournaments', () => {
  const tour = {
    name: 'tour-test',
    kind: 'tournament',
    scenario: 'duel',
    matches: 20,
    seed: 't',
    chunk: 5,
    players: [
      { name: 'random', policy: 'random', faction: 'fpa' },
      { name: 'rammer', policy: 'rammer', faction: 'fpa' },
      { name: 'rammer-slow', policy: 'rammer', faction: 'fpa', params: { maxSpeed: 1 } },
    ],
  };

  it('a round robin plays every pairing on shared seeds and writes ratings, crosstable and pairings', async () => {
    const file = writeExperiment('tour', tour);
    const { experiment, text } = loadExperiment(file);
    const r = await runBatch({ file, experiment, text, workers: 2, outDir: join(dir, 'tour') });
    expect(r.complete).toBe(true);
    expect(r.matches).toBe(60);
    for (const f of ['crosstable.csv', 'ratings.csv', 'pairings.csv', 'summary.json']) expect(readFileSync(join(r.dir, f), 'utf8').length).toBeGreaterThan(10);
    const rows = sortedRows(r.dir).map((x) => x.split(','));
    // Pair k of every pairing shares its seed: ids 0, 20 and 40 are pair 0 of pairings 0, 1, 2.
    expect(rows[0][3]).toBe(rows[20][3]);
    expect(rows[0][3]).toBe(rows[40][3]);
    expect(new Set(rows.map((x) => `${x[4]}|${x[5]}`)).size).toBe(6); // 3 pairings x 2 seatings
  });

  it('a stopped tournament resumes to exactly the numbers of an uninterrupted run', async () => {
    const file = writeExperiment('tour-resume', { ...tour, matches: 40 });
    const whole = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, 'tour-whole') });
    const stop = new AbortController();
    let chunks = 0;
    const part = await runBatch({
      ...loadExperiment(file),
      workers: 2,
      outDir: join(dir, 'tour-part'),
      signal: stop.signal,
      onProgress: () => {
        if (++chunks === 3) stop.abort();
      },
    });
    expect(part.complete).toBe(false);
    expect(part.matches).toBeLessThan(120);
    expect(readdirSync(part.dir)).toContain('report.html'); // an incomplete run has its report too (entrants may lack ratings)
    const resumed = await runBatch({ ...loadExperiment(file), workers: 1, resume: part.dir });
    expect(resumed.complete).toBe(true);
    expect(readFileSync(join(resumed.dir, 'summary.json'), 'utf8')).toBe(readFileSync(join(whole.dir, 'summary.json'), 'utf8'));
    expect(sortedRows(resumed.dir)).toEqual(sortedRows(whole.dir));
    expect(readFileSync(join(resumed.dir, 'ratings.csv'), 'utf8')).toBe(readFileSync(join(whole.dir, 'ratings.csv'), 'utf8'));
    expect(readFileSync(join(resumed.dir, 'analysis.json'), 'utf8')).toBe(readFileSync(join(whole.dir, 'analysis.json'), 'utf8')); // outliers survive the checkpoint
    for (const d of [whole.dir, resumed.dir]) expect(readdirSync(d)).toContain('report.html');
  });

  it('a compare stops at the same point whatever the number of workers', async () => {
    const file = writeExperiment('cmp', {
      name: 'cmp',
      kind: 'compare',
      scenario: 'duel',
      matches: 2000,
      chunk: 20,
      seed: 'c',
      sprt: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 },
      players: [
        { name: 'rammer', policy: 'rammer', faction: 'fpa' },
        { name: 'random', policy: 'random', faction: 'fpa' },
      ],
    });
    const one = await runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, 'cmp1') });
    const two = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, 'cmp2') });
    const s1 = one.summary.sprt as { decision: string; pairs: number };
    expect(s1.decision).toBe('H1'); // rammer is far stronger than random
    expect(one.matches).toBeLessThan(2000);
    expect(readFileSync(join(one.dir, 'summary.json'), 'utf8')).toBe(readFileSync(join(two.dir, 'summary.json'), 'utf8'));
  });
});

describe('three and four players', () => {
  const ffa = {
    name: 'ffa-test',
    scenario: 'ffa3',
    matches: 24, // 8 rotation blocks; chunks of 5 split blocks, so blocks wait across chunks
    seed: 'ffa',
    chunk: 5,
    players: [
      { name: 'a', policy: 'rammer', faction: 'fpa' },
      { name: 'b', policy: 'random', faction: 'lamais' },
      { name: 'c', policy: 'random', faction: 'fpa' },
    ],
  };

  it('a 3-player batch gives the same summary and CSV rows on 1 and 2 workers, and resumes to them', async () => {
    const file = writeExperiment('ffa', ffa);
    const one = await runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, 'ffa-one') });
    const two = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, 'ffa-two') });
    expect(one.matches).toBe(24);
    for (const f of ['summary.json', 'summary.csv', 'tables.csv', 'pairwise.csv', 'ratings.csv']) expect(readFileSync(join(two.dir, f), 'utf8')).toBe(readFileSync(join(one.dir, f), 'utf8'));
    expect(sortedRows(two.dir)).toEqual(sortedRows(one.dir));
    const s = JSON.parse(readFileSync(join(one.dir, 'summary.json'), 'utf8'));
    const t = s.multi.tables[0];
    expect([t.n, t.blocks, t.teams]).toEqual([24, 8, 3]);
    expect(t.players.reduce((a: number, p: { wins: number }) => a + p.wins, 0) + t.draws.count).toBe(24);
    expect(t.seats.map((x: { wins: number }) => x.wins).reduce((a: number, b: number) => a + b, 0)).toBe(24 - t.draws.count);
    // matches.csv: a column per seat, every row as long as the header, the rows as matchRow writes them.
    const lines = readFileSync(join(one.dir, 'matches.csv'), 'utf8').trim().split('\n');
    const header = lines[0].split(',');
    expect(header.slice(4, 7)).toEqual(['seat0_player', 'seat1_player', 'seat2_player']);
    expect(header).toContain('seat2_team');
    expect(header).toContain('s2_collisions');
    const prep = await prepare(file, loadExperiment(file).experiment);
    const rec = new Int32Array(4 * RECORD_INTS);
    playInto(new MatchPlayer(prep), 0, 4, rec);
    expect(lines.slice(1, 5)).toEqual(Array.from({ length: 4 }, (_, i) => toCsv([matchRow(rec, i, prep.tables, experimentPlayers(prep))]).trim()));
    for (const l of lines) expect(l.split(',').length).toBe(header.length);
    // The report: the N-player sections, built from the folder alone.
    const model = buildReportModel(one.dir);
    expect(model.sections.map((x) => x.id)).toEqual(['scenario', 'win-shares', 'finishing', 'seats', 'damage', 'ends', 'ratings', 'section-damage', 'card-usage', 'watch']);
    expect(model.sections.find((x) => x.id === 'win-shares')!.tables[0].rows.map((r) => r[1])).toEqual(['a', 'b', 'c']);
    expect(model.settings).toContainEqual(['tables', '1 of 3 seats']);
    expect(readFileSync(join(one.dir, 'tables.csv'), 'utf8').split('\n')[0]).toBe('table,key,row,name,figure,value,lo,hi,n,clusters');
    // Stopped after a few chunks, then resumed: the numbers of the uninterrupted run.
    const stop = new AbortController();
    const out = join(dir, 'ffa-stopped');
    const part = await runBatch({ ...loadExperiment(file), workers: 1, outDir: out, signal: stop.signal, onProgress: (d) => d >= 10 && stop.abort() });
    expect(part.complete).toBe(false);
    await runBatch({ ...loadExperiment(file), workers: 2, resume: out });
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(readFileSync(join(one.dir, 'summary.json'), 'utf8'));
  });

  it('a 2v2 batch seats every player in every seat once per block, partners together', async () => {
    const file = writeExperiment('teams', {
      ...ffa,
      name: 'teams-test',
      scenario: 'teams4',
      matches: 8,
      chunk: 3,
      players: [
        { name: 'a', policy: 'rammer', faction: 'fpa' },
        { name: 'b', policy: 'random', faction: 'lamais' },
        { name: 'c', policy: 'random', faction: 'fpa' },
        { name: 'd', policy: 'rammer', faction: 'lamais' },
      ],
    });
    const r = await runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, 'teams') });
    const lines = readFileSync(join(r.dir, 'matches.csv'), 'utf8').trim().split('\n');
    const header = lines[0].split(',');
    const col = (name: string) => header.indexOf(name);
    const rows = lines.slice(1).map((l) => l.split(','));
    for (const block of ['0', '1']) {
      const games = rows.filter((x) => x[col('pair')] === block);
      expect(games.map((x) => x[col('game')]).sort()).toEqual(['0', '1', '2', '3']);
      for (const p of ['a', 'b', 'c', 'd']) expect(new Set(games.map((x) => [0, 1, 2, 3].find((i) => x[col(`seat${i}_player`)] === p))).size).toBe(4);
      for (const x of games) {
        const team = (p: string) => x[col(`seat${[0, 1, 2, 3].find((i) => x[col(`seat${i}_player`)] === p)}_team`)];
        expect(team('a')).toBe(team('c'));
        expect(team('b')).toBe(team('d'));
        expect(team('a')).not.toBe(team('b'));
      }
    }
    const t = (r.summary as { multi: { tables: { key: string; teams: number; blocks: number }[] } }).multi.tables[0];
    expect([t.key, t.teams, t.blocks]).toEqual(['a + c vs b + d', 2, 2]);
  });

  it.each([
    ['batch with two players on a 3-ship scenario', { ...ffa, players: ffa.players.slice(0, 2) }, 'players', /exactly 3 players for a batch on scenario ffa3/],
    ['compare on a 3-ship scenario with normalized Elo', { ...ffa, kind: 'compare', players: ffa.players.slice(0, 2), sprt: { model: 'normalized' } }, 'sprt.model', /logistic for a compare on scenario ffa3/],
    ['two-faction meta on a 3-ship scenario', { ...ffa, kind: 'meta', players: [], loadouts: [{ faction: 'fpa', policy: 'random', count: 2 }, { faction: 'lamais', policy: 'random', count: 2 }] }, 'loadouts', /a two-faction meta is a game of two sides, and this scenario has 3/],
    ['tournament with fewer players than ships', { ...ffa, kind: 'tournament', players: ffa.players.slice(0, 2), scenario: 'teams4' }, 'players', /at least 4 players/],
    [
      'teams whose partners fly different factions',
      { ...ffa, scenario: 'teams4', players: [...ffa.players, { name: 'd', policy: 'random', faction: 'fpa' }] },
      'players',
      /a team flies one faction/,
    ],
  ])('bad experiment: %s', async (name, doc, path, message) => {
    const file = writeExperiment(name.replace(/\W+/g, '-'), doc);
    let err: unknown;
    try {
      const { experiment } = loadExperiment(file);
      await prepare(file, experiment);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    expect(e.message).toContain(file);
    expect(e.issues.map((i) => i.path).join(' | ')).toContain(path);
    expect(e.message).toMatch(message);
  });
});
