/**
 * A panel of play styles (docs/panel.md): one balance question (a batch, stat sweep,
 * loadout sweep or meta) answered once per style, every policy in it replaced by that
 * style, then the panel report saying whether the answers agree.
 *
 * Why each style is a full, ordinary run in `<out>/<style>/`: it is then exactly the run a
 * designer would get by writing that style into the experiment (its own experiment.yaml,
 * report, replay commands and resume), and the panel adds nothing but the comparison, read
 * from those folders' files (report/panel-report.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { ConfigError, ROOT } from '../content/errors.js';
import { defaultResultsDir } from './results-folder.js';
import { loadExperiment, type Experiment, type PanelStyle } from '../sim/experiment.js';
import { prepare } from '../sim/play.js';
import { runBatch, RunFailure } from './batch.js';
import { agreement, readStyleFigures, styleLine, writePanelFiles, type PanelQuestion, type PanelResult, type StyleFigures } from '../report/panel-report.js';
import { writeAtomic } from '../report/files.js';

export interface PanelOptions {
  file: string;
  experiment: Experiment;
  /** Worker threads (0 = one per core); overrides the file. */
  workers?: number;
  /** Where the panel goes; default results/<name>-panel-<timestamp>. */
  outDir?: string;
  /** Continue a stopped panel in this folder: finished styles are kept, a stopped one resumes. */
  resume?: string;
  /** Matches per pairing for every style (the command line's --matches), overriding the file's. */
  matches?: number;
  progress?: boolean;
  handleSigint?: boolean;
  /** Stop early: the style playing keeps what it finished, and no further style starts. */
  signal?: AbortSignal;
  /** Where progress lines go (default: stdout). */
  log?: (line: string) => void;
}

export interface PanelRunResult {
  dir: string;
  complete: boolean;
  seconds: number;
  result: PanelResult;
}

/** Split a name into words and the separators between them ("fpa-rammer" -> fpa, -, rammer). */
const words = (name: string) => name.split(/([-_.])/);

/**
 * The players' names for the question, the same under every style: each name without the
 * policy's word in it ("fpa-rammer" flown by rammer is "fpa"), unless that leaves nothing or
 * two alike.
 */
export function playerLabels(ex: Pick<Experiment, 'players'>): string[] {
  const strip = (name: string, policy: string) => {
    const w = words(name);
    const kept: string[] = [];
    for (let i = 0; i < w.length; i += 2) if (w[i] !== policy) kept.push(w[i]);
    return kept.join('-');
  };
  const labels = ex.players.map((p) => strip(p.name!, p.policy) || p.name!);
  return new Set(labels).size === labels.length ? labels : ex.players.map((p) => p.name!);
}

/** The players' names under a style: the policy's word replaced by the style's ("fpa-rammer" -> "fpa-gunner"); kept unique. */
function styledNames(ex: Experiment, style: string): string[] {
  const names = ex.players.map((p) => words(p.name!).map((w, i) => (i % 2 === 0 && w === p.policy ? style : w)).join(''));
  return names.map((n, i) => (names.indexOf(n) === i ? n : `${n}-${i + 1}`));
}

/** A style's matches per pairing: the command line's, else the style's own, else the experiment's (capped for the default list's slow styles); even. */
export function styleMatches(ex: Experiment, s: PanelStyle, override?: number): number {
  const m = override ?? s.matches ?? Math.min(ex.matches, s.cap ?? Infinity);
  return m + (m % 2);
}

/** The experiment a style answers: every policy (players and loadouts) replaced by it, with its params only. */
export function styleExperiment(ex: Experiment, s: PanelStyle, base: string, override?: number): Experiment {
  const names = styledNames(ex, s.style);
  const fallback = ex.adjudication.fallback;
  const sub: Experiment = {
    ...ex,
    name: `${ex.name}-${s.name}`,
    matches: styleMatches(ex, s, override),
    players: ex.players.map((p, i) => ({ ...p, name: names[i], policy: s.style, params: { ...s.params } })),
    loadouts: Array.isArray(ex.loadouts)
      ? ex.loadouts.map((l) => ({ ...l, policy: s.style, params: { ...s.params } }))
      : ex.loadouts
        ? { ...ex.loadouts, policy: s.style, params: { ...s.params } }
        : undefined,
    // The fallback bot is read relative to the experiment file, which now lives in the style's folder.
    adjudication: { ...ex.adjudication, fallback: /[\\/]|\.(ts|js|mjs)$/.test(fallback) && !isAbsolute(fallback) ? resolve(base, fallback) : fallback },
    // The panel reads each style's summary.json and analysis.json.
    outputs: { ...ex.outputs, summary: true },
  };
  delete sub.panel;
  return sub;
}

/** Two experiments with every field equal (keys in any order), the worker count aside: it changes no figure. */
function sameStyleExperiment(a: Experiment, b: Experiment): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([p], [q]) => (p < q ? -1 : 1)).map(([k, x]) => [k, canon(x)])) : v;
  return JSON.stringify(canon({ ...a, workers: 0 })) === JSON.stringify(canon({ ...b, workers: 0 }));
}

