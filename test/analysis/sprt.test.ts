/**
 * Known answers for the A-vs-B statistics (docs/statistics.md lists which test checks what):
 * published Fishtest GSPRT results from Stockfish pull requests, published fastchess Elo ±
 * and LOS figures, Wald's bounds, normal-table values, and hand-computed cases.
 */
import { describe, expect, it } from 'vitest';
import {
  eloFromScore,
  eloInterval,
  formatSprtLine,
  gsprtLlr,
  llrNormalized,
  llrPentanomial,
  llrPentanomialApprox,
  los,
  losPentanomial,
  mleWithMean,
  mleWithTValue,
  NELO_PER_T,
  normalCdf,
  normalizedEloInterval,
  PENTANOMIAL_VALUES,
  scoreFromElo,
  sprtBounds,
  sequentialResult,
  sprtStatus,
} from '../../src/analysis/sprt.js';

describe('Elo and expected score (logistic)', () => {
  it('hand-computed values: 75% is 400·log10(3) = 190.8485 Elo, 0 Elo is 50%', () => {
    expect(eloFromScore(0.75)).toBeCloseTo(190.84850188786497, 9);
    expect(scoreFromElo(190.84850188786497)).toBeCloseTo(0.75, 12);
    expect(scoreFromElo(0)).toBe(0.5);
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12); // 1/(1+10^-1)
    expect(scoreFromElo(-400)).toBeCloseTo(1 / 11, 12);
  });

  it('the two are inverse', () => {
    for (const e of [-700, -123.4, -1, 0, 0.5, 42, 300]) expect(eloFromScore(scoreFromElo(e))).toBeCloseTo(e, 8);
  });
});

describe('normal distribution function', () => {
  it('matches normal-table values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.841344746068543, 12);
    expect(normalCdf(-2)).toBeCloseTo(0.0227501319481792, 12);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 8);
    expect(normalCdf(3)).toBeCloseTo(0.998650101968370, 12);
    expect(normalCdf(5)).toBeCloseTo(0.999999713348428, 12);
    // far tail: relative accuracy kept (Φ(−8) = 6.220960574271784e-16)
    expect(normalCdf(-8) / 6.220960574271784e-16).toBeCloseTo(1, 10);
  });

  it('is symmetric and monotone', () => {
    let prev = 0;
    for (let z = -6; z <= 6; z += 0.25) {
      expect(normalCdf(z) + normalCdf(-z)).toBeCloseTo(1, 13);
      expect(normalCdf(z)).toBeGreaterThan(prev);
      prev = normalCdf(z);
    }
  });
});

describe('likelihood of superiority', () => {
  it('LOS = Φ((W − L)/√(W + L)) (chessprogramming wiki), hand-computed cases', () => {
    expect(los(60, 40)).toBeCloseTo(0.977249868051821, 12); // (60−40)/√100 = 2
    expect(los(15, 10)).toBeCloseTo(0.841344746068543, 12); // 5/√25 = 1
    expect(los(10, 15)).toBeCloseTo(1 - 0.841344746068543, 12);
    expect(los(7, 7)).toBe(0.5);
    expect(los(0, 0)).toBe(0.5);
    // the wiki's erf form: ½(1 + erf((W − L)/√(2(W + L))))
    expect(los(3025, 3060)).toBeCloseTo(normalCdf(-35 / Math.sqrt(6085)), 14);
  });

  it('from pentanomial pairs: published fastchess LOS values', () => {
    // Lynx PR #1899: Ptnml(0-2) [235, 1384, 2521, 1341, 239], "LOS: 30.33 %"
    expect(100 * losPentanomial([235, 1384, 2521, 1341, 239])).toBeCloseTo(30.33, 2);
    // fastchess PR #515: Ptnml(0-2) [0, 1, 4, 0, 0], "LOS: 13.18 %"
    expect(100 * losPentanomial([0, 1, 4, 0, 0])).toBeCloseTo(13.18, 2);
    // cinder PR #727: [50, 287, 610, 387, 73], "LOS: 100.00 %"
    expect(100 * losPentanomial([50, 287, 610, 387, 73])).toBeCloseTo(100, 2);
    expect(losPentanomial([0, 0, 0, 0, 0])).toBe(0.5);
    expect(losPentanomial([0, 0, 3, 0, 0])).toBe(0.5);
    expect(losPentanomial([0, 0, 0, 0, 3])).toBe(1);
  });
});

