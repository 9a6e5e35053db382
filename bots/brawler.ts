/**
 * `brawler`: a scripted close-quarters style. It closes in on the enemy and fights abeam:
 * it steers so the enemy sits off its port or starboard side and fires that broadside
 * (Vent Coolant brings a broadside back early), fires Power to Engines toward the enemy to
 * close the last hexes or to ram, and raises shields on the sections facing the enemy once
 * it is near. It rams when it is the sturdier ship. The main weapon fires only when the
 * enemy happens to be on its line.
 *
 * Why: the balance lab compares styles, not just cards; this one stresses broadsides,
 * collisions (rule 12) and shields, where the gunner stresses the main weapon. The
 * commitment is built straight from the view (a two-round search over the ten engine
 * settings on a copy of the momentum mat), and nothing is allocated per decision.
 *
 * Like the other styles (bots/gunner.ts, carrier.ts, turtle.ts) it predicts its own movement
 * from its momentum tokens two rounds ahead and does not pick a thrust that puts a hull hex
 * off the board this round or the next while a safe one exists (an edge hit outweighs
 * everything else it scores; the pilot kit (src/scripted/pilot-kit.ts), shared by the four
 * files; each policy owns its own Pilot, the kit's context). It draws no random numbers: the
 * same view always gets the same answer.
 *
 * Parameters (all optional): `closeRange`, `maxSpeed`, `edgeMargin`, `ram`, `shieldRange`,
 * `payAccuracy`. Each is declared once, with its type, range, default and doc, in PARAMS
 * below; a bad value throws naming the parameter, and docs/bots.md's table is rendered from
 * the declaration.
 */
import { Pilot, type KitSettings, type PolicyFactory, type DecisionContext } from '../src/bot-api.js';
import * as botApiModule from '../src/bot-api.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  D_COMMIT, D_VENT, D_DEFENCE, D_P2E_DIR, VENT_NONE, commitFirst, commitSecond, hex, MAX_SECTIONS,
  Cmd,
} = botApiModule;
const { declareParams, flyingCommandCorvette } = botApiModule;
const {
  broadsideWeapon, sideValueAt, baseEval, planEngine, planPowerToEngines, inHand, trackPos, commitBest,
  armourMissing, shieldRoom, pdRange, threatsNear, chooseDefence, kitChoose, chooseP2EDirection,
  beginDecision, answerInFlight, mainShare,
} = botApiModule.planner;

// ===================================================================== parameters

const BOT = 'brawler';

/** This style's params, declared once: the parsing, the errors and the docs table come from here. */
export const PARAMS = declareParams(BOT, [
  { name: 'closeRange', type: 'integer', default: 3, min: 1, max: 6, doc: 'the distance, centre to centre, it closes to.' },
  { name: 'maxSpeed', type: 'integer', default: 3, min: 1, max: 4, doc: 'linear momentum tokens it is willing to carry.' },
  { name: 'edgeMargin', type: 'integer', default: 1, min: 0, max: 4, doc: 'clearance, in hexes, it keeps from the board edge.' },
  { name: 'ram', type: 'boolean', default: true, doc: 'seek collisions with the enemy (rule 12) while it is the sturdier ship (structure, armour and shields); false: always steer clear.' },
  { name: 'shieldRange', type: 'integer', default: 6, min: 0, max: 16, doc: 'raise shields once the enemy is this close.' },
  { name: 'payAccuracy', type: 'boolean', default: true, doc: 'pay extra cooldown when a shot lacks accuracy (9.2).' },
]);
type Params = ReturnType<typeof PARAMS.read>;

// ===================================================================== the brawler

/** A broadside's value at a pose with mat m, as a share of the weapon's damage, against the enemy at its ply pose. */
function sideShare(k: Pilot<Params>, card: number, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const w = broadsideWeapon(k);
  const a = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const b = k.enemyNextRound;
  return sideValueAt(k, card, q, r, f, m, a.endQ(), a.endR(), a.endF(), b.endQ(), b.endR(), b.endF()) / Math.max(1, w.damage);
}

/** A pose is good close to the enemy with it abeam, on a loaded broadside's side. */
function styleEval(k: Pilot<Params>, q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const path = ply === 1 ? k.enemyThisRound : k.enemyNextRound;
  const eq = path.endQ();
  const er = path.endR();
  const ef = path.endF();
  let v = baseEval(k, q, r, f, m, ply, eq, er, ef);
  if (!k.enemyHull) return v;
  // A broadside ready by then counts in full, one still cooling for less.
  const portReady = inHand(k, Cmd.PortBroadside) || (ply === 2 && trackPos(k, Cmd.PortBroadside) === 0) ? 1 : 0.4;
  const starReady = inHand(k, Cmd.StarboardBroadside) || (ply === 2 && trackPos(k, Cmd.StarboardBroadside) === 0) ? 1 : 0.4;
  const port = portReady * sideShare(k, Cmd.PortBroadside, q, r, f, m, ply);
  const star = starReady * sideShare(k, Cmd.StarboardBroadside, q, r, f, m, ply);
  v += 2.5 * (port > star ? port : star);
  return v;
}

/** A ship's staying power in a collision: structure, half its armour, its shields. */
function sturdiness(k: Pilot<Params>, p: number): number {
  const V = k.view;
  const hull = k.kernel.faction(V, p).hull;
  let v = V.structure[p];
  for (let s = 0; s < hull.sectionCount; s++) v += 0.5 * V.armour[p * MAX_SECTIONS + s] + V.shields[p * MAX_SECTIONS + s];
  return v;
}

/**
 * A collision (12) hurts both ships alike where they overlap, so it is worth seeking only
 * by the sturdier ship: the bonus grows with our edge in structure, armour and shields, and
 * turns into a penalty when we are the flimsier one. Without `ram`, always avoided.
 */
