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
 * Like the other styles (bots/gunner.ts, brawler.ts, turtle.ts) it predicts its own movement
 * from its momentum tokens two rounds ahead and does not pick a thrust that puts a hull hex
 * off the board this round or the next while a safe one exists (an edge hit outweighs
 * everything else it scores; the pilot kit (src/scripted/pilot-kit.ts), shared by the four
 * files; each policy owns its own Pilot, the kit's context). It draws no random numbers: the
 * same view always gets the same answer.
 *
 * Parameters (all optional): `standoff`, `maxSpeed`, `edgeMargin`, `repair`, `arcAvoidance`,
 * `payAccuracy`. Each is declared once, with its type, range, default and doc, in PARAMS
 * below; a bad value throws naming the parameter, and docs/bots.md's table is rendered from
 * the declaration.
 */
import { Pilot, type KitSettings, type PolicyFactory, type DecisionContext } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  D_COMMIT, D_VENT, D_DEFENCE, D_P2E_DIR, D_CORV_OPTION, CORV_ACTIVATE, CORV_LAUNCH, VENT_NONE,
  hex, CORV_ABOARD, CORV_BOARD, CORV_DESTROYED, Cmd,
} = botApiModule;
const { declareParams, flyingCommandCorvette } = botApiModule;
const {
  mainWeapon, mainValuePly, baseEval, planEngine, planPowerToEngines, inHand, trackPos, commitBest,
  armourMissing, shieldRoom, pdRange, threatsNear, corvettesIn, chooseCorvetteOption,
  chooseDefence, kitChoose, chooseP2EDirection, beginDecision, answerInFlight, mainShare, broadsideShare,
} = botApiModule.planner;

// ===================================================================== parameters

const BOT = 'carrier';

/** This style's params, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(BOT, [
  { name: 'standoff', type: 'integer', default: 6, min: 2, max: 12, doc: 'the distance, centre to centre, its capital ship keeps.' },
  { name: 'maxSpeed', type: 'integer', default: 2, min: 1, max: 4, doc: 'linear momentum tokens it is willing to carry.' },
  { name: 'edgeMargin', type: 'integer', default: 2, min: 0, max: 4, doc: 'clearance, in hexes, it keeps from the board edge.' },
  { name: 'repair', type: 'boolean', default: true, doc: 'spend Corvettes! on repairing lost corvettes.' },
  { name: 'arcAvoidance', type: 'number', default: 1.5, min: 0, max: 5, doc: "how hard it keeps out of the enemy's forward arc." },
  { name: 'payAccuracy', type: 'boolean', default: true, doc: 'pay for accuracy a shot lacks (9.2), cooldown or activations.' },
]);
type Params = ReturnType<typeof PARAMS.read>;

// ===================================================================== the carrier

/** Is hex (q, r) inside the enemy's forward arc (from its main mount, facing ef) within `reach`? */
function inEnemyArc(k: Pilot<Params>, q: number, r: number, eq: number, er: number, ef: number, reach: number): boolean {
  const enHull = k.enemyHull;
  if (!enHull) return false;
  const m = enHull.mounts.main[0];
  const o = ef * enHull.hexCount;
  const mq = m ? eq + enHull.rotQ[o + m.hex] : eq;
  const mr = m ? er + enHull.rotR[o + m.hex] : er;
  const d = hex.distance(mq, mr, q, r);
  if (d === 0 || d > reach) return false;
  const fc = k.frontCoords;
  hex.frontCoordinates(q - mq, r - mr, ef, fc);
  return fc[0] >= 0 && fc[1] >= 0;
}

/** A pose is good at the stand-off distance, outside the enemy's forward arc, with a gun bearing as a bonus. */
function styleEval(k: Pilot<Params>, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const path = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const eq = path.endQ();
  const er = path.endR();
  const ef = path.endF();
  let v = baseEval(k, q, r, f, m, ply, eq, er, ef);
  if (!k.enemyHull) return v;
  if (inEnemyArc(k, q, r, eq, er, ef, 9)) v -= k.params.arcAvoidance;
  v += 0.8 * mainValuePly(k, q, r, f, m, ply) / Math.max(1, mainWeapon(k).damage);
  return v;
}

