/**
 * The report sections of the balance analyses (loadout sweep, stat sweep, meta-game, the
 * two-faction meta) and of ratings: each turns an analysis from src/analysis into
 * paragraphs, tables, charts and headlines. Kept apart from findings.ts, which builds the sections every run has.
 *
 * Why each section reads the analysis' verdict before it words a headline: a headline is
 * what a designer acts on, so only a conclusion the data support (a stable equilibrium, a
 * flag, a separated top rating) gets one at level notable or warning; everything else is
 * worded as inconclusive, with the reason, at level info.
 */
import { MIN_RATING_PAIRS, type Ratings } from '../analysis/ratings.js';
import type { LoadoutSweepAnalysis, MetaAnalysis, StatSweepAnalysis } from '../analysis/balance.js';
import type { FactionMetaAnalysis, FactionSideResult } from '../analysis/meta-factions.js';
import type { Headline, ReportChart, ReportSection } from './model.js';
import { int, interval, pct, pts, rate, section } from './format.js';

export function ratingsSection(ratings: Ratings, charts: Map<string, ReportChart>, headlines: Headline[], headline: boolean): ReportSection {
  const elo = (p: { elo: number }) => (Number.isFinite(p.elo) ? p.elo : -Infinity);
  const ranked = [...ratings.players].sort((a, b) => elo(b) - elo(a));
  const name = (i: number) => ratings.players[i]?.name ?? `entrant ${i}`;
  const e0 = (x: number) => x.toFixed(0);
  const top = ratings.top;
  const priorNote = (p: Ratings['players'][number]) => (p.priorBound ? ` (bounded by the virtual-draw prior: ${p.name} won or lost every game against part of the field, so the figure reflects the prior, not the size of the gap)` : '');
  if (top && ranked.length > 2 && headline) {
    const t = ratings.players[top.index];
    const gap = `${e0(top.difference.value)} ${interval(top.difference, e0)}`;
    if (top.separated)
      headlines.push({
        text: `Highest rated: ${t.name}, ahead of ${name(top.next)} by ${gap} Elo (first in ${pct(top.first, 0)} of bootstrap resamples)${top.priorBound ? ` (the gap is bounded by the virtual-draw prior: ${t.name} scored every point against part of the field, so its size reflects the prior, not the games)` : priorNote(t)}.`,
        level: 'info',
      });
    else
      headlines.push({
        text: `No entrant is detectably the highest rated: ${t.name} and ${name(top.next)} are not separated (difference ${Number.isFinite(top.difference.lo) ? `${gap} Elo` : `${e0(top.difference.value)} Elo, too few pairs for an interval`}).`,
        level: 'info',
      });
  }
  const shownInterval = (p: Ratings['players'][number]) =>
    p.interval === 'too-few-pairs' ? 'no interval' : p.interval === 'anchor' ? 'anchor (0 by definition)' : p.interval === 'none' ? '' : interval(p, e0);
  const paragraphs = [`${ratings.method}. Ratings are Elo differences from ${ratings.anchor.name}.`];
  if (ratings.prior) paragraphs.push(`Some entrant won or lost every game against part of the field, so the fit added one virtual draw per pairing (a prior); the ratings marked "bounded by prior" are set by that prior and say only that the games were one-sided.`);
  const few = ratings.players.filter((p) => p.interval === 'too-few-pairs');
  if (few.length) paragraphs.push(`${few.map((p) => p.name).join(', ')}: no interval (fewer than ${MIN_RATING_PAIRS} completed pairs, or every pair ended alike so resamples never move the rating); their ratings are inconclusive.`);
  return section('ratings', 'Ratings', paragraphs, [charts.get('ratings'), charts.get('score-heatmap')], [
    {
      caption: 'Ratings',
      columns: ['rank', 'entrant', 'Elo', '95% interval', 'games', 'pairs', 'note'],
      rows: ranked.slice(0, 60).map((p, i) => [i + 1, p.name, Number.isFinite(p.elo) ? Math.round(p.elo) : null, shownInterval(p), p.n, p.pairs, p.priorBound ? 'bounded by prior' : '']),
    },
  ]);
}

const band = (a: { band: number }) => Math.round(a.band * 100);

