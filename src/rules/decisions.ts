/**
 * Decision kinds and the encoding of answers (commitments, shield arrangements) of the rules
 * kernel; kernel.ts re-exports them all.
 *
 * Why a module of its own: V8 reads an exported binding through its module cell, with a
 * TDZ check, at every use, also inside the module that declares it; the kernel switches on
 * and decodes these at every answer, so it reads them as module constants destructured
 * from this module, which V8 folds (test/sim/hot-imports.test.ts).
 */
import * as stateModule from './state.js';

const { CARDS, SHIELD_BITS, SHIELD_MAX_PER_SECTION } = stateModule;
export { MAX_ACTIONS } from './state.js';

/** Decision kinds. */
export const D_NONE = 0;
/** Engine setting + two commands in order (+ Power to Engines direction), simultaneous (7.1). */
export const D_COMMIT = 1;
/** Vent Coolant target: a card id on the own cooldown track, or VENT_NONE (10.1.5). */
export const D_VENT = 2;
/** Defence Stations option: DEF_FIRE, DEF_HOLD or DEF_SHIELDS (10.1.4). */
export const D_DEFENCE = 3;
/** Place the shields in hand, all at once: an arrangement (encodeShields), 4.1.1, 10.1.4. */
export const D_SHIELD = 4;
/** Direction (0..5) for a Power to Engines played through Vent Coolant (10.1.5-10.1.6). */
export const D_P2E_DIR = 5;
/** Restore one armour point: a section index (special ability Emergency Repair). */
export const D_REPAIR = 6;
/** Which arrow of a multi-direction broadside mount fires: an index into the mount's directions (4.2.2). */
export const D_FIRE_DIR = 7;
/** A direct-fire or point-defence target: a target id (weapons.ts TGT_*), 9.2. */
export const D_TARGET = 8;
/** Pay for the accuracy a shot lacks (1) or let it miss (0), 9.2. */
export const D_BOOST = 9;
/** Corvettes! option: CORV_ACTIVATE, CORV_LAUNCH or CORV_REPAIR (10.1.3). */
export const D_CORV_OPTION = 10;
/** Which corvette to launch, from which hangar, how far and turned how (corvettes.ts encodeLaunch). */
export const D_LAUNCH = 11;
/** One corvette activation: ACT_PASS, a move (encodeMove) or ACT_FIRE + slot (11.1.2-11.1.3). */
export const D_ACTIVATE = 12;
/** A held Defence Stations at a firing window: 0 wait, or 1 + target id (10.1.4). */
export const D_PD_WINDOW = 13;
/** Which destroyed corvette to repair: its slot (10.1.3). */
export const D_REPAIR_CORV = 14;
/**
 * A Command Corvette's movement activation (8.1.2, and Power to Engines, 8.1.3): ACT_PASS (0)
 * or a move encoded as a corvette move of slot 0 (corvettes.ts encodeMove), for the Command
 * Corvette's own speed and agility.
 */
export const D_CC_MOVE = 15;
/** Emergency Warp in a 4-player game (8.1.3): the index of a free starting location of the board. */
export const D_WARP = 16;
export const DECISION_NAMES = ['none', 'commit', 'vent', 'defence', 'shield', 'p2e-direction', 'repair', 'fire-direction', 'target', 'boost', 'corvette-option', 'launch', 'activate', 'pd-window', 'repair-corvette', 'cc-move', 'warp'];
export const CORV_ACTIVATE = 0;
export const CORV_LAUNCH = 1;
export const CORV_REPAIR = 2;
export const CORVETTE_OPTION_NAMES = ['three activations', 'launch and one activation', 'repair'];

export const VENT_NONE = CARDS;
export const DEF_FIRE = 0;
export const DEF_HOLD = 1;
export const DEF_SHIELDS = 2;
export const DEFENCE_OPTION_NAMES = ['fire point defence', 'hold', 'shields'];
/** A command slot left empty because the hand held fewer than two cards. */
export const CARD_NONE = CARDS;

/**
 * Commitment action id = ((engine * 9 + first) * 9 + second) * 6 + direction. The decoders
 * take an id in 0..MAX_ACTIONS - 1 and work in int32 arithmetic (Math.floor(a / 54) % 9 on
 * a number not known to be an integer is a float modulus, in isLegal and apply every commit).
 */
export function encodeCommit(engine: number, first: number, second: number, dir: number): number {
  return ((engine * 9 + first) * 9 + second) * 6 + dir;
}
/** One engine setting's step in a commitment id: encodeCommit(e, a, b, d) = e * ENGINE_STEP + encodeCommit(0, a, b, d). */
export const ENGINE_STEP = 9 * 9 * 6;
export function commitEngine(a: number): number {
  return (a / 486) | 0;
}
export function commitFirst(a: number): number {
  return ((a / 54) | 0) % 9;
}
export function commitSecond(a: number): number {
  return ((a / 6) | 0) % 9;
}
export function commitDir(a: number): number {
  return a % 6;
}

// Shield arrangement action id (D_SHIELD): how many of the shields in hand go on each
// section, SHIELD_BITS bits per section, section 0 lowest (state.ts). Content is checked at
// load so a count fits and every arrangement list fits MAX_ACTIONS (src/content/schema.ts).

/** Shields a D_SHIELD action puts on section `sec`. */
export function shieldsPlaced(a: number, sec: number): number {
  return (a >>> (SHIELD_BITS * sec)) & SHIELD_MAX_PER_SECTION;
}
/**
 * The D_SHIELD action that fills the sections from section 0 up: each takes min(its room,
 * what is left) of `placing` shields (rooms as kernel.shieldRoom writes them).
 */
export function shieldsFromFirst(room: ArrayLike<number>, placing: number): number {
  let a = 0;
  for (let sec = 0; placing > 0; sec++) {
    const c = Math.min(room[sec], placing);
    a |= c << (SHIELD_BITS * sec);
    placing -= c;
  }
  return a;
}
/** The D_SHIELD action putting counts[sec] shields on each section sec < n. */
export function encodeShields(counts: ArrayLike<number>, n = counts.length): number {
  let a = 0;
  for (let sec = 0; sec < n; sec++) a |= counts[sec] << (SHIELD_BITS * sec);
  return a;
}