/** The carrier keeps its hull out of the fight: a collision is to be avoided. */
function styleCollision(_k: Pilot<Params>, _ply: number): number {
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

function commit(k: Pilot<Params>): number {
  const cardValue = k.cardValue;
  planEngine(k);
  const q = k.planQ;
  const r = k.planR;
  const f = k.planF;
  const plan = k.planMat;
  const main = mainShare(k, q, r, f, plan);
  const port = broadsideShare(k, Cmd.PortBroadside, q, r, f, plan);
  const star = broadsideShare(k, Cmd.StarboardBroadside, q, r, f, plan);
  const room = shieldRoom(k);
  const missing = armourMissing(k);
  const special = k.myFaction.special;
  const corvUseful = corvettesIn(k, CORV_ABOARD) > 0 || corvettesIn(k, CORV_BOARD) > 0 || (k.params.repair && corvettesIn(k, CORV_DESTROYED) > 0);
  cardValue[Cmd.Corvettes] = corvUseful ? 20 : -1;
  cardValue[Cmd.DefenceStations] = threatsNear(k, pdRange(k) + 1) > 0 ? 4.5 : room > 0 ? 3 : 0.2;
  cardValue[Cmd.FireMain] = main >= 0.6 ? 5 + 2 * main : -1;
  cardValue[Cmd.PortBroadside] = port >= 0.9 ? 4 + 2 * port : -1;
  cardValue[Cmd.StarboardBroadside] = star >= 0.9 ? 4 + 2 * star : -1;
  // Special abilities by kind (SpecialKind in rules/tables.ts): 0 shield surge, 1 emergency repair, 2 coolant flush.
  cardValue[Cmd.SpecialAbility] = special.kind === 1 ? (missing >= 2 ? 3 + missing : -0.5) : special.kind === 2 ? (trackPos(k, Cmd.Corvettes) > 0 || trackPos(k, Cmd.DefenceStations) > 0 ? 3 : -0.5) : room > 0 ? 3 : -0.5;
  cardValue[Cmd.VentCoolant] = trackPos(k, Cmd.Corvettes) > 0 ? 6 : trackPos(k, Cmd.DefenceStations) > 0 ? 1 : 0;
  k.p2eGain = 0;
  if (inHand(k, Cmd.PowerToEngines)) planPowerToEngines(k, q, r, f, plan, k.planValue);
  cardValue[Cmd.PowerToEngines] = k.p2eGain > 2 ? 1 + k.p2eGain : -2;
  return commitBest(k, carrierSlot, k.planEngineSetting, k.p2eDir);
}

/** Vent Coolant (10.1.5): bring Corvettes! back first (replaying it from Ready), then Defence Stations. */
function vent(k: Pilot<Params>, ctx: DecisionContext): number {
  let best = VENT_NONE;
  let bestV = 0;
  for (let i = 0; i < ctx.count; i++) {
    const c = ctx.legal[i];
    if (c === VENT_NONE) continue;
    const pos = trackPos(k, c);
    let v: number;
    if (pos === 0) v = c === Cmd.Corvettes ? 6 : c === Cmd.DefenceStations && shieldRoom(k) > 0 ? 2 : -1;
    else v = c === Cmd.Corvettes ? 5 : c === Cmd.DefenceStations ? 2 : 0.5 + 0.1 * pos;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** Corvettes! (10.1.3): launch while any are aboard, fly them when several are out, else repair (when allowed). */
function corvetteOption(k: Pilot<Params>, ctx: DecisionContext): number {
  if (k.params.repair) return chooseCorvetteOption(k, ctx);
  for (let i = 0; i < ctx.count; i++) if (ctx.legal[i] === CORV_LAUNCH) return CORV_LAUNCH;
  for (let i = 0; i < ctx.count; i++) if (ctx.legal[i] === CORV_ACTIVATE) return CORV_ACTIVATE;
  return ctx.legal[0];
}

/** The loadout draft by this style's card preference (src/scripted/draft-prefs.ts). */
const drafter = botApiModule.draftPrefs.preferenceDrafter(botApiModule.draftPrefs.CARRIER_DRAFT);

const factory: PolicyFactory = (params, rng) => {
  const cfg = PARAMS.read(params);
  const kit: KitSettings = { range: cfg.standoff, rangeWeight: 0.6, maxSpeed: cfg.maxSpeed, edgeMargin: cfg.edgeMargin, threat: 1, payAccuracy: cfg.payAccuracy, pdEager: false };
  const pilot = new Pilot(kit, cfg, styleEval, styleCollision);
  return {
    name: BOT,
    draft: (ctx) => drafter(ctx, rng),
    choose(ctx) {
      if (flyingCommandCorvette(ctx.view, ctx.player)) return answerInFlight(pilot, ctx);
      beginDecision(pilot, ctx);
      switch (ctx.decision) {
        case D_COMMIT:
          return commit(pilot);
        case D_VENT:
          return vent(pilot, ctx);
        case D_DEFENCE:
          return chooseDefence(pilot, ctx, false);
        case D_P2E_DIR:
          return chooseP2EDirection(pilot);
        case D_CORV_OPTION:
          return corvetteOption(pilot, ctx);
      }
      return kitChoose(pilot, ctx);
    },
  };
};
export default factory;
