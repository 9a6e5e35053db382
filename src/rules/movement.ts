/**
 * Capital-ship movement and collisions (rulebook 7.2.2 and 12).
 *
 * Why it is built this way: lock-step movement moves every ship by its k-th momentum
 * token, then resolves what overlaps, then goes on with step k + 1 on the mats the
 * collisions left (12 step 6). A collision is resolved on the collision track, a scratch
 * array owned here; the board edge is a virtual mat of inward tokens (12, "Colliding with
 * the edge"). Every token leaving a mat goes back to the box supply and every token a mat
 * receives is a gain from it, so token totals are conserved by construction and a gain
 * from an empty supply grants nothing (the token-supply texts). Nothing here allocates after
 * construction.
 */
import * as hexModule from '../hex/hex.js';
import type { RulesContext } from './context.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as momentumModule from './momentum.js';
import * as damageModule from './damage.js';
import * as eventsModule from './events.js';
import * as hullLookupsModule from './hull-lookups.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR, opposite, distance } = hexModule;
const {
  MAX_PLAYERS, MAX_FACTION_SUPPLIES, LIN_SLOTS, ROT_SLOTS, STAT_SIZE, TOK_CW, TOK_NONE, SMALL_NONE,
  SMALL_CORVETTE, CAUSE_CAPITAL_SHIP, ST_DAMAGE_DEALT, SRC_COLLISION, ST_COLLISIONS,
  ST_EDGE_COLLISIONS, ST_COLLISION_DAMAGE_DEALT, ST_COLLISION_DAMAGE_TAKEN, ST_TOKENS_OVERRUN,
  ST_TOKEN_DAMAGE_TAKEN, G_PLAYERS, G_SUPPLY_LINEAR, G_STATUS, G_TOK_TOP, STATUS_ONGOING,
} = stateModule;
const {
  CANCELS, MODIFIES, tokenAt, matSize, gainToken, supplyField, removeRotational, thrust,
} = momentumModule;
const { hitShieldsAndArmour, hitStructure } = damageModule;
const { EV_STEP, EV_MOVE, EV_COLLISION, EV_OVERRUN, EV_POWER } = eventsModule;
const { hullLookups } = hullLookupsModule;

/** Collision kinds in the event log. */
export const COLLISION_LINEAR = 0;
export const COLLISION_ROTATIONAL = 1;
export const COLLISION_COMMAND = 2;
/** Sentinel "player" for the board edge. */
export const EDGE = -1;
// EDGE for this module's own code: an exported binding is read through its module cell, with
// a TDZ check, at every use; a plain module constant is folded.
const SIDE_EDGE = -1;
const TRACK_CAP = 32;

/**
 * What an overrun needs from the weapons (Weapons implements it): declared here so that
 * movement, below weapons, does not import it. Set once by the kernel (connect).
 */
export interface OverrunHits {
  tokenStrikes(s: GameState, i: number, victim: number, sec: number): void;
  destroyToken(s: GameState, i: number, killer: number, cause: number, src: number): void;
}

export class Movement {
  private readonly k: RulesContext;
  private hits: OverrunHits | null = null;
  /** Token each ship moved by in the current step (TOK_NONE: did not move). */
  private readonly moved = new Int8Array(MAX_PLAYERS);
  /** Bitmask of each ship's sections overlapping in the current collision. */
  private readonly secMask = new Int32Array(MAX_PLAYERS + 1);
  /** Each ship's sections off the board, as resolveOverlaps found them for edgeCollision. */
  private readonly offMask = new Int32Array(MAX_PLAYERS);
  private readonly track = new Int8Array(TRACK_CAP);
  private readonly seqB = new Int8Array(8);
  private readonly pairCount = new Int8Array(8);
  private readonly savedLin = new Int8Array(LIN_SLOTS);

