/**
 * Optional event log for replays and readable match logs.
 *
 * Why: the kernel must not allocate per round, so events are fixed-width integer records
 * in one preallocated Int32Array, written only when a log is attached (replay recording
 * on). Formatting into words happens at the edge (src/sim/log.ts), never in the kernel.
 */

export const EV_ROUND = 1; // round
export const EV_ENGINE = 2; // player, setting, result1, result2
export const EV_STEP = 3; // step k
export const EV_MOVE = 4; // player, token, q, r, facing
export const EV_COLLISION = 5; // a, b (-1 edge), kind (0 linear 1 rotational 2 command-phase), damage, step
export const EV_DAMAGE = 6; // player, section, amount, shields absorbed, structure lost
export const EV_OVERRUN = 7; // player (ship), token kind, token owner, damage
export const EV_COMMAND = 8; // player, card, slot, vented (1) or 0
export const EV_COMMAND_DONE = 9; // player, card, cooldown
export const EV_VENT = 10; // player, card, new position
export const EV_SHIELD = 11; // player, section (placed shield)
export const EV_DEFENCE = 12; // player, option
export const EV_REPAIR = 13; // player, section
export const EV_DESTROYED = 14; // player
export const EV_END = 15; // status, winner
export const EV_COOLDOWN = 16; // player, card (picked up)
export const EV_GAIN_SHIELDS = 17; // player, gained
export const EV_POWER = 18; // player, direction, thrust result
export const EV_FIRE = 19; // player, source, q, r, direction
export const EV_TOKEN_LOST = 20; // owner, kind, cause, killer (-1 none), corvette slot or -1
export const EV_TOKEN_HIT = 21; // attacker, kind (0 beam/direct), victim, section, damage
export const EV_LAUNCH = 22; // player, corvette slot, q, r, facing
export const EV_CORVETTE_MOVE = 23; // player, slot, q, r, facing
export const EV_CORVETTE_OPTION = 24; // player, option
export const EV_REPAIR_CORVETTE = 25; // player, slot
export const EV_MISS = 26; // player, source, target, accuracy, evasion
export const EV_PD_WAIT = 27; // player
/**
 * One hex of the weapon update (7.2.3), logged after it is resolved: kind (SMALL_PROJECTILE,
 * every cannon token one hex in lock-step; SMALL_TORPEDO, one torpedo one hex), hex k of the
 * move, the torpedo's owner (-1 for cannon tokens), the torpedo's q and r after the hex.
 */
export const EV_WEAPON_STEP = 28;

export const EVENT_WIDTH = 6;

/** A preallocated event buffer: records of EVENT_WIDTH int32s (type then 5 arguments). */
export class EventLog {
  readonly data: Int32Array;
  length = 0;
  overflow = false;
  constructor(capacity = 1 << 16) {
    this.data = new Int32Array(capacity * EVENT_WIDTH);
  }
  push(type: number, a = 0, b = 0, c = 0, d = 0, e = 0): void {
    const i = this.length * EVENT_WIDTH;
    if (i + EVENT_WIDTH > this.data.length) {
      this.overflow = true;
      return;
    }
    const x = this.data;
    x[i] = type;
    x[i + 1] = a;
    x[i + 2] = b;
    x[i + 3] = c;
    x[i + 4] = d;
    x[i + 5] = e;
    this.length++;
  }
  clear(): void {
    this.length = 0;
    this.overflow = false;
  }
}