/** A style's params error names the panel's entry, not a player the designer did not write. */
function styleError(file: string, i: number, e: unknown): unknown {
  if (!(e instanceof ConfigError) || !/^(players\[\d+\]|loadouts)\.(policy|params)$/.test(e.path)) return e;
  const issue = e.issues[0];
  return new ConfigError(file, [{ ...issue, path: `panel.styles[${i}]${e.path.endsWith('params') ? '.params' : ''}`, line: undefined, column: undefined }]);
}

export async function runPanel(o: PanelOptions): Promise<PanelRunResult> {
  const ex = o.experiment;
  const styles = ex.panel!.styles;
  const log = o.log ?? ((line: string) => console.log(line));
  const base = resolve(o.file, '..');
  const subs = styles.map((s) => styleExperiment(ex, s, base, o.matches));
  // Everything is checked against the designer's file before the first match.
  for (let i = 0; i < subs.length; i++) {
    try {
      await prepare(o.file, subs[i]);
    } catch (e) {
      throw styleError(o.file, i, e);
    }
  }
  const dir = resolve(o.resume ?? o.outDir ?? defaultResultsDir(`${ex.name}-panel`));
  if (o.resume && !existsSync(dir)) throw ConfigError.at(dir, ROOT, 'the folder of a stopped panel run (--resume)', 'no such folder');
  mkdirSync(dir, { recursive: true });
  const question: PanelQuestion = { experiment: ex.name, kind: ex.kind, file: relative(process.cwd(), resolve(o.file)) || o.file, players: playerLabels(ex) };
  const figures: StyleFigures[] = [];
  const t0 = performance.now();
  let complete = true;
  const finish = async (): Promise<PanelRunResult> => {
    const a = agreement(question, figures);
    if (!complete) a.details.unshift(`The panel stopped after ${figures.length} of ${styles.length} styles; the answer rests on those. Continue with: stareater run ${question.file} --resume ${relative(process.cwd(), dir) || dir}`);
    const result: PanelResult = { question, complete, styles: figures, agreement: a };
    await writePanelFiles(dir, result);
    return { dir, complete, seconds: (performance.now() - t0) / 1000, result };
  };

  for (let i = 0; i < styles.length; i++) {
    const s = styles[i];
    const sub = subs[i];
    const subDir = join(dir, s.name);
    const file = join(subDir, 'experiment.yaml');
    const body = stringify(sub);
    const text = `# ${ex.name} under the panel style ${s.name} (every policy replaced by ${s.style}), written by: stareater run ${question.file}\n# Run this style alone with: stareater run ${relative(process.cwd(), file) || file}\n${body}`;
    const head = `[${i + 1}/${styles.length}] ${s.name} (${s.style}${Object.keys(s.params).length ? ` ${JSON.stringify(s.params)}` : ''})`;
    mkdirSync(subDir, { recursive: true });
    let resume: string | undefined;
    if (o.resume && existsSync(file)) {
      // The run rewrites its experiment.yaml with what it played (provenance.ts: the worker count
      // written in, or the experiment in full), so the style's experiment is compared, not the text.
      if (!sameStyleExperiment(loadExperiment(file).experiment, sub)) throw ConfigError.at(o.file, ROOT, `the same experiment as the panel in ${dir} (style ${s.name} changed since)`, ex.name);
      const done = existsSync(join(subDir, 'summary.json')) && (JSON.parse(readFileSync(join(subDir, 'summary.json'), 'utf8')) as { complete: boolean }).complete && !existsSync(join(subDir, 'checkpoint.json'));
      if (done) {
        figures.push(readStyleFigures(dir, s.name, s));
        log(`${head}: already finished`);
        log(styleLine(question, figures[figures.length - 1]));
        continue;
      }
      if (existsSync(join(subDir, 'checkpoint.json'))) resume = subDir;
      else {
        // Stopped before its first checkpoint: nothing to keep, and a fresh run refuses a folder with files in it.
        rmSync(subDir, { recursive: true, force: true });
        mkdirSync(subDir);
      }
    }
    if (!resume) writeAtomic(file, text);
    const onPlan = (_: unknown, total: number) => log(`${head}: ${resume ? 'resuming, ' : ''}${sub.matches} matches per pairing, ${total} in all`);
    let r;
    try {
      r = await runBatch({ file, experiment: sub, text, workers: o.workers, outDir: subDir, resume, progress: o.progress, handleSigint: o.handleSigint, signal: o.signal, onPlan });
    } catch (e) {
      if (e instanceof RunFailure) throw new RunFailure(`${e.message}; or continue the whole panel with: stareater run ${question.file} --resume ${relative(process.cwd(), dir) || dir}`, { cause: e });
      throw e;
    }
    figures.push(readStyleFigures(dir, s.name, s));
    log(styleLine(question, figures[figures.length - 1]));
    if (!r.complete || o.signal?.aborted) {
      // Stopped (Ctrl-C): the panel stops too, and says so.
      complete = false;
      break;
    }
  }
  return finish();
}
