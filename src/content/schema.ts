/**
 * Zod schemas for the content files: configs/rules.yaml, configs/factions/*.yaml and
 * configs/boards/*.yaml.
 *
 * Why: the files are edited by hand, so every object is strict (a typo'd key such as
 * `damgae` is an error, not a silently ignored field that leaves a default in play), every
 * number has a type and a range, and the rules that span fields (a mount must sit on a hex
 * the hull has, a token weapon must name a supply that exists, the default corvettes must
 * respect the card limits of 4.2.4 ...) are superRefine checks that report the exact path
 * of the offending value. The schemas describe the files as people write them (names,
 * direction words, ids); src/content/load.ts compiles the parsed result to the kernel's
 * numeric tables (src/rules/tables.ts). Ranges are generous but bounded by what the kernel
 * stores (src/rules/state.ts: at most 8 sections, 8 faction supplies, cooldown track 0..9).
 * Zod runs a cross-field check only once the object's shape parsed (a wrong type or an
 * unknown enum word stops it), so a badly broken file may need two passes: shape first,
 * then the cross-references.
 */
import * as z from 'zod';
import { DIRECTION_NAMES, DQ, DR, directionIndex } from '../hex/hex.js';
import { SPECIAL_KIND_IDS, WEAPON_CLASS_IDS } from '../rules/tables.js';
import { CORVETTES, MAX_ACTIONS, MAX_PLAYERS, MAX_TOKENS, SHIELD_MAX_PER_SECTION } from '../rules/state.js';

/** Most hull sections a ship may have (src/rules/state.ts MAX_SECTIONS). */
export const MAX_HULL_SECTIONS = 8;
/** Most named token supplies per faction (src/rules/state.ts MAX_FACTION_SUPPLIES). */
export const MAX_TOKEN_SUPPLIES = 8;
/**
 * Highest printed cooldown: the track's top slot is 9 and Vent Coolant may add one more
 * (10.1.5), so a printed cooldown stops at 8.
 */
export const MAX_PRINTED_COOLDOWN = 8;
/** Hull offsets stay within this many hexes of the centre on each axis. */
export const MAX_HULL_OFFSET = 3;
/** Corvettes a capital ship carries (4.2.4). */
export const CORVETTES_PER_SHIP = 4;
/**
 * Most cards in one card list (mainWeapons, broadsides, hangars, pointDefence, corvettes):
 * a loadout stores card indices in 8 bits, and a corvette list of 16 cards makes at most
 * 3,876 sets of four, within the draft's 9,999 options per slot (src/rules/draft.ts).
 */
export const MAX_CARDS_PER_LIST = 16;
/**
 * Most weapon tokens of one faction (all its tokenSupplies together): the board's token
 * table holds MAX_TOKENS (64) small tokens for up to 4 ships, and each ship also needs room
 * for its 4 corvettes and a Command Corvette, so 64 / 4 - 5 = 11. More would let a full
 * table swallow a shot without a word.
 */
export const MAX_FACTION_TOKENS = MAX_TOKENS / MAX_PLAYERS - CORVETTES - 1;
/**
 * Longest round limit (rules.yaml, a scenario or an experiment): the kernel stores rounds
 * in 16 bits (state.ts lostRound, outRound), and no match of the game lasts near this long.
 */
export const MAX_ROUND_LIMIT = 10_000;
/** Most legal loadouts of one faction: loadout sweeps and meta runs enumerate or sample them. */
export const MAX_LOADOUTS = 1_000_000;

const ID_RE = /^[A-Za-z][A-Za-z0-9_-]*$/;
const ID_TEXT = 'an id: letters, digits, dashes and underscores, starting with a letter';

const int = (min: number, max: number) => z.int().min(min).max(max);
const Id = z.string().regex(ID_RE, ID_TEXT);
const Name = z.string().min(1);
const Priority = int(0, 99);
const TieBreaker = int(0, 99);
const Cooldown = int(0, MAX_PRINTED_COOLDOWN);
/** A direction name relative to the ship facing N: N NE SE S SW NW. */
const Direction = z.enum(DIRECTION_NAMES);
/** A hull hex as local axial offsets [q, r] from the centre, ship facing N. */
const HexOffset = z.tuple([int(-MAX_HULL_OFFSET, MAX_HULL_OFFSET), int(-MAX_HULL_OFFSET, MAX_HULL_OFFSET)]);

