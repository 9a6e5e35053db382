/**
 * docs/content.md against the zod schemas it documents.
 *
 * Why: the page is the designer's reference for the content files, and a reference that
 * drifts from the schemas is worse than none. So the schemas' shapes are walked here and
 * compared with the page's tables, both ways:
 * - every key the faction, board and rules schemas accept (at every depth, list elements
 *   included) has a row, so adding a field without documenting it fails;
 * - every row names a key some schema accepts, under the object its heading names;
 * - each row's "Allowed" cell carries the schema's range (`0 to 20`), list length, or every
 *   allowed word, and its "Default" cell says `required` exactly when the key is required,
 *   and shows the default where the schema has one;
 * - the "Fields that can be changed" table lists exactly the numeric fields of each card;
 * - examples headed `# configs/...` are excerpts of that shipped file, the `changes`
 *   example applies to the shipped factions, and every link to a heading resolves.
 *
 * How the page is read: a table whose first header is `Field` documents the object named
 * in backticks in the `###` heading above it (several names: several objects sharing one
 * table; none: the file's top level), within the file of its `##` section. A row's field
 * is one backticked path relative to that object, dotted, `[]` for a list's entries.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyCardChanges, CardChangeSchema, type SourcedChange } from '../../src/content/changes.ts';
import { defaultConfigDir, listConfigNames, loadFaction, repoRoot } from '../../src/content/load.ts';
import { BoardFileSchema, FactionFileSchema, RulesFileSchema } from '../../src/content/schema.ts';
import { ExperimentSchema } from '../../src/sim/experiment.ts';

const ROOT = repoRoot();
const DOCS = join(ROOT, 'docs');
const PAGE = 'content.md';
const text = readFileSync(join(DOCS, PAGE), 'utf8');

/** The `##` sections that document a schema; `complete`: every key of it must have a row. */
const SECTIONS: { prefix: string; schema: unknown; complete: boolean }[] = [
  { prefix: 'Faction files', schema: FactionFileSchema, complete: true },
  { prefix: 'Board files', schema: BoardFileSchema, complete: true },
  { prefix: 'Rules file', schema: RulesFileSchema, complete: true },
  // Only the objects its headings name (changes[], sweep[]), not the whole experiment file.
  { prefix: 'Card changes', schema: ExperimentSchema, complete: false },
];

// ---------------------------------------------------------------------------------------
// Walking zod 4 schemas. A schema's definition is `schema._zod.def`; `type` says which kind
// it is. Objects expose `.shape` (a superRefine'd object is still an object), unions their
// `options`, arrays their `element`; optional and default wrap an `innerType`.

type Zod = any;
const def = (n: Zod) => n._zod.def;
const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

/** The schema inside optional/default/... wrappers, with what the wrappers say. */
function unwrap(n: Zod): { node: Zod; optional: boolean; hasDefault: boolean; defaultValue?: unknown } {
  let optional = false;
  let hasDefault = false;
  let defaultValue: unknown;
  while (WRAPPERS.has(def(n).type)) {
    const t = def(n).type;
    if (t === 'optional' || t === 'nullable') optional = true;
    if (t === 'default' || t === 'prefault') {
      hasDefault = true;
      defaultValue = def(n).defaultValue;
    }
    n = def(n).innerType;
  }
  return { node: n, optional, hasDefault, defaultValue };
}

/** The keys an object (or each option of a union of objects) accepts. */
function entries(n: Zod): [string, Zod][] {
  const u = unwrap(n).node;
  const t = def(u).type;
  if (t === 'object') return Object.entries(u.shape as Record<string, Zod>);
  if (t === 'union') return (def(u).options as Zod[]).flatMap(entries);
  return [];
}

const isObjectLike = (n: Zod): boolean => ['object', 'union'].includes(def(unwrap(n).node).type) && entries(n).length > 0;

/** The schemas at a path such as `hull.sections[].name` below `from` (several through a union). */
function resolve(from: Zod, path: string): Zod[] {
  let nodes: Zod[] = [from];
  for (const seg of path.split('.')) {
    const list = seg.endsWith('[]');
    const key = list ? seg.slice(0, -2) : seg;
    nodes = nodes.flatMap((n) => entries(n).filter(([k]) => k === key).map(([, c]) => c));
    if (list)
      nodes = nodes
        .map((n) => unwrap(n).node)
        .filter((n) => def(n).type === 'array')
        .map((n) => def(n).element);
  }
  return nodes;
}

