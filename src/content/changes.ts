/**
 * Card changes: "what if this card's damage were 5?", applied to a faction file's parsed
 * content before it is compiled. Experiments use them for a what-if run (`changes`) and
 * for stat sweeps (one table variant per swept value).
 *
 * Why on the parsed file and not on the compiled tables: the change then goes through the
 * same schema and compiler as a hand edit of the YAML, so a value the rules cannot take
 * (a negative range, a limit above what the corvette sets allow) is refused the same way,
 * and reported against the experiment file that asked for it.
 *
 * Every number of a faction file a designer balances is reachable: the cards by id (the
 * special ability included), and the parts without an id under a name made from the
 * faction id (PART_SUFFIXES): `<faction>-hull` (structure, evasion, shieldCapacity.*,
 * sections.<name>.armour), `<faction>-commands` (<command>.priority ...), `<faction>-command-corvette`
 * and `<faction>-supplies` (<supply>). A list of named things (hull sections) is entered by
 * name, so a field reads the way the file does. Hull geometry (hexes, mounts) is not a
 * statistic and stays out of reach.
 */
import { z } from 'zod';
import { FactionFileSchema, type FactionFile } from './schema.js';
import { ConfigError } from './errors.js';

/** One change: the card (by id, any faction), a dotted field inside it, the new value. */
export const CardChangeSchema = z.strictObject({
  card: z.string().min(1),
  field: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)*$/, 'a field name, dotted for nested fields (damage, weapon.damage, sections.bow.armour)'),
  value: z.number(),
});
export type CardChange = z.output<typeof CardChangeSchema>;

/** A change and where it was asked for (for error messages). */
export interface SourcedChange {
  change: CardChange;
  /** The experiment file. */
  file: string;
  /** Path of the change inside it, e.g. `changes[0]` or `sweep[1]`. */
  path: string;
  /** Path of its value when not `<path>.value` (a sweep's `values[i]`). */
  valuePath?: string;
}

/** The card lists of a faction file that hold cards with ids. */
const CARD_LISTS = ['mainWeapons', 'broadsides', 'hangars', 'pointDefence', 'corvettes'] as const;

/**
 * The parts of a faction file without an id, reachable as `<faction id><suffix>`: the file's
 * key and the suffix. Geometry (hull hexes and mounts) is left out of the hull's fields.
 */
export const PART_SUFFIXES = [
  ['hull', '-hull'],
  ['commands', '-commands'],
  ['commandCorvette', '-command-corvette'],
  ['tokenSupplies', '-supplies'],
] as const;

/** Keys of a part that are not statistics (where the ship's hexes are). */
const NOT_STATISTICS = new Set(['hexes', 'mounts']);

/** Every card of a faction file by id (the special ability included), then its parts without an id. */
function cardsOf(f: FactionFile): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const list of CARD_LISTS) for (const c of f[list] as Record<string, unknown>[]) out.set(c.id as string, c);
  if (f.special) out.set(f.special.id, f.special as unknown as Record<string, unknown>);
  const parts = f as unknown as Record<string, Record<string, unknown> | undefined>;
  // A card that happens to carry a part's name keeps it: ids name cards first.
  for (const [key, suffix] of PART_SUFFIXES) if (parts[key] && !out.has(f.id + suffix)) out.set(f.id + suffix, parts[key]);
  return out;
}

/** The named element of a list of `{ name, ... }` objects (hull sections), or undefined. */
function named(list: unknown[], name: string): Record<string, unknown> | undefined {
  return list.find((x): x is Record<string, unknown> => !!x && typeof x === 'object' && (x as Record<string, unknown>).name === name);
}

