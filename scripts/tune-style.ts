/**
 * Tunes a scripted style's declared parameters against a panel of opponents with a seeded
 * (1+1) evolution strategy, and writes the result to bots/data/tuned.json, the data the
 * `tuned` bot (bots/tuned.ts) plays.
 *
 * Run: `npx tsx scripts/tune-style.ts [--styles gunner,brawler,carrier,turtle] [--vs gunner,brawler,carrier,turtle]
 *       [--evals 80] [--pairs 12] [--validate 60] [--draw 0.5] [--params a,b] [--seed 1] [--start FILE] [--out bots/data/tuned.json]`
 *
 * Why this way:
 * - The objective is the mean value of a game (a win 1, a draw `--draw`, default one half
 *   as in the ladder's score, a loss 0) against the panel over a fixed set
 *   of seat-swapped pairs (scripts/lib/arena.ts, FPA mirror, the ladder's setting). Every
 *   candidate plays the same seeds (common random numbers), so two candidates differ by
 *   their play, not by their draws, and the objective is a deterministic function of the
 *   parameters: the whole run replays from `--seed`.
 * - `--draw`: with draws at one half, a run against lookahead found a gunner that keeps ten
 *   hexes away and fires only a sure shot: 47 draws, 3 losses and no win in 25 pairs, a
 *   score of 47% by never fighting. A lower value makes stalling cost; docs/performance.md
 *   says what each setting found.
 * - `--params a,b,...` tunes only those params (the others keep their defaults): fewer
 *   dimensions for the same number of games.
 * - A (1+1) strategy on the parameters scaled to [0, 1] (integers rounded, booleans flipped
 *   with a small chance) needs no gradient and tolerates a noisy, stepped objective; a
 *   mutant replaces the incumbent when it scores at least as well, so it drifts across
 *   plateaus. The step shrinks on failures and grows on successes (the 1/5 rule).
 * - Two runs, chained by `--start`: first against the fast scripted styles (a tuning run
 *   plays thousands of games), then from there against lookahead itself (`--vs lookahead`),
 *   whose games cost fifty scripted ones, with fewer and shorter evaluations. The winner
 *   is then checked on seeds it never saw (`--validate` pairs per opponent), and that
 *   figure, not the training one, is what the data file reports.
 * - `--start FILE` starts each style from the params an earlier run wrote (a run against the
 *   styles, then one against a search bot from there), and the file records what it started
 *   from, so the chain of runs is written down; a style this run does not tune keeps the
 *   start file's params.
 * - Every style's tuned parameters are kept; the file's `best` names the style with the best
 *   validation score, which the `tuned` bot plays by default.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { repoRoot } from '../src/content/load.js';
import { seededRandom } from '../src/random/rng.js';
import { loadBotFactory } from '../src/sim/bots.js';
import type { ParamSpec } from '../src/bot-api.js';
import { duel, type Entrant } from './lib/arena.js';

const STYLES = ['gunner', 'brawler', 'carrier', 'turtle'] as const;
type Style = (typeof STYLES)[number];

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}

const styles = arg('styles', STYLES.join(',')).split(',') as Style[];
const vs = arg('vs', STYLES.join(',')).split(',');
const evals = Number(arg('evals', '80'));
const pairs = Number(arg('pairs', '12'));
const validate = Number(arg('validate', '60'));
const seed = arg('seed', '1');
/** What a draw is worth in the objective (a win 1, a loss 0): the ladder's one half unless told; see above. */
const draw = Number(arg('draw', '0.5'));
const only = arg('params', '') ? arg('params', '').split(',') : null;
if (!(draw >= 0 && draw <= 0.5)) throw new Error(`--draw: expected a number from 0 to 0.5, got ${arg('draw', '')}`);
const out = resolve(repoRoot(), arg('out', 'bots/data/tuned.json'));
/** A data file (this script's output) whose tuned params are the starting points; the defaults without it. */
const start = arg('start', '');
for (const s of styles) if (!STYLES.includes(s)) throw new Error(`--styles: expected names from ${STYLES.join(', ')}, got ${s}`);

type Tunable = Extract<ParamSpec, { type: 'integer' | 'number' | 'boolean' }>;

/** A point: each tunable param scaled to [0, 1]. */
function decode(specs: readonly Tunable[], x: readonly number[]): Record<string, number | boolean> {
  const p: Record<string, number | boolean> = {};
  specs.forEach((s, i) => {
    if (s.type === 'boolean') p[s.name] = x[i] >= 0.5;
    else {
      const max = s.max as number;
      const v = s.min + x[i] * (max - s.min);
      p[s.name] = s.type === 'integer' ? Math.round(v) : Math.round(v * 100) / 100;
    }
  });
  return p;
}

function encode(specs: readonly Tunable[], p: Record<string, unknown>): number[] {
  return specs.map((s) => {
    const v = p[s.name] ?? s.default;
    if (s.type === 'boolean') return v ? 0.75 : 0.25;
    const max = s.max as number;
    return ((v as number) - s.min) / (max - s.min);
  });
}

