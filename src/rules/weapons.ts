/**
 * Weapons (rulebook 9, 7.2.3, 10.1.1-10.1.2): tokens that fly (cannon projectiles,
 * torpedoes), beams, direct fire and point defence, and what they do to what they meet.
 *
 * Why it is built this way: weapon tokens live in the state's small-token table; flight
 * moves them one hex at a time so every hex entered is checked (a projectile "passes
 * through" corvettes, a torpedo dies "passing over" a projectile). All cannon tokens move
 * in lock-step so that head-on passes are seen (9.3, Figure 7), then each torpedo moves
 * with the homing algorithm (9.4). What a weapon can see and target (lines of fire, arcs,
 * point-defence reach) is the base class's, targeting.ts. Statistics are credited here,
 * where the cause is known. Nothing allocates: scratch arrays are owned. With a log attached,
 * each hex of the weapon update is logged once resolved (EV_WEAPON_STEP), so a replay can
 * draw the update hex by hex; without one the flights run as they would unlogged.
 */
import * as hexModule from '../hex/hex.js';
import * as targetingModule from './targeting.js';
import type { WeaponTable } from './tables.js';
import * as tablesModule from './tables.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as damageModule from './damage.js';
import * as eventsModule from './events.js';
import { WeaponTargets } from './targeting.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { WeaponClass } = tablesModule;
const { DQ, DR, opposite, distance, frontCoordinates } = hexModule;
const {
  MAX_TOKENS, MAX_FACTION_SUPPLIES, CORVETTES, CORV_DESTROYED, CC_REF, STAT_SIZE, SMALL_NONE,
  SMALL_PROJECTILE, SMALL_TORPEDO, SMALL_CORVETTE, G_PLAYERS, G_TOKEN_SERIAL, G_TOK_TOP,
  LO_CORVETTES, ST_DAMAGE_DEALT, ST_DEALT_TO, ST_KILLS, ST_SHOTS, ST_HITS, ST_TOKENS_LOST, CAUSES, ST_CORV_LOST,
  ST_CORV_KILLED, ST_ENEMY_TOKENS_DESTROYED, CAUSE_PROJECTILE, CAUSE_TORPEDO, CAUSE_BEAM,
  CAUSE_CORVETTE,
} = stateModule;
const { hitSection } = damageModule;
const { TGT_HULL } = targetingModule;
const { EV_FIRE, EV_TOKEN_LOST, EV_TOKEN_HIT, EV_WEAPON_STEP } = eventsModule;

export { TGT_HULL, TGT_NONE } from './targeting.js';

/**
 * The first empty slot of the small-token table (slots fill first-free), marked as in use
 * by raising the high-water mark G_TOK_TOP; -1 when the table is full. The caller fills it.
 */
export function freeSlot(s: GameState): number {
  const top = s.g[G_TOK_TOP];
  for (let i = 0; i < top; i++) if (s.tokKind[i] === SMALL_NONE) return i;
  if (top >= MAX_TOKENS) return -1;
  s.g[G_TOK_TOP] = top + 1;
  return top;
}

export class Weapons extends WeaponTargets {
  private readonly nextQ = new Int16Array(MAX_TOKENS);
  private readonly nextR = new Int16Array(MAX_TOKENS);
  private readonly moving = new Int8Array(MAX_TOKENS);
  private readonly dead = new Int8Array(MAX_TOKENS);
  private readonly list = new Int8Array(MAX_TOKENS);
  private readonly others = new Int8Array(MAX_TOKENS);
  /** Speed of each listed projectile's weapon, looked up once per moveProjectiles. */
  private readonly speed = new Int16Array(MAX_TOKENS);

