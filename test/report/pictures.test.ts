/**
 * The report's pictures and listed matches (src/report/pictures.ts, src/report/outliers.ts)
 * on a small hand-made matches.csv: card usage counts and the never-used warning, the
 * matches picked per kind, merged with the run's extremes into one row per match, the hull
 * drawing's numbers, and the scenario loaded from a results folder's experiment.yaml.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cardUsage, cardUsageSection, hullDamageSvg, loadMatchTable, loadRunContent, scenarioSection, sectionDamageSection, type MatchTable } from '../../src/report/pictures.js';
import { MAX_REPLAYS, listedMatchesSection, pickMatches, replayIds, watchList } from '../../src/report/outliers.js';
import { tukeyFences, type OutlierReport, type OutlierRow } from '../../src/analysis/outliers.js';
import type { Headline } from '../../src/report/model.js';
import type { Summary } from '../../src/analysis/summary.js';

const dir = mkdtempSync(join(tmpdir(), 'stareater-pictures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FPA = 'fpa-hammerfall+fpa-hornet+fpa-catapult+fpa-sentinel+fpa-mako+fpa-mako+fpa-wasp+fpa-lantern';
const LAM = 'lamais-tyrant+lamais-scattershot+lamais-slipstream+lamais-needle+lamais-kestrel+lamais-kestrel+lamais-striker+lamais-lancer';
const perSeat = ['shots_main', 'shots_broadside', 'shots_pointDefence', 'specials', 'dealt_main', 'dealt_broadside', 'dealt_pointDefence', 'dealt_collision', 'dealt_corvette0', ...[0, 1, 2, 3, 4].map((i) => `corv_launched_${i}`), ...[0, 1, 2, 3, 4].map((i) => `damage_taken_sec${i}`)];
const head = ['id', 'seed', 'seat0_player', 'seat1_player', 'seat0_faction', 'seat1_faction', 'seat0_loadout', 'seat1_loadout', 'winner', 'winner_seat', 'end', 'rounds', ...perSeat.map((c) => `s0_${c}`), ...perSeat.map((c) => `s1_${c}`)];
/** One match: fpa entrant "strong" in seat `fpaSeat`, lamais "weak" in the other; figures per seat. */
function row(id: number, fpaSeat: number, winnerSeat: number, rounds: number, fpa: Partial<Record<string, number>>, lam: Partial<Record<string, number>>): string {
  const seat = (v: Partial<Record<string, number>>) => perSeat.map((c) => v[c] ?? 0);
  const [p, f, l, s] = fpaSeat === 0 ? [['strong', 'weak'], ['fpa', 'lamais'], [FPA, LAM], [seat(fpa), seat(lam)]] : [['weak', 'strong'], ['lamais', 'fpa'], [LAM, FPA], [seat(lam), seat(fpa)]];
  const winner = winnerSeat < 0 ? '' : p[winnerSeat];
  return [id, 1000 + id, ...p, ...f, ...l, winner, winnerSeat < 0 ? '' : winnerSeat, winnerSeat < 0 ? 'draw-by-limit' : 'victory', rounds, ...s[0], ...s[1]].join(',');
}
const rows = [
  row(0, 0, 0, 20, { shots_main: 3, dealt_main: 30, corv_launched_2: 2, damage_taken_sec0: 4 }, { shots_main: 2, dealt_main: 10, corv_launched_0: 1 }),
  row(1, 1, 1, 12, { shots_main: 5, dealt_main: 25, corv_launched_2: 1 }, { shots_main: 1, dealt_main: 5, dealt_collision: 2 }),
  // The upset: weak (lamais, seat 0) wins, dealing almost all its damage by collision.
  row(2, 1, 0, 30, { shots_main: 2, dealt_main: 18 }, { shots_main: 1, dealt_main: 1, dealt_collision: 19, damage_taken_sec1: 3 }),
  row(3, 0, -1, 40, { shots_main: 1, dealt_main: 9 }, { shots_main: 1, dealt_main: 8 }),
];
writeFileSync(join(dir, 'matches.csv'), [head.join(','), ...rows].join('\n') + '\n');
writeFileSync(join(dir, 'experiment.yaml'), 'name: t\nkind: batch\nscenario: duel\nmatches: 4\nseed: 1\nplayers:\n  - { name: strong, policy: rammer, faction: fpa }\n  - { name: weak, policy: rammer, faction: lamais }\n');
const summary = { playerStats: [{ name: 'strong', faction: 'fpa', n: 4, score: { value: 0.7 }, damageTaken: [] }, { name: 'weak', faction: 'lamais', n: 4, score: { value: 0.3 }, damageTaken: [] }] } as unknown as Summary;

