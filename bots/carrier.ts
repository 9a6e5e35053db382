/**
 * `carrier`: a scripted style that fights through its corvettes. It plays Corvettes! every
 * round it can: launching while any are aboard, then spending the activations to fly the
 * corvettes at the enemy and fire, and repairing the ones it loses. The capital ship hangs
 * back at a stand-off distance, out of the enemy's forward arc, and adds shields, point
 * defence and whatever gun happens to bear with its other command.
 *
 * Why: the balance lab compares styles, not just cards; this one stresses hangars and
 * corvette cards (10.1.3, 11), which the gun styles barely touch. The commitment is built
 * straight from the view (a two-round search over the ten engine settings on a copy of the
 * momentum mat), and nothing is allocated per decision.
 *
 * Like the other styles (bots/gunner.ts, brawler.ts, turtle.ts) it predicts its
 * own movement from its momentum tokens two rounds ahead and does not pick a thrust that
 * puts a hull hex off the board this round or the next while a safe one exists (an edge hit
 * outweighs everything else it scores; the pilot kit (src/scripted/pilot-kit.ts), shared by the
 * four files). It draws no random numbers: the same view always gets the same answer.
 *
 * Parameters (all optional; a bad value throws naming the parameter):
 * - `standoff` (integer 2..12, default 6): the distance, centre to centre, its capital ship keeps.
 * - `maxSpeed` (integer 1..4, default 2): linear momentum tokens it is willing to carry.
 * - `edgeMargin` (integer 0..4, default 2): clearance, in hexes, it keeps from the board edge.
 * - `repair` (boolean, default true): spend Corvettes! on repairing lost corvettes.
 * - `arcAvoidance` (number 0..5, default 1.5): how hard it keeps out of the enemy's forward arc.
 * - `payAccuracy` (boolean, default true): pay for accuracy a shot lacks (9.2), cooldown or activations.
 */
import type { PolicyFactory, DecisionContext } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
import * as botParamsModule from '../src/bot-params.js';
import {
  myFaction, enHull, E1N, E2N, PLAN_E, PLAN_Q, PLAN_R, PLAN_F, P2E_DIR, type KitSettings,
} from '../src/scripted/pilot-kit.js';
import * as pilotKitModule from '../src/scripted/pilot-kit.js';
import * as draftPrefsModule from '../src/scripted/draft-prefs.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (README, "Benchmark").
const {
  D_COMMIT, D_VENT, D_DEFENCE, D_P2E_DIR, D_CORV_OPTION, CORV_ACTIVATE, CORV_LAUNCH, VENT_NONE,
  hex, CORV_ABOARD, CORV_BOARD, CORV_DESTROYED, Cmd,
} = botApiModule;
const { checkParamNames, intParam, numberParam, boolParam } = botParamsModule;
const {
  E1Q, E1R, E1F, E2Q, E2R, E2F, FC, CARD_VALUE, mainWeapon, mainValuePly, PLAN_M, baseEval,
  planEngine, NUM, P2E_GAIN, PLAN_SCORE, planPowerToEngines, inHand, trackPos, commitBest,
  armourMissing, shieldRoom, pdRange, threatsNear, corvettesIn, chooseCorvetteOption,
  chooseDefence, kitChoose, chooseP2EDirection, beginDecision, mainShare, broadsideShare,
} = pilotKitModule;

// ===================================================================== parameters

const BOT = 'carrier';
const PARAM_NAMES = ['standoff', 'maxSpeed', 'edgeMargin', 'repair', 'arcAvoidance', 'payAccuracy'];

interface Params {
  standoff: number;
  maxSpeed: number;
  edgeMargin: number;
  repair: boolean;
  arcAvoidance: number;
  payAccuracy: boolean;
}

function readParams(params: Record<string, unknown>): Params {
  checkParamNames(BOT, params, PARAM_NAMES);
  return {
    standoff: intParam(BOT, params, 'standoff', 6, 2, 12),
    maxSpeed: intParam(BOT, params, 'maxSpeed', 2, 1, 4),
    edgeMargin: intParam(BOT, params, 'edgeMargin', 2, 0, 4),
    repair: boolParam(BOT, params, 'repair', true),
    arcAvoidance: numberParam(BOT, params, 'arcAvoidance', 1.5, 0, 5),
    payAccuracy: boolParam(BOT, params, 'payAccuracy', true),
  };
}



// ===================================================================== the carrier

/** This policy's params, while it decides. */
let C: Params = readParams({});

/** Is hex (q, r) inside the enemy's forward arc (from its main mount, facing ef) within `reach`? */
function inEnemyArc(q: number, r: number, eq: number, er: number, ef: number, reach: number): boolean {
  if (!enHull) return false;
  const m = enHull.mounts.main[0];
  const o = ef * enHull.hexCount;
  const mq = m ? eq + enHull.rotQ[o + m.hex] : eq;
  const mr = m ? er + enHull.rotR[o + m.hex] : er;
  const d = hex.distance(mq, mr, q, r);
  if (d === 0 || d > reach) return false;
  hex.frontCoordinates(q - mq, r - mr, ef, FC);
  return FC[0] >= 0 && FC[1] >= 0;
}

/** A pose is good at the stand-off distance, outside the enemy's forward arc, with a gun bearing as a bonus. */
function styleEval(q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const eq = ply === 1 ? E1Q[E1N] : E2Q[E2N];
  const er = ply === 1 ? E1R[E1N] : E2R[E2N];
  const ef = ply === 1 ? E1F[E1N] : E2F[E2N];
  let v = baseEval(q, r, f, m, ply, eq, er, ef);
  if (!enHull) return v;
  if (inEnemyArc(q, r, eq, er, ef, 9)) v -= C.arcAvoidance;
  v += 0.8 * mainValuePly(q, r, f, m, ply) / Math.max(1, mainWeapon().damage);
  return v;
}

