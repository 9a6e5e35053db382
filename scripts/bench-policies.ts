/**
 * Play speed of every built-in policy, and the strength/speed frontier (`npm run bench`
 * runs it after the MCTS benchmark; alone: `node --import tsx scripts/bench-policies.ts [--quick]`).
 *
 * - Speed: matches per second of each policy in bots/ against itself (the duel, FPA vs
 *   Lamais, default loadouts, default params), on one thread, so per core. A policy is
 *   timed in REPS rounds; each round times every policy once, back to back, so a burst of
 *   load on the shared machine hits the policies of one round alike. Each policy's figure is
 *   the median of its rounds (CPU time of the process: another tenant takes wall time, not
 *   CPU time), and its speed against gunner is the median of the per-round ratios: ratios
 *   measured within one round, not across separate runs.
 * - Strength: read, not played (a game against mcts costs about a second of mcts's time, and
 *   the bar asks for 400 of them): the score of each policy against mcts and against
 *   lookahead, with its 95% interval (pairs as the unit, as the report prints it), from the newest
 *   ladder run in results/ (`npm run ladder`: ladder-search.yaml, ladder-styles.yaml). The
 *   table names the run it read.
 * - The two bars of "strong play, fast" (docs/performance.md): at least 50% against mcts at
 *   100 matches per second per core or more, and at least 50% against lookahead at 2,000 or
 *   more. A policy meets a bar when its score's point estimate is at least 50% and its
 *   median speed at least the target; the line says which policy is the fastest to meet it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../src/content/load.js';
import { listBots, loadBotFactory } from '../src/sim/bots.js';
import { selfPlaySpeed } from './lib/arena.js';

/** Timed rounds per policy. */
const REPS = 5;

/** A policy's self-play figures. */
export interface PolicySpeed {
  policy: string;
  /** Matches per CPU-second, one per round. */
  perCpu: number[];
  median: number;
  /** Median of the per-round ratios to gunner's rate. */
  vsGunner: number;
  rounds: number;
}

/** A score read from a ladder run: the policy's per-game score with its 95% interval. */
export interface LadderScore {
  mean: number;
  lo: number;
  hi: number;
  pairs: number;
  /** Share of the pairing's games drawn (a policy can reach one half by stalling). */
  draws: number;
  run: string;
}

function median(xs: readonly number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}

/**
 * Each policy's self-play speed: REPS rounds over every policy, each policy in a round
 * playing for about `seconds` of CPU time (at least one match) after its warm-up.
 */
export async function policySpeeds(names: readonly string[], seconds: number): Promise<PolicySpeed[]> {
  const entrants = await Promise.all(names.map(async (n) => ({ name: n, e: { factory: await loadBotFactory(n), params: {} } })));
  // Warm-up and sizing: how many matches make `seconds` for each policy.
  const size = new Map<string, number>();
  for (const { name, e } of entrants) {
    selfPlaySpeed(e, 1, 0, `warm/${name}`);
    let n = 1;
    for (;;) {
      const r = selfPlaySpeed(e, n, 0, `warm/${name}/${n}`);
      if (n / r.perCpu >= seconds / 4 || n >= 1_000_000) {
        size.set(name, Math.max(1, Math.round((n * seconds) / (n / r.perCpu))));
        break;
      }
      n *= 4;
    }
  }
  const rates = new Map<string, number[]>(names.map((n) => [n, []]));
  const rounds = new Map<string, number>();
  for (let rep = 0; rep < REPS; rep++) {
    for (const { name, e } of entrants) {
      const r = selfPlaySpeed(e, size.get(name)!, 0, `speed/${rep}`);
      rates.get(name)!.push(r.perCpu);
      rounds.set(name, r.rounds);
    }
  }
  const g = rates.get('gunner');
  return names.map((n) => ({
    policy: n,
    perCpu: rates.get(n)!,
    median: median(rates.get(n)!),
    vsGunner: g ? median(rates.get(n)!.map((x, i) => x / g[i])) : NaN,
    rounds: rounds.get(n)!,
  }));
}

/**
 * Scores against `opponent` from the newest results/<prefix>-* run that has a summary.csv:
 * each other entrant's own `score` row (wins + draws / 2, with the interval the report
 * prints, pairs as the unit) in its pairing with the opponent, and the pairing's draw rate.
 */
