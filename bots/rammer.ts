/**
 * `rammer`: a simple scripted policy that flies at the nearest enemy and rams it, fires its
 * main weapon when the enemy is in front, raises shields on the bow when it can, launches
 * corvettes and lets them shoot, and keeps its speed within `maxSpeed` tokens.
 *
 * Parameters (all optional): `maxSpeed`, declared in PARAMS below; a bad value throws naming
 * the parameter.
 *
 * Why it exists: the demonstration match needs a policy that plays visibly and ends games;
 * the stronger scripted styles come with the bot issue. It reads the view's typed arrays
 * directly, as scripted bots do.
 */
import type { PolicyFactory, Policy, Rng, DecisionContext, DraftContext, GameState } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  D_COMMIT, D_DEFENCE, D_SHIELD, D_VENT, D_P2E_DIR, D_BOOST, D_CORV_OPTION, D_ACTIVATE,
  D_PD_WINDOW, D_FIRE_DIR, CORV_LAUNCH, ACT_PASS, ACT_FIRE, DEF_SHIELDS, VENT_NONE,
  encodeCommit, CARD_NONE, CARDS, LOC_HAND, LOC_TRACK, hex, LIN_SLOTS, ENGINE_NONE, ENGINE_CW, ENGINE_CCW,
  MAX_SECTIONS, CORVETTES, CORV_BOARD, shieldsFromFirst, Cmd,
} = botApiModule;
const { declareParams, flyingCommandCorvette } = botApiModule;
const { commandCorvetteAnswer, legalOrFirst } = botApiModule.planner;

/** Rammer's params, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams('rammer', [
  { name: 'maxSpeed', type: 'integer', default: 2, min: 1, max: 4, doc: 'linear momentum tokens it carries toward the enemy.' },
]);

const front = new Int32Array(2);
const room = new Int32Array(MAX_SECTIONS);
// Hex helpers bound once: a property load from the `hex` module namespace on every call is slow in V8.
const { distance, opposite, frontCoordinates, DQ, DR } = hex;
/** Farther than any two hexes (an integer, so the distances compared stay small integers). */
const FAR = 0x3fffffff;

/** Directions in the order a ship facing north prefers them: ahead, then the smaller turns, clockwise first. */
const TURN_ORDER = [0, 1, 5, 2, 4, 3];

/**
 * Direction from one hex toward another that most reduces the distance. Ties (two
 * directions do as well when the target is off every straight line) go to the one nearer
 * the ship's facing: a tie-break by absolute direction index made a ship in the north side-step
 * toward its enemy and one in the south never, a seat edge that was only the board's orientation.
 */
function towardSearch(q1: number, r1: number, q2: number, r2: number, facing: number): number {
  let best = facing;
  let bestD = FAR;
  for (let i = 0; i < 6; i++) {
    const d = (facing + TURN_ORDER[i]) % 6;
    const dist = distance(q1 + DQ[d], r1 + DR[d], q2, r2);
    if (dist < bestD) {
      bestD = dist;
      best = d;
    }
  }
  return best;
}

/**
 * towardSearch's answer per facing (times 27) and sign pattern of the cube offset to the
 * target: a step changes each cube coordinate's distance by -1, 0 or +1 according to that
 * coordinate's sign alone, so the 13 possible sign patterns decide it (a table filled once
 * from the search itself).
 */
const TOWARD = new Int8Array(6 * 27);
const signIndex = (x: number, y: number, z: number) => (x > 0 ? 18 : x < 0 ? 0 : 9) + (y > 0 ? 6 : y < 0 ? 0 : 3) + (z > 0 ? 2 : z < 0 ? 0 : 1);
for (let f = 0; f < 6; f++) for (let x = -2; x <= 2; x++) for (let y = -2; y <= 2; y++) TOWARD[f * 27 + signIndex(x, y, 0 - x - y)] = towardSearch(0, 0, x, y, f);
function toward(q1: number, r1: number, q2: number, r2: number, facing: number): number {
  const x = q2 - q1;
  const y = r2 - r1;
  return TOWARD[facing * 27 + signIndex(x, y, 0 - x - y)];
}

/**
 * Whether the enemy's centre is in the arc ahead (both front coordinates >= 0), per facing
 * (times 27) and sign pattern of the offset to it: both front coordinates are cube
 * coordinates of the offset or their negatives, so their signs follow from the offset's
 * (a table filled once from frontCoordinates itself).
 */