/** Numeric fields of a card, dotted (weapon.damage, sections.bow.armour). */
export function numericFields(card: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(card)) {
    if (typeof v === 'number') out.push(prefix + k);
    else if (Array.isArray(v)) {
      if (NOT_STATISTICS.has(k)) continue;
      for (const x of v) if (x && typeof x === 'object' && typeof (x as Record<string, unknown>).name === 'string') out.push(...numericFields(x as Record<string, unknown>, `${prefix}${k}.${(x as Record<string, unknown>).name as string}.`));
    } else if (v && typeof v === 'object' && !NOT_STATISTICS.has(k)) out.push(...numericFields(v as Record<string, unknown>, `${prefix}${k}.`));
  }
  return out;
}

/** Every card id and part name of the faction files, and every numeric field of each (for tests, sweeps and the docs). */
export function changeableFields(factions: readonly FactionFile[]): { card: string; field: string; value: number }[] {
  const out: { card: string; field: string; value: number }[] = [];
  for (const f of factions)
    for (const [id, card] of cardsOf(f)) for (const field of numericFields(card)) out.push({ card: id, field, value: readField(card, field)! });
  return out;
}

/** A dotted field's number in a card, or undefined. */
function readField(card: Record<string, unknown>, field: string): number | undefined {
  const keys = field.split('.');
  const obj = walk(card, keys);
  const v = obj?.[keys[keys.length - 1]];
  return typeof v === 'number' ? v : undefined;
}

/**
 * The object that holds a dotted field's last key: plain objects are entered by key, a list
 * of named things by the name that follows its key (`sections.bow.armour`).
 */
