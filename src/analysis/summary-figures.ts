/**
 * The figures of a run summary, computed from its state (summary-state.ts) at the end:
 * rates, means and their intervals with the cluster (pair or seed) as the unit, as
 * docs/statistics.md describes. Pure: a state in, plain JSON-ready objects out.
 */
import {
  MAX_SECTIONS,
  SOURCES,
  SOURCE_NAMES,
  SRC_CORVETTE,
  STAT_NAMES,
} from '../rules/state.js';
import { TERM_NAMES } from '../sim/record.js';
import {
  addCluster,
  addClusterSums,
  clusteredMean,
  clusteredWilson,
  eloFromScore,
  emptyClusterSums,
  pentanomial,
  type ClusterSums,
  type ClusteredMean,
  type ClusteredRate,
  type PentanomialInterval,
} from './stats.js';
import { summarizeMulti, type MultiSummary } from './summary-multi.js';
import {
  CORV_CARDS,
  PV_DEALT,
  PV_SCALARS,
  PV_SCORE,
  PV_TOTAL,
  PV_WIN,
  SCALARS,
  SCALAR_FIELDS,
  clusterSumsOf,
  pairKey,
  withSingles,
  type ExperimentPlayer,
  type SummaryState,
} from './summary-state.js';

// ---------------------------------------------------------------------------------------
// Summary (the figures)

/** A count and the number of matches (or pairs, shots) it is out of. */
export interface CountOf {
  count: number;
  n: number;
}

/** One player's side of a pairing. */
export interface PairingPlayerSummary {
  index: number;
  name: string;
  /** Matches of the pairing. */
  n: number;
  wins: number;
  /** Matches neither player won (draws, draws by limit, adjudicated without a winner). */
  draws: number;
  losses: number;
  /** wins / n, with a 95% Wilson interval at the pairs' effective sample size (pairs as the unit). */
  winRate: ClusteredRate;
  /** (wins + draws/2) / n, likewise (pairs as the unit; the pentanomial interval is the same figure's normal-theory twin). */
  score: ClusteredRate;
}

export interface PairingSummary {
  /** "A vs B" by player names, A the lower index. */
  key: string;
  a: number;
  b: number;
  /** Matches in the pairing. */
  n: number;
  players: [PairingPlayerSummary, PairingPlayerSummary];
  /** Matches neither won, with a pair-clustered 95% interval on the draw rate. */
  draws: CountOf & { rate: ClusteredRate };
  /** A's per-game score from completed pairs (n = pairs), and the Elo difference A − B it implies. */
  pentanomial: {
    counts: number[];
    n: number;
    score: PentanomialInterval;
    elo: { value: number; lo: number; hi: number; n: number };
  };
  /** Rounds played per match. */
  length: {
    n: number;
    rounds: ClusteredMean;
    /** Matches by rounds played (each bin's n = the pairing's matches). */
    histogram: { rounds: number; count: number; n: number }[];
  };
  /** How matches ended (n = matches); adjudicated matches also by termination reason. */
  ends: {
    n: number;
    victory: number;
    draw: number;
    drawByLimit: number;
    adjudicated: number;
    terminations: Record<string, number>;
  };
  /** Seat advantage: seat-0 wins among decisive matches (n = decisive matches), 95% interval with pairs as the unit. */
  seat: { n: number; seat0Wins: number; seat1Wins: number; seat0WinRate: ClusteredRate };
}

export interface SourceSummary {
  index: number;
  source: string;
  /** Damage dealt per match by this source (n = matches). */
  damage: ClusteredMean;
  shots: CountOf;
  hits: CountOf;
  /**
   * Hits per shot (n = shots). A ratio, not a proportion: hits are events (one beam or
   * direct-fire shot can hit several things), so it can exceed 1 and carries no binomial
   * interval. NaN when there were no shots.
   */
  hitsPerShot: { value: number; n: number };
}

