/**
 * How the built-in styles draft a loadout (rulebook 5): each style values a card by a plain
 * formula over its printed statistics, and picks by that value with a little seeded noise.
 *
 * Why this shape: a study with `loadout: draft` should see each style take the cards its way
 * of playing wants (a gunner the longest-reaching main weapon, a carrier the better hangar
 * and corvettes, a turtle the point defence), not the first legal pick, and should still see
 * more than one loadout per style. Values are scaled to [0, 1] within a slot (best option 1,
 * worst 0), so one noise level means the same in every slot: options within about NOISE of
 * the best are drawn among, clearly worse ones never. Seats draft from their own faction's
 * cards (draft.ts), so the order of picks does not change the loadout: each turn fills the
 * slot whose noisy best is highest; once full, the one swap is taken when a noisy second
 * look finds a better card, else the seat passes. docs/bots.md lists the formulas.
 */
import type { DraftContext, Rng } from '../bot-vocabulary.js';
import type { CorvetteTable, FactionTable, HangarTable, PointDefenceTable, WeaponTable } from '../rules/tables.js';
import * as botApiModule from '../bot-vocabulary.js';

const { SLOT_MAIN, SLOT_BROADSIDE, SLOT_HANGAR, SLOT_PD, SLOT_CORVETTES, DRAFT_SLOTS, DRAFT_CORVETTES, OP_PICK, OP_SWAP, PASS, draftActionOp, draftActionSlot, draftActionIndex, corvetteSets } = botApiModule.draftActions;

/** A style's value of each kind of card; only the order within a slot matters. */
export interface DraftPreference {
  main(w: WeaponTable): number;
  broadside(w: WeaponTable): number;
  hangar(h: HangarTable): number;
  pointDefence(p: PointDefenceTable): number;
  /** One corvette card; a set of four is worth the sum of its cards. */
  corvette(c: CorvetteTable): number;
}

/** Noise added to a slot-scaled value (0..1) before comparing. */
export const DRAFT_NOISE = 0.25;

/** Hexes a weapon reaches in one firing or movement phase: range, or a token's speed (4.3). */
export function reach(w: WeaponTable): number {
  return w.range > 0 ? w.range : w.speed;
}

/** A preference's value of every option of every slot of one faction, raw (unscaled). */
export function rawValues(pref: DraftPreference, f: FactionTable): Float64Array[] {
  const sets = corvetteSets(f);
  const corv = new Float64Array(sets.count);
  for (let j = 0; j < sets.count; j++) {
    let v = 0;
    for (let k = 0; k < DRAFT_CORVETTES; k++) v += pref.corvette(f.corvettes[sets.cards[j * DRAFT_CORVETTES + k]]);
    corv[j] = v;
  }
  const out: Float64Array[] = [];
  out[SLOT_MAIN] = Float64Array.from(f.mainWeapons, (w) => pref.main(w));
  out[SLOT_BROADSIDE] = Float64Array.from(f.broadsides, (w) => pref.broadside(w));
  out[SLOT_HANGAR] = Float64Array.from(f.hangars, (h) => pref.hangar(h));
  out[SLOT_PD] = Float64Array.from(f.pointDefence, (p) => pref.pointDefence(p));
  out[SLOT_CORVETTES] = corv;
  return out;
}

/** rawValues scaled to [0, 1] within each slot (all 1 when a slot's options are equal). */
function scaledValues(pref: DraftPreference, f: FactionTable): Float64Array[] {
  const out = rawValues(pref, f);
  for (let slot = 0; slot < DRAFT_SLOTS; slot++) {
    const v = out[slot];
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < v.length; i++) {
      if (v[i] < lo) lo = v[i];
      if (v[i] > hi) hi = v[i];
    }
    for (let i = 0; i < v.length; i++) v[i] = hi > lo ? (v[i] - lo) / (hi - lo) : 1;
  }
  return out;
}

/**
 * A style's draft answer: `draft(ctx)` picks or swaps by `pref`, with `rng` adding
 * DRAFT_NOISE. Scaled values are computed once per faction (faction tables are read-only).
 */
