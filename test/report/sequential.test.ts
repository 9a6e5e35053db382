/**
 * The report of a compare run: a "Sequential test" section whose verdict, LLR,
 * bounds and estimates are those of the run's GSPRT, recomputed here from the run's pair
 * counts, and no headline that contradicts the verdict. Two small real runs: a null run
 * (rammer against an identical rammer, which the test must not call stronger) and a run
 * with a real difference (rammer against random, normalized model).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBatch } from '../../src/run/batch.js';
import { loadExperiment } from '../../src/sim/experiment.js';
import { buildReportModel } from '../../src/report/findings.js';
import { readSequential, sequentialSection } from '../../src/report/sequential-section.js';
import { eloInterval, llrNormalized, llrPentanomial, normalizedEloInterval, type SequentialResult } from '../../src/analysis/sprt.js';
import type { Headline, ReportModel } from '../../src/report/model.js';

const dir = mkdtempSync(join(tmpdir(), 'stareater-sequential-'));

interface Run {
  dir: string;
  model: ReportModel;
  sprt: SequentialResult;
  counts: number[];
}

async function run(name: string, doc: Record<string, unknown>): Promise<Run> {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify({ name, kind: 'compare', scenario: 'duel', outputs: { charts: false }, ...doc }));
  const r = await runBatch({ ...loadExperiment(file), workers: 2, outDir: join(dir, name) });
  const summary = JSON.parse(readFileSync(join(r.dir, 'summary.json'), 'utf8')) as { sprt: SequentialResult; pairings: { pentanomial: { counts: number[] } }[] };
  return { dir: r.dir, model: buildReportModel(r.dir), sprt: summary.sprt, counts: summary.pairings[0].pentanomial.counts };
}

let nullRun: Run;
let realRun: Run;

beforeAll(async () => {
  // Two identical players: every seat-swapped pair is the same match mirrored, so there is no difference to find.
  nullRun = await run('null', {
    matches: 200,
    chunk: 40,
    seed: 'seq-null',
    sprt: { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 },
    players: [
      { name: 'rammer-a', policy: 'rammer', faction: 'fpa' },
      { name: 'rammer-b', policy: 'rammer', faction: 'fpa' },
    ],
  });
  realRun = await run('real', {
    matches: 400,
    chunk: 20,
    seed: 'seq-real',
    sprt: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05, model: 'normalized' },
    players: [
      { name: 'rammer', policy: 'rammer', faction: 'fpa' },
      { name: 'random', policy: 'random', faction: 'fpa' },
    ],
  });
}, 120_000);

const section = (m: ReportModel) => m.sections.find((s) => s.id === 'sequential');
/** The section's table as figure → value. */
const figures = (m: ReportModel) => new Map(section(m)!.tables[0].rows.map((r) => [String(r[0]), String(r[1])]));
const others = (m: ReportModel) => m.headlines.filter((h) => !h.text.startsWith('Sequential test:'));
/** "+12.3" / "−4.0", as the section prints an estimate. */
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;
/** "−2.959", as the section's table prints the LLR. */
const fixed3 = (x: number) => (x < 0 ? `−${(-x).toFixed(3)}` : x.toFixed(3));

/** Headlines, other than the test's own, that claim a winner (for a run whose test found none). */
const claimsAWinner = (hs: Headline[]) => hs.filter((h) => /\bbeats\b|\bis stronger\b|\boutplays\b|\bstronger than\b/i.test(h.text));
/** Headlines that deny A's lead or give the lead to B (for a run whose test accepted H1). */
const deniesALead = (hs: Headline[], a: string, b: string) =>
  hs.filter((h) => /no clear winner|no evidence|no significant difference/i.test(h.text) || new RegExp(`\\b${b}\\b (beats|is stronger than) ${a}\\b`).test(h.text));