type Ctx = z.core.$RefinementCtx;

/** Report a cross-field problem: `expected` reads after "expected"; `got` overrides the value shown. */
function fail(ctx: Ctx, path: PropertyKey[], expected: string, got?: string): void {
  ctx.addIssue({ code: 'custom', path, message: expected, ...(got !== undefined ? { params: { got } } : {}) });
}

const showHex = (h: readonly number[]): string => `[${h[0]}, ${h[1]}]`;
const quoteList = (xs: readonly string[]): string => xs.map((x) => JSON.stringify(x)).join(', ');

// ---------------------------------------------------------------------------------------
// rules.yaml

/** configs/rules.yaml: box-wide supplies, rule switches (docs/rules.md), round limit. */
export const RulesFileSchema = z.strictObject({
  /** Box-wide token supplies shared by all players (component list). */
  supplies: z.strictObject({
    shields: int(0, 64),
    linear: int(0, 64),
    clockwise: int(0, 64),
    counterClockwise: int(0, 64),
  }),
  /** Interpretation switches; see the RuleSwitches docs in src/rules/tables.ts. */
  switches: z.strictObject({
    collisionCancelCount: z.literal([1, 2]),
    collisionModifyCount: z.literal([0, 1]),
    rotationalOnTrack: z.boolean(),
    edgeTokenCounts: z.boolean(),
    edgeRotationCancels: z.boolean().default(true),
    passThrough: z.boolean().default(true),
    overflowToStructure: z.boolean(),
    tieRule: z.enum(['rotate', 'seat']),
    broadsideFire: z.enum(['choose', 'all']).default('choose'),
    pointDefenceReach: z.enum(['within', 'below']).default('within'),
    edgeLineOfFire: z.enum(['eitherSide', 'bothSides', 'nudge']).default('eitherSide'),
    repeatFactions: z.boolean().default(false),
  }),
  /** Rounds after which a match is a draw by limit (docs/rules.md, 3). */
  roundLimit: int(1, MAX_ROUND_LIMIT),
});
export type RulesFile = z.output<typeof RulesFileSchema>;

// ---------------------------------------------------------------------------------------
// Faction files

const weaponFields = {
  name: Name,
  class: z.enum(WEAPON_CLASS_IDS),
  damage: int(0, 20),
  range: int(0, 30),
  speed: int(0, 20),
  accuracy: int(0, 20),
  cooldown: Cooldown,
  tieBreaker: TieBreaker,
  tokenSupply: Id.optional(),
  /** A torpedo's evasion against direct fire and point defence (9.2); 0 if absent. */
  evasion: int(0, 20).optional(),
};

interface WeaponShape {
  class: (typeof WEAPON_CLASS_IDS)[number];
  range: number;
  speed: number;
  tokenSupply?: string | undefined;
}

/** Fields that belong to the weapon class (4.3): token weapons move by speed, the others reach by range. */
function checkWeaponClass(w: WeaponShape, ctx: Ctx): void {
  const cls = w.class;
  if (cls === 'projectile' || cls === 'torpedo') {
    if (w.tokenSupply === undefined)
      fail(ctx, ['tokenSupply'], `the id of one of the faction's tokenSupplies (a ${cls} weapon fires tokens)`);
    if (w.speed < 1) fail(ctx, ['speed'], `a number >= 1 (a ${cls} token moves speed hexes per turn, 4.3)`);
    if (w.range !== 0) fail(ctx, ['range'], `0 (range is for beam and direct-fire weapons; a ${cls} uses speed, 4.3)`);
  } else {
    if (w.tokenSupply !== undefined)
      fail(ctx, ['tokenSupply'], `no tokenSupply key (a ${cls} weapon fires no tokens)`);
    if (w.range < 1) fail(ctx, ['range'], `a number >= 1 (a ${cls} weapon reaches range hexes, 4.3)`);
    if (w.speed !== 0) fail(ctx, ['speed'], `0 (speed is for projectile and torpedo tokens, 4.3)`);
  }
}

