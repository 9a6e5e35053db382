/**
 * The report's part of a meta at 3 and 4 players (src/analysis/meta-multi.ts): its CSV files,
 * its chart and its section. Apart from balance-sections.ts because the N-player game's
 * answer differs in kind from the two-player one: no value, possibly several equilibria, and
 * a regret instead of an LP optimum; the wording says so rather than borrowing the
 * two-player sentences.
 */
import { SUPPORT_EPS, type MultiMetaAnalysis, type MultiMetaRow } from '../analysis/meta-multi.js';
import type { Cell } from './csv.js';
import { VEGA_LITE_SCHEMA, type VlSpec } from './charts.js';
import { mixtureLayers } from './balance-charts.js';
import type { Headline, ReportChart, ReportSection } from './model.js';
import { interval, pct, section } from './format.js';

const n4 = (x: number): Cell => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : '');
const num = (x: number) => (Number.isFinite(x) ? x : null);

/** meta-multi.csv (one row per composition, then per strategy when sides have several seats) and meta-multi-equilibria.csv (every equilibrium found). */
export function multiMetaCsvRows(a: MultiMetaAnalysis): Record<string, Cell[][]> {
  const rows = (level: string, rs: MultiMetaRow[]) =>
    rs.map((r) => [level, r.name, n4(r.weight), n4(r.meanWeight), n4(r.weightLo), n4(r.weightHi), n4(r.inSupport), n4(r.outShare), n4(r.againstMixture.value), n4(r.againstMixture.lo), n4(r.againstMixture.hi), r.neverWorth ? 1 : 0]);
  return {
    'meta-multi': [
      ['level', 'name', 'weight', 'bootstrap_mean_weight', 'bootstrap_weight_lo', 'bootstrap_weight_hi', 'bootstrap_in_support', 'bootstrap_out', 'score_against_mixture', 'score_against_mixture_lo', 'score_against_mixture_hi', 'never_worth_playing'],
      ...rows(a.sideSize > 1 ? 'composition' : 'strategy', a.compositions),
      ...rows('strategy', a.strategies),
    ],
    'meta-multi-equilibria': [
      ['equilibrium', 'regret', 'basin', ...a.compositions.map((c) => c.name)],
      ...a.equilibria.map((e, k) => [k + 1, n4(e.regret), n4(e.basin), ...e.mixture.map(n4)]),
    ],
  };
}

/** The headline mixture with its bootstrap ranges: compositions, and (teams) each strategy's share of the seats. */
export function multiMetaChart(a: MultiMetaAnalysis, experiment = ''): VlSpec {
  const values = (level: string, rs: MultiMetaRow[]) =>
    rs
      .filter((r) => r.weight > 0 || r.inSupport >= 0.05)
      .map((r) => ({ level, name: r.name, weight: r.weight, meanWeight: r.meanWeight, lo: num(r.weightLo), hi: num(r.weightHi), inSupport: r.inSupport, outShare: r.outShare, againstMixture: r.againstMixture.value }));
  const panels = a.strategies.length ? ['team composition', 'loadout (share of seats)'] : ['loadout'];
  const layer = mixtureLayers('name', `score when the other sides play the mix (even ${pct(a.even)})`);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `${experiment ? `${experiment}: ` : ''}equilibrium of the ${a.seats}-player meta`,
      subtitle: `bars: weight, dots: mean weight, lines: 95% range over ${a.replicates} bootstrap replicates of the rotation blocks; entries never weighted are left out`,
    },
    data: { values: [...values(panels[0], a.compositions), ...values(panels[1] ?? '', a.strategies)] },
    vconcat: panels.map((p) => ({ title: p, width: 420, transform: [{ filter: { field: 'level', equal: p } }], layer })),
  } as VlSpec;
}