function styleCollision(k: Pilot<Params>, ply: number): number {
  if (!k.params.ram || k.enemy < 0) return -30;
  const edge = sturdiness(k, k.me) - sturdiness(k, k.enemy);
  const v = (ply === 1 ? 1.5 : 1) * (1 + 0.4 * edge);
  return v > 6 ? 6 : v < -15 ? -15 : v;
}

/** Card order within the round: Vent and shields first, then Power to Engines to close in, then the guns. */
function brawlerSlot(c: number): number {
  switch (c) {
    case Cmd.VentCoolant:
      return 0;
    case Cmd.DefenceStations:
      return 1;
    case Cmd.PowerToEngines:
      return 2;
    case Cmd.PortBroadside:
    case Cmd.StarboardBroadside:
      return 3;
    case Cmd.FireMain:
      return 4;
    case Cmd.SpecialAbility:
      return 5;
    default:
      return 6;
  }
}

/** Card values for the round, the ship at (q, r, f) when the guns fire. */
function valueCards(k: Pilot<Params>, q: number, r: number, f: number, withP2E: boolean): void {
  const params = k.params;
  const cardValue = k.cardValue;
  const plan = k.planMat;
  const port = sideShare(k, Cmd.PortBroadside, q, r, f, plan, 1);
  const star = sideShare(k, Cmd.StarboardBroadside, q, r, f, plan, 1);
  const main = mainShare(k, q, r, f, plan);
  const dist = k.enemyHull ? hex.distance(q, r, k.enemyThisRound.endQ(), k.enemyThisRound.endR()) : 99;
  const room = shieldRoom(k);
  const missing = armourMissing(k);
  const special = k.myFaction.special;
  cardValue[Cmd.PortBroadside] = port >= 0.3 ? 8 + 3 * port : -1;
  cardValue[Cmd.StarboardBroadside] = star >= 0.3 ? 8 + 3 * star : -1;
  cardValue[Cmd.FireMain] = main >= 0.5 ? 4 + 2 * main : -1;
  cardValue[Cmd.DefenceStations] = threatsNear(k, pdRange(k) + 1) > 0 ? 6 : room > 0 && dist <= params.shieldRange ? 5 : -0.5;
  cardValue[Cmd.PowerToEngines] = withP2E ? 4 + k.p2eGain : -2;
  const sideCooling = trackPos(k, Cmd.PortBroadside) >= 0 || trackPos(k, Cmd.StarboardBroadside) >= 0;
  cardValue[Cmd.VentCoolant] = sideCooling ? 3 : trackPos(k, Cmd.PowerToEngines) > 0 ? 1 : 0;
  // Special abilities by kind (SpecialKind in rules/tables.ts): 0 shield surge, 1 emergency repair, 2 coolant flush.
  cardValue[Cmd.SpecialAbility] =
    special.kind === 1 ? (missing >= 2 ? 3 + missing : -0.5) : special.kind === 2 ? (sideCooling || trackPos(k, Cmd.PowerToEngines) > 0 ? 3.5 : -0.5) : room > 0 ? 4 : -0.5;
  cardValue[Cmd.Corvettes] = 0.3;
}

function commit(k: Pilot<Params>): number {
  planEngine(k);
  const q = k.planQ;
  const r = k.planR;
  const f = k.planF;
  k.p2eGain = 0;
  if (inHand(k, Cmd.PowerToEngines)) planPowerToEngines(k, q, r, f, k.planMat, k.planValue);
  const p2e = inHand(k, Cmd.PowerToEngines) && k.p2eGain > 0.5;
  const dir = k.p2eDir;
  // With Power to Engines the guns fire after its move (it comes first in the round).
  valueCards(k, p2e ? q + hex.DQ[dir] : q, p2e ? r + hex.DR[dir] : r, f, p2e);
  const a = commitBest(k, brawlerSlot, k.planEngineSetting, dir);
  if (!p2e || commitFirst(a) === Cmd.PowerToEngines || commitSecond(a) === Cmd.PowerToEngines) return a;
  // Power to Engines did not make the cut: value the guns where the ship really stands.
  valueCards(k, q, r, f, false);
  return commitBest(k, brawlerSlot, k.planEngineSetting, dir);
}

/** Vent Coolant (10.1.5): fire a Ready broadside that bears, else cool a broadside, else Power to Engines. */
function vent(k: Pilot<Params>, ctx: DecisionContext): number {
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
      if ((c === Cmd.PortBroadside || c === Cmd.StarboardBroadside) && k.enemyHull)
        v = sideValueAt(k, c, q, r, f, k.matNow, V.shipQ[en], V.shipR[en], V.facing[en], e1.endQ(), e1.endR(), e1.endF()) / Math.max(1, broadsideWeapon(k).damage) >= 0.5 ? 8 : -1;
      else if (c === Cmd.DefenceStations) v = shieldRoom(k) > 0 ? 2 : -1;
      else v = -1;
    } else v = c === Cmd.PortBroadside || c === Cmd.StarboardBroadside ? 4 : c === Cmd.PowerToEngines ? 3 : c === Cmd.DefenceStations ? 2 : 0.5 + 0.1 * pos;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** The loadout draft by this style's card preference (src/scripted/draft-prefs.ts). */
const drafter = botApiModule.draftPrefs.preferenceDrafter(botApiModule.draftPrefs.BRAWLER_DRAFT);

const factory: PolicyFactory = (params, rng) => {
  const cfg = PARAMS.read(params);
  const kit: KitSettings = { range: cfg.closeRange, rangeWeight: 0.8, maxSpeed: cfg.maxSpeed, edgeMargin: cfg.edgeMargin, threat: 0.3, payAccuracy: cfg.payAccuracy, pdEager: false };
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