/** A main weapon or broadside card. */
export const WeaponSchema = z.strictObject({ id: Id, ...weaponFields }).superRefine(checkWeaponClass);
/** A corvette's weapon: a weapon card without an id of its own (compiled as `<corvette id>/weapon`). */
export const CorvetteWeaponSchema = z.strictObject(weaponFields).superRefine(checkWeaponClass);

/** A hangar card (4.2.3, 11.1.1). */
export const HangarSchema = z.strictObject({
  id: Id,
  name: Name,
  launchDistance: int(0, 6),
  launchTurn: int(0, 3),
  repairCooldown: Cooldown,
  tieBreaker: TieBreaker,
});

/** A point-defence card (4.2.5, 9.2.1). */
export const PointDefenceSchema = z.strictObject({
  id: Id,
  name: Name,
  damage: int(0, 20),
  range: int(1, 30),
  accuracy: int(0, 20),
  cooldown: Cooldown,
  tieBreaker: TieBreaker,
});

/** The special ability card (4.2.6); `priority` is the loadout draft order (5). */
export const SpecialSchema = z.strictObject({
  id: Id,
  name: Name,
  priority: Priority,
  cooldown: Cooldown,
  tieBreaker: TieBreaker,
  effect: z.strictObject({
    kind: z.enum(SPECIAL_KIND_IDS),
    amount: int(1, 20),
  }),
});

/** A corvette card (4.2.4, 11). */
export const CorvetteSchema = z.strictObject({
  id: Id,
  name: Name,
  /** How many of this card one ship may field. */
  limit: int(1, CORVETTES_PER_SHIP),
  speed: int(1, 12),
  agility: int(0, 6),
  evasion: int(0, 20),
  weapon: CorvetteWeaponSchema.optional(),
});

/**
 * The Command Corvette (rulebook 8): its own statistics and component cards. The rulebook
 * prints none, so the shipped values are placeholders. Its main weapon fires from the
 * corvette, straight ahead, so it is a direct-fire or beam weapon (no tokens).
 */
export const CommandCorvetteSchema = z.strictObject({
  name: Name,
  speed: int(1, 12),
  agility: int(0, 6),
  evasion: int(0, 20),
  /** Corvettes! tie-breaker while the Command Corvette flies (its hangar card is gone, 8 step 1). */
  tieBreaker: TieBreaker,
  weapon: CorvetteWeaponSchema.superRefine((w, ctx) => {
    if (w.class !== 'directFire' && w.class !== 'beam') fail(ctx, ['class'], 'directFire or beam (the Command Corvette fires no tokens)');
  }),
  pointDefence: z.strictObject({ name: Name, damage: int(0, 20), range: int(1, 30), accuracy: int(0, 20), cooldown: Cooldown, tieBreaker: TieBreaker }),
  emergencyWarp: z.strictObject({ name: Name, cooldown: Cooldown, tieBreaker: TieBreaker }),
});

/** A command whose tie-breaker and cooldown come from a component card. */
const ComponentCommand = z.strictObject({ priority: Priority });
/** A command with no component card (Vent Coolant, Power to Engines) prints its own numbers. */
const OwnCommand = z.strictObject({ priority: Priority, tieBreaker: TieBreaker, cooldown: Cooldown });

/** The priority numbers printed on the eight command cards (7.3), keyed as in COMMAND_IDS. */
export const CommandsSchema = z.strictObject({
  fireMain: ComponentCommand,
  portBroadside: ComponentCommand,
  starboardBroadside: ComponentCommand,
  corvettes: ComponentCommand,
  /** `cooldown`: what the card takes when used to raise shields (10.1.4 prints 1). */
  defenceStations: z.strictObject({ priority: Priority, cooldown: Cooldown }),
  ventCoolant: OwnCommand,
  powerToEngines: OwnCommand,
  specialAbility: ComponentCommand,
});

const WeaponMount = z.strictObject({ hex: HexOffset, directions: z.array(Direction).min(1).max(6) });
const HangarMount = z.strictObject({ hex: HexOffset, edge: Direction });
const PointDefenceMount = z.strictObject({ hex: HexOffset });

