/**
 * The meta at 3 and 4 players: a game of T sides (the scenario's teams), each picking a
 * composition (a multiset of its seats' worth of strategies flying one faction; in a
 * free-for-all one strategy), played at the tables of plan.ts (MetaTables).
 *
 * One strategy set (the players and one faction's loadouts): the game is symmetric, every side
 * picking from the same compositions, and a match's scores over the sides sum to 1. Its
 * answer is a symmetric equilibrium: the mixture x such that, when every other side draws from
 * x, no composition scores more than those x plays. With T = 2 (two teams) the game is
 * zero-sum and the equilibrium is an LP; with T ≥ 3 it is not, there can be several and none
 * is an LP, so symmetric-game.ts searches (every pure strategy, every pair, replicator
 * dynamics from many starts) and keeps the mixtures whose regret is within a tolerance. The
 * search cannot prove it found every equilibrium; the report says how many it found.
 *
 * Two strategy sets (two factions, two teams): side 0 picks among the first faction's
 * compositions, side 1 among the second's, and the game is the zero-sum bimatrix game of the
 * two-faction meta (meta-factions.ts), its cells the tables' rotation blocks.
 *
 * Why a bootstrap over rotation blocks: a table's blocks are its independent units (a block's
 * games share a seed). Each replicate redraws every table's completed blocks from their score
 * patterns (summary-multi.ts TableState.scores) and solves again, warm-started from the point
 * game's equilibria; the replicate's equilibrium nearest the headline one is tracked, so the
 * weights' ranges and support shares say how firmly the headline mixture stands.
 */
import seedrandom from 'seedrandom';
import type { Plan, MetaTables } from '../sim/plan.js';
import { MV_SCORE_T, type MultiState } from './summary-multi.js';
import { analyseFactionGame, FACTION_META_REPLICATES, NEVER_WORTH_SHARE, type FactionCell, type FactionMetaAnalysis } from './meta-factions.js';
import { gameFromProfiles, l1, regret, strategyScores, symmetricEquilibria, type ProfileScores, type SymmetricEquilibrium } from './symmetric-game.js';
import { multinomialSample, quantile } from './ratings.js';
import type { Verdict } from './balance.js';

/** Weights at or below this are outside the support. */
export const SUPPORT_EPS = 1e-9;
/** Regret tolerance of an equilibrium: no composition gains more than this score (0.1 points) by deviating. */
export const META_TOLERANCE = 1e-3;

export interface MultiMetaRow {
  name: string;
  /** Headline equilibrium weight. */
  weight: number;
  meanWeight: number;
  weightLo: number;
  weightHi: number;
  /** Share of replicates whose tracked equilibrium gives it weight. */
  inSupport: number;
  /** Its score when every other side draws from the headline mixture: point, and 95% bootstrap percentile interval. */
  againstMixture: { value: number; lo: number; hi: number };
  /** Share of replicates in which it scores below the tracked equilibrium's mean by more than the tolerance (no best reply to it). */
  outShare: number;
  /** Out in at least 95% of replicates. */
  neverWorth: boolean;
}

export interface MultiMetaAnalysis {
  kind: 'meta-multi';
  seats: number;
  /** Sides (teams) and seats per side. */
  sides: number;
  sideSize: number;
  /** 1/T: every side's score when all play alike. */
  even: number;
  /** The compositions (strategy names joined by ' + '); with sideSize 1, the strategies. */
  compositions: MultiMetaRow[];
  /** Per strategy (sideSize > 1): its share of a side's seats under the mixture. Empty when sideSize is 1. */
  strategies: MultiMetaRow[];
  /** Every equilibrium the search found in the point game (the headline first), as weights over the compositions. */
  equilibria: { mixture: number[]; regret: number; basin: number }[];
  /** The headline mixture's regret in the point game, and the 95th percentile of its regret over the replicates (how much a side might gain by deviating, given the noise). */
  regret: { point: number; hi: number };
  tolerance: number;
  /** Tables played, the profiles they sample (one table per arrangement), the profiles not played (counted even), and completed blocks in all. */
  tables: number;
  profiles: number;
  missing: string[];
  blocks: number;
  replicates: number;
  verdict: Verdict<'stable' | 'uncertain'>;
}

/** Per table: each team's score and block patterns (teams in seating.teamSeats order). */
interface TableGame {
  /** Each team's mean score over the table's matches. */
  score: number[];
  matches: number;
  /** The table's completed blocks by pattern: each team's points (score times T, summed over the block's N games; T·N in all), and how many. */
  blocks: { points: number[]; count: number }[];
  blockCount: number;
}

