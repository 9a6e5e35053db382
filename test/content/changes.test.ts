/**
 * Card changes (src/content/changes.ts through loadGameTables): a change lands in the
 * compiled tables exactly where the card's field compiles to and nowhere else, the tables
 * loaded without changes stay untouched, and a bad change is a ConfigError against the
 * experiment file at the change's own path. Also the experiment-file checks of the kinds
 * that use changes and loadouts (loadout-sweep, stat-sweep), through loadExperiment and
 * prepare().
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { applyCardChanges, changeableFields, describeChange, type CardChange, type SourcedChange } from '../../src/content/changes.ts';
import { ConfigError } from '../../src/content/errors.ts';
import { defaultConfigDir, loadFaction, loadGameTables } from '../../src/content/load.ts';
import type { GameTables } from '../../src/rules/tables.ts';
import { ExperimentSchema, loadExperiment } from '../../src/sim/experiment.ts';
import { prepare } from '../../src/sim/play.ts';

const FILE = 'exp.yaml';
const FPA = 0;
const LAMAIS = 1;

/** Changes as an experiment's `changes` list, sourced to FILE. */
const sourced = (...changes: CardChange[]): SourcedChange[] => changes.map((change, i) => ({ change, file: FILE, path: `changes[${i}]` }));

/** The error a thunk throws (failing the test when it throws nothing). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error, none was thrown');
}
async function rejected(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error, none was thrown');
}

const base = loadGameTables();
const baseSnapshot = structuredClone(base);

describe('a change lands in the compiled tables', () => {
  // change, where it compiles to (set on a copy of the base tables), the base value there
  const cases: [string, CardChange, (t: GameTables) => { get: () => number; set: (v: number) => void }, number][] = [
    [
      'main weapon damage',
      { card: 'fpa-hammerfall', field: 'damage', value: 7 },
      (t) => ({ get: () => t.factions[FPA].mainWeapons[0].damage, set: (v) => (t.factions[FPA].mainWeapons[0].damage = v) }),
      4,
    ],
    [
      'broadside speed',
      { card: 'fpa-harpoon', field: 'speed', value: 5 },
      (t) => ({ get: () => t.factions[FPA].broadsides[1].speed, set: (v) => (t.factions[FPA].broadsides[1].speed = v) }),
      2,
    ],
    [
      "corvette's nested weapon.damage",
      { card: 'fpa-wasp', field: 'weapon.damage', value: 3 },
      (t) => ({ get: () => t.factions[FPA].corvettes[0].weapon!.damage, set: (v) => (t.factions[FPA].corvettes[0].weapon!.damage = v) }),
      1,
    ],
    [
      'corvette speed',
      { card: 'fpa-wasp', field: 'speed', value: 6 },
      (t) => ({ get: () => t.factions[FPA].corvettes[0].speed, set: (v) => (t.factions[FPA].corvettes[0].speed = v) }),
      4,
    ],
    [
      'hangar launchTurn',
      { card: 'lamais-gimbal', field: 'launchTurn', value: 3 },
      (t) => ({ get: () => t.factions[LAMAIS].hangars[1].launchTurn, set: (v) => (t.factions[LAMAIS].hangars[1].launchTurn = v) }),
      2,
    ],
    [
      'point defence range',
      { card: 'lamais-farwatch', field: 'range', value: 1 },
      (t) => ({ get: () => t.factions[LAMAIS].pointDefence[2].range, set: (v) => (t.factions[LAMAIS].pointDefence[2].range = v) }),
      5,
    ],
    [
      "special's nested effect.amount",
      { card: 'fpa-damage-control', field: 'effect.amount', value: 5 },
      (t) => ({ get: () => t.factions[FPA].special.amount, set: (v) => (t.factions[FPA].special.amount = v) }),
      3,
    ],
  ];

  it.each(cases)('%s', (_, change, at, before) => {
    expect(at(base).get()).toBe(before);
    const changed = loadGameTables({ changes: sourced(change) });
    expect(at(changed).get()).toBe(change.value);
    // Nothing else differs: the base tables with that one number set are the changed tables.
    const expected = structuredClone(base);
    at(expected).set(change.value);
    expect(changed).toEqual(expected);
  });

  it('several changes over both factions apply together', () => {
    const changed = loadGameTables({
      changes: sourced(
        { card: 'fpa-hammerfall', field: 'damage', value: 7 },
        { card: 'fpa-hammerfall', field: 'cooldown', value: 1 },
        { card: 'lamais-kestrel', field: 'limit', value: 2 },
      ),
    });
    const expected = structuredClone(base);
    expected.factions[FPA].mainWeapons[0].damage = 7;
    expected.factions[FPA].mainWeapons[0].cooldown = 1;
    expected.factions[LAMAIS].corvettes[0].limit = 2;
    expect(changed).toEqual(expected);
  });

  it('the tables loaded without changes are not touched (no shared mutation)', () => {
    loadGameTables({ changes: sourced({ card: 'fpa-hammerfall', field: 'damage', value: 9 }, { card: 'fpa-wasp', field: 'weapon.damage', value: 4 }) });
    expect(base).toEqual(baseSnapshot);
    expect(base.factions[FPA].mainWeapons[0].damage).toBe(4);
    const again = loadGameTables();
    expect(again).toEqual(baseSnapshot);
    expect(again.factions[FPA].corvettes[0].weapon!.damage).toBe(1);
  });

  it('applyCardChanges changes a copy and reports what it applied', () => {
    const fpa = loadFaction(join(defaultConfigDir(), 'factions', 'fpa.yaml'));
    const before = structuredClone(fpa);
    const changes = sourced({ card: 'fpa-wasp', field: 'weapon.damage', value: 2 }, { card: 'lamais-tyrant', field: 'damage', value: 1 });
    const r = applyCardChanges(fpa, changes);
    expect(fpa).toEqual(before);
    expect(r.faction).not.toBe(fpa);
    expect(r.faction.corvettes[0].weapon!.damage).toBe(2);
    expect(r.applied).toEqual([changes[0]]);
    // No change names one of its cards: the same object back, nothing applied.
    const none = applyCardChanges(fpa, changes.slice(1));
    expect(none.faction).toBe(fpa);
    expect(none.applied).toEqual([]);
  });
});

describe('a refused value is blamed on the change that set it', () => {
  it.each([
    ['the second change to the same card', sourced({ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'fpa-hammerfall', field: 'range', value: 2 }), 'changes[1].value'],
    ['a limit the default loadout breaks, after another card', sourced({ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'fpa-mako', field: 'limit', value: 1 }), 'changes[1].value'],
  ])('%s', (_, changes, path) => {
    const e = thrown(() => loadGameTables({ changes }));
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).path).toBe(path);
  });
});

describe('a bad change is a ConfigError against the experiment file', () => {
  const ALL_CARDS =
    'fpa-hammerfall, fpa-longbow, fpa-hornet, fpa-harpoon, fpa-catapult, fpa-drydock, fpa-flak, fpa-sentinel, fpa-lancet, ' +
    'fpa-wasp, fpa-picket, fpa-mako, fpa-lantern, fpa-hammerhead, fpa-damage-control, fpa-hull, fpa-commands, fpa-command-corvette, fpa-supplies, ' +
    'lamais-tyrant, lamais-dawnspear, lamais-scattershot, lamais-hailstorm, lamais-slipstream, lamais-gimbal, lamais-needle, ' +
    'lamais-aegis, lamais-farwatch, lamais-kestrel, lamais-warden, lamais-striker, lamais-skiff, lamais-lancer, lamais-cryo-purge, ' +
    'lamais-hull, lamais-commands, lamais-command-corvette, lamais-supplies';
  const WASP_FIELDS = 'limit, speed, agility, evasion, weapon.damage, weapon.range, weapon.speed, weapon.accuracy, weapon.cooldown, weapon.tieBreaker';
  // what, changes, path, expected, got
  const cases: [string, SourcedChange[], string, string, string][] = [
    ['unknown card', sourced({ card: 'fpa-nope', field: 'damage', value: 1 }), 'changes[0].card', `a card id (${ALL_CARDS})`, '"fpa-nope"'],
    [
      'unknown card after a good one',
      sourced({ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'lamais-nope', field: 'damage', value: 1 }),
      'changes[1].card',
      `a card id (${ALL_CARDS})`,
      '"lamais-nope"',
    ],
    [
      'unknown field',
      sourced({ card: 'fpa-hammerfall', field: 'dmg', value: 1 }),
      'changes[0].field',
      'a numeric field of card fpa-hammerfall (damage, range, speed, accuracy, cooldown, tieBreaker)',
      '"dmg"',
    ],
    ['unknown nested field', sourced({ card: 'fpa-wasp', field: 'weapon.dmg', value: 1 }), 'changes[0].field', `a numeric field of card fpa-wasp (${WASP_FIELDS})`, '"weapon.dmg"'],
    [
      'a weapon field of an unarmed corvette',
      sourced({ card: 'fpa-lantern', field: 'weapon.damage', value: 1 }),
      'changes[0].field',
      'a numeric field of card fpa-lantern (limit, speed, agility, evasion)',
      '"weapon.damage"',
    ],
    [
      'a number inside a text field (name.length)',
      sourced({ card: 'fpa-hammerfall', field: 'name.length', value: 1 }),
      'changes[0].field',
      'a numeric field of card fpa-hammerfall (damage, range, speed, accuracy, cooldown, tieBreaker)',
      '"name.length"',
    ],
    [
      'a text field',
      sourced({ card: 'fpa-hammerfall', field: 'name', value: 1 }),
      'changes[0].field',
      'a numeric field of card fpa-hammerfall (damage, range, speed, accuracy, cooldown, tieBreaker)',
      '"name"',
    ],
    [
      'negative damage',
      sourced({ card: 'fpa-hammerfall', field: 'damage', value: -1 }),
      'changes[0].value',
      'a value faction fpa accepts for fpa-hammerfall.damage (Too small: expected number to be >=0)',
      '-1',
    ],
    [
      'a corvette limit of 0',
      sourced({ card: 'fpa-wasp', field: 'limit', value: 0 }),
      'changes[0].value',
      'a value faction fpa accepts for fpa-wasp.limit (Too small: expected number to be >=1)',
      '0',
    ],
    [
      'a fractional damage',
      sourced({ card: 'lamais-tyrant', field: 'damage', value: 2.5 }),
      'changes[0].value',
      'a value faction lamais accepts for lamais-tyrant.damage (Invalid input: expected int, received number)',
      '2.5',
    ],
    [
      'a range on a projectile weapon (a cross-field rule)',
      sourced({ card: 'fpa-hammerfall', field: 'range', value: 2 }),
      'changes[0].value',
      'a value faction fpa accepts for fpa-hammerfall.range (0 (range is for beam and direct-fire weapons; a projectile uses speed, 4.3))',
      '2',
    ],
    [
      'the second of two changes is bad',
      sourced({ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'fpa-hornet', field: 'damage', value: -1 }),
      'changes[1].value',
      'a value faction fpa accepts for fpa-hornet.damage (Too small: expected number to be >=0)',
      '-1',
    ],
    [
      'a sweep value: reported at its valuePath',
      [{ change: { card: 'fpa-wasp', field: 'speed', value: 0 }, file: FILE, path: 'sweep[1]', valuePath: 'sweep[1].values[2]' }],
      'sweep[1].values[2]',
      'a value faction fpa accepts for fpa-wasp.speed (Too small: expected number to be >=1)',
      '0',
    ],
    [
      'a sweep card that does not exist',
      [{ change: { card: 'fpa-wasps', field: 'speed', value: 2 }, file: FILE, path: 'sweep[0]', valuePath: 'sweep[0].values[0]' }],
      'sweep[0].card',
      `a card id (${ALL_CARDS})`,
      '"fpa-wasps"',
    ],
  ];

  it.each(cases)('%s', (_, changes, path, expected, got) => {
    const e = thrown(() => loadGameTables({ changes }));
    expect(e).toBeInstanceOf(ConfigError);
    const err = e as ConfigError;
    expect(err.file).toBe(FILE);
    expect(err.path).toBe(path);
    expect(err.issues).toEqual([{ path, expected, got }]);
    expect(err.message).toBe(`${FILE}: at ${path}: expected ${expected}, got ${got}`);
  });
});

// ---------------------------------------------------------------------------------------
// Experiment files

const dir = mkdtempSync(join(tmpdir(), 'stareater-changes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeExperiment(name: string, doc: Record<string, unknown>): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify({ name, matches: 4, ...doc }));
  return file;
}

const two = [
  { name: 'a', policy: 'random', faction: 'fpa' },
  { name: 'b', policy: 'random', faction: 'lamais' },
];

describe('experiment files: what each kind needs', () => {
  // file name, document, path, expected (a part of the message)
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['sweep-no-loadouts', { kind: 'loadout-sweep', players: two }, 'loadouts', 'the loadouts to sweep: { faction, policy, count }'],
    [
      'sweep-no-field',
      { kind: 'loadout-sweep', loadouts: { faction: 'fpa', policy: 'random', count: 4 } },
      'players',
      'at least one player to play the loadouts against (or field: each-other)',
    ],
    [
      'stat-one-player',
      { kind: 'stat-sweep', players: two.slice(0, 1), sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [3, 5] }] },
      'players',
      'the subject (first player) and at least one opponent',
    ],
    ['stat-no-sweep', { kind: 'stat-sweep', players: two }, 'sweep', 'the statistics to vary: [{ card, field, values: [...] }]'],
    ['batch-with-sweep', { kind: 'batch', players: two, sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [3, 5] }] }, 'sweep', 'no sweep for a batch (it is for stat-sweep)'],
    [
      'batch-with-loadouts',
      { kind: 'batch', players: two, loadouts: { faction: 'fpa', policy: 'random' } },
      'loadouts',
      'no loadouts block for a batch (it is for loadout-sweep and meta)',
    ],
    [
      'each-other-with-players',
      { kind: 'loadout-sweep', field: 'each-other', players: two, loadouts: { faction: 'fpa', policy: 'random', count: 4 } },
      'players',
      'no players with field: each-other (the loadouts play only each other)',
    ],
    [
      'stat-repeated-values',
      { kind: 'stat-sweep', players: two, sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [2, 2] }] },
      'sweep[0].values',
      'values without repeats',
    ],
    [
      'meta-one-player',
      { kind: 'meta', players: two.slice(0, 1) },
      'loadouts',
      'loadouts to generate, or at least two players with loadouts',
    ],
  ];

  it.each(cases)('%s: refused at %s', (name, doc, path, expected) => {
    const file = writeExperiment(name, doc);
    const e = thrown(() => loadExperiment(file));
    expect(e).toBeInstanceOf(ConfigError);
    const err = e as ConfigError;
    expect(err.file).toBe(file);
    expect(err.path).toBe(path);
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0].expected).toBe(expected);
  });

  it('sweep values with one value: a schema error at sweep[0].values', () => {
    const file = writeExperiment('stat-one-value', { kind: 'stat-sweep', players: two, sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [3] }] });
    const e = thrown(() => loadExperiment(file)) as ConfigError;
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.file).toBe(file);
    expect(e.path).toBe('sweep[0].values');
    expect(e.issues).toHaveLength(1);
    expect([e.issues[0].expected, e.issues[0].got]).toEqual(['a list of at least 2 items', '[3]']);
  });

  it('a sweep field that is not a field name: a schema error at sweep[0].field', () => {
    const file = writeExperiment('stat-bad-field', { kind: 'stat-sweep', players: two, sweep: [{ card: 'fpa-hammerfall', field: 'weapon..damage', values: [3, 4] }] });
    const e = thrown(() => loadExperiment(file)) as ConfigError;
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.path).toBe('sweep[0].field');
    expect(e.issues[0].got).toBe('"weapon..damage"');
  });

  it('the good files of each kind load', () => {
    const sweep = loadExperiment(writeExperiment('ok-sweep', { kind: 'loadout-sweep', field: 'each-other', loadouts: { faction: 'fpa', policy: 'random', count: 3 } }));
    expect(sweep.experiment.loadouts).toEqual({ faction: 'fpa', policy: 'random', params: {}, count: 3, max: 64 });
    const stat = loadExperiment(writeExperiment('ok-stat', { kind: 'stat-sweep', players: two, sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [3, 5] }] }));
    expect(stat.experiment.sweep).toEqual([{ card: 'fpa-hammerfall', field: 'damage', values: [3, 5] }]);
    expect([stat.experiment.target, stat.experiment.band]).toEqual([0.5, 0.05]);
  });
});

describe('prepare(): content errors of the new kinds, against the experiment file', () => {
  const ex = (o: Record<string, unknown>) => ExperimentSchema.parse({ name: 'prep', matches: 2, scenario: 'duel', ...o });
  // what, experiment, path, got
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['loadout-sweep of an unknown faction', { kind: 'loadout-sweep', field: 'each-other', loadouts: { faction: 'zorg', policy: 'random', count: 3 } }, 'loadouts.faction', '"zorg"'],
    ['stat-sweep of a card that does not exist', { kind: 'stat-sweep', players: two, sweep: [{ card: 'fpa-nope', field: 'damage', values: [1, 2] }] }, 'sweep[0].card', '"fpa-nope"'],
    [
      'stat-sweep with a value the card refuses',
      {
        kind: 'stat-sweep',
        players: two,
        sweep: [
          { card: 'fpa-hammerfall', field: 'damage', values: [1, 2] },
          { card: 'lamais-kestrel', field: 'speed', values: [2, 0, 3] },
        ],
      },
      'sweep[1].values[1]',
      '0',
    ],
    ['stat-sweep of a field the card has not', { kind: 'stat-sweep', players: two, sweep: [{ card: 'fpa-hammerfall', field: 'agility', values: [1, 2] }] }, 'sweep[0].field', '"agility"'],
    ['a change of a card that does not exist', { kind: 'batch', players: two, changes: [{ card: 'fpa-nope', field: 'damage', value: 1 }] }, 'changes[0].card', '"fpa-nope"'],
  ];

  it.each(cases)('%s: at %s', async (_, o, path, got) => {
    const e = (await rejected(() => prepare(FILE, ex(o)))) as ConfigError;
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.file).toBe(FILE);
    expect(e.path).toBe(path);
    expect(e.issues[0].got).toBe(got);
  });

  it('a stat-sweep prepares one table set per variant, each with its one value', async () => {
    const prep = await prepare(
      FILE,
      ex({ kind: 'stat-sweep', players: two, changes: [{ card: 'lamais-tyrant', field: 'damage', value: 6 }], sweep: [{ card: 'fpa-hammerfall', field: 'damage', values: [1, 8] }] }),
    );
    expect(prep.variantTables).toHaveLength(3);
    expect(prep.variantTables[0]).toBe(prep.tables);
    expect(prep.variantTables.map((t) => t.factions[FPA].mainWeapons[0].damage)).toEqual([4, 1, 8]);
    expect(prep.variantTables.map((t) => t.factions[LAMAIS].mainWeapons[0].damage)).toEqual([6, 6, 6]);
    expect(prep.variantTables.map((t) => t.roundLimit)).toEqual([prep.tables.roundLimit, prep.tables.roundLimit, prep.tables.roundLimit]);
  });
});

describe('every statistic of every card and part of the shipped factions can be changed and swept', () => {
  const files = ['fpa', 'lamais'].map((f) => loadFaction(join(defaultConfigDir(), 'factions', `${f}.yaml`)));
  const fields = changeableFields(files);
  /** The card or part a field belongs to, in the parsed files (to read its weapon class). */
  const weaponOf = (card: string, field: string): Record<string, unknown> | undefined => {
    for (const f of files) {
      const all = [...f.mainWeapons, ...f.broadsides, ...f.corvettes, f.commandCorvette] as unknown as Record<string, unknown>[];
      const c = all.find((x) => x.id === card) ?? (card === `${f.id}-command-corvette` ? (f.commandCorvette as unknown as Record<string, unknown>) : undefined);
      if (!c) continue;
      return field.startsWith('weapon.') ? (c.weapon as Record<string, unknown>) : c;
    }
    return undefined;
  };
  /** Range on a token weapon and speed on a beam or direct-fire weapon are fixed at 0 by the weapon's class (4.3). */
  const fixedByClass = (card: string, field: string): boolean => {
    const w = weaponOf(card, field);
    const last = field.split('.').pop();
    if (!w || typeof w.class !== 'string') return false;
    const token = w.class === 'projectile' || w.class === 'torpedo';
    return (token && last === 'range') || (!token && last === 'speed');
  };
  const baseJson = base.factions.map((f) => JSON.stringify(f));

  it('the list covers every kind of statistic the issue names', () => {
    const keys = new Set(fields.map((f) => f.field.split('.').pop()));
    for (const k of ['damage', 'range', 'speed', 'cooldown', 'accuracy', 'evasion', 'agility', 'armour', 'structure', 'perSection', 'total', 'priority', 'amount', 'limit', 'tieBreaker'])
      expect(keys, k).toContain(k);
    const cards = new Set(fields.map((f) => f.card));
    for (const c of ['fpa-damage-control', 'lamais-cryo-purge', 'fpa-hull', 'lamais-commands', 'fpa-command-corvette', 'lamais-supplies']) expect(cards, c).toContain(c);
    expect(fields.length).toBeGreaterThan(150);
  });

  // One row per field: the value one step up (or down, at a bound) lands in the compiled tables.
  it.each(fields.map((f) => [`${f.card} ${f.field} = ${f.value}`, f] as const))('%s', (_, f) => {
    const fixed = fixedByClass(f.card, f.field);
    let landed = false;
    for (const value of [f.value + 1, f.value - 1]) {
      let t: GameTables;
      try {
        t = loadGameTables({ changes: sourced({ card: f.card, field: f.field, value }) });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        continue;
      }
      expect(fixed, 'a class-fixed field was accepted').toBe(false);
      const changed = t.factions.map((x, i) => JSON.stringify(x) !== baseJson[i]);
      // The faction that owns the card changed, and only it.
      expect(changed.filter(Boolean)).toHaveLength(1);
      expect(changed[f.card.startsWith('fpa-') ? FPA : LAMAIS]).toBe(true);
      landed = true;
      break;
    }
    expect(landed).toBe(!fixed);
  });

  it('a stat-sweep over every changeable field prepares one table set per value, each differing from the base where its value does', async () => {
    const sweepable = fields.filter((f) => !fixedByClass(f.card, f.field));
    const step = (f: (typeof sweepable)[number]) => {
      for (const value of [f.value + 1, f.value - 1]) {
        try {
          loadGameTables({ changes: sourced({ card: f.card, field: f.field, value }) });
          return value;
        } catch {
          // the other direction
        }
      }
      throw new Error(`${f.card}.${f.field}: no neighbouring value accepted`);
    };
    const sweep = sweepable.map((f) => ({ card: f.card, field: f.field, values: [f.value, step(f)] }));
    const prep = await prepare(FILE, ExperimentSchema.parse({ name: 'every-field', kind: 'stat-sweep', matches: 2, scenario: 'duel', players: two, sweep }));
    expect(prep.variantTables).toHaveLength(1 + 2 * sweep.length);
    const tableJson = prep.tables.factions.map((f) => JSON.stringify(f));
    sweep.forEach((sw, i) => {
      const same = prep.variantTables[1 + 2 * i];
      const moved = prep.variantTables[2 + 2 * i];
      expect(same.factions.map((f) => JSON.stringify(f)), `${sw.card}.${sw.field}=${sw.values[0]}`).toEqual(tableJson);
      expect(moved.factions.some((f, k) => JSON.stringify(f) !== tableJson[k]), `${sw.card}.${sw.field}=${sw.values[1]}`).toBe(true);
    });
  });

  it.each([
    [{ card: 'lamais-tyrant', field: 'damage', value: 2 }, `Tyrant damage ${files[1].mainWeapons[0].damage} -> 2`],
    [{ card: 'fpa-wasp', field: 'weapon.damage', value: 3 }, 'Wasp weapon.damage 1 -> 3'],
    [{ card: 'fpa-hull', field: 'sections.bow.armour', value: 6 }, 'FPA hull sections.bow.armour 4 -> 6'],
    [{ card: 'lamais-commands', field: 'fireMain.priority', value: 1 }, `Lamais commands fireMain.priority ${files[1].commands.fireMain.priority} -> 1`],
    [{ card: 'fpa-nope', field: 'damage', value: 1 }, 'fpa-nope damage -> 1'],
  ])('describes %j as %s', (change, text) => {
    expect(describeChange(files, change)).toBe(text);
  });

  it('a hull section armour change lands on that section only, and a refused one is blamed on its change', () => {
    const t = loadGameTables({ changes: sourced({ card: 'fpa-hull', field: 'sections.core.armour', value: 9 }) });
    const before = JSON.stringify(base.factions[FPA]).length;
    expect(JSON.stringify(t.factions[FPA])).not.toBe(JSON.stringify(base.factions[FPA]));
    expect(before).toBeGreaterThan(0);
    const e = thrown(() => loadGameTables({ changes: sourced({ card: 'fpa-hammerfall', field: 'damage', value: 5 }, { card: 'fpa-hull', field: 'sections.core.armour', value: 0 }) })) as ConfigError;
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.path).toBe('changes[1].value');
    const f = thrown(() => loadGameTables({ changes: sourced({ card: 'fpa-hull', field: 'hexes.core.hex', value: 0 }) })) as ConfigError;
    expect(f.path).toBe('changes[0].field');
  });
});