/** The five mount kinds, each a list of locations (4.2: a component may have several). */
export const MOUNT_KINDS = ['main', 'port', 'starboard', 'hangar', 'pointDefence'] as const;

/**
 * Hull geometry and armour mat, ship facing N. Hexes are local axial offsets from the
 * centre (0, 0), which is the rotation pivot and must be part of the hull.
 */
export const HullSchema = z
  .strictObject({
    name: Name,
    structure: int(1, 99),
    evasion: int(0, 20),
    shieldCapacity: z.strictObject({ perSection: int(0, 20), total: int(0, 64) }),
    sections: z
      .array(z.strictObject({ name: Id, armour: int(1, 99) }))
      .min(1)
      .max(MAX_HULL_SECTIONS),
    hexes: z
      .array(z.strictObject({ hex: HexOffset, section: z.string() }))
      .min(1)
      .max(19),
    mounts: z.strictObject({
      main: z.array(WeaponMount).min(1),
      port: z.array(WeaponMount).min(1),
      starboard: z.array(WeaponMount).min(1),
      hangar: z.array(HangarMount).min(1),
      pointDefence: z.array(PointDefenceMount).min(1),
    }),
  })
  .superRefine(checkHull);

type HullFile = z.output<typeof HullSchema>;

function checkHull(h: HullFile, ctx: Ctx): void {
  // Sections: unique names, each used by some hex.
  const sectionAt = new Map<string, number>();
  h.sections.forEach((s, i) => {
    const prev = sectionAt.get(s.name);
    if (prev !== undefined)
      fail(ctx, ['sections', i, 'name'], `a section name not used before (sections[${prev}] is already "${s.name}")`);
    else sectionAt.set(s.name, i);
  });
  const names = [...sectionAt.keys()];

  const key = (q: number, r: number): string => `${q},${r}`;
  const hexAt = new Map<string, number>();
  const usedSections = new Set<string>();
  h.hexes.forEach((x, i) => {
    if (!sectionAt.has(x.section)) fail(ctx, ['hexes', i, 'section'], `one of the section names ${quoteList(names)}`);
    usedSections.add(x.section);
    const k = key(x.hex[0], x.hex[1]);
    const prev = hexAt.get(k);
    if (prev !== undefined)
      fail(ctx, ['hexes', i, 'hex'], `a hex not listed before (hexes[${prev}] is already ${showHex(x.hex)})`);
    else hexAt.set(k, i);
  });
  h.sections.forEach((s, i) => {
    if (!usedSections.has(s.name))
      fail(ctx, ['sections', i, 'name'], `a section that at least one entry of hull.hexes belongs to`);
  });

  const hexList = h.hexes.map((x) => showHex(x.hex)).join(', ');
  if (!hexAt.has(key(0, 0))) {
    fail(ctx, ['hexes'], 'a list that includes the centre hex [0, 0] (the rotation pivot)', `[${hexList}]`);
  } else {
    // Connected: every hex reachable from the centre through hull hexes.
    const seen = new Set<string>([key(0, 0)]);
    const queue: Array<[number, number]> = [[0, 0]];
    while (queue.length > 0) {
      const [q, r] = queue.pop()!;
      for (let d = 0; d < 6; d++) {
        const k = key(q + DQ[d], r + DR[d]);
        if (hexAt.has(k) && !seen.has(k)) {
          seen.add(k);
          queue.push([q + DQ[d], r + DR[d]]);
        }
      }
    }
    h.hexes.forEach((x, i) => {
      if (!seen.has(key(x.hex[0], x.hex[1])))
        fail(ctx, ['hexes', i, 'hex'], 'a hex joined to the centre [0, 0] through other hull hexes (the hull is one piece)');
    });
  }

  const onHull = (hex: readonly number[], path: PropertyKey[]): boolean => {
    if (hexAt.has(key(hex[0], hex[1]))) return true;
    fail(ctx, path, `a hex of the hull (one of ${hexList})`);
    return false;
  };
  const checkDirections = (kind: string, i: number, hex: readonly number[], dirs: readonly string[]): void => {
    const seen = new Set<string>();
    dirs.forEach((name, j) => {
      const path = ['mounts', kind, i, 'directions', j];
      if (seen.has(name)) fail(ctx, path, `a direction not listed twice`);
      seen.add(name);
      // A shot leaves the mount hex in this direction; it must not cross the ship's own hull.
      const d = directionIndex(name);
      if (d < 0) return; // already reported as a bad direction name
      for (let n = 1; n <= 2 * MAX_HULL_OFFSET + 1; n++) {
        const q = hex[0] + DQ[d] * n;
        const r = hex[1] + DR[d] * n;
        if (hexAt.has(key(q, r))) {
          fail(ctx, path, `a direction that does not fire into the ship's own hull (${name} from ${showHex(hex)} meets hull hex ${showHex([q, r])})`);
          break;
        }
      }
    });
  };
  for (const kind of ['main', 'port', 'starboard'] as const) {
    h.mounts[kind].forEach((m, i) => {
      if (onHull(m.hex, ['mounts', kind, i, 'hex'])) checkDirections(kind, i, m.hex, m.directions);
    });
  }
  h.mounts.hangar.forEach((m, i) => {
    if (!onHull(m.hex, ['mounts', 'hangar', i, 'hex'])) return;
    const d = directionIndex(m.edge);
    if (d < 0) return;
    const q = m.hex[0] + DQ[d];
    const r = m.hex[1] + DR[d];
    if (hexAt.has(key(q, r)))
      fail(ctx, ['mounts', 'hangar', i, 'edge'], `an outer edge of hex ${showHex(m.hex)} (its ${m.edge} edge is shared with hull hex ${showHex([q, r])})`);
  });
  h.mounts.pointDefence.forEach((m, i) => {
    onHull(m.hex, ['mounts', 'pointDefence', i, 'hex']);
  });

  if (h.shieldCapacity.perSection > h.shieldCapacity.total)
    fail(ctx, ['shieldCapacity', 'perSection'], `a number <= shieldCapacity.total (${h.shieldCapacity.total}) (4.1.1)`);
  // Defence Stations lifts every shield and places them again in one arrangement (10.1.4).
  const sections = h.sections.length;
  const cap = h.shieldCapacity.perSection;
  if (cap > SHIELD_MAX_PER_SECTION)
    fail(ctx, ['shieldCapacity', 'perSection'], `a number <= ${SHIELD_MAX_PER_SECTION} (the most one shield arrangement can put on a section)`);
  else {
    const ways = mostArrangements(Array(sections).fill(cap), h.shieldCapacity.total);
    if (ways > MAX_ACTIONS)
      fail(ctx, ['shieldCapacity'], `capacities with at most ${MAX_ACTIONS} ways to arrange the shields on the ship (these allow ${ways})`);
  }
}

