/**
 * The Command Corvette (rulebook 8, 3-4 players): when a capital ship is destroyed its
 * commander flies on in a Command Corvette. This layer sets it up (8 steps 1-5), lists and
 * carries out its movement activations (8.1.2, Power to Engines 8.1.3), the three activations
 * its regular corvettes get at the start of the action phase (8.1.3), and Emergency Warp
 * (8.1.3): a draw at 3 players, a jump to a free starting location at 4.
 *
 * Why it is built this way: the Command Corvette is a small token of kind corvette with ref
 * CC_REF (state.ts), so everything that hits, blocks or targets corvettes treats it as one
 * (9.1-9.4, 12); its seat has no capital ship (alive 0) and GameState.ccTok names its token.
 * Its choices are decisions like any other (D_CC_MOVE, D_WARP, decisions.ts), listed into the
 * caller's buffer; one layer of the Kernel (kernel-core.ts says why layers).
 */
import { ShieldPlacement } from './shield-placement.js';
import type { GameState } from './state.js';
import * as hexModule from '../hex/hex.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as corvettesModule from './corvettes.js';
import * as weaponsModule from './weapons.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR } = hexModule;
const {
  CARDS, CORVETTES, CORV_ABOARD, CORV_DESTROYED, CC_REF, LOC_TRACK, LOC_REMOVED, SMALL_CORVETTE,
  STAT_SIZE, ST_CORV_LOST, LO_HANGAR, LO_CORVETTES, G_PLAYERS, G_ROUND, G_TOKEN_SERIAL, G_ACT_LEFT,
  G_CC_START, G_FSTAGE, G_SUB, G_FEXTRA, G_PENDING, G_DECISION, STATUS_DRAW, CC_SLOT,
} = stateModule;
const { FST_IDLE, FS_PD, FS_CORVETTE, SUB_START, SUB_AWAIT, SUB_FIRING } = stepsModule;
const { Cmd } = tablesModule;
const { ACT_PASS, MAX_TURN, MAX_SPEED, encodeMove, decodeMove, encodeLaunch } = corvettesModule;
const { freeSlot } = weaponsModule;
const { EV_CORVETTE_MOVE } = eventsModule;
const { D_ACTIVATE, D_CC_MOVE, D_WARP } = decisionsModule;

/** The special ability card's cooldown when the capital ship is destroyed (8 step 5). */
const WARP_START = 3;

export abstract class CommandCorvette extends ShieldPlacement {
  private readonly ccMv = new Int32Array(4);
  private readonly ccHex = new Int32Array(3);

  /**
   * 8 steps 1-5 for seat p, whose capital ship was just destroyed (its tokens and cards are
   * back, kernel-core.ts wreck): at 3-4 players the corvettes aboard are launched, the
   * Command Corvette placed on the ship's centre hex facing its way, the Special Ability card
   * put at 3 cooldown and the Broadside and Vent Coolant cards removed. False at 2 players.
   */
  protected override commandCorvetteSetup(s: GameState, p: number): boolean {
    if (s.g[G_PLAYERS] < 3) return false;
    // Step 1: the component cards leave the mat (the loadout stays for the records; the
    // Command Corvette's cards, step 3, are the faction's commandCorvette block). Step 2:
    // every corvette aboard is launched, in slot order, from the first hangar (in mount
    // order) with a free spot, as close to the hangar as its bonus allows and pointing
    // straight out; with no free spot it is destroyed.
    const hangars = this.faction(s, p).hangars[s.loadout[p * 8 + LO_HANGAR]];
    const count = this.faction(s, p).hull.mounts.hangar.length;
    for (let slot = 0; slot < CORVETTES; slot++) {
      if (s.corvLoc[p * CORVETTES + slot] !== CORV_ABOARD) continue;
      let launched = false;
      for (let e = 0; e <= hangars.launchDistance && e <= 6 && !launched; e++)
        for (let h = 0; h < count && h < 4 && !launched; h++)
          if (this.corvettes.launchSpot(s, p, h, e, 0, this.ccHex)) {
            this.corvettes.launch(s, p, encodeLaunch(slot, h, e, 0));
            launched = s.corvLoc[p * CORVETTES + slot] !== CORV_ABOARD;
          }
      if (!launched) {
        s.corvLoc[p * CORVETTES + slot] = CORV_DESTROYED;
        s.stats[p * STAT_SIZE + ST_CORV_LOST + s.loadout[p * 8 + LO_CORVETTES + slot]]++;
      }
    }
    // Step 4: the Command Corvette token at the capital ship's centre, facing its way.
    const i = freeSlot(s);
    if (i < 0) return false;
    s.tokKind[i] = SMALL_CORVETTE;
    s.tokOwner[i] = p;
    s.tokRef[i] = CC_REF;
    s.tokSupply[i] = -1;
    s.tokQ[i] = s.shipQ[p];
    s.tokR[i] = s.shipR[p];
    s.tokFacing[i] = s.facing[p];
    s.tokAge[i] = ++s.g[G_TOKEN_SERIAL];
    s.ccTok[p] = i;
    if (this.log !== null) this.log.push(EV_CORVETTE_MOVE, p, CORVETTES, s.tokQ[i], s.tokR[i], s.tokFacing[i]);
    // Step 5: the commands are back in hand (wreck); Special Ability at 3 cooldown; the
    // Broadsides and Vent Coolant removed from play (the engine card too: none is played).
    const base = p * CARDS;
    s.cardLoc[base + Cmd.SpecialAbility] = LOC_TRACK + WARP_START;
    s.cardLoc[base + Cmd.PortBroadside] = LOC_REMOVED;
    s.cardLoc[base + Cmd.StarboardBroadside] = LOC_REMOVED;
    s.cardLoc[base + Cmd.VentCoolant] = LOC_REMOVED;
    // A token already on the centre hex (none can lie under a hull) would meet it (7.2.4).
    if (this.weapons.tokenOn(s, s.tokQ[i], s.tokR[i], 0, i) >= 0) this.corvettes.settleToken(s, i);
    return true;
  }

