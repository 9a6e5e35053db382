/**
 * Seeded random streams, number for number those of `seedrandom(seed)` (its default ARC4
 * generator), for the streams made once per match: each bot's, the match's pair seed, the
 * randomised start, a sampled loadout.
 *
 * Why not call seedrandom there: besides seeding, every seedrandom(seed) call turns the new
 * generator's 256-byte state into a string and mixes it into a global entropy pool (used
 * only by unseeded generators), and builds closures: 12-14 microseconds a call (a loop of
 * 200,000 seedings), against a rammer match of about 120. Here the same stream
 * is seeded into a 256-byte array and nothing else (3-6 microseconds, most of it the 768
 * ARC4 steps). The batch worker goes further: each seat's stream (ReseedableRandom) is
 * reused from match to match and keeps its last keyed state, so a match allocates no
 * stream and the second game of a pair (same seed) copies the state instead of keying.
 * test/sim/rng.test.ts holds every output to seedrandom's over many seeds, so matches
 * replay exactly as before.
 */

const WIDTH = 256;
const MASK = 255;
/** seedrandom's double: 6 bytes to start (2^48), topped up to 52 significant bits. */
const START_DENOM = 2 ** 48;
const SIGNIFICANCE = 2 ** 52;
const OVERFLOW = 2 ** 53;

/** The key of the stream being seeded (module scratch: seeding allocates only the stream). */
const key = new Int32Array(WIDTH);

/**
 * An ARC4 stream keyed as seedrandom keys it (mixkey over the seed string, then 256 bytes
 * dropped). It can be keyed again, or take another stream's state: a stream reused from
 * match to match allocates nothing (ReseedableRandom below).
 */
export class Arc4 {
  /**
   * A byte array: a copy is one memcpy (about 700 instructions against 7,800 for a plain
   * array's element loop) and keying runs about 20% fewer instructions; a fresh stream
   * costs no more to make than with a plain array (cachegrind).
   */
  private readonly s = new Uint8Array(WIDTH);
  private i = 0;
  private j = 0;

  /** Key the stream from `seed`, as seedrandom(seed) does. */
  key(seed: string): void {
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

  /** Continue from where `other` is (256 copies instead of 768 keying steps). */
  copyFrom(other: Arc4): void {
    this.s.set(other.s);
    this.i = other.i;
    this.j = other.j;
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

  /** seedrandom's double in [0, 1). */
  double(): number {
    let n = this.next(6);
    let d = START_DENOM;
    let x = 0;
    while (n < SIGNIFICANCE) {
      n = (n + x) * WIDTH;
      d *= WIDTH;
      x = this.next(1);
    }
    while (n >= OVERFLOW) {
      n /= 2;
      d /= 2;
      x >>>= 1;
    }
    return (n + x) / d;
  }
}

/** A seeded stream: call it for a double in [0, 1) (the bot API's Rng), int32() for a signed 32-bit integer. */
export interface SeededRng {
  (): number;
  int32(): number;
}

/** The stream `seedrandom(seed)` gives, without its global side effects. */
export function seededRandom(seed: string): SeededRng {
  const arc4 = new Arc4();
  arc4.key(seed);
  const prng = (() => arc4.double()) as SeededRng;
  prng.int32 = () => arc4.next(4) | 0;
  return prng;
}

/** Scratch stream for seededInt32 (keyed afresh at every call). */
const scratch = new Arc4();

/** The first int32() of `seedrandom(seed)`, allocating nothing. */
export function seededInt32(seed: string): number {
  scratch.key(seed);
  return scratch.next(4) | 0;
}

/**
 * A stream reused from match to match (one per seat in a MatchPlayer): `reset(seed)` names
 * the next match's seed, and the stream is keyed on its first draw (scripted bots often
 * draw nothing). `draw` is one function for the stream's whole life, so handing it to a
 * policy allocates nothing; the previous match's policy must no longer be called. The keyed
 * state of the last seed is kept: both games of a pair share their seed, so the second
 * game copies 256 entries instead of keying again.
 */
export class ReseedableRandom {
  /** A double in [0, 1) from the current match's stream. */
  readonly draw: () => number;
  private readonly stream = new Arc4();
  private readonly keyed = new Arc4();
  /** The seed of the state in `keyed` (null: none yet). */
  private keyedSeed: string | number | null = null;
  private seed: string | number = '';
  private started = false;

  /** `seedOf(seed)` is the stream's seed string for a match seed, built only when keying. */
  constructor(private readonly seedOf: (seed: string | number) => string) {
    this.draw = () => (this.started ? this.stream.double() : this.start());
  }

  reset(seed: string | number): void {
    this.seed = seed;
    this.started = false;
  }

  private start(): number {
    if (this.keyedSeed !== this.seed) {
      this.keyed.key(this.seedOf(this.seed));
      this.keyedSeed = this.seed;
    }
    this.stream.copyFrom(this.keyed);
    this.started = true;
    return this.stream.double();
  }
}
