/**
 * What a weapon can see and hit (rulebook 9.2, 9.2.1, 4.3): what is on a hex, evasion of a
 * target, lines of fire, the direct-fire arc and the point-defence reach, as integer target
 * ids written into a caller's Int32Array, so a policy picks a target like any other action.
 *
 * Why it is built this way: the base of Weapons (weapons.ts extends it), so the firing code
 * and the bots keep calling weapons.directTargets and the rest on one object; it reads the
 * board and moves nothing. Nothing allocates after the first point-defence search.
 */
import * as hexModule from '../hex/hex.js';
import type { RulesContext } from './context.js';
import type { Movement } from './movement.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  DQ, DR, distance, lineHexAt, lineTies, alongEdges, frontCoordinates, rotateOffset,
} = hexModule;
const {
  MAX_TOKENS, SMALL_NONE, SMALL_TORPEDO, SMALL_CORVETTE, G_PLAYERS, G_TOK_TOP, LO_CORVETTES,
  SRC_MAIN, SRC_BROADSIDE, SRC_CORVETTE, CC_REF,
} = stateModule;

/** Target ids: a small token is its table index; a hull hex is TGT_HULL + player * 16 + hex. */
export const TGT_HULL = MAX_TOKENS;
export const TGT_NONE = -1;
// TGT_HULL for this module's own code: a plain module constant is folded, an exported binding is not.
const HULL = MAX_TOKENS;

export class WeaponTargets {
  protected readonly k: RulesContext;
  protected readonly move: Movement;
  private readonly pt = new Int32Array(2);
  /** The other side's hex of a line-of-fire tie (9.2). */
  private readonly pt2 = new Int32Array(2);
  /** Front coordinates scratch (inArc; Weapons' homing turn too). */
  protected readonly fc = new Int32Array(2);
  /** Point-defence path search scratch, sized to the board on first use. */
  private dist: Int16Array = new Int16Array(0);
  /** The point-defence search's starting hexes (the turrets), up to 8. */
  private readonly mountQ = new Int32Array(8);
  private readonly mountR = new Int32Array(8);
  private queue: Int32Array = new Int32Array(0);
  /** The section `shipOn` found last (a second return value, without allocating). */
  lastSection = -1;

  constructor(kernel: RulesContext, move: Movement) {
    this.k = kernel;
    this.move = move;
  }

