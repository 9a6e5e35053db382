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
 * Like the other styles (bots/brawler.ts, carrier.ts, turtle.ts) it predicts its own movement
 * from its momentum tokens two rounds ahead and does not pick a thrust that puts a hull hex
 * off the board this round or the next while a safe one exists (an edge hit outweighs
 * everything else it scores; the pilot kit (src/scripted/pilot-kit.ts), shared by the four
 * files; each policy owns its own Pilot, the kit's context). It draws no random numbers: the
 * same view always gets the same answer.
 *
 * Parameters (all optional): `range`, `maxSpeed`, `edgeMargin`, `fireThreshold`, `vent`,
 * `payAccuracy`, and the weights of its pose value (`rangeWeight`, `threat`, `mainWeight`,
 * `facingWeight`), which scripts/tune-style.ts tunes (bots/tuned.ts). Each is declared once, with its type, range, default and doc, in PARAMS
 * below; a bad value throws naming the parameter, and docs/bots.md's table is rendered from
 * the declaration.
 */
import { Pilot, type KitSettings, type PolicyFactory, type DecisionContext } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { D_COMMIT, D_VENT, D_DEFENCE, D_P2E_DIR, VENT_NONE, Cmd } = botApiModule;
const { declareParams, flyingCommandCorvette } = botApiModule;
const {
  turnsToFace, mainWeapon, mainValueAt, mainValuePly, baseEval, planEngine, planPowerToEngines,
  inHand, trackPos, commitBest, armourMissing, shieldRoom, pdRange, threatsNear, chooseDefence,
  kitChoose, chooseP2EDirection, beginDecision, answerInFlight, mainShare, broadsideShare,
} = botApiModule.planner;

// ===================================================================== parameters

const BOT = 'gunner';

/** This style's params, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(BOT, [
  { name: 'range', type: 'integer', default: 4, min: 1, max: 10, doc: 'the distance, centre to centre, it keeps from the enemy.' },
  { name: 'maxSpeed', type: 'integer', default: 2, min: 1, max: 4, doc: 'linear momentum tokens it is willing to carry.' },
  { name: 'edgeMargin', type: 'integer', default: 2, min: 0, max: 4, doc: 'clearance, in hexes, it keeps between hull and board edge.' },
  { name: 'fireThreshold', type: 'number', default: 0.3, min: 0, max: 1, doc: "the expected share of the main weapon's damage that makes a shot worth its cooldown." },
  { name: 'vent', type: 'boolean', default: true, doc: 'spend Vent Coolant on Fire Main.' },
  { name: 'payAccuracy', type: 'boolean', default: true, doc: 'pay extra cooldown when a shot lacks accuracy (9.2).' },
  { name: 'rangeWeight', type: 'number', default: 0.5, min: 0, max: 3, doc: 'what a hex off `range` costs a pose.' },
  { name: 'threat', type: 'number', default: 0.6, min: 0, max: 3, doc: "what the enemy main weapon's line on its hull costs a pose." },
  { name: 'mainWeight', type: 'number', default: 3, min: 0, max: 10, doc: "what its own main weapon's expected share of damage adds to a pose." },
  { name: 'facingWeight', type: 'number', default: 0.8, min: 0, max: 3, doc: 'what each turn needed to face the enemy costs a pose.' },
]);
type Params = ReturnType<typeof PARAMS.read>;

// ===================================================================== the gunner

/** A pose is good with the enemy dead ahead on the main line, at `range`, and bad with it off the bow. */
function styleEval(k: Pilot<Params>, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const path = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const eq = path.endQ();
  const er = path.endR();
  const ef = path.endF();
  let v = baseEval(k, q, r, f, m, ply, eq, er, ef);
  if (!k.enemyHull) return v;
  const w = mainWeapon(k);
  const main = mainValuePly(k, q, r, f, m, ply) / Math.max(1, w.damage);
  v += k.params.mainWeight * main;
  v -= k.params.facingWeight * turnsToFace(q, r, f, eq, er);
  return v;
}

/** The gunner keeps its guns, not its hull, on the enemy: a collision is to be avoided. */
function styleCollision(_k: Pilot<Params>, _ply: number): number {
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

function commit(k: Pilot<Params>): number {
  const params = k.params;
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
  const mainPos = trackPos(k, Cmd.FireMain);
  const special = k.myFaction.special;

  cardValue[Cmd.FireMain] = main >= params.fireThreshold ? 10 + 5 * main : -1;
  cardValue[Cmd.VentCoolant] = !params.vent ? -0.5 : mainPos === 0 ? (main >= params.fireThreshold ? 11 + 5 * main : 0.3) : mainPos > 0 ? 4 : 0.2;
  cardValue[Cmd.PortBroadside] = port >= 0.9 ? 5 + 2 * port : -1;
  cardValue[Cmd.StarboardBroadside] = star >= 0.9 ? 5 + 2 * star : -1;
  cardValue[Cmd.DefenceStations] = threatsNear(k, pdRange(k) + 2) > 0 ? 7 : room > 0 ? 3 + (missing > 0 ? 1 : 0) : 0.2;
  // Special abilities by kind (SpecialKind in rules/tables.ts): 0 shield surge, 1 emergency repair, 2 coolant flush.
  cardValue[Cmd.SpecialAbility] =
    special.kind === 1 ? (missing >= 2 ? 3 + missing : -0.5) : special.kind === 2 ? (mainPos >= 1 ? 6 : -0.5) : room > 0 ? 3 : -0.5;
  cardValue[Cmd.Corvettes] = 0.1;
  k.p2eGain = 0;
  if (inHand(k, Cmd.PowerToEngines)) planPowerToEngines(k, q, r, f, plan, k.planValue);
  cardValue[Cmd.PowerToEngines] = k.p2eGain > 1.5 ? 2 + k.p2eGain : -2;
  return commitBest(k, gunnerSlot, k.planEngineSetting, k.p2eDir);
}

/** Vent Coolant (10.1.5): fire a Ready Fire Main when the enemy is on the line, else cool Fire Main, else the card furthest back. */
function vent(k: Pilot<Params>, ctx: DecisionContext): number {
  const params = k.params;
  const V = k.view;
  const q = V.shipQ[k.me];
  const r = V.shipR[k.me];
  const f = V.facing[k.me];
  const en = k.enemy;
  const e1 = k.enemyThisRound;
  let best = VENT_NONE;
  let bestV = 0;
  for (let i = 0; i < ctx.count; i++) {
    const c = ctx.legal[i];
    if (c === VENT_NONE) continue;
    const pos = trackPos(k, c);
    let v: number;
    if (pos === 0) {
      // A card on Ready is played at once, with one more cooldown.
      if (c === Cmd.FireMain) v = k.enemyHull && mainValueAt(k, q, r, f, k.matNow, V.shipQ[en], V.shipR[en], V.facing[en], e1.endQ(), e1.endR(), e1.endF()) / Math.max(1, mainWeapon(k).damage) >= params.fireThreshold ? 10 : -1;
      else if (c === Cmd.DefenceStations) v = shieldRoom(k) > 0 ? 2 : -1;
      else v = -1;
    } else v = c === Cmd.FireMain && params.vent ? 5 + pos : c === Cmd.DefenceStations ? 1 + 0.1 * pos : 0.5 + 0.1 * pos;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** The loadout draft by this style's card preference (src/scripted/draft-prefs.ts). */
const drafter = botApiModule.draftPrefs.preferenceDrafter(botApiModule.draftPrefs.GUNNER_DRAFT);

const factory: PolicyFactory = (params, rng) => {
  const cfg = PARAMS.read(params);
  const kit: KitSettings = { range: cfg.range, rangeWeight: cfg.rangeWeight, maxSpeed: cfg.maxSpeed, edgeMargin: cfg.edgeMargin, threat: cfg.threat, payAccuracy: cfg.payAccuracy, pdEager: false };
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
      }
      return kitChoose(pilot, ctx);
    },
  };
};
export default factory;
