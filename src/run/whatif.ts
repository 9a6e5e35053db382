/**
 * A what-if run (docs/whatif.md): the baseline and each alternative, one ordinary batch run
 * each on the same match ids and seeds, then every headline figure's delta with a paired
 * interval (analysis/whatif.ts), written beside the baseline's results.
 *
 * Layout: the baseline plays in the results folder itself (its summary, charts and report
 * are the page a designer opens), each alternative in `alternatives/<name>/` with its own
 * full results; whatif.json, whatif.csv, charts/whatif.* and whatif-experiment.yaml (the
 * what-if file, to run again) go in the top folder, summary.json gains a `whatif` key, and
 * report.html opens with the changes' lines.
 *
 * Why the checks up front: every variant is prepared (content, changes, bots) before the
 * first match, so a bad alternative is a ConfigError at its own place in the file and no
 * results are half-written. The records of each run are folded into a BlockTally as they
 * arrive (batch.ts onRecords), so no file is read back and matches.csv may be off.
 */
import { join, relative, resolve } from 'node:path';
import { readFileSync, existsSync } from 'node:fs';
import { stringify } from 'yaml';
import { ConfigError } from '../content/errors.js';
import { checkNoRepeats, type SourcedChange } from '../content/changes.js';
import { defaultConfigDir, listConfigNames, loadFaction } from '../content/load.js';
import { defaultResultsDir } from './results-folder.js';
import { effectiveText } from './provenance.js';
import { loadScenario, tablesForScenario } from '../content/scenario.js';
import { BlockTally, tallyDeltas, LEVEL95 } from '../analysis/whatif.js';
import { prepare, type Prepared } from '../sim/play.js';
import { whatIfVariants, type WhatIfVariant } from '../sim/whatif.js';
import type { Plan } from '../sim/plan.js';
import { runBatch, type BatchOptions, type BatchResult } from './batch.js';
import { writeAtomic } from '../report/files.js';
import { toCsv } from '../report/csv.js';
import { writeSpecs } from '../report/charts.js';
import { writeReport } from '../report/findings.js';
import { writeReportWithReplays } from '../report/report-replays.js';
import { deltaText, storedDelta, whatIfChart, whatIfCsvRows, whatIfLine, type WhatIfAlternative, type WhatIfSummary } from '../report/whatif.js';

export interface WhatIfOptions extends Omit<BatchOptions, 'onPlan' | 'onRecords' | 'resume' | 'shard'> {
  /** A stopped what-if starts again: --resume is refused (see docs/whatif.md). */
  resume?: string;
  /** Told each variant as it starts (the baseline first), with its plan and matches. */
  onVariant?: (v: WhatIfVariant, index: number, count: number, plan: Plan, matches: number) => void;
}

export interface WhatIfResult {
  dir: string;
  complete: boolean;
  seconds: number;
  /** Matches played over every variant. */
  matches: number;
  baseline: BatchResult;
  whatif: WhatIfSummary;
}

/** The unit the intervals rest on, as the report and the JSON name it. */
const UNIT = 'seed block (the games of one rotation block, over every table that shares its seed)';

/** Every faction file of the config folder, parsed (for the old values in the labels). */
function parsedFactions() {
  const dir = defaultConfigDir();
  return listConfigNames('factions', dir).map((n) => loadFaction(join(dir, 'factions', `${n}.yaml`)));
}

/**
 * Check every variant before anything plays: its changes at their own place in the file,
 * then the whole experiment (prepare); and that the changes leave the plan's entrants as
 * they are (a corvette limit can change which loadouts exist, and then nothing pairs).
 */