  /**
   * p's Command Corvette movement activations (8.1.2) into out: ACT_PASS, then every move a
   * corvette with its speed and agility could make (11.1.2), encoded as slot 0's moves.
   */
  protected legalCcMoves(s: GameState, p: number, out: Int32Array): number {
    out[0] = ACT_PASS;
    let n = 1;
    const i = s.ccTok[p];
    if (i < 0) return n;
    const cc = this.faction(s, p).commandCorvette;
    const agility = cc.agility < MAX_TURN ? cc.agility : MAX_TURN;
    const speed = cc.speed < MAX_SPEED ? cc.speed : MAX_SPEED;
    const move = this.move;
    const q0 = s.tokQ[i];
    const r0 = s.tokR[i];
    const hulls = move.shipsNear(s, q0, r0, speed);
    for (let before = 0 - agility; before <= agility; before++) {
      const dir = (s.tokFacing[i] + before + 6) % 6;
      const left = agility - (before < 0 ? 0 - before : before);
      let q = q0;
      let r = r0;
      for (let hexes = 1; hexes <= speed; hexes++) {
        q += DQ[dir];
        r += DR[dir];
        if (!move.hexOnBoard(q, r) || (hulls !== 0 && move.hullInMask(s, q, r, hulls))) break;
        const first = encodeMove(0, before, hexes, 0 - left);
        for (let k = 0; k <= 2 * left; k++) out[n++] = first + k;
      }
    }
    return n;
  }

  /** Carry out Command Corvette move `a` (from legalCcMoves) for p, then settle what it ended on (7.2.4). */
  protected applyCcMove(s: GameState, p: number, a: number): void {
    const i = s.ccTok[p];
    if (a === ACT_PASS || i < 0) return;
    decodeMove(a, this.ccMv);
    const dir = (s.tokFacing[i] + this.ccMv[1] + 6) % 6;
    s.tokQ[i] += DQ[dir] * this.ccMv[2];
    s.tokR[i] += DR[dir] * this.ccMv[2];
    s.tokFacing[i] = (dir + this.ccMv[3] + 6) % 6;
    if (this.log !== null) this.log.push(EV_CORVETTE_MOVE, p, CORVETTES, s.tokQ[i], s.tokR[i], s.tokFacing[i]);
    this.corvettes.settleToken(s, i);
  }

  /** The board's starting locations no token covers (8.1.3 "not currently occupied by another token"), as indices into out. */
  protected legalWarps(s: GameState, out: Int32Array): number {
    const b = this.t.board;
    let n = 0;
    for (let k = 0; k < b.startQ.length; k++) {
      const q = b.startQ[k];
      const r = b.startR[k];
      if (this.weapons.shipOn(s, q, r) < 0 && this.weapons.tokenOn(s, q, r, 0, -1) < 0) out[n++] = k;
    }
    return n;
  }