export function loadoutSweepSection(a: LoadoutSweepAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const flagged = a.components.filter((c) => c.flag);
  const b = band(a);
  const corrected = (c: (typeof a.components)[number]) => interval({ lo: c.effect.loCorrected, hi: c.effect.hiCorrected }, pts);
  const flagText = (c: (typeof a.components)[number]) =>
    `${c.name} (${c.slot}) looks too ${c.flag}: ${pts(c.effect.points)} points of score${c.effect.perCopy ? ' per copy' : ''} against the average card of its slot, corrected interval ${corrected(c)}, outside the ±${b}-point band.`;
  const sample = `${a.tested} components, corrected for multiple testing; ${int(a.matches)} matches, ${int(a.pairs)} pairs over ${a.loadouts} loadouts`;
  if (a.verdict.status === 'flagged') for (const c of flagged) headlines.push({ text: flagText(c), level: 'warning' });
  else if (a.verdict.status === 'within-band') headlines.push({ text: `Every ${a.faction} component's effect on the score is shown to lie within ±${b} points (${sample}).`, level: 'info' });
  else
    headlines.push({
      text: `The ${a.faction} loadout sweep is inconclusive: ${a.verdict.reasons.join('; ')}.${flagged.length ? ` Tentatively: ${flagged.map((c) => `${c.name} too ${c.flag}`).join(', ')}.` : ''} (${sample}.)`,
      level: 'info',
    });
  const best = a.ranking[0];
  const worst = a.ranking[a.ranking.length - 1];
  if (best && worst && best !== worst)
    headlines.push({ text: `Highest-scoring ${a.faction} loadout: ${best.name}, ${rate(best.score)} of ${best.matches} matches; lowest: ${worst.name}, ${rate(worst.score)} (pair-aware 95% intervals; overlapping intervals mean the order is not established).`, level: 'info' });
  const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '');
  const phi = a.dispersion;
  return section(
    'loadout-sweep',
    `Loadout sweep: ${a.faction} components`,
    [
      `${a.loadouts} ${a.faction} loadouts played ${int(a.matches)} matches (${int(a.pairs)} completed pairs) and scored ${rate(a.score)} (wins + draws/2). For each component: how often it was in the winning loadouts, the score of loadouts with and without it, the damage it dealt, and its effect from a logistic regression of the score on the whole loadout (each card against the average card of its slot; corvettes per copy against the average corvette card).`,
      `The pair is the unit of evidence: the two games of a pair are correlated, and the intervals are widened by the pairs' measured dispersion φ = ${Number.isFinite(phi.phi) ? phi.phi.toFixed(2) : 'n/a'} (${phi.used.toFixed(2)} used; 1 would be independent games) from ${int(phi.pairs)} pairs.`,
      `A component is flagged when its effect's interval, widened for the ${a.tested} components tested (Bonferroni, z = ${a.zCorrected.toFixed(2)}), lies wholly outside ±${b} points; it is shown to be within the band when that interval lies wholly inside. ${a.verdict.status === 'inconclusive' ? `Verdict: inconclusive (${a.verdict.reasons.join('; ')}).` : a.verdict.status === 'flagged' ? 'Verdict: some components are outside the band.' : 'Verdict: every component is within the band.'}`,
    ],
    [charts.get('component-effects'), charts.get('with-without'), charts.get('component-damage')],
    [
      {
        caption: 'Components',
        columns: ['slot', 'component', 'loadouts', 'matches', 'share of wins', 'share of matches', 'score with [95%]', 'without [95%]', 'difference [95%]', 'damage/match', 'effect (points) [95%]', 'corrected interval', 'verdict'],
        rows: a.components.map((c) => [
          c.slot,
          c.name,
          c.loadouts,
          c.matches,
          pct(c.pickInWins.value),
          pct(c.pickInWins.shareOfMatches),
          rate(c.scoreWith),
          rate(c.scoreWithout),
          `${pts(c.scoreDifference.value)} ${interval(c.scoreDifference, pts)}`,
          c.damagePerMatch ? f2(c.damagePerMatch.mean) : '',
          `${pts(c.effect.points)} ${interval(c.effect, pts)}`,
          corrected(c),
          c.flag ? `too ${c.flag}` : c.withinBand ? `within ±${b}` : c.loadouts ? 'undecided' : 'not played',
        ]),
        note: `Points are percentage points of score (wins + draws/2). Intervals are pair-aware (matches / φ). Share of wins: of the swept loadouts' wins, the share won by loadouts holding the component. "Undecided": not shown outside the band, nor inside it.`,
      },
      {
        caption: 'Loadouts, best score first (top 15 and bottom 5)',
        columns: ['loadout', 'matches', 'pairs', 'score [95%]', 'win rate'],
        rows: [...a.ranking.slice(0, 15), ...(a.ranking.length > 20 ? a.ranking.slice(-5) : a.ranking.slice(15))].map((r) => [r.name, r.matches, r.pairs, rate(r.score), pct(r.winRate.value)]),
      },
    ],
  );
}