/**
 * The most ways to place up to `most` shields on sections with the given rooms in one
 * arrangement (kernel.ts D_SHIELD), over every count from 0 to `most`.
 */
export function mostArrangements(rooms: readonly number[], most: number): number {
  let ways = [1];
  for (const room of rooms) {
    const next = Array<number>(ways.length + room).fill(0);
    ways.forEach((w, t) => {
      for (let c = 0; c <= room; c++) next[t + c] += w;
    });
    ways = next;
  }
  return Math.max(...ways.slice(0, most + 1));
}

/** Sets of four corvettes (a multiset, each card at most its limit times, 4.2.4). */
export function corvetteSetCount(limits: readonly number[]): number {
  let ways = [1, 0, 0, 0, 0];
  for (const limit of limits) {
    const next = [0, 0, 0, 0, 0];
    for (let have = 0; have <= CORVETTES_PER_SHIP; have++)
      for (let k = 0; k <= limit && have + k <= CORVETTES_PER_SHIP; k++) next[have + k] += ways[have];
    ways = next;
  }
  return ways[CORVETTES_PER_SHIP];
}

/** A loadout as written in a file: card ids, and four corvette card ids (4.2.4). */
export const LoadoutSchema = z.strictObject({
  main: Id,
  broadside: Id,
  hangar: Id,
  pointDefence: Id,
  corvettes: z.array(Id).length(CORVETTES_PER_SHIP),
});
export type LoadoutChoice = z.output<typeof LoadoutSchema>;

