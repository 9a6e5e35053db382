/**
 * `turtle`: a scripted defensive style. It plays Defence Stations whenever it holds the
 * card: shooting a torpedo or corvette already in reach of its point defence, holding the
 * card face up to shoot at the firing windows while enemy torpedoes or corvettes are on
 * their way, and otherwise raising shields on the sections that face the enemy (Vent
 * Coolant brings the card back early). It keeps its distance from the enemy and a wide
 * margin from the board edge, moves slowly, and fires its main weapon only when the enemy
 * drifts onto its line.
 *
 * Why: the balance lab compares styles, not just cards; this one stresses shields, point
 * defence and the cooldown track (10.1.4, 10.1.5), and shows how long a careful ship lasts.
 * The commitment is built straight from the view (a two-round search over the ten engine
 * settings on a copy of the momentum mat), and nothing is allocated per decision.
 *
 * Like the other styles (bots/gunner.ts, brawler.ts, carrier.ts) it predicts its own movement
 * from its momentum tokens two rounds ahead and does not pick a thrust that puts a hull hex
 * off the board this round or the next while a safe one exists (an edge hit outweighs
 * everything else it scores; the pilot kit (src/scripted/pilot-kit.ts), shared by the four
 * files; each policy owns its own Pilot, the kit's context). It draws no random numbers: the
 * same view always gets the same answer.
 *
 * Parameters (all optional): `standoff`, `maxSpeed`, `edgeMargin`, `fireThreshold`,
 * `holdFire`, `payAccuracy`. Each is declared once, with its type, range, default and doc, in
 * PARAMS below; a bad value throws naming the parameter, and docs/bots.md's table is rendered
 * from the declaration.
 */
import { Pilot, type KitSettings, type PolicyFactory, type DecisionContext } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { D_COMMIT, D_VENT, D_DEFENCE, D_P2E_DIR, VENT_NONE, Cmd } = botApiModule;
const { declareParams, flyingCommandCorvette } = botApiModule;
const {
  mainWeapon, mainValuePly, baseEval, planEngine, planPowerToEngines, inHand, trackPos, commitBest,
  armourMissing, shieldRoom, pdRange, threatsNear, pdTargetsNow, chooseDefence, kitChoose,
  chooseP2EDirection, beginDecision, answerInFlight, mainShare, broadsideShare,
} = botApiModule.planner;

// ===================================================================== parameters

const BOT = 'turtle';

/** This style's params, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(BOT, [
  { name: 'standoff', type: 'integer', default: 5, min: 2, max: 12, doc: 'the distance, centre to centre, it keeps from the enemy.' },
  { name: 'maxSpeed', type: 'integer', default: 1, min: 1, max: 4, doc: 'linear momentum tokens it is willing to carry.' },
  { name: 'edgeMargin', type: 'integer', default: 3, min: 0, max: 4, doc: 'clearance, in hexes, it keeps from the board edge.' },
  { name: 'fireThreshold', type: 'number', default: 0.9, min: 0, max: 1, doc: "the expected share of the main weapon's damage that makes an opportunistic shot worth its cooldown." },
  { name: 'holdFire', type: 'boolean', default: true, doc: 'hold Defence Stations for the firing windows while threats are on their way (false: raise shields instead).' },
  { name: 'payAccuracy', type: 'boolean', default: true, doc: 'pay extra cooldown when a shot lacks accuracy (9.2).' },
]);
type Params = ReturnType<typeof PARAMS.read>;

// ===================================================================== the turtle

/** A pose is good far from the enemy's guns and the board edge; a main weapon that bears is a bonus. */
function styleEval(k: Pilot<Params>, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const path = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const eq = path.endQ();
  const er = path.endR();
  const ef = path.endF();
  let v = baseEval(k, q, r, f, m, ply, eq, er, ef);
  if (!k.enemyHull) return v;
  v += mainValuePly(k, q, r, f, m, ply) / Math.max(1, mainWeapon(k).damage);
  return v;
}