describe('pictures and listed matches from matches.csv', () => {
  const m = loadMatchTable(dir) as MatchTable;
  const content = loadRunContent(dir);

  it('loads the scenario and tables from the folder, and draws every ship at its start', () => {
    expect(content?.scenarioName).toBe('duel');
    const s = scenarioSection(content, null)!;
    expect(s.html).toContain('<svg class="scenario"');
    expect(s.html?.match(/class="start-ship"/g)).toHaveLength(2);
    expect(s.html).toContain('seat 0: FPA hull, facing N');
  });

  it('counts each card carried, its uses, and warns for a card never used', () => {
    const uses = cardUsage(m, content!.tables);
    const get = (entrant: string, card: string) => uses.find((u) => u.entrant === entrant && u.card === card)!;
    expect(get('strong', 'fpa-hammerfall')).toMatchObject({ carried: 4, usedIn: 4, uses: 11, verb: 'fired', slot: 'main weapon' });
    expect(get('strong', 'fpa-mako')).toMatchObject({ carried: 4, usedIn: 2, uses: 3, verb: 'launched' }); // carried twice, counted once
    expect(get('strong', 'fpa-catapult')).toMatchObject({ uses: 3, verb: 'launched', slot: 'hangar' });
    expect(get('strong', 'fpa-lantern')).toMatchObject({ carried: 4, uses: 0 });
    const headlines: Headline[] = [];
    const section = cardUsageSection(uses, headlines);
    expect(headlines.map((h) => h.text)).toContain("strong's corvette card Lantern Scout (fpa-lantern) was never launched: carried in 4 matches, launched in none.".replace('Lantern Scout', get('strong', 'fpa-lantern').name));
    expect(headlines.every((h) => h.level === 'warning')).toBe(true);
    expect(section.tables[0].rows.find((r) => r[2] === `${get('strong', 'fpa-lantern').name} (fpa-lantern)`)?.[7]).toBe('never launched');
  });

  it('picks upsets, closest, longest, shortest and one-component matches, and bounds the replays', () => {
    const picks = pickMatches(m, summary, content!.tables);
    const ids = (kind: string) => picks.filter((p) => p.kind === kind).map((p) => p.id);
    expect(ids('upset')).toEqual([2]);
    expect(ids('longest')[0]).toBe(3);
    expect(ids('shortest')[0]).toBe(1);
    expect(ids('one component')[0]).toBe(0); // strong's main weapon dealt all its 30
    expect(ids('closest')[0]).toBe(2); // 20 against 18 (match 3 is a draw and not a candidate)
    expect(picks.find((p) => p.kind === 'upset')?.why).toContain('beat strong');
    expect(replayIds(picks).length).toBeLessThanOrEqual(MAX_REPLAYS);
  });

  it("merges the picks with the run's extremes (analysis.json): one row per match, every reason in it, outliers marked", () => {
    const picks = pickMatches(m, summary, content!.tables);
    // The run's extremes of these four matches (lengths 20, 12, 30, 40; damage 40, 32, 38, 17),
    // as the runner keeps them; match 3 is flagged beyond the length fence.
    const x = (id: number, kind: OutlierRow['kind'], rounds: number, damage: number, outlier = false): OutlierRow => ({ id, seed: 1000 + id, rounds, damage, players: id % 2 ? [1, 0] : [0, 1], winner: 0, status: 1, kind, outlier, end: 'victory' });
    const fences = tukeyFences([0, 1, 1, 1, 1]);
    const extremes: OutlierReport = {
      n: 4,
      rounds: fences,
      damage: fences,
      flagged: 1,
      rows: [x(1, 'short', 12, 32), x(0, 'short', 20, 40), x(2, 'short', 30, 38), x(3, 'short', 40, 17), x(3, 'long', 40, 17, true), x(2, 'long', 30, 38), x(0, 'long', 20, 40), x(1, 'long', 12, 32), x(0, 'damage', 20, 40), x(2, 'damage', 30, 38), x(1, 'damage', 12, 32), x(3, 'damage', 40, 17)],
    };
    const rows = watchList(picks, extremes, ['strong', 'weak']);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...new Set([...picks.map((p) => p.id), 0, 1, 2])].sort()).toEqual([...ids].sort());
    const r3 = rows.find((r) => r.id === 3)!;
    expect(r3.kinds).toEqual(['longest']);
    expect(r3.why).toEqual(["40 rounds, beyond Tukey's fence"]);
    expect(r3.outlier).toBe(true);
    expect(rows.find((r) => r.id === 0)!.kinds).toEqual(expect.arrayContaining(['one component', 'bloodiest']));
    expect(rows.find((r) => r.id === 0)!.why).toContain('40 damage dealt in all');
    // The fourth of a kind is left out unless it is beyond a fence (match 3 is the 4th bloodiest).
    expect(r3.kinds).not.toContain('bloodiest');
    const headlines: Headline[] = [];
    const section = listedMatchesSection(dir, rows, extremes, 'x.yaml', headlines);
    expect(section.id).toBe('watch');
    for (const id of ids) expect(section.html!.match(new RegExp(`<tr[^>]*data-id="${id}"`, 'g'))).toHaveLength(1);
    expect(section.html).toContain('data-outlier="1"');
    expect(headlines.map((h) => h.text)).toContain('1 outlier match (very short, very long or very bloody) is listed under Matches to watch.');
    expect(section.paragraphs.join(' ')).toContain('Quartiles over 4 matches');
  });

  it("shows the experiment's changes: a changed card's numbers as played with its printed ones beneath, and the changed hull in the scenario picture", () => {
    const changed = mkdtempSync(join(tmpdir(), 'stareater-pictures-changed-'));
    try {
      writeFileSync(join(changed, 'matches.csv'), [head.join(','), ...rows].join('\n') + '\n');
      writeFileSync(
        join(changed, 'experiment.yaml'),
        'name: t\nkind: batch\nscenario: duel\nmatches: 4\nseed: 1\nbaseline: false\nchanges:\n  - { card: fpa-hammerfall, field: damage, value: 9 }\n  - { card: fpa-hull, field: structure, value: 20 }\nplayers:\n  - { name: strong, policy: rammer, faction: fpa }\n  - { name: weak, policy: rammer, faction: lamais }\n',
      );
      const c = loadRunContent(changed)!;
      expect(c.changes).toHaveLength(2);
      const uses = cardUsage(loadMatchTable(changed)!, c.tables);
      const html = scenarioSection(c, uses)!.html!;
      const card = (id: string) => html.match(new RegExp(`<div class="card[^"]*" data-card="${id}"[^>]*>.*?</div></div>`))?.[0] ?? '';
      expect(card('fpa-hammerfall')).toContain('data-changed="1"');
      expect(card('fpa-hammerfall')).toContain('damage 9, speed 2, cooldown 3');
      expect(card('fpa-hammerfall')).toContain('printed: damage 4, speed 2, cooldown 3');
      // An unchanged card says nothing of changes; the unchanged run shows the printed numbers.
      expect(card('fpa-hornet')).not.toContain('data-changed');
      expect(scenarioSection(content, cardUsage(m, content!.tables))!.html).toContain('damage 4, speed 2, cooldown 3');
      // The scenario picture: the FPA hull's structure as played; Lamais's as printed.
      expect(html).toMatch(/seat \d: FPA hull[^<]*<\/text>\s*<text class="hull-numbers"[^>]*>structure 20,/);
      expect(scenarioSection(content, null)!.html).not.toContain('structure 20,');
    } finally {
      rmSync(changed, { recursive: true, force: true });
    }
  });

  it('draws each faction hull with its sections damage per match', () => {
    const s = sectionDamageSection(summary, content!.tables, m)!;
    const fpaBow = s.tables[0].rows.find((r) => r[0] === 'FPA' && r[1] === 'bow');
    expect(fpaBow?.[2]).toBe(1); // 4 damage over 4 matches
    expect(s.html).toContain('data-faction="fpa"');
    const svg = hullDamageSvg(content!.tables.factions[0].hull, [1, 0, 0, 0, 0]);
    expect(svg.match(/<polygon/g)?.length).toBe(content!.tables.factions[0].hull.hexCount);
  });
});
