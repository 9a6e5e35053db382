/**
 * Loading content files and compiling them to the kernel's tables (src/rules/tables.ts).
 *
 * Why: two steps, kept apart. Loading reads YAML and validates it (src/content/schema.ts),
 * turning every problem into a ConfigError that names the file, the path inside it, what
 * was expected and the line; compiling turns the validated, human-shaped objects (ids,
 * direction words, section names) into the integers and typed arrays the kernel indexes in
 * its round loop. Compiling validates again, so code that builds or edits faction objects
 * (a stat sweep changing one damage number) gets the same checks as a file. Hull rotations
 * for all six facings are computed here once, with the same `rotateOffset` the kernel uses,
 * so no code rotates a hull at run time. The default config directory is found from this
 * module's own location, not from the working directory, so the CLI, tests and workers
 * agree wherever they start.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isNode, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import type * as z from 'zod';
import { directionIndex, rotateOffset } from '../hex/hex.js';
import {
  COMMAND_IDS,
  SPECIAL_KIND_IDS,
  WEAPON_CLASS_IDS,
  type BoardTable,
  type CommandCardTable,
  type CorvetteTable,
  type FactionTable,
  type GameTables,
  type HullTable,
  type LoadoutTable,
  type MountTable,
  type SpecialKind,
  type WeaponClass,
  type WeaponTable,
} from '../rules/tables.js';
import { applyCardChanges, cardIds, type SourcedChange } from './changes.js';
import { ConfigError, ROOT, formatPath, renderValue, yamlErrorsToError, zodIssuesToError, type ConfigIssue, type SourcePos } from './errors.js';
import {
  BoardFileSchema,
  CORVETTES_PER_SHIP,
  FactionFileSchema,
  LOADOUT_SLOTS,
  RulesFileSchema,
  type BoardFile,
  type FactionFile,
  type LoadoutChoice,
  type RulesFile,
} from './schema.js';

// ---------------------------------------------------------------------------------------
// Locations

let repoRootCache: string | undefined;

/**
 * The repository root: the nearest folder above this module holding both package.json and
 * configs/ (derived from import.meta.url, so independent of the working directory).
 */
export function repoRoot(): string {
  if (repoRootCache !== undefined) return repoRootCache;
  const here = dirname(fileURLToPath(import.meta.url));
  let dir = here;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'configs'))) return (repoRootCache = dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return (repoRootCache = resolve(here, '..', '..'));
}

/**
 * The config directory: `<repo>/configs`, or the folder STAREATER_CONFIG_DIR names (a copy
 * of configs/ to try changes in, or to run a test on, without touching the shipped files;
 * worker threads see the same environment).
 */
export function defaultConfigDir(): string {
  const dir = process.env.STAREATER_CONFIG_DIR;
  return dir ? resolve(dir) : join(repoRoot(), 'configs');
}

/** A path as shown in messages: relative to the working directory when inside it. */
function displayPath(p: string): string {
  const abs = resolve(p);
  const rel = relative(process.cwd(), abs);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

/** Names (file names without .yaml/.yml) of the config files in `<configDir>/<kind>`, sorted. */
export function listConfigNames(kind: 'factions' | 'boards', configDir: string = defaultConfigDir()): string[] {
  const dir = join(configDir, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .map((f) => f.slice(0, -extname(f).length));
}

// ---------------------------------------------------------------------------------------
// YAML

/** Parsed YAML plus a way back from a data path to its line. */
interface YamlSource {
  file: string;
  data: unknown;
  locate: (path: readonly PropertyKey[], key?: boolean) => SourcePos | undefined;
}

function readYamlSource(file: string): YamlSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new ConfigError(file, [{ path: ROOT, expected: 'a readable file', got: code === 'ENOENT' ? 'no such file' : code }]);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) throw yamlErrorsToError(file, doc.errors, text);
  const at = (offset: number): SourcePos => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    throw aliasError(file, doc, e, at);
  }
  return { file, data, locate: (path, key) => locateNode(doc, path, key === true, at) };
}

/**
 * Most alias expansions (`*name` copying an `&name` anchor, counted through nesting) a file
 * may make: the yaml package's own default. A handful of anchors reused a few times each is
 * far below it; an "alias bomb", a few lines whose aliases nest into billions of nodes,
 * is refused before it is expanded.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * What the YAML reader throws while turning a document into data (an alias bomb, an alias
 * to an anchor that comes later or not at all), as a ConfigError at the first alias.
 */
