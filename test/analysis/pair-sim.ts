/**
 * Simulated seat-swapped pairs with positively correlated games, for the coverage and null
 * tests of the pair-aware analyses. Why this model: it is the simplest one with a known
 * per-game score and a tunable within-pair correlation — with probability `copy` the second
 * game repeats the first (same seed dominating), otherwise it is drawn afresh — so the
 * outcome correlation is exactly `copy` and the per-game distribution is (win, draw, loss).
 */
import seedrandom from 'seedrandom';

export type Rng = () => number;
export const rngOf = (seed: string | number): Rng => seedrandom(String(seed));

/** One game from A's view: 1, ½ or 0. */
function game(rng: Rng, win: number, draw: number): number {
  const u = rng();
  return u < win ? 1 : u < win + draw ? 0.5 : 0;
}

/** Totals of `pairs` simulated pairs from A's view: games won, drawn, lost, and the pentanomial counts. */
export function simulatePairs(rng: Rng, pairs: number, win: number, draw: number, copy: number): { wins: number; draws: number; losses: number; penta: number[] } {
  const out = { wins: 0, draws: 0, losses: 0, penta: [0, 0, 0, 0, 0] };
  for (let k = 0; k < pairs; k++) {
    const g1 = game(rng, win, draw);
    const g2 = rng() < copy ? g1 : game(rng, win, draw);
    for (const g of [g1, g2]) {
      if (g === 1) out.wins++;
      else if (g === 0.5) out.draws++;
      else out.losses++;
    }
    out.penta[(g1 + g2) * 2]++;
  }
  return out;
}

/** Per-game (win, draw) probabilities with score s and draw rate d: win = s − d/2. */
export const withScore = (s: number, d: number): [number, number] => [s - d / 2, d];
