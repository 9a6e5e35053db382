/**
 * Card changes: "what if this card's damage were 5?", applied to a faction file's parsed
 * content before it is compiled. Experiments use them for a what-if run (`changes`) and
 * for stat sweeps (one table variant per swept value).
 *
 * Why on the parsed file and not on the compiled tables: the change then goes through the
 * same schema and compiler as a hand edit of the YAML, so a value the rules cannot take
 * (a negative range, a limit above what the corvette sets allow) is refused the same way,
 * and reported against the experiment file that asked for it.
 */
import { z } from 'zod';
import { FactionFileSchema, type FactionFile } from './schema.js';
import { ConfigError } from './errors.js';

/** One change: the card (by id, any faction), a dotted field inside it, the new value. */
export const CardChangeSchema = z.strictObject({
  card: z.string().min(1),
  field: z.string().regex(/^[A-Za-z]+(\.[A-Za-z]+)*$/, 'a field name, dotted for nested fields (damage, weapon.damage)'),
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

/** Every card of a faction file by id (the special ability included). */
function cardsOf(f: FactionFile): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const list of CARD_LISTS) for (const c of f[list] as Record<string, unknown>[]) out.set(c.id as string, c);
  if (f.special) out.set(f.special.id, f.special as unknown as Record<string, unknown>);
  return out;
}

/** Numeric fields of a card, dotted (weapon.damage). */
function numericFields(card: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(card)) {
    if (typeof v === 'number') out.push(prefix + k);
    else if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...numericFields(v as Record<string, unknown>, `${prefix}${k}.`));
  }
  return out;
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
  if (list === 'special') {
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
function checkNoRepeats(changes: readonly SourcedChange[]): void {
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
    let obj: Record<string, unknown> | undefined = card;
    for (const k of keys.slice(0, -1)) {
      const next: unknown = obj?.[k];
      obj = next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : undefined;
    }
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