function aliasError(file: string, doc: Document, e: unknown, at: (offset: number) => SourcePos): ConfigError {
  const message = e instanceof Error ? e.message : String(e);
  // The alias named in the message (an unresolved one), else the first alias of the file.
  const named = /unresolved alias/i.test(message) ? /: (\S+)$/.exec(message)?.[1] : undefined;
  let first: { source: string; pos?: SourcePos } | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (named !== undefined && node.source !== named) return undefined;
      first = { source: node.source, pos: node.range ? at(node.range[0]) : undefined };
      return visit.BREAK;
    },
  });
  const where = first?.pos;
  const path = where !== undefined ? `line ${where.line}, column ${where.column}` : ROOT;
  const expected = /excessive alias count/i.test(message)
    ? `a file whose aliases (*name) expand to at most ${MAX_ALIAS_COUNT} copies of their anchors (&name); these nest into far more, which is refused as a resource-exhaustion attack`
    : /unresolved alias/i.test(message)
      ? 'an alias (*name) to an anchor (&name) set before it in the file'
      : `a file the YAML reader can turn into data (${message})`;
  const got = first === undefined ? message : named !== undefined ? `*${first.source}` : `the alias *${first.source} and the others`;
  return new ConfigError(file, [{ path, expected, got, ...where }]);
}

/** Source position of the node at `path` (or of the key itself), else of its nearest ancestor. */
function locateNode(
  doc: Document,
  path: readonly PropertyKey[],
  key: boolean,
  at: (offset: number) => SourcePos,
): SourcePos | undefined {
  if (key && path.length > 0) {
    const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1) as unknown[], true);
    const name = path[path.length - 1];
    if (isMap(parent)) {
      for (const pair of parent.items) {
        const k = pair.key;
        if (isScalar(k) && k.value === name && k.range) return at(k.range[0]);
      }
    }
  }
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n) as unknown[], true);
    if (isNode(node) && node.range) return at(node.range[0]);
  }
  return undefined;
}

function validate<S extends z.ZodType>(src: YamlSource, schema: S): z.output<S> {
  const r = schema.safeParse(src.data);
  if (!r.success) throw zodIssuesToError(src.file, r.error, src.data, { schema, locate: src.locate });
  return r.data;
}

/**
 * Read a YAML file and validate it against a zod schema.
 * @throws ConfigError on a missing file, a YAML syntax error (with line and column) or
 *   any schema issue (all of them, each with its path, value and expectation).
 */
export function loadYaml<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  return validate(readYamlSource(file), schema);
}

/** As loadYaml, with a way back from a data path to its line for later checks. */
export function loadYamlLocated<S extends z.ZodType>(
  file: string,
  schema: S,
): { value: z.output<S>; locate: (path: readonly PropertyKey[]) => SourcePos | undefined } {
  const src = readYamlSource(file);
  return { value: validate(src, schema), locate: (path) => src.locate(path) };
}

/** The file's `id` must be its file name, so `--faction fpa` and `id: fpa` always agree. */
function checkIdMatchesFile(src: YamlSource, id: string): void {
  const expected = basename(src.file).replace(/\.ya?ml$/, '');
  if (id !== expected)
    throw ConfigError.at(src.file, 'id', `${JSON.stringify(expected)} (the file name without .yaml)`, id, src.locate(['id']));
}

/** Load and validate configs/rules.yaml (box supplies, rule switches, round limit). */
export function loadRulesFile(file: string): RulesFile {
  return loadYaml(file, RulesFileSchema);
}

/** Load and validate a faction file; its `id` must equal the file name. */
export function loadFaction(file: string): FactionFile {
  const src = readYamlSource(file);
  const parsed = validate(src, FactionFileSchema);
  checkIdMatchesFile(src, parsed.id);
  return parsed;
}

/** Load and validate a board file; its `id` must equal the file name. */
export function loadBoard(file: string): BoardFile {
  const src = readYamlSource(file);
  const parsed = validate(src, BoardFileSchema);
  checkIdMatchesFile(src, parsed.id);
  return parsed;
}

/** Validate an in-memory object (not read from a file) and name `source` in errors. */
function revalidate<S extends z.ZodType>(value: unknown, schema: S, source: string): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw zodIssuesToError(source, r.error, value, { schema });
  return r.data;
}

// ---------------------------------------------------------------------------------------
// Compiling