  /**
   * Hull lookup tables, built once from the kernel's tables (the hulls never change):
   * per faction, the hull's radius (largest hex distance of a hull hex from the centre) and
   * (hullFlat) per facing, a grid over offsets from the centre holding section + 1 of the
   * hull hex there (0: none). `clearance` holds, per board cell, the distance to the
   * nearest hex off the board. Per faction pair, `pairGrid` holds the overlapping sections
   * of both hulls per facing pair and centre offset; per faction, `edgeGrid` the sections
   * off the board per facing and centre. They turn "which section is on this hex", "do these
   * hulls share a hex" and "is this hull on the board" into lookups. Each of hullFlat,
   * pairGrid and edgeGrid is one flat typed array padded to the largest radius (pad), so a
   * lookup is one index with no per-faction array to fetch. They are read-only and shared
   * by every Kernel on the same tables object (hull-lookups.ts).
   */
  private readonly hullRadius: Int8Array;
  /** hullFlat: offsets within pad of the centre, row length hullD = 2 * pad + 1. */
  private readonly hullFlat: Int8Array;
  private readonly pad: number;
  private readonly hullD: number;
  private readonly clearance: Int8Array;
  private readonly factionCount: number;
  /** pairGrid: hull reach 2 * pad, row length pairD = 4 * pad + 1 (buildLookups). */
  private readonly pairReach: number;
  private readonly pairD: number;
  private readonly pairGrid: Uint16Array;
  private readonly hullSections: Int32Array;
  /** edgeGrid: centre (q, r) is at x = q - edgeQ0, y = r - edgeR0 in an edgeW x edgeH box. */
  private readonly edgeGrid: Uint8Array;
  private readonly edgeQ0: number;
  private readonly edgeR0: number;
  private readonly edgeW: number;
  private readonly edgeH: number;
  /** The board's bounding box and mask (tables.board), held here for the hot lookups. */
  private readonly qMin: number;
  private readonly rMin: number;
  private readonly width: number;
  private readonly height: number;
  private readonly mask: Uint8Array;

  constructor(kernel: RulesContext) {
    this.k = kernel;
    const b = kernel.t.board;
    this.qMin = b.qMin;
    this.rMin = b.rMin;
    this.width = b.width;
    this.height = b.height;
    this.mask = b.mask;
    const shared = hullLookups(kernel.t);
    this.hullRadius = shared.hullRadius;
    this.hullFlat = shared.hullFlat;
    this.pad = shared.pad;
    this.hullD = 2 * shared.pad + 1;
    this.clearance = shared.clearance;
    this.factionCount = kernel.t.factions.length;
    this.pairReach = 2 * shared.pad;
    this.pairD = 4 * shared.pad + 1;
    this.pairGrid = shared.pairGrid;
    this.hullSections = shared.hullSections;
    this.edgeGrid = shared.edgeGrid;
    this.edgeQ0 = b.qMin - shared.pad;
    this.edgeR0 = b.rMin - shared.pad;
    this.edgeW = b.width + 2 * shared.pad;
    this.edgeH = b.height + 2 * shared.pad;
  }

  /** The weapons an overrun token strikes with (12); called once, before any movement. */
  connect(hits: OverrunHits): void {
    this.hits = hits;
  }

  // ------------------------------------------------------------------ geometry

  /** Is hex (q, r) on the board? */
  hexOnBoard(q: number, r: number): boolean {
    const x = q - this.qMin;
    const y = r - this.rMin;
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return false;
    return this.mask[y * this.width + x] === 1;
  }

  /** Is every hex of p's hull on the board? */
  onBoard(s: GameState, p: number): boolean {
    return this.edgeSections(s, p) === 0;
  }

  /** Bitmask of p's sections with a hex off the board (0 = wholly on). */
  edgeSections(s: GameState, p: number): number {
    const f = s.faction[p];
    const x = s.shipQ[p] - this.edgeQ0;
    const y = s.shipR[p] - this.edgeR0;
    const w = this.edgeW;
    const h = this.edgeH;
    if (x < 0 || y < 0 || x >= w || y >= h) return this.hullSections[f];
    return this.edgeGrid[((f * 6 + s.facing[p]) * h + y) * w + x];
  }

  /**
   * Do ships a and b share a hex? When masks are given, the sections of each that overlap
   * are OR-ed into them (maskA[a] for a, maskB[b] for b).
   */
  shipsOverlap(s: GameState, a: number, b: number, maskA: Int32Array | null, maskB: Int32Array | null): boolean {
    const v = this.overlap(s, a, b);
    if (v === 0) return false;
    if (maskA) maskA[a] |= v & 0xff;
    if (maskB) maskB[b] |= v >> 8;
    return true;
  }