describe('compare report: a null run (rammer against an identical rammer)', () => {
  it('the test accepts H0, and the section and headline say so in plain words', () => {
    expect(nullRun.sprt.verdict).toBe('accept H0');
    const s = section(nullRun.model);
    expect(s?.title).toBe('Sequential test');
    expect(nullRun.model.headlines[0].text).toBe(s!.paragraphs[0]);
    expect(s!.paragraphs[0]).toMatch(/^Sequential test: accept H0: no evidence that rammer-a is at least 20 logistic Elo stronger than rammer-b \(/);
    expect(figures(nullRun.model).get('verdict')).toBe('accept H0');
    expect(s!.paragraphs.join(' ')).toMatch(/biased/);
    expect(s!.paragraphs.join(' ')).toMatch(/too low after accepting H0/);
  });

  it("its numbers are the run's: LLR recomputed from the pair counts, Wald's bounds, pairs, matches, the Elo interval", () => {
    const f = figures(nullRun.model);
    const pairs = nullRun.counts.reduce((a, b) => a + b, 0);
    const llr = llrPentanomial(nullRun.counts, 0, 20);
    expect(llr).toBeLessThanOrEqual(Math.log(0.05 / 0.95));
    expect(f.get('LLR')).toBe(fixed3(llr));
    expect(f.get('bounds (accept H0, accept H1)')).toBe('−2.944, 2.944');
    expect(f.get('model')).toBe('logistic Elo');
    expect(f.get('pairs')).toBe(String(pairs));
    expect(f.get('matches')).toBe(String(2 * pairs));
    const e = eloInterval(nullRun.counts);
    expect(f.get('Elo A − B [95%]')).toBe(`${signed(e.elo)} [${signed(e.lo)}, ${signed(e.hi)}]`);
  });

  it('no other headline claims a winner', () => {
    expect(claimsAWinner(others(nullRun.model)).map((h) => h.text)).toEqual([]);
  });
});

describe('compare report: a real difference (rammer against random, normalized Elo)', () => {
  it('the test accepts H1 before the match limit, and the headline says rammer is stronger', () => {
    expect(realRun.sprt.verdict).toBe('accept H1');
    expect(realRun.sprt.stoppedBy).toBe('sprt');
    expect(realRun.sprt.matches).toBeLessThan(400);
    expect(realRun.model.headlines[0].text).toMatch(/^Sequential test: accept H1: rammer is stronger than random \(/);
    expect(realRun.model.headlines[0].level).toBe('notable');
    expect(section(realRun.model)!.paragraphs.join(' ')).toMatch(/more likely overstated/);
  });

  it("its numbers are the run's: normalized LLR and normalized Elo recomputed from the counts", () => {
    const f = figures(realRun.model);
    const llr = llrNormalized(realRun.counts, 0, 50);
    expect(llr).toBeGreaterThanOrEqual(Math.log(0.95 / 0.05));
    expect(realRun.sprt.llr).toBeCloseTo(llr, 12);
    expect(f.get('LLR')).toBe(fixed3(llr));
    expect(f.get('model')).toBe('normalized Elo');
    expect(f.get('H1: A − B')).toBe('50 normalized Elo');
    const ne = normalizedEloInterval(realRun.counts);
    if (Number.isFinite(ne.nelo)) expect(f.get('normalized Elo A − B [95%]')).toBe(`${signed(ne.nelo)} [${signed(ne.lo)}, ${signed(ne.hi)}]`);
    else expect(f.get('normalized Elo A − B [95%]')).toBe('n/a [n/a, n/a]');
  });

  it('no other headline denies rammer’s lead', () => {
    expect(deniesALead(others(realRun.model), 'rammer', 'random').map((h) => h.text)).toEqual([]);
  });

  it('pairings.csv names the model and carries the verdict', () => {
    const [header, row] = readFileSync(join(realRun.dir, 'pairings.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    const at = (col: string) => row[header.indexOf(col)];
    expect(at('sprt_model')).toBe('normalized');
    expect(at('sprt_verdict')).toBe('accept H1');
    expect(Number(at('sprt_llr'))).toBeCloseTo(llrNormalized(realRun.counts, 0, 50), 10);
  });
});

describe('sequentialSection on summaries written before the estimates were kept', () => {
  it('rebuilds the result from the pair counts and the settings', () => {
    const counts = [1, 2, 4, 2, 1];
    const old = { kind: 'compare', matchesPlayed: 20, sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, decision: 'continue' as const, stoppedBy: 'maximum' as const, llr: 0, lower: -2.94, upper: 2.94, pairs: 10 }, pairings: [{ players: [{ name: 'a' }, { name: 'b' }], pentanomial: { counts } }] };
    const r = readSequential(old)!;
    expect(r).toMatchObject({ model: 'logistic', verdict: 'no decision', pairs: 10, matches: 20 });
    expect(r.llr).toBeCloseTo(llrPentanomial(counts, 0, 10), 12);
    expect(sequentialSection(old)!.headline.text).toMatch(/^Sequential test: no decision: the match limit was reached after 10 pairs/);
    expect(sequentialSection({ ...old, sprt: undefined })).toBeNull();
  });
});