export function ladderScores(prefix: string, opponent: string): Map<string, LadderScore> {
  const out = new Map<string, LadderScore>();
  const dir = join(repoRoot(), 'results');
  if (!existsSync(dir)) return out;
  const runs = readdirSync(dir)
    .filter((d) => d.startsWith(prefix + '-') && existsSync(join(dir, d, 'summary.csv')))
    .sort();
  const run = runs.at(-1);
  if (!run) return out;
  const rows = readFileSync(join(dir, run, 'summary.csv'), 'utf8').trim().split('\n').slice(1).map((r) => r.split(','));
  // Columns: scope (the pairing, "a vs b"), player, figure, value, lo, hi, n, clusters.
  const drawRate = new Map(rows.filter((c) => c[2] === 'draw_rate').map((c) => [c[0], Number(c[3])]));
  for (const c of rows) {
    if (c[2] !== 'score' || c[1] === opponent) continue;
    const sides = c[0].split(' vs ');
    if (sides.length !== 2 || !sides.includes(opponent) || !sides.includes(c[1])) continue;
    out.set(c[1], { mean: Number(c[3]), lo: Number(c[4]), hi: Number(c[5]), pairs: Number(c[7]), draws: drawRate.get(c[0]) ?? NaN, run });
  }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const shown = (s: LadderScore | undefined) =>
  !s ? 'not in the ladder run' : `${pct(s.mean)} [${(100 * s.lo).toFixed(1)}, ${(100 * s.hi).toFixed(1)}] (${s.pairs} pairs, ${Math.round(100 * s.draws)}% drawn)`;
const rate = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x >= 1 ? x.toFixed(1) : x.toFixed(2));

/** The table and the two bars' lines. */
export function frontierLines(speeds: readonly PolicySpeed[], vsMcts: Map<string, LadderScore>, vsLookahead: Map<string, LadderScore>): string[] {
  const lines = [
    `| policy | matches/s per core (median of ${REPS}) | × gunner | score against mcts [95%] | score against lookahead [95%] |`,
    '| --- | --- | --- | --- | --- |',
  ];
  const sorted = [...speeds].sort((a, b) => b.median - a.median);
  for (const s of sorted) {
    const m = s.policy === 'mcts' ? '50% (itself)' : shown(vsMcts.get(s.policy));
    const l = s.policy === 'lookahead' ? '50% (itself)' : shown(vsLookahead.get(s.policy));
    lines.push(`| ${s.policy} | ${rate(s.median)} (${rate(Math.min(...s.perCpu))}-${rate(Math.max(...s.perCpu))}) | ${s.vsGunner >= 0.1 ? s.vsGunner.toFixed(2) : s.vsGunner.toPrecision(2)} | ${m} | ${l} |`);
  }
  const bar = (label: string, target: number, scores: Map<string, LadderScore>, self: string) => {
    const strong = sorted.filter((s) => s.policy === self || (scores.get(s.policy)?.mean ?? 0) >= 0.5);
    const fastest = strong[0];
    const met = fastest && fastest.median >= target;
    const drawn = fastest ? scores.get(fastest.policy)?.draws ?? 0 : 0;
    const stalls = drawn > 0.5 ? ` (${Math.round(100 * drawn)}% of its games drawn: a half reached by not losing, not by winning)` : '';
    return `${label} (score >= 50% against ${self}, >= ${target.toLocaleString('en-US')} matches/s per core): ${met ? 'MET' : 'NOT MET'}; fastest policy at least as strong: ${fastest ? `${fastest.policy}, ${rate(fastest.median)} matches/s per core${stalls}` : 'none'}`;
  };
  lines.push('', bar('strong play, mcts bar', 100, vsMcts, 'mcts'), bar('strong play, lookahead bar', 2000, vsLookahead, 'lookahead'));
  const runs = new Set([...vsMcts.values(), ...vsLookahead.values()].map((s) => s.run));
  lines.push(`scores from results/${[...runs].join(', results/') || '(no ladder run found: npm run ladder)'}`);
  return lines;
}

export async function runPolicyBench(quick: boolean): Promise<string[]> {
  const names = listBots();
  const speeds = await policySpeeds(names, quick ? 0.3 : 1.5);
  const lines = [
    `Policy speed and strength (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? '?'}; one thread; load average before ${loadavg().map((x) => x.toFixed(2)).join(' ')})`,
    `speed: each policy against itself on the duel (FPA vs Lamais, default loadouts and params), ${REPS} rounds each timing every policy in turn for about ${quick ? 0.3 : 1.5} CPU-seconds (at least one match); matches per CPU-second, median (range); × gunner: median of the per-round ratios`,
    ...frontierLines(speeds, ladderScores('ladder-search', 'mcts'), ladderScores('ladder-styles', 'lookahead')),
  ];
  const outDir = join(repoRoot(), 'results', 'bench');
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(outDir, `policies-${stamp}.json`), JSON.stringify({ when: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, speeds }, null, 2) + '\n');
  writeFileSync(join(outDir, `policies-${stamp}.txt`), lines.join('\n') + '\n');
  lines.push(`Written to results/bench/policies-${stamp}.{json,txt}`);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const l of await runPolicyBench(process.argv.includes('--quick'))) console.log(l);
}