  /** a's sections sharing a hex with b | b's such sections << 8 (0: the hulls share none). */
  private overlap(s: GameState, a: number, b: number): number {
    const reach = this.pairReach;
    // a's centre relative to b's: too far apart for the hulls to meet?
    const cq = s.shipQ[a] - s.shipQ[b];
    const cr = s.shipR[a] - s.shipR[b];
    if (cq < -reach || cq > reach || cr < -reach || cr > reach) return 0;
    const d = this.pairD;
    const pair = s.faction[a] * this.factionCount + s.faction[b];
    return this.pairGrid[((((pair * 6 + s.facing[a]) * 6 + s.facing[b]) * d + cr + reach) * d + cq + reach)];
  }

  /** Largest hex distance of a hex of p's hull from its centre. */
  radiusOf(s: GameState, p: number): number {
    return this.hullRadius[s.faction[p]];
  }

  /**
   * Bitmask of the live ships whose hull could have a hex within `reach` of hex (q, r): a
   * hull lies within its radius of its centre, so a ship not in the mask has no hex that
   * close. A cheap pre-check for walks of at most `reach` hexes (hullInMask).
   */
  shipsNear(s: GameState, q: number, r: number, reach: number): number {
    const n = s.g[G_PLAYERS];
    let mask = 0;
    for (let p = 0; p < n; p++) {
      if (s.alive[p] && distance(q, r, s.shipQ[p], s.shipR[p]) <= reach + this.hullRadius[s.faction[p]]) mask |= 1 << p;
    }
    return mask;
  }

  /** Is hex (q, r) under the hull of a ship in `mask` (from shipsNear)? */
  hullInMask(s: GameState, q: number, r: number, mask: number): boolean {
    for (let p = 0; mask !== 0; p++, mask >>= 1) if (mask & 1 && this.sectionAt(s, p, q, r) >= 0) return true;
    return false;
  }

  /** Is every hex within `reach` of board hex (q, r) on the board (board clearance)? */
  clearOfEdge(q: number, r: number, reach: number): boolean {
    const x = q - this.qMin;
    const y = r - this.rMin;
    return x >= 0 && y >= 0 && x < this.width && y < this.height && this.clearance[y * this.width + x] > reach;
  }

  /** Section of p's hull on hex (q, r), or -1. */
  sectionAt(s: GameState, p: number, q: number, r: number): number {
    const pad = this.pad;
    const dq = q - s.shipQ[p];
    const dr = r - s.shipR[p];
    if (dq < -pad || dq > pad || dr < -pad || dr > pad) return -1;
    const d = this.hullD;
    return this.hullFlat[((s.faction[p] * 6 + s.facing[p]) * d + dr + pad) * d + dq + pad] - 1;
  }

  // ------------------------------------------------------------------ lock-step movement (7.2.2)

  /**
   * Move all ships token by token, resolving collisions after each step. Returns whether
   * a step was made: then the ships are settled (kernel-core.ts settleDestroyed) as the steps left
   * them, and settling again is a no-op.
   */
  movementSteps(s: GameState): boolean {
    const n = s.g[G_PLAYERS];
    const log = this.k.log;
    const { alive, shipQ, shipR, facing } = s;
    const moved = this.moved;
    for (let step = 0; step < 12; step++) {
      let any = false;
      for (let p = 0; p < n; p++) {
        const tok = alive[p] ? tokenAt(s, p, step) : TOK_NONE;
        moved[p] = tok;
        if (tok === TOK_NONE) continue;
        any = true;
        const f = facing[p];
        if (tok === TOK_CW) facing[p] = f === 5 ? 0 : f + 1;
        else if (tok > TOK_CW) facing[p] = f === 0 ? 5 : f - 1;
        else {
          shipQ[p] += DQ[tok];
          shipR[p] += DR[tok];
        }
      }
      if (!any) return step > 0;
      if (log !== null) {
        log.push(EV_STEP, step + 1);
        for (let p = 0; p < n; p++) if (moved[p] !== TOK_NONE) log.push(EV_MOVE, p, moved[p], shipQ[p], shipR[p], facing[p]);
      }
      // Only a collision or an overrun changes a structure, and the first step settles
      // whatever the phase began with, so a later step without one would settle nothing
      // (settleDestroyed, 3).
      const changed = this.resolveOverlaps(s, step);
      if (changed === true || step === 0) this.k.settleDestroyed(s);
      if (this.k.check !== null) this.k.check(s, 'movement step');
      if (s.g[G_STATUS] !== STATUS_ONGOING) return true;
    }
    return true;
  }