  /**
   * Weapon token i strikes `victim`'s section `sec` (9.3, 9.4, or a ship running over it,
   * 12): full damage, credited to the token's owner; the token returns to its supply.
   */
  tokenStrikes(s: GameState, i: number, victim: number, sec: number): void {
    const owner = s.tokOwner[i];
    const kind = s.tokKind[i];
    const w = this.k.weaponOf(s, owner, kind, s.tokRef[i]);
    const src = this.sourceOf(s, owner, s.tokRef[i]);
    const dmg = w ? w.damage : 0;
    if (this.k.log) this.k.log.push(EV_TOKEN_HIT, owner, kind, victim, sec, dmg);
    this.move.removeToken(s, i);
    this.damageShip(s, owner, src, victim, sec, dmg);
  }

  /** Damage a ship's section (an enemy's, an ally's or its own) and credit the attacker's source for an enemy hit (3). */
  private damageShip(s: GameState, attacker: number, src: number, victim: number, sec: number, amount: number): void {
    if (amount <= 0) return;
    hitSection(this.k.t, s, victim, sec, amount, this.k.log);
    s.lastHit[victim] = attacker;
    if (attacker >= 0 && s.team[victim] !== s.team[attacker]) {
      s.stats[attacker * STAT_SIZE + ST_DAMAGE_DEALT + src] += amount;
      s.stats[attacker * STAT_SIZE + ST_HITS + src]++;
      s.stats[attacker * STAT_SIZE + ST_DEALT_TO + victim] += amount;
    }
  }

  /**
   * Destroy small token i: it leaves the board (a weapon token back to its owner's supply,
   * a corvette set aside until repaired, 11), with the loss recorded by cause and the kill
   * credited to `killer` (-1: nobody).
   */
  destroyToken(s: GameState, i: number, killer: number, cause: number, src: number): void {
    const kind = s.tokKind[i];
    const owner = s.tokOwner[i];
    s.stats[owner * STAT_SIZE + ST_TOKENS_LOST + (kind - 1) * CAUSES + cause]++;
    if (this.k.log) this.k.log.push(EV_TOKEN_LOST, owner, kind, cause, killer, kind === SMALL_CORVETTE ? s.tokRef[i] - 2 : -1);
    const enemyKill = killer >= 0 && s.team[killer] !== s.team[owner];
    if (enemyKill) {
      s.stats[killer * STAT_SIZE + ST_ENEMY_TOKENS_DESTROYED]++;
      if (src >= 0) s.stats[killer * STAT_SIZE + ST_HITS + src]++;
    }
    if (kind === SMALL_CORVETTE && s.tokRef[i] === CC_REF) {
      if (enemyKill) s.stats[killer * STAT_SIZE + ST_KILLS]++;
      this.k.commandCorvetteLost(s, owner, killer);
    }
    else if (kind === SMALL_CORVETTE) {
      const slot = s.tokRef[i] - 2;
      const card = s.loadout[owner * 8 + LO_CORVETTES + slot];
      s.corvLoc[owner * CORVETTES + slot] = CORV_DESTROYED;
      s.corvTok[owner * CORVETTES + slot] = -1;
      s.stats[owner * STAT_SIZE + ST_CORV_LOST + card]++;
      if (enemyKill) s.stats[killer * STAT_SIZE + ST_CORV_KILLED + card]++;
    }
    this.move.removeToken(s, i);
  }

  // ------------------------------------------------------------------ firing tokens

  /**
   * A free slot in the token table holding a token from `owner`'s supply `sup`: taken from
   * the supply, or, when every token of that supply is out, the one longest on the board
   * is picked up and reused (9.3, 9.4). -1 when neither is possible.
   */
  private takeToken(s: GameState, owner: number, sup: number): number {
    const idx = owner * MAX_FACTION_SUPPLIES + sup;
    if (s.factionSupply[idx] <= 0) {
      let oldest = -1;
      const top = s.g[G_TOK_TOP];
      for (let i = 0; i < top; i++) {
        if (s.tokKind[i] === SMALL_NONE || s.tokOwner[i] !== owner || s.tokSupply[i] !== sup) continue;
        if (oldest < 0 || s.tokAge[i] < s.tokAge[oldest]) oldest = i;
      }
      if (oldest < 0) return -1;
      this.move.removeToken(s, oldest);
    }
    const i = freeSlot(s);
    if (i >= 0) s.factionSupply[idx]--;
    return i;
  }