/** The section and its headline: the mixture only when the verdict is stable. */
export function multiMetaSection(a: MultiMetaAnalysis, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection {
  const teams = a.sideSize > 1;
  const what = teams ? 'team compositions' : 'loadouts';
  const rows = a.strategies.length ? a.strategies : a.compositions;
  const mix = rows
    .filter((r) => r.weight > SUPPORT_EPS)
    .sort((x, y) => y.weight - x.weight)
    .map((r) => `${r.name} ${pct(r.weight)} ${interval({ lo: r.weightLo, hi: r.weightHi })}`);
  const never = rows.filter((r) => r.neverWorth).map((r) => r.name);
  const shown = (xs: string[]) => (xs.length ? xs.slice(0, 8).join(', ') + (xs.length > 8 ? ` and ${xs.length - 8} more` : '') : 'none');
  if (a.verdict.status === 'stable') headlines.push({ text: `At ${a.seats} players a metagame that adapts settles on ${mix.slice(0, 6).join(', ')}${mix.length > 6 ? ', ...' : ''} (equilibrium ${teams ? 'share of seats' : 'weights'}, 95% bootstrap ranges).`, level: 'notable' });
  else headlines.push({ text: `The ${a.seats}-player meta's equilibrium is uncertain: ${a.verdict.reasons[0]}.`, level: 'info' });
  if (never.length) headlines.push({ text: `${never.length} of ${rows.length} ${teams ? 'loadouts' : what} never worth playing at ${a.seats} players (no best reply in at least 95% of bootstrap replicates): ${shown(never)}.`, level: a.verdict.status === 'stable' ? 'notable' : 'info' });
  const table = (rs: MultiMetaRow[], label: string) => ({
    caption: label === 'loadout' && teams ? 'Loadouts: share of the seats' : `Equilibrium over the ${label === 'loadout' ? 'loadouts' : 'team compositions'}`,
    columns: [label, 'weight', 'bootstrap 95% range', 'weighted (bootstrap)', 'out (bootstrap)', 'score against the mix', '95% interval', 'never worth playing'],
    rows: rs
      .map((r) => ({ r, row: [r.name, pct(r.weight), interval({ lo: r.weightLo, hi: r.weightHi }), pct(r.inSupport, 0), pct(r.outShare, 0), pct(r.againstMixture.value), interval(r.againstMixture), r.neverWorth ? 'yes' : ''] }))
      .sort((x, y) => y.r.weight - x.r.weight || y.r.meanWeight - x.r.meanWeight)
      .map((x) => x.row),
  });
  const eqRows = a.equilibria.map((e, k) => [
    k + 1,
    e.mixture.flatMap((w, c) => (w > SUPPORT_EPS ? [`${a.compositions[c].name} ${pct(w)}`] : [])).join(', '),
    `${(100 * e.regret).toFixed(3)} points`,
    pct(e.basin, 0),
  ]);
  return section(
    'meta-multi',
    `The ${a.seats}-player meta`,
    [
      `${a.sides} sides${teams ? ` of ${a.sideSize} ships` : ''}, each picking one of ${a.compositions.length} ${what}${teams ? ' (a team picks the loadouts of its ships together, all of one faction)' : ''}, met in every combination of ${a.sides} ${what} other than all alike (which is even by symmetry): ${a.profiles} combinations at ${a.tables} tables, one per arrangement around the board (a rotation block turns the seats but keeps who sits after whom, and that order changes the game), each in rotation blocks (${a.blocks} completed blocks in all). A match's scores add to 1 over the sides (a win 1, a match nobody won 1/${a.sides} each), so every side scores ${pct(a.even)} on average whatever is played.`,
      `An equilibrium is a mixture such that, when every other side picks from it, no ${teams ? 'composition' : 'loadout'} scores more than the ones the mixture plays: no side gains by changing alone. With ${a.sides === 2 ? 'two sides the game is zero-sum and one equilibrium comes from a linear programme' : `${a.sides} sides the game is not zero-sum between any two of them (a third side gains from their fight), so there is no value and no linear programme`}; the lab searches (every single ${teams ? 'composition' : 'loadout'}, every pair, replicator dynamics from many starts) and keeps the mixtures no one can beat by more than ${(100 * a.tolerance).toFixed(1)} points. It found ${a.equilibria.length}; a search cannot prove there are no others. The headline mixture's regret is ${(100 * a.regret.point).toFixed(3)} points in the measured game and up to ${(100 * a.regret.hi).toFixed(2)} points (95th percentile) in the bootstrap replicates: that much a side might gain by deviating, given the noise.`,
      `Over ${a.replicates} bootstrap replicates of every table's rotation blocks the game is solved again, and the equilibrium nearest the headline one is followed: each entry's weight range, how often it gets weight, and how often it is out (not a best reply, so without weight). Out in at least 95% of the replicates: never worth playing. "Score against the mix" is its score when every other side plays the headline mixture: those it plays reach the same score, the others fall short by what playing them costs.`,
      a.verdict.status === 'stable' ? `Verdict: stable (one equilibrium found, every entry in or out of it in at least 95% of replicates).` : `Verdict: uncertain (${a.verdict.reasons.join('; ')}).`,
      `Never worth playing: ${shown(never)}.`,
    ],
    [charts.get('meta-multi')],
    [
      ...(teams ? [table(a.compositions, 'team composition')] : []),
      table(rows, 'loadout'),
      { caption: 'Equilibria found', columns: ['#', 'mixture', 'regret', 'share of replicator starts'], rows: eqRows },
    ],
  );
}