type WeaponFile = FactionFile['mainWeapons'][number];
type CorvetteWeaponFile = NonNullable<FactionFile['corvettes'][number]['weapon']>;

function compileWeapon(w: WeaponFile | CorvetteWeaponFile, id: string, supplyIds: readonly string[]): WeaponTable {
  return {
    id,
    name: w.name,
    weaponClass: WEAPON_CLASS_IDS.indexOf(w.class) as WeaponClass,
    damage: w.damage,
    range: w.range,
    speed: w.speed,
    accuracy: w.accuracy,
    cooldown: w.cooldown,
    tieBreaker: w.tieBreaker,
    tokenSupply: w.tokenSupply === undefined ? -1 : supplyIds.indexOf(w.tokenSupply),
    evasion: w.evasion ?? 0,
  };
}

/** Every direction: point defence fires in a 360 degree arc (9.2.1). */
const ALL_DIRECTIONS: readonly number[] = [0, 1, 2, 3, 4, 5];

function compileHull(h: FactionFile['hull']): HullTable {
  const n = h.hexes.length;
  const sectionNames = h.sections.map((s) => s.name);
  const hexQ = new Int8Array(n);
  const hexR = new Int8Array(n);
  const hexSection = new Int8Array(n);
  h.hexes.forEach((x, i) => {
    hexQ[i] = x.hex[0];
    hexR[i] = x.hex[1];
    hexSection[i] = sectionNames.indexOf(x.section);
  });
  // Facing f is the N-facing footprint turned f sixth-turns clockwise about the centre.
  const rotQ = new Int8Array(6 * n);
  const rotR = new Int8Array(6 * n);
  const out = [0, 0];
  for (let f = 0; f < 6; f++) {
    for (let i = 0; i < n; i++) {
      rotateOffset(hexQ[i], hexR[i], f, out);
      rotQ[f * n + i] = out[0];
      rotR[f * n + i] = out[1];
    }
  }
  const hexIndex = (hex: readonly number[]): number => h.hexes.findIndex((x) => x.hex[0] === hex[0] && x.hex[1] === hex[1]);
  const weaponMounts = (ms: ReadonlyArray<{ hex: readonly number[]; directions: readonly string[] }>): MountTable[] =>
    ms.map((m) => ({ hex: hexIndex(m.hex), directions: m.directions.map((d) => directionIndex(d)) }));
  return {
    name: h.name,
    hexCount: n,
    hexQ,
    hexR,
    hexSection,
    rotQ,
    rotR,
    sectionCount: sectionNames.length,
    sectionNames,
    armour: Int16Array.from(h.sections.map((s) => s.armour)),
    structure: h.structure,
    evasion: h.evasion,
    shieldCapSection: h.shieldCapacity.perSection,
    shieldCapTotal: h.shieldCapacity.total,
    mounts: {
      main: weaponMounts(h.mounts.main),
      port: weaponMounts(h.mounts.port),
      starboard: weaponMounts(h.mounts.starboard),
      hangar: h.mounts.hangar.map((m) => ({ hex: hexIndex(m.hex), edge: directionIndex(m.edge) })),
      pointDefence: h.mounts.pointDefence.map((m) => ({ hex: hexIndex(m.hex), directions: ALL_DIRECTIONS.slice() })),
    },
  };
}

/**
 * Compile a faction (as parsed from its file, or built in code) to the kernel's table.
 * The object is validated again first, so edits made in code get the file checks.
 *
 * Notes on the compiled form: `commands[c].tieBreaker` and `.cooldown` are the printed
 * numbers of Vent Coolant and Power to Engines (and Defence Stations' shields cooldown)
 * and 0 for the other commands, whose numbers
 * come from their component card (weapon, hangar, point defence, special). Point-defence
 * mounts list all six directions (9.2.1). A corvette weapon's id is `<corvette id>/weapon`.
 * @param source what to call the object in errors (a file name, or e.g. `faction fpa`).
 * @throws ConfigError when the object is not a valid faction.
 */