export function statSweepSection(a: StatSweepAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const paragraphs: string[] = [];
  const target = pct(a.target, 0);
  const x2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
  const crossText = (c: StatSweepAnalysis['curves'][number]) => {
    const k = c.crossingInterval;
    if (k.status === 'crosses') return `it reaches a ${target} score at about ${x2(k.value!)} [${x2(k.lo)}, ${x2(k.hi)}] (bootstrap over pairs)`;
    if (k.status === 'does-not-cross') return `it does not reach a ${target} score in this range (it stays ${k.side ?? 'on one side'}; ${pct(k.share, 0)} of bootstrap replicates cross)`;
    return `whether and where it reaches a ${target} score is inconclusive (${k.value === null ? 'the observed curve does not cross' : `the observed curve crosses at ${x2(k.value)}`}, but ${pct(k.share, 0)} of bootstrap replicates cross)`;
  };
  for (const c of a.curves) {
    const first = c.points[0];
    const last = c.points[c.points.length - 1];
    const name = `${c.card}.${c.field}`;
    const caveat = c.verdict.status === 'inconclusive' ? ` Inconclusive: ${c.verdict.reasons.join('; ')}.` : '';
    const text = !c.effect
      ? `${name} shows no detectable effect on ${a.subject}'s score over ${first.value}..${last.value} (${rate(first.score)} to ${rate(last.score)}; the slope's corrected interval includes 0); ${crossText(c)}.${caveat}`
      : `${name}: ${a.subject}'s score goes from ${rate(first.score)} at ${first.value} to ${rate(last.score)} at ${last.value}; ${crossText(c)}.${caveat}`;
    const small = c.effect && !c.material ? ` The effect is detectable but not shown to exceed ±${Math.round(a.band * 100)} points over the range (fitted change ${pts(c.change.value)}, corrected ${interval({ lo: c.change.loCorrected, hi: c.change.hiCorrected }, pts)}).` : '';
    headlines.push({ text: text + small, level: c.material && c.verdict.status === 'ok' ? 'notable' : 'info' });
    paragraphs.push(text);
  }
  paragraphs.push(
    `Each value is played by a copy of ${a.subject} against the same field on the same seeds, so differences between values are not seed noise. Score = (wins + draws/2) / matches, so ${target} is even whatever the draw rate. Intervals are pair-aware (Wilson on matches / φ, φ the pairs' dispersion); the slope is from a logistic regression of the score on the value with its standard error widened by √φ and corrected for the ${a.tested} statistics swept; the crossing's interval is a parametric bootstrap over each value's pairs.`,
  );
  return section('stat-sweep', 'Stat sweep', paragraphs, [charts.get('stat-sweep')], [
    {
      caption: 'Score at each value',
      columns: ['statistic', 'value', 'matches', 'pairs', 'score [95%]', 'win rate', 'slope (log-odds per unit) [95%]', `crosses ${target} at`],
      rows: a.curves.flatMap((c) =>
        c.points.map((p, i) => [
          `${c.card}.${c.field}`,
          p.value,
          p.matches,
          p.pairs,
          rate(p.score),
          pct(p.winRate.value),
          i ? '' : `${c.slope.estimate.toFixed(3)} ${interval(c.slope, (x) => x.toFixed(3))}`,
          i ? '' : c.crossingInterval.status === 'crosses' ? `${x2(c.crossingInterval.value!)} [${x2(c.crossingInterval.lo)}, ${x2(c.crossingInterval.hi)}]` : c.crossingInterval.status === 'does-not-cross' ? 'not in range' : 'inconclusive',
        ]),
      ),
    },
  ]);
}