describe('Elo difference with its 95% interval from pentanomial pairs', () => {
  // Published fastchess results: "Elo: x +/- y" with their Ptnml(0-2) counts.
  const published: [string, number[], number, number][] = [
    ['Lynx PR #1899', [235, 1384, 2521, 1341, 239], -1.06, 4.05],
    ['cinder PR #727', [50, 287, 610, 387, 73], 18.04, 8.23],
    ['fastchess issue #1007 (Juggernaut 1.55)', [5, 5, 36, 22, 22], 101.21, 42.63],
    ['fastchess PR #881', [549, 54, 33, 1, 0], -517.92, 38.6],
    ['fastchess PR #515', [0, 1, 4, 0, 0], -34.86, 62.2],
    ['fastchess issue #807', [30, 6, 18, 0, 6], -168.4, 73.37],
  ];
  for (const [source, counts, elo, pm] of published)
    it(`matches ${source}: ${elo} ± ${pm}`, () => {
      const e = eloInterval(counts);
      expect(e.elo).toBeCloseTo(elo, 2);
      expect(e.plusMinus).toBeCloseTo(pm, 2);
      expect(e.n).toBe(counts.reduce((t, c) => t + c, 0));
      expect(e.lo).toBeLessThan(e.elo);
      expect(e.hi).toBeGreaterThan(e.elo);
    });

  it('hand-computed: [0,0,2,1,1] has score 0.6875, Elo 400·log10(2.2), interval from μ ± 1.96·σ/√N', () => {
    const e = eloInterval([0, 0, 2, 1, 1]);
    const mu = 0.6875;
    const sigma = Math.sqrt((2 * (0.5 - mu) ** 2 + (0.75 - mu) ** 2 + (1 - mu) ** 2) / 4);
    const half = (1.959964 * sigma) / 2;
    expect(e.score.mean).toBe(mu);
    expect(e.elo).toBeCloseTo(400 * Math.log10(2.2), 10);
    expect(e.lo).toBeCloseTo(400 * Math.log10((mu - half) / (1 - mu + half)), 10);
    expect(e.hi).toBeCloseTo(400 * Math.log10((mu + half) / (1 - mu - half)), 10);
  });

  it('a clean sweep has no finite Elo', () => {
    expect(eloInterval([0, 0, 0, 0, 4]).elo).toBe(Infinity);
    expect(eloInterval([0, 0, 0, 0, 0]).n).toBe(0);
  });
});