/** Every key path a schema accepts, at every depth: `hull`, `hull.sections`, `hull.sections[].name` ... */
function allPaths(n: Zod, prefix = ''): string[] {
  const out = new Set<string>();
  for (const [k, child] of entries(n)) {
    const path = prefix + k;
    out.add(path);
    const inner = unwrap(child).node;
    if (def(inner).type === 'array') {
      const el = def(inner).element;
      if (isObjectLike(el)) for (const p of allPaths(el, `${path}[].`)) out.add(p);
    } else if (isObjectLike(inner)) for (const p of allPaths(inner, `${path}.`)) out.add(p);
  }
  return [...out];
}

/** A path and its ancestors, list markers dropped: `a.b[].c` gives `a`, `a.b`, `a.b[].c`. */
function withAncestors(path: string): string[] {
  const segs = path.split('.');
  return segs.map((_, i) => segs.slice(0, i + 1).join('.').replace(/\[\]$/, ''));
}

const BIG = 1e12;
const tick = (v: unknown): string => `\`${String(v)}\``;

/** Text the "Allowed" cell must contain for this schema: its range, list length, or allowed words. */
function allowedTexts(n: Zod): string[] {
  const u = unwrap(n).node;
  const d = def(u);
  switch (d.type) {
    case 'number': {
      const lo = u.minValue as number | null;
      const hi = u.maxValue as number | null;
      const bounded = (v: number | null) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < BIG;
      if (bounded(lo) && bounded(hi)) return [`${lo} to ${hi}`];
      if (bounded(lo)) return [`${lo}`];
      if (bounded(hi)) return [`${hi}`];
      return [];
    }
    case 'enum':
      return Object.values(d.entries as Record<string, string>).map(tick);
    case 'literal':
      return (d.values as unknown[]).map(tick);
    case 'boolean':
      return ['`true`', '`false`'];
    case 'tuple':
      return [...new Set((d.items as Zod[]).flatMap(allowedTexts))];
    case 'record':
      return allowedTexts(d.valueType);
    case 'array': {
      const checks = ((d.checks ?? []) as Zod[]).map((c) => def(c));
      const min = checks.find((c) => c.check === 'min_length')?.minimum as number | undefined;
      const max = checks.find((c) => c.check === 'max_length')?.maximum as number | undefined;
      const eq = checks.find((c) => c.check === 'length_equals')?.length as number | undefined;
      const out: string[] = [];
      if (eq !== undefined) out.push(`exactly ${eq}`);
      else if (min !== undefined && max !== undefined) out.push(`${min} to ${max}`);
      else if (min !== undefined) out.push(`at least ${min}`);
      else if (max !== undefined) out.push(`at most ${max}`);
      const el = unwrap(d.element).node;
      if (['enum', 'literal', 'boolean', 'number'].includes(def(el).type)) out.push(...allowedTexts(el));
      return out;
    }
    default:
      return [];
  }
}

const isInt = (n: Zod): boolean => {
  const u = unwrap(n).node;
  return def(u).type === 'number' && u.isInt === true;
};

// ---------------------------------------------------------------------------------------
// Reading the page

interface Table {
  h2: string;
  h3: string | null;
  headers: string[];
  rows: string[][];
  line: number;
}
interface CodeBlock {
  lang: string;
  body: string;
  line: number;
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

function readPage(md: string): { tables: Table[]; blocks: CodeBlock[] } {
  const lines = md.split('\n');
  const tables: Table[] = [];
  const blocks: CodeBlock[] = [];
  let h2 = '';
  let h3: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) body.push(lines[i]);
      blocks.push({ lang: fence[1], body: body.join('\n'), line: start + 1 });
      continue;
    }
    if (line.startsWith('## ')) {
      h2 = line.slice(3).trim();
      h3 = null;
    } else if (line.startsWith('### ')) h3 = line.slice(4).trim();
    else if (line.startsWith('|') && lines[i + 1]?.startsWith('|') && /^\|[\s:|-]+\|?\s*$/.test(lines[i + 1])) {
      const t: Table = { h2, h3, headers: cells(line), rows: [], line: i + 1 };
      for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) t.rows.push(cells(lines[i]));
      i--;
      tables.push(t);
    }
  }
  return { tables, blocks };
}

const { tables, blocks } = readPage(text);
const backticked = (s: string): string[] => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const fieldTables = tables.filter((t) => t.headers[0] === 'Field');

/** The schema section a table belongs to, by its `##` heading. */
const sectionOf = (t: Table) => SECTIONS.find((s) => t.h2.startsWith(s.prefix));

/** The objects a table documents: the paths its `###` heading names in backticks, or the top level. */
function tableObjects(t: Table, root: Zod): { path: string; node: Zod }[] {
  const names = t.h3 === null ? [] : backticked(t.h3);
  if (names.length === 0) return [{ path: '', node: root }];
  return names.flatMap((path) => resolve(root, path).map((node) => ({ path, node })));
}

