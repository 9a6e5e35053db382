/**
 * The momentum mat (rulebook 7.2): thrust with cancel / modify / add / ignore, and the
 * token sequence that lock-step movement walks (7.2.2).
 *
 * Why: a mat is 4 linear and 2 rotational Int8 slots per ship inside the state buffer;
 * thrust edits them in place and moves tokens to and from the box supply (finite supplies
 * per the token-supply texts: a gain from an empty supply grants nothing). Token codes: 0..5 a
 * linear direction, TOK_CW / TOK_CCW a rotation.
 */
import * as hexModule from '../hex/hex.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { opposite, turnBetween, turn } = hexModule;
const {
  LIN_SLOTS, ROT_SLOTS, TOK_CW, TOK_CCW, TOK_NONE, G_SUPPLY_LINEAR, G_SUPPLY_CW, G_SUPPLY_CCW,
} = stateModule;

// This module's own code uses plain module constants and functions: an exported binding is
// read through its module cell, with a TDZ check, at every use, and a plain one is folded.
const CANCELLED = 0;
const MODIFIED = 1;
const ADDED = 2;
const IGNORED = 3;
const NO_SUPPLY = 4;
/** What a thrust did. */
export const THRUST_CANCELLED = CANCELLED;
export const THRUST_MODIFIED = MODIFIED;
export const THRUST_ADDED = ADDED;
export const THRUST_IGNORED = IGNORED;
/** Ignored only because the supply was empty (star-token text: a gain from an empty pool grants nothing). */
export const THRUST_NO_SUPPLY = NO_SUPPLY;
export const THRUST_RESULT_NAMES = ['cancelled', 'modified', 'added', 'ignored (mat full)', 'ignored (supply empty)'];

function fieldOf(code: number): number {
  return code === TOK_CW ? G_SUPPLY_CW : code === TOK_CCW ? G_SUPPLY_CCW : G_SUPPLY_LINEAR;
}
/** Supply field in the global block for a token code. */
export const supplyField = fieldOf;

/** Does token b cancel token a (opposite linear directions, or opposite rotations)? */
export function cancels(a: number, b: number): boolean {
  if (a >= TOK_CW || b >= TOK_CW) return a >= TOK_CW && b >= TOK_CW && a !== b;
  return b === opposite(a);
}

/** If linear b points two edges away from linear a, the in-between direction; else -1 (7.2). */
export function modifies(a: number, b: number): number {
  if (a >= TOK_CW || b >= TOK_CW) return -1;
  const t = turnBetween(a, b);
  return t === 2 || t === -2 ? turn(a, t >> 1) : -1;
}

/**
 * cancels and modifies as tables over token codes 0..7, indexed (a << 3) | b: thrust and
 * the collision track (12 step 2) test them in their inner loops. CANCELS holds 1 or 0,
 * MODIFIES the in-between direction or -1.
 */
const CANCEL_TABLE = new Int8Array(64);
const MODIFY_TABLE = new Int8Array(64);
for (let a = 0; a < 8; a++)
  for (let b = 0; b < 8; b++) {
    CANCEL_TABLE[(a << 3) | b] = cancels(a, b) ? 1 : 0;
    MODIFY_TABLE[(a << 3) | b] = modifies(a, b);
  }
export const CANCELS = CANCEL_TABLE;
export const MODIFIES = MODIFY_TABLE;

/** Remove linear slot i of player p, closing the gap (7.2: later tokens move up). */
function removeLin(s: GameState, p: number, i: number): void {
  const base = p * LIN_SLOTS;
  const n = s.linCount[p];
  for (let j = i; j < n - 1; j++) s.lin[base + j] = s.lin[base + j + 1];
  s.lin[base + n - 1] = TOK_NONE;
  s.linCount[p] = n - 1;
}

