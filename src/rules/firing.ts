/**
 * The firing sub-procedure (rulebook 9, 10.1.1-10.1.4): each mount (and arrow) of the
 * weapon firing places a token, fires a beam, or aims direct fire (target, then pay for
 * missing accuracy or miss); and the point-defence windows at which a held Defence Stations
 * may fire (10.1.4).
 *
 * Why it is built this way: a resumable stage machine (G_FSTAGE, resolution-steps.ts) in
 * the state buffer, so a state copied mid-shot resumes exactly; what it does to the board
 * is weapons.ts's. Target lists go straight into the kept list (decision-asking.ts).
 */
import { DecisionAsking } from './decision-asking.js';
import type { FactionTable, MountTable, PointDefenceTable, WeaponTable } from './tables.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as weaponsModule from './weapons.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_COOLDOWN, STAT_SIZE, SMALL_NONE, G_PLAYERS, G_PENDING, G_DECISION, G_VENTED, G_FSTAGE,
  G_FSRC, G_FMOUNT, G_FDIR, G_FTARGET, G_FNEED, G_FEXTRA, G_ACT_LEFT, G_WINDOW_ASKED,
  G_WINDOW_PLAYER, G_HELD, CORVETTES, CORV_BOARD, CC_SLOT, SRC_MAIN, SRC_BROADSIDE, SRC_POINT_DEFENCE,
  SRC_CORVETTE, ST_SHOTS, CAUSE_DIRECT_FIRE, CAUSE_POINT_DEFENCE, LO_MAIN, LO_BROADSIDE, LO_PD,
  LO_CORVETTES,
} = stateModule;
const { WeaponClass, Cmd } = tablesModule;
const { TGT_HULL } = weaponsModule;
const { EV_FIRE, EV_MISS } = eventsModule;
const { D_FIRE_DIR, D_TARGET, D_BOOST, D_PD_WINDOW } = decisionsModule;
const {
  FST_IDLE, FST_START, FST_MOUNT, FST_SHOT, FST_TARGET, FST_BOOST, FST_NEXT, FST_DONE, FS_MAIN,
  FS_PORT, FS_STARBOARD, FS_PD, FS_CORVETTE,
} = stepsModule;

export abstract class Firing extends DecisionAsking {
  /** Firing origin scratch: q, r, absolute direction. */
  private readonly origin = new Int32Array(3);

  /** Begin the firing sub-procedure for `src` (FS_*); `mountOrSlot` is the corvette slot for FS_CORVETTE. */
  protected startFire(s: GameState, src: number, mountOrSlot: number): void {
    const g = s.g;
    g[G_FSRC] = src;
    g[G_FMOUNT] = mountOrSlot;
    g[G_FDIR] = 0;
    g[G_FTARGET] = -1;
    g[G_FNEED] = 0;
    g[G_FSTAGE] = FST_START;
  }

  /**
   * The capital-ship mounts of the weapon firing now (4.2.1-4.2.2). Here and in firingWeapon
   * and firingOrigin, f is the firing player's faction(s, p): stepFire looks it up once.
   */
  protected shipMounts(s: GameState, f: FactionTable): MountTable[] {
    const m = f.hull.mounts;
    const src = s.g[G_FSRC];
    return src === FS_MAIN ? m.main : src === FS_PORT ? m.port : m.starboard;
  }

