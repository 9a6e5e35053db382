/**
 * The pilot kit's copy of the thrust rule (src/scripted/momentum-mat.ts matThrust) against
 * the kernel's own (src/rules/momentum.ts thrust): the search predicts movement on its copy,
 * so the two must agree on every mat, every supply level that matters and every token.
 */
import { describe, expect, it } from 'vitest';
import { GameState, LIN_SLOTS, ROT_SLOTS, TOK_CW, TOK_CCW, G_SUPPLY_LINEAR, G_SUPPLY_CW, G_SUPPLY_CCW } from '../../src/bot-api.ts';
import { thrust } from '../../src/rules/momentum.ts';
import { matLoad, matThrust, M_SIZE } from '../../src/scripted/momentum-mat.ts';

/** Every token sequence of length 0..max over `codes`. */
function sequences(codes: readonly number[], max: number): number[][] {
  const out: number[][] = [[]];
  for (let start = 0; start < out.length; start++) {
    const seq = out[start];
    if (seq.length < max) for (const c of codes) out.push([...seq, c]);
  }
  return out;
}

/** Counts, the tokens in play and the supplies (slots past the counts are free). */
function sameMat(a: Int8Array, b: Int8Array): boolean {
  if (a[0] !== b[0] || a[5] !== b[5] || a[8] !== b[8] || a[9] !== b[9] || a[10] !== b[10]) return false;
  for (let i = 0; i < a[0]; i++) if (a[1 + i] !== b[1 + i]) return false;
  for (let i = 0; i < a[5]; i++) if (a[6 + i] !== b[6 + i]) return false;
  return true;
}

function shown(m: Int8Array): string {
  return `linear [${m.slice(1, 1 + m[0])}] rotation [${m.slice(6, 6 + m[5])}] supplies ${m[8]},${m[9]},${m[10]}`;
}

describe('matThrust is the kernel thrust rule', () => {
  it('on every mat (up to 4 linear, 2 rotational tokens), every supply of 0, 1 or 2 of each kind, and every token', () => {
    const s = new GameState();
    const p = 1;
    const mine = new Int8Array(M_SIZE);
    const kernels = new Int8Array(M_SIZE);
    const lin = sequences([0, 1, 2, 3, 4, 5], LIN_SLOTS);
    const rot = sequences([TOK_CW, TOK_CCW], ROT_SLOTS);
    const supplies = [0, 1, 2];
    let compared = 0;
    for (const l of lin)
      for (const r of rot)
        for (const sl of supplies)
          for (const scw of supplies)
            for (const sccw of supplies)
              for (const t of [0, 1, 2, 3, 4, 5, TOK_CW, TOK_CCW]) {
              s.linCount[p] = l.length;
              for (let i = 0; i < LIN_SLOTS; i++) s.lin[p * LIN_SLOTS + i] = i < l.length ? l[i] : 0;
              s.rotCount[p] = r.length;
              for (let i = 0; i < ROT_SLOTS; i++) s.rot[p * ROT_SLOTS + i] = i < r.length ? r[i] : 0;
              s.g[G_SUPPLY_LINEAR] = sl;
              s.g[G_SUPPLY_CW] = scw;
              s.g[G_SUPPLY_CCW] = sccw;
              matLoad(s, p, mine);
              matThrust(mine, t);
              thrust(s, p, t);
              matLoad(s, p, kernels);
              if (!sameMat(mine, kernels)) expect.fail(`mat ${l}|${r} supplies ${sl},${scw},${sccw} token ${t}: kit ${shown(mine)}, kernel ${shown(kernels)}`);
              compared++;
            }
    expect(compared).toBe(lin.length * rot.length * 27 * 8);
  });
});
