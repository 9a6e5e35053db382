/**
 * A private copy of one ship's momentum mat (7.2), for predicting movement without touching
 * the game state: 11 bytes, laid out as
 *   [0] linear count, [1..4] linear tokens, [5] rotation count, [6..7] rotation tokens,
 *   [8..10] the box supplies of linear, clockwise and counter-clockwise tokens (capped at 100).
 * The search tries ten engine settings two rounds deep at every commitment, so thrusts are
 * applied to these small arrays, not to a copy of the state. matThrust repeats the kernel's
 * thrust rule (src/rules/momentum.ts `thrust`); test/bots/momentum-mat.test.ts holds the two
 * equal over every mat, supply and token.
 */
import type { GameState } from '../bot-vocabulary.js';
import * as botApiModule from '../bot-vocabulary.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  LIN_SLOTS, ROT_SLOTS, TOK_CW, TOK_CCW, ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW, G_SUPPLY_LINEAR,
  G_SUPPLY_CW, G_SUPPLY_CCW, hex,
} = botApiModule;
const { opposite, turn, turnBetween } = hex;

export const M_SIZE = 11;

/** Player p's mat and the supplies, as they stand in the view. */
export function matLoad(V: GameState, p: number, m: Int8Array): void {
  m[0] = V.linCount[p];
  for (let i = 0; i < LIN_SLOTS; i++) m[1 + i] = V.lin[p * LIN_SLOTS + i];
  m[5] = V.rotCount[p];
  for (let i = 0; i < ROT_SLOTS; i++) m[6 + i] = V.rot[p * ROT_SLOTS + i];
  m[8] = Math.min(V.g[G_SUPPLY_LINEAR], 100);
  m[9] = Math.min(V.g[G_SUPPLY_CW], 100);
  m[10] = Math.min(V.g[G_SUPPLY_CCW], 100);
}

/** Unrolled: TypedArray.prototype.set is a builtin call, dearer than eleven stores. */
export function matCopy(from: Int8Array, to: Int8Array): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
  to[3] = from[3];
  to[4] = from[4];
  to[5] = from[5];
  to[6] = from[6];
  to[7] = from[7];
  to[8] = from[8];
  to[9] = from[9];
  to[10] = from[10];
}

/** One thrust of token t, as the kernel does it: cancel the last opposite, else modify the last two edges away, else add, else ignore. */
export function matThrust(m: Int8Array, t: number): void {
  if (t >= TOK_CW) {
    const n = m[5];
    for (let i = n - 1; i >= 0; i--) {
      if (m[6 + i] !== t) {
        m[m[6 + i] === TOK_CW ? 9 : 10]++;
        for (let j = i; j < n - 1; j++) m[6 + j] = m[7 + j];
        m[5] = n - 1;
        return;
      }
    }
    const sup = t === TOK_CW ? 9 : 10;
    if (n >= ROT_SLOTS || m[sup] <= 0) return;
    m[sup]--;
    m[6 + n] = t;
    m[5] = n + 1;
    return;
  }
  const n = m[0];
  const opp = opposite(t);
  for (let i = n - 1; i >= 0; i--) {
    if (m[1 + i] === opp) {
      for (let j = i; j < n - 1; j++) m[1 + j] = m[2 + j];
      m[0] = n - 1;
      m[8]++;
      return;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    const sixths = turnBetween(m[1 + i], t);
    if (sixths === 2 || sixths === -2) {
      m[1 + i] = turn(m[1 + i], sixths >> 1);
      return;
    }
  }
  if (n >= LIN_SLOTS || m[8] <= 0) return;
  m[8]--;
  m[1 + n] = t;
  m[0] = n + 1;
}

/** Apply an engine setting (7.2.1) to a mat, the ship facing f. */
export function matEngine(m: Int8Array, e: number, f: number): void {
  if (e < 6) matThrust(m, e);
  else if (e === ENGINE_DOUBLE) {
    matThrust(m, f);
    matThrust(m, f);
  } else if (e === ENGINE_CW) matThrust(m, TOK_CW);
  else if (e === ENGINE_CCW) matThrust(m, TOK_CCW);
}

/** Has mat m (its tokens; supplies aside) been seen among the first n entries of `seen`? If not, record it as entry n. */
export function seenBefore(seen: Int8Array, n: number, m: Int8Array): boolean {
  for (let j = 0; j < n; j++) {
    const o = j * M_SIZE;
    let same = seen[o] === m[0] && seen[o + 5] === m[5];
    for (let x = 0; x < m[0] && same; x++) if (seen[o + 1 + x] !== m[1 + x]) same = false;
    for (let x = 0; x < m[5] && same; x++) if (seen[o + 6 + x] !== m[6 + x]) same = false;
    if (same) return true;
  }
  // The tokens only (entries 0..7): the supplies are never compared.
  const o = n * M_SIZE;
  for (let x = 0; x < 8; x++) seen[o + x] = m[x];
  return false;
}

/** A mat's tokens as one integer: counts in bits 0-4, linear tokens (0..5) from bit 5, rotation tokens from bit 17. */
export function matKey(m: Int8Array): number {
  const nl = m[0];
  const nr = m[5];
  let mat = nl | (nr << 3);
  for (let i = 0; i < nl; i++) mat |= m[1 + i] << (5 + 3 * i);
  for (let i = 0; i < nr; i++) mat |= (m[6 + i] & 7) << (17 + 3 * i);
  return mat;
}
