/**
 * Capital-ship collisions on the collision track (rulebook 12), every collision of a
 * movement step resolved together (7.2.2: the ships move "simultaneously").
 *
 * Why it is built this way: the rulebook describes a collision of two ships (or a ship and
 * the board edge). With three or four ships one move can meet several at once; resolved
 * one pair at a time in seat order, the first pair's undo would cancel the others and the
 * lower seat would always be the one hit. So each overlapping pair is its own collision of
 * section 12, and all of a step's collisions are worked out from the position the step
 * left: first every collision track is read off the mats as they stand, then the ships
 * undo the step, then the mats give up their tokens, then each ship receives what its
 * collisions give it, then the damage lands. Where the order could still matter (a supply
 * running out, one section hit by two collisions) the collisions are taken in seat order
 * from the initiative seat, the order of the engines (7.2.1, switch tieRule). Every token
 * leaving a mat goes back to the box supply and every token a mat receives is a gain from
 * it (the token-supply texts). Nothing here allocates after construction.
 */
import * as hexModule from '../hex/hex.js';
import type { RulesContext } from './context.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as momentumModule from './momentum.js';
import * as damageModule from './damage.js';
import * as eventsModule from './events.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR, opposite } = hexModule;
const {
  MAX_PLAYERS, LIN_SLOTS, ROT_SLOTS, STAT_SIZE, TOK_CW, TOK_NONE, ST_DAMAGE_DEALT, SRC_COLLISION,
  ST_COLLISIONS, ST_EDGE_COLLISIONS, ST_COLLISION_DAMAGE_DEALT, ST_DEALT_TO, ST_COLLISION_DAMAGE_TAKEN, G_PLAYERS,
  G_SUPPLY_LINEAR,
} = stateModule;
const { CANCELS, MODIFIES, matSize, gainToken, supplyField, removeRotational } = momentumModule;
const { hitShieldsAndArmour, hitStructure } = damageModule;
const { EV_COLLISION } = eventsModule;

/** Collision kinds in the event log. */
export const COLLISION_LINEAR = 0;
export const COLLISION_ROTATIONAL = 1;
export const COLLISION_COMMAND = 2;
/** Sentinel "player" for the board edge. */
export const EDGE = -1;
// The same as plain module constants for this module's own code (an exported binding is read
// through its module cell at every use).
const SIDE_EDGE = -1;
const LINEAR = 0;
const ROTATIONAL = 1;
const COMMAND = 2;
const TRACK_CAP = 32;
/** Pair tokens one collision can hand out: at most one per two tokens on the track. */
const PAIR_CAP = TRACK_CAP >> 1;
/** Collisions one pass can hold: every pair of ships, and every ship with the edge. */
const MAX_COLLISIONS = (MAX_PLAYERS * (MAX_PLAYERS - 1)) / 2 + MAX_PLAYERS;
/** Seat rank given to the edge: after every ship. */
const EDGE_RANK = MAX_PLAYERS;

export class Collisions {
  private readonly k: RulesContext;
  /** Token each ship moved by in the current step or command move (TOK_NONE: did not move, or undone). */
  readonly moved = new Int8Array(MAX_PLAYERS);
  /** The token a command-phase move collides with, while one is being resolved (TOK_NONE otherwise). */
  commandToken = TOK_NONE;
  /** Collisions found in this pass: sides (b may be EDGE) and the sections of each that overlap. */
  private count = 0;
  private readonly colA = new Int8Array(MAX_COLLISIONS);
  private readonly colB = new Int8Array(MAX_COLLISIONS);
  private readonly maskA = new Int32Array(MAX_COLLISIONS);
  private readonly maskB = new Int32Array(MAX_COLLISIONS);
  /** Per collision, worked out from the mats before any changes: */
  private readonly kind = new Int8Array(MAX_COLLISIONS);
  /** linear: "one player" (12 step 1) and the other; rotational: a and b. */
  private readonly first = new Int8Array(MAX_COLLISIONS);
  private readonly second = new Int8Array(MAX_COLLISIONS);
  /** The colliding tokens of first and second (TOK_NONE: none to give). */
  private readonly tokF = new Int8Array(MAX_COLLISIONS);
  private readonly tokS = new Int8Array(MAX_COLLISIONS);
  private readonly damage = new Int32Array(MAX_COLLISIONS);
  /** Tokens of the matching pairs (12 step 5), one per pair, PAIR_CAP per collision. */
  private readonly pairCodes = new Int8Array(MAX_COLLISIONS * PAIR_CAP);
  private readonly pairLen = new Int8Array(MAX_COLLISIONS);
  /** The collisions in resolution order (seat order from the initiative seat). */
  private readonly order = new Int8Array(MAX_COLLISIONS);
  private readonly orderKey = new Int8Array(MAX_COLLISIONS);
  private readonly rank = new Int8Array(MAX_PLAYERS);
  private readonly track = new Int8Array(TRACK_CAP);
  private readonly seqB = new Int8Array(8);
  private readonly pairCount = new Int8Array(8);

