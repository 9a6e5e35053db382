/**
 * Vega-Lite charts of the balance analyses (src/analysis/balance.ts): component effects
 * with their band, damage per component, stat-sweep curves, the meta-game mixture, the
 * two-faction meta's two mixtures.
 *
 * Why separate from charts.ts: those draw any run's summary; these draw one analysis each,
 * and are only made for the kind that has it. Same conventions: data inlined, n in every
 * tooltip, intervals drawn wherever the figure has one. Charts show the score (draws as
 * half) with pair-aware intervals, the figures the conclusions rest on.
 */
import type { LoadoutSweepAnalysis, MetaAnalysis, StatSweepAnalysis, BalanceAnalysis } from '../analysis/balance.js';
import type { FactionMetaAnalysis } from '../analysis/meta-factions.js';
import { VEGA_LITE_SCHEMA, type VlSpec } from './charts.js';

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
const FLAG_COLOURS = { scale: { domain: ['too strong', 'too weak', 'within band'], range: ['#d62728', '#1f77b4', '#7f7f7f'] } };

/** Each component's model effect in win-rate points: 95% (thick) and corrected (thin) intervals, the band shaded. */
export function componentEffectChart(a: LoadoutSweepAnalysis): VlSpec {
  const values = a.components
    .filter((c) => Number.isFinite(c.effect.points))
    .map((c) => ({
      component: `${c.slot}: ${c.name}${c.effect.perCopy ? ' (per copy)' : ''}`,
      points: num(c.effect.points),
      lo: num(c.effect.lo),
      hi: num(c.effect.hi),
      loC: num(c.effect.loCorrected),
      hiC: num(c.effect.hiCorrected),
      flag: c.flag === 'strong' ? 'too strong' : c.flag === 'weak' ? 'too weak' : 'within band',
      matches: c.matches,
      loadouts: c.loadouts,
    }));
  const y = { field: 'component', type: 'nominal', sort: null, title: null } as const;
  const x = { type: 'quantitative', axis: { format: '+.0%' }, title: 'effect on score (points, vs the average card of its slot)' } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${a.faction}: effect of each component on score`, subtitle: `logistic model of the score (draws as half) over ${a.loadouts} loadouts, ${a.matches} matches; intervals widened for pairs (φ = ${a.dispersion.used.toFixed(2)}); thick: 95%, thin: corrected for ${a.tested} components; shaded: the ±${Math.round(a.band * 100)}-point band` },
    width: 460,
    layer: [
      { data: { values: [{ lo: -a.band, hi: a.band }] }, mark: { type: 'rect', color: '#2ca02c', opacity: 0.12 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', strokeDash: [4, 3], color: '#555' }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
      {
        data: { values },
        layer: [
          { mark: { type: 'rule', strokeWidth: 1 }, encoding: { y, x: { field: 'loC', ...x }, x2: { field: 'hiC' }, color: { field: 'flag', type: 'nominal', title: 'flag', ...FLAG_COLOURS } } },
          { mark: { type: 'rule', strokeWidth: 4 }, encoding: { y, x: { field: 'lo', ...x }, x2: { field: 'hi' }, color: { field: 'flag', type: 'nominal', ...FLAG_COLOURS } } },
          {
            mark: { type: 'point', filled: true, size: 50, color: 'black' },
            encoding: {
              y,
              x: { field: 'points', ...x },
              tooltip: [
                { field: 'component', type: 'nominal' },
                { field: 'points', type: 'quantitative', format: '+.1%', title: 'effect' },
                { field: 'lo', type: 'quantitative', format: '+.1%', title: '95% lo' },
                { field: 'hi', type: 'quantitative', format: '+.1%', title: '95% hi' },
                { field: 'flag', type: 'nominal' },
                { field: 'loadouts', type: 'quantitative' },
                { field: 'matches', type: 'quantitative', title: 'n (matches with it)' },
              ],
            },
          },
        ],
      },
    ],
  } as VlSpec;
}

/** Score of the loadouts with each component against without it (pair-aware Wilson 95%). */
export function withWithoutChart(a: LoadoutSweepAnalysis): VlSpec {
  const values = a.components.flatMap((c) =>
    [
      ['with', c.scoreWith],
      ['without', c.scoreWithout],
    ].map(([k, r]) => {
      const rate = r as LoadoutSweepAnalysis['components'][number]['scoreWith'];
      return { component: `${c.slot}: ${c.name}`, loadouts: k, rate: num(rate.value), lo: num(rate.lo), hi: num(rate.hi), n: rate.n };
    }),
  );
  const y = { field: 'component', type: 'nominal', sort: null, title: null } as const;
  const color = { field: 'loadouts', type: 'nominal', title: 'loadouts', scale: { domain: ['with', 'without'], range: ['#d62728', '#9e9e9e'] } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${a.faction}: score with and without each component`, subtitle: 'points: (wins + draws/2) / matches of the loadouts with (or without) it; bars: Wilson 95% on matches / φ (pairs as the unit)' },
    width: 420,
    data: { values },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, yOffset: { field: 'loadouts' }, color, x: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: 'score' }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 45 },
        encoding: {
          y,
          yOffset: { field: 'loadouts' },
          color,
          x: { field: 'rate', type: 'quantitative' },
          tooltip: [
            { field: 'component', type: 'nominal' },
            { field: 'loadouts', type: 'nominal' },
            { field: 'rate', type: 'quantitative', format: '.1%', title: 'score' },
            { field: 'n', type: 'quantitative', title: 'n (matches)' },
          ],
        },
      },
    ],
  } as VlSpec;
}

