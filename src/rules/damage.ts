/**
 * The damage model (rulebook 4.1, 4.1.1): shields on the hit section first, then that
 * section's armour, then the ship's structure once the section is open.
 *
 * Why split from the kernel: collisions need "how much would reach structure" without
 * applying it, because a collision damages structure at most once (12 step 3); other hits
 * apply it at once. Shields knocked off go back to the box supply (ship-token text: a removed
 * token returns to the supply).
 */
import type { GameTables } from './tables.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import type { EventLog } from './events.js';
import * as eventsModule from './events.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_SECTIONS, STAT_SIZE, G_SUPPLY_SHIELDS, ST_SHIELDS_ABSORBED, ST_SECTION_DAMAGE,
  ST_STRUCTURE_DAMAGE_TAKEN,
} = stateModule;
const { EV_DAMAGE } = eventsModule;

/**
 * Apply `amount` damage to section `sec` of player p's shields and armour; returns the
 * damage that reaches structure (not yet applied). With `overflowToStructure` off, only a
 * section already open at the start of the hit passes damage inward (docs/rules.md, 4.1).
 */
export function hitShieldsAndArmour(t: GameTables, s: GameState, p: number, sec: number, amount: number, log: EventLog | null): number {
  if (amount <= 0) return 0;
  const idx = p * MAX_SECTIONS + sec;
  const st = p * STAT_SIZE;
  s.stats[st + ST_SECTION_DAMAGE + sec] += amount;
  const absorbed = Math.min(s.shields[idx], amount);
  if (absorbed > 0) {
    s.shields[idx] -= absorbed;
    s.g[G_SUPPLY_SHIELDS] += absorbed;
    s.stats[st + ST_SHIELDS_ABSORBED] += absorbed;
    amount -= absorbed;
  }
  const armour = s.armour[idx];
  let inward = amount;
  if (armour > 0) {
    const a = Math.min(armour, amount);
    s.armour[idx] = armour - a;
    inward = t.rules.overflowToStructure ? amount - a : 0;
  }
  if (log) log.push(EV_DAMAGE, p, sec, absorbed + (amount - inward), absorbed, inward);
  return inward;
}

/** Apply structure damage to player p (never below zero). Returns what was applied. */
export function hitStructure(s: GameState, p: number, amount: number): number {
  if (amount <= 0) return 0;
  const before = s.structure[p];
  const after = before > amount ? before - amount : 0;
  s.structure[p] = after;
  s.stats[p * STAT_SIZE + ST_STRUCTURE_DAMAGE_TAKEN] += before - after;
  return before - after;
}

/** One whole hit on a section: shields, armour, then structure. Returns total damage taken. */
export function hitSection(t: GameTables, s: GameState, p: number, sec: number, amount: number, log: EventLog | null): number {
  const inward = hitShieldsAndArmour(t, s, p, sec, amount, log);
  hitStructure(s, p, inward);
  return amount;
}
