/**
 * The report sections of the balance analyses (loadout sweep, stat sweep, meta-game) and of
 * ratings: each turns an analysis from src/analysis into paragraphs, tables, charts and
 * headlines. Kept apart from findings.ts, which builds the sections every run has.
 */
import type { Ratings } from '../analysis/ratings.js';
import type { LoadoutSweepAnalysis, MetaAnalysis, StatSweepAnalysis } from '../analysis/balance.js';
import type { Headline, ReportChart, ReportSection } from './model.js';
import { int, interval, pct, pts, rate, section } from './format.js';

export function ratingsSection(ratings: Ratings, charts: Map<string, ReportChart>, headlines: Headline[], headline: boolean): ReportSection {
  const elo = (p: { elo: number }) => (Number.isFinite(p.elo) ? p.elo : -Infinity);
  const ranked = [...ratings.players].sort((a, b) => elo(b) - elo(a));
  const top = ranked[0];
  if (top && ranked.length > 2 && headline) headlines.push({ text: `Highest rated: ${top.name}, Elo ${Number.isFinite(top.elo) ? top.elo.toFixed(0) : 'n/a'} ${interval(top, (x) => x.toFixed(0))} relative to ${ratings.anchor.name}.`, level: 'info' });
  return section('ratings', 'Ratings', [`${ratings.method}. Ratings are Elo differences from ${ratings.anchor.name}.`], [charts.get('ratings'), charts.get('score-heatmap')], [
    { caption: 'Ratings', columns: ['rank', 'entrant', 'Elo', '95% interval', 'games'], rows: ranked.slice(0, 60).map((p, i) => [i + 1, p.name, Number.isFinite(p.elo) ? Math.round(p.elo) : null, interval(p, (x) => x.toFixed(0)), p.n]) },
  ]);
}


export function loadoutSweepSection(a: LoadoutSweepAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const flagged = a.components.filter((c) => c.flag);
  const band = Math.round(a.band * 100);
  if (flagged.length)
    for (const c of flagged)
      headlines.push({
        text: `${c.name} (${c.slot}) looks too ${c.flag}: ${pts(c.effect.points)} points of win rate${c.effect.perCopy ? ' per copy' : ''} against the average card of its slot, corrected interval ${interval({ lo: c.effect.loCorrected, hi: c.effect.hiCorrected }, pts)}, outside the ±${band}-point band.`,
        level: 'warning',
      });
  else headlines.push({ text: `No ${a.faction} component's effect is significantly outside ±${band} points of win rate (${a.tested} components, corrected for multiple testing; ${int(a.matches)} matches over ${a.loadouts} loadouts).`, level: 'info' });
  const best = a.ranking[0];
  const worst = a.ranking[a.ranking.length - 1];
  headlines.push({ text: `Best ${a.faction} loadout: ${best.name}, ${rate(best.winRate)} of ${best.matches} matches; worst: ${worst.name}, ${rate(worst.winRate)}.`, level: 'info' });
  const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '');
  return section(
    'loadout-sweep',
    `Loadout sweep: ${a.faction} components`,
    [
      `${a.loadouts} ${a.faction} loadouts played ${int(a.matches)} matches and won ${rate(a.winRate)}. For each component: how often it was in the winning loadouts, the win rate of loadouts with and without it, the damage it dealt, and its effect from a logistic regression of winning on the whole loadout (each card against the average card of its slot; corvettes per copy against the average corvette card).`,
      `A component is flagged when its effect's interval, widened for the ${a.tested} components tested (Bonferroni, z = ${a.zCorrected.toFixed(2)}), lies wholly outside ±${band} points.${a.model.converged ? '' : ' The model did not converge (some loadout always wins or always loses); read its effects with care.'}`,
    ],
    [charts.get('component-effects'), charts.get('with-without'), charts.get('component-damage')],
    [
      {
        caption: 'Components',
        columns: ['slot', 'component', 'loadouts', 'matches', 'share of wins', 'share of matches', 'win rate with [95%]', 'without [95%]', 'difference [95%]', 'damage/match', 'effect (points) [95%]', 'flag'],
        rows: a.components.map((c) => [
          c.slot,
          c.name,
          c.loadouts,
          c.matches,
          pct(c.pickInWins.value),
          pct(c.pickInWins.shareOfMatches),
          rate(c.withCard),
          rate(c.withoutCard),
          `${pts(c.difference.value)} ${interval(c.difference, pts)}`,
          c.damagePerMatch ? f2(c.damagePerMatch.mean) : '',
          `${pts(c.effect.points)} ${interval(c.effect, pts)}`,
          c.flag ? `too ${c.flag}` : '',
        ]),
        note: 'Points are percentage points of win rate. Share of wins: of the swept loadouts\' wins, the share won by loadouts holding the component.',
      },
      { caption: 'Loadouts, best first (top 15 and bottom 5)', columns: ['loadout', 'matches', 'win rate [95%]'], rows: [...a.ranking.slice(0, 15), ...(a.ranking.length > 20 ? a.ranking.slice(-5) : a.ranking.slice(15))].map((r) => [r.name, r.matches, rate(r.winRate)]) },
    ],
  );
}