interface Row {
  table: Table;
  /** The first cell as written. */
  raw: string;
  field: string;
  cell: (header: string) => string;
}

function rowsOf(t: Table): Row[] {
  return t.rows.map((r) => {
    const m = /^`([^`]+)`$/.exec(r[0]);
    return {
      table: t,
      raw: r[0],
      field: m ? m[1] : r[0],
      cell: (header: string) => {
        const i = t.headers.indexOf(header);
        return i < 0 ? '' : (r[i] ?? '');
      },
    };
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function anchors(md: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of md.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence) continue;
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------

describe('docs/content.md', () => {
  it('has a Field table for each content file, under a section the test knows', () => {
    for (const t of fieldTables) expect(sectionOf(t), `table at line ${t.line} under "## ${t.h2}"`).toBeDefined();
    for (const s of SECTIONS) expect(fieldTables.some((t) => sectionOf(t) === s), `a Field table under "## ${s.prefix}..."`).toBe(true);
    for (const t of fieldTables)
      for (const h of ['Field', 'Type', 'Allowed', 'Default']) expect(t.headers, `table at line ${t.line}`).toContain(h);
  });

  it('every heading path names an object the schema has', () => {
    const bad: string[] = [];
    for (const t of fieldTables) {
      const root = sectionOf(t)!.schema;
      for (const name of t.h3 === null ? [] : backticked(t.h3)) {
        const nodes = resolve(root, name);
        if (nodes.length === 0 || !nodes.every(isObjectLike)) bad.push(`"### ${t.h3}": ${name}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every field a table lists is a key the schema accepts there', () => {
    const bad: string[] = [];
    for (const t of fieldTables) {
      const objects = tableObjects(t, sectionOf(t)!.schema);
      for (const row of rowsOf(t)) {
        if (!/^`[^`]+`$/.test(row.raw)) {
          bad.push(`line ${t.line}: field cell "${row.field}" is not one backticked path`);
          continue;
        }
        if (!objects.some((o) => resolve(o.node, row.field).length > 0))
          bad.push(`${t.h3 ?? t.h2}: ${row.field} (no schema key ${objects.map((o) => (o.path ? `${o.path}.` : '') + row.field).join(' / ')})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every key the faction, board and rules schemas accept has a row', () => {
    const missing: string[] = [];
    for (const s of SECTIONS) {
      const documented = new Set<string>();
      for (const t of fieldTables.filter((x) => sectionOf(x) === s)) {
        for (const o of tableObjects(t, s.schema)) {
          if (o.path) withAncestors(o.path).forEach((p) => documented.add(p));
          for (const row of rowsOf(t)) {
            if (resolve(o.node, row.field).length === 0) continue;
            withAncestors(o.path ? `${o.path}.${row.field}` : row.field).forEach((p) => documented.add(p));
          }
          // The object a heading names is documented in full, in any section.
          for (const [k] of entries(o.node))
            if (!rowsOf(t).some((r) => r.field === k || r.field.startsWith(`${k}.`) || r.field.startsWith(`${k}[]`)))
              missing.push(`${s.prefix}: ${o.path ? `${o.path}.` : ''}${k}`);
        }
      }
      if (s.complete) for (const p of allPaths(s.schema)) if (!documented.has(p)) missing.push(`${s.prefix}: ${p}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("each row's Allowed, Default and Type cells agree with the schema", () => {
    const bad: string[] = [];
    for (const t of fieldTables) {
      for (const o of tableObjects(t, sectionOf(t)!.schema)) {
        for (const row of rowsOf(t)) {
          for (const node of resolve(o.node, row.field)) {
            const where = `${o.path ? `${o.path}.` : ''}${row.field}`;
            const allowed = row.cell('Allowed');
            for (const want of allowedTexts(node)) if (!allowed.includes(want)) bad.push(`${where}: Allowed "${allowed}" lacks ${want}`);
            const dflt = row.cell('Default');
            const w = unwrap(node);
            if (w.hasDefault) {
              const shown = typeof w.defaultValue === 'object' ? JSON.stringify(w.defaultValue) : String(w.defaultValue);
              if (!dflt.includes(`\`${shown}\``)) bad.push(`${where}: Default "${dflt}" should show \`${shown}\``);
            } else if (w.optional) {
              if (dflt.startsWith('required')) bad.push(`${where}: Default "${dflt}" but the key is optional`);
            } else if (!dflt.startsWith('required')) bad.push(`${where}: Default "${dflt}" but the key is required`);
            if (isInt(node) && !row.cell('Type').includes('integer')) bad.push(`${where}: Type "${row.cell('Type')}" should say integer`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('the fields that can be changed are exactly the numeric fields of each card', () => {
    const numeric = (n: Zod, prefix = ''): string[] =>
      entries(n).flatMap(([k, c]) => {
        const inner = unwrap(c).node;
        if (def(inner).type === 'number') return [prefix + k];
        if (def(inner).type === 'object') return numeric(inner, `${prefix}${k}.`);
        return [];
      });
    // Card lists: the faction's top-level keys whose entries carry an `id` (changes.ts finds cards by id).
    const cardLists = entries(FactionFileSchema)
      .filter(([, c]) => {
        const inner = unwrap(c).node;
        const card = def(inner).type === 'array' ? def(inner).element : inner;
        return entries(card).some(([k]) => k === 'id');
      })
      .map(([k, c]) => (def(unwrap(c).node).type === 'array' ? `${k}[]` : k));
    const table = tables.find((t) => t.headers[0] === 'Card' && t.headers[1] === 'Fields that can be changed');
    expect(table, 'a "Card | Fields that can be changed" table').toBeDefined();
    const listed = new Map(table!.rows.map((r) => [backticked(r[0])[0], backticked(r[1])]));
    expect([...listed.keys()].sort()).toEqual([...cardLists].sort());
    for (const list of cardLists) {
      const [card] = resolve(FactionFileSchema, list);
      expect(new Set(listed.get(list)), list).toEqual(new Set(numeric(card)));
    }
  });

  it('each YAML example is an excerpt of the shipped file it names, or card changes that apply', () => {
    const yamlBlocks = blocks.filter((b) => b.lang === 'yaml');
    expect(yamlBlocks.length).toBeGreaterThan(0);
    const subsetProblems = (ex: unknown, act: unknown, path: string): string[] => {
      if (Array.isArray(ex)) {
        if (!Array.isArray(act)) return [`${path}: not a list in the file`];
        return ex.flatMap((e, i) => (i < act.length ? subsetProblems(e, act[i], `${path}[${i}]`) : [`${path}[${i}]: not in the file`]));
      }
      if (ex !== null && typeof ex === 'object') {
        if (act === null || typeof act !== 'object' || Array.isArray(act)) return [`${path}: not an object in the file`];
        return Object.entries(ex).flatMap(([k, v]) => {
          const p = path ? `${path}.${k}` : k;
          return k in act ? subsetProblems(v, (act as Record<string, unknown>)[k], p) : [`${p}: not in the file`];
        });
      }
      return Object.is(ex, act) ? [] : [`${path}: ${JSON.stringify(ex)} in the page, ${JSON.stringify(act)} in the file`];
    };
    const factions = listConfigNames('factions').map((name) => loadFaction(join(defaultConfigDir(), 'factions', `${name}.yaml`)));
    for (const b of yamlBlocks) {
      const source = /^# (configs\/\S+\.ya?ml)\s*$/.exec(b.body.split('\n')[0]);
      const data = parse(b.body) as Record<string, unknown>;
      if (source) {
        const file = join(ROOT, source[1]);
        expect(existsSync(file), `${source[1]} (example at line ${b.line})`).toBe(true);
        expect(subsetProblems(data, parse(readFileSync(file, 'utf8')), ''), `example at line ${b.line} vs ${source[1]}`).toEqual([]);
      } else {
        expect(Object.keys(data), `example at line ${b.line}: name its source file, or show changes`).toEqual(['changes']);
        const changes: SourcedChange[] = (data.changes as unknown[]).map((c, i) => ({
          change: CardChangeSchema.parse(c),
          file: PAGE,
          path: `changes[${i}]`,
        }));
        const applied = factions.flatMap((f) => applyCardChanges(f, changes).applied);
        expect(applied.length, `example at line ${b.line}: every change names a shipped card`).toBe(changes.length);
      }
    }
  });

  it('every link to a page or a heading resolves', () => {
    const bad: string[] = [];
    const own = anchors(text);
    for (const m of text.matchAll(/\]\(([^)\s]*)\)/g)) {
      const [file, anchor] = m[1].split('#');
      if (/^[a-z]+:/.test(file)) continue;
      if (file === '') {
        if (!own.has(anchor)) bad.push(`#${anchor}`);
        continue;
      }
      const target = join(DOCS, file);
      if (!existsSync(target)) {
        bad.push(file);
        continue;
      }
      if (anchor !== undefined && !anchors(readFileSync(target, 'utf8')).has(anchor)) bad.push(`${file}#${anchor}`);
    }
    expect(bad).toEqual([]);
  });
});
