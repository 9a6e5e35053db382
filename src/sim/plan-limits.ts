/**
 * How big a plan may be. Match ids are 32-bit signed integers in the records workers send
 * back (record.ts R_ID) and in every seed derived from them, so a run holds at most 2^31 − 1
 * matches: beyond that ids would wrap and matches repeat. The tables (pairings) are built as
 * lists before any match is played, so their number is bounded too, and counted before they
 * are built: a meta over thousands of loadouts would otherwise fill the memory first.
 *
 * Why a module of its own: the plan (plan.ts) and the experiment checks (play.ts) both ask,
 * and the numbers and the wording live in one place.
 */
import { ConfigError } from '../content/errors.js';

/** The most matches one run may plan: the largest 32-bit signed match id, plus one. */
export const MAX_MATCHES = 2 ** 31 - 1;
/** The most tables (pairings) one run may plan: each is a list kept in memory with its statistics. */
export const MAX_TABLES = 1_000_000;

/** n choose k, exact while below 2^53 (and Infinity-safe beyond: only compared with the limits). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  k = Math.min(k, n - k);
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Thrown by the plan's table builders before building too many; planExperiment names the place. */
export class TooManyTables extends Error {
  constructor(readonly tables: number) {
    super(`${tables} tables`);
  }
}

/** Throw TooManyTables when `count` tables are more than MAX_TABLES (call before building them). */
export function checkTableCount(count: number): void {
  if (count > MAX_TABLES) throw new TooManyTables(count);
}

/** The experiment's key that makes the tables (what a designer turns down). */
function tablesKey(kind: string, hasLoadouts: boolean): string {
  if (hasLoadouts && (kind === 'meta' || kind === 'loadout-sweep')) return 'loadouts';
  if (kind === 'stat-sweep') return 'sweep';
  return 'players';
}

/** The ConfigError for a plan of too many tables, at the key that makes them. */
export function tooManyTablesError(file: string, kind: string, hasLoadouts: boolean, tables: number): ConfigError {
  return ConfigError.at(
    file,
    tablesKey(kind, hasLoadouts),
    `a plan of at most ${MAX_TABLES.toLocaleString('en-US')} tables (pairings), each kept in memory with its statistics; fewer entrants (a smaller loadouts count or max)`,
    `${tables.toLocaleString('en-US')} tables`,
  );
}

/** Refuse a run of more matches than 32-bit match ids can number, at `matches` (per table) with the tables named. */
export function checkMatchTotal(file: string, matchesPerTable: number, tables: number): void {
  const total = matchesPerTable * tables;
  if (total > MAX_MATCHES)
    throw ConfigError.at(
      file,
      'matches',
      `at most ${MAX_MATCHES.toLocaleString('en-US')} matches in all (match ids are 32-bit), so at most ${Math.floor(MAX_MATCHES / tables).toLocaleString('en-US')} per table over ${tables.toLocaleString('en-US')} tables`,
      `${matchesPerTable} per table, ${total.toLocaleString('en-US')} in all`,
    );
}
