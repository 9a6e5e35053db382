/**
 * `kind: autobalance` in an experiment file (docs/autobalance.md): the levers the search may
 * move, the target scores, the budget, the verification; and how one round of the search is
 * planned. The search itself is src/analysis/autobalance.ts, its orchestration
 * src/run/autobalance.ts.
 *
 * Why a round is an experiment: every round (and the verification) is one batch run whose
 * plan holds a copy of the players per candidate change set, each copy on that candidate's
 * card tables (a plan variant) and every table on the same seeds. One pool run then serves
 * all candidates, the workers rebuild the round from the experiment alone (as for any kind),
 * and a round's experiment.yaml replays it.
 */
import { z } from 'zod';
import { CardChangeSchema, type SourcedChange } from '../content/changes.js';
import { ConfigError } from '../content/errors.js';
import type { Entrant, Variant } from './plan.js';

const LeverSchema = z.strictObject({
  card: z.string().min(1),
  field: CardChangeSchema.shape.field,
  min: z.number(),
  max: z.number(),
  step: z.number().gt(0),
});

export const AutobalanceSchema = z.strictObject({
  /** The card statistics the search may change, each inside [min, max] by `step` from its current value. */
  levers: z.array(LeverSchema).min(1).max(32),
  /** The target score of every matchup between players of two factions flown by one policy (without `targets`). */
  score: z.number().gt(0).lt(1).default(0.5),
  /** Target scores of chosen matchups (a target matrix): the first player's score against the second. */
  targets: z
    .array(z.strictObject({ players: z.tuple([z.string().min(1), z.string().min(1)]), score: z.number().gt(0).lt(1) }))
    .min(1)
    .max(64)
    .optional(),
  /** A matchup meets its target within plus or minus this. */
  band: z.number().gt(0).lt(0.5).default(0.02),
  /** Matches the search may play in all (verification not included). */
  budget: z.number().int().min(2).max(1_000_000_000),
  /** Most levers one proposal moves. */
  maxChanges: z.number().int().min(1).max(8).default(3),
  /** Candidates per search round. */
  pool: z.number().int().min(2).max(256).default(16),
  /** The fresh run of the best proposals: matches per matchup, how many proposals. */
  verify: z
    .strictObject({ matches: z.number().int().min(2).max(10_000_000).default(1000), proposals: z.number().int().min(1).max(20).default(3) })
    .default({ matches: 1000, proposals: 3 }),
  /** Other play styles (bots) the verification also plays every matchup with, to show whether a proposal holds under them. */
  styles: z.array(z.string().min(1)).max(16).default([]),
  /**
   * One round as played (the search writes it into each round's experiment.yaml): the change
   * sets and the matchups (player indices). A file need not give it.
   */
  round: z
    .strictObject({
      candidates: z.array(z.array(CardChangeSchema)).min(1).max(1000),
      matchups: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).min(1).max(1000),
    })
    .optional(),
});
export type AutobalanceSpec = z.output<typeof AutobalanceSchema>;

interface PlayerLike {
  name?: string;
  policy: string;
  faction: string;
  params: Record<string, unknown>;
}

/** A matchup the search aims at: two players (indices) and the first one's target score. */
export interface TargetMatchup {
  a: number;
  b: number;
  score: number;
}

/**
 * The matchups an autobalance aims at: `targets` when given, else every pair of players of
 * two factions flown by the same policy with the same parameters (a style's own matchup).
 */
export function targetMatchups(players: readonly PlayerLike[], spec: AutobalanceSpec): TargetMatchup[] {
  if (spec.targets) return spec.targets.map((t) => ({ a: players.findIndex((p) => p.name === t.players[0]), b: players.findIndex((p) => p.name === t.players[1]), score: t.score }));
  const out: TargetMatchup[] = [];
  for (let a = 0; a < players.length; a++)
    for (let b = a + 1; b < players.length; b++) {
      const [x, y] = [players[a], players[b]];
      if (x.faction !== y.faction && x.policy === y.policy && JSON.stringify(x.params) === JSON.stringify(y.params)) out.push({ a, b, score: spec.score });
    }
  return out;
}