describe('GSPRT', () => {
  it("Wald's bounds: α = β = 0.05 gives ±ln 19 = ±2.944", () => {
    const [lo, hi] = sprtBounds(0.05, 0.05);
    expect(lo).toBeCloseTo(-2.944438979166440, 12);
    expect(hi).toBeCloseTo(2.944438979166440, 12);
    const [lo2, hi2] = sprtBounds(0.05, 0.1);
    expect(lo2).toBeCloseTo(Math.log(0.1 / 0.95), 14);
    expect(hi2).toBeCloseTo(Math.log(0.9 / 0.05), 14);
    // asymmetric, so swapping α and β would show: ln(0.2/0.99), ln(0.8/0.01) = ln 80
    const [lo3, hi3] = sprtBounds(0.01, 0.2);
    expect(lo3).toBeCloseTo(-1.5993875765805987, 12);
    expect(hi3).toBeCloseTo(4.382026634673881, 12);
    expect(() => sprtBounds(0, 0.05)).toThrow(RangeError);
  });

  it("hand-computed: on values {0, 1} the GSPRT is Wald's Bernoulli SPRT", () => {
    // 7 successes, 3 failures, s0 = 0.5, s1 = 0.6: 7·ln(1.2) + 3·ln(0.8)
    const wald = 7 * Math.log(1.2) + 3 * Math.log(0.8);
    expect(wald).toBeCloseTo(0.60682, 5);
    expect(gsprtLlr([0, 1], [3, 7], 0.5, 0.6)).toBeCloseTo(wald, 10);
    // the same pairs as pentanomial LL / WW only (no regularization in gsprtLlr)
    expect(gsprtLlr(PENTANOMIAL_VALUES, [3, 0, 0, 0, 7], 0.5, 0.6)).toBeCloseTo(wald, 10);
  });

  it('the constrained MLE has the requested mean and sums to 1', () => {
    const p = [0.1, 0.1, 0.2, 0.3, 0.3];
    for (const s of [0.3, 0.5, 0.65, 0.9]) {
      const q = mleWithMean(PENTANOMIAL_VALUES, p, s)!;
      expect(q.reduce((t, v) => t + v, 0)).toBeCloseTo(1, 10);
      expect(q.reduce((t, v, i) => t + v * PENTANOMIAL_VALUES[i], 0)).toBeCloseTo(s, 10);
    }
    // s equal to the observed mean: the observed distribution itself
    expect(mleWithMean(PENTANOMIAL_VALUES, p, 0.65)!.map((v) => +v.toFixed(12))).toEqual(p);
    expect(mleWithMean([0, 1], [0, 1], 0.5)).toBeNull();
  });

  it('hand-computed approximation: [1,1,2,3,3], Elo 0 vs L⁻¹(0.6) gives 10·0.1·0.2/(2·0.1025)', () => {
    // μ = 0.65, σ² = 0.525 − 0.65² = 0.1025; s0 = 0.5, s1 = 0.6
    expect(llrPentanomialApprox([1, 1, 2, 3, 3], 0, eloFromScore(0.6))).toBeCloseTo(0.2 / 0.205, 10);
    // far from μ the exact ratio differs (0.81 here): the approximation is local, good when μ, s0, s1 are close
    const exact = llrPentanomial([1, 1, 2, 3, 3], 0, eloFromScore(0.6));
    expect(exact).toBeGreaterThan(0.5);
    expect(exact).toBeLessThan(0.2 / 0.205);
  });

  // Published Fishtest results (logistic Elo bounds, printed in braces) from Stockfish pull requests:
  // "LLR: x (-2.94,2.94) {elo0,elo1}" with "Ptnml(0-2): ..." counts.
  const fishtest: [string, number[], number, number, number][] = [
    ['Stockfish PR #3331 STC', [115, 2196, 11328, 2317, 136], -0.25, 1.25, 2.94],
    ['Stockfish PR #3331 LTC', [14, 1030, 14318, 1163, 19], 0.25, 1.25, 2.93],
    ['Stockfish PR #3209 STC', [253, 4282, 17604, 4431, 286], -0.25, 1.25, 2.94],
    ['Stockfish PR #3209 LTC', [58, 3302, 33130, 3518, 84], 0.25, 1.25, 2.97],
    ['Stockfish PR #3098 STC', [491, 7345, 29693, 7670, 465], -0.25, 1.25, 2.96],
    ['Stockfish PR #3098 LTC', [53, 2220, 21459, 2445, 47], 0.25, 1.25, 2.97],
    ['Stockfish PR #2493 STC', [424, 2948, 5832, 3045, 460], -1, 3, 2.94],
    ['Stockfish PR #2493 LTC', [1284, 17437, 55536, 18085, 1292], 0, 2, 2.94],
  ];
  for (const [source, counts, elo0, elo1, llr] of fishtest)
    it(`reproduces ${source}: LLR ${llr} {${elo0},${elo1}}`, () => {
      expect(llrPentanomial(counts, elo0, elo1)).toBeCloseTo(llr, 2);
      expect(Math.abs(llrPentanomialApprox(counts, elo0, elo1) - llrPentanomial(counts, elo0, elo1))).toBeLessThan(0.01);
    });

  it('decides H1 on counts clearly above elo1, H0 clearly below elo0, continues in between', () => {
    // per-game score 0.6 (≈ +70 Elo) over 400 pairs against H0 0, H1 10
    const strong = [20, 60, 120, 120, 80];
    const s1 = sprtStatus(strong, 0, 10, 0.05, 0.05);
    expect(s1.decision).toBe('H1');
    expect(s1.llr).toBeGreaterThan(s1.upper);
    expect(s1.pairs).toBe(400);
    // the mirror image: score 0.4
    const weak = strong.slice().reverse();
    const s0 = sprtStatus(weak, 0, 10, 0.05, 0.05);
    expect(s0.decision).toBe('H0');
    expect(s0.llr).toBeLessThan(s0.lower);
    // a handful of even pairs: no decision yet
    const few = sprtStatus([1, 2, 4, 2, 1], 0, 10, 0.05, 0.05);
    expect(few.decision).toBe('continue');
    expect(few.lower).toBeLessThan(few.llr);
    expect(few.llr).toBeLessThan(few.upper);
    // no pairs: LLR 0
    expect(sprtStatus([0, 0, 0, 0, 0], 0, 10, 0.05, 0.05)).toMatchObject({ llr: 0, pairs: 0, decision: 'continue' });
  });

  it('LLR grows with the evidence: the same frequencies, ten times the pairs, ten times the LLR (up to regularization)', () => {
    const c = [3, 10, 20, 12, 5];
    const c10 = c.map((x) => 10 * x);
    expect(llrPentanomial(c10, 0, 10)).toBeCloseTo(10 * llrPentanomial(c, 0, 10), 8);
  });

  it('rejects elo0 ≥ elo1', () => {
    expect(() => sprtStatus([1, 1, 1, 1, 1], 5, 5, 0.05, 0.05)).toThrow(RangeError);
    expect(() => sprtStatus([1, 1, 1, 1, 1], 5, 5, 0.05, 0.05, 'normalized')).toThrow(RangeError);
  });
});