async function main() {
  const panel: Entrant[] = [];
  for (const name of vs) panel.push({ factory: await loadBotFactory(name), params: {} });
  /** Mean value (a win 1, a draw `draw`, a loss 0) against the panel on `n` pairs per opponent from pair `from`. */
  const score = (e: Entrant, n: number, tag: string, from = 0) => {
    let sum = 0;
    for (let o = 0; o < panel.length; o++) {
      const d = duel(e, panel[o], n, `tune/${tag}/${vs[o]}`, from);
      sum += (d.wins + draw * d.draws) / (d.wins + d.draws + d.losses);
    }
    return sum / panel.length;
  };

  const from = start ? (JSON.parse(readFileSync(resolve(repoRoot(), start), 'utf8')) as { styles: Record<string, { params: Record<string, unknown> }> }) : null;
  const results: Record<string, { params: Record<string, number | boolean>; train: number; trainStart: number; validation: number; validationDefault: number }> = {};
  for (const style of styles) {
    const mod = (await import(`../bots/${style}.ts`)) as { default: Entrant['factory']; PARAMS: { specs: readonly ParamSpec[] } };
    const specs = mod.PARAMS.specs.filter((s): s is Tunable => (s.type === 'integer' || s.type === 'number' || s.type === 'boolean') && (!only || only.includes(s.name)));
    for (const n of only ?? []) if (!specs.some((s) => s.name === n)) throw new Error(`--params: ${style} has no tunable param ${n}`);
    const rng = seededRandom(`tune/${seed}/${style}`);
    const entrant = (p: Record<string, unknown>): Entrant => ({ factory: mod.default, params: p });
    let x = encode(specs, from?.styles[style]?.params ?? {});
    let fx = score(entrant(decode(specs, x)), pairs, 'train');
    const trainStart = fx;
    let sigma = 0.2;
    console.log(`${style}: start ${JSON.stringify(decode(specs, x))} train ${(100 * fx).toFixed(1)}%`);
    for (let e = 1; e < evals; e++) {
      // Gaussian step by Box-Muller from the seeded stream; each coordinate moves with chance 1/2 (at least one).
      const y = x.slice();
      const j = Math.floor(rng() * y.length);
      for (let i = 0; i < y.length; i++) {
        if (i !== j && rng() < 0.5) continue;
        const g = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
        y[i] = specs[i].type === 'boolean' ? (rng() < 0.3 ? 1 - y[i] : y[i]) : Math.min(1, Math.max(0, y[i] + sigma * g));
      }
      if (JSON.stringify(decode(specs, y)) === JSON.stringify(decode(specs, x))) {
        sigma = Math.min(0.5, sigma * 1.1); // a step too small to change a param
        continue;
      }
      const fy = score(entrant(decode(specs, y)), pairs, 'train');
      if (fy >= fx) {
        if (fy > fx) console.log(`${style}: eval ${e} ${JSON.stringify(decode(specs, y))} train ${(100 * fy).toFixed(1)}%`);
        x = y;
        fx = fy;
        sigma = Math.min(0.5, sigma * 1.5);
      } else sigma = Math.max(0.03, sigma * 0.85);
    }
    const params = decode(specs, x);
    const validation = score(entrant(params), validate, 'validate');
    const validationDefault = score(entrant({}), validate, 'validate');
    results[style] = { params, train: fx, trainStart, validation, validationDefault };
    console.log(`${style}: tuned ${JSON.stringify(params)} train ${(100 * fx).toFixed(1)}% (start ${(100 * trainStart).toFixed(1)}%), validation ${(100 * validation).toFixed(1)}% (defaults ${(100 * validationDefault).toFixed(1)}%)`);
  }
  const best = Object.entries(results).sort((a, b) => b[1].validation - a[1].validation)[0][0];
  // Styles this run did not tune keep the start file's params, so the file always holds every style it was given.
  const kept = Object.fromEntries(Object.entries(from?.styles ?? {}).filter(([s]) => !(s in results)));
  const data = {
    made: `npx tsx scripts/tune-style.ts --styles ${styles.join(',')} --vs ${vs.join(',')} --evals ${evals} --pairs ${pairs} --validate ${validate} --draw ${draw}${only ? ` --params ${only.join(',')}` : ''} --seed ${seed}${start ? ` --start ${start}` : ''} --out ${relative(repoRoot(), out)}`,
    ...(from ? { startedFrom: from } : {}),
    objective: `mean value (a win 1, a draw ${draw}, a loss 0) against ${vs.join(', ')} (default params), FPA mirror on the duel, seat-swapped pairs; train: ${pairs} pairs per opponent on fixed seeds; validation: ${validate} other pairs per opponent`,
    best,
    styles: { ...kept, ...results },
  };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(data, null, 2) + '\n');
  console.log(`best ${best}; written to ${relative(repoRoot(), out)}`);
}

await main();