/** The turtle never rams. */
function styleCollision(_k: Pilot<Params>, _ply: number): number {
  return -30;
}

/** Card order within the round: Defence Stations first (shields before the enemy fires, the longest firing window when held), then Vent. */
function turtleSlot(c: number): number {
  switch (c) {
    case Cmd.DefenceStations:
      return 0;
    case Cmd.VentCoolant:
      return 1;
    case Cmd.SpecialAbility:
      return 2;
    case Cmd.FireMain:
      return 3;
    case Cmd.PortBroadside:
    case Cmd.StarboardBroadside:
      return 4;
    default:
      return 5;
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
  const missing = armourMissing(k);
  const special = k.myFaction.special;
  const dsPos = trackPos(k, Cmd.DefenceStations);
  cardValue[Cmd.DefenceStations] = 20;
  // Vent either brings Defence Stations back, or (with several threats closing) replays it for a second shot.
  cardValue[Cmd.VentCoolant] = dsPos >= 0 ? 8 : threatsNear(k, pdRange(k) + 2) >= 2 ? 7 : 0.5;
  cardValue[Cmd.FireMain] = main >= k.params.fireThreshold ? 6 + 2 * main : -1;
  cardValue[Cmd.PortBroadside] = port >= 0.9 ? 3 + port : -1;
  cardValue[Cmd.StarboardBroadside] = star >= 0.9 ? 3 + star : -1;
  // Special abilities by kind (SpecialKind in rules/tables.ts): 0 shield surge, 1 emergency repair, 2 coolant flush.
  cardValue[Cmd.SpecialAbility] = special.kind === 1 ? (missing >= 1 ? 5 + missing : -0.5) : special.kind === 2 ? (dsPos > 0 || trackPos(k, Cmd.FireMain) > 0 ? 5 : -0.5) : shieldRoom(k) > 0 ? 7 : -0.5;
  cardValue[Cmd.Corvettes] = 0.2;
  k.p2eGain = 0;
  if (inHand(k, Cmd.PowerToEngines)) planPowerToEngines(k, q, r, f, plan, k.planValue);
  cardValue[Cmd.PowerToEngines] = k.p2eGain > 2 ? 1 + k.p2eGain : -2;
  return commitBest(k, turtleSlot, k.planEngineSetting, k.p2eDir);
}

/** Vent Coolant (10.1.5): Defence Stations back first (replayed from Ready for shields or a shot), then Fire Main. */
function vent(k: Pilot<Params>, ctx: DecisionContext): number {
  let best = VENT_NONE;
  let bestV = 0;
  for (let i = 0; i < ctx.count; i++) {
    const c = ctx.legal[i];
    if (c === VENT_NONE) continue;
    const pos = trackPos(k, c);
    let v: number;
    if (pos === 0) v = c === Cmd.DefenceStations && (shieldRoom(k) > 0 || pdTargetsNow(k) > 0) ? 9 : -1;
    else v = c === Cmd.DefenceStations ? 8 : c === Cmd.FireMain ? 2 : 0.5 + 0.1 * pos;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** The loadout draft by this style's card preference (src/scripted/draft-prefs.ts). */
const drafter = botApiModule.draftPrefs.preferenceDrafter(botApiModule.draftPrefs.TURTLE_DRAFT);

const factory: PolicyFactory = (params, rng) => {
  const cfg = PARAMS.read(params);
  const kit: KitSettings = { range: cfg.standoff, rangeWeight: 0.6, maxSpeed: cfg.maxSpeed, edgeMargin: cfg.edgeMargin, threat: 1.2, payAccuracy: cfg.payAccuracy, pdEager: true };
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
          return chooseDefence(pilot, ctx, cfg.holdFire);
        case D_P2E_DIR:
          return chooseP2EDirection(pilot);
      }
      return kitChoose(pilot, ctx);
    },
  };
};
export default factory;
