/**
 * Seeded random streams, number for number those of `seedrandom(seed)` (its default ARC4
 * generator), for the streams made once per match: each bot's, the match's pair seed, the
 * randomised start, a sampled loadout.
 *
 * Why not call seedrandom there: besides seeding, every seedrandom(seed) call turns the new
 * generator's 256-byte state into a string and mixes it into a global entropy pool (used
 * only by unseeded generators), and builds closures: 12-14 microseconds a call (a loop of
 * 200,000 seedings, 2026-11-22), against a rammer match of about 120. Here the same stream
 * is seeded into a 256-entry array and nothing else (3-6 microseconds, most of it the 768
 * ARC4 steps). test/sim/rng.test.ts holds every output to seedrandom's over many seeds, so
 * matches replay exactly as before.
 */
import type { Rng } from '../bot-api.js';

const WIDTH = 256;
const MASK = 255;
/** seedrandom's double: 6 bytes to start (2^48), topped up to 52 significant bits. */
const START_DENOM = 2 ** 48;
const SIGNIFICANCE = 2 ** 52;
const OVERFLOW = 2 ** 53;

/** The key of the stream being seeded (module scratch: seeding allocates only the stream). */
const key = new Int32Array(WIDTH);

/** An ARC4 stream keyed as seedrandom keys it (mixkey over the seed string, then 256 bytes dropped). */
class Arc4 {
  /** A plain array of small integers: V8 allocates it in the young generation, a 256-byte typed array outside it. */
  private readonly s: number[] = new Array<number>(WIDTH);
  private i = 0;
  private j = 0;

  constructor(seed: string) {
    // mixkey: smear the seed's char codes into a key of at most 256 entries.
    const keyLength = seed.length === 0 ? 1 : Math.min(seed.length, WIDTH);
    key.fill(0);
    let smear = 0;
    for (let k = 0; k < seed.length; k++) {
      smear ^= key[k & MASK] * 19;
      key[k & MASK] = MASK & (smear + seed.charCodeAt(k));
    }
    const s = this.s;
    for (let k = 0; k < WIDTH; k++) s[k] = k;
    let j = 0;
    let m = 0; // k % keyLength, without a division
    for (let k = 0; k < WIDTH; k++) {
      const t = s[k];
      j = MASK & (j + key[m] + t);
      if (++m === keyLength) m = 0;
      s[k] = s[j];
      s[j] = t;
    }
    // seedrandom drops the first 256 bytes (RC4-drop[256]); the stream starts from i = j = 0.
    let i = 0;
    j = 0;
    for (let k = 0; k < WIDTH; k++) {
      i = MASK & (i + 1);
      const t = s[i];
      j = MASK & (j + t);
      s[i] = s[j];
      s[j] = t;
    }
    this.i = i;
    this.j = j;
  }

  /** The next `count` bytes as one big-endian number (count <= 6 keeps it exact). */
  next(count: number): number {
    const s = this.s;
    let i = this.i;
    let j = this.j;
    let r = 0;
    while (count-- > 0) {
      i = MASK & (i + 1);
      const t = s[i];
      j = MASK & (j + t);
      s[i] = s[j];
      s[j] = t;
      r = r * WIDTH + s[MASK & (s[i] + t)];
    }
    this.i = i;
    this.j = j;
    return r;
  }
}

/** A seeded stream: call it for a double in [0, 1); int32() for a signed 32-bit integer. */
export interface SeededRng extends Rng {
  int32(): number;
}

/** The stream `seedrandom(seed)` gives, without its global side effects. */
export function seededRandom(seed: string): SeededRng {
  const arc4 = new Arc4(seed);
  const prng = (() => {
    let n = arc4.next(6);
    let d = START_DENOM;
    let x = 0;
    while (n < SIGNIFICANCE) {
      n = (n + x) * WIDTH;
      d *= WIDTH;
      x = arc4.next(1);
    }
    while (n >= OVERFLOW) {
      n /= 2;
      d /= 2;
      x >>>= 1;
    }
    return (n + x) / d;
  }) as SeededRng;
  prng.int32 = () => arc4.next(4) | 0;
  return prng;
}
