/**
 * Tests for src/content: the shipped configs load and compile to the numbers their files
 * say, and broken files fail with an error that names the file, the path inside it, the
 * bad value and what was expected.
 *
 * Broken files are derived from the shipped ones: each row parses a real file, changes one
 * thing, writes it back into a copy of configs/ in a temp folder and loads that copy.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { rotateOffset } from '../../src/hex/hex.ts';
import { ConfigError } from '../../src/content/errors.ts';
import {
  compileBoard,
  compileFaction,
  compileLoadout,
  defaultConfigDir,
  loadFaction,
  loadGameTables,
  loadYaml,
} from '../../src/content/load.ts';
import { RulesFileSchema } from '../../src/content/schema.ts';
import { COMMAND_IDS, WEAPON_CLASS_IDS, type FactionTable } from '../../src/rules/tables.ts';

const CONFIGS = defaultConfigDir();
type Doc = any;
const readDoc = (rel: string): Doc => parse(readFileSync(join(CONFIGS, rel), 'utf8'));

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A copy of configs/ in a fresh temp folder, with `rel` replaced by `text`. */
function brokenConfigDir(rel: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'stareater-content-'));
  temps.push(dir);
  cpSync(CONFIGS, dir, { recursive: true });
  writeFileSync(join(dir, rel), text);
  return dir;
}