export function preferenceDrafter(pref: DraftPreference): (ctx: DraftContext, rng: Rng) => number {
  const cache = new WeakMap<FactionTable, Float64Array[]>();
  return (ctx, rng) => {
    let values = cache.get(ctx.faction);
    if (values === undefined) {
      values = scaledValues(pref, ctx.faction);
      cache.set(ctx.faction, values);
    }
    let best = PASS;
    let bestV = -Infinity;
    let picking = false;
    for (let i = 0; i < ctx.count; i++) {
      const a = ctx.legal[i];
      const op = draftActionOp(a);
      if (op === OP_PICK) picking = true;
      else if (op !== OP_SWAP || picking) continue; // swaps only once every slot is filled
      const slot = draftActionSlot(a);
      let v = values[slot][draftActionIndex(a)] + DRAFT_NOISE * rng();
      // A swap is weighed against the card it replaces, seen with its own noise.
      if (op === OP_SWAP) v -= values[slot][ctx.draft.choice(ctx.seat, slot)] + DRAFT_NOISE * rng();
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    // Legal ids list picks before swaps (draft.ts), so a pick, once seen, is never beaten by a swap.
    if (!picking && bestV <= 0) return PASS;
    return best;
  };
}

/** Gunner: main-weapon damage times reach first; reach and accuracy everywhere else. */
export const GUNNER_DRAFT: DraftPreference = {
  main: (w) => w.damage * reach(w) + 0.1 * w.accuracy,
  broadside: (w) => w.damage * reach(w),
  hangar: (h) => h.launchDistance + 0.5 * h.launchTurn,
  pointDefence: (p) => p.range + p.accuracy,
  corvette: (c) => (c.weapon ? c.weapon.damage * reach(c.weapon) + 0.5 * c.weapon.accuracy : 0),
};

/** Brawler: hard hits up close: damage, less cooldown; reach does not count; broadsides that hit. */
export const BRAWLER_DRAFT: DraftPreference = {
  main: (w) => w.damage - 0.2 * w.cooldown,
  broadside: (w) => w.damage + 0.5 * w.accuracy - 0.2 * w.cooldown,
  hangar: (h) => h.launchTurn,
  pointDefence: (p) => p.damage + p.accuracy,
  corvette: (c) => (c.weapon ? 2 * c.weapon.damage : 0) + 0.3 * c.speed,
};

/** Carrier: hangars that launch further, turn more and repair free; armed, fast, agile corvettes. */
export const CARRIER_DRAFT: DraftPreference = {
  main: (w) => w.damage * reach(w),
  broadside: (w) => w.damage * reach(w),
  hangar: (h) => h.launchDistance + h.launchTurn + (h.repairCooldown === 0 ? 1 : 0),
  pointDefence: (p) => p.range,
  corvette: (c) => (c.weapon ? c.weapon.damage * (1 + reach(c.weapon)) : 0) + 0.3 * (c.speed + c.agility) + 0.2 * c.evasion,
};

/** Turtle: point defence that reaches and hits; long-range guns; corvettes that survive as screens. */
export const TURTLE_DRAFT: DraftPreference = {
  main: (w) => reach(w) + 0.5 * w.damage,
  broadside: (w) => reach(w) + w.accuracy,
  hangar: (h) => 0.5 * h.launchTurn - h.repairCooldown,
  pointDefence: (p) => p.damage * (p.range + p.accuracy),
  corvette: (c) => c.evasion + c.agility + (c.weapon ? 0.3 * c.weapon.accuracy : 0),
};

/** Rammer: what it fires as it closes (damage, little cooldown); fast armed corvettes launched far out. */
export const RAMMER_DRAFT: DraftPreference = {
  main: (w) => w.damage - 0.3 * w.cooldown,
  broadside: (w) => w.damage,
  hangar: (h) => h.launchDistance,
  pointDefence: (p) => p.accuracy,
  corvette: (c) => c.speed + (c.weapon ? c.weapon.damage : 0),
};
