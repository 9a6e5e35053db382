/**
 * Adjudication of broken bots (docs/bots.md): a bot that throws, answers an illegal
 * action or overruns its declared budget is adjudicated as the experiment says (forfeit,
 * or a fallback policy for that decision); the reason and the seat are recorded; the run
 * goes on.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBatch } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { forfeit } from '../../src/sim/play.ts';
import { GameState, G_PLAYERS, G_ROUND } from '../../src/rules/state.ts';
import { STATUS_ADJUDICATED } from '../../src/sim/record.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-adjudication-'));
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'bots');

async function run(name: string, bot: string, mode: 'forfeit' | 'fallback') {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    stringify({
      name,
      scenario: 'duel',
      matches: 8,
      chunk: 4,
      seed: name,
      adjudication: { mode, fallback: 'random' },
      players: [
        { name: 'broken', policy: join(fixtures, `${bot}.ts`), faction: 'fpa' },
        { name: 'sound', policy: 'random', faction: 'lamais' },
      ],
    }),
  );
  const r = await runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, name) });
  const lines = readFileSync(join(r.dir, 'matches.csv'), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v])));
  return { r, rows };
}

describe('adjudication of broken bots', () => {
  it.each([
    ['thrower', 'policy threw'],
    ['illegal', 'illegal action'],
    ['overbudget', 'over budget'],
  ])('forfeit: %s loses every match, recorded as %s, and the run completes', async (bot, reason) => {
    const { r, rows } = await run(`forfeit-${bot}`, bot, 'forfeit');
    expect(r.complete).toBe(true);
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.end).toBe('adjudicated');
      expect(row.termination).toBe(reason);
      expect(row.winner).toBe('sound');
      expect(row[`seat${row.fault_seat}_player`]).toBe('broken');
    }
  });

  it.each([['thrower'], ['illegal']])('fallback: %s is replaced for the faulty decision and the match is played out', async (bot) => {
    const { r, rows } = await run(`fallback-${bot}`, bot, 'fallback');
    expect(r.complete).toBe(true);
    for (const row of rows) {
      expect(row.end).not.toBe('adjudicated');
      expect(row.termination).not.toBe('');
      expect(row[`seat${row.fault_seat}_player`]).toBe('broken');
    }
  });
});

describe('docs/bots.md', () => {
  it('its complete example bot loads, checks its parameters and plays legal matches', async () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'bots.md'), 'utf8');
    const code = /```ts\n([\s\S]*?)```/.exec(doc)![1].replace("'../src/bot-api.js'", JSON.stringify(join(import.meta.dirname, '..', '..', 'src', 'bot-api.ts')));
    const bot = join(dir, 'cautious.ts');
    writeFileSync(bot, code);
    const file = join(dir, 'doc-bot.yaml');
    const exp = (params: unknown) => ({
      name: 'doc-bot',
      scenario: 'duel',
      matches: 6,
      seed: 'doc',
      players: [
        { name: 'cautious', policy: bot, params, faction: 'fpa' },
        { name: 'random', policy: 'random', faction: 'lamais' },
      ],
    });
    writeFileSync(file, stringify(exp({ margin: 2 })));
    const r = await runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, 'doc-bot') });
    expect(r.complete).toBe(true);
    expect(readFileSync(join(r.dir, 'matches.csv'), 'utf8')).not.toMatch(/adjudicated/);
    writeFileSync(file, stringify(exp({ margin: 'wide' })));
    await expect(runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, 'doc-bot-bad') })).rejects.toThrow(/players\[0\]\.params.*margin: expected a number >= 0, got "wide"/s);
  });
});

describe('forfeit at 2-4 players', () => {
  // teams by seat, faulty seat -> the winning team id (-1: none)
  const cases: [string, number[], number, number][] = [
    ['two players: the other seat wins', [0, 1], 0, 1],
    ['two players, seat 1 at fault', [0, 1], 1, 0],
    ['three players free-for-all: no winner', [0, 1, 2], 2, -1],
    ['two teams of two: the other team wins', [0, 1, 0, 1], 2, 1],
    ['two teams of two, seat 1 at fault', [0, 1, 0, 1], 1, 0],
  ];
  it.each(cases)('%s', (_, teams, seat, winner) => {
    const s = new GameState();
    s.g[G_PLAYERS] = teams.length;
    s.g[G_ROUND] = 7;
    forfeit(s, seat, teams);
    expect([s.status, s.winner, s.outRound[seat]]).toEqual([STATUS_ADJUDICATED, winner, 7]);
  });
});