describe('the terminal line says where the LLR is and what the test concluded', () => {
  it('crossed the upper bound: "≥ upper bound", accept H1, never "in (…)"', () => {
    const c = [20, 60, 120, 120, 80];
    const line = formatSprtLine(sprtStatus(c, 0, 10, 0.05, 0.05), c);
    expect(line).toMatch(/^GSPRT logistic Elo \[0, 10\]: LLR \d+\.\d\d ≥ upper bound 2\.94 after 400 pairs, Ptnml\(0-2\) 20, 60, 120, 120, 80: accept H1$/);
    expect(line).not.toContain(' in (');
  });

  it('crossed the lower bound: "≤ lower bound", accept H0', () => {
    const c = [80, 120, 120, 60, 20];
    const line = formatSprtLine(sprtStatus(c, 0, 10, 0.05, 0.05, 'normalized'), c);
    expect(line).toMatch(/^GSPRT normalized Elo \[0, 10\]: LLR -\d+\.\d\d ≤ lower bound -2\.94 after 400 pairs, .*: accept H0$/);
  });

  it('inside: "in (lo, hi)", continue while running, "no decision" at the match limit or when stopped', () => {
    const c = [1, 2, 4, 2, 1];
    const st = sprtStatus(c, 0, 10, 0.05, 0.05);
    expect(formatSprtLine(st, c)).toMatch(/LLR -?\d+\.\d\d in \(-2\.94, 2\.94\) after 10 pairs, Ptnml\(0-2\) 1, 2, 4, 2, 1: continue$/);
    expect(formatSprtLine(st, c, 'maximum')).toMatch(/: no decision \(match limit reached\)$/);
    expect(formatSprtLine(st, c, 'stopped')).toMatch(/: no decision \(run stopped\)$/);
  });
});

// Stats(ll, ld, wl, dd, wd, ww) in fastchess's tests is the pentanomial vector [ll, ld, wl + dd, wd, ww].
const ptnml = (ll: number, ld: number, wl: number, dd: number, wd: number, ww: number) => [ll, ld, wl + dd, wd, ww];

