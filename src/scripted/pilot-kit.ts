/**
 * The pilot kit: what the scripted styles (bots/gunner.ts, brawler.ts, carrier.ts,
 * turtle.ts) share, gathered in one import. A style owns a Pilot (pilot.ts), built once
 * from its knobs, params and two hooks (its value of a predicted pose and of a collision);
 * at each decision it calls beginDecision, answers the decisions it has its own way of
 * playing (the commitment, Vent Coolant, Defence Stations, Power to Engines' direction) and
 * hands every other decision to kitChoose.
 *
 * Why split this way, one concept a module, each function taking the pilot first:
 *   pilot.ts            the context object and reading the situation from the view
 *   board-edge.ts       distance to the board edge, a grid built once per board
 *   hull-geometry.ts    a hull's hexes at a pose against the edge, a hull, a line, an arc
 *   momentum-mat.ts     a copy of the momentum mat and the thrust rule (pinned to the kernel's)
 *   predicted-movement.ts  drifting, our simulated move, braking
 *   weapon-values.ts    expected damage of a shot, our guns and the enemy's, shells in flight
 *   engine-plan.ts      the two-round engine search and Power to Engines
 *   memo-tables.ts      the search's memo tables, and the style-free work styles share
 *   cards.ts            cards in hand and on the track, the commitment, Defence Stations
 *   targeting.ts        targets, the point-defence window, a mount's arrow
 *   damage-control.ts   shield placement and armour repair
 *   corvette-plays.ts   launching, flying, firing and repairing corvettes
 */
import type { DecisionContext } from '../bot-vocabulary.js';
import type { Pilot } from './pilot.js';
import * as botApiModule from '../bot-vocabulary.js';
import * as momentumMatModule from './momentum-mat.js';
import * as enginePlanModule from './engine-plan.js';
import * as targetingModule from './targeting.js';
import * as damageControlModule from './damage-control.js';
import * as corvettePlaysModule from './corvette-plays.js';
import * as commandCorvettePlayModule from './command-corvette-play.js';
import * as pilotModule from './pilot.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  D_SHIELD, D_REPAIR, D_FIRE_DIR, D_TARGET, D_BOOST, D_CORV_OPTION, D_LAUNCH, D_ACTIVATE, D_PD_WINDOW,
  D_REPAIR_CORV,
} = botApiModule;
const { matLoad } = momentumMatModule;
const { planScore, planPowerToEngines } = enginePlanModule;
const { chooseTarget, choosePdWindow, chooseFireDir } = targetingModule;
const { chooseShield, chooseRepair } = damageControlModule;
const { chooseCorvetteOption, chooseLaunch, chooseActivation, chooseRepairCorvette } = corvettePlaysModule;
const { commandCorvetteAnswer, legalOrFirst } = commandCorvettePlayModule;
const { beginDecision } = pilotModule;

export * from './pilot.js';
export * from './hull-geometry.js';
export * from './momentum-mat.js';
export * from './predicted-movement.js';
export * from './weapon-values.js';
export * from './engine-plan.js';
export { shareStyleWork } from './memo-tables.js';
export * from './cards.js';
export * from './targeting.js';
export * from './damage-control.js';
export * from './corvette-plays.js';
export * from './command-corvette-play.js';

/** Answers shared by every style; the style handles D_COMMIT, D_VENT, D_DEFENCE and D_P2E_DIR. */
export function kitChoose(k: Pilot<any>, ctx: DecisionContext): number {
  switch (ctx.decision) {
    case D_SHIELD:
      return chooseShield(k, ctx);
    case D_REPAIR:
      return chooseRepair(k, ctx);
    case D_FIRE_DIR:
      return chooseFireDir(k, ctx);
    case D_TARGET:
      return chooseTarget(k, ctx);
    case D_BOOST:
      return k.settings.payAccuracy ? 1 : 0;
    case D_CORV_OPTION:
      return chooseCorvetteOption(k, ctx);
    case D_LAUNCH:
      return chooseLaunch(k, ctx);
    case D_ACTIVATE:
      return chooseActivation(k, ctx);
    case D_PD_WINDOW:
      return choosePdWindow(k, ctx);
    case D_REPAIR_CORV:
      return chooseRepairCorvette(k, ctx);
  }
  return ctx.legal[0];
}

/**
 * A style's answer while its seat flies a Command Corvette (rulebook 8): the shared flight
 * plan for the commitment, the moves and the warp; the kit's answer, when legal, for the
 * rest (its regular corvettes, the Command Corvette's weapons). Styles call it before
 * beginDecision, whose plans are for a capital ship.
 */
export function answerInFlight(k: Pilot<any>, ctx: DecisionContext): number {
  const a = commandCorvetteAnswer(ctx);
  if (a >= 0) return a;
  beginDecision(k, ctx);
  return legalOrFirst(ctx, kitChoose(k, ctx));
}

/** Power to Engines played through Vent Coolant: its direction now. */
export function chooseP2EDirection(k: Pilot<any>): number {
  const V = k.view;
  const m = k.p2eStartMat;
  matLoad(V, k.me, m);
  const q = V.shipQ[k.me];
  const r = V.shipR[k.me];
  const f = V.facing[k.me];
  planPowerToEngines(k, q, r, f, m, planScore(k, q, r, f, m));
  return k.p2eDir;
}
