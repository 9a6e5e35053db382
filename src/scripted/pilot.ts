/**
 * The pilot: the context object a scripted style (bots/gunner.ts, brawler.ts, carrier.ts,
 * turtle.ts) owns, one per policy instance. It holds the style's knobs and hooks, the
 * situation read from the view at each decision (`beginDecision`), and every scratch table
 * the kit's functions fill; those functions take it as their first argument.
 *
 * Why one object, allocated once: the styles run millions of decisions, so nothing may be
 * allocated per decision; and because each policy owns its pilot, two styles in one
 * process (or two seats of one style) never see each other's situation. Only the
 * style-free work kept for the styles asked in turn on one state is shared, on purpose
 * (memo-tables.ts).
 */
import type { DecisionContext, GameState } from '../bot-vocabulary.js';
import * as botApiModule from '../bot-vocabulary.js';
import { EdgeGrid } from './board-edge.js';
import { SharedStyleWork, PoseMemo } from './memo-tables.js';
import * as memoTablesModule from './memo-tables.js';
import * as momentumMatModule from './momentum-mat.js';
import * as movementModule from './predicted-movement.js';
import * as hexModule from '../hex/hex.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  D_DEFENCE, D_SHIELD, D_REPAIR, D_LAUNCH, D_ACTIVATE, ENGINE_NONE, G_TOK_TOP, MAX_TOKENS, MAX_SECTIONS,
  SMALL_PROJECTILE, SMALL_TORPEDO, CORVETTES, CARDS,
} = botApiModule;
const { distance } = hexModule;
const { M_SIZE, matLoad } = momentumMatModule;
const { drift } = movementModule;
const { sharedWork, startObservation } = memoTablesModule;

export type Kernel = DecisionContext['kernel'];
export type Faction = ReturnType<Kernel['faction']>;
export type Hull = Faction['hull'];
export type Weapon = Faction['mainWeapons'][number];
export type Mount = Hull['mounts']['main'][number];

/** Knobs every style sets, once, from its params. */
export interface KitSettings {
  /** Distance, centre to centre, the style keeps from the enemy. */
  range: number;
  /** Weight of a hex off that distance. */
  rangeWeight: number;
  /** Linear momentum tokens it is willing to carry. */
  maxSpeed: number;
  /** Clearance it keeps between hull and board edge. */
  edgeMargin: number;
  /** Weight of the enemy main weapon's line on our hull. */
  threat: number;
  /** Pay for accuracy a shot lacks (9.2). */
  payAccuracy: boolean;
  /** Point defence fires at any target at a firing window, not only a close threat. */
  pdEager: boolean;
}

/** A style's value of a predicted pose (ply 1: after this round, 2: after the next). */
export type PoseEvaluator<P> = (k: Pilot<P>, q: number, r: number, f: number, m: Int8Array, ply: number) => number;
/** A style's value of a ship collision at a ply (negative: to be avoided). */
export type CollisionValue<P> = (k: Pilot<P>, ply: number) => number;

/** A predicted path: index 0 = the start pose, s = the pose after movement step s. */
export class PosePath {
  readonly q = new Int16Array(8);
  readonly r = new Int16Array(8);
  readonly f = new Int8Array(8);
  steps = 0;
  endQ(): number {
    return this.q[this.steps];
  }
  endR(): number {
    return this.r[this.steps];
  }
  endF(): number {
    return this.f[this.steps];
  }
}

/** Small tokens on the board: where each stands, and its weapon's damage. */
export class TokenSpots {
  readonly q = new Int16Array(MAX_TOKENS);
  readonly r = new Int16Array(MAX_TOKENS);
  readonly damage = new Int8Array(MAX_TOKENS);
  count = 0;
}

/** Cannon shells on the board: where they stand, which way they fly, how fast, their damage (9.3). */
export class Shells {
  readonly q = new Int16Array(MAX_TOKENS);
  readonly r = new Int16Array(MAX_TOKENS);
  readonly dir = new Int8Array(MAX_TOKENS);
  readonly speed = new Int8Array(MAX_TOKENS);
  readonly damage = new Int8Array(MAX_TOKENS);
  count = 0;
}