  /** Index of the first small token of `kind` (0: any) on (q, r) other than `skip`, or -1. */
  tokenOn(s: GameState, q: number, r: number, kind: number, skip: number): number {
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
      const kd = s.tokKind[i];
      if (kd === SMALL_NONE || i === skip) continue;
      if ((kind === 0 || kd === kind) && s.tokQ[i] === q && s.tokR[i] === r) return i;
    }
    return -1;
  }

  /** The live capital ship with a hull hex on (q, r), or -1; its section goes to `this.lastSection`. */
  shipOn(s: GameState, q: number, r: number): number {
    const n = s.g[G_PLAYERS];
    for (let p = 0; p < n; p++) {
      if (!s.alive[p]) continue;
      const sec = this.move.sectionAt(s, p, q, r);
      if (sec >= 0) {
        this.lastSection = sec;
        return p;
      }
    }
    return -1;
  }

  /** Statistics source of a token's weapon: main, broadside, or the corvette card behind slot ref-2. */
  sourceOf(s: GameState, owner: number, ref: number): number {
    if (ref === 0) return SRC_MAIN;
    if (ref === 1) return SRC_BROADSIDE;
    return SRC_CORVETTE + s.loadout[owner * 8 + LO_CORVETTES + ref - 2];
  }

  /** Evasion of a target id (9.2): a capital ship's hull, a corvette's card, a torpedo's weapon. */
  evasionOf(s: GameState, target: number): number {
    if (target >= HULL) {
      const v = (target - HULL) >> 4;
      return this.k.faction(s, v).hull.evasion;
    }
    const owner = s.tokOwner[target];
    if (s.tokKind[target] === SMALL_CORVETTE) {
      if (s.tokRef[target] === CC_REF) return this.k.faction(s, owner).commandCorvette.evasion;
      const card = s.loadout[owner * 8 + LO_CORVETTES + s.tokRef[target] - 2];
      return this.k.faction(s, owner).corvettes[card].evasion;
    }
    const w = this.k.weaponOf(s, owner, s.tokKind[target], s.tokRef[target]);
    return w ? w.evasion : 0;
  }

  /** Is hex (q, r) an obstruction to a line of fire: a small token or a hull hex (own hull too unless `ownClear`)? */
  private blocked(s: GameState, p: number, q: number, r: number, ownClear: boolean): boolean {
    if (this.tokenOn(s, q, r, 0, -1) >= 0) return true;
    const v = this.shipOn(s, q, r);
    return v >= 0 && !(ownClear && v === p);
  }

  /**
   * Is the straight line from (q1, r1) to (q2, r2), ends excluded, free of obstructions (9.2)?
   * Where the hex line has a tie (a point on the edge between two hexes) both hexes are
   * looked at, so the answer does not depend on the board's orientation: along hex edges
   * the line passes between them, blocked there by both (switch edgeLineOfFire eitherSide)
   * or by either (bothSides); crossing an edge at its midpoint it passes through both, so
   * either blocks. `nudge`: the old fixed-side hex only.
   */
  private clearLine(s: GameState, p: number, q1: number, r1: number, q2: number, r2: number): boolean {
    const n = distance(q1, r1, q2, r2);
    const mode = this.k.t.rules.edgeLineOfFire;
    const ties = mode !== 'nudge' && lineTies(q2 - q1, r2 - r1, n);
    const between = ties && mode === 'eitherSide' && alongEdges(q2 - q1, r2 - r1);
    const a = this.pt;
    const b = this.pt2;
    for (let i = 1; i < n; i++) {
      lineHexAt(q1, r1, q2, r2, n, i, a, 1);
      const blockedA = this.blocked(s, p, a[0], a[1], false);
      if (!ties) {
        if (blockedA) return false;
        continue;
      }
      lineHexAt(q1, r1, q2, r2, n, i, b, -1);
      if (a[0] === b[0] && a[1] === b[1]) {
        if (blockedA) return false;
        continue;
      }
      if (between ? blockedA && this.blocked(s, p, b[0], b[1], false) : blockedA || this.blocked(s, p, b[0], b[1], false)) return false;
    }
    return true;
  }

  /**
   * Direct-fire targets of player p from hex (q, r) facing `dir` with `range` (9.2, 4.3):
   * enemy corvettes, torpedoes and hull hexes within range, in the 120-degree arc in front,
   * with a clear straight line (no piercing). Cannon projectiles cannot be targeted.
   * Writes target ids into `out` from `at`; returns the new count. With `firstOnly`, stops
   * at the first target (a yes/no probe).
   */
  directTargets(s: GameState, p: number, q: number, r: number, dir: number, range: number, out: Int32Array, at: number, firstOnly = false): number {
    let n = at;
    // Enemies only (3, 9.2): p's own and its team-mate's tokens and hulls are no targets.
    const team = s.team;
    const own = team[p];
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
      const kd = s.tokKind[i];
      if ((kd !== SMALL_CORVETTE && kd !== SMALL_TORPEDO) || team[s.tokOwner[i]] === own) continue;
      if (this.inArc(q, r, dir, range, s.tokQ[i], s.tokR[i]) && this.clearLine(s, p, q, r, s.tokQ[i], s.tokR[i])) {
        out[n++] = i;
        if (firstOnly) return n;
      }
    }
    const players = s.g[G_PLAYERS];
    for (let v = 0; v < players; v++) {
      if (team[v] === own || !s.alive[v]) continue;
      // Every hull hex lies within the hull's radius of its centre: a ship that far out of range has none in range.
      if (distance(q, r, s.shipQ[v], s.shipR[v]) > range + this.move.radiusOf(s, v)) continue;
      const hull = this.k.faction(s, v).hull;
      const o = s.facing[v] * hull.hexCount;
      for (let h = 0; h < hull.hexCount; h++) {
        const hq = s.shipQ[v] + hull.rotQ[o + h];
        const hr = s.shipR[v] + hull.rotR[o + h];
        if (this.inArc(q, r, dir, range, hq, hr) && this.clearLine(s, p, q, r, hq, hr)) {
          out[n++] = HULL + v * 16 + h;
          if (firstOnly) return n;
        }
      }
    }
    return n;
  }

  private inArc(q: number, r: number, dir: number, range: number, tq: number, tr: number): boolean {
    const d = distance(q, r, tq, tr);
    if (d === 0 || d > range) return false;
    frontCoordinates(tq - q, tr - r, dir, this.fc);
    return this.fc[0] >= 0 && this.fc[1] >= 0;
  }

  /**
   * Point-defence targets of player p (9.2.1): enemy corvettes and torpedoes, in any
   * direction, reached from a point-defence mount by a path of at most (or, with the
   * `below` switch, less than) `range` hexes through no obstruction; p's own hull is no
   * obstruction. Writes target ids into `out` from `at`; returns the new count.
   */
  pointDefenceTargets(s: GameState, p: number, range: number, out: Int32Array, at: number): number {
    const b = this.k.t.board;
    if (this.dist.length !== b.width * b.height) {
      this.dist = new Int16Array(b.width * b.height);
      this.queue = new Int32Array(b.width * b.height);
    }
    const limit = this.k.t.rules.pointDefenceReach === 'below' ? range - 1 : range;
    // The turrets' hexes: the capital ship's point-defence mounts, or a Command Corvette's
    // own hex (8.1.3: it fires its point defence from where it is).
    const mq = this.mountQ;
    const mr = this.mountR;
    let mounts = 0;
    if (s.alive[p]) {
      const hull = this.k.faction(s, p).hull;
      const o = s.facing[p] * hull.hexCount;
      const list = hull.mounts.pointDefence;
      for (let mi = 0; mi < list.length && mi < 8; mi++) {
        mq[mounts] = s.shipQ[p] + hull.rotQ[o + list[mi].hex];
        mr[mounts++] = s.shipR[p] + hull.rotR[o + list[mi].hex];
      }
    } else if (s.ccTok[p] >= 0) {
      mq[0] = s.tokQ[s.ccTok[p]];
      mr[0] = s.tokR[s.ccTok[p]];
      mounts = 1;
    }
    // Enemy tokens only (3, 9.2.1).
    const team = s.team;
    const own = team[p];
    // Pre-check: a path is at least as long as the hex distance, so with no enemy corvette
    // or torpedo within `limit` of a mount there is no target and no need to search.
    let any = false;
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top && !any; i++) {
      const kd = s.tokKind[i];
      if ((kd !== SMALL_CORVETTE && kd !== SMALL_TORPEDO) || team[s.tokOwner[i]] === own) continue;
      for (let mi = 0; mi < mounts; mi++) {
        if (distance(mq[mi], mr[mi], s.tokQ[i], s.tokR[i]) <= limit) {
          any = true;
          break;
        }
      }
    }
    if (!any) return at;
    const dist = this.dist;
    dist.fill(-1);
    let head = 0;
    let tail = 0;
    for (let mi = 0; mi < mounts; mi++) {
      const c = (mr[mi] - b.rMin) * b.width + (mq[mi] - b.qMin);
      if (dist[c] === 0) continue;
      dist[c] = 0;
      this.queue[tail++] = c;
    }
    let n = at;
    while (head < tail) {
      const c = this.queue[head++];
      const d = dist[c];
      if (d >= limit) continue;
      const cq = (c % b.width) + b.qMin;
      const cr = Math.floor(c / b.width) + b.rMin;
      for (let dir = 0; dir < 6; dir++) {
        const nq = cq + DQ[dir];
        const nr = cr + DR[dir];
        if (!this.move.hexOnBoard(nq, nr)) continue;
        const nc = (nr - b.rMin) * b.width + (nq - b.qMin);
        if (dist[nc] >= 0) continue;
        dist[nc] = d + 1;
        // A target can be reached; anything else on the hex stops the path there.
        const tok = this.tokenOn(s, nq, nr, 0, -1);
        if (tok >= 0) continue;
        const v = this.shipOn(s, nq, nr);
        if (v >= 0 && v !== p) continue;
        this.queue[tail++] = nc;
      }
    }
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
      const kd = s.tokKind[i];
      if ((kd !== SMALL_CORVETTE && kd !== SMALL_TORPEDO) || team[s.tokOwner[i]] === own) continue;
      const c = (s.tokR[i] - b.rMin) * b.width + (s.tokQ[i] - b.qMin);
      if (dist[c] > 0) out[n++] = i;
    }
    return n;
  }

  /** World position of target id t into out (for logs and tests). */
  targetHex(s: GameState, t: number, out: Int32Array): void {
    if (t >= HULL) {
      const v = (t - HULL) >> 4;
      const h = (t - HULL) & 15;
      const hull = this.k.faction(s, v).hull;
      const o = s.facing[v] * hull.hexCount;
      out[0] = s.shipQ[v] + hull.rotQ[o + h];
      out[1] = s.shipR[v] + hull.rotR[o + h];
    } else {
      out[0] = s.tokQ[t];
      out[1] = s.tokR[t];
    }
  }

  /** World hex of hull hex h of player p into out. */
  hullHex(s: GameState, p: number, h: number, out: Int32Array): void {
    const hull = this.k.faction(s, p).hull;
    rotateOffset(hull.hexQ[h], hull.hexR[h], s.facing[p], out);
    out[0] += s.shipQ[p];
    out[1] += s.shipR[p];
  }
}