async function prepareAll(file: string, variants: readonly WhatIfVariant[]): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const v of variants) {
    if (v.changes.length) {
      // A swept field the alternative also sets is named with both places (prepare would say changes[i]).
      const swept = (v.experiment.sweep ?? []).map((sw, i): SourcedChange => ({ change: { card: sw.card, field: sw.field, value: sw.values[0] }, file, path: `sweep[${i}]` }));
      checkNoRepeats([...v.changes, ...swept]);
      const { scenario } = loadScenario(v.experiment.scenario);
      if (v.experiment.board) scenario.board = v.experiment.board;
      tablesForScenario(scenario, undefined, v.changes); // blames alternatives[i].changes[j]
    }
    const prep = await prepare(file, structuredClone(v.experiment));
    const names = prep.plan.entrants.map((e) => e.name).join('\n');
    if (out.length && names !== out[0].plan.entrants.map((e) => e.name).join('\n')) {
      const at = v.changes[0]?.path ?? 'changes';
      throw ConfigError.at(file, at, 'changes that keep the experiment\'s entrants (this one changes which loadouts exist, so its matches would not pair with the baseline\'s); run it with baseline: false', v.label);
    }
    out.push(prep);
  }
  return out;
}

/** A tally for a prepared variant's run. */
function tallyFor(prep: Prepared): BlockTally {
  const block = prep.plan.seating?.block ?? 2;
  const spec = {
    entrants: prep.plan.entrants.map((e, i) => ({ name: e.name, faction: prep.factions[i] })),
    factions: prep.tables.factions.map((f) => ({ id: f.id, name: f.name })),
    matchesPerTable: prep.experiment.matches,
    block,
  };
  return new BlockTally(spec, prep.experiment.matches / block);
}

/** The experiment file a variant's folder holds: the file's experiment with the variant's changes, as one ordinary run. */
function variantText(file: string, v: WhatIfVariant): string {
  const ex: Record<string, unknown> = { ...v.experiment };
  delete ex.alternatives;
  return `# ${v.name === 'baseline' ? 'The baseline' : `Alternative ${v.name}`} of the what-if ${file}: that experiment with ${v.changes.length ? 'these changes' : 'no changes'}, run alone.\n${stringify(ex)}`;
}