export function statSweepSection(a: StatSweepAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const paragraphs: string[] = [];
  for (const c of a.curves) {
    const first = c.points[0];
    const last = c.points[c.points.length - 1];
    const name = `${c.card}.${c.field}`;
    const text = !c.effect
      ? `${name} shows no detectable effect on ${a.subject}'s win rate over ${first.value}..${last.value} (${pct(first.winRate.value)} to ${pct(last.winRate.value)}; slope interval includes 0).`
      : `${name}: ${a.subject}'s win rate goes from ${rate(first.winRate)} at ${first.value} to ${rate(last.winRate)} at ${last.value}; ${c.crossing !== null ? `it reaches ${pct(a.target, 0)} at about ${c.crossing.toFixed(2)}` : `it does not reach ${pct(a.target, 0)} in this range`}.`;
    headlines.push({ text, level: c.effect ? 'notable' : 'info' });
    paragraphs.push(text);
  }
  paragraphs.push(`Each value is played by a copy of ${a.subject} against the same field on the same seeds, so differences between values are not seed noise. The slope is from a logistic regression of winning on the value.`);
  return section('stat-sweep', 'Stat sweep', paragraphs, [charts.get('stat-sweep')], [
    {
      caption: 'Win rate at each value',
      columns: ['statistic', 'value', 'matches', 'win rate [95%]', 'slope (log-odds per unit) [95%]', `crosses ${pct(a.target, 0)} at`],
      rows: a.curves.flatMap((c) => c.points.map((p, i) => [`${c.card}.${c.field}`, p.value, p.matches, rate(p.winRate), i ? '' : `${c.slope.estimate.toFixed(3)} ${interval(c.slope, (x) => x.toFixed(3))}`, i ? '' : c.crossing === null ? 'not in range' : c.crossing.toFixed(2)])),
    },
  ]);
}

export function metaSection(a: MetaAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const support = a.entrants.map((name, i) => ({ name, w: a.mixture[i], i })).filter((x) => x.w > 1e-9).sort((x, y) => y.w - x.w);
  headlines.push({ text: `The meta-game equilibrium mixes ${support.length} of ${a.entrants.length} entrants: ${support.slice(0, 5).map((s) => `${s.name} ${pct(s.w, 0)}`).join(', ')}${support.length > 5 ? ', ...' : ''}.`, level: 'notable' });
  const dead = a.components.filter((c) => c.weight < 1e-9).map((c) => c.card);
  if (dead.length) headlines.push({ text: `Components absent from the equilibrium: ${dead.join(', ')}.`, level: 'notable' });
  return section(
    'meta',
    'The meta-game',
    [
      'Every entrant played every other; the matrix below is each row entrant\'s score against each column entrant. The equilibrium is the mixture of entrants that no single entrant beats on average (the Nash equilibrium of the symmetric zero-sum game on the scores).',
      `Sampling noise moves the equilibrium; over ${a.bootstrap.replicates} bootstrap replicates of the pairs, the table gives how often each entrant stays in it.`,
    ],
    [charts.get('meta-mixture'), charts.get('meta-components'), charts.get('score-heatmap')],
    [
      {
        caption: 'Equilibrium',
        columns: ['entrant', 'weight', 'bootstrap mean weight', 'in support (bootstrap)'],
        rows: a.entrants.map((name, i) => [name, pct(a.mixture[i]), pct(a.bootstrap.meanWeight[i]), pct(a.bootstrap.inSupport[i], 0)]).sort((x, y) => parseFloat(String(y[1])) - parseFloat(String(x[1]))),
      },
      { caption: 'Components in the equilibrium', columns: ['faction', 'slot', 'component', 'weight'], rows: a.components.map((c) => [c.faction, c.slot, c.card, pct(c.weight)]) },
    ],
  );
}