/** Per table of the plan: its game, or null when it has no matches yet. */
function tableGames(plan: Pick<Plan, 'pairings' | 'seating' | 'metaTables'>, st: MultiState): (TableGame | null)[] {
  const meta = plan.metaTables!;
  const seating = plan.seating!;
  const T = meta.sides;
  // Seat -> team index (in teamSeats order).
  const seatTeam = seating.teams.map((team) => seating.teamSeats.findIndex((s) => s[0] === team));
  const out: (TableGame | null)[] = meta.tableProfile.map(() => null);
  for (const t of st.tables) {
    if (!t.matches) continue;
    const table = plan.pairings[t.table];
    const team = t.players.map((e) => seatTeam[table.indexOf(e)]);
    // Teammates score alike: a team's figures are those of its first position.
    const first = Array.from({ length: T }, (_, s) => team.indexOf(s));
    const blocks = Object.entries(t.scores ?? {}).map(([key, count]) => {
      const v = key.split(',').map(Number);
      return { points: first.map((i) => v[i]), count };
    });
    out[t.table] = { score: first.map((i) => t.sums[i][MV_SCORE_T] / T / t.matches), matches: t.matches, blocks, blockCount: blocks.reduce((a, b) => a + b.count, 0) };
  }
  return out;
}

/** A composition's name: its strategies' names joined by ' + ' (a two-faction meta's `<faction>:` prefix named once). */
function compositionName(plan: Pick<Plan, 'entrants'>, c: readonly number[]): string {
  const names = c.map((s) => plan.entrants[s].name);
  const prefix = /^[^:/]+:/.exec(names[0])?.[0];
  return prefix && names.every((n) => n.startsWith(prefix)) ? prefix + names.map((n) => n.slice(prefix.length)).join(' + ') : names.join(' + ');
}

/** The meta of an N-seat run, or null when the plan is not one. */
export function analyseMultiMeta(plan: Pick<Plan, 'entrants' | 'pairings' | 'seating' | 'metaTables' | 'sides'>, st: MultiState | undefined, seed: string | number, replicates = FACTION_META_REPLICATES): MultiMetaAnalysis | FactionMetaAnalysis | null {
  const meta = plan.metaTables;
  if (!meta || !st) return null;
  const games = tableGames(plan, st);
  return meta.twoFaction ? twoFactionGame(plan, meta, st.seats, games, seed, replicates) : symmetricGame(plan, meta, st.seats, games, seed, replicates);
}

/** Two factions on two teams: the bimatrix game of the two-faction meta (meta-factions.ts) over team compositions, its units the rotation blocks of every arrangement's table. */
function twoFactionGame(plan: Pick<Plan, 'entrants' | 'sides'>, meta: MetaTables, seats: number, games: (TableGame | null)[], seed: string | number, replicates: number): FactionMetaAnalysis {
  const m = meta.firstSide;
  const n = meta.compositions.length - m;
  const perBlock = meta.sides * seats;
  const sums = Array.from({ length: m }, () => Array.from({ length: n }, () => ({ score: 0, tables: 0, matches: 0, units: new Array<number>(perBlock + 1).fill(0) })));
  games.forEach((g, p) => {
    if (!g) return;
    const teams = meta.tableTeams[p];
    const row = teams.findIndex((c) => c < m);
    const cell = sums[teams[row]][teams[1 - row] - m];
    // Arrangements weigh alike (the mean of their tables). A complete run plays the same blocks at every table, so pooling their units agrees; a stopped run's bootstrap weighs tables by their completed blocks.
    cell.score += g.score[row];
    cell.tables++;
    cell.matches += g.matches;
    for (const x of g.blocks) cell.units[x.points[row]] += x.count;
  });
  const cells = sums.map((r) => r.map((c): FactionCell => (c.tables ? { score: c.score / c.tables, matches: c.matches, units: c.units } : { score: 0.5, matches: 0, units: [0, 0] })));
  const names = (from: number, to: number) => meta.compositions.slice(from, to).map((c) => compositionName(plan, c));
  const sides = plan.sides!;
  const f = analyseFactionGame(cells, [{ faction: sides[0].faction, loadouts: names(0, m) }, { faction: sides[1].faction, loadouts: names(m, m + n) }], seed, replicates, ['team composition', 'team compositions']);
  return { ...f, teamSize: meta.sideSize };
}