  /**
   * Fire a token weapon from hex (q, r) along `dir` (10.1.1-10.1.2): the token is placed
   * on the next hex, which counts as one hex of its movement, and moves on at once for the
   * rest of its speed.
   */
  fireToken(s: GameState, p: number, ref: number, w: WeaponTable, q: number, r: number, dir: number): void {
    const kind = w.weaponClass === WeaponClass.Torpedo ? SMALL_TORPEDO : SMALL_PROJECTILE;
    const i = this.takeToken(s, p, w.tokenSupply);
    const src = this.sourceOf(s, p, ref);
    s.stats[p * STAT_SIZE + ST_SHOTS + src]++;
    if (this.k.log) this.k.log.push(EV_FIRE, p, src, q, r, dir);
    if (i < 0) return;
    s.tokKind[i] = kind;
    s.tokOwner[i] = p;
    s.tokRef[i] = ref;
    s.tokSupply[i] = w.tokenSupply;
    s.tokQ[i] = q;
    s.tokR[i] = r;
    s.tokFacing[i] = dir;
    s.tokAge[i] = ++s.g[G_TOKEN_SERIAL];
    if (kind === SMALL_PROJECTILE) this.flyFired(s, i, w.speed);
    else this.moveTorpedo(s, i, w.speed, true);
  }

  // ------------------------------------------------------------------ projectiles (9.3)

  /** Speed of token i's weapon. */
  private speedOf(s: GameState, i: number): number {
    const w = this.k.weaponOf(s, s.tokOwner[i], s.tokKind[i], s.tokRef[i]);
    return w ? w.speed : 0;
  }