export interface PlayerSummary {
  index: number;
  name: string;
  policy: string;
  /** Faction id played in these matches (one entry per player and faction played). */
  faction: string;
  /** Matches played. */
  n: number;
  wins: number;
  draws: number;
  losses: number;
  /** wins / n over every opponent, with seeds as the unit (pairings replay the same seeds). */
  winRate: ClusteredRate;
  /** (wins + draws/2) / n over every opponent, seeds as the unit. */
  score: ClusteredRate;
  /** Damage dealt to enemy capital ships per match: all sources, and by source (pairs as the unit). */
  damage: { total: ClusteredMean; bySource: SourceSummary[] };
  /** Damage taken per own section (total, and mean per match; n = matches). */
  damageTaken: { section: string; total: number; perMatch: number; n: number }[];
  /** Scalar statistics (STAT_NAMES: collisions, shieldsAbsorbed, ...) per match. */
  stats: Record<string, ClusteredMean>;
  /** Corvettes: own launched and lost, enemy killed; ratio killed / lost (NaN with none lost). */
  corvettes: {
    n: number;
    launched: number;
    lost: number;
    killed: number;
    exchange: number;
    byCard: { card: string; launched: number; lost: number }[];
  };
  enemyTokensDestroyed: CountOf;
}

export interface Summary {
  experiment: string;
  players: (ExperimentPlayer & { index: number })[];
  /** Matches folded in. */
  n: number;
  /** Completed pairs, and halves still waiting for their partner (from another shard). */
  pairs: { complete: number; pendingHalves: number };
  /** Distinct match seeds (a seed is shared by the pair's two games and by the same pair of every pairing). */
  seeds: number;
  /** Seat 0's wins among decisive matches over every pairing, seeds as the unit. */
  seat: { n: number; seat0Wins: number; seat0WinRate: ClusteredRate };
  pairings: PairingSummary[];
  playerStats: PlayerSummary[];
  /** The figures of 3- and 4-player matches (summary-multi.ts); absent in a two-player run. */
  multi?: MultiSummary;
  /** How figures are defined; NaN figures (no data) serialise as null. */
  notes: string[];
}

const NOTES = [
  'Every figure carries n: matches, or pairs (pentanomial), or decisive matches (seat), or shots (hits per shot); clustered intervals also carry the clusters (pairs or seeds) they rest on.',
  'The unit of evidence is the pair (same seed, seats swapped), or the seed where pairings replay the same seeds: every interval treats those clusters, not matches, as independent.',
  'Intervals are 95%: rates use the Wilson interval at the effective sample size (matches over the design effect measured from the clusters); per-match means use the cluster-robust (CR1) variance with Student t on clusters − 1 degrees of freedom; the A-vs-B score uses the pentanomial model (pairs as the unit).',
  'An interval resting on fewer than two clusters is not given (n/a).',
  'A draw is any match without a winner (mutual destruction, round limit, adjudicated without a winner); score = (wins + draws/2) / n.',
  'Hits per shot is a ratio of event counts and may exceed 1 (one shot can hit several things); it has no binomial interval.',
  'Corvettes killed count enemy corvettes destroyed; exchange = killed / lost.',
  'Figures without data are NaN (null in JSON).',
];

