/**
 * A corpus of broken command lines: at least one row for every option that takes a value,
 * on every command, and for every command's arguments. Each row must be refused as bad input
 * (the kinds of error `stareater` exits 2 on: commander's own, ConfigError,
 * InvalidArgumentError, BotLoadError, SetupError), with a message that names the flag (or
 * file), the place and what was expected, and must leave no results folder or output file.
 *
 * Why in-process: a row parses the command line with the real program (buildProgram) and
 * runs its action, the same code the command runs, without starting a Node per row (which
 * costs seconds each on two cores). A handful of rows are spawned as well, so that the
 * exit status 2 and the absence of a stack trace are checked end to end.
 */
import { describe, it, expect, afterAll, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { buildProgram } from '../../src/cli/main.ts';
import { ConfigError } from '../../src/content/errors.ts';
import { SetupError } from '../../src/rules/kernel.ts';
import { BotLoadError } from '../../src/sim/bots.ts';

const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'stareater-args-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};
const tiny = file('tiny.yaml', 'name: tiny\nscenario: duel\nmatches: 4\nseed: 3\nplayers:\n  - { name: a, policy: rammer, faction: fpa }\n  - { name: b, policy: random, faction: lamais }\noutputs: { charts: false, report: false }\n');
const aFile = file('afile', 'x\n');
const emptyDir = join(tmp, 'empty');
mkdirSync(emptyDir);
const notFactory = file('not-factory.ts', 'export default 42;\n');
const syntax = file('syntax.ts', 'export default (p) => { return {;\n');
const noDefault = file('no-default.ts', 'export const x = 1;\n');
const throwsOnLoad = file('throws.ts', 'throw new Error("boom at load");\nexport default () => ({});\n');
const brokenScenario = file('scenario.yaml', 'name: s\nships: 3\n');
const out = (name: string) => join(tmp, 'outs', name);

interface Row {
  /** What the row breaks. */
  name: string;
  args: string[];
  /** The message (commander's, or the error's) must match. */
  message: RegExp;
  /** The flag (or argument) the row is about, for the coverage check; several for a pair. */
  flags: string[];
  /** A path that must not exist afterwards (a results folder or an output file). */
  leaves?: string;
}

const ROWS: Row[] = [
  // run
  { name: 'run -n 0', args: ['run', tiny, '-n', '0', '--out', out('n0')], flags: ['--matches'], message: /option '-n, --matches <n>' argument '0' is invalid\. expected an integer from 2 to 10000000, got 0/, leaves: out('n0') },
  { name: 'run -n -5', args: ['run', tiny, '-n', '-5', '--out', out('n-5')], flags: ['--matches'], message: /--matches .*expected an integer from 2 to 10000000, got -5/, leaves: out('n-5') },
  { name: 'run -n 10^12', args: ['run', tiny, '-n', '1000000000000', '--out', out('n12')], flags: ['--matches'], message: /--matches .*expected an integer from 2 to 10000000/, leaves: out('n12') },
  { name: 'run -n 2.5', args: ['run', tiny, '-n', '2.5', '--out', out('n25')], flags: ['--matches'], message: /--matches .*expected an integer, got "2\.5"/, leaves: out('n25') },
  { name: 'run -n a word', args: ['run', tiny, '-n', 'many', '--out', out('nw')], flags: ['--matches'], message: /--matches .*expected an integer, got "many"/, leaves: out('nw') },
  { name: 'run --workers -1', args: ['run', tiny, '--workers', '-1', '--out', out('w-1')], flags: ['--workers'], message: /--workers .*expected an integer from 0 to 256, got -1/, leaves: out('w-1') },
  { name: 'run --workers 257', args: ['run', tiny, '--workers', '257', '--out', out('w257')], flags: ['--workers'], message: /--workers .*expected an integer from 0 to 256, got 257/, leaves: out('w257') },
  { name: 'run --workers a word', args: ['run', tiny, '-w', 'two', '--out', out('ww')], flags: ['--workers'], message: /--workers .*expected an integer, got "two"/, leaves: out('ww') },
  { name: 'run --out a file', args: ['run', tiny, '--out', aFile], flags: ['--out'], message: /afile: at --out: expected a folder for the results, got "a file/ },
  { name: 'run --out under a file', args: ['run', tiny, '--out', join(aFile, 'r')], flags: ['--out'], message: /afile\/r: at --out: expected a folder path whose parents are folders, got ".*afile is a file, not a folder"/ },
  { name: 'run --out where no folder can be made', args: ['run', tiny, '--out', '/proc/stareater-x/r'], flags: ['--out'], message: /at --out: expected a folder the run can write, got "\/proc\/stareater-x: the file system there takes no new folders/, leaves: '/proc/stareater-x' },
  { name: 'run --resume a folder that does not exist', args: ['run', tiny, '--resume', join(tmp, 'nope')], flags: ['--resume'], message: /nope: at --resume: expected the results folder of a stopped run \(it holds checkpoint\.json\), got "no such folder"/, leaves: join(tmp, 'nope') },
  { name: 'run --resume a file', args: ['run', tiny, '--resume', aFile], flags: ['--resume'], message: /afile: at --resume: expected the results folder of a stopped run .*got "a file"/ },
  { name: 'run --resume a folder without a checkpoint', args: ['run', tiny, '--resume', emptyDir], flags: ['--resume'], message: /empty\/checkpoint\.json: at \(root\): expected a checkpoint written by a stopped run/ },
  { name: 'run an experiment that does not exist', args: ['run', 'no-such-experiment', '--out', out('nx')], flags: ['[file]'], message: /no-such-experiment\.yaml: at \(root\): expected a readable file/, leaves: out('nx') },
  { name: 'run an experiment that is a scenario', args: ['run', brokenScenario, '--out', out('sx')], flags: ['[file]'], message: /scenario\.yaml: at .*expected/, leaves: out('sx') },
  { name: 'run --shard out of range', args: ['run', tiny, '--shard', '5/2', '--out', out('sh')], flags: ['--shard'], message: /--shard .*expected I from 0 to 1 in I\/2, got 5/, leaves: out('sh') },
  { name: 'run --shard not a fraction', args: ['run', tiny, '--shard', 'half', '--out', out('sh2')], flags: ['--shard'], message: /--shard .*expected/, leaves: out('sh2') },
  { name: 'run an unknown option', args: ['run', tiny, '--bogus'], flags: [], message: /unknown option '--bogus'/ },
  { name: 'an unknown command', args: ['frobnicate'], flags: [], message: /unknown command 'frobnicate'/ },
  // match and demo
  { name: 'match --seed a word', args: ['match', '--seed', 'abc'], flags: ['--seed'], message: /--seed .*expected an integer, got "abc"/ },
  { name: 'match --seed a fraction', args: ['match', '--seed', '1.5'], flags: ['--seed'], message: /--seed .*expected an integer, got "1\.5"/ },
  { name: 'demo --seed a word', args: ['demo', '--seed', 'x'], flags: ['--seed'], message: /--seed .*expected an integer, got "x"/ },
  { name: 'match --p0 an unknown bot', args: ['match', '--p0', 'nosuchbot'], flags: ['--p0'], message: /unknown bot "nosuchbot": expected one of .*random/ },
  { name: 'match --p1 a file that is not a bot', args: ['match', '--p1', aFile], flags: ['--p1'], message: /not a bot file: .*afile \(a bot is a \.ts, \.js or \.mjs file\)/ },
  { name: 'match --p1 a bot file with a syntax error', args: ['match', '--p1', syntax], flags: ['--p1'], message: /bot file .*syntax\.ts does not load: \S/ },
  { name: 'match --p0 a bot file that throws on loading', args: ['match', '--p0', throwsOnLoad], flags: ['--p0'], message: /bot file .*throws\.ts does not load: boom at load/ },
  { name: 'match --p0 a bot file whose default export is a number', args: ['match', '--p0', notFactory], flags: ['--p0'], message: /bot file .*not-factory\.ts exports no factory: .*it has a default export that is number/ },
  { name: 'match --p1 a bot file without a default export', args: ['match', '--p1', noDefault], flags: ['--p1'], message: /bot file .*no-default\.ts exports no factory: .*it has no default export/ },
  { name: 'match --p0 a bot file that does not exist', args: ['match', '--p0', join(tmp, 'nope.ts')], flags: ['--p0'], message: /no bot file .*nope\.ts/ },
  { name: 'match --p2 an unknown bot on three ships', args: ['match', '--scenario', 'ffa3', '--p2', 'nosuchbot'], flags: ['--p2'], message: /unknown bot "nosuchbot"/ },
  { name: 'match --p3 an unknown bot on four ships', args: ['match', '--scenario', 'teams4', '--p3', 'nosuchbot'], flags: ['--p3'], message: /unknown bot "nosuchbot"/ },
  { name: 'match --p0-params not JSON', args: ['match', '--p0-params', '[1'], flags: ['--p0-params'], message: /--p0-params: expected a JSON object such as/ },
  { name: 'match --p0-params an unknown parameter', args: ['match', '--p0-params', '{"maxspeed": 1}'], flags: ['--p0-params'], message: /--p0-params: expected parameters rammer accepts \(rammer: unknown param "maxspeed" .*did you mean "maxSpeed"\?\), got \{"maxspeed":1\}/ },
  { name: 'match --p0-params a parameter of the wrong type', args: ['match', '--p0-params', '{"maxSpeed": "1"}'], flags: ['--p0-params'], message: /--p0-params: expected parameters rammer accepts/ },
  { name: 'match --p1-params a string', args: ['match', '--p1-params', '"x"'], flags: ['--p1-params'], message: /--p1-params: expected a JSON object/ },
  { name: 'match --p2-params cut short', args: ['match', '--p2-params', '{'], flags: ['--p2-params'], message: /--p2-params: expected a JSON object/ },
  { name: 'match --p3-params null', args: ['match', '--p3-params', 'null'], flags: ['--p3-params'], message: /--p3-params: expected a JSON object .*got null/ },
  { name: 'match --round-limit 0', args: ['match', '--round-limit', '0'], flags: ['--round-limit'], message: /--round-limit .*expected an integer from 1 to 10000, got 0/ },
  { name: 'match --round-limit 2^32', args: ['match', '--round-limit', '4294967296'], flags: ['--round-limit'], message: /--round-limit .*expected an integer from 1 to 10000/ },
  { name: 'match --scenario unknown', args: ['match', '--scenario', 'nosuchscenario'], flags: ['--scenario'], message: /nosuchscenario: at \(root\): expected a scenario file, or the name of one in configs\/scenarios/ },
  { name: 'match --scenario a file that is not a scenario', args: ['match', '--scenario', aFile], flags: ['--scenario'], message: /afile: at \(root\): expected a mapping/ },
  { name: 'match --scenario a broken scenario', args: ['match', '--scenario', brokenScenario], flags: ['--scenario'], message: /scenario\.yaml: at ships: expected a list/ },
  { name: 'match --experiment without --id', args: ['match', '--experiment', 'default'], flags: ['--experiment'], message: /--experiment and --id go together/ },
  { name: 'match --id without --experiment', args: ['match', '--id', '3'], flags: ['--id'], message: /--experiment and --id go together/ },
  { name: 'match --id beyond the run', args: ['match', '--experiment', tiny, '--id', '99999999'], flags: ['--id'], message: /--id: expected a match id 0\.\.3, got 99999999/ },
  { name: 'match --id a word', args: ['match', '--experiment', tiny, '--id', 'x'], flags: ['--id'], message: /--id .*expected an integer, got "x"/ },
  { name: 'match --experiment broken', args: ['match', '--experiment', brokenScenario, '--id', '0'], flags: ['--experiment'], message: /scenario\.yaml: at .*expected/ },
  { name: 'match --results a folder that does not exist', args: ['match', '--results', join(tmp, 'nope'), '--id', '0'], flags: ['--results'], message: /--results .*nope: expected a results folder .*no such folder/ },
  { name: 'run --round-limit 0', args: ['run', tiny, '--round-limit', '0', '--out', out('rl0')], flags: ['--round-limit'], message: /--round-limit .*expected an integer from 1 to 10000, got 0/, leaves: out('rl0') },
  { name: 'run --round-limit a word', args: ['run', tiny, '--round-limit', 'ten', '--out', out('rlw')], flags: ['--round-limit'], message: /--round-limit .*expected an integer, got "ten"/, leaves: out('rlw') },
  { name: 'match --trace under a file', args: ['match', '--trace', join(aFile, 't.json')], flags: ['--trace'], message: /afile\/t\.json: at --trace: expected a folder path whose parents are folders/ },
  { name: 'match --trace a folder', args: ['match', '--trace', emptyDir], flags: ['--trace'], message: /empty: at --trace: expected a file to write \(this path is a folder\)/ },
  // replay
  { name: 'replay --id a word', args: ['replay', '--id', 'x'], flags: ['--id'], message: /--id .*expected an integer, got "x"/ },
  { name: 'replay --results a folder that does not exist', args: ['replay', '--results', join(tmp, 'nope'), '--id', '0'], flags: ['--results'], message: /--results .*nope: expected a results folder .*no such folder/ },
  { name: 'replay --experiment with an id beyond the run', args: ['replay', '--experiment', tiny, '--id', '99'], flags: ['--experiment'], message: /--id: expected a match id 0\.\.3 of .*tiny\.yaml, got 99/ },
  { name: 'replay --scenario unknown', args: ['replay', '--scenario', 'nosuchscenario'], flags: ['--scenario'], message: /nosuchscenario: at \(root\): expected a scenario file/ },
  { name: 'replay --trace a file that does not exist', args: ['replay', '--trace', join(tmp, 'nope.json')], flags: ['--trace'], message: /--trace .*nope\.json: expected a trace file written by stareater match --trace, but there is no such file/ },
  { name: 'replay --seed a word', args: ['replay', '--scenario', 'duel', '--seed', 'abc'], flags: ['--seed'], message: /--seed .*expected an integer, got "abc"/ },
  { name: 'replay --p0 an unknown bot', args: ['replay', '--scenario', 'duel', '--p0', 'nosuchbot'], flags: ['--p0'], message: /unknown bot "nosuchbot"/ },
  { name: 'replay --p1 an unknown bot', args: ['replay', '--scenario', 'duel', '--p1', 'nosuchbot'], flags: ['--p1'], message: /unknown bot "nosuchbot"/ },
  { name: 'replay --p2 an unknown bot', args: ['replay', '--scenario', 'ffa3', '--p2', 'nosuchbot'], flags: ['--p2'], message: /unknown bot "nosuchbot"/ },
  { name: 'replay --p3 an unknown bot', args: ['replay', '--scenario', 'teams4', '--p3', 'nosuchbot'], flags: ['--p3'], message: /unknown bot "nosuchbot"/ },
  { name: 'replay --round-limit 0', args: ['replay', '--scenario', 'duel', '--round-limit', '0'], flags: ['--round-limit'], message: /--round-limit .*expected an integer from 1 to 10000, got 0/ },
  { name: 'replay --out under a file', args: ['replay', '--scenario', 'duel', '--out', join(aFile, 'x.html')], flags: ['--out'], message: /afile\/x\.html: at --out: expected a folder path whose parents are folders/ },
  // scenario, report, validate, merge
  { name: 'scenario unknown', args: ['scenario', 'nosuch'], flags: ['<file>'], message: /nosuch: at \(root\): expected a scenario file, or the name of one in configs\/scenarios/ },
  { name: 'scenario broken', args: ['scenario', brokenScenario], flags: ['<file>'], message: /scenario\.yaml: at ships: expected a list/ },
  { name: 'scenario --seed a word', args: ['scenario', 'duel', '--seed', 'abc'], flags: ['--seed'], message: /--seed .*expected an integer, got "abc"/ },
  { name: 'report a folder that does not exist', args: ['report', join(tmp, 'nope')], flags: ['<dir>'], message: /nope: expected a results folder with a summary\.json/ },
  { name: 'report a folder without a summary', args: ['report', emptyDir], flags: ['<dir>'], message: /empty: expected a results folder with a summary\.json/ },
  { name: 'validate --config-dir a folder that does not exist', args: ['validate', '--config-dir', join(tmp, 'nope')], flags: ['--config-dir'], message: /nope\/rules\.yaml: at \(root\): expected a readable file, got no such file/ },
  { name: 'validate --config-dir a folder without configs', args: ['validate', '--config-dir', emptyDir], flags: ['--config-dir'], message: /empty\/rules\.yaml: at \(root\): expected a readable file/ },
  { name: 'merge without a folder to write', args: ['merge'], flags: ['<out>'], message: /missing required argument 'out'/ },
  { name: 'merge without shard folders', args: ['merge', out('merged')], flags: ['<dirs...>'], message: /missing required argument 'dirs'/, leaves: out('merged') },
  { name: 'merge a shard folder that does not exist', args: ['merge', out('merged'), join(tmp, 'nope')], flags: ['<dirs...>'], message: /nope: at \(root\): expected a shard folder written by stareater run --shard I\/N, got "no such folder"/, leaves: out('merged') },
];

/** The errors `stareater` exits 2 on (src/cli/main.ts main()). */
const badInput = (e: unknown) => e instanceof CommanderError || e instanceof ConfigError || e instanceof SetupError || e instanceof BotLoadError;

/** Parse and run a command line with the real program; the error it ends on and what it printed to stderr. */
async function attempt(args: string[]): Promise<{ error: unknown; text: string }> {
  const printed: string[] = [];
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (printed.push(String(c)), true));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await buildProgram().parseAsync(['node', 'stareater', ...args]);
    return { error: undefined, text: printed.join('') };
  } catch (error) {
    return { error, text: `${(error as Error).message}\n${printed.join('')}` };
  } finally {
    err.mockRestore();
    log.mockRestore();
  }
}

describe('broken command lines: refused as bad input, naming the flag and what was expected, leaving nothing', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const { error, text } = await attempt(row.args);
    expect(error, 'the command line was accepted').toBeDefined();
    expect(badInput(error), `not an error stareater exits 2 on: ${String((error as Error)?.stack)}`).toBe(true);
    expect(text).toMatch(row.message);
    if (row.leaves) expect(existsSync(row.leaves), `${row.leaves} was left behind`).toBe(false);
  });

  it('every option that takes a value, and every command argument, has a row', () => {
    // run --seed takes any text: an experiment's seed may be a string.
    const covered = new Set(['run --seed', ...ROWS.flatMap((r) => r.flags.map((f) => `${r.args[0]} ${f}`))]);
    // demo shares match's options: its rows are match's.
    const missing: string[] = [];
    for (const cmd of buildProgram().commands) {
      const name = cmd.name() === 'demo' ? 'match' : cmd.name();
      for (const o of cmd.options) if ((o.required || o.optional) && !covered.has(`${name} ${o.long}`)) missing.push(`${cmd.name()} ${o.long}`);
      for (const a of cmd.registeredArguments) {
        const shown = a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}]`;
        if (!covered.has(`${name} ${shown}`)) missing.push(`${cmd.name()} ${shown}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('end to end: exit status 2 and no stack trace', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], { cwd: root, encoding: 'utf8' });
  it.each([
    [['run', tiny, '--out', join(aFile, 'r')], /at --out: expected a folder path whose parents are folders/],
    [['match', '--p1', syntax], /bot file .*syntax\.ts does not load/],
    [['match', '--p0-params', '{"maxspeed": 1}'], /--p0-params: expected parameters rammer accepts/],
    [['replay', '--scenario', 'duel', '--out', join(aFile, 'x.html')], /at --out: expected a folder path whose parents are folders/],
  ])('%j', (args, message) => {
    const r = cli(...args);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