/** Where a simulated move of our hull ended and what it met (predicted-movement.ts simMove). */
export class MoveResult {
  q = 0;
  r = 0;
  f = 0;
  hitEdge = false;
  hitShip = false;
  /** Damage of the weapon tokens the hull ran over on the way. */
  overrun = 0;
}

export class Pilot<P = unknown> {
  // ---- the style: set once
  readonly settings: KitSettings;
  /** The style's own params, for its hooks and card values. */
  readonly params: P;
  readonly evaluate: PoseEvaluator<P>;
  readonly collision: CollisionValue<P>;
  /** Style-free work shared with the styles asked next on the same state. */
  readonly shared: SharedStyleWork = sharedWork;

  // ---- the situation at the current decision (filled by observe)
  kernel!: Kernel;
  view!: GameState;
  me = 0;
  /** The nearest live enemy ship (never an ally), or -1. */
  enemy = -1;
  myFaction!: Faction;
  myHull!: Hull;
  enemyFaction: Faction | null = null;
  enemyHull: Hull | null = null;
  /** How far each hull reaches from its centre hex: cheap early-outs for the geometry. */
  myReach = 0;
  enemyReach = 0;
  /** The enemy drifting (no thrust) this round, then the next; us drifting this round. */
  readonly enemyThisRound = new PosePath();
  readonly enemyNextRound = new PosePath();
  readonly myDrift = new PosePath();
  /** Weapon tokens a hull would run over (12, small tokens). */
  readonly tokens = new TokenSpots();
  /** Enemy torpedoes: what sectionExposure fears. */
  readonly enemyTorpedoes = new TokenSpots();
  readonly shells = new Shells();
  readonly edge = new EdgeGrid();
  /** Our mat as it stands at the decision. */
  readonly matNow = new Int8Array(M_SIZE);

  // ---- the engine plan (engine-plan.ts)
  /** The planned engine setting, the pose it leads to and the mat it leaves. */
  planEngineSetting = ENGINE_NONE;
  planQ = 0;
  planR = 0;
  planF = 0;
  readonly planMat = new Int8Array(M_SIZE);
  /** planScore of the planned pose and mat: Power to Engines' base. */
  planValue = 0;
  /** The best Power to Engines direction, and what it gains over not moving (10.1.6). */
  p2eDir = 0;
  p2eGain = 0;
  readonly poseMemo = new PoseMemo();

  // ---- scratch, refilled where used
  readonly planStartMat = new Int8Array(M_SIZE);
  readonly p2eStartMat = new Int8Array(M_SIZE);
  readonly secondRoundMat = new Int8Array(M_SIZE);
  readonly p2eMat = new Int8Array(M_SIZE);
  readonly brakeMat = new Int8Array(M_SIZE);
  readonly brakeTrialMat = new Int8Array(M_SIZE);
  /** Mats already tried at each search level (an ignored thrust leaves the mat another setting does). */
  readonly seenRound1 = new Int8Array(10 * M_SIZE);
  readonly seenRound2 = new Int8Array(10 * M_SIZE);
  readonly moved = new MoveResult();
  /** Tokens already run over by the move being simulated. */
  readonly overrunMarks = new Int8Array(MAX_TOKENS);
  /** Each card's value this round (commitBest picks the two best in hand). */
  readonly cardValue = new Float64Array(CARDS);
  readonly frontCoords = new Int32Array(2);
  readonly launchSpot = new Int32Array(3);
  readonly decoded = new Int32Array(4);
  readonly targets = new Int32Array(MAX_TOKENS + 64);
  readonly corvetteValueNow = new Int32Array(CORVETTES);
  readonly shieldRoomBySection = new Int32Array(MAX_SECTIONS);
  readonly shieldsToPlace = new Int32Array(MAX_SECTIONS);
  readonly exposureBySection = new Float64Array(MAX_SECTIONS);

  constructor(settings: KitSettings, params: P, evaluate: PoseEvaluator<P>, collision: CollisionValue<P>) {
    this.settings = settings;
    this.params = params;
    this.evaluate = evaluate;
    this.collision = collision;
  }
}

/**
 * Open a decision: read the situation from the view, as far as the decision reads it:
 * Defence Stations (chooseDefence, every style) reads no prediction, a shield placement or
 * armour repair only the enemy's drift this round and its torpedoes, a corvette launch or
 * activation the drifts alone; every other decision gets all of it (a search asks the base
 * style these most often).
 */