export function compileFaction(parsed: FactionFile, source = `faction ${String(parsed?.id)}`): FactionTable {
  const f = revalidate(parsed, FactionFileSchema, source);
  const supplyIds = Object.keys(f.tokenSupplies);
  const commands: CommandCardTable[] = COMMAND_IDS.map((id) => {
    const c: { priority: number; tieBreaker?: number; cooldown?: number } = f.commands[id];
    return { priority: c.priority, tieBreaker: c.tieBreaker ?? 0, cooldown: c.cooldown ?? 0 };
  });
  const corvettes: CorvetteTable[] = f.corvettes.map((c) => ({
    id: c.id,
    name: c.name,
    limit: c.limit,
    speed: c.speed,
    agility: c.agility,
    evasion: c.evasion,
    weapon: c.weapon === undefined ? null : compileWeapon(c.weapon, `${c.id}/weapon`, supplyIds),
  }));
  const table: FactionTable = {
    id: f.id,
    name: f.name,
    hull: compileHull(f.hull),
    commands,
    mainWeapons: f.mainWeapons.map((w) => compileWeapon(w, w.id, supplyIds)),
    broadsides: f.broadsides.map((w) => compileWeapon(w, w.id, supplyIds)),
    hangars: f.hangars.map((h) => ({ ...h })),
    pointDefence: f.pointDefence.map((p) => ({ ...p })),
    special: {
      id: f.special.id,
      name: f.special.name,
      priority: f.special.priority,
      cooldown: f.special.cooldown,
      tieBreaker: f.special.tieBreaker,
      kind: SPECIAL_KIND_IDS.indexOf(f.special.effect.kind) as SpecialKind,
      amount: f.special.effect.amount,
    },
    corvettes,
    commandCorvette: {
      name: f.commandCorvette.name,
      speed: f.commandCorvette.speed,
      agility: f.commandCorvette.agility,
      evasion: f.commandCorvette.evasion,
      tieBreaker: f.commandCorvette.tieBreaker,
      weapon: compileWeapon(f.commandCorvette.weapon, 'commandCorvette/weapon', supplyIds),
      pointDefence: { id: 'commandCorvette/pointDefence', ...f.commandCorvette.pointDefence },
      warpCooldown: f.commandCorvette.emergencyWarp.cooldown,
      warpTieBreaker: f.commandCorvette.emergencyWarp.tieBreaker,
    },
    tokenSupplies: supplyIds.map((id) => ({ id, count: f.tokenSupplies[id] })),
    defaultLoadout: { main: 0, broadside: 0, hangar: 0, pointDefence: 0, corvettes: [] },
  };
  table.defaultLoadout = compileLoadout(table, f.defaultLoadout, { file: source, path: 'defaultLoadout' });
  return table;
}

/** Where a loadout came from, for error messages. */
export interface LoadoutSource {
  /** File (or description) named in errors; default `loadout for <faction id>`. */
  file?: string;
  /** Path of the loadout inside that file; default the root. */
  path?: string;
}

/**
 * Turn card ids into indices into the faction's card lists.
 * @throws ConfigError naming every unknown id, a corvette list that is not four long, and
 *   each corvette beyond its card's limit (4.2.4).
 */
export function compileLoadout(faction: FactionTable, choice: LoadoutChoice, source: LoadoutSource = {}): LoadoutTable {
  const file = source.file ?? `loadout for ${faction.id}`;
  const base = source.path !== undefined && source.path !== '' && source.path !== ROOT ? source.path : '';
  const at = (...rest: PropertyKey[]): string => {
    const p = formatPath(rest);
    return base === '' ? p : base + (p.startsWith('[') ? p : `.${p}`);
  };
  const issues: ConfigIssue[] = [];
  const pick = (slot: string, list: ReadonlyArray<{ id: string }>, listName: string): number => {
    const id = (choice as Record<string, unknown>)[slot];
    const i = list.findIndex((c) => c.id === id);
    if (i < 0)
      issues.push({ path: at(slot), expected: `the id of one of ${listName}: ${list.map((c) => JSON.stringify(c.id)).join(', ')}`, got: renderValue(id) });
    return i;
  };
  const lists = {
    mainWeapons: faction.mainWeapons,
    broadsides: faction.broadsides,
    hangars: faction.hangars,
    pointDefence: faction.pointDefence,
  };
  const picked: Record<string, number> = {};
  for (const [slot, listName] of LOADOUT_SLOTS) picked[slot] = pick(slot, lists[listName], listName);

  const corvettes: number[] = [];
  const ids = Array.isArray(choice.corvettes) ? choice.corvettes : [];
  if (ids.length !== CORVETTES_PER_SHIP)
    issues.push({ path: at('corvettes'), expected: `a list of exactly ${CORVETTES_PER_SHIP} corvette ids (4.2.4)`, got: renderValue(choice.corvettes) });
  const counts = new Map<number, number>();
  ids.forEach((id, k) => {
    const i = faction.corvettes.findIndex((c) => c.id === id);
    if (i < 0) {
      issues.push({
        path: at('corvettes', k),
        expected: `the id of one of corvettes: ${faction.corvettes.map((c) => JSON.stringify(c.id)).join(', ')}`,
        got: renderValue(id),
      });
      return;
    }
    const n = (counts.get(i) ?? 0) + 1;
    counts.set(i, n);
    const limit = faction.corvettes[i].limit;
    if (n > limit)
      issues.push({
        path: at('corvettes', k),
        expected: `at most ${limit} of corvette "${String(id)}" (its card limit, 4.2.4; this is copy ${n})`,
        got: renderValue(id),
      });
    corvettes.push(i);
  });
  if (issues.length > 0) throw new ConfigError(file, issues);
  return {
    main: picked.main,
    broadside: picked.broadside,
    hangar: picked.hangar,
    pointDefence: picked.pointDefence,
    corvettes,
  };
}