function walk(card: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> | undefined {
  let obj: Record<string, unknown> | undefined = card;
  for (let i = 0; i < keys.length - 1 && obj; i++) {
    if (NOT_STATISTICS.has(keys[i])) return undefined;
    const next: unknown = obj[keys[i]];
    if (Array.isArray(next)) obj = i + 1 < keys.length - 1 ? named(next, keys[++i]) : undefined;
    else obj = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
  }
  return obj;
}

/** Card ids of every faction file given, for an error's "expected" list. */
export function cardIds(factions: FactionFile[]): string[] {
  return factions.flatMap((f) => [...cardsOf(f).keys()]);
}

/**
 * The change a schema issue comes from: the one setting the field at the issue's path, or
 * (for the default loadout's corvettes and the corvette limits rule) a `limit` change,
 * else the last change to the card there, else the last change.
 */
function blame(copy: FactionFile, path: readonly PropertyKey[], mine: readonly SourcedChange[]): SourcedChange {
  const [list, index] = path;
  const lists = copy as unknown as Record<string, { id?: string }[] | { id?: string } | undefined>;
  let card: string | undefined;
  let field = '';
  const part = PART_SUFFIXES.find(([key]) => key === list);
  if (part) {
    card = copy.id + part[1];
    // A list index reads as the named element's name (sections.1.armour is sections.<name>.armour).
    let at: unknown = (copy as unknown as Record<string, unknown>)[part[0]];
    field = path
      .slice(1)
      .map((k) => {
        const here = at;
        at = at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[k] : undefined;
        const name = typeof k === 'number' && Array.isArray(here) ? (here[k] as { name?: unknown } | undefined)?.name : undefined;
        return typeof name === 'string' ? name : String(k);
      })
      .join('.');
  } else if (list === 'special') {
    card = copy.special?.id;
    field = path.slice(1).join('.');
  } else if (list === 'defaultLoadout') {
    const id = (copy.defaultLoadout as unknown as Record<string, unknown>)?.[index as string];
    card = Array.isArray(id) ? (id[path[2] as number] as string) : (id as string);
    field = 'limit';
  } else if (typeof list === 'string' && Array.isArray(lists[list])) {
    const l = lists[list] as { id?: string }[];
    card = typeof index === 'number' ? l[index]?.id : undefined;
    field = typeof index === 'number' ? path.slice(2).join('.') : 'limit';
  }
  return (
    mine.find((c) => c.change.card === card && c.change.field === field) ??
    (field === 'limit' ? [...mine].reverse().find((c) => c.change.field === 'limit') : undefined) ??
    [...mine].reverse().find((c) => c.change.card === card) ??
    mine[mine.length - 1]
  );
}

/**
 * One change per card field: a second one would silently win over the first, so the later
 * is refused, naming where the earlier is.
 */
export function checkNoRepeats(changes: readonly SourcedChange[]): void {
  const seen = new Map<string, SourcedChange>();
  for (const sc of changes) {
    const key = `${sc.change.card}\n${sc.change.field}`;
    const prev = seen.get(key);
    if (prev !== undefined) {
      const where = prev.file === sc.file ? prev.path : `${prev.path} of ${prev.file}`;
      throw ConfigError.at(sc.file, `${sc.path}.field`, `a card field no other change sets (${where} already changes ${sc.change.card}.${sc.change.field}; keep one of the two)`, sc.change.field);
    }
    seen.set(key, sc);
  }
}

/**
 * The faction with the changes that name its cards applied (a copy; the input is not
 * touched). Returns the changes it applied, so the caller can report any that named no card.
 * @throws ConfigError, against the experiment file, for a field the card has not, a value
 *   the faction schema refuses, or a card field changed twice.
 */
export function applyCardChanges(faction: FactionFile, changes: readonly SourcedChange[]): { faction: FactionFile; applied: SourcedChange[] } {
  const mine = changes.filter((c) => cardsOf(faction).has(c.change.card));
  if (!mine.length) return { faction, applied: [] };
  checkNoRepeats(mine);
  const copy = structuredClone(faction);
  const cards = cardsOf(copy);
  for (const sc of mine) {
    const card = cards.get(sc.change.card)!;
    const keys = sc.change.field.split('.');
    const last = keys[keys.length - 1];
    const obj = walk(card, keys);
    if (!obj || !Object.hasOwn(obj, last) || typeof obj[last] !== 'number')
      throw ConfigError.at(sc.file, `${sc.path}.field`, `a numeric field of card ${sc.change.card} (${numericFields(card).join(', ')})`, sc.change.field);
    obj[last] = sc.change.value;
  }
  const r = FactionFileSchema.safeParse(copy);
  if (!r.success) {
    const issue = r.error.issues[0];
    const sc = blame(copy, issue.path, mine);
    throw ConfigError.at(sc.file, sc.valuePath ?? `${sc.path}.value`, `a value faction ${faction.id} accepts for ${sc.change.card}.${sc.change.field} (${issue.message})`, sc.change.value);
  }
  return { faction: r.data, applied: mine };
}

/** What a part is called in a change's description ("FPA hull structure 12 -> 11"). */
const PART_WORDS: Record<string, string> = { hull: 'hull', commands: 'commands', commandCorvette: 'Command Corvette', tokenSupplies: 'supplies' };

/**
 * A change as a designer reads it: the card's short name, the field, the value the content
 * has and the new one: "Tyrant damage 3 -> 2". The short name is the first word of the
 * card's name when no other card of the faction starts with it, else the whole name; a part
 * without an id is named by its faction ("FPA hull structure 12 -> 11"). A card no faction
 * has is named by its id, without an old value.
 */
export function describeChange(factions: readonly FactionFile[], change: CardChange): string {
  for (const f of factions) {
    const cards = cardsOf(f);
    const card = cards.get(change.card);
    if (!card) continue;
    const part = PART_SUFFIXES.find(([, suffix]) => f.id + suffix === change.card);
    let who: string;
    if (part) who = `${f.name} ${PART_WORDS[part[0]]}`;
    else {
      const name = String(card.name ?? change.card);
      const first = name.split(/\s+/)[0];
      const clash = [...cards.values()].some((c) => c !== card && typeof c.name === 'string' && c.name.split(/\s+/)[0] === first);
      who = clash ? name : first;
    }
    const old = readField(card, change.field);
    return `${who} ${change.field} ${old === undefined ? '?' : old} -> ${change.value}`;
  }
  return `${change.card} ${change.field} -> ${change.value}`;
}
