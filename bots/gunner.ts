/**
 * `gunner`: a scripted style built around the main weapon. It steers its momentum to keep
 * the enemy dead ahead at a chosen distance (turning with rotation thrusts, keeping its
 * speed low so it never outruns its own shells), fires the main weapon whenever the enemy
 * is on its line, pays for accuracy, and plays Vent Coolant to bring Fire Main back early.
 * Shields, point defence and an opportunistic broadside fill the other command slot.
 *
 * Why: the balance lab compares styles, not just cards: a designer asks how a change
 * treats a gunnery duel as against a brawl or a carrier game. The commitment is built
 * straight from the view (a two-round search over the ten engine settings on a copy of the
 * momentum mat), never from the list of legal commitments, and nothing is allocated per
 * decision.
 *
 * Like the other styles (bots/brawler.ts, carrier.ts, turtle.ts) it predicts its
 * own movement from its momentum tokens two rounds ahead and does not pick a thrust that
 * puts a hull hex off the board this round or the next while a safe one exists (an edge hit
 * outweighs everything else it scores; the pilot kit (src/scripted/pilot-kit.ts), shared by the
 * four files). It draws no random numbers: the same view always gets the same answer.
 *
 * Parameters (all optional; a bad value throws naming the parameter):
 * - `range` (integer 1..10, default 4): the distance, centre to centre, it keeps from the enemy.
 * - `maxSpeed` (integer 1..4, default 2): linear momentum tokens it is willing to carry.
 * - `edgeMargin` (integer 0..4, default 2): clearance, in hexes, it keeps between hull and board edge.
 * - `fireThreshold` (number 0..1, default 0.3): the expected share of the main weapon's damage
 *   that makes a shot worth its cooldown.
 * - `vent` (boolean, default true): spend Vent Coolant on Fire Main.
 * - `payAccuracy` (boolean, default true): pay extra cooldown when a shot lacks accuracy (9.2).
 */
import type { PolicyFactory, DecisionContext } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
import * as botParamsModule from '../src/bot-params.js';
import {
  V, ME, EN, myFaction, enHull, E1N, E2N, PLAN_E, PLAN_Q, PLAN_R, PLAN_F, P2E_DIR,
  type KitSettings,
} from '../src/scripted/pilot-kit.js';
import * as pilotKitModule from '../src/scripted/pilot-kit.js';
import * as draftPrefsModule from '../src/scripted/draft-prefs.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (README, "Benchmark").
const { D_COMMIT, D_VENT, D_DEFENCE, D_P2E_DIR, VENT_NONE, Cmd } = botApiModule;
const { checkParamNames, intParam, numberParam, boolParam } = botParamsModule;
const {
  E1Q, E1R, E1F, E2Q, E2R, E2F, CARD_VALUE, turnsToFace, mainWeapon, mainValueAt, mainValuePly, PLAN_M, NOW_M,
  baseEval, planEngine, NUM, P2E_GAIN, PLAN_SCORE, planPowerToEngines, inHand, trackPos, commitBest,
  armourMissing, shieldRoom, pdRange, threatsNear, chooseDefence, kitChoose, chooseP2EDirection,
  beginDecision, mainShare, broadsideShare,
} = pilotKitModule;

// ===================================================================== parameters

const BOT = 'gunner';
const PARAM_NAMES = ['range', 'maxSpeed', 'edgeMargin', 'fireThreshold', 'vent', 'payAccuracy'];

interface Params {
  range: number;
  maxSpeed: number;
  edgeMargin: number;
  fireThreshold: number;
  vent: boolean;
  payAccuracy: boolean;
}

function readParams(params: Record<string, unknown>): Params {
  checkParamNames(BOT, params, PARAM_NAMES);
  return {
    range: intParam(BOT, params, 'range', 4, 1, 10),
    maxSpeed: intParam(BOT, params, 'maxSpeed', 2, 1, 4),
    edgeMargin: intParam(BOT, params, 'edgeMargin', 2, 0, 4),
    fireThreshold: numberParam(BOT, params, 'fireThreshold', 0.3, 0, 1),
    vent: boolParam(BOT, params, 'vent', true),
    payAccuracy: boolParam(BOT, params, 'payAccuracy', true),
  };
}



// ===================================================================== the gunner

/** This policy's params, while it decides. */
let G: Params = readParams({});

/** A pose is good with the enemy dead ahead on the main line, at `range`, and bad with it off the bow. */
function styleEval(q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const eq = ply === 1 ? E1Q[E1N] : E2Q[E2N];
  const er = ply === 1 ? E1R[E1N] : E2R[E2N];
  const ef = ply === 1 ? E1F[E1N] : E2F[E2N];
  let v = baseEval(q, r, f, m, ply, eq, er, ef);
  if (!enHull) return v;
  const w = mainWeapon();
  const main = mainValuePly(q, r, f, m, ply) / Math.max(1, w.damage);
  v += 3 * main;
  v -= 0.8 * turnsToFace(q, r, f, eq, er);
  return v;
}

