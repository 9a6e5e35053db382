/**
 * The panel of play styles (docs/panel.md): the schema accepts a panel on the balance kinds
 * and refuses it, saying why and where, elsewhere; a style's experiment replaces every
 * policy; a small real panel's panel.json says what each style's own summary.json says; and
 * the agreement is worded from the figures (favoured only where an interval excludes 50%).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadExperiment, loadoutSides, DEFAULT_PANEL_STYLES } from '../../src/sim/experiment.ts';
import { ConfigError } from '../../src/content/errors.ts';
import { prepare } from '../../src/sim/play.ts';
import { playerLabels, runPanel, styleExperiment, styleMatches } from '../../src/run/panel.ts';
import { agreement, favoured, type CrossingInterval, type PanelQuestion, type PanelResult, type StyleFigures } from '../../src/report/panel-report.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-panel-'));
const root = join(import.meta.dirname, '..', '..');

function write(name: string, doc: Record<string, unknown>): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify({ name, scenario: 'duel', seed: 5, ...doc }));
  return file;
}

const duel = [
  { name: 'fpa-rammer', policy: 'rammer', faction: 'fpa' },
  { name: 'lamais-rammer', policy: 'rammer', faction: 'lamais', params: { maxSpeed: 1 } },
];
const KINDS: Record<string, Record<string, unknown>> = {
  batch: { kind: 'batch', matches: 10, players: duel },
  'stat-sweep': { kind: 'stat-sweep', matches: 10, players: duel, sweep: [{ card: 'lamais-tyrant', field: 'damage', values: [2, 5] }] },
  'loadout-sweep': { kind: 'loadout-sweep', matches: 10, field: 'each-other', loadouts: { faction: 'fpa', policy: 'gunner', count: 4 } },
  meta: { kind: 'meta', matches: 10, players: duel, loadouts: { faction: 'fpa', policy: 'gunner', count: 3 } },
  tournament: { kind: 'tournament', matches: 10, players: duel },
  gauntlet: { kind: 'gauntlet', matches: 10, players: duel },
  compare: { kind: 'compare', matches: 10, players: duel },
};

function loadError(file: string): ConfigError {
  try {
    loadExperiment(file);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error(`${file} loaded without an error`);
}

describe('panel schema', () => {
  it.each(['batch', 'stat-sweep', 'loadout-sweep', 'meta'])('accepts a panel on a %s', (kind) => {
    const ex = loadExperiment(write(`ok-${kind}`, { ...KINDS[kind], panel: { styles: ['gunner', { style: 'mcts', matches: 4, params: { iterations: 50 } }] } })).experiment;
    expect(ex.panel!.styles.map((s) => [s.name, s.style, s.matches, s.params])).toEqual([
      ['gunner', 'gunner', undefined, {}],
      ['mcts', 'mcts', 4, { iterations: 50 }],
    ]);
  });

  it.each([['default'], [{}], [{ styles: 'default' }]])('panel: %j is the default list', (panel) => {
    const ex = loadExperiment(write('default-panel', { ...KINDS.batch, matches: 400, panel })).experiment;
    expect(ex.panel!.styles.map((s) => s.style)).toEqual(['gunner', 'brawler', 'carrier', 'turtle', 'rammer', 'lookahead', 'mcts']);
    expect(DEFAULT_PANEL_STYLES.map((s) => s.style)).toEqual(ex.panel!.styles.map((s) => s.style));
    // The slow styles play fewer by default; an explicit count wins.
    expect(ex.panel!.styles.map((s) => styleMatches(ex, s))).toEqual([400, 400, 400, 400, 400, 100, 20]);
    expect(styleMatches(ex, ex.panel!.styles[6], 7)).toBe(8);
  });

  it.each(['tournament', 'gauntlet', 'compare'])('refuses a panel on a %s, saying why', (kind) => {
    const e = loadError(write(`bad-${kind}`, { ...KINDS[kind], panel: 'default' }));
    expect(e.path).toBe('panel');
    expect(e.message).toContain(`no panel on a ${kind}`);
    expect(e.message).toMatch(/replaces every policy by one style/);
    expect(e.message).toContain('panels are for batch, stat-sweep, loadout-sweep and meta');
  });

  it('refuses an unknown style, naming its place and the bots on offer', () => {
    const e = loadError(write('bad-style', { ...KINDS.batch, panel: { styles: ['gunner', { style: 'gunnr' }] } }));
    expect(e.path).toBe('panel.styles[1]');
    expect(e.message).toMatch(/bad-style\.yaml: at panel\.styles\[1\]: expected a bot in bots\/ \(.*brawler.*gunner.*\), got "gunnr"/);
  });

  it('refuses a style listed twice under one name, and a panel that is not a list of styles', () => {
    expect(loadError(write('twice', { ...KINDS.batch, panel: { styles: ['gunner', 'gunner'] } })).message).toMatch(/at panel\.styles\[1\]: expected a style different from panel\.styles\[0\]/);
    loadExperiment(write('twice-named', { ...KINDS.batch, panel: { styles: ['gunner', { style: 'gunner', name: 'gunner-b' }] } }));
    expect(loadError(write('panel-typo', { ...KINDS.batch, panel: { style: ['gunner'] } })).message).toMatch(/at panel/);
  });

  it("a style's bad params are refused before any match, naming the panel's entry", async () => {
    const file = write('bad-params', { ...KINDS.batch, panel: { styles: ['brawler', { style: 'gunner', params: { maxSpeed: 9 } }] } });
    const err = await runPanel({ ...loadExperiment(file), outDir: join(dir, 'bad-params-out'), log: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).path).toBe('panel.styles[1].params');
    expect((err as ConfigError).message).toContain('bad-params.yaml: at panel.styles[1].params: expected parameters gunner accepts');
    expect(existsSync(join(dir, 'bad-params-out'))).toBe(false);
  });

  it('a bad style exits 2 from the command line with the file and place', () => {
    const file = write('cli-bad-style', { ...KINDS.batch, panel: { styles: ['nobody'] } });
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'run', file, '--no-progress'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${file}: at panel.styles[0]: expected a bot in bots/`);
  });
});

describe('the shipped panel.yaml', () => {
  it('asks the default question under seven styles, the slow ones with fewer matches, and every style prepares', async () => {
    const { file, experiment } = loadExperiment('panel');
    expect(experiment.kind).toBe('batch');
    expect(experiment.panel!.styles.map((s) => `${s.style}:${styleMatches(experiment, s)}`)).toEqual(['gunner:400', 'brawler:400', 'carrier:400', 'turtle:400', 'rammer:400', 'lookahead:100', 'mcts:16']);
    expect(playerLabels(experiment)).toEqual(['fpa', 'lamais']);
    for (const s of experiment.panel!.styles) {
      const prep = await prepare(file, styleExperiment(experiment, s, dir));
      expect(prep.plan.entrants.map((e) => [e.policy, e.faction])).toEqual([
        [s.style, 'fpa'],
        [s.style, 'lamais'],
      ]);
    }
  });
});

describe("a style's experiment", () => {
  it('replaces every policy by the style, its params only, and renames the players that named the policy', () => {
    const meta = loadExperiment(write('meta-style', { ...KINDS.meta, players: [duel[0], { ...duel[1], name: 'lamais' }], panel: { styles: [{ style: 'gunner', params: { maxSpeed: 3 } }] } })).experiment;
    const sub = styleExperiment(meta, meta.panel!.styles[0], dir);
    expect(sub.players.map((p) => [p.name, p.policy, p.params])).toEqual([
      ['fpa-gunner', 'gunner', { maxSpeed: 3 }],
      ['lamais', 'gunner', { maxSpeed: 3 }],
    ]);
    expect(loadoutSides(sub).map((l) => [l.spec.policy, l.spec.params])).toEqual([['gunner', { maxSpeed: 3 }]]);
    expect(sub.panel).toBeUndefined();
    expect(sub.name).toBe('meta-style-gunner');
    // The question's names do not depend on the style.
    expect(playerLabels(meta)).toEqual(['fpa', 'lamais']);
    expect(meta.players[0].policy).toBe('rammer');
  });
});

describe('a small real panel', () => {
  it('runs each style into its own results folder, and panel.json agrees with each summary.json', { timeout: 120_000 }, async () => {
    const file = write('real', { kind: 'batch', matches: 20, players: duel, outputs: { charts: false }, panel: { styles: ['gunner', 'brawler', { style: 'rammer', matches: 10 }] } });
    const lines: string[] = [];
    const out = join(dir, 'real-out');
    const r = await runPanel({ ...loadExperiment(file), workers: 2, outDir: out, log: (l) => lines.push(l) });
    expect(r.complete).toBe(true);
    const panel = JSON.parse(readFileSync(join(out, 'panel.json'), 'utf8')) as PanelResult;
    expect(panel.question.players).toEqual(['fpa', 'lamais']);
    expect(panel.styles.map((s) => s.name)).toEqual(['gunner', 'brawler', 'rammer']);
    for (const s of panel.styles) {
      const summary = JSON.parse(readFileSync(join(out, s.name, 'summary.json'), 'utf8'));
      const p = summary.pairings[0];
      expect(summary.players.map((x: { policy: string }) => x.policy)).toEqual([s.style, s.style]);
      expect(s.matchesPlayed).toBe(summary.matchesPlayed);
      expect(s.batch!.score.n).toBe(p.pentanomial.n);
      expect(s.batch!.score.mean).toBe(p.pentanomial.score.mean);
      expect([s.batch!.score.lo, s.batch!.score.hi]).toEqual([p.pentanomial.score.lo, p.pentanomial.score.hi]);
      expect(existsSync(join(out, s.name, 'report.html'))).toBe(true);
      // Each style's folder runs alone from its own experiment file, without the panel.
      const own = loadExperiment(join(out, s.name, 'experiment.yaml')).experiment;
      expect(own.panel).toBeUndefined();
      expect(own.players.map((x) => x.policy)).toEqual([s.style, s.style]);
    }
    expect(panel.styles.map((s) => s.matchesPlayed)).toEqual([20, 20, 10]);
    expect(panel.agreement.headline).toContain('gunner');
    const csv = readFileSync(join(out, 'panel.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(4);
    expect(csv[1]).toMatch(/^gunner,gunner,,20,true,fpa,lamais,10,/);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    for (const s of ['gunner', 'brawler', 'rammer']) expect(html).toContain(`href="${s}/report.html"`);
    expect(html).toContain(panel.agreement.headline.replace(/'/g, '&#39;'));
    // The score chart, inline and beside the report.
    expect(html).toMatch(/<figure class="chart"><svg/);
    expect(existsSync(join(out, 'charts', 'panel-score.svg'))).toBe(true);
    expect(lines.filter((l) => /^\[\d\/3\] /.test(l))).toHaveLength(3);
    expect(lines[0]).toBe('[1/3] gunner (gunner): 20 matches per pairing, 20 in all');
    // Resuming a finished panel plays nothing and gives the same answer.
    const again: string[] = [];
    const r2 = await runPanel({ ...loadExperiment(file), workers: 2, resume: out, log: (l) => again.push(l) });
    expect(again.filter((l) => l.endsWith(': already finished'))).toHaveLength(3);
    expect(r2.result.styles).toEqual(panel.styles);
    expect(r2.result.agreement).toEqual(panel.agreement);
    // A style stopped before its first checkpoint (its files there, no checkpoint) plays again from the start.
    rmSync(join(out, 'rammer', 'summary.json'));
    const third: string[] = [];
    const r3 = await runPanel({ ...loadExperiment(file), workers: 2, resume: out, log: (l) => third.push(l) });
    expect(third.filter((l) => l.endsWith(': already finished'))).toHaveLength(2);
    expect(r3.result.agreement).toEqual(panel.agreement);
    expect(r3.result.styles.map((s) => s.matchesPlayed)).toEqual([20, 20, 10]);
    // A panel whose question changed since is not resumed into the old folder.
    const changed = write('real', { kind: 'batch', matches: 20, seed: 6, players: duel, outputs: { charts: false }, panel: { styles: ['gunner', 'brawler', { style: 'rammer', matches: 10 }] } });
    await expect(runPanel({ ...loadExperiment(changed), workers: 2, resume: out, log: () => {} })).rejects.toThrow(/at \(root\): expected the same experiment as the panel in .* \(style gunner changed since\)/);
  });

  it('a stopped panel keeps what it played, starts no further style, and says so', { timeout: 120_000 }, async () => {
    const file = write('stopped', { kind: 'batch', matches: 8, players: duel, outputs: { charts: false }, panel: { styles: ['mcts', 'gunner'] } });
    const out = join(dir, 'stopped-out');
    const stop = new AbortController();
    const r = await runPanel({ ...loadExperiment(file), workers: 2, outDir: out, signal: stop.signal, log: (l) => l.startsWith('[1/2]') && setTimeout(() => stop.abort(), 200) });
    expect(r.complete).toBe(false);
    const panel = JSON.parse(readFileSync(join(out, 'panel.json'), 'utf8')) as PanelResult;
    expect(panel.complete).toBe(false);
    expect(panel.styles.map((s) => [s.name, s.complete])).toEqual([['mcts', false]]);
    expect(panel.styles[0].matchesPlayed).toBeLessThan(8);
    expect(existsSync(join(out, 'gunner'))).toBe(false);
    expect(panel.agreement.details[0]).toMatch(/^The panel stopped after 1 of 2 styles; the answer rests on those\. Continue with: stareater run .*stopped\.yaml --resume /);
  });

  it('a stat sweep panel reads each style\'s crossings from its analysis.json', { timeout: 120_000 }, async () => {
    const file = write('real-sweep', { ...KINDS['stat-sweep'], outputs: { charts: false }, panel: { styles: ['gunner', 'brawler'] } });
    const out = join(dir, 'real-sweep-out');
    await runPanel({ ...loadExperiment(file), workers: 2, outDir: out, log: () => {} });
    const panel = JSON.parse(readFileSync(join(out, 'panel.json'), 'utf8')) as PanelResult;
    for (const s of panel.styles) {
      const analysis = JSON.parse(readFileSync(join(out, s.name, 'analysis.json'), 'utf8'));
      expect(s.statSweep!.curves.map((c) => [c.crossing, c.interval.status])).toEqual(analysis.balance.curves.map((c: { crossing: number | null; crossingInterval: { status: string } }) => [c.crossing, c.crossingInterval.status]));
    }
    expect(panel.agreement.headline).toContain('lamais-tyrant.damage');
  });
});

// ---------------------------------------------------------------------------------------
// Agreement wording from synthetic figures

const q: PanelQuestion = { experiment: 'x', kind: 'batch', file: 'x.yaml', players: ['FPA', 'Lamais'] };
function batch(name: string, mean: number, lo: number, hi: number, n = 100): StyleFigures {
  const r = { value: mean, lo, hi, n: 2 * n };
  return { name, style: name, params: {}, dir: name, complete: true, matchesPlanned: 2 * n, matchesPlayed: 2 * n, seconds: 1, batch: { score: { mean, lo, hi, n }, matchScore: r, winRateA: r, winRateB: r, matches: 2 * n } };
}

describe('panel agreement wording', () => {
  it('favoured under every style', () => {
    const a = agreement(q, [batch('gunner', 0.85, 0.8, 0.9), batch('brawler', 1, 0.97, 1), batch('mcts', 0.9, 0.7, 1, 10)]);
    expect(a.verdict).toBe('all');
    expect(a.headline).toBe("FPA favoured over Lamais under 3 of 3 styles (gunner, brawler and mcts): FPA's pair score 85-100%, every interval excluding 50%.");
  });

  it('the other side favoured under every style', () => {
    const a = agreement(q, [batch('gunner', 0.2, 0.1, 0.3), batch('turtle', 0.3, 0.2, 0.4)]);
    expect(a.verdict).toBe('all');
    expect(a.headline).toMatch(/^Lamais favoured over FPA under 2 of 2 styles \(gunner and turtle\)/);
  });

  it('depends on style, naming each group', () => {
    const a = agreement(q, [batch('gunner', 0.9, 0.85, 0.95), batch('rammer', 0.56, 0.45, 0.67), batch('turtle', 0.3, 0.2, 0.4)]);
    expect(a.verdict).toBe('depends');
    expect(a.headline).toBe(
      "FPA vs Lamais depends on style: FPA favoured under 1 of 3 styles (gunner; FPA's score 90%); Lamais favoured under 1 of 3 styles (turtle; FPA's score 30%); no detectable difference under 1 of 3 styles (rammer; FPA's score 56%).",
    );
  });

  it('no detectable difference, even with a point score far from 50%, when every interval includes it', () => {
    const a = agreement(q, [batch('gunner', 0.6, 0.49, 0.71), batch('brawler', 0.45, 0.3, 0.6)]);
    expect(a.verdict).toBe('none');
    expect(a.headline).toBe("No detectable difference between FPA and Lamais under 2 of 2 styles (gunner and brawler): FPA's pair score 45-60%, every interval including 50%.");
  });

  it('an interval that only just touches 50% is not favoured', () => {
    expect(favoured(batch('a', 0.6, 0.5, 0.7).batch!)).toBe(null);
    expect(favoured(batch('a', 0.6, 0.5001, 0.7).batch!)).toBe('A');
  });

  it('a zero-width pair interval (every pair alike) falls back to the per-match interval', () => {
    const s = batch('brawler', 1, 1, 1, 3);
    s.batch!.matchScore = { value: 1, lo: 0.45, hi: 1, n: 6 };
    expect(favoured(s.batch!)).toBe(null);
    s.batch!.matchScore = { value: 1, lo: 0.72, hi: 1, n: 20 };
    expect(favoured(s.batch!)).toBe('A');
  });

  it('says which runs are incomplete', () => {
    const s = { ...batch('mcts', 0.9, 0.8, 1), complete: false, matchesPlayed: 6, matchesPlanned: 20 };
    expect(agreement(q, [s]).details).toContain("mcts's run is incomplete (6 of 20 matches); its figures rest on those.");
  });

  const sweep = (name: string, crossing: number | null, status: CrossingInterval['status'], lo = NaN, hi = NaN, side: 'above' | 'below' | null = null, share = 1): StyleFigures => ({
    ...batch(name, 0.5, 0.4, 0.6),
    batch: undefined,
    statSweep: { target: 0.5, curves: [{ card: 'lamais-tyrant', field: 'damage', crossing, interval: { status, lo, hi, share, side }, effect: true, slope: { estimate: 0.5, lo: 0.3, hi: 0.7 }, values: [1, 2, 3, 4, 5, 6, 7] }] },
  });
  const sq = { ...q, kind: 'stat-sweep', players: ['lamais'] };

  it('stat sweep: crossings whose intervals overlap agree, apart they depend on style, none crossing is said so', () => {
    const a = agreement(sq, [sweep('gunner', 4.93, 'crosses', 4.2, 5.6), sweep('brawler', 5.3, 'crosses', 4.8, 6.1)]);
    expect(a.verdict).toBe('all');
    expect(a.headline).toBe("The even points agree under 2 of 2 styles (gunner and brawler). lamais-tyrant.damage: lamais's score crosses 50% at 4.93 [4.2, 5.6] under gunner, 5.3 [4.8, 6.1] under brawler; the intervals overlap (4.8-5.6).");
    const d = agreement(sq, [sweep('gunner', 4.93, 'crosses', 4.2, 5.6), sweep('lookahead', 6.5, 'crosses', 5.9, 7), sweep('turtle', null, 'does-not-cross', NaN, NaN, 'above', 0), sweep('mcts', 5, 'inconclusive', NaN, NaN, null, 0.6)]);
    expect(d.verdict).toBe('depends');
    expect(d.headline).toContain(
      "lamais-tyrant.damage: where lamais's score crosses 50% depends on style: it crosses at 4.93 [4.2, 5.6] under gunner, 6.5 [5.9, 7] under lookahead; stays above under turtle within 1-7; inconclusive under mcts (60% of mcts's replicates cross).",
    );
    // Both cross, but their intervals do not meet.
    expect(agreement(sq, [sweep('gunner', 4.93, 'crosses', 4.2, 5.6), sweep('lookahead', 7.86, 'crosses', 7.1, 8.5)]).verdict).toBe('depends');
    const n = agreement(sq, [sweep('gunner', null, 'does-not-cross', NaN, NaN, 'above', 0), sweep('turtle', null, 'does-not-cross', NaN, NaN, 'above', 0.01)]);
    expect(n.verdict).toBe('none');
    expect(n.headline).toContain("lamais-tyrant.damage: no style's curve crosses 50% within 1-7; lamais's score stays above under 2 of 2 styles.");
    // Above under one style and below under another is no agreement.
    expect(agreement(sq, [sweep('gunner', null, 'does-not-cross', NaN, NaN, 'above', 0), sweep('turtle', null, 'does-not-cross', NaN, NaN, 'below', 0)]).verdict).toBe('depends');
  });

  it("a style whose own analysis is inconclusive is named with its reasons", () => {
    const s = { ...sweep('mcts', 5, 'inconclusive'), verdict: { status: 'inconclusive', reasons: ['some value has only 4 completed pairs (fewer than 10)'] } };
    expect(agreement(sq, [s]).details).toContain("mcts's own analysis is inconclusive: some value has only 4 completed pairs (fewer than 10).");
  });

  const components = (name: string, flags: Record<string, 'strong' | 'weak' | null>): StyleFigures => ({
    ...batch(name, 0.5, 0.4, 0.6),
    batch: undefined,
    loadoutSweep: { faction: 'fpa', band: 0.05, tested: 3, components: Object.entries(flags).map(([card, flag]) => ({ slot: 'main', card, name: card, points: 0.1, loCorrected: 0.06, hiCorrected: 0.14, flag })) },
  });
  const lq = { ...q, kind: 'loadout-sweep' };

  it('loadout sweep: which components are flagged under which styles', () => {
    expect(agreement(lq, [components('gunner', { hammer: null, lance: null }), components('brawler', { hammer: null, lance: null })]).verdict).toBe('none');
    const all = agreement(lq, [components('gunner', { hammer: 'strong', lance: null }), components('brawler', { hammer: 'strong', lance: null })]);
    expect(all.verdict).toBe('all');
    expect(all.headline).toBe('The 2 styles (gunner and brawler) flag the same fpa components: hammer (main) too strong under 2 of 2 styles (gunner and brawler).');
    const d = agreement(lq, [components('gunner', { hammer: 'strong', lance: null }), components('brawler', { hammer: 'weak', lance: 'weak' })]);
    expect(d.verdict).toBe('depends');
    expect(d.headline).toContain('hammer (main) too strong under 1 of 2 styles (gunner) but too weak under 1 of 2 styles (brawler). lance (main) too weak under 1 of 2 styles (brawler).');
  });

  const meta = (name: string, mixture: number[]): StyleFigures => ({ ...batch(name, 0.5, 0.4, 0.6), batch: undefined, meta: { entrants: ['fpa-x', 'lamais-x', 'L1', 'L2'], mixture, inSupport: mixture.map((w) => (w > 0 ? 1 : 0)) } });
  const mq = { ...q, kind: 'meta', players: ['fpa', 'lamais'] };

  it("meta: each style's equilibrium support", () => {
    const same = agreement(mq, [meta('gunner', [0.5, 0, 0.5, 0]), meta('brawler', [0.3, 0, 0.7, 0])]);
    expect(same.verdict).toBe('all');
    expect(same.headline).toBe("The equilibrium's support is the same under 2 of 2 styles (gunner and brawler): fpa and L1.");
    const d = agreement(mq, [meta('gunner', [0.5, 0, 0.5, 0]), meta('brawler', [0.4, 0.6, 0, 0])]);
    expect(d.verdict).toBe('depends');
    expect(d.headline).toBe('The equilibrium depends on style (gunner and brawler): fpa in it under every style; L1 under gunner and lamais under brawler.');
  });
});