/** Remove rotational slot i of player p, closing the gap. */
function removeRot(s: GameState, p: number, i: number): void {
  const base = p * ROT_SLOTS;
  const n = s.rotCount[p];
  for (let j = i; j < n - 1; j++) s.rot[base + j] = s.rot[base + j + 1];
  s.rot[base + n - 1] = TOK_NONE;
  s.rotCount[p] = n - 1;
}
export const removeLinear = removeLin;
export const removeRotational = removeRot;

/**
 * Apply one thrust of token code `t` to player p's mat (7.2, docs/rules.md, 7.2):
 * cancel the last opposite token; else (linear) turn the last token two edges away to the
 * in-between direction; else add (4 linear / 2 rotational at most, supply permitting);
 * else ignore. Returns a THRUST_* code.
 */
export function thrust(s: GameState, p: number, t: number): number {
  if (t >= TOK_CW) {
    const base = p * ROT_SLOTS;
    const n = s.rotCount[p];
    for (let i = n - 1; i >= 0; i--) {
      if (s.rot[base + i] !== t) {
        s.g[fieldOf(s.rot[base + i])]++;
        removeRot(s, p, i);
        return CANCELLED;
      }
    }
    if (n >= ROT_SLOTS) return IGNORED;
    const f = fieldOf(t);
    if (s.g[f] <= 0) return NO_SUPPLY;
    s.g[f]--;
    s.rot[base + n] = t;
    s.rotCount[p] = n + 1;
    return ADDED;
  }
  const base = p * LIN_SLOTS;
  const lin = s.lin;
  const n = s.linCount[p];
  const opp = opposite(t);
  // One walk from the last slot: the last opposite token is cancelled, whatever could be
  // modified; failing that, the last token two edges away (the first met) is modified.
  // Slots below linCount hold linear codes 0..5, so a token is two edges from t (MODIFIES)
  // when their codes differ by 2 or 4.
  let mod = -1;
  for (let i = n - 1; i >= 0; i--) {
    const code = lin[base + i];
    if (code === opp) {
      s.g[G_SUPPLY_LINEAR]++;
      removeLin(s, p, i);
      return CANCELLED;
    }
    if (mod < 0) {
      const d = code - t;
      if (d === 2 || d === -2 || d === 4 || d === -4) mod = i;
    }
  }
  if (mod >= 0) {
    lin[base + mod] = MODIFY_TABLE[(lin[base + mod] << 3) | t];
    return MODIFIED;
  }
  if (n >= LIN_SLOTS) return IGNORED;
  const g = s.g;
  if (g[G_SUPPLY_LINEAR] <= 0) return NO_SUPPLY;
  g[G_SUPPLY_LINEAR]--;
  lin[base + n] = t;
  s.linCount[p] = n + 1;
  return ADDED;
}

/** Number of tokens on player p's mat. */
export function matSize(s: GameState, p: number): number {
  return s.linCount[p] + s.rotCount[p];
}

/** The k-th token of p's movement sequence (linear first, then rotational; 7.2.2), or TOK_NONE. */
export function tokenAt(s: GameState, p: number, k: number): number {
  const nl = s.linCount[p];
  if (k < nl) return s.lin[p * LIN_SLOTS + k];
  const kr = k - nl;
  if (kr < s.rotCount[p]) return s.rot[p * ROT_SLOTS + kr];
  return TOK_NONE;
}

/**
 * Gain token `t` from the supply into the next free slot of p's mat, without cancelling
 * (collision results, 12 steps 4-5). Returns false when the supply is empty or the mat is
 * full: then nothing is gained (the token-supply texts).
 */
export function gainToken(s: GameState, p: number, t: number): boolean {
  const f = fieldOf(t);
  if (s.g[f] <= 0) return false;
  if (t >= TOK_CW) {
    const n = s.rotCount[p];
    if (n >= ROT_SLOTS) return false;
    s.rot[p * ROT_SLOTS + n] = t;
    s.rotCount[p] = n + 1;
  } else {
    const n = s.linCount[p];
    if (n >= LIN_SLOTS) return false;
    s.lin[p * LIN_SLOTS + n] = t;
    s.linCount[p] = n + 1;
  }
  s.g[f]--;
  return true;
}
