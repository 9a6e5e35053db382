/**
 * The cooldown step (7.4) four cards at a time (kernel.ts coolCardWord, used by the
 * cooldown phase on GameState.cardLoc32): for every combination of four card locations a
 * state can hold (hand, committed, held, resolving, each track space), each byte must come
 * out as the card-by-card rule says: past Ready down one space, Ready to the hand, the rest
 * unchanged.
 */
import { describe, it, expect } from 'vitest';
import { coolCardWord } from '../../src/rules/kernel.ts';
import { LOC_HAND, LOC_TRACK, MAX_COOLDOWN } from '../../src/rules/state.ts';

/** 7.4 for one card location. */
function coolOne(loc: number): number {
  if (loc < LOC_TRACK) return loc;
  return loc === LOC_TRACK ? LOC_HAND : loc - 1;
}

describe('cooldown step on four card locations at once (7.4)', () => {
  const TOP = LOC_TRACK + MAX_COOLDOWN;

  it.each([
    ['all in hand', [LOC_HAND, LOC_HAND, LOC_HAND, LOC_HAND], [LOC_HAND, LOC_HAND, LOC_HAND, LOC_HAND]],
    ['Ready returns to the hand', [LOC_TRACK, 1, 2, 3], [LOC_HAND, 1, 2, 3]],
    ['one space down', [LOC_TRACK + 1, LOC_TRACK + 2, TOP, LOC_TRACK], [LOC_TRACK, LOC_TRACK + 1, TOP - 1, LOC_HAND]],
  ])('%s', (_name, before, after) => {
    const word = before[0] | (before[1] << 8) | (before[2] << 16) | (before[3] << 24);
    const out = coolCardWord(word);
    expect([0, 1, 2, 3].map((b) => (out >>> (8 * b)) & 0xff)).toEqual(after);
  });

  it('matches the card-by-card rule for every combination of locations 0..LOC_TRACK + MAX_COOLDOWN', () => {
    let wrong = 0;
    for (let a = 0; a <= TOP; a++)
      for (let b = 0; b <= TOP; b++)
        for (let c = 0; c <= TOP; c++)
          for (let d = 0; d <= TOP; d++) {
            const out = coolCardWord(a | (b << 8) | (c << 16) | (d << 24));
            if (((out & 0xff) !== coolOne(a) || ((out >>> 8) & 0xff) !== coolOne(b) || ((out >>> 16) & 0xff) !== coolOne(c) || out >>> 24 !== coolOne(d)) && wrong++ === 0)
              expect.fail(`locations ${[a, b, c, d]} became ${[out & 0xff, (out >>> 8) & 0xff, (out >>> 16) & 0xff, out >>> 24]}`);
          }
    expect(wrong).toBe(0);
  });
});