const AHEAD = new Uint8Array(6 * 27);
for (let f = 0; f < 6; f++)
  for (let x = -2; x <= 2; x++)
    for (let y = -2; y <= 2; y++) {
      frontCoordinates(x, y, f, front);
      AHEAD[f * 27 + signIndex(x, y, 0 - x - y)] = front[0] >= 0 && front[1] >= 0 ? 1 : 0;
    }

/** Command cards in order of preference, and the same with Fire Main first, for when the enemy is ahead. */
const commandPreference = [Cmd.PowerToEngines, Cmd.DefenceStations, Cmd.SpecialAbility, Cmd.VentCoolant, Cmd.Corvettes, Cmd.FireMain, Cmd.PortBroadside, Cmd.StarboardBroadside];
const firePreference = [Cmd.FireMain, ...commandPreference.filter((c) => c !== Cmd.FireMain)];

// enemyOf and commit are module functions, not closures per policy: one call
// target for every rammer (two in a match, more in a search), which V8 inlines.
function enemyOf(v: GameState, p: number): number {
  // Arrays and our position read once: V8 reloads an object's fields at each use in a loop.
  const alive = v.alive;
  const team = v.team;
  const us = team[p];
  const shipQ = v.shipQ;
  const shipR = v.shipR;
  const q = shipQ[p];
  const r = shipR[p];
  let best = -1;
  let bestD = FAR;
  for (let o = 0, n = v.players; o < n; o++) {
    if (team[o] === us || !alive[o]) continue; // allies are not rammed on purpose (rulebook 3)
    // The first live rival's distance is measured only when a second one is met: with one
    // rival (every duel) it is the nearest, whatever the distance.
    if (best < 0) {
      best = o;
      continue;
    }
    if (bestD === FAR) bestD = distance(q, r, shipQ[best], shipR[best]);
    const d = distance(q, r, shipQ[o], shipR[o]);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

function commit(ctx: DecisionContext, maxSpeed: number): number {
  const v = ctx.view;
  const p = ctx.player;
  const e = enemyOf(v, p);
  // One sign pattern of the offset to the enemy gives both the way to it and whether its
  // centre is in the 120-degree arc in front of our ship (TOWARD, AHEAD).
  const shipQ = v.shipQ;
  const shipR = v.shipR;
  const x = shipQ[e] - shipQ[p];
  const y = shipR[e] - shipR[p];
  const fsi = v.facing[p] * 27 + signIndex(x, y, 0 - x - y);
  const preference = AHEAD[fsi] !== 0 ? firePreference : commandPreference;
  const want = TOWARD[fsi];
  const away = opposite(want);
  // Speed along `want`: tokens pointing that way minus those pointing away.
  const lin = v.lin;
  let along = 0;
  for (let i = 0, n = v.linCount[p]; i < n; i++) {
    const t = lin[p * LIN_SLOTS + i];
    if (t === want) along++;
    else if (t === away) along--;
  }
  let engine: number;
  if (v.rotCount[p] > 0) engine = v.rot[p * 2] === 6 ? ENGINE_CCW : ENGINE_CW; // stop spinning
  else if (along < maxSpeed) engine = want;
  else if (v.linCount[p] > along) engine = opposite(v.lin[p * LIN_SLOTS]); // shed sideways drift
  else engine = ENGINE_NONE;
  // The two most preferred cards in hand, in that order (no list of legal actions needed).
  let first = CARD_NONE;
  let second = CARD_NONE;
  const cardLoc = v.cardLoc;
  for (let i = 0; i < preference.length; i++) {
    const c = preference[i];
    if (cardLoc[p * CARDS + c] !== LOC_HAND) continue;
    if (first === CARD_NONE) first = c;
    else {
      second = c;
      break;
    }
  }
  return encodeCommit(engine, first, second, first === Cmd.PowerToEngines || second === Cmd.PowerToEngines ? want : 0);
}

const drafter = botApiModule.draftPrefs.preferenceDrafter(botApiModule.draftPrefs.RAMMER_DRAFT);

/** One class for every rammer: its choose is a single function, not a closure per policy. */
class Rammer implements Policy {
  readonly name = 'rammer';
  private readonly maxSpeed: number;
  private readonly rng: Rng;
  constructor(maxSpeed: number, rng: Rng) {
    this.maxSpeed = maxSpeed;
    this.rng = rng;
  }

  /** The loadout draft by rammer's card preference (src/scripted/draft-prefs.ts). */
  draft(ctx: DraftContext): number {
    return drafter(ctx, this.rng);
  }

  choose(ctx: DecisionContext): number {
    if (!flyingCommandCorvette(ctx.view, ctx.player)) return this.answer(ctx);
    // Flying a Command Corvette (rulebook 8): the shared flight plan, else rammer's answer when legal.
    const a = commandCorvetteAnswer(ctx);
    return a >= 0 ? a : legalOrFirst(ctx, this.answer(ctx));
  }

  /** rammer's answer for its capital ship. */
  private answer(ctx: DecisionContext): number {
    switch (ctx.decision) {
      case D_COMMIT:
        return commit(ctx, this.maxSpeed);
      case D_DEFENCE:
        return DEF_SHIELDS; // always open (10.1.4, option 3): no list of legal actions needed
      case D_SHIELD:
        // Fill from the bow (section 0): it hits first.
        return shieldsFromFirst(room, ctx.kernel.shieldRoom(ctx.view, ctx.player, room));
      case D_VENT: {
        // Cool the card furthest down the track (10.1.5). The legal answers are the cards on
        // the track and none, so the cards are read directly, in the legal list's order.
        const cardLoc = ctx.view.cardLoc;
        const base = ctx.player * CARDS;
        let best = VENT_NONE;
        let bestPos = 0;
        for (let c = 0; c < CARDS; c++) {
          const pos = cardLoc[base + c] - LOC_TRACK;
          if (pos > bestPos) {
            bestPos = pos;
            best = c;
          }
        }
        return best;
      }
      case D_P2E_DIR: {
        const v = ctx.view;
        const p = ctx.player;
        const e = enemyOf(v, p);
        return toward(v.shipQ[p], v.shipR[p], v.shipQ[e], v.shipR[e], v.facing[p]);
      }
      case D_BOOST:
        return 1; // pay for the hit
      case D_CORV_OPTION: {
        for (let i = 0; i < ctx.count; i++) if (ctx.legal[i] === CORV_LAUNCH) return CORV_LAUNCH;
        return ctx.legal[0];
      }
      case D_ACTIVATE: {
        // Shoot with the first corvette that can (the first firing action in the legal list);
        // otherwise keep them where they are. Each is checked alone: no list of moves needed,
        // and only one on the board that has not fired this round asks the kernel (10.1.3).
        const v = ctx.view;
        const p = ctx.player;
        const corvLoc = v.corvLoc;
        const corvFired = v.corvFired;
        for (let c = 0; c < CORVETTES; c++) {
          const idx = p * CORVETTES + c;
          if (corvLoc[idx] === CORV_BOARD && corvFired[idx] === 0 && ctx.kernel.isLegal(v, p, ACT_FIRE + c)) return ACT_FIRE + c;
        }
        return ACT_PASS;
      }
      case D_PD_WINDOW:
        return ctx.count > 1 ? ctx.legal[1] : ctx.legal[0];
      case D_FIRE_DIR:
        return 0; // the first direction: the legal answers are 0 .. directions - 1 (Kernel.legal)
      default: {
        const rng = this.rng; // called as a plain function, as before
        return ctx.legal[Math.floor(rng() * ctx.count)];
      }
    }
  }
}

const factory: PolicyFactory = (params, rng) => new Rammer(PARAMS.read(params).maxSpeed, rng);
export default factory;

/** The sign-pattern tables next to the searches they replace, for test/bots/rammer.test.ts. */
export const rammerTables = {
  towardSearch,
  toward,
  /** Is the offset (x, y) to the enemy's centre in the arc ahead of facing f? By the table. */
  aheadByTable: (x: number, y: number, f: number): boolean => AHEAD[f * 27 + signIndex(x, y, 0 - x - y)] !== 0,
  /** The same by frontCoordinates itself. */
  aheadSearch: (x: number, y: number, f: number): boolean => {
    frontCoordinates(x, y, f, front);
    return front[0] >= 0 && front[1] >= 0;
  },
};