/** A faction file: every card the faction owns, its hull, command numbers and token supplies. */
export const FactionFileSchema = z
  .strictObject({
    id: Id,
    name: Name,
    /** Named supplies of this faction's weapon tokens (component list), e.g. `mainProjectile: 3`. */
    tokenSupplies: z.record(Id, int(1, 32)),
    commands: CommandsSchema,
    hull: HullSchema,
    mainWeapons: z.array(WeaponSchema).min(1).max(MAX_CARDS_PER_LIST),
    broadsides: z.array(WeaponSchema).min(1).max(MAX_CARDS_PER_LIST),
    hangars: z.array(HangarSchema).min(1).max(MAX_CARDS_PER_LIST),
    pointDefence: z.array(PointDefenceSchema).min(1).max(MAX_CARDS_PER_LIST),
    special: SpecialSchema,
    corvettes: z.array(CorvetteSchema).min(1).max(MAX_CARDS_PER_LIST),
    commandCorvette: CommandCorvetteSchema,
    defaultLoadout: LoadoutSchema,
  })
  .superRefine(checkFaction);
export type FactionFile = z.output<typeof FactionFileSchema>;

/** The card lists a loadout picks from, with the loadout key that picks from each. */
export const LOADOUT_SLOTS = [
  ['main', 'mainWeapons'],
  ['broadside', 'broadsides'],
  ['hangar', 'hangars'],
  ['pointDefence', 'pointDefence'],
] as const;

