/**
 * A what-if experiment's variants: the baseline (the content without the experiment's
 * changes) and each alternative set of changes, each an experiment of its own that differs
 * from the file only in its `changes`. docs/whatif.md.
 *
 * Why separate experiments and not one plan with more tables: each variant then is exactly
 * the run a designer would get by writing that file by hand, with the same plan, match ids
 * and seeds (a match is a pure function of the experiment and its id), so the pairing of
 * baseline and alternative is by construction, every variant has its full report, and no
 * analysis of the one-content kinds has to learn about variants.
 */
import type { FactionFile } from '../content/schema.js';
import { describeChange, type CardChange, type SourcedChange } from '../content/changes.js';
import { ConfigError } from '../content/errors.js';
import type { Experiment } from './experiment.js';

/** One content a what-if plays: the baseline or an alternative. */
export interface WhatIfVariant {
  /** `baseline`, or the alternative's name (given, or made from its changes). */
  name: string;
  /** The changes in words ("Tyrant damage 5 -> 2"); `baseline` for the baseline. */
  label: string;
  /** Its results folder under the what-if's folder (the baseline plays in the folder itself). */
  folder: string;
  /** Its changes, sourced to their place in the experiment file. */
  changes: SourcedChange[];
  /** The experiment this variant runs: the file's, with these changes and no alternatives. */
  experiment: Experiment;
}

/** Whether the experiment is a what-if: changes with a baseline, or alternatives. */
export function isWhatIf(ex: Pick<Experiment, 'changes' | 'baseline' | 'alternatives' | 'kind'>): boolean {
  return (ex.kind as string) !== 'autobalance' && (!!ex.alternatives || (ex.changes.length > 0 && ex.baseline));
}

/** The what-if keys make sense together and with the kind (checked on loading). */
export function checkWhatIf(file: string, ex: Experiment): void {
  if (ex.alternatives && ex.changes.length)
    throw ConfigError.at(file, 'alternatives', 'either changes (one what-if) or alternatives (several), not both: move the changes into an alternative', `${ex.changes.length} changes and ${ex.alternatives.length} alternatives`);
  if (ex.alternatives && !ex.baseline) throw ConfigError.at(file, 'baseline', 'baseline true (alternatives are compared with the baseline), or changes without alternatives', false);
  if (!isWhatIf(ex)) return;
  if (ex.kind === 'compare')
    throw ConfigError.at(file, 'kind', 'a kind other than compare for a what-if (its sequential test stops at a different match under each content, so the runs would not pair); or baseline: false to play only the changed game', ex.kind);
  if (ex.panel) throw ConfigError.at(file, 'panel', 'no panel on a what-if (run the what-if once per style), or baseline: false to play only the changed game under the panel', 'panel');
  const seen = new Map<string, number>();
  (ex.alternatives ?? []).forEach((a, i) => {
    if (!a.name) return;
    if (a.name === 'baseline') throw ConfigError.at(file, `alternatives[${i}].name`, 'a name other than baseline (it names the baseline)', a.name);
    const j = seen.get(a.name);
    if (j !== undefined) throw ConfigError.at(file, `alternatives[${i}].name`, `a name different from alternatives[${j}]'s`, a.name);
    seen.set(a.name, i);
  });
}

/** A folder name from a label: letters, digits, dot, dash; at most 60 characters. */
export function folderName(label: string): string {
  const s = label
    .replace(/->/g, 'to')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || 'alternative';
}

/**
 * The baseline, then each alternative (a file's `changes` are its one alternative), named
 * and labelled from the factions as parsed (the old values in the labels come from there).
 */
export function whatIfVariants(file: string, ex: Experiment, factions: readonly FactionFile[]): WhatIfVariant[] {
  const alts: { name?: string; changes: CardChange[]; path: string }[] = ex.alternatives
    ? ex.alternatives.map((a, i) => ({ name: a.name, changes: a.changes, path: `alternatives[${i}].changes` }))
    : [{ changes: ex.changes, path: 'changes' }];
  const variant = (name: string, label: string, folder: string, changes: SourcedChange[]): WhatIfVariant => ({
    name,
    label,
    folder,
    changes,
    experiment: { ...structuredClone(ex), changes: changes.map((c) => c.change), alternatives: undefined, baseline: false },
  });
  const out: WhatIfVariant[] = [variant('baseline', 'baseline', '.', [])];
  const folders = new Set(['baseline', 'alternatives']);
  for (const a of alts) {
    const label = a.changes.map((c) => describeChange(factions, c)).join(', ');
    const name = a.name ?? label;
    let folder = folderName(a.name ?? label);
    for (let k = 2; folders.has(folder); k++) folder = `${folderName(a.name ?? label)}-${k}`;
    folders.add(folder);
    out.push(variant(name, label, `alternatives/${folder}`, a.changes.map((change, i) => ({ change, file, path: `${a.path}[${i}]` }))));
  }
  return out;
}