function catchConfigError(f: () => unknown): ConfigError {
  try {
    f();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError, but nothing was thrown');
}

// ---------------------------------------------------------------------------------------

describe('shipped configs', () => {
  const boards = [
    // board, cells (a hexagon of radius R has 3R(R+1)+1 hexes), bounding box width x height
    { board: 'standard', cells: 217, width: 17, height: 17 },
    { board: 'small', cells: 91, width: 11, height: 11 },
    // 21 x 13 odd-q rectangle: q spans 21 columns, r spans 13 + 10 rows of column shear
    { board: 'long', cells: 21 * 13, width: 21, height: 23 },
  ];
  it.each(boards)('load and compile with board $board ($cells hexes)', ({ board, cells, width, height }) => {
    const t = loadGameTables({ board });
    expect(t.factions.map((f) => f.id)).toEqual(['fpa', 'lamais']); // sorted by file name
    expect(t.board.id).toBe(board);
    expect(t.board.cellCount).toBe(cells);
    expect(t.board.width).toBe(width);
    expect(t.board.height).toBe(height);
    expect(t.board.mask.reduce((a, b) => a + b, 0)).toBe(cells);
    // The centre hex is on every board.
    expect(t.board.mask[(0 - t.board.rMin) * t.board.width + (0 - t.board.qMin)]).toBe(1);
  });

  it('rules.yaml: component-list supplies, default switches, round limit', () => {
    const t = loadGameTables();
    expect(t.supplies).toEqual({ shields: 8, linear: 8, clockwise: 4, counterClockwise: 4 });
    expect(t.rules).toEqual({
      collisionCancelCount: 1,
      collisionModifyCount: 1,
      rotationalOnTrack: true,
      edgeTokenCounts: true,
      edgeRotationCancels: true,
      passThrough: true,
      overflowToStructure: true,
      tieRule: 'rotate',
      broadsideFire: 'choose',
      pointDefenceReach: 'within',
      edgeLineOfFire: 'eitherSide',
      repeatFactions: false,
    });
    expect(t.roundLimit).toBe(40);
  });

  it('named factions load in the order given', () => {
    expect(loadGameTables({ factions: ['lamais', 'fpa'] }).factions.map((f) => f.id)).toEqual(['lamais', 'fpa']);
  });
});

describe('compiled factions match their files', () => {
  const tables = loadGameTables();
  const rows = tables.factions.map((table) => ({ id: table.id, table, doc: readDoc(`factions/${table.id}.yaml`) }));

  it.each(rows)('$id: full card set of the component list', ({ table }) => {
    expect(table.mainWeapons).toHaveLength(2);
    expect(table.broadsides).toHaveLength(2);
    expect(table.hangars).toHaveLength(2);
    expect(table.pointDefence).toHaveLength(3);
    expect(table.corvettes).toHaveLength(5);
    // 4.2.4: a legal four-corvette pick exists, and heavy craft are scarce.
    expect(table.corvettes.reduce((n, c) => n + c.limit, 0)).toBeGreaterThanOrEqual(4);
    expect(table.corvettes.some((c) => c.limit < 4)).toBe(true);
    expect(table.defaultLoadout.corvettes).toHaveLength(4);
  });

  it.each(rows)('$id: hull numbers', ({ table, doc }) => {
    const h = table.hull;
    expect(h.hexCount).toBe(doc.hull.hexes.length);
    expect(Array.from(h.armour)).toEqual(doc.hull.sections.map((s: Doc) => s.armour));
    expect(h.sectionNames).toEqual(doc.hull.sections.map((s: Doc) => s.name));
    expect(h.structure).toBe(doc.hull.structure);
    expect(h.evasion).toBe(doc.hull.evasion);
    expect(h.shieldCapSection).toBe(doc.hull.shieldCapacity.perSection);
    expect(h.shieldCapTotal).toBe(doc.hull.shieldCapacity.total);
    for (let i = 0; i < h.hexCount; i++) {
      expect([h.hexQ[i], h.hexR[i]]).toEqual(doc.hull.hexes[i].hex);
      expect(h.sectionNames[h.hexSection[i]]).toBe(doc.hull.hexes[i].section);
    }
  });

  it.each(rows)('$id: facing f is facing f-1 turned one sixth clockwise', ({ table }) => {
    const h = table.hull;
    const n = h.hexCount;
    const out = [0, 0];
    for (let f = 0; f < 6; f++) {
      for (let i = 0; i < n; i++) {
        if (f === 0) expect([h.rotQ[i], h.rotR[i]]).toEqual([h.hexQ[i], h.hexR[i]]);
        rotateOffset(h.rotQ[f * n + i], h.rotR[f * n + i], 1, out);
        const next = ((f + 1) % 6) * n + i;
        expect([h.rotQ[next], h.rotR[next]]).toEqual(out);
      }
    }
  });

  it.each(rows)('$id: weapons, commands, special and supplies', ({ table, doc }) => {
    const lists = [
      [table.mainWeapons, doc.mainWeapons],
      [table.broadsides, doc.broadsides],
    ] as const;
    for (const [compiled, written] of lists) {
      compiled.forEach((w, i) => {
        const d = written[i];
        expect(w.id).toBe(d.id);
        expect(WEAPON_CLASS_IDS[w.weaponClass]).toBe(d.class);
        expect([w.damage, w.range, w.speed, w.accuracy, w.cooldown, w.tieBreaker]).toEqual([
          d.damage, d.range, d.speed, d.accuracy, d.cooldown, d.tieBreaker,
        ]);
        expect(w.tokenSupply === -1 ? undefined : table.tokenSupplies[w.tokenSupply].id).toBe(d.tokenSupply);
      });
    }
    expect(table.commands).toHaveLength(COMMAND_IDS.length);
    COMMAND_IDS.forEach((id, c) => expect(table.commands[c].priority).toBe(doc.commands[id].priority));
    expect(table.tokenSupplies).toEqual(Object.entries(doc.tokenSupplies).map(([id, count]) => ({ id, count })));
    expect(table.special.amount).toBe(doc.special.effect.amount);
  });

  // Known answers, each citing the rule or brief it checks.
  const fpa = tables.factions[0];
  const lamais = tables.factions[1];
  const byId = (f: FactionTable, id: string) => [...f.mainWeapons, ...f.broadsides].find((w) => w.id === id)!;
  const known: Array<[string, () => unknown, unknown]> = [
    ['FPA hull has 5 hexes', () => fpa.hull.hexCount, 5],
    ['Lamais hull has 4 hexes', () => lamais.hull.hexCount, 4],
    // FPA bow (0,-1) with the ship facing SE (2 sixth-turns) sits at (1,0), the SE neighbour.
    ['FPA bow when facing SE', () => [fpa.hull.rotQ[2 * 5 + 0], fpa.hull.rotR[2 * 5 + 0]], [1, 0]],
    // 10.1.6: Power to Engines takes two cooldown; 10.1.5: Vent Coolant none.
    ['FPA Power to Engines cooldown (10.1.6)', () => fpa.commands[6].cooldown, 2],
    ['Lamais Power to Engines cooldown (10.1.6)', () => lamais.commands[6].cooldown, 2],
    ['FPA Vent Coolant cooldown (10.1.5)', () => fpa.commands[5].cooldown, 0],
    ['Lamais rail cannon damage 3', () => byId(lamais, 'lamais-tyrant').damage, 3],
    ['FPA broadsides are torpedoes', () => fpa.broadsides.map((w) => WEAPON_CLASS_IDS[w.weaponClass]), ['torpedo', 'torpedo']],
    ['Lamais mains: projectile and beam', () => lamais.mainWeapons.map((w) => WEAPON_CLASS_IDS[w.weaponClass]), ['projectile', 'beam']],
    ['FPA supplies (component list)', () => fpa.tokenSupplies.map((s) => s.count), [3, 3, 3]],
    ['Lamais supplies (component list)', () => lamais.tokenSupplies.map((s) => s.count), [3, 6]],
    ['beam has no supply', () => byId(lamais, 'lamais-dawnspear').tokenSupply, -1],
    ['FPA port broadside fires NW and SW (5, 4)', () => fpa.hull.mounts.port[0].directions, [5, 4]],
    ['FPA hangar launches through SW and SE edges', () => fpa.hull.mounts.hangar.map((m) => m.edge), [4, 2]],
    ['point defence fires all round (9.2.1)', () => fpa.hull.mounts.pointDefence[0].directions, [0, 1, 2, 3, 4, 5]],
    ['a hangar repairs without cooldown (10.1.3 exception)', () => fpa.hangars.some((h) => h.repairCooldown === 0), true],
    ['corvette weapon id', () => fpa.corvettes[2].weapon?.id, 'fpa-mako/weapon'],
    ['unarmed corvette', () => fpa.corvettes[3].weapon, null],
  ];
  it.each(known)('%s', (_name, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------

interface BrokenRow {
  name: string;
  /** File inside configs/ to break. */
  file: string;
  /** Change the parsed file (re-serialised afterwards) ... */
  mutate?: (doc: Doc) => void;
  /** ... or rewrite its text. */
  text?: (text: string) => string;
  /** Path the error must name, what it must say was expected, and the value it must show. */
  path: string;
  expected: string;
  got: string;
  line?: number;
}

const fpaText = readFileSync(join(CONFIGS, 'factions/fpa.yaml'), 'utf8');
const nameLine = fpaText.split('\n').indexOf('name: FPA') + 1;

const broken: BrokenRow[] = [
  {
    name: 'wrong type: armour "lots" (4.1)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.sections[2].armour = 'lots'),
    path: 'hull.sections[2].armour',
    expected: 'an integer from 1 to 99',
    got: '"lots"',
  },
  {
    name: 'unknown key: typo damgae',
    file: 'factions/fpa.yaml',
    mutate: (d) => {
      d.mainWeapons[0].damgae = d.mainWeapons[0].damage;
      delete d.mainWeapons[0].damage;
    },
    path: 'mainWeapons[0].damgae',
    expected: 'did you mean "damage"?',
    got: 'unknown key "damgae"',
  },
  {
    name: 'missing field: hull structure (4.1)',
    file: 'factions/fpa.yaml',
    mutate: (d) => delete d.hull.structure,
    path: 'hull.structure',
    expected: 'an integer from 1 to 99 (this field is required)',
    got: 'nothing',
  },
  {
    name: 'bad direction name "NNE"',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.mounts.port[0].directions[0] = 'NNE'),
    path: 'hull.mounts.port[0].directions[0]',
    expected: 'one of "N", "NE", "SE", "S", "SW", "NW"',
    got: '"NNE"',
  },
  {
    name: 'mount on a hex not in the hull (4.2)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.mounts.main[0].hex = [2, -2]),
    path: 'hull.mounts.main[0].hex',
    expected: 'a hex of the hull (one of [0, -1], [0, 0], [-1, 1], [1, 0], [0, 1])',
    got: '[2,-2]',
  },
  {
    name: 'shields per section beyond what one arrangement holds (10.1.4, 4.1.1)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.shieldCapacity = { perSection: 16, total: 20 }),
    path: 'hull.shieldCapacity.perSection',
    expected: 'a number <= 15 (the most one shield arrangement can put on a section)',
    got: '16',
  },
  {
    name: 'shield capacities with too many arrangements for one decision (10.1.4)',
    file: 'factions/fpa.yaml',
    // 5 sections of 10: 25 shields can be arranged 8,801 ways (5 sections of 6 allow at most 1,451).
    mutate: (d) => (d.hull.shieldCapacity = { perSection: 10, total: 50 }),
    path: 'hull.shieldCapacity',
    expected: 'capacities with at most 4860 ways to arrange the shields on the ship (these allow 8801)',
    got: '',
  },
  {
    name: 'a Shield Surge too large for one arrangement',
    file: 'factions/fpa.yaml',
    mutate: (d) => {
      d.hull.shieldCapacity = { perSection: 2, total: 20 };
      d.special.effect = { kind: 'shieldSurge', amount: 16 };
    },
    path: 'special.effect.amount',
    expected: 'a shieldSurge amount <= 15',
    got: '',
  },
  {
    name: 'unknown tokenSupply (component list)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.broadsides[0].tokenSupply = 'plasmaTorpedo'),
    path: 'broadsides[0].tokenSupply',
    expected: 'one of the faction\'s tokenSupplies "mainProjectile", "broadsideTorpedo", "corvetteTorpedo"',
    got: '"plasmaTorpedo"',
  },
  {
    name: 'default corvettes over a card limit (4.2.4)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.defaultLoadout.corvettes = ['fpa-hammerhead', 'fpa-hammerhead', 'fpa-wasp', 'fpa-wasp']),
    path: 'defaultLoadout.corvettes[1]',
    expected: 'at most 1 of corvette "fpa-hammerhead"',
    got: '"fpa-hammerhead"',
  },
  {
    name: 'YAML syntax error names the line',
    file: 'factions/fpa.yaml',
    text: (t) => t.replace('name: FPA\n', 'name: FPA: the alliance\n'),
    path: `line ${nameLine}, column`,
    expected: 'valid YAML',
    got: '"name: FPA: the alliance"',
    line: nameLine,
  },
  {
    name: 'negative damage (4.3)',
    file: 'factions/lamais.yaml',
    mutate: (d) => (d.mainWeapons[1].damage = -2),
    path: 'mainWeapons[1].damage',
    expected: 'an integer from 0 to 20',
    got: '-2',
  },
  {
    name: 'board radius 0',
    file: 'boards/standard.yaml',
    mutate: (d) => (d.radius = 0),
    path: 'radius',
    expected: 'an integer from 1 to 40',
    got: '0',
  },
  {
    name: 'unknown board shape',
    file: 'boards/standard.yaml',
    mutate: (d) => (d.shape = 'triangle'),
    path: 'shape',
    expected: 'one of "hexagon", "rectangle"',
    got: '"triangle"',
  },
  {
    name: 'hangar edge shared with another hull hex (11.1.1)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.mounts.hangar[0].edge = 'N'),
    path: 'hull.mounts.hangar[0].edge',
    expected: 'an outer edge of hex [0, 1] (its N edge is shared with hull hex [0, 0])',
    got: '"N"',
  },
  {
    name: 'broadside firing into its own hull',
    file: 'factions/lamais.yaml',
    mutate: (d) => (d.hull.mounts.port[0].directions = ['NW', 'N']),
    path: 'hull.mounts.port[0].directions[1]',
    expected: 'a direction that does not fire into the ship\'s own hull (N from [0, 0] meets hull hex [0, -1])',
    got: '"N"',
  },
  {
    name: 'hex names a section that does not exist (4.1)',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.hexes[0].section = 'bwo'),
    path: 'hull.hexes[0].section',
    expected: 'one of the section names "bow", "core", "port", "starboard", "stern"',
    got: '"bwo"',
  },
  {
    name: 'hull without the centre hex',
    file: 'factions/lamais.yaml',
    mutate: (d) => d.hull.hexes.splice(2, 1),
    path: 'hull.hexes',
    expected: 'a list that includes the centre hex [0, 0]',
    got: '[[0, -2], [0, -1], [0, 1]]',
  },
  {
    name: 'hull in two pieces',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.hexes[4].hex = [0, 3]),
    path: 'hull.hexes[4].hex',
    expected: 'a hex joined to the centre',
    got: '[0,3]',
  },
  {
    name: 'the same hex twice',
    file: 'factions/fpa.yaml',
    mutate: (d) => (d.hull.hexes[4].hex = [0, -1]),
    path: 'hull.hexes[4].hex',
    expected: 'a hex not listed before (hexes[0] is already [0, -1])',
    got: '[0,-1]',
  },
  {
    name: 'token weapon without a supply (4.3)',
    file: 'factions/fpa.yaml',
    mutate: (d) => delete d.mainWeapons[0].tokenSupply,
    path: 'mainWeapons[0].tokenSupply',
    expected: 'the id of one of the faction\'s tokenSupplies',
    got: 'nothing',
  },
  {
    name: 'default loadout with three corvettes (4.2.4)',
    file: 'factions/lamais.yaml',
    mutate: (d) => d.defaultLoadout.corvettes.pop(),
    path: 'defaultLoadout.corvettes',
    expected: 'a list of exactly 4 items',
    got: '["lamais-kestrel","lamais-kestrel","lamais-striker"]',
  },
  {
    name: 'default loadout names a card the faction lacks',
    file: 'factions/lamais.yaml',
    mutate: (d) => (d.defaultLoadout.main = 'fpa-hammerfall'),
    path: 'defaultLoadout.main',
    expected: 'the id of one of mainWeapons: "lamais-tyrant", "lamais-dawnspear"',
    got: '"fpa-hammerfall"',
  },
  {
    name: 'corvette limits too low for four corvettes (4.2.4)',
    file: 'factions/lamais.yaml',
    mutate: (d) => {
      d.corvettes = d.corvettes.filter((c: Doc) => c.limit < 3);
      d.defaultLoadout.corvettes = ['lamais-striker', 'lamais-striker', 'lamais-lancer', 'lamais-lancer'];
    },
    path: 'corvettes',
    expected: 'corvette cards whose limits add up to at least 4',
    got: 'limits adding up to 3',
  },
  {
    name: 'faction id differs from its file name',
    file: 'factions/lamais.yaml',
    mutate: (d) => (d.id = 'lamias'),
    path: 'id',
    expected: '"lamais" (the file name without .yaml)',
    got: '"lamias"',
  },
  {
    name: 'unknown tie rule (7.3)',
    file: 'rules.yaml',
    mutate: (d) => (d.switches.tieRule = 'random'),
    path: 'switches.tieRule',
    expected: 'one of "rotate", "seat"',
    got: '"random"',
  },
  {
    name: 'collision cancel count 3 (12)',
    file: 'rules.yaml',
    mutate: (d) => (d.switches.collisionCancelCount = 3),
    path: 'switches.collisionCancelCount',
    expected: 'one of 1, 2',
    got: '3',
  },
  {
    name: 'unknown broadside fire rule (4.2.2)',
    file: 'rules.yaml',
    mutate: (d) => (d.switches.broadsideFire = 'alternate'),
    path: 'switches.broadsideFire',
    expected: 'one of "choose", "all"',
    got: '"alternate"',
  },
  {
    name: 'unknown point-defence reach (9.2.1)',
    file: 'rules.yaml',
    mutate: (d) => (d.switches.pointDefenceReach = 'beyond'),
    path: 'switches.pointDefenceReach',
    expected: 'one of "within", "below"',
    got: '"beyond"',
  },
];

describe('broken files are reported with file, path, value and expectation', () => {
  it.each(broken)('$name', (row) => {
    const original = readFileSync(join(CONFIGS, row.file), 'utf8');
    let text: string;
    if (row.text) text = row.text(original);
    else {
      const doc = parse(original);
      row.mutate!(doc);
      text = stringify(doc);
    }
    expect(text).not.toBe(original);
    const dir = brokenConfigDir(row.file, text);
    const err = catchConfigError(() => loadGameTables({ configDir: dir }));

    // The file.
    expect(err.file.endsWith(row.file)).toBe(true);
    // The issue at the path, with its expectation and value.
    const issue = err.issues.find((i) => i.path.startsWith(row.path));
    expect(issue, `no issue at ${row.path} in:\n${err.message}`).toBeDefined();
    expect(issue!.expected).toContain(row.expected);
    expect(issue!.got).toContain(row.got);
    if (row.line !== undefined) expect(err.line).toBe(row.line);
    // ... and all of it in the message, in the documented form.
    const lineText = err.message.split('\n').find((l) => l.includes(`at ${issue!.path}:`))!;
    expect(lineText.startsWith(`${err.file}: at ${issue!.path}: expected `)).toBe(true);
    expect(lineText).toContain(`, got ${issue!.got}`);
    // Validation errors from the YAML carry a source line too.
    expect(issue!.line).toBeGreaterThan(0);
  });
});

describe('other errors', () => {
  it('an unknown faction name lists the ones there are', () => {
    const err = catchConfigError(() => loadGameTables({ factions: ['fpa', 'zorg'] }));
    expect(err.file.endsWith('factions')).toBe(true);
    expect(err.message).toContain('"zorg"');
    expect(err.message).toContain('"fpa", "lamais"');
  });

  it('a missing file', () => {
    const err = catchConfigError(() => loadYaml(join(tmpdir(), 'no-such-stareater-file.yaml'), RulesFileSchema));
    expect(err.message).toContain('no-such-stareater-file.yaml: at (root): expected a readable file, got no such file');
  });

  const fpaTable = compileFaction(loadFaction(join(CONFIGS, 'factions/fpa.yaml')));
  const good = { main: 'fpa-longbow', broadside: 'fpa-harpoon', hangar: 'fpa-drydock', pointDefence: 'fpa-lancet' };
  const loadouts: Array<{ name: string; choice: Doc; path: string; expected: string }> = [
    { name: 'unknown main', choice: { ...good, main: 'nope', corvettes: ['fpa-wasp', 'fpa-wasp', 'fpa-wasp', 'fpa-wasp'] }, path: 'exp.loadouts[0].main', expected: 'the id of one of mainWeapons' },
    { name: 'five corvettes', choice: { ...good, corvettes: ['fpa-wasp', 'fpa-wasp', 'fpa-wasp', 'fpa-wasp', 'fpa-picket'] }, path: 'exp.loadouts[0].corvettes', expected: 'exactly 4' },
    { name: 'unknown corvette', choice: { ...good, corvettes: ['fpa-wasp', 'fpa-wasp', 'fpa-wasp', 'x'] }, path: 'exp.loadouts[0].corvettes[3]', expected: 'the id of one of corvettes' },
    { name: 'over a limit (4.2.4)', choice: { ...good, corvettes: ['fpa-mako', 'fpa-mako', 'fpa-mako', 'fpa-wasp'] }, path: 'exp.loadouts[0].corvettes[2]', expected: 'at most 2 of corvette "fpa-mako"' },
  ];
  it.each(loadouts)('compileLoadout: $name', ({ choice, path, expected }) => {
    const err = catchConfigError(() => compileLoadout(fpaTable, choice, { file: 'experiments/x.yaml', path: 'exp.loadouts[0]' }));
    expect(err.file).toBe('experiments/x.yaml');
    const issue = err.issues.find((i) => i.path === path);
    expect(issue, err.message).toBeDefined();
    expect(issue!.expected).toContain(expected);
  });

  it('compileLoadout: a legal pick compiles to indices', () => {
    expect(compileLoadout(fpaTable, { ...good, corvettes: ['fpa-hammerhead', 'fpa-mako', 'fpa-mako', 'fpa-lantern'] })).toEqual({
      main: 1,
      broadside: 1,
      hangar: 1,
      pointDefence: 2,
      corvettes: [4, 2, 2, 3],
    });
  });

  it('compileFaction validates objects edited in code (a stat sweep)', () => {
    const parsed = loadFaction(join(CONFIGS, 'factions/lamais.yaml'));
    parsed.mainWeapons[0].damage = 2;
    expect(compileFaction(parsed).mainWeapons[0].damage).toBe(2);
    parsed.mainWeapons[0].damage = -1;
    const err = catchConfigError(() => compileFaction(parsed, 'sweep lamais-tyrant.damage'));
    expect(err.message).toBe('sweep lamais-tyrant.damage: at mainWeapons[0].damage: expected an integer from 0 to 20, got -1');
  });

  it('compileBoard validates too', () => {
    const err = catchConfigError(() => compileBoard({ id: 'b', name: 'B', shape: 'hexagon', radius: 0 }));
    expect(err.path).toBe('radius');
  });
});