function checkFaction(f: FactionFile, ctx: Ctx): void {
  const supplies = Object.keys(f.tokenSupplies);
  if (supplies.length > MAX_TOKEN_SUPPLIES)
    fail(ctx, ['tokenSupplies'], `at most ${MAX_TOKEN_SUPPLIES} supplies`, `${supplies.length} supplies`);
  const tokens = Object.values(f.tokenSupplies).reduce((a, b) => a + b, 0);
  if (tokens > MAX_FACTION_TOKENS)
    fail(
      ctx,
      ['tokenSupplies'],
      `at most ${MAX_FACTION_TOKENS} tokens in all the supplies together (the board holds ${MAX_TOKENS} small tokens for up to ${MAX_PLAYERS} ships, each also needing room for ${CORVETTES} corvettes and a Command Corvette)`,
      `${tokens} tokens`,
    );

  // Card ids are unique across the whole faction, so an id names one card.
  const idAt = new Map<string, string>();
  const claim = (id: string, path: PropertyKey[], where: string): void => {
    const prev = idAt.get(id);
    if (prev !== undefined) fail(ctx, path, `an id no other card of this faction uses (${prev} already has it)`);
    else idAt.set(id, where);
  };
  for (const list of ['mainWeapons', 'broadsides', 'hangars', 'pointDefence', 'corvettes'] as const) {
    f[list].forEach((c, i) => claim(c.id, [list, i, 'id'], `${list}[${i}]`));
  }
  claim(f.special.id, ['special', 'id'], 'special');

  // Shield Surge places its new shields in one arrangement, above the per-section cap.
  const effect = f.special.effect;
  if (effect.kind === 'shieldSurge') {
    const most = Math.min(effect.amount, f.hull.shieldCapacity.total);
    if (most > SHIELD_MAX_PER_SECTION)
      fail(ctx, ['special', 'effect', 'amount'], `a shieldSurge amount <= ${SHIELD_MAX_PER_SECTION} (the most one shield arrangement can put on a section)`);
    else {
      const ways = mostArrangements(Array(f.hull.sections.length).fill(most), most);
      if (ways > MAX_ACTIONS)
        fail(ctx, ['special', 'effect', 'amount'], `a shieldSurge amount with at most ${MAX_ACTIONS} ways to arrange the new shields (this one allows ${ways})`);
    }
  }

  // Token weapons draw from a supply this faction has.
  const supplyText = supplies.length > 0 ? `one of the faction's tokenSupplies ${quoteList(supplies)}` : 'a supply listed under tokenSupplies (there are none)';
  const checkSupply = (w: { tokenSupply?: string | undefined }, path: PropertyKey[]): void => {
    if (w.tokenSupply !== undefined && !(w.tokenSupply in f.tokenSupplies)) fail(ctx, [...path, 'tokenSupply'], supplyText);
  };
  f.mainWeapons.forEach((w, i) => checkSupply(w, ['mainWeapons', i]));
  f.broadsides.forEach((w, i) => checkSupply(w, ['broadsides', i]));
  f.corvettes.forEach((c, i) => {
    if (c.weapon !== undefined) checkSupply(c.weapon, ['corvettes', i, 'weapon']);
  });

  // A ship must be able to field four corvettes within the card limits (4.2.4).
  const limitSum = f.corvettes.reduce((n, c) => n + c.limit, 0);
  if (limitSum < CORVETTES_PER_SHIP)
    fail(
      ctx,
      ['corvettes'],
      `corvette cards whose limits add up to at least ${CORVETTES_PER_SHIP} (a ship fields four corvettes, 4.2.4)`,
      `limits adding up to ${limitSum}`,
    );

  // Loadout sweeps and meta runs enumerate the legal loadouts (4.2.4 limits the corvettes).
  const loadouts = f.mainWeapons.length * f.broadsides.length * f.hangars.length * f.pointDefence.length * corvetteSetCount(f.corvettes.map((c) => c.limit));
  if (loadouts > MAX_LOADOUTS)
    fail(ctx, ['corvettes'], `card lists allowing at most ${MAX_LOADOUTS} legal loadouts (cards times sets of four corvettes)`, `${loadouts} loadouts`);

  // The default loadout names cards this faction has.
  for (const [slot, list] of LOADOUT_SLOTS) {
    const ids = f[list].map((c) => c.id);
    if (!ids.includes(f.defaultLoadout[slot]))
      fail(ctx, ['defaultLoadout', slot], `the id of one of ${list}: ${quoteList(ids)}`);
  }
  const corvetteIds = f.corvettes.map((c) => c.id);
  const counts = new Map<string, number>();
  f.defaultLoadout.corvettes.forEach((id, i) => {
    const card = f.corvettes.find((c) => c.id === id);
    if (card === undefined) {
      fail(ctx, ['defaultLoadout', 'corvettes', i], `the id of one of corvettes: ${quoteList(corvetteIds)}`);
      return;
    }
    const n = (counts.get(id) ?? 0) + 1;
    counts.set(id, n);
    if (n > card.limit)
      fail(
        ctx,
        ['defaultLoadout', 'corvettes', i],
        `at most ${card.limit} of corvette "${id}" (its card limit, 4.2.4; this is copy ${n})`,
      );
  });
}

// ---------------------------------------------------------------------------------------
// Board files

/**
 * The board's starting locations (rulebook 3, 8.1.3): where a Command Corvette may jump by
 * Emergency Warp in a 4-player game; scenarios place ships at them. A hex on the board and
 * a facing (each listed once).
 */
const Starts = z
  .array(z.strictObject({ hex: z.tuple([int(-80, 80), int(-80, 80)]), facing: Direction }))
  .max(16)
  .optional();

const HexagonBoard = z.strictObject({
  id: Id,
  name: Name,
  shape: z.literal('hexagon'),
  starts: Starts,
  /** Hexes from the centre to the edge; radius R has 3R(R+1)+1 hexes. */
  radius: int(1, 40),
});
const RectangleBoard = z.strictObject({
  id: Id,
  name: Name,
  shape: z.literal('rectangle'),
  starts: Starts,
  /** Flat-topped columns in "odd-q" offset layout (odd columns sit half a hex lower). */
  columns: int(2, 80),
  rows: int(2, 80),
});

/** A board file: a hexagon of some radius or a rectangle of flat-topped columns. */
export const BoardFileSchema = z.discriminatedUnion('shape', [HexagonBoard, RectangleBoard]);
export type BoardFile = z.output<typeof BoardFileSchema>;