  /**
   * Move projectiles in lock-step, one hex per sub-step: every projectile on the board
   * (only = -1, the movement phase, 7.2.3) or the one just fired (only = i, for `steps`).
   * Two projectiles travelling straight at each other collide when they swap hexes, meet on
   * a hex, or one runs into the other; any two that end on one hex collide (9.3).
   */
  moveProjectiles(s: GameState, only: number, steps: number): void {
    if (only >= 0) {
      this.flyFired(s, only, steps);
      return;
    }
    // The projectiles in play, as a compact list (the table has 64 slots, mostly empty),
    // with the directions they face (bit per facing) and whether a corvette or torpedo is
    // there to be hit (flight only removes them).
    const list = this.list;
    let count = 0;
    let most = 0;
    let facings = 0;
    let prey = false;
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
      const kd = s.tokKind[i];
      if (kd !== SMALL_PROJECTILE) {
        if (kd === SMALL_CORVETTE || kd === SMALL_TORPEDO) prey = true;
        continue;
      }
      list[count++] = i;
      facings |= 1 << s.tokFacing[i];
      const sp = this.speedOf(s, i);
      this.speed[i] = sp;
      if (sp > most) most = sp;
    }
    if (count === 0) return;
    if (count === 1) {
      // The only projectile on the board (the usual case): nothing to meet head-on or to end
      // on, so it flies alone, hex by hex, while it lasts.
      // Its hex is kept in locals and stored when the flight ends (nothing on the way reads it).
      const i = list[0];
      const f = s.tokFacing[i];
      const last = this.speed[i];
      let q = s.tokQ[i];
      let r = s.tokR[i];
      const log = this.k.log;
      for (let step = 1; step <= last; step++) {
        q += DQ[f];
        r += DR[f];
        const flies = this.projectileEnters(s, i, q, r, prey);
        if (log !== null) {
          // The replay draws the token on this hex (the store ahead of time changes nothing).
          s.tokQ[i] = q;
          s.tokR[i] = r;
          log.push(EV_WEAPON_STEP, SMALL_PROJECTILE, step, -1, 0, 0);
        }
        if (!flies) break;
      }
      s.tokQ[i] = q;
      s.tokR[i] = r;
      return;
    }
    // With a log, each hex is logged when the next one is known to move anything (the last
    // one after the end-of-flight check, which belongs to it); `logged` is the last hex moved.
    const log = this.k.log;
    let logged = 0;
    if ((facings & (((facings << 3) | (facings >> 3)) & 63)) === 0) {
      // No two face opposite ways, so none can meet head-on: each steps in turn.
      for (let step = 1; step <= most; step++) {
        if (log !== null) {
          // A step that moves nothing is followed by none that moves, so stopping is the same.
          if (!this.anyFlies(s, count, step)) break;
          if (step > 1) log.push(EV_WEAPON_STEP, SMALL_PROJECTILE, step - 1, -1, 0, 0);
          logged = step;
        }
        for (let x = 0; x < count; x++) {
          const i = list[x];
          if (s.tokKind[i] !== SMALL_PROJECTILE || this.speed[i] < step) continue;
          const q = s.tokQ[i] + DQ[s.tokFacing[i]];
          const r = s.tokR[i] + DR[s.tokFacing[i]];
          s.tokQ[i] = q;
          s.tokR[i] = r;
          this.projectileEnters(s, i, q, r, prey);
        }
      }
    } else {
      for (let step = 1; step <= most; step++) {
        let any = false;
        for (let x = 0; x < count; x++) {
          const i = list[x];
          this.moving[i] = 0;
          this.dead[i] = 0;
        }
        for (let x = 0; x < count; x++) {
          const i = list[x];
          if (s.tokKind[i] !== SMALL_PROJECTILE || this.speed[i] < step) continue;
          this.moving[i] = 1;
          this.nextQ[i] = s.tokQ[i] + DQ[s.tokFacing[i]];
          this.nextR[i] = s.tokR[i] + DR[s.tokFacing[i]];
          any = true;
        }
        if (!any) break;
        if (log !== null) {
          if (step > 1) log.push(EV_WEAPON_STEP, SMALL_PROJECTILE, step - 1, -1, 0, 0);
          logged = step;
        }
        // Head-on: opposite directions, and they swap, meet, or one runs into the other.
        for (let x = 0; x < count; x++) {
          const i = list[x];
          if (!this.moving[i]) continue;
          const back = opposite(s.tokFacing[i]);
          const iq = this.nextQ[i];
          const ir = this.nextR[i];
          for (let y = 0; y < count; y++) {
            const j = list[y];
            if (j === i || s.tokKind[j] !== SMALL_PROJECTILE || s.tokFacing[j] !== back) continue;
            const jq = this.moving[j] ? this.nextQ[j] : s.tokQ[j];
            const jr = this.moving[j] ? this.nextR[j] : s.tokR[j];
            const swap = iq === s.tokQ[j] && ir === s.tokR[j] && (!this.moving[j] || (jq === s.tokQ[i] && jr === s.tokR[i]));
            const meet = iq === jq && ir === jr;
            if (swap || meet) {
              this.dead[i] = 1;
              this.dead[j] = 1;
            }
          }
        }
        for (let x = 0; x < count; x++) {
          const i = list[x];
          if (this.dead[i] && s.tokKind[i] === SMALL_PROJECTILE) this.destroyToken(s, i, -1, CAUSE_PROJECTILE, -1);
        }
        for (let x = 0; x < count; x++) {
          const i = list[x];
          if (!this.moving[i] || this.dead[i] || s.tokKind[i] !== SMALL_PROJECTILE) continue;
          const q = this.nextQ[i];
          const r = this.nextR[i];
          s.tokQ[i] = q;
          s.tokR[i] = r;
          this.projectileEnters(s, i, q, r, prey);
        }
      }
    }
    // Two projectiles ending on one hex collide (9.3).
    for (let x = 0; x < count; x++) {
      const i = list[x];
      if (s.tokKind[i] !== SMALL_PROJECTILE) continue;
      const j = this.tokenOn(s, s.tokQ[i], s.tokR[i], SMALL_PROJECTILE, i);
      if (j >= 0) {
        this.destroyToken(s, j, -1, CAUSE_PROJECTILE, -1);
        this.destroyToken(s, i, -1, CAUSE_PROJECTILE, -1);
      }
    }
    if (log !== null && logged > 0) log.push(EV_WEAPON_STEP, SMALL_PROJECTILE, logged, -1, 0, 0);
  }

  /** Whether any listed projectile still on the board moves on hex `step` of this update. */
  private anyFlies(s: GameState, count: number, step: number): boolean {
    for (let x = 0; x < count; x++) {
      const i = this.list[x];
      if (s.tokKind[i] === SMALL_PROJECTILE && this.speed[i] >= step) return true;
    }
    return false;
  }

  /**
   * moveProjectiles for a projectile i just fired (10.1.1-10.1.2), the only one moving: the
   * others stand, and no two of them share a hex (no two tokens do once a step is resolved,
   * invariants.ts; flights end by removing such pairs, 9.3). So it meets one head-on only by
   * running into one facing it, and can end on at most one; both go, in the order the
   * lock-step's passes over the table would take them.
   */
  private flyFired(s: GameState, i: number, steps: number): void {
    const f = s.tokFacing[i];
    const back = opposite(f);
    // The standing projectiles facing it (the only ones it can meet head-on), how many
    // stand at all, and whether a corvette or torpedo is there to be hit.
    const facers = this.others;
    let nFacers = 0;
    let standing = 0;
    let prey = false;
    for (let j = 0, top = s.g[G_TOK_TOP]; j < top; j++) {
      const kd = s.tokKind[j];
      if (kd === SMALL_PROJECTILE) {
        if (j === i) continue;
        standing++;
        if (s.tokFacing[j] === back) facers[nFacers++] = j;
      } else if (kd === SMALL_CORVETTE || kd === SMALL_TORPEDO) prey = true;
    }
    const dq = DQ[f];
    const dr = DR[f];
    const tokQ = s.tokQ;
    const tokR = s.tokR;
    // Its hex is kept in locals and stored when the flight ends (nothing on the way reads it;
    // a head-on stop leaves it on the hex before, as the lock-step does).
    let q = tokQ[i];
    let r = tokR[i];
    for (let step = 1; step <= steps; step++) {
      q += dq;
      r += dr;
      for (let x = 0; x < nFacers; x++) {
        const j = facers[x];
        if (s.tokKind[j] === SMALL_PROJECTILE && tokQ[j] === q && tokR[j] === r) {
          // Head-on (9.3): destroyed in table order.
          tokQ[i] = q - dq;
          tokR[i] = r - dr;
          this.destroyToken(s, j < i ? j : i, -1, CAUSE_PROJECTILE, -1);
          this.destroyToken(s, j < i ? i : j, -1, CAUSE_PROJECTILE, -1);
          return;
        }
      }
      if (!this.projectileEnters(s, i, q, r, prey)) {
        tokQ[i] = q;
        tokR[i] = r;
        return;
      }
    }
    tokQ[i] = q;
    tokR[i] = r;
    if (standing === 0) return;
    // Ending on another (9.3): the later in the table goes first, as the end-of-flight pass
    // finds the pair from the earlier one.
    const j = this.tokenOn(s, s.tokQ[i], s.tokR[i], SMALL_PROJECTILE, i);
    if (j >= 0) {
      this.destroyToken(s, j > i ? j : i, -1, CAUSE_PROJECTILE, -1);
      this.destroyToken(s, j > i ? i : j, -1, CAUSE_PROJECTILE, -1);
    }
  }

  /**
   * What a projectile meets on the hex it enters (9.3): off the board it returns; a hull
   * section of any capital ship takes its damage and it returns; corvettes and torpedoes
   * there are destroyed and it flies on. (q, r): the hex (the caller stores it in the table).
   * `prey`: whether any corvette or torpedo is on the board.
   */
  private projectileEnters(s: GameState, i: number, q: number, r: number, prey: boolean): boolean {
    if (!this.move.hexOnBoard(q, r)) {
      this.move.removeToken(s, i);
      return false;
    }
    const v = this.shipOn(s, q, r);
    if (v >= 0) {
      this.tokenStrikes(s, i, v, this.lastSection);
      return false;
    }
    if (prey) this.prey(s, i, q, r);
    return true;
  }

  /** Projectile i destroys the corvettes and torpedoes on (q, r) (9.3). */
  private prey(s: GameState, i: number, q: number, r: number): void {
    const owner = s.tokOwner[i];
    for (let j = 0, top = s.g[G_TOK_TOP]; j < top; j++) {
      const kd = s.tokKind[j];
      if ((kd === SMALL_CORVETTE || kd === SMALL_TORPEDO) && s.tokQ[j] === q && s.tokR[j] === r) this.destroyToken(s, j, owner, CAUSE_PROJECTILE, this.sourceOf(s, owner, s.tokRef[i]));
    }
  }

  // ------------------------------------------------------------------ torpedoes (9.4)

  /** Move every torpedo on the board by its speed (7.2.3), oldest first. */
  moveAllTorpedoes(s: GameState): void {
    // Order by age without allocating: repeatedly take the oldest not yet moved this phase.
    // None on the board (the usual case): nothing to clear or order.
    let any = false;
    for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
      if (s.tokKind[i] === SMALL_TORPEDO) {
        any = true;
        break;
      }
    }
    if (!any) return;
    const moved = this.moving;
    moved.fill(0);
    for (;;) {
      let next = -1;
      for (let i = 0, top = s.g[G_TOK_TOP]; i < top; i++) {
        if (s.tokKind[i] !== SMALL_TORPEDO || moved[i]) continue;
        if (next < 0 || s.tokAge[i] < s.tokAge[next]) next = i;
      }
      if (next < 0) return;
      moved[next] = 1;
      this.moveTorpedo(s, next, this.speedOf(s, next), false);
    }
  }

  /**
   * The torpedo's target (9.4 "Targeting"): the enemy capital ship with a hull hex in front
   * of it (between its forward-left and forward-right directions) that is closest; then the
   * one nearest the forward direction; then the one deviating clockwise. -1: none.
   */
  torpedoTarget(s: GameState, i: number): number {
    const n = s.g[G_PLAYERS];
    const owner = s.tokOwner[i];
    const f = s.tokFacing[i];
    // The last ship looked at: once it holds the best, its other hexes cannot change the
    // answer (with two players, the first hex in front decides).
    let last = n - 1;
    // Allies are no targets (9.4 "the only valid targets for a Torpedo are enemy Capital Ships").
    const team = s.team[owner];
    while (last >= 0 && (s.team[last] === team || !s.alive[last])) last--;
    let best = -1;
    let bestD = 0;
    let bestDev = 0;
    let bestCw = 0;
    for (let v = 0; v < n; v++) {
      if (s.team[v] === team || !s.alive[v]) continue;
      const hull = this.k.faction(s, v).hull;
      const o = s.facing[v] * hull.hexCount;
      for (let h = 0; h < hull.hexCount; h++) {
        const dq = s.shipQ[v] + hull.rotQ[o + h] - s.tokQ[i];
        const dr = s.shipR[v] + hull.rotR[o + h] - s.tokR[i];
        frontCoordinates(dq, dr, f, this.fc);
        const a = this.fc[0];
        const b = this.fc[1];
        if (a < 0 || b < 0 || (a === 0 && b === 0)) continue;
        const d = distance(0, 0, dq, dr);
        const dev = a > b ? a - b : b - a;
        const cw = b > a ? 1 : 0;
        if (best < 0 || d < bestD || (d === bestD && (dev < bestDev || (dev === bestDev && cw > bestCw)))) {
          if (v === last) return v;
          best = v;
          bestD = d;
          bestDev = dev;
          bestCw = cw;
        }
      }
    }
    return best;
  }

  /**
   * Homing (9.4 "Movement"): when any part of the target lies on the torpedo's forward-left
   * or forward-right line, it turns to face that way (toward the target). Returns the turn
   * made (-1, 0, +1).
   */
  private homingTurn(s: GameState, i: number, target: number): number {
    const hull = this.k.faction(s, target).hull;
    const o = s.facing[target] * hull.hexCount;
    let left = 0;
    let right = 0;
    for (let h = 0; h < hull.hexCount; h++) {
      frontCoordinates(s.shipQ[target] + hull.rotQ[o + h] - s.tokQ[i], s.shipR[target] + hull.rotR[o + h] - s.tokR[i], s.tokFacing[i], this.fc);
      const a = this.fc[0];
      const b = this.fc[1];
      if (b === 0 && a > 0 && (left === 0 || a < left)) left = a;
      if (a === 0 && b > 0 && (right === 0 || b < right)) right = b;
    }
    if (right > 0 && (left === 0 || right <= left)) return 1;
    if (left > 0) return -1;
    return 0;
  }

  /**
   * Move torpedo i up to `steps` hexes (9.4): pick a target, then each step turn if the
   * target meets a side line, move forward, and meet what is on the new hex. Passing over a
   * projectile destroys the torpedo; passing over corvettes does nothing; an enemy hull takes
   * its damage; ending on a corvette or torpedo destroys both. `fired`: the torpedo is still
   * at the mount (or corvette) that fires it, not yet on the board; its placement hex is its
   * first movement (10.1.1-10.1.2) and is straight ahead along the firing direction (9.4:
   * "will initially move directly forward"; 11.1.3: a corvette's weapon faces its way), so
   * homing starts from the placement hex on.
   */
  moveTorpedo(s: GameState, i: number, steps: number, fired: boolean): void {
    const owner = s.tokOwner[i];
    const ref = s.tokRef[i];
    const src = this.sourceOf(s, owner, ref);
    const target = this.torpedoTarget(s, i);
    // The weapon update's hexes are logged (7.2.3), each once resolved, the last after the
    // end-of-move check; a torpedo just fired flies within its command's step.
    const log = fired ? null : this.k.log;
    for (let step = 0; step < steps; step++) {
      if (target >= 0 && (step > 0 || fired === false) && s.alive[target]) {
        const t = this.homingTurn(s, i, target);
        if (t !== 0) s.tokFacing[i] = (s.tokFacing[i] + t + 6) % 6;
      }
      const q = s.tokQ[i] + DQ[s.tokFacing[i]];
      const r = s.tokR[i] + DR[s.tokFacing[i]];
      s.tokQ[i] = q;
      s.tokR[i] = r;
      if (!this.move.hexOnBoard(q, r)) {
        this.move.removeToken(s, i);
        if (log !== null) log.push(EV_WEAPON_STEP, SMALL_TORPEDO, step + 1, owner, q, r);
        return;
      }
      const pj = this.tokenOn(s, q, r, SMALL_PROJECTILE, -1);
      if (pj >= 0) {
        this.destroyToken(s, i, s.tokOwner[pj], CAUSE_PROJECTILE, this.sourceOf(s, s.tokOwner[pj], s.tokRef[pj]));
        if (log !== null) log.push(EV_WEAPON_STEP, SMALL_TORPEDO, step + 1, owner, q, r);
        return;
      }
      const v = this.shipOn(s, q, r);
      if (v >= 0 && s.team[v] !== s.team[owner]) {
        this.tokenStrikes(s, i, v, this.lastSection);
        if (log !== null) log.push(EV_WEAPON_STEP, SMALL_TORPEDO, step + 1, owner, q, r);
        return;
      }
      if (log !== null && step + 1 < steps) log.push(EV_WEAPON_STEP, SMALL_TORPEDO, step + 1, owner, q, r);
    }
    const q = s.tokQ[i];
    const r = s.tokR[i];
    this.torpedoEnds(s, i, owner, src);
    if (log !== null && steps > 0) log.push(EV_WEAPON_STEP, SMALL_TORPEDO, steps, owner, q, r);
  }

  /** The end of torpedo i's move (9.4): on its own ship's hull it stands down; on a corvette or torpedo, both go. */
  private torpedoEnds(s: GameState, i: number, owner: number, src: number): void {
    if (this.shipOn(s, s.tokQ[i], s.tokR[i]) >= 0) {
      this.move.removeToken(s, i);
      return;
    }
    for (let j = 0, top = s.g[G_TOK_TOP]; j < top; j++) {
      const kd = s.tokKind[j];
      if (j === i || (kd !== SMALL_CORVETTE && kd !== SMALL_TORPEDO) || s.tokQ[j] !== s.tokQ[i] || s.tokR[j] !== s.tokR[i]) continue;
      const other = s.tokOwner[j];
      this.destroyToken(s, j, owner, CAUSE_TORPEDO, src);
      this.destroyToken(s, i, other, kd === SMALL_CORVETTE ? CAUSE_CORVETTE : CAUSE_TORPEDO, -1);
      return;
    }
  }

  // ------------------------------------------------------------------ beams (9.1)

  /**
   * A beam from hex (q, r) along `dir` for `range` hexes (9.1): every small token it
   * crosses is destroyed; a capital ship stops it and takes its damage less one per token
   * destroyed on the way.
   */
  fireBeam(s: GameState, p: number, src: number, w: WeaponTable, q: number, r: number, dir: number): void {
    s.stats[p * STAT_SIZE + ST_SHOTS + src]++;
    if (this.k.log) this.k.log.push(EV_FIRE, p, src, q, r, dir);
    let destroyed = 0;
    for (let step = 1; step <= w.range; step++) {
      q += DQ[dir];
      r += DR[dir];
      if (!this.move.hexOnBoard(q, r)) return;
      const v = this.shipOn(s, q, r);
      if (v >= 0) {
        const dmg = w.damage - destroyed;
        if (this.k.log) this.k.log.push(EV_TOKEN_HIT, p, 0, v, this.lastSection, dmg > 0 ? dmg : 0);
        this.damageShip(s, p, src, v, this.lastSection, dmg);
        return;
      }
      for (let j = 0, top = s.g[G_TOK_TOP]; j < top; j++) {
        if (s.tokKind[j] === SMALL_NONE || s.tokQ[j] !== q || s.tokR[j] !== r) continue;
        this.destroyToken(s, j, p, CAUSE_BEAM, src);
        destroyed++;
      }
    }
  }

  /**
   * A direct-fire or point-defence hit on a target id: a hull hex takes `damage` on its
   * section; a corvette or torpedo is destroyed (any damage destroys a corvette, 11).
   */
  directHit(s: GameState, p: number, src: number, cause: number, damage: number, target: number): void {
    if (target >= TGT_HULL) {
      const v = (target - TGT_HULL) >> 4;
      const h = (target - TGT_HULL) & 15;
      const sec = this.k.faction(s, v).hull.hexSection[h];
      if (this.k.log) this.k.log.push(EV_TOKEN_HIT, p, 0, v, sec, damage);
      this.damageShip(s, p, src, v, sec, damage);
    } else if (s.tokKind[target] !== SMALL_NONE) {
      this.destroyToken(s, target, p, cause, src);
    }
  }

}