export function metaSection(a: MetaAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const support = a.entrants.map((name, i) => ({ name, w: a.mixture[i], i })).filter((x) => x.w > 1e-9).sort((x, y) => y.w - x.w);
  const weight = (i: number) => `${pct(a.mixture[i], 0)} ${interval({ lo: a.bootstrap.weightLo[i], hi: a.bootstrap.weightHi[i] }, (x) => (x * 100).toFixed(0))}`;
  const list = support.slice(0, 5).map((s) => `${s.name} ${weight(s.i)}`).join(', ') + (support.length > 5 ? ', ...' : '');
  if (a.verdict.status === 'stable') {
    headlines.push({ text: `The meta-game equilibrium mixes ${support.length} of ${a.entrants.length} entrants: ${list} (weights with bootstrap 95% intervals; the same support in at least 95% of replicates).`, level: 'notable' });
    const dead = a.components.filter((c) => c.absent).map((c) => c.card);
    if (dead.length) headlines.push({ text: `Components absent from the equilibrium (every loadout holding them out of it in at least 95% of bootstrap replicates): ${dead.join(', ')}.`, level: 'notable' });
  } else if (a.verdict.status === 'no-separation') {
    headlines.push({ text: `No entrant is detectably better than the rest in the meta-game: no pairing's score differs detectably from 50%, so any equilibrium of these scores is a tie-break, not a finding.`, level: 'info' });
  } else {
    headlines.push({ text: `The meta-game equilibrium is uncertain: ${a.verdict.reasons.join('; ')}.`, level: 'info' });
  }
  const ties = a.ties.map((g) => g.map((i) => a.entrants[i]).join(' = '));
  return section(
    'meta',
    'The meta-game',
    [
      "Every entrant played every other; the matrix below is each row entrant's score against each column entrant. The equilibrium is the mixture of entrants that no single entrant beats on average (the Nash equilibrium of the symmetric zero-sum game on the scores).",
      `Sampling noise moves the equilibrium; over ${a.bootstrap.replicates} bootstrap replicates of the pairs, the table gives how often each entrant is in it and the 95% range of its weight. The equilibrium is called stable only when one support comes out whatever the order of the entrants, no two entrants in it are indistinguishable, and each entrant is in (or out of) it in at least 95% of the replicates.`,
      a.verdict.status === 'stable' ? 'Verdict: stable.' : `Verdict: ${a.verdict.status === 'no-separation' ? 'no entrant is detectably better than another' : 'uncertain'} (${a.verdict.reasons.join('; ')}).`,
      ties.length ? `Entrants whose scores cannot be told apart (against each other and every other entrant): ${ties.join('; ')}.` : 'No two entrants have indistinguishable scores.',
    ],
    [charts.get('meta-mixture'), charts.get('meta-components'), charts.get('score-heatmap')],
    [
      {
        caption: 'Equilibrium',
        columns: ['entrant', 'weight', 'bootstrap 95% range', 'bootstrap mean weight', 'in support (bootstrap)'],
        rows: a.entrants
          .map((name, i) => ({ i, row: [name, pct(a.mixture[i]), interval({ lo: a.bootstrap.weightLo[i], hi: a.bootstrap.weightHi[i] }), pct(a.bootstrap.meanWeight[i]), pct(a.bootstrap.inSupport[i], 0)] }))
          .sort((x, y) => a.mixture[y.i] - a.mixture[x.i] || a.bootstrap.meanWeight[y.i] - a.bootstrap.meanWeight[x.i])
          .map((x) => x.row),
      },
      { caption: 'Components in the equilibrium', columns: ['faction', 'slot', 'component', 'weight', 'absent (bootstrap)'], rows: a.components.map((c) => [c.faction, c.slot, c.card, pct(c.weight), c.absent ? 'yes' : '']) },
    ],
  );
}

