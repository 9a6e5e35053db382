/**
 * An autobalance run (docs/autobalance.md): the search (src/analysis/autobalance.ts) played
 * round by round on the worker pool, then a fresh verification run of the best proposals, then
 * autobalance.json, autobalance.csv, the search-path chart and the report section.
 *
 * Why it is built this way:
 * - A round is one ordinary batch run (runBatch) of a plan with one copy of the players per
 *   candidate on that candidate's card tables (sim/autobalance-spec.ts): one pool serves every
 *   candidate, and each table plays the round's block of seeds (`<seed>/search/<round>`), so
 *   candidates are compared on common random numbers. Its per-pair scores come from the
 *   records as they are folded (runBatch's onRecords), not from the summary: the search and
 *   the paired deltas need pairs, the summary keeps counts.
 * - Verification is a fresh run (seed `<seed>/verify`, never played by the search) of the
 *   baseline and the best proposals, every matchup of the file and every extra style, so a
 *   proposal's score is not the search's lucky draw, and its effect on every other matchup is
 *   measured against the baseline on the same seeds (paired deltas, analysis/whatif.ts).
 *   It writes its results (summary, report) into the autobalance's own folder, whose report
 *   then opens with the autobalance section.
 */
import { existsSync, renameSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { ConfigError } from '../content/errors.js';
import { defaultConfigDir, listConfigNames, loadFaction } from '../content/load.js';
import { applyCardChanges, cardIds, changeableFields, type SourcedChange } from '../content/changes.js';
import { tablesForScenario } from '../content/scenario.js';
import type { Experiment } from '../sim/experiment.js';
import { targetMatchups, type TargetMatchup } from '../sim/autobalance-spec.js';
import { prepare } from '../sim/play.js';
import { baseChanges } from '../sim/plan.js';
import { RECORD_INTS, R_ID, R_PLAYER0, R_PLAYER1, R_TABLE, R_WINNER } from '../sim/record.js';
import { searchBalance, settingChanges, leverValue, stepRange, type Lever, type Setting, type CandidateRecord, type SearchResult } from '../analysis/autobalance.js';
import { pentanomial } from '../analysis/stats.js';
import { pairedDelta } from '../analysis/whatif.js';
import { writeAtomic } from '../report/files.js';
import { toCsv } from '../report/csv.js';
import { writeSpecs } from '../report/charts.js';
import { writeReport } from '../report/findings.js';
import { autobalanceCharts, autobalanceCsvRows, proposalLines, type AutobalanceOutput, type VerifiedMatchup, type Proposal } from '../report/autobalance.js';
import { runBatch } from './batch.js';
import { openResultsFolder, defaultResultsDir } from './results-folder.js';

export interface AutobalanceOptions {
  file: string;
  experiment: Experiment;
  /** The experiment file's text (copied to autobalance.yaml). */
  text: string;
  workers?: number;
  outDir?: string;
  /** Progress bars on the rounds' and the verification's runs. */
  progress?: boolean;
  /** Where progress lines go (default stderr). */
  log?: (line: string) => void;
}

export interface AutobalanceResult {
  dir: string;
  output: AutobalanceOutput;
  seconds: number;
}


/**
 * The levers with their current values (the content with the experiment's own changes),
 * each checked: a card (or a part: `<faction>-hull` ...) and numeric field that exist, a range holding the current value, and
 * both ends accepted by the faction schema and the compiler (reported at min or max).
 */
export function resolveLevers(file: string, ex: Experiment, scenario: Parameters<typeof tablesForScenario>[0]): Lever[] {
  const spec = ex.autobalance!;
  const base = baseChanges(file, ex);
  const dir = join(defaultConfigDir(), 'factions');
  const factions = listConfigNames('factions').map((name) => {
    const f = loadFaction(existsSync(join(dir, `${name}.yaml`)) ? join(dir, `${name}.yaml`) : join(dir, `${name}.yml`));
    return applyCardChanges(f, base).faction;
  });
  const changeable = changeableFields(factions);
  return spec.levers.map((l, i) => {
    const at = `autobalance.levers[${i}]`;
    const fields = changeable.filter((c) => c.card === l.card);
    if (!fields.length) throw ConfigError.at(file, `${at}.card`, `a card id or part (${cardIds(factions).join(', ')})`, l.card);
    const v = fields.find((c) => c.field === l.field)?.value;
    if (v === undefined) throw ConfigError.at(file, `${at}.field`, `a numeric field of ${l.card} (${fields.map((c) => c.field).join(', ')})`, l.field);
    if (!(l.min <= v && v <= l.max)) throw ConfigError.at(file, at, `a range [min, max] that holds ${l.card}.${l.field}'s current value ${v}`, `[${l.min}, ${l.max}]`);
    const lever: Lever = { card: l.card, field: l.field, min: l.min, max: l.max, step: l.step, base: v };
    const r = stepRange(lever);
    for (const [k, end] of [[r.lo, 'min'], [r.hi, 'max']] as const) {
      if (k === 0) continue;
      const change: SourcedChange = { change: { card: l.card, field: l.field, value: leverValue(lever, k) }, file, path: at, valuePath: `${at}.${end}` };
      tablesForScenario(scenario, undefined, [...base.filter((c) => !(c.change.card === l.card && c.change.field === l.field)), change]);
    }
    return lever;
  });
}

/** The changes of a setting for an experiment file: the lever changes (the experiment's own are applied first, by the plan). */
const changesOf = (levers: readonly Lever[], s: Setting) => settingChanges(levers, s).map(({ card, field, value }) => ({ card, field, value }));

/** A verification matchup: two player indices (in the verification's players), the style, and whether it is a target. */
interface CheckMatchup {
  a: number;
  b: number;
  label: string;
  style: string;
  targeted: boolean;
  target: number;
}

/**
 * Per-pair scores of each candidate's matchups from a round's records: scores[c][m * pairs +
 * pair] is the pair's mean score of matchup m's first player (a win 1, a draw ½).
 */
function scoreFolder(matchups: readonly { a: number; b: number }[], players: number, candidates: number, pairs: number) {
  const M = matchups.length;
  const scores = Array.from({ length: candidates }, () => new Float64Array(M * pairs));
  const matches = 2 * pairs;
  const fold = (rec: Int32Array, count: number) => {
    for (let r = 0; r < count; r++) {
      const o = r * RECORD_INTS;
      const t = rec[o + R_TABLE];
      const c = Math.floor(t / M);
      const m = t - c * M;
      const pair = Math.floor((rec[o + R_ID] % matches) / 2);
      const first = c * players + matchups[m].a;
      const w = rec[o + R_WINNER];
      const winner = w === 0 ? rec[o + R_PLAYER0] : w === 1 ? rec[o + R_PLAYER1] : -1;
      scores[c][m * pairs + pair] += (winner === first ? 1 : winner < 0 ? 0.5 : 0) / 2;
    }
  };
  return { scores, fold };
}

/** A per-pair score array's pentanomial estimate (pair scores 0, ¼, ½, ¾, 1). */
function scoreInterval(a: Float64Array) {
  const counts = [0, 0, 0, 0, 0];
  for (const v of a) counts[Math.round(v * 4)]++;
  return pentanomial(counts);
}

export async function runAutobalance(o: AutobalanceOptions): Promise<AutobalanceResult> {
  const t0 = performance.now();
  const log = o.log ?? ((line: string) => void process.stderr.write(line + '\n'));
  const ex = o.experiment;
  const spec = ex.autobalance!;
  // Everything is checked before any round: players, bots, scenario, changes (prepare), levers.
  const prep = await prepare(o.file, structuredClone(ex));
  const levers = resolveLevers(o.file, ex, prep.scenario);
  const targets: TargetMatchup[] = targetMatchups(ex.players, spec);
  const names = ex.players.map((p) => p.name!);
  const label = (t: { a: number; b: number }, ps = names) => `${ps[t.a]} vs ${ps[t.b]}`;
  const dir = resolve(o.outDir ?? defaultResultsDir(ex.name));
  // The folder is checked (new or empty, writable) before the search; the verification then
  // writes it as any run does, and the rounds, kept beside it meanwhile, move into search/.
  openResultsFolder({ dir, resume: false }).release();
  const roundsDir = `${dir}.search`;
  openResultsFolder({ dir: roundsDir, resume: false }).release();
  const pairs = ex.matches / 2;
  const quiet = { matchesCsv: false, summary: false, charts: false, report: false };

  // The search: each round one batch run on its own seed block.
  const search: SearchResult = await searchBalance(
    {
      levers,
      targets: targets.map((t) => t.score),
      band: spec.band,
      budget: spec.budget,
      pairsPerRound: pairs,
      pool: spec.pool,
      maxChanges: spec.maxChanges,
      onRound: (r) => {
        const e = r.estimates.find((x) => x.key === r.leader);
        const at = e ? ` (${e.mean.map((v) => (v * 100).toFixed(1) + '%').join(', ')} over ${e.pairs} pairs)` : '';
        log(`  round ${r.round + 1}: ${r.played.length} candidates, ${r.matchesSoFar} of ${spec.budget} matches; leader: ${describe(levers, r.leader.split(',').map(Number))}${at}`);
      },
    },
    async (settings, round, p) => {
      const roundEx: Experiment = {
        ...structuredClone(ex),
        seed: `${ex.seed}/search/${round}`,
        matches: 2 * p,
        outputs: quiet,
        autobalance: { ...structuredClone(spec), round: { candidates: settings.map((s) => changesOf(levers, s)), matchups: targets.map((t) => [t.a, t.b] as [number, number]) } },
      };
      const f = scoreFolder(targets, names.length, settings.length, p);
      const r = await runBatch({ file: o.file, experiment: roundEx, text: stringify(roundEx), workers: o.workers, outDir: join(roundsDir, `round-${String(round + 1).padStart(2, '0')}`), progress: o.progress, onRecords: f.fold });
      if (!r.complete) throw new Error(`round ${round + 1} stopped before its end; the search is abandoned (its rounds so far are in ${relative(process.cwd(), roundsDir) || '.'})`);
      return f.scores;
    },
  );
  const searchSeconds = (performance.now() - t0) / 1000;

  // Verification: the baseline and the best proposals, every matchup, every extra style, fresh seeds.
  const chosen = chooseProposals(search, spec.verify.proposals);
  const styles = spec.styles;
  const basePlayers = ex.players;
  const players = [...basePlayers, ...styles.flatMap((s) => basePlayers.map((p) => ({ ...p, name: `${p.name}@${s}`, policy: s, params: {} })))];
  const P = basePlayers.length;
  const own = (p: (typeof basePlayers)[number]) => `${p.policy}${Object.keys(p.params).length ? ' ' + JSON.stringify(p.params) : ''}`;
  const checks: CheckMatchup[] = targets.map((t) => ({ a: t.a, b: t.b, label: label(t), style: own(basePlayers[t.a]), targeted: true, target: t.score }));
  // Other matchups of the file: players of two factions flown by one policy, not targeted.
  for (const t of targetMatchups(basePlayers, { ...spec, targets: undefined }))
    if (!targets.some((x) => (x.a === t.a && x.b === t.b) || (x.a === t.b && x.b === t.a))) checks.push({ a: t.a, b: t.b, label: label(t), style: own(basePlayers[t.a]), targeted: false, target: spec.score });
  const fileChecks = checks.slice();
  styles.forEach((s, si) => {
    for (const c of fileChecks) {
      const off = (si + 1) * P;
      checks.push({ a: c.a + off, b: c.b + off, label: label({ a: c.a + off, b: c.b + off }, players.map((p) => p.name!)), style: s, targeted: false, target: c.target });
    }
  });
  const candidates: number[][] = [levers.map(() => 0), ...chosen.map((c) => c.setting)];
  const verifyEx: Experiment = {
    ...structuredClone(ex),
    players,
    seed: `${ex.seed}/verify`,
    matches: spec.verify.matches,
    outputs: { matchesCsv: true, summary: true, charts: true, report: true },
    autobalance: { ...structuredClone(spec), round: { candidates: candidates.map((s) => changesOf(levers, s)), matchups: checks.map((c) => [c.a, c.b] as [number, number]) } },
  };
  log(`Verifying ${chosen.length} proposal${chosen.length === 1 ? '' : 's'} and the baseline: ${checks.length} matchup${checks.length === 1 ? '' : 's'} x ${spec.verify.matches} matches on fresh seeds`);
  const vp = spec.verify.matches / 2;
  const vf = scoreFolder(checks, players.length, candidates.length, vp);
  const tv = performance.now();
  const vr = await runBatch({ file: o.file, experiment: verifyEx, text: stringify(verifyEx), workers: o.workers, outDir: dir, progress: o.progress, onRecords: vf.fold });
  if (!vr.complete) throw new Error(`the verification run stopped before its end (its matches so far are in ${relative(process.cwd(), dir) || '.'})`);
  const verifySeconds = (performance.now() - tv) / 1000;
  renameSync(roundsDir, join(dir, 'search'));
  writeAtomic(join(dir, 'autobalance.yaml'), o.text);

  const slice = (c: number, m: number) => vf.scores[c].subarray(m * vp, (m + 1) * vp);
  const verified = (c: number): VerifiedMatchup[] =>
    checks.map((k, m) => {
      const s = scoreInterval(slice(c, m));
      const b = scoreInterval(slice(0, m));
      const d = pairedDelta({ base: slice(0, m), variant: slice(c, m) });
      const inBand = Math.abs(s.mean - k.target) <= spec.band;
      // Out of band: further or closer than the baseline only when the paired delta says it moved.
      const moved = d.lo > 0 || d.hi < 0;
      const away = Math.abs(s.mean - k.target) - Math.abs(b.mean - k.target);
      const status = inBand ? 'in band' : moved && away > 0 ? 'out of band, further than the baseline' : moved && away < 0 ? 'out of band, closer than the baseline' : 'out of band, like the baseline';
      return {
        matchup: k.label,
        style: k.style,
        targeted: k.targeted,
        target: k.target,
        score: s.mean,
        lo: s.lo,
        hi: s.hi,
        pairs: s.n,
        inBand,
        intervalInBand: s.lo >= k.target - spec.band && s.hi <= k.target + spec.band,
        status,
        baseline: { score: b.mean, lo: b.lo, hi: b.hi },
        delta: { mean: d.delta, lo: d.lo, hi: d.hi },
      };
    });
  const baseline = verified(0);
  const proposals: Proposal[] = chosen.map((c, i) => {
    const v = verified(i + 1);
    const targeted = v.filter((x) => x.targeted);
    const changes = settingChanges(levers, c.setting);
    return {
      rank: 0,
      key: c.key,
      changes,
      count: c.moved,
      steps: c.steps,
      meets: targeted.every((x) => x.inBand),
      breaks: v.filter((x) => !x.targeted && x.status === 'out of band, further than the baseline').map((x) => `${x.matchup} (${x.style})`),
      distance: Math.max(...targeted.map((x) => Math.abs(x.score - x.target))),
      search: { pairs: c.pairs, scores: targets.map((t, m) => ({ matchup: label(t), score: c.mean[m], se: c.se[m] })) },
      verification: v,
      yaml: changesYaml(ex, changes),
    };
  });
  // Ranked: those meeting every target first, then fewer and smaller changes, then closeness.
  proposals.sort((x, y) => Number(y.meets) - Number(x.meets) || x.count - y.count || x.steps - y.steps || x.distance - y.distance);
  proposals.forEach((p, i) => (p.rank = i + 1));
  const output: AutobalanceOutput = {
    experiment: ex.name,
    file: relative(process.cwd(), resolve(o.file)) || o.file,
    policy: [...new Set(targets.flatMap((t) => [own(basePlayers[t.a]), own(basePlayers[t.b])]))].join(', '),
    styles,
    band: spec.band,
    levers: levers.map((l) => ({ card: l.card, field: l.field, min: l.min, max: l.max, step: l.step, value: l.base })),
    targets: targets.map((t) => ({ matchup: label(t), players: [names[t.a], names[t.b]] as [string, string], score: t.score })),
    search: {
      budget: spec.budget,
      matches: search.matches,
      seconds: Math.round(searchSeconds * 10) / 10,
      stopped: search.stopped,
      candidates: search.candidates.length,
      pairsPerRound: pairs,
      rounds: search.rounds.map((r) => ({
        round: r.round + 1,
        matches: r.matches,
        matchesSoFar: r.matchesSoFar,
        leader: describe(levers, r.leader.split(',').map(Number)),
        estimates: r.estimates.map((e) => ({ ...e, changes: describe(levers, e.key.split(',').map(Number)) })),
      })),
    },
    verification: { seed: String(verifyEx.seed), matchesPerMatchup: spec.verify.matches, matches: vr.matches, seconds: Math.round(verifySeconds * 10) / 10 },
    baseline,
    proposals,
    seconds: 0,
  };
  output.seconds = Math.round((performance.now() - t0) / 100) / 10;
  writeAtomic(join(dir, 'autobalance.json'), JSON.stringify(output, null, 2) + '\n');
  writeAtomic(join(dir, 'autobalance.csv'), toCsv(autobalanceCsvRows(output)));
  await writeSpecs(autobalanceCharts(output), join(dir, 'charts'));
  try {
    writeReport(dir);
  } catch (e) {
    process.stderr.write(`report.html not written (${(e as Error).message}); autobalance.json is complete; rebuild it with: stareater report ${dir}\n`);
  }
  for (const line of proposalLines(output)) log(line);
  return { dir, output, seconds: output.seconds };
}

/** A setting in words: `lamais-tyrant.damage 3 -> 4, ...`, or `no change`. */
function describe(levers: readonly Lever[], s: Setting): string {
  const ch = settingChanges(levers, s);
  return ch.length ? ch.map((c) => `${c.card}.${c.field} ${c.from} -> ${c.value}`).join(', ') : 'no change';
}

/**
 * The proposals to verify: the first `k` of the search's ranking, with the closest candidate
 * measured over at least two rounds among them (the last place, if the ranking's first k do
 * not hold it), and never the baseline.
 */
function chooseProposals(search: SearchResult, k: number): CandidateRecord[] {
  const moved = search.ranking.filter((c) => c.moved > 0);
  const out = moved.slice(0, k);
  const minPairs = 2 * (search.rounds[0]?.estimates[0]?.pairs ?? 0);
  const closest = [...moved].filter((c) => c.pairs >= minPairs).sort((a, b) => a.loss - b.loss || a.moved - b.moved || a.steps - b.steps)[0];
  if (closest && !out.includes(closest)) {
    if (out.length >= k) out.pop();
    out.push(closest);
  }
  return out;
}

/** A ready `changes:` block: the experiment's own changes, then the proposal's, each with what it was. */
export function changesYaml(ex: Experiment, changes: readonly { card: string; field: string; value: number; from: number }[]): string {
  const lines = ['changes:'];
  for (const c of ex.changes) if (!changes.some((x) => x.card === c.card && x.field === c.field)) lines.push(`  - { card: ${c.card}, field: ${c.field}, value: ${c.value} }`);
  for (const c of changes) lines.push(`  - { card: ${c.card}, field: ${c.field}, value: ${c.value} }   # was ${c.from}`);
  return lines.join('\n') + '\n';
}
