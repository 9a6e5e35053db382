/**
 * Flying a Command Corvette (rulebook 8, 3-4 players): once a capital ship is destroyed its
 * commander flees. The built-in bots share one plain plan: warp out as soon as the Special
 * Ability card allows (8.1.3: a draw at 3 players, a jump to a free starting location at 4),
 * otherwise buy moves with Power to Engines, and move each activation to the reachable hex
 * farthest from the nearest enemy.
 *
 * Why a module of its own and not the Pilot: the plan needs no style knobs and no movement
 * prediction, so rammer (which has no Pilot) answers with it too. Its answers come from the
 * legal list, which is short for these decisions (a handful of commands, a few dozen moves),
 * so they are legal by construction; `commandCorvetteAnswer` returns -1 for the decisions it
 * leaves to the bot (its regular corvettes, the Command Corvette's own weapons).
 */
import type { DecisionContext, GameState } from '../bot-vocabulary.js';
import * as botApiModule from '../bot-vocabulary.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { D_COMMIT, D_CC_MOVE, D_WARP, ACT_PASS, Cmd, commitFirst, decodeMove, flyingCommandCorvette, hex } = botApiModule;
const { DQ, DR, distance } = hex;

/** Commands by preference while fleeing: the warp, an extra move, point defence, the gun, the escorts. */
const FLIGHT_PREFERENCE: readonly number[] = [Cmd.SpecialAbility, Cmd.PowerToEngines, Cmd.DefenceStations, Cmd.FireMain, Cmd.Corvettes];

/** Hex distance from (q, r) to the nearest enemy capital ship or Command Corvette of seat p; 99 when none is left. */
export function nearestEnemyDistance(v: GameState, p: number, q: number, r: number): number {
  let best = 99;
  const team = v.team;
  for (let o = 0, n = v.players; o < n; o++) {
    if (team[o] === team[p]) continue;
    let d = 99;
    if (v.alive[o]) d = distance(q, r, v.shipQ[o], v.shipR[o]);
    else if (v.ccTok[o] >= 0) d = distance(q, r, v.tokQ[v.ccTok[o]], v.tokR[v.ccTok[o]]);
    if (d < best) best = d;
  }
  return best;
}

/** How good a hex is to flee to: far from the nearest enemy first, then nearer the board's middle (away from the edge). */
function refuge(ctx: DecisionContext, q: number, r: number): number {
  const b = ctx.kernel.t.board;
  const middle = distance(q, r, b.qMin + (b.width >> 1), b.rMin + (b.height >> 1));
  return nearestEnemyDistance(ctx.view, ctx.player, q, r) * 100 - middle;
}

/** The commitment: the first command of FLIGHT_PREFERENCE on offer (8.1.1: one command, no engine card). */
function commitFlight(ctx: DecisionContext): number {
  const legal = ctx.legal;
  const count = ctx.count;
  for (let i = 0; i < FLIGHT_PREFERENCE.length; i++) {
    for (let j = 0; j < count; j++) if (commitFirst(legal[j]) === FLIGHT_PREFERENCE[i]) return legal[j];
  }
  return legal[0];
}

const move = new Int32Array(4);

/** A movement activation (8.1.2): the move, or staying put, that ends farthest from the enemy. */
function moveAway(ctx: DecisionContext): number {
  const v = ctx.view;
  const p = ctx.player;
  const i = v.ccTok[p];
  const q0 = v.tokQ[i];
  const r0 = v.tokR[i];
  const f = v.tokFacing[i];
  let best = ACT_PASS;
  let bestValue = refuge(ctx, q0, r0);
  for (let j = 0; j < ctx.count; j++) {
    const a = ctx.legal[j];
    if (a === ACT_PASS) continue;
    decodeMove(a, move);
    const dir = (f + move[1] + 6) % 6;
    const value = refuge(ctx, q0 + DQ[dir] * move[2], r0 + DR[dir] * move[2]);
    if (value > bestValue) {
      bestValue = value;
      best = a;
    }
  }
  return best;
}

/** Emergency Warp at 4 players (8.1.3): the free starting location farthest from the enemy. */
function warpAway(ctx: DecisionContext): number {
  const b = ctx.kernel.t.board;
  let best = ctx.legal[0];
  let bestValue = -Infinity;
  for (let j = 0; j < ctx.count; j++) {
    const k = ctx.legal[j];
    const value = refuge(ctx, b.startQ[k], b.startR[k]);
    if (value > bestValue) {
      bestValue = value;
      best = k;
    }
  }
  return best;
}

/**
 * The answer of a seat flying a Command Corvette to its commitment, its movement activations
 * and the warp; -1 for any other decision (the bot's own play answers those) or a seat that
 * does not fly one.
 */
export function commandCorvetteAnswer(ctx: DecisionContext): number {
  if (!flyingCommandCorvette(ctx.view, ctx.player)) return -1;
  switch (ctx.decision) {
    case D_COMMIT:
      return commitFlight(ctx);
    case D_CC_MOVE:
      return moveAway(ctx);
    case D_WARP:
      return warpAway(ctx);
  }
  return -1;
}

/**
 * `a`, an answer a bot built for its capital ship, if it is legal, else the first legal answer:
 * for the decisions commandCorvetteAnswer leaves to the bot while its seat flies a Command
 * Corvette, whose options differ (8.1.3: Defence Stations gives no shields, no Vent Coolant).
 */
export function legalOrFirst(ctx: DecisionContext, a: number): number {
  for (let j = 0; j < ctx.count; j++) if (ctx.legal[j] === a) return a;
  return ctx.legal[0];
}