/** A two-faction meta: the value of the game (who is favoured when both pick well), each side's mixture, the loadouts never worth playing. */
export function factionMetaSection(f: FactionMetaAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const [r, c] = f.sides;
  // On a two-team scenario each side picks a team composition, and the units are rotation blocks.
  const L = f.teamSize ? 'team compositions' : 'loadouts';
  const unit = f.teamSize ? 'rotation blocks' : 'seat-swapped pairs';
  const one = f.teamSize ? 'composition' : 'loadout';
  const value = `${pct(f.value.value)} ${interval(f.value)}`;
  if (f.favoured)
    headlines.push({ text: `When both sides pick their ${L} well, ${f.favoured} is favoured: ${r.faction} scores ${value} against ${c.faction} (the value of the two-faction game, 95% bootstrap interval).`, level: 'notable' });
  else headlines.push({ text: `When both sides pick their ${L} well, neither faction is detectably favoured: ${r.faction} scores ${value} against ${c.faction}.`, level: 'info' });
  const never = (s: FactionSideResult) => s.loadouts.filter((_, i) => s.neverWorth[i]);
  const nr = never(r);
  const nc = never(c);
  if (nr.length + nc.length)
    headlines.push({ text: `${f.teamSize ? 'Team compositions' : 'Loadouts'} never worth playing (in no equilibrium of at least 95% of bootstrap replicates): ${nr.length} of ${r.loadouts.length} ${r.faction}, ${nc.length} of ${c.loadouts.length} ${c.faction}${f.teamSize ? ` (a team flies ${f.teamSize} ships of its faction and picks their loadouts together)` : ''}.`, level: 'notable' });
  const rows = (s: FactionSideResult) =>
    s.loadouts
      .map((name, i) => ({ i, row: [s.faction, name, pct(s.mixture[i]), interval({ lo: s.weightLo[i], hi: s.weightHi[i] }), pct(s.inSupport[i], 0), pct(s.outShare[i], 0), pct(s.againstMixture[i]), s.neverWorth[i] ? 'yes' : ''] }))
      .sort((x, y) => s.mixture[y.i] - s.mixture[x.i] || s.meanWeight[y.i] - s.meanWeight[x.i])
      .map((x) => x.row);
  const shown = (xs: string[]) => (xs.length ? xs.slice(0, 8).join(', ') + (xs.length > 8 ? ` and ${xs.length - 8} more` : '') : 'none');
  return section(
    'meta-factions',
    `The two-faction meta: ${r.faction} against ${c.faction}`,
    [
      `${f.teamSize ? `Two teams of ${f.teamSize}: each team picks the loadouts of its ${f.teamSize} ships together (a team composition), and each of ${r.loadouts.length} ${r.faction} compositions played each of ${c.loadouts.length} ${c.faction} compositions in rotation blocks (every seat, both team places).` : `Each of ${r.loadouts.length} ${r.faction} loadouts played each of ${c.loadouts.length} ${c.faction} loadouts.`} A match's score for one side is one minus the other's, so the game is zero-sum in score: each side's equilibrium is the mixture of its ${L} that does best against the other side's best reply, and the value of the game is ${r.faction}'s score when both sides play their equilibrium (above 50%: ${r.faction} is favoured when both pick well).`,
      `Over ${f.replicates} bootstrap replicates of the ${unit}, the table gives each ${one}'s weight range, how often the solution gives it weight, and how often it is out: scoring below the value against the other side's equilibrium, which puts it in no equilibrium of that replicate's game. A ${one} out in at least 95% of the replicates is never worth playing. "Score against the mix" is the ${one}'s own score against the other side's equilibrium: the ${L} worth playing reach the value, the others fall short by what playing them costs.`,
      f.verdict.status === 'stable' ? `Verdict: stable (every ${one} in, or out of, the equilibria in at least 95% of replicates, and the equilibrium is unique).` : `Verdict: uncertain (${f.verdict.reasons.join('; ')}).`,
      `Never worth playing: ${r.faction}: ${shown(nr)}; ${c.faction}: ${shown(nc)}.`,
    ],
    [charts.get('meta-factions')],
    [
      { caption: 'Value of the game', columns: ['row faction', 'column faction', `${r.faction} score`, '95% interval', 'favoured', 'replicates'], rows: [[r.faction, c.faction, pct(f.value.value), interval(f.value), f.favoured ?? 'neither', f.replicates]] },
      { caption: 'Equilibrium mixtures', columns: ['faction', f.teamSize ? 'team composition' : 'loadout', 'weight', 'bootstrap 95% range', 'weighted (bootstrap)', 'out (bootstrap)', 'score against the mix', 'never worth playing'], rows: [...rows(r), ...rows(c)] },
    ],
  );
}
