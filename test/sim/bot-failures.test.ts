/**
 * The corpus of broken bots (test/fixtures/bots/) against the adjudication in sim/match.ts
 * and sim/play.ts: whatever a bot does in any of its hooks (factory, draft, choose), the
 * match is adjudicated with the reason recorded, the run goes on, and its numbers are the
 * same at 1 and 2 workers. Matches are short (rammer as the opponent, a small round limit).
 * The limits (a loop, heavy allocation) are in test/run/bot-limits.test.ts.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBatch } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { prepare, MatchPlayer } from '../../src/sim/play.ts';
import { STATUS_ADJUDICATED, TERM_NAMES } from '../../src/sim/record.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-bot-failures-'));
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'bots');

interface Broken {
  bot: string;
  params?: Record<string, unknown>;
  draft?: boolean;
}

function experiment(name: string, broken: Broken, mode: 'forfeit' | 'fallback', matches = 4) {
  return {
    name,
    scenario: 'duel',
    matches,
    seed: name,
    roundLimit: 6,
    adjudication: { mode, fallback: 'random' },
    players: [
      { name: 'broken', policy: join(fixtures, `${broken.bot}.ts`), params: broken.params ?? {}, faction: 'fpa', loadout: broken.draft ? 'draft' : 'default' },
      { name: 'sound', policy: 'rammer', faction: 'lamais' },
    ],
  };
}

/** Play the experiment's matches on this thread; each match as the record's fields the tests read. */
async function play(name: string, broken: Broken, mode: 'forfeit' | 'fallback', matches = 4) {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(experiment(name, broken, mode, matches)));
  const prep = await prepare(file, loadExperiment(file).experiment);
  const player = new MatchPlayer(prep);
  return Array.from({ length: matches }, (_, id) => {
    const m = player.play(id);
    const names = m.seats.map((p) => prep.plan.entrants[p].name);
    return {
      adjudicated: m.state.status === STATUS_ADJUDICATED,
      reason: TERM_NAMES[m.termination],
      faulty: m.faultSeat >= 0 ? names[m.faultSeat] : '',
      winner: m.state.winner >= 0 ? names[m.state.winner] : '',
      message: m.faultMessage,
    };
  });
}

const CORPUS: [string, string, Broken][] = [
  ['a factory that throws', 'factory threw', { bot: 'factory-thrower' }],
  ['a draft() that throws', 'draft threw', { bot: 'draft-thrower', draft: true }],
  ['a draft() that answers NaN', 'illegal draft pick', { bot: 'bad-answer', params: { hook: 'draft', answer: 'nan' }, draft: true }],
  ['a draft() that answers a string', 'illegal draft pick', { bot: 'bad-answer', params: { hook: 'draft', answer: 'string' }, draft: true }],
  ['a draft() that answers out of range', 'illegal draft pick', { bot: 'bad-answer', params: { hook: 'draft', answer: 'range' }, draft: true }],
  ['a choose() that answers NaN', 'illegal action', { bot: 'bad-answer', params: { answer: 'nan' } }],
  ['a choose() that answers a string', 'illegal action', { bot: 'bad-answer', params: { answer: 'string' } }],
  ['a choose() that answers undefined', 'illegal action', { bot: 'bad-answer', params: { answer: 'undefined' } }],
  ['a choose() that answers out of range', 'illegal action', { bot: 'bad-answer', params: { answer: 'range' } }],
  ['a choose() that answers a fraction', 'illegal action', { bot: 'bad-answer', params: { answer: 'fraction' } }],
  ['a choose() that throws', 'policy threw', { bot: 'thrower' }],
  ['a throw of a non-Error whose message getter throws', 'policy threw', { bot: 'message-thrower' }],
  ['forwardCalls reported as NaN', 'bad forward calls', { bot: 'nan-calls' }],
  ['Math.random', 'called Math.random', { bot: 'math-random' }],
  ['process.exit', 'called process.exit', { bot: 'exiter' }],
  ['a write to a table field', 'changed the tables', { bot: 'tamperer', params: { what: 'field' } }],
  ['a push onto a table list', 'changed the tables', { bot: 'tamperer', params: { what: 'push' } }],
  ['a write into a table typed array', 'changed the tables', { bot: 'tamperer', params: { what: 'armour' } }],
];

