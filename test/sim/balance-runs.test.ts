/**
 * The balance analyses end to end, on small real runs with known answers:
 * - a loadout sweep where one main weapon is made deliberately overpowered (a card change)
 *   flags it as too strong;
 * - a stat sweep over a card no ship carries shows no effect at all (identical results at
 *   every value, since every value plays the same seeds);
 * - a meta run gives an equilibrium that no entrant beats;
 * - a meta run of identical entrants (one player entered three times) gives no notable
 *   headline: the equilibrium of a tie is a tie-break, not a finding;
 * - every run writes report.html, which loads in headless chromium with no console
 *   errors and every chart rendered; screenshots go to results/test-screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBatch } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { buildReportModel, type RunAnalysis } from '../../src/report/findings.ts';
import type { LoadoutSweepAnalysis, MetaAnalysis, StatSweepAnalysis } from '../../src/analysis/balance.ts';
import { repoRoot } from '../../src/content/load.ts';
import { checkReportInBrowser } from '../report/browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-balance-'));
const shots = join(repoRoot(), 'results', 'test-screenshots');
const noBrowser = process.env.STAREATER_NO_BROWSER === '1';

async function run(name: string, doc: Record<string, unknown>) {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify({ name, scenario: 'duel', seed: 5, ...doc }));
  const r = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, name) });
  const analysis = JSON.parse(readFileSync(join(r.dir, 'analysis.json'), 'utf8')) as RunAnalysis;
  return { r, analysis };
}

async function expectReportRenders(outDir: string, shot: string) {
  if (noBrowser) return;
  const check = await checkReportInBrowser(join(outDir, 'report.html'), join(shots, shot));
  expect(check.consoleErrors).toEqual([]);
  expect(check.networkRequests).toEqual([]);
  expect(check.charts).toBeGreaterThan(0);
  expect(check.rendered).toEqual(new Array(check.charts).fill('vega'));
}

describe('balance analyses on real runs', () => {
  it('a deliberately overpowered main weapon is flagged too strong', { timeout: 180_000 }, async () => {
    const { r, analysis } = await run('op-sweep', {
      kind: 'loadout-sweep',
      matches: 10,
      field: 'each-other',
      changes: [{ card: 'fpa-hammerfall', field: 'damage', value: 12 }],
      loadouts: { faction: 'fpa', policy: 'gunner', count: 10 },
    });
    expect(r.complete).toBe(true);
    const a = analysis.balance as LoadoutSweepAnalysis;
    expect(a.kind).toBe('loadout-sweep');
    expect(a.loadouts).toBe(10);
    const hammerfall = a.components.find((c) => c.card === 'fpa-hammerfall')!;
    expect(hammerfall.flag).toBe('strong');
    expect(a.verdict.status).toBe('flagged');
    expect(a.dispersion.pairs).toBeGreaterThan(0);
    expect(hammerfall.effect.loCorrected).toBeGreaterThan(a.band);
    expect(a.components.filter((c) => c.flag === 'strong').map((c) => c.card)).toEqual(['fpa-hammerfall']);
    // The report leads with it.
    const model = buildReportModel(r.dir);
    expect(model.headlines.some((h) => h.level === 'warning' && h.text.startsWith('Hammerfall Heavy Cannon (main) looks too strong'))).toBe(true);
    expect(readFileSync(join(r.dir, 'components.csv'), 'utf8').split('\n')[1]).toMatch(/^main,fpa-hammerfall,.*,strong$/);
    await expectReportRenders(r.dir, 'report-loadout-sweep.png');
  });

  it('a sweep over a stat no ship uses shows no effect', { timeout: 120_000 }, async () => {
    // The default FPA loadout carries no Lantern Pathfinder, so its speed cannot matter.
    const { r, analysis } = await run('flat-sweep', {
      kind: 'stat-sweep',
      matches: 20,
      sweep: [{ card: 'fpa-lantern', field: 'speed', values: [2, 4, 6, 8] }],
      players: [
        { name: 'fpa-gunner', policy: 'gunner', faction: 'fpa' },
        { name: 'lamais-brawler', policy: 'brawler', faction: 'lamais' },
      ],
    });
    const a = analysis.balance as StatSweepAnalysis;
    expect(a.curves).toHaveLength(1);
    const rates = a.curves[0].points.map((p) => p.winRate.value);
    expect(new Set(rates).size).toBe(1);
    expect(a.curves[0].points.map((p) => p.matches)).toEqual([20, 20, 20, 20]);
    expect(a.curves[0].effect).toBe(false);
    expect(a.curves[0].slope.estimate).toBeCloseTo(0, 6);
    const model = buildReportModel(r.dir);
    expect(model.headlines.some((h) => h.text.startsWith('fpa-lantern.speed shows no detectable effect'))).toBe(true);
    expect(model.headlines.filter((h) => h.text.startsWith('fpa-lantern')).map((h) => h.level)).toEqual(['info']);
    await expectReportRenders(r.dir, 'report-stat-sweep.png');
  });

  it('a meta run gives a mixture no entrant beats', { timeout: 180_000 }, async () => {
    const { r, analysis } = await run('meta', {
      kind: 'meta',
      matches: 6,
      players: [{ name: 'lamais-default', policy: 'gunner', faction: 'lamais' }],
      loadouts: { faction: 'fpa', policy: 'gunner', count: 5 },
    });
    const a = analysis.balance as MetaAnalysis;
    expect(a.entrants).toHaveLength(6);
    expect(a.mixture.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
    // The equilibrium scores at least one half against every entrant.
    for (let j = 0; j < 6; j++) expect(a.mixture.reduce((s, w, i) => s + w * a.score[i][j], 0)).toBeGreaterThanOrEqual(0.5 - 1e-9);
    await expectReportRenders(r.dir, 'report-meta.png');
  });

  it('a meta run of identical entrants gives no notable headline', { timeout: 180_000 }, async () => {
    const same = { policy: 'gunner', faction: 'fpa', loadout: 'default' };
    const { r, analysis } = await run('meta-null', {
      kind: 'meta',
      matches: 20,
      players: [
        { name: 'fpa-a', ...same },
        { name: 'fpa-b', ...same },
        { name: 'fpa-c', ...same },
      ],
    });
    const a = analysis.balance as MetaAnalysis;
    expect(a.verdict.status).not.toBe('stable');
    const model = buildReportModel(r.dir);
    expect(model.headlines.filter((h) => h.level !== 'info' && /meta|equilibrium|Components absent/.test(h.text))).toEqual([]);
  });

  it("the default experiment's report has the win-rate, damage and seat sections", { timeout: 180_000 }, async () => {
    const { experiment, file } = loadExperiment('default');
    const text = readFileSync(file, 'utf8');
    const r = await runBatch({ file, experiment: { ...experiment, matches: 40 }, text, workers: 2, outDir: join(dir, 'default') });
    const model = buildReportModel(r.dir);
    expect(model.sections.map((s) => s.id)).toEqual(['scenario', 'win-rates', 'damage', 'seat', 'ends', 'section-damage', 'card-usage', 'watch']);
    expect(model.sections.find((s) => s.id === 'win-rates')!.charts.map((c) => c.id)).toEqual(['win-rate']);
    expect(model.sections.find((s) => s.id === 'damage')!.charts.map((c) => c.id)).toEqual(['damage-by-component']);
    expect(model.headlines[0].text).toMatch(/fpa-lookahead|lamais-lookahead/);
    // The run again from the folder's own experiment.yaml (the experiment played, docs/reproducibility.md).
    expect(model.reproduce.join('\n')).toMatch(/run \S*default\/experiment\.yaml --out /);
    await expectReportRenders(r.dir, 'report-default.png');
  });
});