  constructor(kernel: RulesContext) {
    this.k = kernel;
  }

  /** Start a new set of simultaneous collisions. */
  clear(): void {
    this.count = 0;
  }

  /** Has a collision been added since clear()? */
  any(): boolean {
    return this.count > 0;
  }

  /** Add a collision of ship a with ship b (or EDGE), in a's sections maskA and b's maskB. */
  add(a: number, b: number, maskA: number, maskB: number): void {
    const c = this.count++;
    this.colA[c] = a;
    this.colB[c] = b;
    this.maskA[c] = maskA;
    this.maskB[c] = maskB;
  }

  /**
   * Put p back where it was before its move: p moved by moved[p], a move is undone at most
   * once and nothing else moves a ship in between, so the move is reversed.
   */
  undo(s: GameState, p: number): void {
    const tok = this.moved[p];
    const f = s.facing[p];
    if (tok === TOK_CW) s.facing[p] = f === 0 ? 5 : f - 1;
    else if (tok > TOK_CW) s.facing[p] = f === 5 ? 0 : f + 1;
    else {
      s.shipQ[p] -= DQ[tok];
      s.shipR[p] -= DR[tok];
    }
  }

  /**
   * Resolve every collision added since clear(), together (12, all of them from the position
   * the step left). `step` is the movement step (0-based), ignored in the command phase
   * (commandToken set: the move's token is its own slot, 12 "Colliding during the command
   * phase"). Afterwards every ship that collided is back where it was, with moved TOK_NONE.
   */
  resolve(s: GameState, step: number): void {
    const n = this.count;
    if (n === 0) return;
    const moved = this.moved;
    const command = this.commandToken !== TOK_NONE;
    const rules = this.k.t.rules;
    this.orderCollisions(s);
    // 1. Every track from the mats as the step left them (nothing is changed yet).
    for (let c = 0; c < n; c++) {
      const a = this.colA[c];
      const b = this.colB[c];
      const ta = moved[a];
      const tb = b === SIDE_EDGE ? TOK_NONE : moved[b];
      // 12: rotational when every ship involved moved by rotation or did not move; against the
      // edge, when the ship rotated (a command-phase move is linear).
      const rotational = command ? false : b === SIDE_EDGE ? ta >= TOK_CW : (ta === TOK_NONE || ta >= TOK_CW) && (tb === TOK_NONE || tb >= TOK_CW);
      if (rotational) {
        this.kind[c] = ROTATIONAL;
        this.first[c] = a;
        this.second[c] = b;
        this.tokF[c] = ta;
        this.tokS[c] = b === SIDE_EDGE ? ta : tb;
        this.pairLen[c] = 0;
        this.damage[c] = this.rotationalTrack(s, a, b, ta, tb);
      } else {
        this.kind[c] = command ? COMMAND : LINEAR;
        const f = b === SIDE_EDGE ? a : this.firstOf(s, a, b);
        const g = f === a ? b : a;
        const tf = moved[f];
        // The edge's colliding token is an inward one, opposite the move; in the command
        // phase nothing is traded back (12).
        const ts = g === SIDE_EDGE ? (command ? TOK_NONE : opposite(tf)) : moved[g];
        this.first[c] = f;
        this.second[c] = g;
        this.tokF[c] = tf;
        this.tokS[c] = ts;
        this.damage[c] = this.linearTrack(s, c, f, g, tf, ts, command ? 99 : step);
      }
    }
    // 2. Every ship that collided undoes its move (12 step 4), once.
    let involved = 0;
    for (let c = 0; c < n; c++) {
      involved |= 1 << this.colA[c];
      if (this.colB[c] !== SIDE_EDGE) involved |= 1 << this.colB[c];
    }
    for (let p = 0, rest = involved; rest !== 0; p++, rest >>= 1) if ((rest & 1) !== 0 && moved[p] !== TOK_NONE) this.undo(s, p);
    // 3. The mats give up their tokens, to the supply: the whole mat for a linear collision
    // (12 step 1-2, the rotations only with rotationalOnTrack), the colliding rotation for a
    // rotational one (or a linear one with the rotations kept off the track).
    const withRot = rules.rotationalOnTrack;
    let linear = 0;
    let rotating = 0;
    for (let c = 0; c < n; c++) {
      const a = this.colA[c];
      const b = this.colB[c];
      let both = 1 << a;
      if (b !== SIDE_EDGE) both |= 1 << b;
      if (this.kind[c] === ROTATIONAL) rotating |= both;
      else linear |= both;
    }
    for (let p = 0, rest = involved; rest !== 0; p++, rest >>= 1) {
      if ((rest & 1) === 0) continue;
      const bit = 1 << p;
      if ((linear & bit) !== 0) this.emptyMat(s, p, !withRot);
      const t = moved[p];
      if (t >= TOK_CW && ((rotating & bit) !== 0 || !withRot)) this.dropRotation(s, p, t);
    }
    // 4. Each collision's tokens are received, collision by collision.
    for (let x = 0; x < n; x++) {
      const c = this.order[x];
      const f = this.first[c];
      const g = this.second[c];
      const tf = this.tokF[c];
      const ts = this.tokS[c];
      if (this.kind[c] === ROTATIONAL) {
        // The flipped token of each goes to the other; against the edge the ship receives
        // the edge's (the same as its own) flipped.
        if (tf !== TOK_NONE && g !== SIDE_EDGE) this.damage[c] += this.receiveRotation(s, g, tf === TOK_CW ? TOK_CW + 1 : TOK_CW, f, tf);
        if (ts !== TOK_NONE) this.damage[c] += this.receiveRotation(s, f, ts === TOK_CW ? TOK_CW + 1 : TOK_CW, g, ts);
        continue;
      }
      // Step 4: the colliding tokens into slot 1. A transfer the receiver cannot take does
      // not happen: the giver keeps its token (ship-token text).
      if (ts !== TOK_NONE && !gainToken(s, f, ts) && g !== SIDE_EDGE) gainToken(s, g, ts);
      if (tf !== TOK_NONE && g !== SIDE_EDGE && !gainToken(s, g, tf)) gainToken(s, f, tf);
      // Step 5: each matching pair gives one token to each side.
      const base = c * PAIR_CAP;
      for (let j = 0, len = this.pairLen[c]; j < len; j++) {
        const code = this.pairCodes[base + j];
        gainToken(s, f, code);
        if (g !== SIDE_EDGE) gainToken(s, g, code);
      }
    }
    for (let p = 0, rest = involved; rest !== 0; p++, rest >>= 1) if ((rest & 1) !== 0) moved[p] = TOK_NONE;
    // 5. Damage at the overlapping sections (12 step 3), collision by collision.
    const log = this.k.log;
    const st = s.stats;
    for (let x = 0; x < n; x++) {
      const c = this.order[x];
      const a = this.colA[c];
      const b = this.colB[c];
      const dmg = this.damage[c];
      if (log !== null) log.push(EV_COLLISION, a, b, this.kind[c], dmg, command ? 0 : step + 1);
      const dealtA = this.collisionDamage(s, a, this.maskA[c], dmg);
      st[a * STAT_SIZE + ST_COLLISIONS]++;
      if (b === SIDE_EDGE) {
        st[a * STAT_SIZE + ST_EDGE_COLLISIONS]++;
        if (dealtA > 0) s.lastHit[a] = -1; // the edge is nobody's kill
        continue;
      }
      const dealtB = this.collisionDamage(s, b, this.maskB[c], dmg);
      st[b * STAT_SIZE + ST_COLLISIONS]++;
      if (dealtA > 0) s.lastHit[a] = b;
      if (dealtB > 0) s.lastHit[b] = a;
      // Damage dealt counts enemies only, as for weapons (rulebook 3: allies at 4 players).
      if (s.team[a] === s.team[b]) continue;
      st[a * STAT_SIZE + ST_DEALT_TO + b] += dealtB;
      st[b * STAT_SIZE + ST_DEALT_TO + a] += dealtA;
      st[a * STAT_SIZE + ST_COLLISION_DAMAGE_DEALT] += dealtB;
      st[b * STAT_SIZE + ST_COLLISION_DAMAGE_DEALT] += dealtA;
      st[a * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION] += dealtB;
      st[b * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION] += dealtA;
    }
    this.count = 0;
  }

