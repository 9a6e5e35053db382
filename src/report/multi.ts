/**
 * The report's figures for 3- and 4-player runs (tables.csv and pairwise.csv are in
 * csv.ts): the win-share and finishing-place charts, and the report sections (win shares per table and team,
 * finishing order, seat advantage, damage, how matches end).
 *
 * Why apart from the two-player sections (findings.ts, tournament.ts): those speak of A
 * against B, seat-swapped pairs and 50%; here even is 1/T (T teams), the unit is the
 * rotation block, and a finish has a place, not a side. A finding is made only when an
 * interval excludes 1/T, as with 50% for two players.
 */
import type { MultiSummary, MultiTableSummary } from '../analysis/summary-multi.js';
import type { ClusteredMean, ClusteredRate } from '../analysis/stats.js';
import { VEGA_LITE_SCHEMA, type VlSpec } from './charts.js';
import { int, interval, pct, rate, section } from './format.js';
import type { Headline, ReportChart, ReportSection } from './model.js';

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
const mean = (m: ClusteredMean, digits = 2) => (Number.isFinite(m.mean) ? `${m.mean.toFixed(digits)} ${interval(m, (x) => x.toFixed(digits))}` : 'n/a');

/** A share (or score) compared with even (1/T): 'above', 'below' or 'even' (interval covers it) — 'inconclusive' with fewer than 10 blocks. */
export function shareVerdict(r: ClusteredRate, even: number): 'above' | 'below' | 'even' | 'inconclusive' {
  if (!(r.clusters >= 10)) return 'inconclusive';
  if (r.lo > even) return 'above';
  if (r.hi < even) return 'below';
  return 'even';
}

/** Score per entrant and table with its interval (wins, and no-winner matches at 1/T), and a tick at each table's even share 1/T. */
export function multiWinShareChart(m: MultiSummary, title: string): VlSpec {
  const values = m.tables.flatMap((t) =>
    t.players.map((p) => ({
      table: `${t.key} (n=${t.n})`,
      entrant: p.name,
      score: num(p.score.value),
      lo: num(p.score.lo),
      hi: num(p.score.hi),
      share: num(p.winShare.value),
      n: p.n,
      blocks: p.score.clusters,
      even: t.even,
    })),
  );
  const y = { field: 'table', type: 'nominal', title: 'table' } as const;
  const yOffset = { field: 'entrant', type: 'nominal' } as const;
  const color = { field: 'entrant', type: 'nominal', title: 'entrant' } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: title, subtitle: ['points: score = (wins + no-winner matches / T) / matches; bars: 95% interval over rotation blocks', 'grey tick: the even score 1/T (T teams)'] },
    width: 420,
    data: { values },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, yOffset, color, x: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '%' }, title: 'score' }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          y,
          yOffset,
          color,
          x: { field: 'score', type: 'quantitative', scale: { domain: [0, 1] } },
          tooltip: [
            { field: 'entrant', type: 'nominal' },
            { field: 'score', type: 'quantitative', format: '.1%' },
            { field: 'lo', type: 'quantitative', format: '.1%' },
            { field: 'hi', type: 'quantitative', format: '.1%' },
            { field: 'share', type: 'quantitative', format: '.1%', title: 'win share' },
            { field: 'n', type: 'quantitative', title: 'matches' },
            { field: 'blocks', type: 'quantitative' },
          ],
        },
      },
      { mark: { type: 'tick', color: 'gray', thickness: 1 }, encoding: { y, x: { field: 'even', type: 'quantitative' } } },
    ],
  };
}

/** Finishing places per entrant (stacked share of matches at each place). */
export function multiPlaceChart(m: MultiSummary, title: string): VlSpec {
  const values = m.tables.flatMap((t) =>
    t.players.flatMap((p) => p.places.map(([place, count]) => ({ entrant: m.tables.length > 1 ? `${p.name} @ ${t.table}` : p.name, place: String(place), share: count / Math.max(1, p.n), count, n: p.n }))),
  );
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: title, subtitle: 'share of matches finished at each place (1 = first; tied finishers share the mean place)' },
    width: 420,
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'entrant', type: 'nominal', title: 'entrant' },
      x: { field: 'share', type: 'quantitative', stack: 'normalize', axis: { format: '%' }, title: 'matches' },
      color: { field: 'place', type: 'ordinal', title: 'place', scale: { scheme: 'blues', reverse: true } },
      order: { field: 'place', type: 'ordinal' },
      tooltip: [
        { field: 'entrant', type: 'nominal' },
        { field: 'place', type: 'nominal' },
        { field: 'count', type: 'quantitative' },
        { field: 'n', type: 'quantitative', title: 'matches' },
      ],
    },
  };
}