  /**
   * Put p back where it was before its move: p moved by moved[p], a move is undone at most
   * once and nothing else moves a ship in between, so the move is reversed.
   */
  private undo(s: GameState, p: number): void {
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
   * Resolve everything overlapping after a step: ship against ship first (their undo can
   * clear an edge overlap), then the board edge, then small tokens under hulls. Repeats
   * until nothing overlaps, since an undo can uncover a new overlap with a third ship.
   * Returns whether anything collided or was overrun.
   */
  private resolveOverlaps(s: GameState, step: number): boolean {
    const n = s.g[G_PLAYERS];
    const alive = s.alive;
    const moved = this.moved;
    // 12: nothing overlapped before the step (setup checks it, and power to engines and each
    // step resolve every overlap they make), and a ship is either where it was, with moved
    // TOK_NONE (it did not move, or was undone), or moved. So two ships that are both where
    // they were do not overlap and a ship where it was is on the board: those checks are
    // skipped. Each pass that finds something undoes a moved ship, so the loop ends with
    // nothing overlapping well within its pass bound. The pass that finds nothing also notes
    // the ships still moved (movers), for the small tokens.
    let movers = -1;
    let hit = false;
    for (let pass = 0; pass < 2 * MAX_PLAYERS + 2; pass++) {
      // The first overlapping pair is found first and resolved after the loop, and likewise
      // the ships off the board: with no call in a loop, V8 checks and loads the arrays it
      // reads once rather than at every turn.
      let fa = -1;
      let fb = -1;
      let fv = 0;
      // The last ship has no later one to pair with.
      for (let a = 0; a < n - 1 && fa < 0; a++) {
        if (!alive[a]) continue;
        const stillA = moved[a] === TOK_NONE;
        for (let b = a + 1; b < n; b++) {
          if (!alive[b] || (stillA && moved[b] === TOK_NONE)) continue;
          const v = this.overlap(s, a, b);
          if (v !== 0) {
            fa = a;
            fb = b;
            fv = v;
            break;
          }
        }
      }
      if (fa >= 0) {
        this.shipCollision(s, fa, fb, fv, step);
        hit = true;
        continue;
      }
      let off = 0;
      let still = 0;
      for (let p = 0; p < n; p++) {
        if (moved[p] === TOK_NONE || !alive[p]) continue;
        const sections = this.edgeSections(s, p);
        if (sections !== 0) {
          off |= 1 << p;
          this.offMask[p] = sections;
        } else still |= 1 << p;
      }
      if (off === 0) {
        movers = still;
        break;
      }
      // Each ship's edge test reads only its own place, which undoing another does not change.
      for (let p = 0; off !== 0; p++, off >>= 1) if ((off & 1) !== 0) this.edgeCollision(s, p, this.offMask[p], step, false);
      hit = true;
    }
    // 12, small tokens: only a ship still moved can be over one (see overrunTokens).
    if (movers < 0) {
      movers = 0;
      for (let p = 0; p < n; p++) if (moved[p] !== TOK_NONE && alive[p]) movers |= 1 << p;
    }
    return (movers !== 0 && this.overrunTokens(s, movers)) || hit;
  }

  // ------------------------------------------------------------------ collisions (12)

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

  /** Ships a and b overlap, in the sections of `overlap` (found by resolveOverlaps, not looked up again). */
  private shipCollision(s: GameState, a: number, b: number, overlap: number, step: number): void {
    const sm = this.secMask;
    sm[a] = overlap & 0xff;
    sm[b] = overlap >> 8;
    const ta = this.moved[a];
    const tb = this.moved[b];
    // A ship that did not move is where it was.
    if (ta !== TOK_NONE) this.undo(s, a);
    if (tb !== TOK_NONE) this.undo(s, b);
    const rotational = (ta === TOK_NONE || ta >= TOK_CW) && (tb === TOK_NONE || tb >= TOK_CW);
    let damage: number;
    if (rotational) damage = this.rotationalCollision(s, a, b, ta, tb);
    else {
      const first = this.firstOf(s, a, b);
      const second = first === a ? b : a;
      damage = this.linearCollision(s, first, second, this.moved[first], this.moved[second], step);
    }
    this.moved[a] = TOK_NONE;
    this.moved[b] = TOK_NONE;
    if (this.k.log) this.k.log.push(EV_COLLISION, a, b, rotational ? COLLISION_ROTATIONAL : COLLISION_LINEAR, damage, step + 1);
    const dealtA = this.collisionDamage(s, a, sm[a], damage);
    const dealtB = this.collisionDamage(s, b, sm[b], damage);
    const st = s.stats;
    st[a * STAT_SIZE + ST_COLLISIONS]++;
    st[b * STAT_SIZE + ST_COLLISIONS]++;
    st[a * STAT_SIZE + ST_COLLISION_DAMAGE_DEALT] += dealtB;
    st[b * STAT_SIZE + ST_COLLISION_DAMAGE_DEALT] += dealtA;
    st[a * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION] += dealtB;
    st[b * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION] += dealtA;
  }

  /** p's move put `mask`, its sections off the board (edgeSections, found by the caller), over the edge. */
  private edgeCollision(s: GameState, p: number, mask: number, step: number, commandPhase: boolean): void {
    const tp = this.moved[p];
    this.undo(s, p);
    let damage: number;
    const rotational = !commandPhase && tp >= TOK_CW;
    if (rotational) damage = this.rotationalCollision(s, p, SIDE_EDGE, tp, tp);
    else damage = this.linearCollision(s, p, SIDE_EDGE, tp, commandPhase ? TOK_NONE : opposite(tp), step);
    this.moved[p] = TOK_NONE;
    if (this.k.log) this.k.log.push(EV_COLLISION, p, SIDE_EDGE, commandPhase ? COLLISION_COMMAND : rotational ? COLLISION_ROTATIONAL : COLLISION_LINEAR, damage, step + 1);
    this.collisionDamage(s, p, mask, damage);
    s.stats[p * STAT_SIZE + ST_COLLISIONS]++;
    s.stats[p * STAT_SIZE + ST_EDGE_COLLISIONS]++;
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
   * A linear collision on the collision track, steps 1-5 of section 12. `first` puts its
   * tokens on the track (step 1), `second` adds its own one by one, cancelling or modifying
   * (step 2); damage is the count removed plus the colliding tokens left on the mats (step
   * 3); the colliding tokens are swapped into slot 1 (step 4) and matching pairs shared out
   * (step 5). `second` may be EDGE: a virtual mat of inward tokens, as many as first's mat
   * holds. `tf`/`ts` are the colliding tokens (TOK_NONE: that side did not move, or, in the
   * command phase, trades nothing back). Positions must already be undone. Returns damage.
   */
  private linearCollision(s: GameState, first: number, second: number, tf: number, ts: number, step: number): number {
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
    // The colliding tokens leave the mats with everything else; all return to the supply.
    this.emptyMat(s, first, !withRot);
    if (second !== SIDE_EDGE) this.emptyMat(s, second, !withRot);
    if (!withRot) {
      // Rotational tokens stayed on the mats; a colliding one still leaves to be swapped.
      if (tf >= TOK_CW) this.dropRotation(s, first, tf);
      if (second !== SIDE_EDGE && ts >= TOK_CW) this.dropRotation(s, second, ts);
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
    // Step 4: swap the colliding tokens into slot 1. A transfer the receiver cannot take
    // does not happen: the giver keeps its token (ship-token text).
    if (ts !== TOK_NONE && !gainToken(s, first, ts) && second !== SIDE_EDGE) gainToken(s, second, ts);
    if (tf !== TOK_NONE && second !== SIDE_EDGE && !gainToken(s, second, tf)) gainToken(s, first, tf);
    // Step 5: each matching pair on the track gives one token to each side. pairCount is all
    // zero here: each count is zeroed as it is read.
    const pc = this.pairCount;
    for (let j = 0; j < len; j++) pc[tr[j]]++;
    for (let j = 0; j < len; j++) {
      const code = tr[j];
      const pairs = pc[code] >> 1;
      pc[code] = 0;
      if (pairs === 0) continue;
      for (let x = 0; x < pairs; x++) {
        gainToken(s, first, code);
        if (second !== SIDE_EDGE) gainToken(s, second, code);
      }
    }
    return removed + remaining;
  }

  /**
   * A rotational collision (12, "Rotational Collisions"): each side gives its colliding
   * rotation token to the other, flipped over; a received token cancels an opposite one on
   * the mat. Damage is the number of tokens swapped plus those cancelled. Against the edge,
   * the edge holds the same tokens as the ship. Positions must already be undone.
   */
  private rotationalCollision(s: GameState, a: number, b: number, ta: number, tb: number): number {
    let damage = 0;
    if (ta !== TOK_NONE) {
      this.dropRotation(s, a, ta);
      damage++;
    }
    if (b !== SIDE_EDGE && tb !== TOK_NONE) {
      this.dropRotation(s, b, tb);
      damage++;
    } else if (b === SIDE_EDGE && this.k.t.rules.edgeTokenCounts) damage++;
    // The flipped token of ta goes to b, and of tb to a.
    if (ta !== TOK_NONE && b !== SIDE_EDGE) damage += this.receiveRotation(s, b, ta === TOK_CW ? TOK_CW + 1 : TOK_CW, a, ta);
    if (tb !== TOK_NONE) damage += this.receiveRotation(s, a, tb === TOK_CW ? TOK_CW + 1 : TOK_CW, b, tb);
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

  // ------------------------------------------------------------------ command-phase momentum (10.1.6, 12)

  /** The token a command-phase move collides with, while one is being resolved. */
  private commandToken = TOK_NONE;

  /**
   * Power to Engines (10.1.6): thrust `dir` on the mat, then move one hex in `dir` whatever
   * the thrust did. A collision treats the new token as its own slot: it goes to the other
   * side and nothing is traded back (12, "Colliding during the command phase").
   */
  powerToEngines(s: GameState, p: number, dir: number): void {
    const n = s.g[G_PLAYERS];
    const log = this.k.log;
    // Only p moves; a collision undoes p alone and reads only p's token.
    this.moved[p] = dir;
    s.shipQ[p] += DQ[dir];
    s.shipR[p] += DR[dir];
    // The first live ship p now overlaps and the sections that do (-1: none), or else p's
    // sections off the board: found once, for resolveCommandCollision too.
    let other = -1;
    let sections = 0;
    let off = 0;
    for (let o = 0; o < n; o++) {
      if (o === p || !s.alive[o]) continue;
      sections = this.overlap(s, p, o);
      if (sections !== 0) {
        other = o;
        break;
      }
    }
    if (other < 0) off = this.edgeSections(s, p);
    if (other < 0 && off === 0) {
      const result = thrust(s, p, dir);
      if (log) log.push(EV_POWER, p, dir, result);
      this.overrunTokens(s, 1 << p);
    } else {
      // The new momentum is its own slot: the mat stays as it was. The log still records
      // what the thrust would have done, so thrust and restore the mat (dir is linear).
      if (log) {
        const savedLinCount = s.linCount[p];
        for (let i = 0; i < LIN_SLOTS; i++) this.savedLin[i] = s.lin[p * LIN_SLOTS + i];
        const supplyBefore = s.g[G_SUPPLY_LINEAR];
        log.push(EV_POWER, p, dir, thrust(s, p, dir));
        s.g[G_SUPPLY_LINEAR] = supplyBefore;
        s.linCount[p] = savedLinCount;
        for (let i = 0; i < LIN_SLOTS; i++) s.lin[p * LIN_SLOTS + i] = this.savedLin[i];
      }
      this.commandToken = dir;
      this.resolveCommandCollision(s, p, dir, other, other >= 0 ? sections : off);
      this.commandToken = TOK_NONE;
      // The collision undid p's move: nothing moved, so no token is overrun (overrunTokens).
    }
    this.moved[p] = TOK_NONE;
  }

  /**
   * p's command move overlaps ship o, the first live one it does, in the sections of
   * `overlap` (pairGrid), or (o = -1) only the board edge, with p's sections `overlap` off
   * it: the ship collision comes first.
   */
  private resolveCommandCollision(s: GameState, p: number, dir: number, o: number, overlap: number): void {
    // The mover's colliding token is `dir` in its own slot (skip index = beyond the mat).
    if (o >= 0) {
      const sm = this.secMask;
      sm[p] = overlap & 0xff;
      sm[o] = overlap >> 8;
      this.undo(s, p);
      const damage = this.linearCollision(s, p, o, dir, TOK_NONE, 99);
      if (this.k.log) this.k.log.push(EV_COLLISION, p, o, COLLISION_COMMAND, damage, 0);
      const dealtP = this.collisionDamage(s, p, sm[p], damage);
      const dealtO = this.collisionDamage(s, o, sm[o], damage);
      s.stats[p * STAT_SIZE + ST_COLLISIONS]++;
      s.stats[o * STAT_SIZE + ST_COLLISIONS]++;
      s.stats[p * STAT_SIZE + ST_COLLISION_DAMAGE_DEALT] += dealtO;
      s.stats[o * STAT_SIZE + ST_COLLISION_DAMAGE_DEALT] += dealtP;
      s.stats[p * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION] += dealtO;
      s.stats[o * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION] += dealtP;
    } else this.edgeCollision(s, p, overlap, 99, true);
  }

  // ------------------------------------------------------------------ small tokens (12)

  /**
   * A capital ship over a small token destroys it; a weapon token deals its full damage to
   * the overlapped section first, then returns to its owner's supply (12, "Colliding with
   * small tokens"). Only the live ships in `movers` are tested: no token lies under a hull
   * once a step or command is resolved (invariants.ts), so a ship that has not moved since,
   * or whose move was undone, is over none, and the first ship over a token is a mover.
   */
  overrunTokens(s: GameState, movers: number): boolean {
    // The bound is read once: a token destroyed here leaves an empty slot or lowers the mark
    // past empty ones, and none is added.
    const top = s.g[G_TOK_TOP];
    const tokKind = s.tokKind;
    const tokQ = s.tokQ;
    const tokR = s.tokR;
    let hit = false;
    for (let i = 0; i < top; i++) {
      const kind = tokKind[i];
      if (kind === SMALL_NONE) continue;
      const q = tokQ[i];
      const r = tokR[i];
      for (let p = 0, rest = movers; rest !== 0; p++, rest >>= 1) {
        if ((rest & 1) === 0) continue;
        const sec = this.sectionAt(s, p, q, r);
        if (sec < 0) continue;
        this.overrun(s, p, i, kind, sec);
        hit = true;
        break;
      }
    }
    return hit;
  }

  /** Ship p runs over small token i (of `kind`) with section `sec` (12). */
  private overrun(s: GameState, p: number, i: number, kind: number, sec: number): void {
    if (this.k.log) this.k.log.push(EV_OVERRUN, p, kind, s.tokOwner[i], 0, sec);
    s.stats[p * STAT_SIZE + ST_TOKENS_OVERRUN]++;
    if (kind === SMALL_CORVETTE) this.hits!.destroyToken(s, i, p, CAUSE_CAPITAL_SHIP, -1);
    else {
      const w = this.k.weaponOf(s, s.tokOwner[i], kind, s.tokRef[i]);
      s.stats[p * STAT_SIZE + ST_TOKEN_DAMAGE_TAKEN] += w ? w.damage : 0;
      this.hits!.tokenStrikes(s, i, p, sec);
    }
  }

  /** Take token i off the board, back to its owner's supply. */
  removeToken(s: GameState, i: number): void {
    const sup = s.tokSupply[i];
    if (sup >= 0) s.factionSupply[s.tokOwner[i] * MAX_FACTION_SUPPLIES + sup]++;
    s.tokKind[i] = SMALL_NONE;
    s.tokOwner[i] = -1;
    s.tokSupply[i] = -1;
    s.tokAge[i] = 0;
    // Keep the high-water mark tight: drop past every empty slot at the top.
    let top = s.g[G_TOK_TOP];
    while (top > 0 && s.tokKind[top - 1] === SMALL_NONE) top--;
    s.g[G_TOK_TOP] = top;
  }
}
