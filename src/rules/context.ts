/**
 * What movement, weapons and corvettes need from the kernel that owns them: the tables, the
 * event log and invariant hook, and a few lookups (rulebook 3, 4.2, 6).
 *
 * Why it is built this way: declared here, below those modules, so they take their kernel as
 * this interface and never import kernel.ts; imports inside src/rules then flow one way
 * (test/rules/structure.test.ts). Each is handed the peers it calls (Weapons the Movement,
 * Corvettes both) rather than reaching them through the kernel.
 */
import type { FactionTable, GameTables, WeaponTable } from './tables.js';
import type { GameState } from './state.js';
import type { EventLog } from './events.js';

export interface RulesContext {
  readonly t: GameTables;
  /** The event log, or null (tested with `!== null` in hot code). */
  log: EventLog | null;
  /** Invariant checking after resolved steps (tests; invariants.ts), or null. */
  check: ((s: GameState, where: string) => void) | null;
  faction(s: GameState, p: number): FactionTable;
  /** The weapon card behind a token: ref 0 main, 1 broadside, 2 + k corvette slot k's weapon. */
  weaponOf(s: GameState, p: number, kind: number, ref: number): WeaponTable | null;
  /** The i-th seat of the step's seat order (docs/rules.md, 7.3). */
  seatAt(s: GameState, i: number): number;
  /** Mark ships at zero structure destroyed and decide the match if it is over (3, 4.1). */
  settleDestroyed(s: GameState): void;
  /** Seat p's Command Corvette was destroyed, by `killer` (-1: nobody), rulebook 3, 8. */
  commandCorvetteLost(s: GameState, p: number, killer: number): void;
}