/** The N-player charts by file name. */
export function multiCharts(m: MultiSummary, experiment = ''): Record<string, VlSpec> {
  const pre = experiment ? `${experiment}: ` : '';
  const out: Record<string, VlSpec> = {};
  if (m.tables.length <= 12) {
    out['win-share'] = multiWinShareChart(m, `${pre}score by table`);
    out['places'] = multiPlaceChart(m, `${pre}finishing places`);
  }
  return out;
}

/** The report's sections for an N-player run (headlines pushed into `headlines`). */
export function multiSections(m: MultiSummary, charts: Map<string, ReportChart>, headlines: Headline[]): ReportSection[] {
  const sections: ReportSection[] = [];
  const few = m.tables.length > 12;
  // Scores against the even share (win shares are not tested: with matches nobody wins, equal entrants all sit below 1/T).
  for (const t of m.tables) {
    const even = pct(t.even, 0);
    for (const p of t.players) {
      const v = shareVerdict(p.score, t.even);
      if ((v === 'above' || v === 'below') && Math.abs(p.score.value - t.even) >= 0.02)
        headlines.push({ text: `${p.name} scores ${rate(p.score)} at ${t.key} (wins ${pct(p.winShare.value)}), ${v} the even ${even} (${int(t.blocks)} rotation blocks).`, level: 'notable' });
    }
  }
  const tables = m.tables[0];
  if (m.tables.length === 1 && tables.players.every((p) => shareVerdict(p.score, tables.even) === 'even'))
    headlines.push({ text: `No entrant's score differs detectably from the even ${pct(tables.even, 0)} (${int(tables.blocks)} rotation blocks of ${m.seats} games).`, level: 'info' });
  if (m.tables.some((t) => t.blocks < 10)) headlines.push({ text: 'Some table has fewer than 10 rotation blocks: its figures are inconclusive.', level: 'warning' });
  sections.push(
    section(
      'win-shares',
      'Win shares',
      [
        `${m.tables.length} table${m.tables.length === 1 ? '' : 's'} of ${m.seats} players. Each table plays every seed under every rotation of its seats (a rotation block of ${m.seats} games), so seat advantage cancels; every interval counts blocks, not matches. A team's members win together. The score counts a win 1 and a match nobody won 1/T (T teams), so even is 1/T whatever the draw rate; an entrant is called ahead or behind only when its score interval excludes 1/T.`,
      ],
      [few ? undefined : charts.get('win-share')],
      [
        {
          caption: 'Win share per entrant and table',
          columns: ['table', 'entrant', 'partners', 'wins', 'matches', 'win share [95%]', 'score [95%]', 'even', 'blocks'],
          rows: m.tables.slice(0, 200).flatMap((t) => t.players.map((p) => [t.key, p.name, p.partners.join(', '), p.wins, p.n, rate(p.winShare), rate(p.score), pct(t.even, 1), t.blocks])),
        },
        ...(m.tables.some((t) => t.teamShares.length)
          ? [{ caption: 'Win share per team', columns: ['table', 'team', 'win share [95%]', 'matches'], rows: m.tables.flatMap((t) => t.teamShares.map((tm) => [t.key, tm.members.join(' + '), rate(tm.winShare), t.n])) }]
          : []),
        ...(m.tables.length > 1
          ? [{ caption: 'Win share over all tables (seeds as the unit)', columns: ['entrant', 'wins', 'matches', 'win share [95%]', 'seeds'], rows: m.players.map((p) => [p.name, p.wins, p.n, rate(p.winShare), p.winShare.clusters]) }]
          : []),
      ],
    ),
  );
  // Finishing order
  sections.push(
    section(
      'finishing',
      'Finishing order',
      [
        'Place 1 is the winning side; then whoever stayed in the battle longer (a ship whose Command Corvette escaped or was destroyed has left it). Seats that finish together share the mean of their places. "Left the battle" counts matches in which the entrant left before the end without its side winning; the rounds say when.',
      ],
      [few ? undefined : charts.get('places')],
      [
        {
          caption: 'Places and eliminations',
          columns: ['table', 'entrant', 'mean place [95%]', 'places (place: matches)', 'left the battle', 'left in rounds (round: matches)', 'ships lost', 'escapes', 'kills per match [95%]', 'corvettes killed'],
          rows: m.tables.slice(0, 200).flatMap((t) =>
            t.players.map((p) => [
              t.key,
              p.name,
              mean(p.place),
              p.places.map(([pl, c]) => `${pl}: ${c}`).join(', '),
              `${p.left} of ${p.n}`,
              p.leftRounds.slice(0, 12).map(([r, c]) => `${r}: ${c}`).join(', ') + (p.leftRounds.length > 12 ? ', ...' : ''),
              p.shipsLost,
              p.escapes,
              p.kills ? mean(p.kills, 2) : 'n/a',
              p.corvettesKilled,
            ]),
          ),
        },
        {
          caption: 'Pairwise finishes (entrants on different teams)',
          columns: ['table', 'a', 'b', 'a ahead', 'tied', 'b ahead'],
          rows: m.tables.slice(0, 100).flatMap((t) => t.pairwise.map((p) => [t.key, nameAt(t, p.a), nameAt(t, p.b), p.aAhead, p.tied, p.bAhead])),
          note: 'The ratings rest on these: Bradley-Terry over pairwise finishes, bootstrap over rotation blocks.',
        },
      ],
    ),
  );
  // Seat advantage
  for (const t of m.tables)
    for (const s of t.seats) {
      const v = shareVerdict(s.score, t.even);
      if ((v === 'above' || v === 'below') && Math.abs(s.score.value - t.even) >= 0.02)
        headlines.push({ text: `Seat ${s.seat} scores ${rate(s.score)} at ${t.key}, ${v} the even ${pct(t.even, 0)}: the starting positions favour some seats (the rotation blocks cancel it in the entrants' figures).`, level: 'info' });
    }
  sections.push(
    section('seats', 'Seat advantage', ["Each seat's wins and score over the table's matches (every entrant sits in every seat once per block). Even is 1/T."], [], [
      { caption: 'Score by seat', columns: ['table', 'seat', 'wins', 'score [95%]', 'blocks'], rows: m.tables.slice(0, 200).flatMap((t) => t.seats.map((s) => [t.key, s.seat, s.wins, rate(s.score), s.score.clusters])) },
    ]),
  );
  // Damage and ends
  sections.push(
    section('damage', 'Damage', [m.notes[1] ?? ''], [], [
      { caption: 'Damage per match', columns: ['table', 'entrant', 'dealt to enemy capital ships [95%]', 'taken [95%]', 'matches'], rows: m.tables.slice(0, 200).flatMap((t) => t.players.map((p) => [t.key, p.name, mean(p.dealt, 1), mean(p.taken, 1), p.n])) },
      {
        caption: 'Damage per match, by opponent',
        columns: ['table', 'entrant', 'to', 'dealt per match'],
        rows: m.tables.slice(0, 100).flatMap((t) => t.players.flatMap((p) => (p.dealtTo ?? []).map(([to, v]) => [t.key, p.name, to, v.toFixed(2)]))),
        note: "Damage the entrant dealt to each enemy's capital ship, per match at that table.",
      },
      {
        caption: 'Damage by source',
        columns: ['table', 'entrant', 'source', 'dealt per match', 'shots', 'hits', 'hits per shot'],
        rows: m.tables.slice(0, 50).flatMap((t) => t.players.flatMap((p) => (p.sources ?? []).map((x) => [t.key, p.name, x.source, x.dealtPerMatch.toFixed(2), x.shots, x.hits, x.shots > 0 ? (x.hits / x.shots).toFixed(2) : 'n/a']))),
        note: 'Per match of the entrant at that table; hits per shot is a ratio of event counts (one shot can hit several things).',
      },
    ]),
  );
  const limit = m.roundLimit;
  const all = m.tables.reduce((a, t) => a + t.n, 0);
  if (all > 0 && limit / all >= 0.2) headlines.push({ text: `${pct(limit / all)} of matches (${int(limit)} of ${int(all)}) ended at the round limit.`, level: 'info' });
  sections.push(
    section('ends', 'How matches end, and how long they last', [`${int(limit)} of ${int(all)} matches ended at the round limit.`], [], [
      {
        caption: 'Ends per table',
        columns: ['table', 'matches', 'one side left', 'all destroyed', 'round limit', 'adjudicated', 'no winner [95%]', 'rounds [95%]'],
        rows: m.tables.slice(0, 200).map((t) => [t.key, t.n, t.ends.victory, t.ends.draw, t.ends.drawByLimit, t.ends.adjudicated, rate(t.draws.rate), mean(t.rounds, 1)]),
      },
    ]),
  );
  return sections;
}

const nameAt = (t: MultiTableSummary, index: number) => t.players.find((p) => p.index === index)?.name ?? String(index);