describe('the broken-bot corpus, adjudicated by forfeit', () => {
  it.each(CORPUS)('%s: the bot loses every match, recorded as %s', async (_what, reason, broken) => {
    const rows = await play(`forfeit-${broken.bot}-${broken.params?.answer ?? broken.params?.what ?? ''}-${broken.params?.hook ?? ''}`, broken, 'forfeit');
    for (const row of rows) expect(row).toMatchObject({ adjudicated: true, reason, faulty: 'broken', winner: 'sound' });
  });

  it("names what a bot threw even when it is not an Error and its message getter throws", async () => {
    const rows = await play('message', { bot: 'message-thrower' }, 'forfeit', 2);
    expect(rows[0].message).toMatch(/threw: a thrown object whose message could not be read/);
  });

  it('Math.random and process.exit are themselves again after a match', async () => {
    await play('restored', { bot: 'math-random' }, 'forfeit', 2);
    expect(typeof Math.random()).toBe('number');
    expect(process.exit.name).not.toBe('forbiddenExit');
  });

  it('a bot that writes into the tables changes no later match: the tables are put back, and its matches are the same whatever came before', async () => {
    const broken = { bot: 'tamperer', params: { what: 'armour' } };
    const file = join(dir, 'tables.yaml');
    writeFileSync(file, stringify(experiment('tables', broken, 'forfeit', 6)));
    const prep = await prepare(file, loadExperiment(file).experiment);
    const armour = prep.tables.factions.map((f) => Array.from(f.hull.armour));
    const a = new MatchPlayer(prep);
    const inOrder = [0, 1, 2, 3, 4, 5].map((id) => JSON.stringify([...a.play(id).state.stats, a.play(id).state.round]));
    expect(prep.tables.factions.map((f) => Array.from(f.hull.armour))).toEqual(armour);
    const b = new MatchPlayer(prep);
    const reversed = [5, 4, 3, 2, 1, 0].map((id) => JSON.stringify([...b.play(id).state.stats, b.play(id).state.round]));
    expect(reversed.reverse()).toEqual(inOrder);
  });
});

describe('the broken-bot corpus, adjudicated by fallback', () => {
  it.each([
    ['a factory that throws: the fallback plays the seat', 'factory threw', { bot: 'factory-thrower' }],
    ['a draft() that throws: the fallback picks', 'draft threw', { bot: 'draft-thrower', draft: true }],
    ['a draft() that answers undefined', 'illegal draft pick', { bot: 'bad-answer', params: { hook: 'draft', answer: 'undefined' }, draft: true }],
    ['a throwing message getter', 'policy threw', { bot: 'message-thrower' }],
    ['Math.random', 'called Math.random', { bot: 'math-random' }],
    ['a write to a table field', 'changed the tables', { bot: 'tamperer', params: { what: 'field' } }],
  ] as [string, string, Broken][])('%s: the match is played out, the fault recorded as %s', async (_what, reason, broken) => {
    const rows = await play(`fallback-${broken.bot}-${broken.params?.answer ?? broken.params?.what ?? ''}`, broken, 'fallback');
    for (const row of rows) expect(row).toMatchObject({ adjudicated: false, reason, faulty: 'broken' });
  });
});

describe('a run with broken bots', () => {
  it('completes with every fault recorded in matches.csv, and with the same numbers at 1 and 2 workers', async () => {
    const entrants: Broken[] = [
      { bot: 'factory-thrower' },
      { bot: 'draft-thrower', draft: true },
      { bot: 'bad-answer', params: { answer: 'nan' } },
      { bot: 'message-thrower' },
      { bot: 'nan-calls' },
      { bot: 'math-random' },
      { bot: 'exiter' },
      { bot: 'tamperer', params: { what: 'armour' } },
    ];
    const doc = {
      name: 'corpus',
      kind: 'gauntlet',
      scenario: 'duel',
      matches: 2,
      seed: 'corpus',
      roundLimit: 6,
      chunk: 3,
      players: [
        { name: 'sound', policy: 'rammer', faction: 'lamais' },
        ...entrants.map((b, i) => ({ name: `broken${i}`, policy: join(fixtures, `${b.bot}.ts`), params: b.params ?? {}, faction: 'fpa', loadout: b.draft ? 'draft' : 'default' })),
      ],
    };
    const file = join(dir, 'corpus.yaml');
    writeFileSync(file, stringify(doc));
    const one = await runBatch({ ...loadExperiment(file), workers: 1, outDir: join(dir, 'corpus-1') });
    const two = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, 'corpus-2') });
    expect(one.complete && two.complete).toBe(true);
    const rows = (d: string) => readFileSync(join(d, 'matches.csv'), 'utf8').trim().split('\n');
    const [header, ...body] = rows(one.dir);
    expect(body).toHaveLength(16);
    const cols = header.split(',');
    for (const line of body) {
      const row = Object.fromEntries(line.split(',').map((v, i) => [cols[i], v]));
      expect(row.end).toBe('adjudicated');
      expect(row.winner).toBe('sound');
      expect(row[`seat${row.fault_seat}_player`]).toMatch(/^broken/);
    }
    const byId = (d: string) => rows(d).slice(1).sort((x, y) => Number(x.split(',')[0]) - Number(y.split(',')[0]));
    expect(byId(two.dir)).toEqual(byId(one.dir));
    expect(readFileSync(join(two.dir, 'summary.json'), 'utf8')).toBe(readFileSync(join(one.dir, 'summary.json'), 'utf8'));
  });
});