/**
 * Compile a board to a mask over its axial bounding box.
 *
 * Hexagon of radius R: every (q, r) with max(|q|, |r|, |q + r|) <= R, centred on (0, 0).
 * Rectangle of C columns and R rows, flat-topped "odd-q" offset layout (odd columns sit
 * half a hex lower): column c, row `row` is axial q = c, r = row - (c - (c & 1)) / 2; the
 * whole board is then translated so the cell at column floor((C-1)/2), row floor((R-1)/2)
 * is (0, 0). A translation keeps every hex's neighbours, so the shape is unchanged.
 */
const showHex = (h: readonly number[]): string => `[${h[0]}, ${h[1]}]`;

export function compileBoard(parsed: BoardFile, source = `board ${String(parsed?.id)}`): BoardTable {
  const b = revalidate(parsed, BoardFileSchema, source);
  const cells: Array<[number, number]> = [];
  if (b.shape === 'hexagon') {
    const R = b.radius;
    for (let r = -R; r <= R; r++)
      for (let q = -R; q <= R; q++) if (Math.abs(q + r) <= R) cells.push([q, r]);
  } else {
    const toAxial = (c: number, row: number): [number, number] => [c, row - (c - (c & 1)) / 2];
    const [cq, cr] = toAxial((b.columns - 1) >> 1, (b.rows - 1) >> 1);
    for (let c = 0; c < b.columns; c++)
      for (let row = 0; row < b.rows; row++) {
        const [q, r] = toAxial(c, row);
        cells.push([q - cq, r - cr]);
      }
  }
  let qMin = Infinity;
  let qMax = -Infinity;
  let rMin = Infinity;
  let rMax = -Infinity;
  for (const [q, r] of cells) {
    qMin = Math.min(qMin, q);
    qMax = Math.max(qMax, q);
    rMin = Math.min(rMin, r);
    rMax = Math.max(rMax, r);
  }
  const width = qMax - qMin + 1;
  const height = rMax - rMin + 1;
  const mask = new Uint8Array(width * height);
  for (const [q, r] of cells) mask[(r - rMin) * width + (q - qMin)] = 1;
  const starts = b.starts ?? [];
  starts.forEach((st, i) => {
    const [q, r] = st.hex;
    const inside = q >= qMin && q <= qMax && r >= rMin && r <= rMax && mask[(r - rMin) * width + (q - qMin)] === 1;
    if (!inside) throw ConfigError.at(source, `starts[${i}].hex`, 'a hex on the board', showHex(st.hex));
    if (starts.findIndex((o) => o.hex[0] === q && o.hex[1] === r) !== i) throw ConfigError.at(source, `starts[${i}].hex`, 'a hex not listed before', showHex(st.hex));
  });
  return {
    id: b.id,
    name: b.name,
    qMin,
    rMin,
    width,
    height,
    mask,
    cellCount: cells.length,
    startQ: Int16Array.from(starts, (st) => st.hex[0]),
    startR: Int16Array.from(starts, (st) => st.hex[1]),
    startFacing: Int8Array.from(starts, (st) => directionIndex(st.facing)),
  };
}

// ---------------------------------------------------------------------------------------
// Everything at once

