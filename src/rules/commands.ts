/**
 * Resolving one command card (rulebook 10.1): weapons fire (10.1.1-10.1.2), Corvettes!
 * (10.1.3), Defence Stations (10.1.4), Vent Coolant (10.1.5), Power to Engines (10.1.6) and
 * the special abilities (10.1.7).
 *
 * Why it is built this way: each command is a few sub-steps (G_SUB, resolution-steps.ts)
 * that return false while a decision is pending, so resolution resumes where it stopped;
 * firing, Corvettes! and shield placement are the layers below.
 */
import { CommandCorvette } from './command-corvette.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
import * as stepsModule from './resolution-steps.js';
import * as cooldownModule from './cooldown-track.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_SECTIONS, CARDS, STAT_SIZE, LOC_HELD, LOC_RESOLVING, LOC_TRACK, G_PENDING, G_DECISION,
  G_SLOT, G_SUB, G_CUR_CARD, G_VENTED, G_LEFT, G_FEXTRA, G_HELD, LO_MAIN, LO_BROADSIDE, LO_PD,
  ST_COMMANDS_PLAYED, ST_CARD_PLAYS, ST_VENTS, ST_POWER_TO_ENGINES, ST_SPECIALS,
} = stateModule;
const { Cmd, SpecialKind } = tablesModule;
const { EV_COMMAND, EV_VENT, EV_DEFENCE } = eventsModule;
const { D_VENT, D_DEFENCE, D_P2E_DIR, D_REPAIR, VENT_NONE, DEF_FIRE, DEF_HOLD } = decisionsModule;
const {
  SUB_START, SUB_AWAIT, SUB_PLACE_SHIELDS, SUB_SURGE_SHIELDS, SUB_REPAIR, SUB_FIRING, FS_MAIN,
  FS_PORT, FS_STARBOARD, FS_PD,
} = stepsModule;
const { onTrackBytes } = cooldownModule;