export function beginDecision(k: Pilot<any>, ctx: DecisionContext): void {
  k.poseMemo.newDecision();
  const K = ctx.kernel;
  const V = ctx.view;
  k.kernel = K;
  k.view = V;
  if (k.edge.board !== K.t.board) k.edge.build(K);
  const me = ctx.player;
  k.me = me;
  k.myFaction = K.faction(V, me);
  k.myHull = k.myFaction.hull;
  k.myReach = K.move.radiusOf(V, me);
  let en = -1;
  let best = 1 << 30;
  const team = V.team;
  for (let o = 0; o < V.players; o++) {
    // Allies are never the enemy (rulebook 3: 4 players play as two teams).
    if (team[o] === team[me] || !V.alive[o]) continue;
    const d = distance(V.shipQ[me], V.shipR[me], V.shipQ[o], V.shipR[o]);
    if (d < best) {
      best = d;
      en = o;
    }
  }
  k.enemy = en;
  if (en >= 0) {
    k.enemyFaction = K.faction(V, en);
    k.enemyHull = k.enemyFaction.hull;
    k.enemyReach = K.move.radiusOf(V, en);
  } else {
    k.enemyFaction = null;
    k.enemyHull = null;
  }
  const d = ctx.decision;
  if (d === D_DEFENCE) return;
  const enHull = k.enemyHull;
  const e1 = k.enemyThisRound;
  if (enHull) e1.steps = drift(k, en, enHull, V.shipQ[en], V.shipR[en], V.facing[en], e1);
  if (d === D_SHIELD || d === D_REPAIR) {
    observeTorpedoes(k);
    return;
  }
  if (enHull) k.enemyNextRound.steps = drift(k, en, enHull, e1.endQ(), e1.endR(), e1.endF(), k.enemyNextRound);
  k.myDrift.steps = drift(k, me, k.myHull, V.shipQ[me], V.shipR[me], V.facing[me], k.myDrift);
  // Corvette launches and activations (chooseLaunch, chooseActivation) read the drifts only.
  if (d === D_LAUNCH || d === D_ACTIVATE) return;
  matLoad(V, me, k.matNow);
  startObservation(k.shared, V, me, K);
  const tokens = k.tokens;
  const shells = k.shells;
  const torpedoes = k.enemyTorpedoes;
  tokens.count = 0;
  shells.count = 0;
  torpedoes.count = 0;
  const kinds = V.tokKind;
  // Every token slot at or above the high-water mark G_TOK_TOP is empty.
  for (let i = 0, top = V.g[G_TOK_TOP]; i < top; i++) {
    const kind = kinds[i];
    if (kind !== SMALL_PROJECTILE && kind !== SMALL_TORPEDO) continue;
    if (kind === SMALL_TORPEDO && V.tokOwner[i] !== me) {
      torpedoes.q[torpedoes.count] = V.tokQ[i];
      torpedoes.r[torpedoes.count] = V.tokR[i];
      torpedoes.count++;
    }
    const w = K.weaponOf(V, V.tokOwner[i], kind, V.tokRef[i]);
    if (!w) continue;
    const n = tokens.count;
    tokens.q[n] = V.tokQ[i];
    tokens.r[n] = V.tokR[i];
    tokens.damage[n] = w.damage;
    tokens.count = n + 1;
    if (kind !== SMALL_PROJECTILE) continue;
    const s = shells.count;
    shells.q[s] = V.tokQ[i];
    shells.r[s] = V.tokR[i];
    shells.dir[s] = V.tokFacing[i];
    shells.speed[s] = w.speed;
    shells.damage[s] = w.damage;
    shells.count = s + 1;
  }
}

/** beginDecision's enemy torpedoes alone. */
function observeTorpedoes(k: Pilot<any>): void {
  const V = k.view;
  const me = k.me;
  const torpedoes = k.enemyTorpedoes;
  torpedoes.count = 0;
  const kinds = V.tokKind;
  for (let i = 0, top = V.g[G_TOK_TOP]; i < top; i++) {
    if (kinds[i] !== SMALL_TORPEDO || V.tokOwner[i] === me) continue;
    torpedoes.q[torpedoes.count] = V.tokQ[i];
    torpedoes.r[torpedoes.count] = V.tokR[i];
    torpedoes.count++;
  }
}