/** What an autobalance needs besides the common fields, checked when the file loads. */
export function checkAutobalance(file: string, players: readonly PlayerLike[], spec: AutobalanceSpec | undefined): void {
  const fail = (path: string, expected: string, got: unknown) => {
    throw ConfigError.at(file, path, expected, got);
  };
  if (!spec) return fail('autobalance', 'the search: { levers: [{ card, field, min, max, step }], budget, ... }', undefined);
  if (players.length < 2) fail('players', 'at least two players (the sides of the matchups to balance)', `${players.length} players`);
  spec.levers.forEach((l, i) => {
    if (!(l.min <= l.max)) fail(`autobalance.levers[${i}].max`, `a maximum at least the minimum (${l.min})`, l.max);
    const j = spec.levers.findIndex((m) => m.card === l.card && m.field === l.field);
    if (j < i) fail(`autobalance.levers[${i}]`, `a card field no other lever moves (levers[${j}] already moves ${l.card}.${l.field})`, `${l.card}.${l.field}`);
  });
  const names = players.map((p) => p.name);
  spec.targets?.forEach((t, i) =>
    t.players.forEach((n, k) => {
      if (!names.includes(n)) fail(`autobalance.targets[${i}].players[${k}]`, `a player's name (${names.join(', ')})`, n);
      if (k === 1 && n === t.players[0]) fail(`autobalance.targets[${i}].players[1]`, 'a player other than the first', n);
    }),
  );
  if (!targetMatchups(players, spec).length)
    fail('players', 'players of two factions flown by one policy (the matchups to balance), or autobalance.targets naming them', players.map((p) => `${p.name} (${p.policy}, ${p.faction})`).join(', '));
  spec.round?.matchups.forEach(([a, b], i) => {
    if (a >= players.length || b >= players.length || a === b) fail(`autobalance.round.matchups[${i}]`, `two different player indices below ${players.length}`, [a, b]);
  });
}

/**
 * The plan of one round: a copy of every player per candidate (named `<player> [c<i>]`),
 * candidate i on variant i + 1 (its changes after the experiment's own, replacing any on the same
 * field), and each copy's
 * matchups on that variant. Without `round` (a file run as it stands), one candidate: no change.
 */
export function planAutobalanceRound(
  file: string,
  spec: AutobalanceSpec,
  players: readonly Entrant[],
  base: Variant,
): { entrants: Entrant[]; pairings: number[][]; pairingVariant: number[]; variants: Variant[] } {
  const round = spec.round ?? { candidates: [[]], matchups: targetMatchups(players, spec).map((t) => [t.a, t.b] as [number, number]) };
  const P = players.length;
  const variants: Variant[] = [base];
  const entrants: Entrant[] = [];
  const pairings: number[][] = [];
  const pairingVariant: number[] = [];
  round.candidates.forEach((changes, c) => {
    const sourced: SourcedChange[] = changes.map((change, j) => ({ change, file, path: `autobalance.round.candidates[${c}][${j}]` }));
    // A lever on a field the experiment already changes replaces that change.
    const kept = base.changes.filter((b) => !changes.some((x) => x.card === b.change.card && x.field === b.change.field));
    variants.push({ label: `c${c}`, changes: [...kept, ...sourced] });
    for (const p of players) entrants.push({ ...p, name: `${p.name} [c${c}]`, origin: { kind: 'variant', variant: c + 1 } });
    for (const [a, b] of round.matchups) {
      pairings.push([c * P + Math.min(a, b), c * P + Math.max(a, b)]);
      pairingVariant.push(c + 1);
    }
  });
  return { entrants, pairings, pairingVariant, variants };
}