/** Damage each weapon component deals per match of the loadouts that hold it (95% interval). */
export function componentDamageChart(a: LoadoutSweepAnalysis): VlSpec {
  const values = a.components
    .filter((c) => c.damagePerMatch && c.damagePerMatch.n > 0)
    .map((c) => ({ component: `${c.slot}: ${c.name}`, damage: num(c.damagePerMatch!.mean), lo: num(c.damagePerMatch!.lo), hi: num(c.damagePerMatch!.hi), n: c.damagePerMatch!.n }));
  const y = { field: 'component', type: 'nominal', sort: null, title: null } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${a.faction}: damage per match by component`, subtitle: 'damage to enemy capital ships per match of the loadouts holding it; bars: 95% interval' },
    width: 420,
    data: { values },
    layer: [
      { mark: { type: 'bar', color: '#ff7f0e' }, encoding: { y, x: { field: 'damage', type: 'quantitative', title: 'damage per match' }, tooltip: [{ field: 'component' }, { field: 'damage', type: 'quantitative', format: '.2f' }, { field: 'n', type: 'quantitative', title: 'n (matches)' }] } },
      { mark: { type: 'rule' }, encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    ],
  } as VlSpec;
}

/** One panel per swept statistic: score against value with pair-aware intervals and the target line. */
export function statSweepChart(a: StatSweepAnalysis): VlSpec {
  const values = a.curves.flatMap((c) =>
    c.points.map((p) => ({ stat: `${c.card}.${c.field}`, value: p.value, rate: num(p.score.value), lo: num(p.score.lo), hi: num(p.score.hi), n: p.matches, pairs: p.pairs })),
  );
  const x = { field: 'value', type: 'quantitative', title: 'value', scale: { zero: false } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${a.subject}: score against each swept statistic`, subtitle: `points: (wins + draws/2) / matches at each value; bars: Wilson 95% on matches / φ (pairs as the unit); dashed: the ${Math.round(a.target * 100)}% target` },
    data: { values },
    facet: { row: { field: 'stat', type: 'nominal', title: null } },
    spec: {
      width: 420,
      height: 160,
      layer: [
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#555' }, encoding: { y: { datum: a.target, type: 'quantitative' } } },
        { mark: { type: 'line', color: '#1f77b4' }, encoding: { x, y: { field: 'rate', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: 'score' } } },
        { mark: { type: 'rule', color: '#1f77b4' }, encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
        {
          mark: { type: 'point', filled: true, size: 50, color: '#1f77b4' },
          encoding: {
            x,
            y: { field: 'rate', type: 'quantitative' },
            tooltip: [
              { field: 'stat', type: 'nominal' },
              { field: 'value', type: 'quantitative' },
              { field: 'rate', type: 'quantitative', format: '.1%', title: 'score' },
              { field: 'lo', type: 'quantitative', format: '.1%' },
              { field: 'hi', type: 'quantitative', format: '.1%' },
              { field: 'n', type: 'quantitative', title: 'n (matches)' },
              { field: 'pairs', type: 'quantitative', title: 'pairs' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { x: 'independent' } },
  } as VlSpec;
}

/** The equilibrium mixture: weight of each entrant, with how often the bootstrap keeps it in the support. */
export function metaMixtureChart(a: MetaAnalysis): VlSpec {
  const values = a.entrants
    .map((name, i) => ({ entrant: name, weight: a.mixture[i], inSupport: a.bootstrap.inSupport[i], meanWeight: a.bootstrap.meanWeight[i], lo: num(a.bootstrap.weightLo?.[i] ?? NaN), hi: num(a.bootstrap.weightHi?.[i] ?? NaN) }))
    .filter((v) => v.weight > 0 || v.inSupport >= 0.2);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: 'The meta: equilibrium mixture of entrants', subtitle: `Nash equilibrium of the symmetric game on the score matrix (one solution); dots: mean weight, lines: 95% range over ${a.bootstrap.replicates} bootstrap replicates of the pairs${a.verdict && a.verdict.status !== 'stable' ? '; the equilibrium is NOT stable (see the text)' : ''}` },
    width: 420,
    data: { values },
    layer: [
      { mark: { type: 'bar', color: '#9467bd' }, encoding: { y: { field: 'entrant', type: 'nominal', sort: '-x', title: null }, x: { field: 'weight', type: 'quantitative', axis: { format: '%' }, title: 'weight in the equilibrium' } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { y: { field: 'entrant', type: 'nominal', sort: '-x' }, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, color: 'black' },
        encoding: {
          y: { field: 'entrant', type: 'nominal', sort: '-x' },
          x: { field: 'meanWeight', type: 'quantitative' },
          tooltip: [
            { field: 'entrant', type: 'nominal' },
            { field: 'weight', type: 'quantitative', format: '.1%' },
            { field: 'meanWeight', type: 'quantitative', format: '.1%', title: 'bootstrap mean weight' },
            { field: 'inSupport', type: 'quantitative', format: '.0%', title: 'in support (bootstrap)' },
          ],
        },
      },
    ],
  } as VlSpec;
}

/** Weight of each component in the equilibrium (the loadouts holding it, summed). */
export function metaComponentChart(a: MetaAnalysis): VlSpec {
  const values = a.components.map((c) => ({ component: `${c.faction} ${c.slot}: ${c.card}`, weight: c.weight }));
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: 'Which components survive in the meta', subtitle: 'share of the equilibrium mixture held by loadouts with the component' },
    width: 420,
    data: { values },
    mark: { type: 'bar', color: '#8c564b' },
    encoding: {
      y: { field: 'component', type: 'nominal', sort: null, title: null },
      x: { field: 'weight', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: 'weight in the equilibrium' },
      tooltip: [{ field: 'component', type: 'nominal' }, { field: 'weight', type: 'quantitative', format: '.1%' }],
    },
  } as VlSpec;
}

/** The charts of an analysis by file name (without extension). */
export function balanceCharts(a: BalanceAnalysis): Record<string, VlSpec> {
  if (a.kind === 'loadout-sweep') return { 'component-effects': componentEffectChart(a), 'with-without': withWithoutChart(a), 'component-damage': componentDamageChart(a) };
  if (a.kind === 'stat-sweep') return { 'stat-sweep': statSweepChart(a) };
  return { 'meta-mixture': metaMixtureChart(a), 'meta-components': metaComponentChart(a) };
}

/**
 * The layers of an equilibrium mixture chart: per row `field`, a bar of the weight, the 95%
 * bootstrap range (lo, hi) and the bootstrap mean weight, with a tooltip of the bootstrap
 * figures (meanWeight, inSupport, outShare, againstMixture).
 */
export function mixtureLayers(field: string, against: string): unknown[] {
  const y = { field, type: 'nominal', sort: { field: 'weight', order: 'descending' }, title: null, axis: { labelLimit: 360 } };
  return [
    { mark: { type: 'bar', color: '#9467bd' }, encoding: { y, x: { field: 'weight', type: 'quantitative', axis: { format: '%' }, title: 'weight in the equilibrium', scale: { domain: [0, 1] } } } },
    { mark: { type: 'rule', color: 'black' }, encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    {
      mark: { type: 'point', filled: true, color: 'black' },
      encoding: {
        y,
        x: { field: 'meanWeight', type: 'quantitative' },
        tooltip: [
          { field, type: 'nominal' },
          { field: 'weight', type: 'quantitative', format: '.1%' },
          { field: 'meanWeight', type: 'quantitative', format: '.1%', title: 'bootstrap mean weight' },
          { field: 'inSupport', type: 'quantitative', format: '.0%', title: 'weighted (bootstrap)' },
          { field: 'outShare', type: 'quantitative', format: '.0%', title: 'out of the equilibria (bootstrap)' },
          { field: 'againstMixture', type: 'quantitative', format: '.1%', title: against },
        ],
      },
    },
  ];
}

/** A two-faction meta: both sides' equilibrium mixtures side by side, each loadout's weight with its bootstrap range. */
export function factionMixtureChart(f: FactionMetaAnalysis): VlSpec {
  const values = f.sides.flatMap((s) =>
    s.loadouts
      .map((name, i) => ({ faction: s.faction, loadout: name, weight: s.mixture[i], meanWeight: s.meanWeight[i], lo: num(s.weightLo[i]), hi: num(s.weightHi[i]), inSupport: s.inSupport[i], againstMixture: s.againstMixture[i], neverWorth: s.neverWorth[i] ? 'never worth playing' : 'played', outShare: s.outShare[i] }))
      .filter((v) => v.weight > 0 || v.inSupport >= 0.05 || v.neverWorth === 'played'),
  );
  const layer = mixtureLayers('loadout', 'score against the other side’s mix');
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `${f.sides[0].faction} against ${f.sides[1].faction}: each side's equilibrium mixture`,
      subtitle: `value of the game: ${f.sides[0].faction} scores ${(100 * f.value.value).toFixed(1)}% [${(100 * f.value.lo).toFixed(1)}, ${(100 * f.value.hi).toFixed(1)}]; bars: weight, dots: mean weight, lines: 95% range over ${f.replicates} bootstrap replicates of the ${f.teamSize ? 'rotation blocks' : 'pairs'}; ${f.teamSize ? 'team compositions' : 'loadouts'} never worth playing are left out`,
    },
    data: { values },
    // One panel per side (a facet would union the two sides' loadout scales).
    vconcat: f.sides.map((s) => ({ title: s.faction, width: 420, transform: [{ filter: { field: 'faction', equal: s.faction } }], layer })),
  } as VlSpec;
}
