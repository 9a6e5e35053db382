/**
 * src/sim/rng.ts must give seedrandom's streams number for number: matches seeded through
 * it replay as they did through seedrandom. Seeds cover the shapes the harness makes
 * (`<seed>/bot/<seat>`, `<master>/pair/<k>`, `<seed>/setup`), the empty string, non-ASCII
 * text, and seeds longer than seedrandom's 256-entry key (which wrap and smear).
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { seededRandom, seededInt32, ReseedableRandom } from '../../src/random/rng.js';
import { botRng, seatRandom } from '../../src/sim/bots.js';

const SEEDS = [
  '',
  '0',
  '1/bot/0',
  '1/bot/1',
  '3141592653/bot/1',
  'bench/pair/0',
  'experiment-name/pair/123456',
  '987654321/setup',
  '42/loadout/3',
  'ünïcødé 星 🚀',
  'x'.repeat(255),
  'y'.repeat(256),
  'long seed '.repeat(70),
  Array.from({ length: 600 }, (_, i) => String.fromCharCode(32 + ((i * 37) % 90))).join(''),
];

describe('seededRandom matches seedrandom', () => {
  it.each(SEEDS.map((s) => [s.length > 40 ? `${s.slice(0, 20)}... (${s.length} chars)` : JSON.stringify(s), s]))('doubles for %s', (_label, seed) => {
    const ours = seededRandom(seed);
    const ref = seedrandom(seed);
    for (let i = 0; i < 2000; i++) expect(ours()).toBe(ref());
  });

  it.each(SEEDS.slice(0, 6))('int32 for %j, interleaved with doubles', (seed) => {
    const ours = seededRandom(seed);
    const ref = seedrandom(seed);
    for (let i = 0; i < 500; i++) {
      expect(ours.int32()).toBe(ref.int32());
      expect(ours()).toBe(ref());
    }
  });

  it('a thousand harness-shaped seeds agree on their first draws', () => {
    for (let k = 0; k < 1000; k++) {
      const seed = `${(k * 2654435761) >>> 0}/bot/${k & 1}`;
      const ours = seededRandom(seed);
      const ref = seedrandom(seed);
      expect([ours(), ours(), ours.int32()]).toEqual([ref(), ref(), ref.int32()]);
    }
  });
});

describe('reused streams match fresh ones', () => {
  it('seededInt32 is the first int32 of the stream', () => {
    for (const seed of SEEDS) expect(seededInt32(seed)).toBe(seedrandom(seed).int32());
  });

  it('a ReseedableRandom gives each seed its own stream, also after repeats and partial draws', () => {
    const seatOne = seatRandom(1);
    const fallback = new ReseedableRandom((seed) => `${seed}/fallback/bot/0`);
    // Seeds repeat (both games of a pair), alternate, and some matches draw nothing.
    const matchSeeds: (string | number)[] = [7, 7, 8, 8, 7, 'x', 'x', 12345678901, 0, 0, 9];
    matchSeeds.forEach((seed, m) => {
      seatOne.reset(seed);
      fallback.reset(seed);
      if (m % 4 === 3) return; // no draws this match
      const ref = seedrandom(`${seed}/bot/1`);
      const refFallback = seedrandom(`${seed}/fallback/bot/0`);
      const draws = 1 + ((m * 7) % 40);
      for (let i = 0; i < draws; i++) expect(seatOne.draw()).toBe(ref());
      expect(fallback.draw()).toBe(refFallback());
    });
  });

  it('botRng is the seat stream of the match seed', () => {
    const rng = botRng(42, 0);
    const ref = seedrandom('42/bot/0');
    for (let i = 0; i < 100; i++) expect(rng()).toBe(ref());
  });
});