  /**
   * The resolution order: by the seat rank (from the initiative seat, tieRule) of each
   * collision's earlier side, then of its other side (the edge after every ship). With one
   * collision (the usual case) there is nothing to order.
   */
  private orderCollisions(s: GameState): void {
    const n = this.count;
    const order = this.order;
    if (n === 1) {
      order[0] = 0;
      return;
    }
    const rank = this.rank;
    const players = s.g[G_PLAYERS];
    for (let i = 0; i < players; i++) rank[this.k.seatAt(s, i)] = i;
    const key = this.orderKey;
    // Insertion sort on the key (at most MAX_COLLISIONS entries).
    for (let c = 0; c < n; c++) {
      const ra = rank[this.colA[c]];
      const rb = this.colB[c] === SIDE_EDGE ? EDGE_RANK : rank[this.colB[c]];
      const kc = ra < rb ? ra * 8 + rb : rb * 8 + ra;
      let x = c;
      while (x > 0 && key[x - 1] > kc) {
        key[x] = key[x - 1];
        order[x] = order[x - 1];
        x--;
      }
      key[x] = kc;
      order[x] = c;
    }
  }

  /** Which of two colliding ships is "one player" in step 1 (docs/rules.md, 12). */
  private firstOf(s: GameState, a: number, b: number): number {
    const ma = this.moved[a] !== TOK_NONE;
    const mb = this.moved[b] !== TOK_NONE;
    if (ma && !mb) return a;
    if (mb && !ma) return b;
    const n = s.g[G_PLAYERS];
    for (let i = 0; i < n; i++) {
      const p = this.k.seatAt(s, i);
      if (p === a || p === b) return p;
    }
    return a;
  }