export async function runWhatIf(o: WhatIfOptions): Promise<WhatIfResult> {
  if (o.resume) throw ConfigError.at(o.resume, '--resume', 'a run that is not a what-if (a stopped what-if starts again: its runs pair only when each is whole)', 'a what-if');
  const t0 = performance.now();
  const variants = whatIfVariants(o.file, o.experiment, parsedFactions());
  const preps = await prepareAll(o.file, variants);
  const tallies = preps.map(tallyFor);
  const top = resolve(o.outDir ?? defaultResultsDir(o.experiment.name));

  const abort = new AbortController();
  if (o.signal) o.signal.addEventListener('abort', () => abort.abort(), { once: true });
  const onSigint = () => {
    if (!abort.signal.aborted) process.stderr.write('\nStopping: finishing what is written, keeping finished matches...\n');
    abort.abort();
  };
  if (o.handleSigint) process.on('SIGINT', onSigint);
  const results: BatchResult[] = [];
  try {
    for (let i = 0; i < variants.length && !abort.signal.aborted; i++) {
      const v = variants[i];
      const tally = tallies[i];
      const r = await runBatch({
        ...o,
        experiment: structuredClone(v.experiment),
        text: variantText(relative(process.cwd(), o.file) || o.file, v),
        outDir: join(top, v.folder),
        resume: undefined,
        signal: abort.signal,
        handleSigint: false,
        onPlan: (plan, matches) => o.onVariant?.(v, i, variants.length, plan, matches),
        onRecords: (rec, count) => tally.add(rec, count),
      });
      results.push(r);
    }
  } finally {
    if (o.handleSigint) process.off('SIGINT', onSigint);
  }

  const alternatives: WhatIfAlternative[] = results.slice(1).map((r, j) => {
    const v = variants[j + 1];
    const deltas = tallyDeltas(tallies[0], tallies[j + 1], LEVEL95).map(storedDelta);
    return { name: v.name, label: v.label, folder: v.folder, changes: v.changes.map((c) => c.change), matches: r.matches, complete: r.complete, line: whatIfLine(v.label, deltas), deltas };
  });
  const baseline = results[0];
  const whatif: WhatIfSummary = { level: LEVEL95, unit: UNIT, baseline: { folder: '.', matches: baseline.matches, complete: baseline.complete }, alternatives };
  const complete = results.length === variants.length && results.every((r) => r.complete);
  // The what-if itself (command-line overrides written in), to run again: the folder's experiment.yaml is the baseline's alone.
  if (results.length) writeAtomic(join(top, 'whatif-experiment.yaml'), effectiveText(o.text, o.experiment, o.workers).text);
  if (o.experiment.outputs.summary) {
    writeAtomic(join(top, 'whatif.json'), JSON.stringify(whatif, null, 2) + '\n');
    writeAtomic(join(top, 'whatif.csv'), toCsv(whatIfCsvRows(whatif)));
    const summaryFile = join(top, 'summary.json');
    if (existsSync(summaryFile)) {
      const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Record<string, unknown>;
      writeAtomic(summaryFile, JSON.stringify({ ...summary, whatif }, null, 2) + '\n');
    }
    if (o.experiment.outputs.charts && alternatives.length) await writeSpecs({ whatif: whatIfChart(whatif, o.experiment.name) }, join(top, 'charts'));
    if (o.experiment.outputs.report && baseline.matches > 0) {
      try {
        writeReport(top);
      } catch (e) {
        process.stderr.write(`report.html not written (${(e as Error).message}); the results are complete; rebuild it with: stareater report ${top}\n`);
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  return { dir: top, complete, seconds, matches: results.reduce((a, r) => a + r.matches, 0), baseline, whatif };
}

/**
 * `stareater run` on a what-if: a line per variant as it starts, then where the results
 * are and one line per alternative naming its change and main delta. Returns the exit
 * status (130 when stopped early).
 */
export async function whatIfCommand(o: WhatIfOptions & { shard?: unknown }): Promise<number> {
  if (o.shard) throw ConfigError.at(o.file, 'changes', 'a run without --shard (a what-if plays its baseline and alternatives whole), or baseline: false', 'a what-if');
  const ex = o.experiment;
  const r = await runWhatIf({
    ...o,
    handleSigint: true,
    onVariant: (v, i, n, plan, matches) => {
      const pairings = plan.pairings.length;
      console.log(`Running ${ex.name} (${ex.kind} what-if) ${i === 0 ? 'baseline' : `alternative ${i} of ${n - 1}, ${v.label}`}: ${plan.entrants.length} entrants, ${pairings > 1 ? `${pairings} tables x ` : ''}${ex.matches} matches, seed ${ex.seed} (${matches} in all)`);
    },
  });
  const rel = relative(process.cwd(), r.dir) || '.';
  console.log(`${r.complete ? 'Done' : 'Stopped early (a what-if starts again)'}: ${r.matches} matches in ${r.seconds.toFixed(1)} s over ${r.whatif.alternatives.length + 1} contents`);
  console.log(`Results: ${rel}/ (baseline; alternatives in ${rel}/alternatives/; whatif.json, whatif.csv)`);
  if (existsSync(join(r.dir, 'report.html'))) {
    try {
      await writeReportWithReplays(r.dir);
    } catch (e) {
      process.stderr.write(`replay pages not written (${(e as Error).message}); the report is complete without them\n`);
    }
    console.log(`Report:  ${rel}/report.html`);
  }
  for (const a of r.whatif.alternatives) {
    console.log(`  ${a.line}`);
    // The match-wide figures under it: what a designer checks next (draws, length, seat).
    const rest = a.deltas.filter((d) => d.key === 'draws' || d.key === 'rounds' || d.key === 'seat0');
    if (rest.length) console.log(`    ${rest.map((d) => `${d.label} ${deltaText(d)}`).join('; ')}`);
  }
  return r.complete ? 0 : 130;
}