/** One strategy set: the symmetric game of T sides over the compositions. */
function symmetricGame(plan: Pick<Plan, 'entrants'>, meta: MetaTables, seats: number, games: (TableGame | null)[], seed: string | number, replicates: number): MultiMetaAnalysis {
  const M = meta.compositions.length;
  const T = meta.sides;
  const perBlock = T * seats;
  // A profile's score for each composition: the mean over its arrangements' tables of the teams flying it.
  const profiles = (scoreOf: (g: TableGame) => number[]): ProfileScores[] => {
    const acc = meta.profiles.map((profile) => ({ profile, sum: new Map<number, number>(), tables: 0 }));
    games.forEach((g, p) => {
      if (!g) return;
      const a = acc[meta.tableProfile[p]];
      const teams = meta.tableTeams[p];
      const score = scoreOf(g);
      a.tables++;
      for (const c of new Set(teams)) {
        const mine = teams.flatMap((x, t) => (x === c ? [score[t]] : []));
        a.sum.set(c, (a.sum.get(c) ?? 0) + mine.reduce((x, y) => x + y, 0) / mine.length);
      }
    });
    return acc.flatMap((a) => (a.tables ? [{ strategies: a.profile, scores: a.profile.map((c) => a.sum.get(c)! / a.tables) }] : []));
  };
  const { game, missing } = gameFromProfiles(M, T, profiles((g) => g.score));
  const search = symmetricEquilibria(game, { seed: `${seed}/meta-multi`, tolerance: META_TOLERANCE });
  const found: SymmetricEquilibrium[] = search.equilibria;
  const head = found[0] ?? search.best;
  const x = head.mixture;
  const u = Array.from(strategyScores(game, x, new Float64Array(M)));

  // Strategy s's share of a side's seats under a mixture over compositions.
  const holds = meta.compositions.map((c) => (s: number) => c.filter((v) => v === s).length / meta.sideSize);
  const strategyWeights = (w: readonly number[]) => Array.from({ length: meta.strategies }, (_, s) => w.reduce((a, wc, c) => a + wc * holds[c](s), 0));

  const rng = seedrandom(`${seed}/meta-multi-bootstrap`);
  const W: number[][] = Array.from({ length: M }, () => []);
  const SW: number[][] = Array.from({ length: meta.strategies }, () => []);
  const U: number[][] = Array.from({ length: M }, () => []);
  const out = new Array<number>(M).fill(0);
  const strategyOut = new Array<number>(meta.strategies).fill(0);
  const regrets: number[] = [];
  const scratch = new Float64Array(M);
  const warm = found.map((e) => e.mixture);
  if (!warm.length) warm.push(x);
  for (let r = 0; r < replicates; r++) {
    const drawn = profiles((g) => {
      if (!g.blockCount) return g.score;
      const counts = multinomialSample(g.blockCount, g.blocks.map((b) => b.count / g.blockCount), rng);
      return g.score.map((_, side) => g.blocks.reduce((a, b, k) => a + counts[k] * b.points[side], 0) / (perBlock * g.blockCount));
    });
    const rep = gameFromProfiles(M, T, drawn).game;
    const rs = symmetricEquilibria(rep, { seed: `${seed}/meta-multi/${r}`, starts: 4, iterations: 1000, tolerance: META_TOLERANCE, warm });
    const candidates = rs.equilibria.length ? rs.equilibria : [rs.best];
    const near = candidates.reduce((a, b) => (l1(b.mixture, x) < l1(a.mixture, x) ? b : a));
    near.mixture.forEach((w, c) => W[c].push(w));
    strategyWeights(near.mixture).forEach((w, s) => SW[s].push(w));
    strategyScores(rep, x, scratch).forEach((v, c) => U[c].push(v));
    regrets.push(regret(rep, x));
    // Out: no best reply to the tracked equilibrium, so without weight in it.
    const un = strategyScores(rep, near.mixture, scratch);
    const mean = near.mixture.reduce((a, w, c) => a + w * un[c], 0);
    const isOut = Array.from(un, (v) => v < mean - META_TOLERANCE);
    isOut.forEach((o, c) => o && out[c]++);
    for (let s = 0; s < meta.strategies; s++) if (meta.compositions.every((c, k) => !c.includes(s) || isOut[k])) strategyOut[s]++;
  }

  const share = (k: number) => (replicates ? k / replicates : NaN);
  const row = (name: string, weight: number, ws: number[], outCount: number, against: { value: number; sample: number[] }): MultiMetaRow => {
    const sorted = ws.slice().sort((a, b) => a - b);
    const us = against.sample.slice().sort((a, b) => a - b);
    const outShare = share(outCount);
    return {
      name,
      weight,
      meanWeight: replicates ? ws.reduce((a, b) => a + b, 0) / replicates : NaN,
      weightLo: quantile(sorted, 0.025),
      weightHi: quantile(sorted, 0.975),
      inSupport: share(ws.filter((w) => w > SUPPORT_EPS).length),
      againstMixture: { value: against.value, lo: quantile(us, 0.025), hi: quantile(us, 0.975) },
      outShare,
      neverWorth: replicates > 0 && outShare >= 1 - NEVER_WORTH_SHARE,
    };
  };
  const compositions = meta.compositions.map((c, k) => row(compositionName(plan, c), x[k], W[k], out[k], { value: u[k], sample: U[k] }));
  // A strategy's score is the best of the compositions that hold it.
  const best = (s: number, of: (k: number) => number) => Math.max(...meta.compositions.flatMap((c, k) => (c.includes(s) ? [of(k)] : [])));
  const strategies =
    meta.sideSize > 1
      ? strategyWeights(x).map((w, s) =>
          row(plan.entrants[s].name, w, SW[s], strategyOut[s], { value: best(s, (k) => u[k]), sample: Array.from({ length: replicates }, (_, r) => best(s, (k) => U[k][r])) }),
        )
      : [];

  const reasons: string[] = [];
  const [one, many] = meta.sideSize > 1 ? ['composition', 'compositions'] : ['loadout', 'loadouts'];
  const list = (xs: string[], k = 4) => `${xs.slice(0, k).join(', ')}${xs.length > k ? ', ...' : ''}`;
  const pts = (v: number) => `${(100 * v).toFixed(2)} points`;
  if (!found.length) reasons.push(`no mixture within the tolerance was found (${pts(META_TOLERANCE)}); the lowest regret found is ${pts(search.best.regret)}, and the mixture shown is that one`);
  if (found.length > 1) reasons.push(`the search found ${found.length} equilibria (supports: ${found.slice(0, 3).map((e) => `{${e.mixture.flatMap((w, c) => (w > SUPPORT_EPS ? [compositions[c].name] : [])).join(', ')}}`).join('; ')}${found.length > 3 ? '; ...' : ''}): which one a metagame settles in depends on where it starts`);
  if (missing.length) reasons.push(`${missing.length} table${missing.length > 1 ? 's were' : ' was'} not played and count${missing.length > 1 ? '' : 's'} as even (${list(missing.map((p) => p.map((c) => compositions[c].name).join(' vs ')), 3)})`);
  if (!replicates) reasons.push('no bootstrap replicates');
  const wavering = compositions.filter((c) => c.outShare > NEVER_WORTH_SHARE && c.outShare < 1 - NEVER_WORTH_SHARE).map((c) => c.name);
  if (wavering.length) reasons.push(`${wavering.length} ${wavering.length > 1 ? `${many} are` : `${one} is`} a best reply in only some bootstrap replicates (${list(wavering)})`);
  const tied = compositions.filter((c) => c.outShare <= NEVER_WORTH_SHARE && c.weight <= SUPPORT_EPS).map((c) => c.name);
  if (tied.length) reasons.push(`the equilibrium is not unique: ${tied.length} ${tied.length > 1 ? `${many} do` : `${one} does`} as well as those it plays but get${tied.length > 1 ? '' : 's'} no weight (${list(tied)}); the weights among equally good ${many} are arbitrary`);
  const sortedRegrets = regrets.slice().sort((a, b) => a - b);
  return {
    kind: 'meta-multi',
    seats,
    sides: T,
    sideSize: meta.sideSize,
    even: 1 / T,
    compositions,
    strategies,
    equilibria: found.map((e) => ({ mixture: e.mixture, regret: e.regret, basin: e.basin })),
    regret: { point: head.regret, hi: quantile(sortedRegrets, 0.95) },
    tolerance: META_TOLERANCE,
    tables: games.filter(Boolean).length,
    profiles: meta.profiles.length,
    missing: missing.map((p) => p.map((c) => compositions[c].name).join(' vs ')),
    blocks: games.reduce((a, g) => a + (g?.blockCount ?? 0), 0),
    replicates,
    verdict: { status: reasons.length ? 'uncertain' : 'stable', reasons },
  };
}