/** The gunner keeps its guns, not its hull, on the enemy: a collision is to be avoided. */
function styleCollision(_ply: number): number {
  return -30;
}

/** Card order within the round: Vent and shields first (so a vented Fire Main fires early), weapons next, Power to Engines after firing. */
function gunnerSlot(c: number): number {
  switch (c) {
    case Cmd.VentCoolant:
      return 0;
    case Cmd.DefenceStations:
      return 1;
    case Cmd.FireMain:
      return 2;
    case Cmd.PortBroadside:
    case Cmd.StarboardBroadside:
      return 3;
    case Cmd.SpecialAbility:
      return 4;
    case Cmd.Corvettes:
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
  const mainPos = trackPos(Cmd.FireMain);
  const special = myFaction.special;

  CARD_VALUE[Cmd.FireMain] = main >= G.fireThreshold ? 10 + 5 * main : -1;
  CARD_VALUE[Cmd.VentCoolant] = !G.vent ? -0.5 : mainPos === 0 ? (main >= G.fireThreshold ? 11 + 5 * main : 0.3) : mainPos > 0 ? 4 : 0.2;
  CARD_VALUE[Cmd.PortBroadside] = port >= 0.9 ? 5 + 2 * port : -1;
  CARD_VALUE[Cmd.StarboardBroadside] = star >= 0.9 ? 5 + 2 * star : -1;
  CARD_VALUE[Cmd.DefenceStations] = threatsNear(pdRange() + 2) > 0 ? 7 : room > 0 ? 3 + (missing > 0 ? 1 : 0) : 0.2;
  // Special abilities by kind (SpecialKind in rules/tables.ts): 0 shield surge, 1 emergency repair, 2 coolant flush.
  CARD_VALUE[Cmd.SpecialAbility] =
    special.kind === 1 ? (missing >= 2 ? 3 + missing : -0.5) : special.kind === 2 ? (mainPos >= 1 ? 6 : -0.5) : room > 0 ? 3 : -0.5;
  CARD_VALUE[Cmd.Corvettes] = 0.1;
  NUM[P2E_GAIN] = 0;
  if (inHand(Cmd.PowerToEngines)) planPowerToEngines(q, r, f, PLAN_M, NUM[PLAN_SCORE]);
  CARD_VALUE[Cmd.PowerToEngines] = NUM[P2E_GAIN] > 1.5 ? 2 + NUM[P2E_GAIN] : -2;
  return commitBest(gunnerSlot, PLAN_E, P2E_DIR);
}

/** Vent Coolant (10.1.5): fire a Ready Fire Main when the enemy is on the line, else cool Fire Main, else the card furthest back. */
function vent(ctx: DecisionContext): number {
  const q = V.shipQ[ME];
  const r = V.shipR[ME];
  const f = V.facing[ME];
  let best = VENT_NONE;
  let bestV = 0;
  for (let i = 0; i < ctx.count; i++) {
    const c = ctx.legal[i];
    if (c === VENT_NONE) continue;
    const pos = trackPos(c);
    let v: number;
    if (pos === 0) {
      // A card on Ready is played at once, with one more cooldown.
      if (c === Cmd.FireMain) v = enHull && mainValueAt(q, r, f, NOW_M, V.shipQ[EN], V.shipR[EN], V.facing[EN], E1Q[E1N], E1R[E1N], E1F[E1N]) / Math.max(1, mainWeapon().damage) >= G.fireThreshold ? 10 : -1;
      else if (c === Cmd.DefenceStations) v = shieldRoom() > 0 ? 2 : -1;
      else v = -1;
    } else v = c === Cmd.FireMain && G.vent ? 5 + pos : c === Cmd.DefenceStations ? 1 + 0.1 * pos : 0.5 + 0.1 * pos;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** The loadout draft by this style's card preference (src/scripted/draft-prefs.ts). */
const drafter = draftPrefsModule.preferenceDrafter(draftPrefsModule.GUNNER_DRAFT);

const factory: PolicyFactory = (params, rng) => {
  const cfg = readParams(params);
  const kit: KitSettings = { range: cfg.range, rangeWeight: 0.5, maxSpeed: cfg.maxSpeed, edgeMargin: cfg.edgeMargin, threat: 0.6, payAccuracy: cfg.payAccuracy, pdEager: false };
  return {
    name: BOT,
    draft: (ctx) => drafter(ctx, rng),
    choose(ctx) {
      G = cfg;
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
      }
      return kitChoose(ctx);
    },
  };
};
export default factory;