export abstract class Commands extends CommandCorvette {
  /**
   * Step the current command's resolution. Returns true when it has finished (and the order
   * moved on), false when a decision is pending or the match ended.
   */
  protected resolveCommand(s: GameState, p: number): boolean {
    const g = s.g;
    const card = g[G_VENTED] >= 0 ? g[G_VENTED] : g[G_CUR_CARD];
    if (s.alive[p] === 0) return this.resolveCcCommand(s, p, card);
    switch (card) {
      case Cmd.FireMain:
      case Cmd.PortBroadside:
      case Cmd.StarboardBroadside: {
        // 10.1.1-10.1.2: fire every mount of the weapon; the card takes the weapon's
        // cooldown plus any paid for accuracy (9.2).
        if (g[G_SUB] === SUB_START) {
          g[G_FEXTRA] = 0;
          this.startFire(s, card === Cmd.FireMain ? FS_MAIN : card === Cmd.PortBroadside ? FS_PORT : FS_STARBOARD, 0);
          g[G_SUB] = SUB_FIRING;
        }
        if (this.stepFire(s, p) === false) return false;
        const f = this.faction(s, p);
        const w = card === Cmd.FireMain ? f.mainWeapons[s.loadout[p * 8 + LO_MAIN]] : f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]];
        this.settleDestroyed(s);
        return this.finishCommand(s, p, w.cooldown + g[G_FEXTRA]);
      }
      case Cmd.Corvettes:
        return this.resolveCorvettes(s, p);
      case Cmd.DefenceStations:
        return this.resolveDefence(s, p);
      case Cmd.VentCoolant:
        return this.resolveVent(s, p);
      case Cmd.PowerToEngines:
        return this.resolvePowerToEngines(s, p);
      case Cmd.SpecialAbility:
        return this.resolveSpecial(s, p);
    }
    throw new Error(`unknown command card ${card}`);
  }

  private resolveDefence(s: GameState, p: number): boolean {
    const g = s.g;
    switch (g[G_SUB]) {
      case SUB_START:
        // Always asked (10.1.4): firing and placing shields are open whether or not Vent
        // Coolant played the card (legal), so no list is needed to count the answers.
        g[G_SUB] = SUB_AWAIT;
        this.askUnlisted(s, p, D_DEFENCE);
        return false;
      case SUB_PLACE_SHIELDS:
        return this.placeShields(s, p) ? this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.DefenceStations]) : false;
      case SUB_FIRING: {
        if (this.stepFire(s, p) === false) return false;
        const pd = this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]];
        return this.finishCommand(s, p, pd.cooldown + g[G_FEXTRA]);
      }
    }
    return false;
  }

  protected applyDefence(s: GameState, p: number, option: number): void {
    const g = s.g;
    if (this.log !== null) this.log.push(EV_DEFENCE, p, option);
    if (option === DEF_FIRE) {
      g[G_FEXTRA] = 0;
      this.startFire(s, FS_PD, 0);
      g[G_SUB] = SUB_FIRING;
    } else if (option === DEF_HOLD) {
      // Kept face up; it goes to the track at the end of the action phase.
      s.cardLoc[p * CARDS + g[G_CUR_CARD]] = LOC_HELD;
      g[G_HELD] |= 1 << p;
      this.finishCommand(s, p, 0);
    } else {
      this.beginShieldPlacement(s, p, 2, false);
      g[G_SUB] = SUB_PLACE_SHIELDS;
    }
  }

  private resolveVent(s: GameState, p: number): boolean {
    const g = s.g;
    if (g[G_SUB] === SUB_START) {
      g[G_SUB] = SUB_AWAIT;
      // 10.1.5: the answers are the cards on the track and none (legal): asked, without
      // listing them, when p's two words of card locations show one on the track
      // (onTrackBytes); with none, none is the only answer.
      const words = s.cardLoc32;
      const w = p * (CARDS >> 2);
      if ((onTrackBytes(words[w]) | onTrackBytes(words[w + 1])) !== 0) {
        this.askUnlisted(s, p, D_VENT);
        return false;
      }
      s.touch();
      this.applyVent(s, p, VENT_NONE);
    }
    // applyVent either finished the Vent, or set G_VENTED and the played card resolves now.
    if (g[G_VENTED] >= 0) return this.resolveCommand(s, p);
    return true;
  }

  protected applyVent(s: GameState, p: number, card: number): void {
    const g = s.g;
    s.stats[p * STAT_SIZE + ST_VENTS]++;
    if (card === VENT_NONE) {
      if (this.log !== null) this.log.push(EV_VENT, p, -1, -1);
      this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.VentCoolant]);
      return;
    }
    const idx = p * CARDS + card;
    const pos = s.cardLoc[idx] - LOC_TRACK;
    if (pos > 0) {
      s.cardLoc[idx] = LOC_TRACK + pos - 1;
      if (this.log !== null) this.log.push(EV_VENT, p, card, pos - 1);
      this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.VentCoolant]);
      return;
    }
    // 10.1.5: a card on Ready is played on top of the Vent card, as if played this turn.
    s.cardLoc[idx] = LOC_RESOLVING;
    g[G_VENTED] = card;
    g[G_SUB] = card === Cmd.PowerToEngines ? SUB_AWAIT : SUB_START;
    s.stats[p * STAT_SIZE + ST_COMMANDS_PLAYED]++;
    s.stats[p * STAT_SIZE + ST_CARD_PLAYS + card]++;
    if (this.log !== null) this.log.push(EV_COMMAND, p, card, g[G_SLOT], 1);
  }

  private resolvePowerToEngines(s: GameState, p: number): boolean {
    const g = s.g;
    if (g[G_SUB] === SUB_AWAIT) {
      // Played through Vent Coolant: the direction is chosen now (10.1.6; one of six, legal).
      this.askUnlisted(s, p, D_P2E_DIR);
      return false;
    }
    s.stats[p * STAT_SIZE + ST_POWER_TO_ENGINES]++;
    this.move.powerToEngines(s, p, s.p2eDir[p]);
    this.settleDestroyed(s);
    return this.finishCommand(s, p, this.cmdCooldown[s.faction[p] * CARDS + Cmd.PowerToEngines]);
  }

  private resolveSpecial(s: GameState, p: number): boolean {
    const g = s.g;
    const f = s.faction[p];
    const cooldown = this.specialCooldown[f];
    if (g[G_SUB] === SUB_START) {
      s.stats[p * STAT_SIZE + ST_SPECIALS]++;
      const amount = this.specialAmount[f];
      switch (this.specialKind[f]) {
        case SpecialKind.ShieldSurge:
          this.beginShieldPlacement(s, p, amount, true);
          g[G_SUB] = SUB_SURGE_SHIELDS;
          break;
        case SpecialKind.EmergencyRepair:
          g[G_LEFT] = amount;
          g[G_SUB] = SUB_REPAIR;
          break;
        case SpecialKind.CoolantFlush: {
          const cardLoc = s.cardLoc;
          for (let idx = p * CARDS, end = idx + CARDS; idx < end; idx++) {
            const loc = cardLoc[idx];
            if (loc > LOC_TRACK) cardLoc[idx] = Math.max(LOC_TRACK, loc - amount);
          }
          return this.finishCommand(s, p, cooldown);
        }
      }
    }
    if (g[G_SUB] === SUB_SURGE_SHIELDS) {
      return this.placeShields(s, p) ? this.finishCommand(s, p, cooldown) : false;
    }
    // SUB_REPAIR: the legal list goes straight into this.asked (the list ask() would compute).
    while (g[G_LEFT] > 0) {
      this.askedVersion = -1;
      const n = this.legalRepair(s, p, this.asked);
      if (n === 0) {
        g[G_LEFT] = 0;
        break;
      }
      g[G_DECISION] = D_REPAIR;
      g[G_PENDING] = 1 << p;
      if (this.offer(s, p, n)) return false;
    }
    return this.finishCommand(s, p, cooldown);
  }

  protected legalRepair(s: GameState, p: number, out: Int32Array): number {
    const f = s.faction[p];
    // Arrays in locals: the loop stores into `out` (round-loop.ts startRound says why).
    const armour = s.armour;
    const full = this.hullArmour;
    const base = p * MAX_SECTIONS;
    const top = f * MAX_SECTIONS;
    let n = 0;
    for (let sec = 0, end = this.hullSections[f]; sec < end; sec++) if (armour[base + sec] < full[top + sec]) out[n++] = sec;
    return n;
  }
}
