/**
 * The CSV files of a two-faction meta (src/analysis/meta-factions.ts): the value of the
 * game, each loadout's equilibrium weight with its bootstrap figures, and the score matrix.
 * Apart from csv.ts because the two-faction game is not one of the balance analyses'
 * kinds: it is written beside them, by name, as they are.
 */
import type { FactionMetaAnalysis } from '../analysis/meta-factions.js';
import type { Cell } from './csv.js';

const n4 = (x: number): Cell => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : '');

/** meta-factions-game.csv, meta-factions.csv (one row per loadout of either side), meta-factions-matrix.csv (row side's score). */
export function factionMetaCsvRows(f: FactionMetaAnalysis): Record<string, Cell[][]> {
  const [r, c] = f.sides;
  return {
    'meta-factions-game': [
      ['row_faction', 'column_faction', 'value', 'value_lo', 'value_hi', 'favoured', 'replicates', 'verdict'],
      [r.faction, c.faction, n4(f.value.value), n4(f.value.lo), n4(f.value.hi), f.favoured ?? '', f.replicates, f.verdict.status],
    ],
    'meta-factions': [
      ['side', 'faction', 'loadout', 'weight', 'bootstrap_mean_weight', 'bootstrap_weight_lo', 'bootstrap_weight_hi', 'bootstrap_in_support', 'bootstrap_out', 'score_against_mixture', 'never_worth_playing'],
      ...f.sides.flatMap((s, k) =>
        s.loadouts.map((name, i) => [k ? 'column' : 'row', s.faction, name, n4(s.mixture[i]), n4(s.meanWeight[i]), n4(s.weightLo[i]), n4(s.weightHi[i]), n4(s.inSupport[i]), n4(s.outShare[i]), n4(s.againstMixture[i]), s.neverWorth[i] ? 1 : 0]),
      ),
    ],
    'meta-factions-matrix': [[`${r.faction} \\ ${c.faction}`, ...c.loadouts], ...r.loadouts.map((name, i) => [name, ...f.score[i].map(n4)])],
  };
}