describe('GSPRT, both models, against fastchess and Fishtest', () => {
  // fastchess app/tests/sprt_test.cpp (Disservin/fastchess), checked there to 1% (doctest epsilon 0.01).
  const published: [string, 'logistic' | 'normalized', number[], number, number, number][] = [
    ['normalized pentanomial 1', 'normalized', ptnml(365, 16618, 36029, 200, 16974, 390), 0, 2, 2.25],
    ['normalized pentanomial 2', 'normalized', ptnml(127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, 3.01],
    ['normalized pentanomial 3', 'normalized', ptnml(0, 0, 0, 0, 0, 5550), 0, 5, 111.82],
    ['logistic pentanomial 1', 'logistic', ptnml(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, -3.07],
    ['logistic pentanomial 2', 'logistic', ptnml(871, 26175, 55003, 980, 26678, 821), 0, 2, -4.98],
  ];
  for (const [name, model, counts, elo0, elo1, llr] of published)
    it(`fastchess "${name}": LLR ${llr} for [${elo0}, ${elo1}]`, () => {
      const got = model === 'normalized' ? llrNormalized(counts, elo0, elo1) : llrPentanomial(counts, elo0, elo1);
      expect(Math.abs(got - llr)).toBeLessThan(0.01 * Math.abs(llr));
      expect(sprtStatus(counts, elo0, elo1, 0.05, 0.05, model).llr).toBe(got);
    });

  // Fishtest server/fishtest/stats/LLRcalc.py (official-stockfish/fishtest, commit b8eecff2),
  // LLR_logistic and LLR_normalized run under CPython with scipy, printed to 10 decimals.
  const fishtest: [number[], number, number, number, number][] = [
    [[365, 16618, 36229, 16974, 390], 0, 2, -0.0059199326, 2.2503677035],
    [[127, 4883, 10712, 5150, 104], -1.75, 0.25, 6.8620034363, 3.0101541966],
    [[223, 9863, 21279, 10037, 246], 0.5, 2.5, -3.0741264396, 0.406798959],
    [[0, 0, 0, 0, 5550], 0, 5, 79.2962511471, 111.7975550867],
    [[3, 20, 60, 30, 7], 0, 20, 1.7285954984, 1.3011317183],
    [[10, 25, 40, 15, 10], 0, 20, -1.4622320429, -1.0692344785],
    [[1, 1, 2, 3, 3], 0, 10, 0.1592622873, 0.1612887422],
    [[39, 2226, 31451, 2412, 40], 0.764, 3.439, -27.865237341, 2.1629408696],
  ];
  for (const [counts, elo0, elo1, logistic, normalized] of fishtest)
    it(`Fishtest LLRcalc on [${counts.join(', ')}] for [${elo0}, ${elo1}]: logistic ${logistic}, normalized ${normalized}`, () => {
      expect(llrPentanomial(counts, elo0, elo1)).toBeCloseTo(logistic, 7);
      expect(llrNormalized(counts, elo0, elo1)).toBeCloseTo(normalized, 7);
    });

  it("agrees with Van den Bergh's closed-form approximation of the normalized LLR near the null (Fishtest LLR_normalized_alt)", () => {
    // normalized_elo_practical.pdf section 4.2, transcribed: (games/2)·ln((1 + (t − t0)²)/(1 + (t − t1)²)),
    // t = (μ − ½)/σ_game the per-game t-value, σ_game = √(2σ²), tⱼ = neloⱼ / (800/ln 10), games = 2N.
    const alt = (counts: number[], nelo0: number, nelo1: number) => {
      const r = counts.map((c) => (c > 0 ? c : 1e-3));
      const n = r.reduce((a, b) => a + b, 0);
      const mu = r.reduce((a, c, i) => a + (c / n) * (i / 4), 0);
      const v = r.reduce((a, c, i) => a + (c / n) * (i / 4 - mu) ** 2, 0);
      const t = (mu - 0.5) / Math.sqrt(2 * v);
      const [t0, t1] = [nelo0, nelo1].map((e) => e / (800 / Math.log(10)));
      return n * Math.log((1 + (t - t0) ** 2) / (1 + (t - t1) ** 2));
    };
    for (const [counts, elo0, elo1] of [
      [[365, 16618, 36229, 16974, 390], 0, 2],
      [[127, 4883, 10712, 5150, 104], -1.75, 0.25],
      [[3, 20, 60, 30, 7], 0, 20],
      [[10, 25, 40, 15, 10], 0, 20],
    ] as [number[], number, number][]) {
      const exact = llrNormalized(counts, elo0, elo1);
      expect(Math.abs(alt(counts, elo0, elo1) - exact)).toBeLessThan(0.01 * Math.abs(exact));
    }
  });

  it('the t-value MLE has the requested t-value, and is p̂ itself at the observed one', () => {
    const counts = [3, 20, 60, 30, 7];
    const p = counts.map((c) => c / 120);
    const tValue = (q: number[]) => {
      const mu = q.reduce((a, x, i) => a + x * (i / 4), 0);
      const v = q.reduce((a, x, i) => a + x * (i / 4 - mu) ** 2, 0);
      return (mu - 0.5) / Math.sqrt(v);
    };
    for (const t of [-0.3, 0, 0.1, 0.25]) {
      const q = mleWithTValue([0, 0.25, 0.5, 0.75, 1], p, 0.5, t)!;
      expect(q.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
      expect(tValue(q)).toBeCloseTo(t, 9);
    }
    const at = mleWithTValue([0, 0.25, 0.5, 0.75, 1], p, 0.5, tValue(p))!;
    at.forEach((x, i) => expect(x).toBeCloseTo(p[i], 9));
  });

  it('no pairs: LLR 0 in both models', () => {
    expect(llrNormalized([0, 0, 0, 0, 0], 0, 5)).toBe(0);
    expect(sprtStatus([0, 0, 0, 0, 0], 0, 5, 0.05, 0.05, 'normalized')).toMatchObject({ llr: 0, decision: 'continue', model: 'normalized' });
  });
});

describe('normalized Elo with its 95% interval', () => {
  it('hand-computed: [1, 1, 2, 3, 3] has μ = 0.65, σ² = 0.1025, so nElo = 0.15/√0.205 · 800/ln 10 ± 1.959964 · 800/ln 10 / √20', () => {
    const ne = normalizedEloInterval([1, 1, 2, 3, 3]);
    expect(NELO_PER_T).toBeCloseTo(347.43558552260146, 10);
    expect(ne.nelo).toBeCloseTo((0.15 / Math.sqrt(0.205)) * 347.43558552260146, 9); // 115.10
    expect(ne.plusMinus).toBeCloseTo((1.959964 * 347.43558552260146) / Math.sqrt(20), 9); // 152.27
    expect(ne.lo).toBeCloseTo(ne.nelo - ne.plusMinus, 9);
    expect(ne.hi).toBeCloseTo(ne.nelo + ne.plusMinus, 9);
    expect(ne.n).toBe(10);
  });

  // fastchess app/tests/elo_test.cpp, EloPentanomial 1–3: nElo ± and Elo ± to 1%.
  const published: [string, number[], number, number, number, number][] = [
    ['EloPentanomial 1', ptnml(34, 54, 31, 32, 64, 75), 57.94, 28.28, 55.58, 27.65],
    ['EloPentanomial 2', ptnml(332, 433, 457, 41, 333, 334), -9.17, 10.96, -8.64, 10.33],
    ['EloPentanomial 3', ptnml(7895, 8757, 5485, 200, 568, 9999), -19.01, 2.65, -21.04, 2.95],
  ];
  for (const [name, counts, nelo, neloPm, elo, eloPm] of published)
    it(`fastchess "${name}": nElo ${nelo} ± ${neloPm}, Elo ${elo} ± ${eloPm}`, () => {
      const ne = normalizedEloInterval(counts);
      expect(Math.abs(ne.nelo - nelo)).toBeLessThan(0.01 * Math.abs(nelo));
      expect(Math.abs(ne.plusMinus - neloPm)).toBeLessThan(0.01 * neloPm);
      const e = eloInterval(counts);
      expect(Math.abs(e.elo - elo)).toBeLessThan(0.01 * Math.abs(elo));
      expect(Math.abs(e.plusMinus - eloPm)).toBeLessThan(0.01 * eloPm);
    });

  it('no pairs gives NaN; all pairs alike gives no finite value, kept as null in the run result', () => {
    expect(normalizedEloInterval([0, 0, 0, 0, 0]).nelo).toBeNaN();
    expect(normalizedEloInterval([0, 0, 0, 0, 7]).nelo).toBe(Infinity);
    const r = sequentialResult(sprtStatus([0, 0, 0, 0, 7], 0, 10, 0.05, 0.05), [0, 0, 0, 0, 7], 'maximum', 14);
    expect(r.nelo.nelo).toBeNull();
    expect(r.elo.elo).toBeNull();
    expect(JSON.parse(JSON.stringify(r)).nelo.nelo).toBeNull();
  });
});

describe('the run result of a compare', () => {
  it('carries the settings, the verdict, the estimates and the final line', () => {
    const c = [20, 60, 120, 120, 80];
    const r = sequentialResult(sprtStatus(c, 0, 10, 0.05, 0.1, 'normalized'), c, 'sprt', 800);
    expect(r).toMatchObject({ model: 'normalized', elo0: 0, elo1: 10, alpha: 0.05, beta: 0.1, decision: 'H1', verdict: 'accept H1', stoppedBy: 'sprt', pairs: 400, matches: 800, counts: c });
    expect(r.lower).toBeCloseTo(Math.log(0.1 / 0.95), 14);
    expect(r.llr).toBe(llrNormalized(c, 0, 10));
    expect(r.elo.elo).toBe(eloInterval(c).elo);
    expect(r.nelo.nelo).toBe(normalizedEloInterval(c).nelo);
    expect(r.line).toBe(formatSprtLine(sprtStatus(c, 0, 10, 0.05, 0.1, 'normalized'), c, 'sprt'));
    const none = sequentialResult(sprtStatus([1, 2, 4, 2, 1], 0, 10, 0.05, 0.05), [1, 2, 4, 2, 1], 'maximum', 20);
    expect(none.verdict).toBe('no decision');
    expect(none.line).toMatch(/no decision \(match limit reached\)$/);
  });
});