/** Options for {@link loadGameTables}. */
export interface GameTablesOptions {
  /** Folder holding rules.yaml, factions/ and boards/; default `<repo>/configs`. */
  configDir?: string;
  /** Board name (file in `<configDir>/boards` without .yaml) or a path to a .yaml file; default `standard`. */
  board?: string;
  /**
   * Faction names (files in `<configDir>/factions`) or paths, in the order wanted; default
   * every faction file, sorted by file name (so the shipped set is fpa = 0, lamais = 1).
   */
  factions?: string[];
  /** Card changes to apply before compiling (experiments' what-ifs and stat sweeps). */
  changes?: readonly SourcedChange[];
}

/**
 * A faction or board name with no file: reported against the config folder, and the file
 * that wrote the name may name itself instead (a scenario's or experiment's `board`).
 */
export class UnknownConfigName extends ConfigError {
  constructor(
    folder: string,
    readonly kind: 'factions' | 'boards',
    readonly configName: string,
    readonly expectedName: string,
  ) {
    super(folder, [{ path: ROOT, expected: expectedName, got: JSON.stringify(configName) }]);
  }
}

/** A name or a path: names resolve inside `<configDir>/<kind>`. */
function resolveConfig(configDir: string, kind: 'factions' | 'boards', name: string): string {
  if (name.endsWith('.yaml') || name.endsWith('.yml') || name.includes('/') || name.includes('\\')) return displayPath(name);
  const file = join(configDir, kind, `${name}.yaml`);
  if (!existsSync(file)) {
    const known = listConfigNames(kind, configDir);
    const expected = `the name of a ${kind === 'factions' ? 'faction' : 'board'} file in ${displayPath(join(configDir, kind))} (${known.map((k) => JSON.stringify(k)).join(', ') || 'there are none'}) or a path to one`;
    throw new UnknownConfigName(displayPath(join(configDir, kind)), kind, name, expected);
  }
  return displayPath(file);
}

/**
 * Check a board named by another file (an experiment's `board`) before anything plays: an
 * unknown name is reported against that file and field, a broken board file against the
 * board file and the field inside it.
 */
export function checkBoardOption(file: string, path: string, name: string, configDir: string = defaultConfigDir()): void {
  let boardFile: string;
  try {
    boardFile = resolveConfig(resolve(configDir), 'boards', name);
  } catch (e) {
    if (e instanceof UnknownConfigName) throw ConfigError.at(file, path, e.expectedName, name);
    throw e;
  }
  compileBoard(loadBoard(boardFile), boardFile);
}

/**
 * Load rules.yaml, the factions and a board from a config directory and compile them into
 * the tables the kernel plays on.
 * @throws ConfigError for the first file that is missing or invalid.
 */
export function loadGameTables(opts: GameTablesOptions = {}): GameTables {
  const configDir = resolve(opts.configDir ?? defaultConfigDir());
  const rulesFile = displayPath(join(configDir, 'rules.yaml'));
  const rules = loadRulesFile(rulesFile);

  const names = opts.factions ?? listConfigNames('factions', configDir);
  if (names.length === 0)
    throw new ConfigError(displayPath(join(configDir, 'factions')), [{ path: ROOT, expected: 'at least one faction file (*.yaml)', got: 'none' }]);
  const changes = opts.changes ?? [];
  const applied = new Set<SourcedChange>();
  const parsed = names.map((name) => {
    const file = resolveConfig(configDir, 'factions', name);
    return { file, data: loadFaction(file) };
  });
  const factions = parsed.map(({ file, data }) => {
    const changed = applyCardChanges(data, changes);
    changed.applied.forEach((c) => applied.add(c));
    if (!changed.applied.length) return compileFaction(data, file);
    try {
      return compileFaction(changed.faction, file);
    } catch (e) {
      const sc = changed.applied[0];
      throw ConfigError.at(sc.file, sc.valuePath ?? `${sc.path}.value`, `a value the rules accept (${(e as Error).message})`, sc.change.value);
    }
  });
  for (const sc of changes)
    if (!applied.has(sc)) throw ConfigError.at(sc.file, `${sc.path}.card`, `a card id (${cardIds(parsed.map((p) => p.data)).join(', ')})`, sc.change.card);

  const boardFile = resolveConfig(configDir, 'boards', opts.board ?? 'standard');
  const board = compileBoard(loadBoard(boardFile), boardFile);

  return {
    factions,
    board,
    supplies: { ...rules.supplies },
    rules: { ...rules.switches },
    roundLimit: rules.roundLimit,
  };
}