  /**
   * Damage every overlapping section of p by `damage`; structure takes only the largest of
   * the per-section overflows (12 step 3). Returns the damage p took.
   */
  private collisionDamage(s: GameState, p: number, mask: number, damage: number): number {
    if (damage <= 0 || mask === 0) return 0;
    const t = this.k.t;
    const log = this.k.log;
    let worst = 0;
    let total = 0;
    // The set bits only, lowest (section) first.
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const sec = 31 - Math.clz32(rest & (0 - rest));
      const inward = hitShieldsAndArmour(t, s, p, sec, damage, log);
      if (inward > worst) worst = inward;
      total += damage;
    }
    hitStructure(s, p, worst);
    s.stats[p * STAT_SIZE + ST_COLLISION_DAMAGE_TAKEN] += total;
    return total;
  }

  /**
   * Copy p's movement sequence (7.2.2: linear slots, then rotational), except the token at
   * `skip`, into `seq`; returns the count. Rotational tokens are included only with `withRot`
   * (the rule switch that puts them on the track).
   */
  private sequence(s: GameState, p: number, skip: number, seq: Int8Array, withRot: boolean): number {
    const nl = s.linCount[p];
    const lin = s.lin;
    const base = p * LIN_SLOTS;
    let n = 0;
    for (let i = 0; i < nl; i++) if (i !== skip) seq[n++] = lin[base + i];
    if (withRot) {
      const rot = s.rot;
      for (let i = 0, nr = s.rotCount[p]; i < nr; i++) if (nl + i !== skip) seq[n++] = rot[p * ROT_SLOTS + i];
    }
    return n;
  }

  /** Return p's tokens to the supply, keeping rotational tokens with `keepRot` (they stay off the track). */
  private emptyMat(s: GameState, p: number, keepRot: boolean): void {
    const nl = s.linCount[p];
    const lin = s.lin;
    s.g[G_SUPPLY_LINEAR] += nl;
    for (let i = 0; i < nl; i++) lin[p * LIN_SLOTS + i] = TOK_NONE;
    s.linCount[p] = 0;
    if (keepRot) return;
    for (let i = 0; i < s.rotCount[p]; i++) {
      s.g[supplyField(s.rot[p * ROT_SLOTS + i])]++;
      s.rot[p * ROT_SLOTS + i] = TOK_NONE;
    }
    s.rotCount[p] = 0;
  }

  /**
   * Collision c's track, steps 1-3 of section 12, read off the mats without changing them:
   * `first` puts its tokens on the track (step 1), `second` adds its own one by one,
   * cancelling or modifying (step 2); the damage is the count removed plus the colliding
   * tokens left on the mats (step 3), and the matching pairs left are noted for step 5.
   * `second` may be EDGE: a virtual mat of inward tokens, as many as first's mat holds.
   * `tf`/`ts` are the colliding tokens (TOK_NONE: that side did not move, or, in the command
   * phase, trades nothing back). Returns the damage.
   */
  private linearTrack(s: GameState, c: number, first: number, second: number, tf: number, ts: number, step: number): number {
    const rules = this.k.t.rules;
    const skipF = tf === TOK_NONE ? -1 : step;
    // Step 1: first's tokens go straight onto the track.
    const tr = this.track;
    const withRot = rules.rotationalOnTrack;
    let len = this.sequence(s, first, skipF, tr, withRot);
    let ns: number;
    if (second === SIDE_EDGE) {
      // The edge mirrors the ship: as many inward tokens as the ship's mat holds.
      const size = matSize(s, first) + (this.commandToken !== TOK_NONE ? 1 : 0);
      const inward = opposite(tf === TOK_NONE || tf >= TOK_CW ? this.commandToken : tf);
      ns = size - (ts === TOK_NONE ? 0 : 1);
      for (let i = 0; i < ns; i++) this.seqB[i] = inward;
    } else {
      ns = this.sequence(s, second, ts === TOK_NONE ? -1 : step, this.seqB, withRot);
    }
    // Step 2. Every code on the track and in seqB is a token code 0..7 (CANCELS, MODIFIES).
    const seqB = this.seqB;
    let removed = 0;
    for (let i = 0; i < ns; i++) {
      const t = seqB[i];
      let j = len - 1;
      while (j >= 0 && CANCELS[(tr[j] << 3) | t] === 0) j--;
      if (j >= 0) {
        for (let m = j; m < len - 1; m++) tr[m] = tr[m + 1];
        len--;
        removed += rules.collisionCancelCount;
        continue;
      }
      j = len - 1;
      while (j >= 0 && MODIFIES[(tr[j] << 3) | t] < 0) j--;
      if (j >= 0) {
        tr[j] = MODIFIES[(tr[j] << 3) | t];
        removed += rules.collisionModifyCount;
      } else if (len < TRACK_CAP) tr[len++] = t;
    }
    let remaining = tf === TOK_NONE ? 0 : 1;
    if (ts !== TOK_NONE && (second !== SIDE_EDGE || rules.edgeTokenCounts)) remaining++;
    // Step 5, noted: each kind with m copies on the track gives floor(m / 2) to each side, in
    // the order the kinds first appear. pairCount is all zero here: each count is zeroed as
    // it is read.
    const pc = this.pairCount;
    const base = c * PAIR_CAP;
    let np = 0;
    for (let j = 0; j < len; j++) pc[tr[j]]++;
    for (let j = 0; j < len; j++) {
      const code = tr[j];
      const pairs = pc[code] >> 1;
      pc[code] = 0;
      for (let x = 0; x < pairs; x++) this.pairCodes[base + np++] = code;
    }
    this.pairLen[c] = np;
    return removed + remaining;
  }

  /**
   * A rotational collision's damage before any token is received (12, "Rotational
   * Collisions"): one for each colliding token swapped. The edge holds "the same number and
   * type of rotational momentum tokens as the colliding ship": its own token counts with
   * edgeTokenCounts, and with edgeRotationCancels the ship's flipped token cancels one of the
   * edge's remaining rotations as it would a ship's with the same mat (the ship's own
   * cancellations are counted as it receives, receiveRotation).
   */
  private rotationalTrack(s: GameState, a: number, b: number, ta: number, tb: number): number {
    let damage = 0;
    if (ta !== TOK_NONE) damage++;
    if (b !== SIDE_EDGE) {
      if (tb !== TOK_NONE) damage++;
      return damage;
    }
    const rules = this.k.t.rules;
    if (rules.edgeTokenCounts) damage++;
    if (rules.edgeRotationCancels) {
      // The edge's mirrored mat less its colliding token still holds a token like ta, which
      // the ship's flipped token cancels.
      let same = 0;
      for (let i = 0, nr = s.rotCount[a]; i < nr; i++) if (s.rot[a * ROT_SLOTS + i] === ta) same++;
      if (same >= 2) damage++;
    }
    return damage;
  }

  /** Remove one rotation token `t` from p's mat to the supply (the one it just moved by). */
  private dropRotation(s: GameState, p: number, t: number): void {
    const base = p * ROT_SLOTS;
    for (let i = 0; i < s.rotCount[p]; i++) {
      if (s.rot[base + i] === t) {
        s.g[supplyField(t)]++;
        removeRotational(s, p, i);
        return;
      }
    }
  }

  /**
   * p receives rotation `t` (flipped from the giver's `given`): it cancels an opposite token
   * (returns 1) or is gained (returns 0). If p cannot take it, the transfer does not happen
   * and the giver keeps its token (ship-token text).
   */
  private receiveRotation(s: GameState, p: number, t: number, giver: number, given: number): number {
    const base = p * ROT_SLOTS;
    for (let i = s.rotCount[p] - 1; i >= 0; i--) {
      if (s.rot[base + i] !== t) {
        s.g[supplyField(s.rot[base + i])]++;
        removeRotational(s, p, i);
        return 1;
      }
    }
    if (!gainToken(s, p, t) && giver !== SIDE_EDGE) gainToken(s, giver, given);
    return 0;
  }
}