/** The carrier keeps its hull out of the fight: a collision is to be avoided. */
function styleCollision(_ply: number): number {
  return -30;
}

/** Card order within the round: point defence or shields first, then the corvettes, then the guns. */
function carrierSlot(c: number): number {
  switch (c) {
    case Cmd.DefenceStations:
      return 0;
    case Cmd.Corvettes:
      return 1;
    case Cmd.VentCoolant:
      return 2;
    case Cmd.FireMain:
      return 3;
    case Cmd.PortBroadside:
    case Cmd.StarboardBroadside:
      return 4;
    case Cmd.SpecialAbility:
      return 5;
    default:
      return 6;
  }
}

function commit(): number {
  planEngine();
  const q = PLAN_Q;
  const r = PLAN_R;
  const f = PLAN_F;
  const main = mainShare(q, r, f, PLAN_M);
  const port = broadsideShare(Cmd.PortBroadside, q, r, f, PLAN_M);
  const star = broadsideShare(Cmd.StarboardBroadside, q, r, f, PLAN_M);
  const room = shieldRoom();
  const missing = armourMissing();
  const special = myFaction.special;
  const corvUseful = corvettesIn(CORV_ABOARD) > 0 || corvettesIn(CORV_BOARD) > 0 || (C.repair && corvettesIn(CORV_DESTROYED) > 0);
  CARD_VALUE[Cmd.Corvettes] = corvUseful ? 20 : -1;
  CARD_VALUE[Cmd.DefenceStations] = threatsNear(pdRange() + 1) > 0 ? 4.5 : room > 0 ? 3 : 0.2;
  CARD_VALUE[Cmd.FireMain] = main >= 0.6 ? 5 + 2 * main : -1;
  CARD_VALUE[Cmd.PortBroadside] = port >= 0.9 ? 4 + 2 * port : -1;
  CARD_VALUE[Cmd.StarboardBroadside] = star >= 0.9 ? 4 + 2 * star : -1;
  // Special abilities by kind (SpecialKind in rules/tables.ts): 0 shield surge, 1 emergency repair, 2 coolant flush.
  CARD_VALUE[Cmd.SpecialAbility] = special.kind === 1 ? (missing >= 2 ? 3 + missing : -0.5) : special.kind === 2 ? (trackPos(Cmd.Corvettes) > 0 || trackPos(Cmd.DefenceStations) > 0 ? 3 : -0.5) : room > 0 ? 3 : -0.5;
  CARD_VALUE[Cmd.VentCoolant] = trackPos(Cmd.Corvettes) > 0 ? 6 : trackPos(Cmd.DefenceStations) > 0 ? 1 : 0;
  NUM[P2E_GAIN] = 0;
  if (inHand(Cmd.PowerToEngines)) planPowerToEngines(q, r, f, PLAN_M, NUM[PLAN_SCORE]);
  CARD_VALUE[Cmd.PowerToEngines] = NUM[P2E_GAIN] > 2 ? 1 + NUM[P2E_GAIN] : -2;
  return commitBest(carrierSlot, PLAN_E, P2E_DIR);
}

/** Vent Coolant (10.1.5): bring Corvettes! back first (replaying it from Ready), then Defence Stations. */
function vent(ctx: DecisionContext): number {
  let best = VENT_NONE;
  let bestV = 0;
  for (let i = 0; i < ctx.count; i++) {
    const c = ctx.legal[i];
    if (c === VENT_NONE) continue;
    const pos = trackPos(c);
    let v: number;
    if (pos === 0) v = c === Cmd.Corvettes ? 6 : c === Cmd.DefenceStations && shieldRoom() > 0 ? 2 : -1;
    else v = c === Cmd.Corvettes ? 5 : c === Cmd.DefenceStations ? 2 : 0.5 + 0.1 * pos;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** Corvettes! (10.1.3): launch while any are aboard, fly them when several are out, else repair (when allowed). */
function corvetteOption(ctx: DecisionContext): number {
  if (C.repair) return chooseCorvetteOption(ctx);
  for (let i = 0; i < ctx.count; i++) if (ctx.legal[i] === CORV_LAUNCH) return CORV_LAUNCH;
  for (let i = 0; i < ctx.count; i++) if (ctx.legal[i] === CORV_ACTIVATE) return CORV_ACTIVATE;
  return ctx.legal[0];
}

/** The loadout draft by this style's card preference (src/scripted/draft-prefs.ts). */
const drafter = draftPrefsModule.preferenceDrafter(draftPrefsModule.CARRIER_DRAFT);

const factory: PolicyFactory = (params, rng) => {
  const cfg = readParams(params);
  const kit: KitSettings = { range: cfg.standoff, rangeWeight: 0.6, maxSpeed: cfg.maxSpeed, edgeMargin: cfg.edgeMargin, threat: 1, payAccuracy: cfg.payAccuracy, pdEager: false };
  return {
    name: BOT,
    draft: (ctx) => drafter(ctx, rng),
    choose(ctx) {
      C = cfg;
      beginDecision(ctx, styleEval, styleCollision, kit);
      switch (ctx.decision) {
        case D_COMMIT:
          return commit();
        case D_VENT:
          return vent(ctx);
        case D_DEFENCE:
          return chooseDefence(ctx, false);
        case D_P2E_DIR:
          return chooseP2EDirection();
        case D_CORV_OPTION:
          return corvetteOption(ctx);
      }
      return kitChoose(ctx);
    },
  };
};
export default factory;