/** The figures: intervals and means from the counts of a summary state. */
export function summarizeState(st: SummaryState): Summary {
  const exp = st.experiment;
  const pname = (i: number) => exp.players[i]?.name ?? `player${i}`;
  let complete = 0;
  const pendingOf = (a: number, b: number) => st.pending.filter((h) => h.a === a && h.b === b);
  const pairingSeat: ClusterSums[] = [];
  const pairings: PairingSummary[] = st.pairings.map((p) => {
    const n = p.matches;
    const draws = n - p.winsA - p.winsB;
    const waiting = pendingOf(p.a, p.b);
    const pairValue = (i: number, sum: number) => withSingles(clusterSumsOf(p.pairClusters, i, sum, n), waiting.map((h) => h.values[i]));
    const pairs = p.penta.reduce((s, c) => s + c, 0);
    // A's score per pair from the pentanomial bins (bin k: A scored k/2 over two games).
    const scoreA: ClusterSums = { n, sum: p.winsA + draws / 2, g: pairs, clusterSumSq: 0, sizeSum: 0, sizeSq: 4 * pairs };
    p.penta.forEach((c, k) => {
      scoreA.clusterSumSq += c * (k / 2) ** 2;
      scoreA.sizeSum += c * 2 * (k / 2);
    });
    const scoreB: ClusterSums = { ...scoreA, sum: p.winsB + draws / 2, clusterSumSq: 0, sizeSum: 0 };
    p.penta.forEach((c, k) => {
      scoreB.clusterSumSq += c * (2 - k / 2) ** 2;
      scoreB.sizeSum += c * 2 * (2 - k / 2);
    });
    const side = (index: number, wins: number, losses: number, winValue: number, score: ClusterSums, waitingScores: number[]): PairingPlayerSummary => ({
      index,
      name: pname(index),
      n,
      wins,
      draws,
      losses,
      winRate: clusteredWilson(pairValue(winValue, wins)),
      score: clusteredWilson(withSingles(score, waitingScores)),
    });
    complete += pairs;
    const score = pentanomial(p.penta);
    const terminations: Record<string, number> = {};
    p.terminations.forEach((c, i) => {
      if (i > 0 && c > 0) terminations[TERM_NAMES[i] ?? `termination ${i}`] = c;
    });
    const histogram: { rounds: number; count: number; n: number }[] = [];
    p.roundsHist.forEach((count, rounds) => {
      if (count > 0) histogram.push({ rounds, count, n });
    });
    const decisive = p.seat0Wins + p.seat1Wins;
    const seat = withSingles(
      { n: decisive, sum: p.seat0Wins, g: p.seatClusters.g, clusterSumSq: p.seatClusters.sq, sizeSum: p.seatClusters.size, sizeSq: p.seatClusters.sizeSq },
      waiting.filter((h) => h.decisive).map((h) => h.seat0),
    );
    pairingSeat.push(seat);
    return {
      key: `${pname(p.a)} vs ${pname(p.b)}`,
      a: p.a,
      b: p.b,
      n,
      players: [
        side(p.a, p.winsA, p.winsB, 0, scoreA, waiting.map((h) => h.score2 / 2)),
        side(p.b, p.winsB, p.winsA, 1, scoreB, waiting.map((h) => 1 - h.score2 / 2)),
      ],
      draws: { count: draws, n, rate: clusteredWilson(pairValue(2, draws)) },
      pentanomial: {
        counts: p.penta.slice(),
        n: pairs,
        score,
        elo: { value: eloFromScore(score.mean), lo: eloFromScore(score.lo), hi: eloFromScore(score.hi), n: pairs },
      },
      length: { n, rounds: clusteredMean(pairValue(3, p.roundsSum)), histogram },
      ends: { n, victory: p.victories, draw: p.draws, drawByLimit: p.drawsByLimit, adjudicated: p.adjudicated, terminations },
      seat: {
        n: decisive,
        seat0Wins: p.seat0Wins,
        seat1Wins: p.seat1Wins,
        seat0WinRate: clusteredWilson(seat),
      },
    };
  });

  // Per player and faction, its wins and score clustered by seed (one pass over the seeds).
  const seedClusters = new Map<number, { wins: ClusterSums; score: ClusterSums }>();
  for (const t of st.seeds)
    for (const [player, faction, matches, wins, draws] of t.players) {
      const key = pairKey(player, faction);
      let c = seedClusters.get(key);
      if (!c) seedClusters.set(key, (c = { wins: emptyClusterSums(), score: emptyClusterSums() }));
      addCluster(c.wins, wins, matches);
      addCluster(c.score, wins + draws / 2, matches);
    }
  const playerStats: PlayerSummary[] = st.players.map((p) => {
    const n = p.matches;
    const waitingValues = st.pending.flatMap((h) => [
      ...(h.a === p.player && h.factionA === p.faction ? [h.valuesA] : []),
      ...(h.b === p.player && h.factionB === p.faction ? [h.valuesB] : []),
    ]);
    const perMatch = (i: number, sum: number) => clusteredMean(withSingles(clusterSumsOf(p.pairClusters, i, sum, n), waitingValues.map((v) => v[i])));
    const seedSums = seedClusters.get(pairKey(p.player, p.faction));
    const outcome = (i: number, sum: number, bySeed: ClusterSums | undefined): ClusteredRate =>
      clusteredWilson(exp.seedsShared ? (bySeed ?? emptyClusterSums()) : withSingles(clusterSumsOf(p.pairClusters, i, sum, n), waitingValues.map((v) => v[i])));
    const info = exp.players[p.player];
    const fac = exp.factions[p.faction];
    const srcNames = fac?.sources ?? SOURCE_NAMES;
    const corvCount = fac ? fac.corvettes.length : CORV_CARDS;
    const bySource: SourceSummary[] = [];
    for (let src = 0; src < SOURCES; src++) {
      if (src >= SRC_CORVETTE + corvCount && p.shots[src] === 0 && p.hits[src] === 0 && p.dealtSum[src] === 0) continue;
      bySource.push({
        index: src,
        source: srcNames[src] ?? SOURCE_NAMES[src],
        damage: perMatch(PV_DEALT + src, p.dealtSum[src]),
        shots: { count: p.shots[src], n },
        hits: { count: p.hits[src], n },
        hitsPerShot: { value: p.shots[src] > 0 ? p.hits[src] / p.shots[src] : NaN, n: p.shots[src] },
      });
    }
    const sections = fac?.sections ?? [];
    const damageTaken: PlayerSummary['damageTaken'] = [];
    for (let s = 0; s < MAX_SECTIONS; s++) {
      if (s >= sections.length && p.sectionDamage[s] === 0) continue;
      damageTaken.push({ section: sections[s] ?? `section${s}`, total: p.sectionDamage[s], perMatch: n > 0 ? p.sectionDamage[s] / n : NaN, n });
    }
    const stats: Record<string, ClusteredMean> = {};
    for (let i = 0; i < SCALARS; i++) stats[STAT_NAMES[SCALAR_FIELDS[i]]] = perMatch(PV_SCALARS + i, p.scalarSum[i]);
    const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);
    const launched = sum(p.corvLaunched);
    const lost = sum(p.corvLost);
    const killed = sum(p.corvKilled);
    const byCard: PlayerSummary['corvettes']['byCard'] = [];
    for (let c = 0; c < CORV_CARDS; c++) {
      if (c >= corvCount && p.corvLaunched[c] === 0 && p.corvLost[c] === 0) continue;
      byCard.push({ card: fac?.corvettes[c] ?? `corvette${c}`, launched: p.corvLaunched[c], lost: p.corvLost[c] });
    }
    return {
      index: p.player,
      name: info?.name ?? pname(p.player),
      policy: info?.policy ?? '',
      faction: fac?.id ?? `faction${p.faction}`,
      n,
      wins: p.wins,
      draws: n - p.wins - p.losses,
      losses: p.losses,
      winRate: outcome(PV_WIN, p.wins, seedSums?.wins),
      score: outcome(PV_SCORE, p.wins + (n - p.wins - p.losses) / 2, seedSums?.score),
      damage: { total: perMatch(PV_TOTAL, p.totalDealtSum), bySource },
      damageTaken,
      stats,
      corvettes: { n, launched, lost, killed, exchange: lost > 0 ? killed / lost : NaN, byCard },
      enemyTokensDestroyed: { count: p.enemyTokensDestroyed, n },
    };
  });

  // Seat 0 over every pairing: by seed when pairings share seeds, else the pairings' pair clusters together.
  const seatBySeed = emptyClusterSums();
  if (exp.seedsShared) for (const t of st.seeds) addCluster(seatBySeed, t.seat0Wins, t.decisive);
  else for (const p of pairingSeat) addClusterSums(seatBySeed, p);
  return {
    experiment: exp.name,
    players: exp.players.map((p, index) => ({ index, ...p })),
    n: st.matches,
    pairs: { complete, pendingHalves: st.pending.length },
    seeds: st.seeds.length,
    seat: { n: seatBySeed.n, seat0Wins: seatBySeed.sum, seat0WinRate: clusteredWilson(seatBySeed) },
    pairings,
    playerStats,
    ...(st.multi ? { multi: summarizeMulti(st.multi, exp.players.map((p) => p.name), exp.factions.map((f) => f.sources)) } : {}),
    notes: NOTES.slice(),
  };
}