  /** Emergency Warp to starting location k (8.1.3, 4 players): the Command Corvette jumps there, facing as the location faces. */
  protected applyWarp(s: GameState, p: number, k: number): void {
    const i = s.ccTok[p];
    if (i < 0) return;
    const b = this.t.board;
    s.tokQ[i] = b.startQ[k];
    s.tokR[i] = b.startR[k];
    s.tokFacing[i] = b.startFacing[k];
    if (this.log !== null) this.log.push(EV_CORVETTE_MOVE, p, CORVETTES, s.tokQ[i], s.tokR[i], s.tokFacing[i]);
  }

  /** Emergency Warp at 3 players (8.1.3): the commander escapes and the match ends in a draw. */
  protected escape(s: GameState, p: number): void {
    s.escaped[p] = 1;
    s.outRound[p] = s.g[G_ROUND];
    this.endMatch(s, STATUS_DRAW, -1);
  }

  /**
   * The three activations each Command Corvette's player gets for its regular corvettes at
   * the start of the action phase, before any card is revealed (8.1.3), seat by seat in seat
   * order (G_CC_START). Returns false while a decision is pending or the match is over.
   */
  protected ccStartActivations(s: GameState): boolean {
    const g = s.g;
    const n = g[G_PLAYERS];
    for (let x = 0; x < n; x++) {
      const p = this.seatAt(s, x);
      if (((g[G_CC_START] >> p) & 1) === 0) continue;
      if (((g[G_CC_START] >> (8 + p)) & 1) === 0) {
        g[G_CC_START] |= 1 << (8 + p);
        g[G_ACT_LEFT] = 3;
      }
      if (g[G_FSTAGE] !== FST_IDLE && this.stepFire(s, p) === false) return false;
      this.settleDestroyed(s);
      if (this.isOver(s)) return false;
      if (g[G_ACT_LEFT] > 0 && this.canActivate(s, p)) {
        this.askUnlisted(s, p, D_ACTIVATE);
        return false;
      }
      g[G_ACT_LEFT] = 0;
      g[G_CC_START] &= ~((1 << p) | (1 << (8 + p)));
    }
    g[G_CC_START] = 0;
    return true;
  }

  /**
   * A command of seat p's Command Corvette (8.1.3): Fire Main fires its main weapon from the
   * corvette straight ahead; Defence Stations fires its point defence (never shields, never
   * held); Corvettes! gives three activations to its regular corvettes (Corvettes!'s options
   * offer no repair, corvettes-command.ts); Power to Engines gives it one more movement
   * activation; Special Ability is Emergency Warp. Returns as resolveCommand does.
   */
  protected resolveCcCommand(s: GameState, p: number, card: number): boolean {
    const g = s.g;
    const cc = this.faction(s, p).commandCorvette;
    switch (card) {
      case Cmd.FireMain:
      case Cmd.DefenceStations:
        if (g[G_SUB] === SUB_START) {
          g[G_FEXTRA] = 0;
          // No activations to pay for accuracy with (9.2): G_ACT_LEFT is 0 between commands.
          g[G_ACT_LEFT] = 0;
          this.startFire(s, card === Cmd.FireMain ? FS_CORVETTE : FS_PD, CC_SLOT);
          g[G_SUB] = SUB_FIRING;
        }
        if (this.stepFire(s, p) === false) return false;
        this.settleDestroyed(s);
        return this.finishCommand(s, p, (card === Cmd.FireMain ? cc.weapon.cooldown : cc.pointDefence.cooldown) + g[G_FEXTRA]);
      case Cmd.Corvettes:
        return this.resolveCorvettes(s, p);
      case Cmd.PowerToEngines:
        if (g[G_SUB] === SUB_START) {
          g[G_SUB] = SUB_AWAIT;
          if (this.ask(s, p, D_CC_MOVE)) return false;
        }
        this.settleDestroyed(s);
        return this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.PowerToEngines]);
      case Cmd.SpecialAbility:
        if (g[G_SUB] === SUB_START) {
          if (g[G_PLAYERS] < 4) {
            this.escape(s, p);
            return false;
          }
          g[G_SUB] = SUB_AWAIT;
          this.askedVersion = -1;
          const n = this.legalWarps(s, this.asked);
          if (n > 0) {
            g[G_DECISION] = D_WARP;
            g[G_PENDING] = 1 << p;
            if (this.offer(s, p, n)) return false;
          }
        }
        return this.finishCommand(s, p, cc.warpCooldown);
    }
    // Broadsides and Vent Coolant are removed from play (8 step 5): never committed.
    return this.finishCommand(s, p, 0);
  }
}
