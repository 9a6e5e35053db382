/**
 * The cooldown track (rulebook 7.4): a resolved command's card goes onto it (finishCommand,
 * with Vent Coolant's extra space, 10.1.5), a held Defence Stations at the end of the action
 * phase (10.1.4), and the cooldown phase moves every card one space down, Ready to the hand.
 *
 * Why it is built this way: the cooldown step works on four card locations at once
 * (GameState.cardLoc32, coolCardWord), with no per-card branch; one layer of the Kernel
 * (kernel-core.ts says why layers).
 */
import { KernelCore } from './kernel-core.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as eventsModule from './events.js';
import * as stepsModule from './resolution-steps.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_COOLDOWN, CARDS, LOC_RESOLVING, LOC_TRACK, STATUS_ONGOING, STATUS_DRAW_LIMIT, G_ROUND,
  G_STATUS, G_PLAYERS, G_ORDER_POS, G_SUB, G_CUR_CARD, G_VENTED, G_LEFT, G_ROUND_LIMIT, G_HELD,
  LO_PD,
} = stateModule;
const { Cmd } = tablesModule;
const { EV_COMMAND_DONE, EV_COOLDOWN } = eventsModule;
const { SUB_START } = stepsModule;

/**
 * Card locations four at a time (GameState.cardLoc32): 1 and the top bit in each byte, and
 * what, added to a word, sets a byte's top bit exactly when it holds LOC_TRACK or more
 * (TRACK_TOP), or LOC_TRACK + 1 or more (PAST_READY_TOP). Locations are 0..LOC_TRACK +
 * MAX_COOLDOWN, below LOC_TRACK + 128, so no byte carries into the next.
 */
const BYTE_ONES = 0x01010101;
const TRACK_TOP = (128 - LOC_TRACK) * BYTE_ONES;
const PAST_READY_TOP = (128 - LOC_TRACK - 1) * BYTE_ONES;

/** 1 in each byte of a word of card locations that holds a card on the track (LOC_TRACK or more), else 0. */
export function onTrackBytes(x: number): number {
  return (((x + TRACK_TOP) | 0) >>> 7) & BYTE_ONES;
}

/**
 * The cooldown step (7.4) on a word of four card locations: a card past Ready moves one
 * space down, a card on Ready returns to the hand (LOC_HAND, 0), any other stays; no byte
 * borrows from the next.
 */
export function coolCardWord(x: number): number {
  const onTrack = onTrackBytes(x);
  const pastReady = (((x + PAST_READY_TOP) | 0) >>> 7) & BYTE_ONES;
  return (x - pastReady - LOC_TRACK * (onTrack ^ pastReady)) | 0;
}

export class CooldownTrack extends KernelCore {
  /** Put p's `card` on the track, `cooldown` spaces above Ready (clamped to the track, 7.4). */
  protected toTrack(s: GameState, p: number, card: number, cooldown: number): void {
    const pos = cooldown < 0 ? 0 : cooldown > MAX_COOLDOWN ? MAX_COOLDOWN : cooldown;
    s.cardLoc[p * CARDS + card] = LOC_TRACK + pos;
    if (this.log !== null) this.log.push(EV_COMMAND_DONE, p, card, pos);
  }

  /**
   * Move the resolved card(s) to the cooldown track (7.3, 7.4) and advance the order. A card
   * played through Vent Coolant takes one extra cooldown; the Vent card itself takes none.
   */
  protected finishCommand(s: GameState, p: number, cooldown: number): boolean {
    const g = s.g;
    const base = p * CARDS;
    const vented = g[G_VENTED];
    if (vented >= 0) {
      // A card no longer resolving went back to the hand with its ship's wreck (kernel-core.ts wreck).
      if (s.cardLoc[base + vented] === LOC_RESOLVING) this.toTrack(s, p, vented, cooldown + 1);
      if (s.cardLoc[base + g[G_CUR_CARD]] === LOC_RESOLVING) this.toTrack(s, p, g[G_CUR_CARD], this.cmdCooldown[s.faction[p] * CARDS + Cmd.VentCoolant]);
    } else if (g[G_CUR_CARD] >= 0 && s.cardLoc[base + g[G_CUR_CARD]] === LOC_RESOLVING) {
      this.toTrack(s, p, g[G_CUR_CARD], cooldown);
    }
    g[G_ORDER_POS]++;
    g[G_CUR_CARD] = -1;
    g[G_VENTED] = -1;
    g[G_SUB] = SUB_START;
    g[G_LEFT] = 0;
    return true;
  }

  /**
   * Held Defence Stations cards go to the track at the end of the action phase (10.1.4).
   * Only that card is ever held (applyDefence; a vented one goes to the track at once).
   */
  protected releaseHeld(s: GameState): void {
    const g = s.g;
    const held = g[G_HELD];
    if (held === 0) return;
    const n = g[G_PLAYERS];
    for (let p = 0; p < n; p++) {
      if (((held >> p) & 1) === 0) continue;
      this.toTrack(s, p, Cmd.DefenceStations, this.faction(s, p).pointDefence[s.loadout[p * 8 + LO_PD]].cooldown);
    }
    g[G_HELD] = 0;
  }

  protected cooldownPhase(s: GameState): void {
    const n = s.g[G_PLAYERS];
    // The arrays in locals (round-loop.ts startRound says why).
    const cardLoc = s.cardLoc;
    const engine = s.engine;
    const committed = s.committed;
    // The events first, in the same order: the loop below then makes no call, and V8 keeps
    // the arrays in registers instead of reloading them after each possible push.
    const log = this.log;
    if (log !== null)
      for (let p = 0; p < n; p++) for (let c = 0; c < CARDS; c++) if (cardLoc[p * CARDS + c] === LOC_TRACK) log.push(EV_COOLDOWN, p, c);
    // 7.4: every card on the track moves one space down; a card on Ready goes to the hand.
    // Four cards a word (coolCardWord).
    const words = s.cardLoc32;
    for (let w = 0, end = (n * CARDS) >> 2; w < end; w++) {
      const x = words[w];
      if (onTrackBytes(x) !== 0) words[w] = coolCardWord(x);
    }
    for (let p = 0; p < n; p++) {
      engine[p] = -1;
      committed[p * 2] = -1;
      committed[p * 2 + 1] = -1;
    }
    if (this.check !== null) this.check(s, 'cooldown');
    const g = s.g;
    if (g[G_STATUS] === STATUS_ONGOING && g[G_ROUND] >= g[G_ROUND_LIMIT]) this.endMatch(s, STATUS_DRAW_LIMIT, -1);
  }
}