  /** The weapon card firing now (null for point defence). */
  private firingWeapon(s: GameState, p: number, f: FactionTable): WeaponTable | null {
    const src = s.g[G_FSRC];
    if (src === FS_MAIN) return f.mainWeapons[s.loadout[p * 8 + LO_MAIN]];
    if (src === FS_PORT || src === FS_STARBOARD) return f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]];
    // The corvette card behind the slot (corvettes.card), or the Command Corvette's main weapon (8.1.3).
    if (src === FS_CORVETTE) return s.g[G_FMOUNT] === CC_SLOT ? f.commandCorvette.weapon : f.corvettes[s.loadout[p * 8 + LO_CORVETTES + s.g[G_FMOUNT]]].weapon;
    return null;
  }

  /** p's point-defence card: the capital ship's, or its Command Corvette's (8.1.3). */
  protected pdCard(s: GameState, p: number, f: FactionTable): PointDefenceTable {
    return s.alive[p] === 0 ? f.commandCorvette.pointDefence : f.pointDefence[s.loadout[p * 8 + LO_PD]];
  }

  /** Statistics source of what is firing now. */
  private firingSource(s: GameState, p: number): number {
    const src = s.g[G_FSRC];
    if (src === FS_MAIN) return SRC_MAIN;
    if (src === FS_PORT || src === FS_STARBOARD) return SRC_BROADSIDE;
    if (src === FS_PD) return SRC_POINT_DEFENCE;
    // A Command Corvette's Fire Main counts as its main weapon's.
    if (s.g[G_FMOUNT] === CC_SLOT) return SRC_MAIN;
    return SRC_CORVETTE + s.loadout[p * 8 + LO_CORVETTES + s.g[G_FMOUNT]];
  }

  /** Where the current shot starts and which way it goes, into this.origin; false if it cannot fire. `mounts`: shipMounts(s, f). */
  private firingOrigin(s: GameState, p: number, f: FactionTable, mounts: readonly MountTable[]): boolean {
    const g = s.g;
    const o = this.origin;
    if (g[G_FSRC] === FS_CORVETTE) {
      const cc = g[G_FMOUNT] === CC_SLOT;
      if (cc ? s.ccTok[p] < 0 : s.corvLoc[p * CORVETTES + g[G_FMOUNT]] !== CORV_BOARD) return false;
      const i = cc ? s.ccTok[p] : s.corvTok[p * CORVETTES + g[G_FMOUNT]];
      o[0] = s.tokQ[i];
      o[1] = s.tokR[i];
      o[2] = s.tokFacing[i];
      return true;
    }
    const hull = f.hull;
    const m = mounts[g[G_FMOUNT]];
    const off = s.facing[p] * hull.hexCount;
    o[0] = s.shipQ[p] + hull.rotQ[off + m.hex];
    o[1] = s.shipR[p] + hull.rotR[off + m.hex];
    o[2] = (s.facing[p] + m.directions[g[G_FDIR]]) % 6;
    return true;
  }

  /** Targets of the shot being aimed (direct fire from its origin, or point defence). */
  protected legalTargets(s: GameState, p: number, out: Int32Array, at: number): number {
    if (s.g[G_FSRC] === FS_PD) {
      const pd = this.pdCard(s, p, this.faction(s, p));
      return this.weapons.pointDefenceTargets(s, p, pd.range, out, at);
    }
    const f = this.faction(s, p);
    const w = this.firingWeapon(s, p, f);
    if (!w || !this.firingOrigin(s, p, f, this.shipMounts(s, f))) return at;
    return this.weapons.directTargets(s, p, this.origin[0], this.origin[1], this.origin[2], w.range, out, at);
  }

  /**
   * Step the firing sub-procedure (9): for each mount (and arrow), place a token, fire a
   * beam, or aim direct fire: pick a target, then pay for missing accuracy or miss.
   * Returns true when done, false when a decision is pending.
   */
  protected stepFire(s: GameState, p: number): boolean {
    const g = s.g;
    if (g[G_FSTAGE] === FST_IDLE) return true;
    const f = this.faction(s, p);
    // The capital-ship mounts firing, looked up once: G_FSRC does not change while this fires.
    const mounts = this.shipMounts(s, f);
    for (;;) {
      switch (g[G_FSTAGE]) {
        case FST_IDLE:
          return true;
        case FST_START:
          g[G_FMOUNT] = g[G_FSRC] === FS_CORVETTE ? g[G_FMOUNT] : 0;
          g[G_FSTAGE] = g[G_FSRC] <= FS_STARBOARD ? FST_MOUNT : FST_SHOT;
          break;
        case FST_MOUNT: {
          if (g[G_FMOUNT] >= mounts.length) {
            g[G_FSTAGE] = FST_DONE;
            break;
          }
          g[G_FDIR] = 0;
          g[G_FSTAGE] = FST_SHOT;
          // One answer per arrow (legal, 4.2.2): asked when there are several.
          if (mounts[g[G_FMOUNT]].directions.length > 1 && this.chooseBroadside === true) {
            this.askUnlisted(s, p, D_FIRE_DIR);
            return false;
          }
          break;
        }
        case FST_SHOT: {
          g[G_FSTAGE] = FST_NEXT;
          const src = g[G_FSRC];
          const w = this.firingWeapon(s, p, f);
          if (src !== FS_PD && (!w || !this.firingOrigin(s, p, f, mounts))) break;
          const o = this.origin;
          const ref = src === FS_MAIN ? 0 : src === FS_CORVETTE ? 2 + g[G_FMOUNT] : 1;
          if (w && (w.weaponClass === WeaponClass.Projectile || w.weaponClass === WeaponClass.Torpedo)) {
            this.weapons.fireToken(s, p, ref, w, o[0], o[1], o[2]);
            break;
          }
          if (w && w.weaponClass === WeaponClass.Beam) {
            this.weapons.fireBeam(s, p, this.firingSource(s, p), w, o[0], o[1], o[2]);
            break;
          }
          // Direct fire or point defence: aim (9.2). The targets go straight into this.asked,
          // the list ask() would compute: listed once, not probed and then listed.
          this.askedVersion = -1;
          const n = this.legalTargets(s, p, this.asked, 0);
          if (n === 0) break;
          s.stats[p * STAT_SIZE + ST_SHOTS + this.firingSource(s, p)]++;
          if (this.log !== null) this.log.push(EV_FIRE, p, this.firingSource(s, p), src === FS_PD ? 0 : o[0], src === FS_PD ? 0 : o[1], src === FS_PD ? -1 : o[2]);
          g[G_FSTAGE] = FST_TARGET;
          g[G_DECISION] = D_TARGET;
          g[G_PENDING] = 1 << p;
          if (this.offer(s, p, n)) return false;
          break;
        }
        case FST_TARGET: {
          const t = g[G_FTARGET];
          g[G_FSTAGE] = FST_NEXT;
          if (t < TGT_HULL && s.tokKind[t] === SMALL_NONE) break; // gone before it was shot
          const need = this.weapons.evasionOf(s, t) - this.firingAccuracy(s, p);
          if (need <= 0) {
            this.landHit(s, p, t);
            break;
          }
          if (!this.canBoost(s, p, need)) {
            this.miss(s, p, t);
            break;
          }
          g[G_FNEED] = need;
          g[G_FSTAGE] = FST_BOOST;
          // Pay for accuracy or not (9.2): two answers (legal).
          this.askUnlisted(s, p, D_BOOST);
          return false;
        }
        case FST_BOOST:
          g[G_FSTAGE] = FST_NEXT;
          if (g[G_FNEED] < 0) this.landHit(s, p, g[G_FTARGET]);
          else this.miss(s, p, g[G_FTARGET]);
          break;
        case FST_NEXT: {
          const src = g[G_FSRC];
          if (src <= FS_STARBOARD) {
            const dirs = mounts[g[G_FMOUNT]].directions.length;
            if (this.fireAllBroadside === true && g[G_FDIR] + 1 < dirs) {
              g[G_FDIR]++;
              g[G_FSTAGE] = FST_SHOT;
            } else {
              g[G_FMOUNT]++;
              g[G_FSTAGE] = FST_MOUNT;
            }
          } else g[G_FSTAGE] = FST_DONE;
          break;
        }
        case FST_DONE:
          g[G_FSTAGE] = FST_IDLE;
          return true;
      }
    }
  }

  private firingAccuracy(s: GameState, p: number): number {
    const f = this.faction(s, p);
    if (s.g[G_FSRC] === FS_PD) return this.pdCard(s, p, f).accuracy;
    const w = this.firingWeapon(s, p, f);
    return w ? w.accuracy : 0;
  }

  /**
   * Can p pay `need` accuracy (9.2)? A corvette with activations left; a ship-mounted
   * weapon with room on the cooldown track for the extra cooldown.
   */
  private canBoost(s: GameState, p: number, need: number): boolean {
    const g = s.g;
    if (g[G_FSRC] === FS_CORVETTE) return g[G_ACT_LEFT] >= need;
    const f = this.faction(s, p);
    let base: number;
    if (g[G_FSRC] === FS_PD) base = this.pdCard(s, p, f).cooldown;
    else base = this.firingWeapon(s, p, f)!.cooldown;
    // A card played through Vent Coolant takes one more; not so a held card fired at a window.
    const vented = g[G_VENTED] >= 0 && g[G_WINDOW_PLAYER] < 0 ? 1 : 0;
    return base + g[G_FEXTRA] + need + vented <= MAX_COOLDOWN;
  }

  private landHit(s: GameState, p: number, t: number): void {
    const pd = s.g[G_FSRC] === FS_PD;
    const f = this.faction(s, p);
    const damage = pd ? this.pdCard(s, p, f).damage : (this.firingWeapon(s, p, f)?.damage ?? 0);
    this.weapons.directHit(s, p, this.firingSource(s, p), pd ? CAUSE_POINT_DEFENCE : CAUSE_DIRECT_FIRE, damage, t);
  }

  private miss(s: GameState, p: number, t: number): void {
    if (this.log !== null) this.log.push(EV_MISS, p, this.firingSource(s, p), t, this.firingAccuracy(s, p), this.weapons.evasionOf(s, t));
  }

  /** A held Defence Stations at a firing window: 0 (wait), then 1 + each target id (10.1.4). */
  protected legalPdWindow(s: GameState, p: number, out: Int32Array): number {
    const pd = this.pdCard(s, p, this.faction(s, p));
    const n = this.weapons.pointDefenceTargets(s, p, pd.range, out, 1);
    out[0] = 0;
    for (let i = 1; i < n; i++) out[i] += 1;
    return n;
  }

  /**
   * A point-defence window (10.1.4): each player holding a face-up Defence Stations with a
   * target in reach is asked, once per window, whether to fire now. Returns true when the
   * window has closed, false when a decision is pending.
   */
  protected pdWindow(s: GameState): boolean {
    const g = s.g;
    if (g[G_WINDOW_PLAYER] >= 0) {
      const p = g[G_WINDOW_PLAYER];
      if (this.stepFire(s, p) === false) return false;
      const pd = this.pdCard(s, p, this.faction(s, p));
      this.toTrack(s, p, Cmd.DefenceStations, pd.cooldown + g[G_FEXTRA]);
      g[G_HELD] &= ~(1 << p);
      g[G_WINDOW_PLAYER] = -1;
      this.settleDestroyed(s);
    }
    // Most windows find no Defence Stations held: one read, no seat order needed.
    const held = g[G_HELD];
    if (held === 0) return true;
    const n = g[G_PLAYERS];
    for (let i = 0; i < n; i++) {
      const p = this.seatAt(s, i);
      if ((g[G_WINDOW_ASKED] >> p) & 1 || ((held >> p) & 1) === 0 || !s.alive[p]) continue;
      g[G_WINDOW_ASKED] |= 1 << p;
      // The options go straight into this.asked (the list ask() would compute): with no
      // target there is only "wait", and no window for this player.
      this.askedVersion = -1;
      const n = this.legalPdWindow(s, p, this.asked);
      if (n <= 1) continue;
      g[G_WINDOW_PLAYER] = p;
      g[G_DECISION] = D_PD_WINDOW;
      g[G_PENDING] = 1 << p;
      if (this.offer(s, p, n)) return false;
    }
    return true;
  }
}
