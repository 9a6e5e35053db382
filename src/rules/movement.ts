/**
 * Capital-ship movement (rulebook 7.2.2) and what a move overlaps (12).
 *
 * Why it is built this way: lock-step movement moves every ship by its k-th momentum
 * token, then finds everything the step made overlap (other ships, the board edge, small
 * tokens) and resolves it together, then goes on with step k + 1 on the mats the
 * collisions left (12 step 6). The collision track itself is collisions.ts. Hull lookups are
 * precomputed tables (hull-lookups.ts), so "do these hulls share a hex" and "is this hull on
 * the board" are one index each. Nothing here allocates after construction.
 */
import * as hexModule from '../hex/hex.js';
import type { RulesContext } from './context.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as momentumModule from './momentum.js';
import * as eventsModule from './events.js';
import * as hullLookupsModule from './hull-lookups.js';
import { Collisions } from './collisions.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR, distance } = hexModule;
const {
  MAX_PLAYERS, MAX_FACTION_SUPPLIES, LIN_SLOTS, STAT_SIZE, TOK_CW, TOK_NONE, SMALL_NONE,
  SMALL_CORVETTE, CAUSE_CAPITAL_SHIP, ST_TOKENS_OVERRUN, ST_TOKEN_DAMAGE_TAKEN, G_PLAYERS,
  G_SUPPLY_LINEAR, G_STATUS, G_TOK_TOP, STATUS_ONGOING,
} = stateModule;
const { tokenAt, thrust } = momentumModule;
const { EV_STEP, EV_MOVE, EV_OVERRUN, EV_POWER } = eventsModule;
const { hullLookups } = hullLookupsModule;
// The board edge as the other side of a collision (collisions.ts EDGE).
const SIDE_EDGE = -1;

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
  /** The collision track: every collision of a step (or command move) resolved together. */
  private readonly col: Collisions;
  /** Token each ship moved by in the current step (TOK_NONE: did not move, or undone); the collisions' array. */
  private readonly moved: Int8Array;
  private readonly savedLin = new Int8Array(LIN_SLOTS);
  /** tables.rules.passThrough === false, read once: ships whose moves cross in a step collide (crossing). */
  private readonly crossingsCollide: boolean;

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
    this.col = new Collisions(kernel);
    this.moved = this.col.moved;
    this.crossingsCollide = kernel.t.rules.passThrough === false;
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
   * Resolve everything overlapping after a step, together (7.2.2: "if the Capital Ships are
   * overlapping with any token, an opposing Capital Ship, or the edge of the board, a
   * collision occurs"): every small token under a moved hull is run over, and every pair of
   * overlapping ships and every ship over the edge collides, all from this position
   * (collisions.ts). Repeats until nothing overlaps, since an undo can uncover a new overlap
   * with a third ship that moved into the place it left. Returns whether anything collided
   * or was overrun.
   */
  private resolveOverlaps(s: GameState, step: number): boolean {
    const n = s.g[G_PLAYERS];
    const alive = s.alive;
    const moved = this.moved;
    const col = this.col;
    // 12: nothing overlapped before the step (setup checks it, and power to engines and each
    // step resolve every overlap they make), and a ship is either where it was, with moved
    // TOK_NONE (it did not move, or was undone), or moved. So two ships that are both where
    // they were do not overlap and a ship where it was is on the board and over no token:
    // those checks are skipped. A moved ship stays where it is until it is undone, so its
    // tokens are looked at once (checked). Each pass that finds a collision undoes a moved
    // ship, so the loop ends with nothing overlapping well within its pass bound.
    let checked = 0;
    let hit = false;
    for (let pass = 0; pass < 2 * MAX_PLAYERS + 2; pass++) {
      col.clear();
      let fresh = 0;
      for (let a = 0; a < n; a++) {
        if (!alive[a]) continue;
        const stillA = moved[a] === TOK_NONE;
        if (!stillA) {
          if ((checked & (1 << a)) === 0) fresh |= 1 << a;
          const off = this.edgeSections(s, a);
          if (off !== 0) col.add(a, SIDE_EDGE, off, 0);
        }
        for (let b = a + 1; b < n; b++) {
          if (!alive[b] || (stillA && moved[b] === TOK_NONE)) continue;
          const v = this.overlap(s, a, b);
          if (v !== 0) col.add(a, b, v & 0xff, v >> 8);
          else if (this.crossingsCollide === true && stillA === false) {
            const x = this.crossing(s, a, b);
            if (x !== 0) col.add(a, b, x & 0xff, x >> 8);
          }
        }
      }
      // 12, small tokens: overrun where the step put the hulls, before any undo.
      if (fresh !== 0) {
        checked |= fresh;
        if (this.overrunTokens(s, fresh)) hit = true;
      }
      if (!col.any()) break;
      col.resolve(s, step);
      hit = true;
    }
    return hit;
  }

  /**
   * With passThrough off (12: "overlap one another at any point"): did a and b, both moved by
   * different linear tokens and apart after the step, pass through each other? They did
   * when their hulls overlap halfway through the step whichever way it is split: with a
   * moved and b where it was, and with b moved and a where it was (for opposite moves the
   * two are one position). Returns the sections overlapping there (overlap's layout, both
   * halves OR-ed), or 0. Positions are restored.
   */
  private crossing(s: GameState, a: number, b: number): number {
    const ta = this.moved[a];
    const tb = this.moved[b];
    if (tb === TOK_NONE || ta >= TOK_CW || tb >= TOK_CW || ta === tb) return 0;
    s.shipQ[b] -= DQ[tb];
    s.shipR[b] -= DR[tb];
    const first = this.overlap(s, a, b);
    s.shipQ[b] += DQ[tb];
    s.shipR[b] += DR[tb];
    if (first === 0) return 0;
    s.shipQ[a] -= DQ[ta];
    s.shipR[a] -= DR[ta];
    const second = this.overlap(s, a, b);
    s.shipQ[a] += DQ[ta];
    s.shipR[a] += DR[ta];
    return second === 0 ? 0 : first | second;
  }

  // ------------------------------------------------------------------ command-phase momentum (10.1.6, 12)

  /**
   * Power to Engines (10.1.6): thrust `dir` on the mat, then move one hex in `dir` whatever
   * the thrust did. The move collides with every ship it overlaps and with the edge if it
   * crosses it, together, and runs over any small token under the hull (7.2.2, 12). A
   * collision treats the new token as its own slot: it goes to the other side and nothing is
   * traded back (12, "Colliding during the command phase").
   */
  powerToEngines(s: GameState, p: number, dir: number): void {
    const n = s.g[G_PLAYERS];
    const log = this.k.log;
    const col = this.col;
    // Only p moves; a collision undoes p alone and reads only p's token.
    this.moved[p] = dir;
    s.shipQ[p] += DQ[dir];
    s.shipR[p] += DR[dir];
    col.clear();
    for (let o = 0; o < n; o++) {
      if (o === p || !s.alive[o]) continue;
      const v = this.overlap(s, p, o);
      if (v !== 0) col.add(p, o, v & 0xff, v >> 8);
    }
    const off = this.edgeSections(s, p);
    if (off !== 0) col.add(p, SIDE_EDGE, off, 0);
    if (!col.any()) {
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
      this.overrunTokens(s, 1 << p);
      col.commandToken = dir;
      col.resolve(s, 0);
      col.commandToken = TOK_NONE;
    }
    this.moved[p] = TOK_NONE;
  }

  // ------------------------------------------------------------------ small tokens (12)

  /**
   * A capital ship over a small token destroys it; a weapon token deals its full damage to
   * the overlapped section first, then returns to its owner's supply (12, "Colliding with
   * small tokens"). Only the live ships in `movers` are tested: no token lies under a hull
   * once a step or command is resolved (invariants.ts), so a ship that has not moved since,
   * or whose move was undone, is over none, and the first ship over a token is a mover. Two
   * colliding hulls can share a token's hex: the token strikes the first of them in seat
   * order from the initiative seat (as the collisions are ordered, collisions.ts).
   */
  overrunTokens(s: GameState, movers: number): boolean {
    // The bound is read once: a token destroyed here leaves an empty slot or lowers the mark
    // past empty ones, and none is added.
    const top = s.g[G_TOK_TOP];
    const n = s.g[G_PLAYERS];
    const k = this.k;
    const tokKind = s.tokKind;
    const tokQ = s.tokQ;
    const tokR = s.tokR;
    let hit = false;
    for (let i = 0; i < top; i++) {
      const kind = tokKind[i];
      if (kind === SMALL_NONE) continue;
      const q = tokQ[i];
      const r = tokR[i];
      for (let x = 0; x < n; x++) {
        const p = k.seatAt(s, x);
        if (((movers >> p) & 1) === 0) continue;
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