/** The terminal's lines: the headline mixture and its verdict. */
export function multiMetaLines(a: MultiMetaAnalysis): string[] {
  const p = (v: number) => `${(100 * v).toFixed(1)}%`;
  const mix = (rows: MultiMetaRow[]) =>
    rows
      .filter((r) => r.weight > SUPPORT_EPS)
      .sort((x, y) => y.weight - x.weight)
      .map((r) => `${r.name} ${p(r.weight)}`);
  const what = a.sideSize > 1 ? 'team compositions' : 'loadouts';
  const lines = [`${a.seats}-player meta (${a.sides} sides): equilibrium over ${a.compositions.length} ${what}: ${list5(mix(a.compositions))}; ${a.equilibria.length} equilibri${a.equilibria.length === 1 ? 'um' : 'a'} found`];
  if (a.strategies.length) lines.push(`share of seats: ${list5(mix(a.strategies))}`);
  const never = (a.strategies.length ? a.strategies : a.compositions).filter((r) => r.neverWorth).length;
  lines.push(`never worth playing: ${never} of ${(a.strategies.length ? a.strategies : a.compositions).length}`);
  if (a.verdict.status !== 'stable') lines.push(`the equilibrium is uncertain: ${a.verdict.reasons.join('; ')}`);
  return lines;
}

const list5 = (xs: string[]) => `${xs.slice(0, 5).join(', ')}${xs.length > 5 ? ', ...' : ''}`;
