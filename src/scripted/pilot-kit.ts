/**
 * The pilot kit: what the scripted styles (bots/gunner.ts, brawler.ts, carrier.ts,
 * turtle.ts) share. It reads the view, predicts movement on a copy of the momentum mat
 * (7.2, 7.2.2), values weapons against a ship's predicted pose, and answers the small
 * decisions. A style supplies how good a pose is and what a ship collision is worth through
 * `setStyle`, which it calls at the start of every decision (so styles can share a process).
 *
 * Why module-level scratch: the styles run millions of decisions; every table here is
 * allocated once and refilled by `observe` at each decision.
 */
import type { DecisionContext, GameState } from '../bot-api.js';
import * as botApiModule from '../bot-api.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (README, "Benchmark").
const {
  D_DEFENCE, D_SHIELD, D_REPAIR, D_FIRE_DIR, D_TARGET, D_BOOST, D_CORV_OPTION, D_LAUNCH, D_ACTIVATE,
  D_PD_WINDOW, D_REPAIR_CORV, CORV_ACTIVATE, CORV_LAUNCH, CORV_REPAIR, DEF_FIRE, DEF_HOLD,
  DEF_SHIELDS, CARD_NONE, encodeCommit, encodeShields, TGT_HULL, ACT_PASS, ACT_FIRE, decodeMove,
  decodeLaunch, hex, LIN_SLOTS, ROT_SLOTS, TOK_CW, TOK_CCW, ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW,
  ENGINE_NONE, LOC_HAND, LOC_TRACK, G_SUPPLY_LINEAR, G_SUPPLY_CW, G_SUPPLY_CCW, G_SUPPLY_SHIELDS,
  G_ACT_LEFT, G_FSRC, G_FMOUNT, G_TOK_TOP, MAX_TOKENS, MAX_SECTIONS, SMALL_PROJECTILE, SMALL_TORPEDO,
  SMALL_CORVETTE, CORVETTES, CORV_BOARD, CARDS, LO_MAIN, LO_BROADSIDE, LO_PD, LO_CORVETTES, Cmd,
  WeaponClass,
} = botApiModule;
// Hex helpers bound once too: `hex` is a module namespace, read through a getter per use.
const { DQ, DR, distance, frontCoordinates, opposite, turn, turnBetween } = hex;

/** The style's evaluation hooks (set by `setStyle`). */
const hooks = {
  evaluate: (_q: number, _r: number, _f: number, _m: Int8Array, _ply: number): number => 0,
  collision: (_ply: number): number => 0,
};

/** Install a style's evaluation of a predicted pose and of a ship collision. */
export function setStyle(evaluate: (q: number, r: number, f: number, m: Int8Array, ply: number) => number, collision: (ply: number) => number): void {
  hooks.evaluate = evaluate;
  hooks.collision = collision;
}


export type Kernel = DecisionContext['kernel'];
export type Faction = ReturnType<Kernel['faction']>;
export type Hull = Faction['hull'];
export type Weapon = Faction['mainWeapons'][number];
export type Mount = Hull['mounts']['main'][number];

/** Knobs every style sets (copied from the policy's params at each decision). */
export const KIT = { range: 4, rangeWeight: 0.5, maxSpeed: 2, edgeMargin: 2, threat: 0.5, payAccuracy: true, pdEager: false };
// Each exported constant has a private alias (NAME_) for the kit's own use: an exported
// binding is read through its module cell (a TDZ check, then a map check on the value) at
// every use, where V8 folds a private module constant into the code.
const KIT_ = KIT;
/** A style's knob settings: built once from its params, installed at each of its decisions. */
export type KitSettings = typeof KIT;

/** Search constants: the second round's weight, and what hitting the edge costs. */
export const GAMMA = 0.7;
export const UNSAFE = 1000;
export const UNRECOVERABLE = 60;
const GAMMA_ = GAMMA, UNSAFE_ = UNSAFE, UNRECOVERABLE_ = UNRECOVERABLE;

// ---- the situation at the current decision (filled by observe)
export let K!: Kernel;
export let V!: GameState;
export let ME = 0;
export let EN = -1;
export let myFaction!: Faction;
export let myHull!: Hull;
export let enFaction: Faction | null = null;
export let enHull: Hull | null = null;
/** How far each hull reaches from its centre hex (hexes): cheap early-outs for the geometry below. */
export let MY_REACH = 0;
export let EN_REACH = 0;
/** Predicted poses, index 0 = start, s = after movement step s: the enemy over the next two rounds (no thrust), and us drifting one round. */
export const E1Q = new Int16Array(8);
export const E1R = new Int16Array(8);
export const E1F = new Int8Array(8);
const E1Q_ = E1Q, E1R_ = E1R, E1F_ = E1F;
export let E1N = 0;
export const E2Q = new Int16Array(8);
export const E2R = new Int16Array(8);
export const E2F = new Int8Array(8);
const E2Q_ = E2Q, E2R_ = E2R, E2F_ = E2F;
export let E2N = 0;
export const D1Q = new Int16Array(8);
export const D1R = new Int16Array(8);
export const D1F = new Int8Array(8);
const D1Q_ = D1Q, D1R_ = D1R, D1F_ = D1F;
export let D1N = 0;
/** Weapon tokens on the board (where they stand, their damage): what a hull would run over (12, small tokens). */
export const TOKQ = new Int16Array(MAX_TOKENS);
export const TOKR = new Int16Array(MAX_TOKENS);
export const TOKD = new Int8Array(MAX_TOKENS);
const TOKQ_ = TOKQ, TOKR_ = TOKR, TOKD_ = TOKD;
export let NTOK = 0;
/** Enemy torpedoes on the board (where they stand): what sectionExposure fears. */
export const ETQ = new Int16Array(MAX_TOKENS);
export const ETR = new Int16Array(MAX_TOKENS);
const ETQ_ = ETQ, ETR_ = ETR;
export let NET = 0;
/**
 * Open a style's decision: its hooks and knob settings, then the situation from the view.
 * The kit's state is module-wide and shared by every style, so each decision installs its
 * own before anything reads it.
 */
export function beginDecision(ctx: DecisionContext, evaluate: (q: number, r: number, f: number, m: Int8Array, ply: number) => number, collision: (ply: number) => number, kit: KitSettings): void {
  setStyle(evaluate, collision);
  // Field by field: Object.assign is a generic builtin call.
  KIT_.range = kit.range;
  KIT_.rangeWeight = kit.rangeWeight;
  KIT_.maxSpeed = kit.maxSpeed;
  KIT_.edgeMargin = kit.edgeMargin;
  KIT_.threat = kit.threat;
  KIT_.payAccuracy = kit.payAccuracy;
  KIT_.pdEager = kit.pdEager;
  observe(ctx);
}

/** Cannon shells on the board: where they stand, which way they fly, how fast, their damage (9.3). */
export const SHQ = new Int16Array(MAX_TOKENS);
export const SHR = new Int16Array(MAX_TOKENS);
export const SHF = new Int8Array(MAX_TOKENS);
export const SHS = new Int8Array(MAX_TOKENS);
export const SHD = new Int8Array(MAX_TOKENS);
const SHQ_ = SHQ, SHR_ = SHR, SHF_ = SHF, SHS_ = SHS, SHD_ = SHD;
export let NSH = 0;

// ---- scratch
export const FC = new Int32Array(2);
export const XY = new Int32Array(3);
export const MV = new Int32Array(4);
export const LIST = new Int32Array(MAX_TOKENS + 64);
export const CORV_NOW = new Int32Array(CORVETTES);
export const CARD_VALUE = new Float64Array(CARDS);
const FC_ = FC, XY_ = XY, MV_ = MV, LIST_ = LIST, CORV_NOW_ = CORV_NOW, CARD_VALUE_ = CARD_VALUE;

/**
 * The situation at a decision, as far as the decision reads it: Defence Stations
 * (chooseDefence, every style) reads no prediction, a shield placement or armour repair
 * (chooseShield, chooseRepair) only the enemy's drift this round and its torpedoes, a
 * corvette launch or activation the drifts alone; every other decision gets all of it (a
 * search asks the base style these most often).
 */
export function observe(ctx: DecisionContext): void {
  memoNewDecision();
  K = ctx.kernel;
  V = ctx.view;
  if (edgeBoard !== K.t.board) buildEdgeGrid();
  ME = ctx.player;
  myFaction = K.faction(V, ME);
  myHull = myFaction.hull;
  MY_REACH = K.move.radiusOf(V, ME);
  EN = -1;
  let best = 1 << 30;
  for (let o = 0; o < V.players; o++) {
    if (o === ME || !V.alive[o]) continue;
    const d = distance(V.shipQ[ME], V.shipR[ME], V.shipQ[o], V.shipR[o]);
    if (d < best) {
      best = d;
      EN = o;
    }
  }
  if (EN >= 0) {
    enFaction = K.faction(V, EN);
    enHull = enFaction.hull;
    EN_REACH = K.move.radiusOf(V, EN);
  } else {
    enFaction = null;
    enHull = null;
  }
  const d = ctx.decision;
  if (d === D_DEFENCE) return;
  if (enHull) E1N = drift(EN, enHull, V.shipQ[EN], V.shipR[EN], V.facing[EN], E1Q_, E1R_, E1F_);
  if (d === D_SHIELD || d === D_REPAIR) {
    observeTorpedoes();
    return;
  }
  if (enHull) E2N = drift(EN, enHull, E1Q_[E1N], E1R_[E1N], E1F_[E1N], E2Q_, E2R_, E2F_);
  D1N = drift(ME, myHull, V.shipQ[ME], V.shipR[ME], V.facing[ME], D1Q_, D1R_, D1F_);
  // Corvette launches and activations (chooseLaunch, chooseActivation) read the drifts only.
  if (d === D_LAUNCH || d === D_ACTIVATE) return;
  matLoad(ME, NOW_M_);
  moveObserved();
  NTOK = 0;
  NSH = 0;
  NET = 0;
  const kinds = V.tokKind;
  // Every token slot at or above the high-water mark G_TOK_TOP is empty.
  for (let i = 0, top = V.g[G_TOK_TOP]; i < top; i++) {
    const kind = kinds[i];
    if (kind !== SMALL_PROJECTILE && kind !== SMALL_TORPEDO) continue;
    if (kind === SMALL_TORPEDO && V.tokOwner[i] !== ME) {
      ETQ_[NET] = V.tokQ[i];
      ETR_[NET] = V.tokR[i];
      NET++;
    }
    const w = K.weaponOf(V, V.tokOwner[i], kind, V.tokRef[i]);
    if (!w) continue;
    TOKQ_[NTOK] = V.tokQ[i];
    TOKR_[NTOK] = V.tokR[i];
    TOKD_[NTOK] = w.damage;
    NTOK++;
    if (kind !== SMALL_PROJECTILE) continue;
    SHQ_[NSH] = V.tokQ[i];
    SHR_[NSH] = V.tokR[i];
    SHF_[NSH] = V.tokFacing[i];
    SHS_[NSH] = w.speed;
    SHD_[NSH] = w.damage;
    NSH++;
  }
}

/** observe's enemy torpedoes (ETQ, ETR, NET) alone. */
function observeTorpedoes(): void {
  NET = 0;
  const kinds = V.tokKind;
  for (let i = 0, top = V.g[G_TOK_TOP]; i < top; i++) {
    if (kinds[i] !== SMALL_TORPEDO || V.tokOwner[i] === ME) continue;
    ETQ_[NET] = V.tokQ[i];
    ETR_[NET] = V.tokR[i];
    NET++;
  }
}

/** Ship o moved one round by its own mat with no thrust; a step into the edge is not taken. Returns the steps. */
export function drift(o: number, hull: Hull, q: number, r: number, f: number, oq: Int16Array, or: Int16Array, of: Int8Array): number {
  oq[0] = q;
  or[0] = r;
  of[0] = f;
  const nl = V.linCount[o];
  const n = nl + V.rotCount[o];
  // A centre further from the edge than the hull's reach keeps every hull hex on the board
  // (edge distance drops by at most one a hex, as in simMove): no hull hex is looked up.
  const reach = hull === myHull ? MY_REACH : hull === enHull ? EN_REACH : 1000;
  const grid = edgeGrid;
  const w = edgeW;
  const h = edgeH;
  const q0 = edgeQ0;
  const r0 = edgeR0;
  for (let s = 0; s < n; s++) {
    const t = s < nl ? V.lin[o * LIN_SLOTS + s] : V.rot[o * ROT_SLOTS + s - nl];
    let nq = q;
    let nr = r;
    let nf = f;
    if (t === TOK_CW) nf = (f + 1) % 6;
    else if (t === TOK_CCW) nf = (f + 5) % 6;
    else {
      nq += DQ[t];
      nr += DR[t];
    }
    if (edgeAt(grid, w, h, nq - q0, nr - r0) > reach || hullMargin(hull, nq, nr, nf) > 0) {
      q = nq;
      r = nr;
      f = nf;
    }
    oq[s + 1] = q;
    or[s + 1] = r;
    of[s + 1] = f;
  }
  return n;
}

// ---- the board edge: distance from each hex to the nearest hex off the board (0 = off)

export let edgeBoard: unknown = null;
export let edgeGrid = new Int8Array(0);
export let edgeQ0 = 0;
export let edgeR0 = 0;
export let edgeW = 0;
export let edgeH = 0;

/** Valid from `observe` on (it builds the grid when the board changes). */
export function edgeDistance(q: number, r: number): number {
  return edgeAt(edgeGrid, edgeW, edgeH, q - edgeQ0, r - edgeR0);
}

/**
 * edgeDistance at grid cell (x, y) of the edge grid given as arguments: hot loops read the
 * grid's module bindings (a TDZ check each) once, into locals, and pass them here.
 */
function edgeAt(grid: Int8Array, w: number, h: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= w || y >= h ? 0 : grid[y * w + x];
}

/** Once per board (allocates then): breadth-first distances from the hexes off the board. */
export function buildEdgeGrid(): void {
  const b = K.t.board;
  edgeBoard = b;
  edgeQ0 = b.qMin - 1;
  edgeR0 = b.rMin - 1;
  edgeW = b.width + 2;
  edgeH = b.height + 2;
  edgeGrid = new Int8Array(edgeW * edgeH).fill(-1);
  const queue = new Int32Array(edgeW * edgeH);
  let tail = 0;
  for (let y = 0; y < edgeH; y++)
    for (let x = 0; x < edgeW; x++)
      if (!K.move.hexOnBoard(x + edgeQ0, y + edgeR0)) {
        edgeGrid[y * edgeW + x] = 0;
        queue[tail++] = y * edgeW + x;
      }
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    const x = c % edgeW;
    const y = (c - x) / edgeW;
    for (let d = 0; d < 6; d++) {
      const nx = x + DQ[d];
      const ny = y + DR[d];
      if (nx < 0 || ny < 0 || nx >= edgeW || ny >= edgeH) continue;
      const nc = ny * edgeW + nx;
      if (edgeGrid[nc] >= 0) continue;
      edgeGrid[nc] = Math.min(edgeGrid[c] + 1, 100);
      queue[tail++] = nc;
    }
  }
}

// ---- hull geometry

export function hullReach(hull: Hull): number {
  let m = 0;
  for (let i = 0; i < hull.hexCount; i++) m = Math.max(m, distance(0, 0, hull.hexQ[i], hull.hexR[i]));
  return m;
}

/** The reach of one of the two hulls in play (others are measured). */
export function reachOf(hull: Hull): number {
  return hull === myHull ? MY_REACH : hull === enHull ? EN_REACH : hullReach(hull);
}

/** Smallest edge distance over a hull's hexes at a pose (0: some hex is off the board). */
export function hullMargin(hull: Hull, q: number, r: number, f: number): number {
  const n = hull.hexCount;
  const o = f * n;
  const rotQ = hull.rotQ;
  const rotR = hull.rotR;
  // edgeDistance with the grid's module bindings read once (each read is a TDZ check).
  const grid = edgeGrid;
  const w = edgeW;
  const h = edgeH;
  const x0 = q - edgeQ0;
  const y0 = r - edgeR0;
  let m = 100;
  for (let i = 0; i < n; i++) {
    const x = x0 + rotQ[o + i];
    const y = y0 + rotR[o + i];
    // Off the grid: off the board, and no hex is nearer the edge.
    if (x < 0 || y < 0 || x >= w || y >= h) return 0;
    const d = grid[y * w + x];
    if (d < m) m = d;
  }
  return m;
}

/** Index of the hull hex on (hq, hr) at a pose, or -1. */
export function hullHexAt(hull: Hull, q: number, r: number, f: number, hq: number, hr: number): number {
  const n = hull.hexCount;
  const o = f * n;
  for (let i = 0; i < n; i++) if (q + hull.rotQ[o + i] === hq && r + hull.rotR[o + i] === hr) return i;
  return -1;
}

export function hullsOverlap(a: Hull, qa: number, ra: number, fa: number, b: Hull, qb: number, rb: number, fb: number): boolean {
  const oa = fa * a.hexCount;
  for (let i = 0; i < a.hexCount; i++) if (hullHexAt(b, qb, rb, fb, qa + a.rotQ[oa + i], ra + a.rotR[oa + i]) >= 0) return true;
  return false;
}

/** Distance from hex (q, r) to the nearest hex of a hull at a pose. */
export function distanceToHull(hull: Hull, hq: number, hr: number, hf: number, q: number, r: number): number {
  const o = hf * hull.hexCount;
  let m = 1 << 30;
  for (let i = 0; i < hull.hexCount; i++) {
    const d = distance(q, r, hq + hull.rotQ[o + i], hr + hull.rotR[o + i]);
    if (d < m) m = d;
  }
  return m;
}

/**
 * First step 1..len along `dir` from (q, r) that lands on the hull at a pose; 0 if none before `len` or the board edge.
 * Each hull hex is tested for lying on the ray (step k of it) instead of each step against
 * every hull hex; the edge is then checked only up to the first such step.
 */
export function rayToHull(q: number, r: number, dir: number, len: number, hull: Hull, hq: number, hr: number, hf: number): number {
  const reach = reachOf(hull);
  if (distance(q, r, hq, hr) > len + reach) return 0;
  const dq = DQ[dir];
  const dr = DR[dir];
  // The hull's centre further than its reach from the line (the cube coordinate constant along it): no hex on it.
  const side = dq === 0 ? hq - q : dr === 0 ? hr - r : hq - q + hr - r;
  if (side > reach || side < -reach) return 0;
  const n = hull.hexCount;
  const o = hf * n;
  let first = len + 1;
  for (let i = 0; i < n; i++) {
    const x = hq + hull.rotQ[o + i] - q;
    const y = hr + hull.rotR[o + i] - r;
    // dq and dr are -1, 0 or 1 (not both 0): multiplying divides.
    const k = dq !== 0 ? x * dq : y * dr;
    if (k >= 1 && k < first && x === k * dq && y === k * dr) first = k;
  }
  if (first > len) return 0;
  const grid = edgeGrid;
  const w = edgeW;
  const h = edgeH;
  const x0 = q - edgeQ0;
  const y0 = r - edgeR0;
  for (let k = 1; k <= first; k++) if (edgeAt(grid, w, h, x0 + k * dq, y0 + k * dr) === 0) return 0;
  return first;
}

/** Nearest distance (1..range) of a hull hex inside the 120-degree arc in front of (q, r) facing `dir`; 0 if none. */
export function arcToHull(q: number, r: number, dir: number, range: number, hull: Hull, hq: number, hr: number, hf: number): number {
  if (distance(q, r, hq, hr) > range + reachOf(hull)) return 0;
  const o = hf * hull.hexCount;
  let best = 0;
  for (let i = 0; i < hull.hexCount; i++) {
    const tq = hq + hull.rotQ[o + i];
    const tr = hr + hull.rotR[o + i];
    const d = distance(q, r, tq, tr);
    if (d === 0 || d > range || (best > 0 && d >= best)) continue;
    frontCoordinates(tq - q, tr - r, dir, FC_);
    if (FC_[0] >= 0 && FC_[1] >= 0) best = d;
  }
  return best;
}

/** Sixth-turns (0..3, fractional) from facing f to the bearing of hex (tq, tr) seen from (q, r). */
export function turnsToFace(q: number, r: number, f: number, tq: number, tr: number): number {
  const dq = tq - q;
  const dr = tr - r;
  if (dq === 0 && dr === 0) return 0;
  const bearing = dq >= -BEARING_SPAN && dq <= BEARING_SPAN && dr >= -BEARING_SPAN && dr <= BEARING_SPAN ? BEARING[(dr + BEARING_SPAN) * BEARING_SIDE + dq + BEARING_SPAN] : bearingOf(dq, dr);
  // x % 6 is a call into C for doubles; below 12, x - 6 is the same double (Sterbenz).
  let t = Math.abs(bearing - f);
  if (t >= 6) t = t < 12 ? t - 6 : t % 6;
  if (t > 3) t = 6 - t;
  return t;
}
export const SQRT3 = Math.sqrt(3);
const SQRT3_ = SQRT3;
/** Bearing of offset (dq, dr), clockwise from north in sixth-turns (flat-topped axial to cartesian, x east, y south). */
export function bearingOf(dq: number, dr: number): number {
  return Math.atan2(1.5 * dq, -SQRT3_ * (dr + dq / 2)) / (Math.PI / 3);
}
/** bearingOf for offsets up to BEARING_SPAN each way, computed once (the same doubles, without an atan2 per call). */
const BEARING_SPAN = 40;
const BEARING_SIDE = 2 * BEARING_SPAN + 1;
const BEARING = new Float64Array(BEARING_SIDE * BEARING_SIDE);
for (let dr = -BEARING_SPAN; dr <= BEARING_SPAN; dr++)
  for (let dq = -BEARING_SPAN; dq <= BEARING_SPAN; dq++) BEARING[(dr + BEARING_SPAN) * BEARING_SIDE + dq + BEARING_SPAN] = bearingOf(dq, dr);

// ---- weapons

/**
 * Expected damage of one shot from (q, r) along `dir` against a hull that stands at pose a
 * now and at pose b a round later: a cannon shell must meet it on its line (9.3), a
 * torpedo needs it in its front arc (9.4), a beam on its line within range (9.1), direct
 * fire inside its arc and range, paying for accuracy (9.2).
 */
export function weaponValue(
  w: Weapon,
  q: number,
  r: number,
  dir: number,
  hull: Hull,
  evasion: number,
  aq: number,
  ar: number,
  af: number,
  bq: number,
  br: number,
  bf: number,
): number {
  switch (w.weaponClass) {
    case WeaponClass.Projectile: {
      if (rayToHull(q, r, dir, w.speed, hull, aq, ar, af) > 0) return w.damage;
      return rayToHull(q, r, dir, 2 * w.speed, hull, bq, br, bf) > 0 ? 0.6 * w.damage : 0;
    }
    case WeaponClass.Torpedo: {
      const nq = q + DQ[dir];
      const nr = r + DR[dir];
      if (edgeDistance(nq, nr) === 0) return 0;
      const d = arcToHull(nq, nr, dir, 3 * w.speed, hull, aq, ar, af);
      return d === 0 ? 0 : w.damage * (d <= w.speed ? 0.9 : 0.7);
    }
    case WeaponClass.Beam:
      return rayToHull(q, r, dir, w.range, hull, aq, ar, af) > 0 ? w.damage : 0;
    default:
      return arcToHull(q, r, dir, w.range, hull, aq, ar, af) > 0 ? (w.accuracy >= evasion ? w.damage : 0.8 * w.damage) : 0;
  }
}

/** Our speed along `dir` on mat m: a token that way counts 1, one a sixth-turn off a half; tokens pointing away count against. */
export function speedAlong(m: Int8Array, dir: number): number {
  let s = 0;
  for (let i = 0; i < m[0]; i++) {
    const t = Math.abs(turnBetween(m[1 + i], dir));
    s += t === 0 ? 1 : t === 1 ? 0.5 : t === 3 ? -1 : t === 2 ? -0.5 : 0;
  }
  return s;
}

/**
 * Value of firing a ship weapon's mounts from pose (q, r, f), our mat m, at the enemy (poses
 * a, b); each mount takes its best arrow unless broadsideFire is 'all'. A shell fired along
 * our own course at no more than our speed would be overtaken by our hull (9.3: any hull
 * it meets), so it counts against.
 */
export function mountsValue(mounts: readonly Mount[], w: Weapon, q: number, r: number, f: number, m: Int8Array, aq: number, ar: number, af: number, bq: number, br: number, bf: number): number {
  // Module bindings into locals once (each read of a module `let` is a TDZ check).
  const en = enHull;
  if (!en) return 0;
  const hull = myHull;
  const all = K.fireAllBroadside;
  const o = f * hull.hexCount;
  let total = 0;
  for (let i = 0; i < mounts.length; i++) {
    const mt = mounts[i];
    const mq = q + hull.rotQ[o + mt.hex];
    const mr = r + hull.rotR[o + mt.hex];
    let best = -1e9;
    for (let j = 0; j < mt.directions.length; j++) {
      const dir = (f + mt.directions[j]) % 6;
      const v = w.weaponClass === WeaponClass.Projectile && speedAlong(m, dir) >= w.speed ? -w.damage : weaponValue(w, mq, mr, dir, en, en.evasion, aq, ar, af, bq, br, bf);
      if (all) total += v;
      else if (v > best) best = v;
    }
    if (!all && mt.directions.length > 0) total += best;
  }
  return total;
}

export function mainWeapon(): Weapon {
  return myFaction.mainWeapons[V.loadout[ME * 8 + LO_MAIN]];
}
export function broadsideWeapon(): Weapon {
  return myFaction.broadsides[V.loadout[ME * 8 + LO_BROADSIDE]];
}

/** Our main weapon's value from pose (q, r, f), mat m, against the enemy at poses a then b. */
export function mainValueAt(q: number, r: number, f: number, m: Int8Array, aq: number, ar: number, af: number, bq: number, br: number, bf: number): number {
  return mountsValue(myHull.mounts.main, mainWeapon(), q, r, f, m, aq, ar, af, bq, br, bf);
}

/** A broadside's value (card Cmd.PortBroadside or Cmd.StarboardBroadside). */
export function sideValueAt(card: number, q: number, r: number, f: number, m: Int8Array, aq: number, ar: number, af: number, bq: number, br: number, bf: number): number {
  const mounts = card === Cmd.PortBroadside ? myHull.mounts.port : myHull.mounts.starboard;
  return mountsValue(mounts, broadsideWeapon(), q, r, f, m, aq, ar, af, bq, br, bf);
}

/**
 * Share of the main weapon's damage expected from pose (q, r, f) on mat m in the coming
 * round, against the enemy's predicted path (0 with no enemy ship): the styles' card values.
 */
export function mainShare(q: number, r: number, f: number, m: Int8Array): number {
  return enHull ? mainValueAt(q, r, f, m, E1Q_[E1N], E1R_[E1N], E1F_[E1N], E2Q_[E2N], E2R_[E2N], E2F_[E2N]) / Math.max(1, mainWeapon().damage) : 0;
}

/** The same for a broadside card (Cmd.PortBroadside or Cmd.StarboardBroadside). */
export function broadsideShare(card: number, q: number, r: number, f: number, m: Int8Array): number {
  return enHull ? sideValueAt(card, q, r, f, m, E1Q_[E1N], E1R_[E1N], E1F_[E1N], E2Q_[E2N], E2R_[E2N], E2F_[E2N]) / Math.max(1, broadsideWeapon().damage) : 0;
}

/** How much the enemy's main weapon (each mount along its first arrow) threatens our hull at pose (q, r, f) when the enemy stands at (eq, er, ef). */
export function enemyMainThreat(q: number, r: number, f: number, eq: number, er: number, ef: number, ply: number): number {
  const ef0 = enFaction;
  const eh = enHull;
  if (!ef0 || !eh) return 0;
  const view = V;
  const en = EN;
  const loc = view.cardLoc[en * CARDS + Cmd.FireMain];
  const ready = loc === LOC_HAND ? 1 : loc === LOC_TRACK && ply === 2 ? 1 : 0.25;
  const w = ef0.mainWeapons[view.loadout[en * 8 + LO_MAIN]];
  const mounts = eh.mounts.main;
  const o = ef * eh.hexCount;
  const hull = myHull;
  let total = 0;
  for (let i = 0; i < mounts.length; i++) {
    const m = mounts[i];
    total += weaponValue(w, eq + eh.rotQ[o + m.hex], er + eh.rotR[o + m.hex], (ef + m.directions[0]) % 6, hull, hull.evasion, q, r, f, q, r, f);
  }
  return ready * total;
}

/** Damage from cannon shells on the board that will cross our hull at pose (q, r, f) in this round's (ply 1) or the next round's (ply 2) flight. */
export function shellDanger(q: number, r: number, f: number, ply: number): number {
  let danger = 0;
  const ns = NSH;
  if (ns === 0) return 0;
  const hull = myHull;
  const n = hull.hexCount;
  const o = f * n;
  for (let i = 0; i < ns; i++) {
    const dir = SHF_[i];
    const from = ply === 1 ? 0 : SHS_[i] + 1;
    const to = ply === 1 ? SHS_[i] : 2 * SHS_[i];
    // Is some hull hex step k (from..to) of the shell's line? Tested hex by hex, as in rayToHull.
    const dq = DQ[dir];
    const dr = DR[dir];
    for (let h = 0; h < n; h++) {
      const x = q + hull.rotQ[o + h] - SHQ_[i];
      const y = r + hull.rotR[o + h] - SHR_[i];
      const k = dq !== 0 ? x * dq : y * dr;
      if (k >= from && k <= to && x === k * dq && y === k * dr) {
        danger += SHD_[i];
        break;
      }
    }
  }
  return danger;
}

// ---- the momentum mat (7.2): [linear count, 4 linear, rotational count, 2 rotational, supplies linear, cw, ccw]

export const M_SIZE = 11;
export const M0 = new Int8Array(M_SIZE);
export const M1 = new Int8Array(M_SIZE);
export const M2 = new Int8Array(M_SIZE);
export const M3 = new Int8Array(M_SIZE);
export const MB = new Int8Array(M_SIZE);
export const MT = new Int8Array(M_SIZE);
export const PLAN_M = new Int8Array(M_SIZE);
/** Our mat as it stands at the decision (loaded by observe). */
export const NOW_M = new Int8Array(M_SIZE);
const M_SIZE_ = M_SIZE, M0_ = M0, M1_ = M1, M2_ = M2, M3_ = M3, MB_ = MB, MT_ = MT, PLAN_M_ = PLAN_M, NOW_M_ = NOW_M;

export function matLoad(p: number, m: Int8Array): void {
  m[0] = V.linCount[p];
  for (let i = 0; i < LIN_SLOTS; i++) m[1 + i] = V.lin[p * LIN_SLOTS + i];
  m[5] = V.rotCount[p];
  for (let i = 0; i < ROT_SLOTS; i++) m[6 + i] = V.rot[p * ROT_SLOTS + i];
  m[8] = Math.min(V.g[G_SUPPLY_LINEAR], 100);
  m[9] = Math.min(V.g[G_SUPPLY_CW], 100);
  m[10] = Math.min(V.g[G_SUPPLY_CCW], 100);
}

/** Unrolled: TypedArray.prototype.set is a builtin call, dearer than eleven stores. */
export function matCopy(from: Int8Array, to: Int8Array): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
  to[3] = from[3];
  to[4] = from[4];
  to[5] = from[5];
  to[6] = from[6];
  to[7] = from[7];
  to[8] = from[8];
  to[9] = from[9];
  to[10] = from[10];
}

/** Mats already tried at one search level (an ignored thrust leaves the mat as another setting does). */
export const SEEN1 = new Int8Array(10 * M_SIZE);
export const SEEN2 = new Int8Array(10 * M_SIZE);
const SEEN1_ = SEEN1, SEEN2_ = SEEN2;

/** Has mat m (its tokens; supplies aside) been seen among the first n entries of `seen`? If not, record it as entry n. */
export function seenBefore(seen: Int8Array, n: number, m: Int8Array): boolean {
  for (let j = 0; j < n; j++) {
    const o = j * M_SIZE_;
    let same = seen[o] === m[0] && seen[o + 5] === m[5];
    for (let x = 0; x < m[0] && same; x++) if (seen[o + 1 + x] !== m[1 + x]) same = false;
    for (let x = 0; x < m[5] && same; x++) if (seen[o + 6 + x] !== m[6 + x]) same = false;
    if (same) return true;
  }
  // The tokens only (entries 0..7): the supplies are never compared.
  const o = n * M_SIZE_;
  for (let x = 0; x < 8; x++) seen[o + x] = m[x];
  return false;
}

/** One thrust of token t, as the kernel does it: cancel the last opposite, else modify the last two edges away, else add, else ignore. */
export function matThrust(m: Int8Array, t: number): void {
  if (t >= TOK_CW) {
    const n = m[5];
    for (let i = n - 1; i >= 0; i--) {
      if (m[6 + i] !== t) {
        m[m[6 + i] === TOK_CW ? 9 : 10]++;
        for (let j = i; j < n - 1; j++) m[6 + j] = m[7 + j];
        m[5] = n - 1;
        return;
      }
    }
    const sup = t === TOK_CW ? 9 : 10;
    if (n >= ROT_SLOTS || m[sup] <= 0) return;
    m[sup]--;
    m[6 + n] = t;
    m[5] = n + 1;
    return;
  }
  const n = m[0];
  const opp = opposite(t);
  for (let i = n - 1; i >= 0; i--) {
    if (m[1 + i] === opp) {
      for (let j = i; j < n - 1; j++) m[1 + j] = m[2 + j];
      m[0] = n - 1;
      m[8]++;
      return;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    const sixths = turnBetween(m[1 + i], t);
    if (sixths === 2 || sixths === -2) {
      m[1 + i] = turn(m[1 + i], sixths >> 1);
      return;
    }
  }
  if (n >= LIN_SLOTS || m[8] <= 0) return;
  m[8]--;
  m[1 + n] = t;
  m[0] = n + 1;
}

/** Apply an engine setting (7.2.1) to a mat, the ship facing f. */
export function matEngine(m: Int8Array, e: number, f: number): void {
  if (e < 6) matThrust(m, e);
  else if (e === ENGINE_DOUBLE) {
    matThrust(m, f);
    matThrust(m, f);
  } else if (e === ENGINE_CW) matThrust(m, TOK_CW);
  else if (e === ENGINE_CCW) matThrust(m, TOK_CCW);
}

// ---- movement (7.2.2): our ship moves token by token, the enemy in lock-step on its predicted poses

export let simQ = 0;
export let simR = 0;
export let simF = 0;
export let simEdge = false;
export let simShip = false;
/** Damage of the weapon tokens the hull ran over on the way. */
export let simOverrun = 0;
export const OVERRUN = new Int8Array(MAX_TOKENS);
const OVERRUN_ = OVERRUN;

/**
 * Move our hull from (q, r, f) by mat m; stop at the first step into the edge or the enemy
 * (the kernel would undo it). Without `overrun` (recoverable's braking rounds), the tokens
 * run over are not counted (simOverrun 0).
 */
export function simMove(q: number, r: number, f: number, m: Int8Array, eq: Int16Array | null, er: Int16Array, ef: Int8Array, en: number, overrun = true): void {
  // Module bindings read once into locals (each read of a module `let` is a TDZ check), the
  // results written back at the end.
  const hull = myHull;
  const reach = MY_REACH;
  const en2 = eq ? enHull : null;
  const pairReach = reach + EN_REACH;
  const grid = edgeGrid;
  const w = edgeW;
  const h = edgeH;
  const q0 = edgeQ0;
  const r0 = edgeR0;
  let edge = false;
  let ship = false;
  let over = 0;
  const nt = overrun ? NTOK : 0;
  for (let i = 0; i < nt; i++) OVERRUN_[i] = 0;
  const nl = m[0];
  const n = nl + m[5];
  for (let s = 0; s < n; s++) {
    const t = s < nl ? m[1 + s] : m[6 + s - nl];
    let nq = q;
    let nr = r;
    let nf = f;
    if (t === TOK_CW) nf = (f + 1) % 6;
    else if (t === TOK_CCW) nf = (f + 5) % 6;
    else {
      nq += DQ[t];
      nr += DR[t];
    }
    if (edgeAt(grid, w, h, nq - q0, nr - r0) <= reach && hullMargin(hull, nq, nr, nf) === 0) {
      edge = true;
      break;
    }
    if (eq && en2) {
      const k = s + 1 < en ? s + 1 : en;
      if (distance(nq, nr, eq[k], er[k]) <= pairReach && hullsOverlap(hull, nq, nr, nf, en2, eq[k], er[k], ef[k])) {
        ship = true;
        break;
      }
    }
    q = nq;
    r = nr;
    f = nf;
    for (let i = 0; i < nt; i++) {
      if (OVERRUN_[i] === 0 && distance(q, r, TOKQ_[i], TOKR_[i]) <= reach && hullHexAt(hull, q, r, f, TOKQ_[i], TOKR_[i]) >= 0) {
        OVERRUN_[i] = 1;
        over += TOKD_[i];
      }
    }
  }
  simEdge = edge;
  simShip = ship;
  simOverrun = over;
  simQ = q;
  simR = r;
  simF = f;
}

/**
 * Can a ship at this pose with mat m brake to a stop (one cancelling thrust a round) without touching the edge?
 * Each braking round cancels one token, then moves by the linear ones left: over the four
 * rounds the centre travels at most `path` hexes (rotations cancelled first), and every hull
 * hex stays within MY_REACH of it. Edge distance drops by at most one a hex, so a centre
 * further than MY_REACH + path from the edge can brake every way: true without simulating.
 */
export function recoverable(q: number, r: number, f: number, m: Int8Array): boolean {
  let lin = m[0];
  let rot = m[5];
  let path = 0;
  for (let k = 0; k < 4 && lin + rot > 0; k++) {
    if (rot > 0) rot--;
    else lin--;
    path += lin;
  }
  if (edgeDistance(q, r) > MY_REACH + path) return true;
  matCopy(m, MB_);
  for (let round = 0; round < 4; round++) {
    if (MB_[0] === 0 && MB_[5] === 0) return true;
    let bestE = -1;
    let bestMargin = -1;
    let bq = q;
    let br = r;
    let bf = f;
    for (let i = 0; i <= MB_[0]; i++) {
      let e: number;
      if (i < MB_[0]) {
        e = opposite(MB_[1 + i]);
        let dup = false;
        for (let j = 0; j < i; j++) if (MB_[1 + j] === MB_[1 + i]) dup = true;
        if (dup) continue;
      } else {
        if (MB_[5] === 0) continue;
        e = MB_[6] === TOK_CW ? ENGINE_CCW : ENGINE_CW;
      }
      matCopy(MB_, MT_);
      matEngine(MT_, e, f);
      simMove(q, r, f, MT_, null, E1R_, E1F_, 0, false);
      if (simEdge) continue;
      const mg = hullMargin(myHull, simQ, simR, simF);
      if (mg > bestMargin) {
        bestMargin = mg;
        bestE = e;
        bq = simQ;
        br = simR;
        bf = simF;
      }
    }
    if (bestE < 0) return false;
    matEngine(MB_, bestE, f);
    q = bq;
    r = br;
    f = bf;
  }
  return true;
}

/** Common terms of a pose's value: distance kept, edge clearance, speed, spin, shells, the enemy's main line. */
export function baseEval(q: number, r: number, f: number, m: Int8Array, ply: number, eq: number, er: number, ef: number): number {
  let v = 0;
  if (enHull) v -= KIT_.rangeWeight * Math.abs(distance(q, r, eq, er) - KIT_.range);
  const margin = KIT_.edgeMargin;
  // Edge distance drops by at most one a hex: with the centre margin + MY_REACH or more from
  // the edge, every hull hex is at least margin away, and hullMargin need not be measured.
  if (edgeDistance(q, r) < margin + MY_REACH) {
    const mg = hullMargin(myHull, q, r, f);
    if (mg < margin) v -= 3 * (margin - mg);
  }
  if (m[0] > KIT_.maxSpeed) v -= 2.5 * (m[0] - KIT_.maxSpeed);
  if (ply === 2) v -= 0.7 * m[5];
  // The enemy at its predicted pose for this ply (as every style asks): the style-free terms
  // are kept for the observation (factSlot).
  const slot = SHARE_ === false ? -1 : ply === 1 ? (eq === E1Q_[E1N] && er === E1R_[E1N] && ef === E1F_[E1N] ? factSlot(q, r, f, m, 1) : -1) : eq === E2Q_[E2N] && er === E2R_[E2N] && ef === E2F_[E2N] ? factSlot(q, r, f, m, 2) : -1;
  if (slot < 0) {
    v -= shellDanger(q, r, f, ply);
    if (KIT_.threat > 0) v -= KIT_.threat * enemyMainThreat(q, r, f, eq, er, ef, ply);
    return v;
  }
  if ((FACT_HAS[slot] & 1) === 0) {
    FACT_SHELL[slot] = shellDanger(q, r, f, ply);
    FACT_HAS[slot] |= 1;
  }
  v -= FACT_SHELL[slot];
  if (KIT_.threat > 0) {
    if ((FACT_HAS[slot] & 2) === 0) {
      FACT_THREAT[slot] = enemyMainThreat(q, r, f, eq, er, ef, ply);
      FACT_HAS[slot] |= 2;
    }
    v -= KIT_.threat * FACT_THREAT[slot];
  }
  return v;
}

/**
 * mainValueAt from pose (q, r, f) with mat m against the enemy's predicted poses at `ply`
 * (a: that ply's, b: the second round's), as the gunner, carrier and turtle value a pose;
 * kept for the observation (factSlot).
 */
export function mainValuePly(q: number, r: number, f: number, m: Int8Array, ply: number): number {
  const eq = ply === 1 ? E1Q_[E1N] : E2Q_[E2N];
  const er = ply === 1 ? E1R_[E1N] : E2R_[E2N];
  const ef = ply === 1 ? E1F_[E1N] : E2F_[E2N];
  const slot = SHARE_ === false ? -1 : factSlot(q, r, f, m, ply);
  if (slot < 0) return mainValueAt(q, r, f, m, eq, er, ef, E2Q_[E2N], E2R_[E2N], E2F_[E2N]);
  if ((FACT_HAS[slot] & 4) === 0) {
    FACT_MAIN[slot] = mainValueAt(q, r, f, m, eq, er, ef, E2Q_[E2N], E2R_[E2N], E2F_[E2N]);
    FACT_HAS[slot] |= 4;
  }
  return FACT_MAIN[slot];
}

/**
 * Engine setting e tried from pose (q, r, f) on mat `from` (the two-round search below):
 * the mat it leaves goes into `into`; false when an earlier setting this round left the
 * same mat (`seen` holds the first n), else the move is simulated against the enemy's
 * predicted path (eq, er, ef, en) and sim* hold where it ends.
 */
function tryEngine(e: number, q: number, r: number, f: number, from: Int8Array, into: Int8Array, seen: Int8Array, n: number, eq: Int16Array, er: Int16Array, ef: Int8Array, en: number): boolean {
  matCopy(from, into);
  matEngine(into, e, f);
  if (seenBefore(seen, n, into)) return false;
  const slot = SHARE_ === false ? -1 : moveSlot(q, r, f, into, eq === E1Q_ ? 1 : 0);
  if (slot < 0) simMove(q, r, f, into, eq, er, ef, en);
  else if (MOVE_STAMP[slot] === MOVE_GEN[0]) {
    simQ = MOVE_Q[slot];
    simR = MOVE_R[slot];
    simF = MOVE_F[slot];
    simEdge = (MOVE_FLAGS[slot] & 1) !== 0;
    simShip = (MOVE_FLAGS[slot] & 2) !== 0;
    simOverrun = MOVE_OVER[slot];
  } else {
    simMove(q, r, f, into, eq, er, ef, en);
    MOVE_STAMP[slot] = MOVE_GEN[0];
    MOVE_Q[slot] = simQ;
    MOVE_R[slot] = simR;
    MOVE_F[slot] = simF;
    MOVE_FLAGS[slot] = (simEdge ? 1 : 0) | (simShip ? 2 : 0);
    MOVE_OVER[slot] = simOverrun;
  }
  return true;
}

/**
 * tryEngine's moves already simulated for this observation: where a move from a pose by a
 * mat's tokens ends depends only on the view, the player and the enemy path it is run
 * against (E1 or E2), not on the style, so the styles asked in turn on one state (a search's
 * root candidates, heuristic.ts styleCandidates) simulate each move once. Keyed like the
 * pose memo, plus the path; live while MOVE_GEN is the observation's generation (observe
 * starts a new one unless the view object, its version, the player and the kernel are those
 * of the last full observation).
 */
const MOVE_SIZE = 2048;
const MOVE_POSE = new Int32Array(MOVE_SIZE);
const MOVE_MAT = new Int32Array(MOVE_SIZE);
const MOVE_STAMP = new Int32Array(MOVE_SIZE);
const MOVE_Q = new Int32Array(MOVE_SIZE);
const MOVE_R = new Int32Array(MOVE_SIZE);
const MOVE_F = new Int32Array(MOVE_SIZE);
const MOVE_FLAGS = new Int32Array(MOVE_SIZE);
const MOVE_OVER = new Float64Array(MOVE_SIZE);
const MOVE_GEN = new Int32Array(1);
/**
 * Whether the move memo and the fact table are used (shareStyleWork). Off, each decision
 * computes its moves and facts directly: keeping them costs about a tenth more when only one
 * style is asked per state (a search's playouts: MCTS at its default settings ran 2.52M
 * instructions an iteration before the tables and 2.77M with them always on).
 */
let SHARE_ = false;

/**
 * Keep the style-free work of an observation for the styles asked next on the same state
 * (on), or stop (off). heuristic.ts styleCandidates turns it on while it asks the styles in
 * turn for a search's root candidates. The answers are the same either way.
 */
export function shareStyleWork(on: boolean): void {
  SHARE_ = on;
}

/** The last full observation: its view object, version, player and kernel. */
let obsView: GameState | null = null;
let obsVersion = -1;
let obsPlayer = -1;
let obsKernel: Kernel | null = null;

/** A full observation of (V, ME, K): a new MOVE_GEN unless it is the last one's. */
function moveObserved(): void {
  if (V === obsView && V.version === obsVersion && ME === obsPlayer && K === obsKernel) return;
  obsView = V;
  obsVersion = V.version;
  obsPlayer = ME;
  obsKernel = K;
  if (MOVE_GEN[0] === 0x7fffffff) {
    MOVE_STAMP.fill(0);
    FACT_STAMP.fill(0);
    EXP_STAMP.fill(0);
    MOVE_GEN[0] = 0;
  }
  MOVE_GEN[0]++;
}

/**
 * A pose's style-free terms for this observation (live under MOVE_GEN, like the move memo):
 * shellDanger (FACT_HAS bit 1), enemyMainThreat (bit 2) and mainValuePly (bit 4), by pose,
 * mat tokens and ply, against the enemy's predicted pose at that ply.
 */
const FACT_SIZE = 2048;
const FACT_POSE = new Int32Array(FACT_SIZE);
const FACT_MAT = new Int32Array(FACT_SIZE);
const FACT_STAMP = new Int32Array(FACT_SIZE);
const FACT_HAS = new Int32Array(FACT_SIZE);
const FACT_SHELL = new Float64Array(FACT_SIZE);
const FACT_THREAT = new Float64Array(FACT_SIZE);
const FACT_MAIN = new Float64Array(FACT_SIZE);

/** The fact table's entry for pose (q, r, f), mat m's tokens and ply (1 or 2), emptied when new; -1 when it cannot be kept. */
function factSlot(q: number, r: number, f: number, m: Int8Array, ply: number): number {
  if (q < -512 || q >= 512 || r < -512 || r >= 512) return -1;
  const pose = ((q + 512) << 14) | ((r + 512) << 4) | (f << 1) | (ply - 1);
  const gen = MOVE_GEN[0];
  const h = probeSlot(FACT_POSE, FACT_MAT, FACT_STAMP, 21, gen, pose, matKey(m));
  if (h >= 0 && FACT_STAMP[h] !== gen) {
    FACT_STAMP[h] = gen;
    FACT_HAS[h] = 0;
  }
  return h;
}

/** The move memo's entry for a move from (q, r, f) by mat m's tokens against path `path` (1: E1), or -1 when it cannot be kept. */
function moveSlot(q: number, r: number, f: number, m: Int8Array, path: number): number {
  if (q < -512 || q >= 512 || r < -512 || r >= 512) return -1;
  const pose = ((q + 512) << 14) | ((r + 512) << 4) | (f << 1) | path;
  return probeSlot(MOVE_POSE, MOVE_MAT, MOVE_STAMP, 21, MOVE_GEN[0], pose, matKey(m));
}

/** A pose's value v less what the move there cost: tokens run over, a hull hex off the board, and the style's value of a collision at this ply. */
function afterMove(v: number, overrun: number, edge: boolean, ship: boolean, ply: number): number {
  v -= overrun;
  if (edge) v -= UNSAFE_;
  if (ship) v += hooks.collision(ply);
  return v;
}

/** Turns from the facing in the order tried: ahead, then the smaller turns, clockwise first. */
const TURN_ORDER = Int8Array.of(0, 1, 5, 2, 4, 3);
/**
 * How much better a later option must score to replace an earlier one. Mirror-image options
 * score the same up to rounding (sums taken in board order), and a tie must go to the first
 * in facing-relative order, not to whichever rounded up.
 */
const TIE = 1e-9;

/**
 * The ten engine settings in the order they are tried by a ship facing f: none first, then
 * the six thrusts by TURN_ORDER, then double, clockwise, counter-clockwise. The first of
 * equal scores wins, so the order is relative to the facing: an order by absolute direction
 * would break a tie one way for a ship facing north and the other way facing south.
 */
function engineSetting(i: number, f: number): number {
  return i === 0 ? ENGINE_NONE : i <= 6 ? (f + TURN_ORDER[i - 1]) % 6 : i - 1;
}

/**
 * Second-round poses already valued at this decision: the search reaches the same pose and
 * mat by different first rounds (and Power to Engines repeats it), and the style's value of a
 * pose at ply 2 and whether it can brake (recoverable) depend only on the pose and the mat's
 * tokens (supplies aside) within one decision. An open-addressed table keyed by the pose and
 * the tokens; entries are live when their stamp is the decision's generation (observe).
 */
const MEMO_SIZE = 1024;
const MEMO_POSE = new Int32Array(MEMO_SIZE);
const MEMO_MAT = new Int32Array(MEMO_SIZE);
const MEMO_STAMP = new Int32Array(MEMO_SIZE);
const MEMO_EVAL = new Float64Array(MEMO_SIZE);
/** recoverable at the entry: 1 yes, 0 no, -1 not asked yet. */
const MEMO_REC = new Int8Array(MEMO_SIZE);
const MEMO_GEN = new Int32Array(1);

/** A new decision: every memo entry goes stale. */
function memoNewDecision(): void {
  if (MEMO_GEN[0] === 0x7fffffff) {
    MEMO_STAMP.fill(0);
    MEMO_GEN[0] = 0;
  }
  MEMO_GEN[0]++;
}

/** The memo entry of pose (q, r, f) with mat m (stale entries are reused: check MEMO_STAMP), or -1 when it cannot be kept. */
function memoSlot(q: number, r: number, f: number, m: Int8Array): number {
  if (q < -512 || q >= 512 || r < -512 || r >= 512) return -1;
  const pose = ((q + 512) << 13) | ((r + 512) << 3) | f;
  return probeSlot(MEMO_POSE, MEMO_MAT, MEMO_STAMP, 22, MEMO_GEN[0], pose, matKey(m));
}

/** A mat's tokens as one integer: counts in bits 0-4, linear tokens (0..5) from bit 5, rotation tokens from bit 17. */
function matKey(m: Int8Array): number {
  const nl = m[0];
  const nr = m[5];
  let mat = nl | (nr << 3);
  for (let i = 0; i < nl; i++) mat |= m[1 + i] << (5 + 3 * i);
  for (let i = 0; i < nr; i++) mat |= (m[6 + i] & 7) << (17 + 3 * i);
  return mat;
}

/**
 * The slot of (pose, mat) in an open-addressed table of 2^(32 - shift) entries whose live
 * entries carry stamp `gen`: the live entry with that key, or else the first stale one met,
 * with the key written (its stamp left for the caller to read); -1 after 32 probes.
 */
function probeSlot(poses: Int32Array, mats: Int32Array, stamps: Int32Array, shift: number, gen: number, pose: number, mat: number): number {
  const mask = poses.length - 1;
  let h = (Math.imul(pose, 0x9e3779b1) ^ Math.imul(mat, 0x85ebca77)) >>> shift;
  for (let probe = 0; probe < 32; probe++) {
    if (stamps[h] !== gen) {
      poses[h] = pose;
      mats[h] = mat;
      return h;
    }
    if (poses[h] === pose && mats[h] === mat) return h;
    h = (h + 1) & mask;
  }
  return -1;
}

/** Value of ending round one at pose (q, r, f) with mat m: that pose, plus the best second round. */
export function planScore(q: number, r: number, f: number, m: Int8Array): number {
  const s1 = hooks.evaluate(q, r, f, m, 1);
  let best = -1e9;
  const x = SHARE_ === false ? -1 : expSlot(q, r, f, m, EXP_SECOND);
  const mats = EXP_MATS;
  if (x >= 0 && EXP_STAMP[x] === MOVE_GEN[0]) {
    // Listed by an earlier style: the same settings' mats and moves, in the same order.
    for (let o = x * 10, end = o + EXP_N[x]; o < end; o++) {
      const flags = EXP_FLAGS[o];
      const v = secondRound(EXP_Q[o], EXP_R[o], EXP_F[o], mats[o], EXP_OVER[o], (flags & 1) !== 0, (flags & 2) !== 0, best);
      if (v > best) best = v;
    }
    return s1 + GAMMA_ * best;
  }
  let seen = 0;
  for (let i = 0; i < 10; i++) {
    // Kept, each setting's mat is made in its entry (a setting that repeats an earlier mat is overwritten).
    const into = x >= 0 ? mats[x * 10 + seen] : M2_;
    if (!tryEngine(engineSetting(i, f), q, r, f, m, into, SEEN2_, seen, E2Q_, E2R_, E2F_, E2N)) continue;
    if (x >= 0) keepMove(x * 10 + seen);
    seen++;
    const v = secondRound(simQ, simR, simF, into, simOverrun, simEdge, simShip, best);
    if (v > best) best = v;
  }
  if (x >= 0) {
    EXP_N[x] = seen;
    EXP_STAMP[x] = MOVE_GEN[0];
  }
  return s1 + GAMMA_ * best;
}

/** planScore's value of a second round ending at (q2, r2, f2) with mat m2 after a move that ran over `overrun`, hit the edge or the enemy; `best` so far. */
function secondRound(q2: number, r2: number, f2: number, m2: Int8Array, overrun: number, edge: boolean, ship: boolean, best: number): number {
  const slot = memoSlot(q2, r2, f2, m2);
  let v: number;
  if (slot < 0) {
    v = afterMove(hooks.evaluate(q2, r2, f2, m2, 2), overrun, edge, ship, 2);
    if (v > best && !recoverable(q2, r2, f2, m2)) v -= UNRECOVERABLE_;
    return v;
  }
  if (MEMO_STAMP[slot] !== MEMO_GEN[0]) {
    MEMO_STAMP[slot] = MEMO_GEN[0];
    MEMO_EVAL[slot] = hooks.evaluate(q2, r2, f2, m2, 2);
    MEMO_REC[slot] = -1;
  }
  v = afterMove(MEMO_EVAL[slot], overrun, edge, ship, 2);
  if (v > best) {
    if (MEMO_REC[slot] < 0) MEMO_REC[slot] = recoverable(q2, r2, f2, m2) ? 1 : 0;
    if (MEMO_REC[slot] === 0) v -= UNRECOVERABLE_;
  }
  return v;
}

/**
 * planScore's second rounds by observation: which of the ten settings leave a new mat from
 * a pose and mat, and where each move ends, depend on the view, the player and the enemy's
 * predicted path, not on the style; the styles asked in turn on one state (shareStyleWork)
 * list them once. Keyed by pose, mat tokens and supplies (the supplies decide whether a
 * thrust adds a token); live under MOVE_GEN, like the move memo. An entry is filled when its
 * stamp is the generation; per entry, up to ten settings' mats, end poses and move flags.
 */
const EXP_SIZE = 256;
/** One more entry, never hashed to: planEngine's list when nothing is shared. */
const EXP_SCRATCH = EXP_SIZE;
const EXP_ENTRIES = EXP_SIZE + 1;
const EXP_POSE = new Int32Array(EXP_ENTRIES);
const EXP_MAT = new Int32Array(EXP_ENTRIES);
const EXP_SUP = new Int32Array(EXP_ENTRIES);
const EXP_STAMP = new Int32Array(EXP_ENTRIES);
const EXP_N = new Int8Array(EXP_ENTRIES);
const EXP_Q = new Int32Array(EXP_ENTRIES * 10);
const EXP_R = new Int32Array(EXP_ENTRIES * 10);
const EXP_F = new Int8Array(EXP_ENTRIES * 10);
const EXP_FLAGS = new Int8Array(EXP_ENTRIES * 10);
const EXP_OVER = new Float64Array(EXP_ENTRIES * 10);
/** The engine setting of each kept first-round move (planEngine). */
const EXP_E = new Int8Array(EXP_ENTRIES * 10);
const EXP_M_BUFFER = new ArrayBuffer(EXP_ENTRIES * 10 * M_SIZE);
/** Each entry's mats, one view of M_SIZE bytes per setting kept. */
const EXP_MATS: Int8Array[] = Array.from({ length: EXP_ENTRIES * 10 }, (_, i) => new Int8Array(EXP_M_BUFFER, i * M_SIZE, M_SIZE));

/** Keep tryEngine's last move (where it ends, whether it met the edge or the enemy, what it ran over) in entry o. */
function keepMove(o: number): void {
  EXP_Q[o] = simQ;
  EXP_R[o] = simR;
  EXP_F[o] = simF;
  EXP_FLAGS[o] = (simEdge ? 1 : 0) | (simShip ? 2 : 0);
  EXP_OVER[o] = simOverrun;
}

/** expSlot's paths: the second round (planScore, against E2) and the first (planEngine, against E1). */
const EXP_SECOND = 0;
const EXP_FIRST = 8;
/** The entry of pose (q, r, f), mat m and path (its key written if it is not filled), or -1 when it cannot be kept. */
function expSlot(q: number, r: number, f: number, m: Int8Array, path: number): number {
  if (q < -512 || q >= 512 || r < -512 || r >= 512) return -1;
  const pose = ((q + 512) << 14) | ((r + 512) << 4) | path | f;
  const mat = matKey(m);
  const sup = m[8] | (m[9] << 8) | (m[10] << 16);
  const gen = MOVE_GEN[0];
  let h = (Math.imul(pose, 0x9e3779b1) ^ Math.imul(mat, 0x85ebca77) ^ Math.imul(sup, 0xc2b2ae35)) >>> 24;
  for (let probe = 0; probe < 32; probe++) {
    if (EXP_STAMP[h] !== gen) {
      EXP_POSE[h] = pose;
      EXP_MAT[h] = mat;
      EXP_SUP[h] = sup;
      return h;
    }
    if (EXP_POSE[h] === pose && EXP_MAT[h] === mat && EXP_SUP[h] === sup) return h;
    h = (h + 1) & (EXP_SIZE - 1);
  }
  return -1;
}

/** The planned engine setting and where it takes us (set by planEngine). */
export let PLAN_E = ENGINE_NONE;
export let PLAN_Q = 0;
export let PLAN_R = 0;
export let PLAN_F = 0;

/**
 * Choose the engine setting (7.2.1) by a two-round look-ahead over the ten settings. The
 * planned pose's planScore is kept in NUM[PLAN_SCORE] (Power to Engines' base): the same
 * pose and mat would score the same again.
 */
export function planEngine(): void {
  const q0 = V.shipQ[ME];
  const r0 = V.shipR[ME];
  const f0 = V.facing[ME];
  matLoad(ME, M0_);
  let bestScore = -1e18;
  let bestE = ENGINE_NONE;
  // The first round's settings, mats and moves are the style-free part: listed into an
  // entry, kept like planScore's second rounds (EXP_FIRST) while the styles share their
  // work, else the scratch entry; then each is scored. Filled and stamped before scoring,
  // so planScore's lists, made meanwhile, keep off it.
  const kept = SHARE_ === false ? -1 : expSlot(q0, r0, f0, M0_, EXP_FIRST);
  const x = kept >= 0 ? kept : EXP_SCRATCH;
  const gen = MOVE_GEN[0];
  const mats = EXP_MATS;
  if (x === EXP_SCRATCH || EXP_STAMP[x] !== gen) {
    let seen = 0;
    for (let i = 0; i < 10; i++) {
      const e = engineSetting(i, f0);
      const o = x * 10 + seen;
      if (!tryEngine(e, q0, r0, f0, M0_, mats[o], SEEN1_, seen, E1Q_, E1R_, E1F_, E1N)) continue;
      keepMove(o);
      EXP_E[o] = e;
      seen++;
    }
    EXP_N[x] = seen;
    EXP_STAMP[x] = gen;
  }
  for (let o = x * 10, end = o + EXP_N[x]; o < end; o++) {
    const flags = EXP_FLAGS[o];
    const score = planScore(EXP_Q[o], EXP_R[o], EXP_F[o], mats[o]);
    const v = afterMove(score, EXP_OVER[o], (flags & 1) !== 0, (flags & 2) !== 0, 1);
    if (v > bestScore + TIE) {
      bestScore = v;
      bestE = EXP_E[o];
      NUM_[PLAN_SCORE_] = score;
    }
  }
  matCopy(M0_, PLAN_M_);
  matEngine(PLAN_M_, bestE, f0);
  simMove(q0, r0, f0, PLAN_M_, E1Q_, E1R_, E1F_, E1N);
  PLAN_E = bestE;
  PLAN_Q = simQ;
  PLAN_R = simR;
  PLAN_F = simF;
}

/** The best Power to Engines direction from pose (q, r, f) with mat m, and what it gains over not moving (10.1.6). */
export let P2E_DIR = 0;
/** Doubles kept between calls live in a typed array: a module-level `let` holding a double is a heap number per write. */
export const NUM = new Float64Array(2);
export const P2E_GAIN = 0;
/** planScore of the planned pose and mat (set by planEngine). */
export const PLAN_SCORE = 1;
const NUM_ = NUM, P2E_GAIN_ = P2E_GAIN, PLAN_SCORE_ = PLAN_SCORE;
export function planPowerToEngines(q: number, r: number, f: number, m: Int8Array, base: number): void {
  P2E_DIR = f;
  NUM_[P2E_GAIN_] = -1e9;
  // Directions relative to the facing (TURN_ORDER), so ties break the same way on any heading.
  for (let k = 0; k < 6; k++) {
    const d = (f + TURN_ORDER[k]) % 6;
    const nq = q + DQ[d];
    const nr = r + DR[d];
    let v = 0;
    if (hullMargin(myHull, nq, nr, f) === 0) v -= UNSAFE_;
    if (enHull && hullsOverlap(myHull, nq, nr, f, enHull, E1Q_[E1N], E1R_[E1N], E1F_[E1N])) v += hooks.collision(1);
    matCopy(m, M3_);
    matThrust(M3_, d);
    v += planScore(nq, nr, f, M3_);
    if (v - base > NUM_[P2E_GAIN_] + TIE) {
      NUM_[P2E_GAIN_] = v - base;
      P2E_DIR = d;
    }
  }
}

// ---- commands

export function inHand(c: number): boolean {
  return V.cardLoc[ME * CARDS + c] === LOC_HAND;
}
/** Position of a card on our cooldown track (0 = Ready), or -1 when it is elsewhere. */
export function trackPos(c: number): number {
  const loc = V.cardLoc[ME * CARDS + c];
  return loc >= LOC_TRACK ? loc - LOC_TRACK : -1;
}

/** Commit the two best cards in hand by CARD_VALUE, ordered by `slotKey` (lower first), with the engine and Power to Engines direction. */
export function commitBest(slotKey: (c: number) => number, engine: number, p2eDir: number): number {
  let a = CARD_NONE;
  let b = CARD_NONE;
  for (let c = 0; c < CARDS; c++) {
    if (!inHand(c)) continue;
    if (a === CARD_NONE || CARD_VALUE_[c] > CARD_VALUE_[a]) {
      b = a;
      a = c;
    } else if (b === CARD_NONE || CARD_VALUE_[c] > CARD_VALUE_[b]) b = c;
  }
  if (b !== CARD_NONE && slotKey(b) < slotKey(a)) {
    const t = a;
    a = b;
    b = t;
  }
  const p2e = a === Cmd.PowerToEngines || b === Cmd.PowerToEngines;
  return encodeCommit(engine, a, b, p2e ? p2eDir : 0);
}

/** Total armour missing from our hull. */
export function armourMissing(): number {
  let missing = 0;
  for (let s = 0; s < myHull.sectionCount; s++) missing += myHull.armour[s] - V.armour[ME * MAX_SECTIONS + s];
  return missing;
}
export function shieldsOn(): number {
  let n = 0;
  for (let s = 0; s < myHull.sectionCount; s++) n += V.shields[ME * MAX_SECTIONS + s];
  return n;
}
/** Room for shields (4.1.1): capacity left on the hull, limited by the box supply. */
export function shieldRoom(): number {
  return Math.min(myHull.shieldCapTotal - shieldsOn(), V.g[G_SUPPLY_SHIELDS]);
}

export function pdRange(): number {
  return myFaction.pointDefence[V.loadout[ME * 8 + LO_PD]].range;
}

/** Enemy torpedoes and corvettes within `reach` hexes of our hull (at its pose now). */
export function threatsNear(reach: number): number {
  let n = 0;
  for (let i = 0, top = V.g[G_TOK_TOP]; i < top; i++) {
    const kind = V.tokKind[i];
    if ((kind !== SMALL_TORPEDO && kind !== SMALL_CORVETTE) || V.tokOwner[i] === ME) continue;
    if (distanceToHull(myHull, V.shipQ[ME], V.shipR[ME], V.facing[ME], V.tokQ[i], V.tokR[i]) <= reach) n++;
  }
  return n;
}

/** Point-defence targets in reach now (9.2.1). */
export function pdTargetsNow(): number {
  return K.weapons.pointDefenceTargets(V, ME, pdRange(), LIST_, 0);
}

/** How much we want to shoot a target id (hull hex or small token); higher is better. */
export function targetValue(t: number): number {
  if (t >= TGT_HULL) {
    const v = (t - TGT_HULL) >> 4;
    const h = (t - TGT_HULL) & 15;
    const sec = K.faction(V, v).hull.hexSection[h];
    return 9 - V.shields[v * MAX_SECTIONS + sec] - 0.8 * V.armour[v * MAX_SECTIONS + sec];
  }
  const d = distanceToHull(myHull, V.shipQ[ME], V.shipR[ME], V.facing[ME], V.tokQ[t], V.tokR[t]);
  if (V.tokKind[t] === SMALL_TORPEDO) return 12 - d;
  if (V.tokKind[t] === SMALL_CORVETTE) {
    const o = V.tokOwner[t];
    const w = K.faction(V, o).corvettes[V.loadout[o * 8 + LO_CORVETTES + V.tokRef[t] - 2]].weapon;
    return (w ? 7 + w.damage : 4) - 0.5 * d;
  }
  return 0;
}

export function chooseTarget(ctx: DecisionContext): number {
  let best = ctx.legal[0];
  let bestV = -1e9;
  for (let i = 0; i < ctx.count; i++) {
    const v = targetValue(ctx.legal[i]);
    if (v > bestV) {
      bestV = v;
      best = ctx.legal[i];
    }
  }
  return best;
}

/** A held Defence Stations at a firing window (10.1.4): fire at a close torpedo or armed corvette (any target when pdEager). */
export function choosePdWindow(ctx: DecisionContext): number {
  let best = 0;
  let bestV = KIT_.pdEager ? -1e9 : 6.5;
  for (let i = 1; i < ctx.count; i++) {
    const v = targetValue(ctx.legal[i] - 1);
    if (v > bestV) {
      bestV = v;
      best = ctx.legal[i];
    }
  }
  return best;
}

/** Our hull hex that the enemy's main line (from its pose after drifting) meets first, or -1. */
export function enemyLineHex(): number {
  if (!enHull) return -1;
  const m = enHull.mounts.main[0];
  if (!m) return -1;
  const ef = E1F_[E1N];
  const o = ef * enHull.hexCount;
  let q = E1Q_[E1N] + enHull.rotQ[o + m.hex];
  let r = E1R_[E1N] + enHull.rotR[o + m.hex];
  const dir = (ef + m.directions[0]) % 6;
  const sq = V.shipQ[ME];
  const sr = V.shipR[ME];
  const sf = V.facing[ME];
  const reach = MY_REACH;
  for (let k = 0; k < 12; k++) {
    q += DQ[dir];
    r += DR[dir];
    if (edgeDistance(q, r) === 0) return -1;
    // Our hull lies within its reach of its centre: a hex further away is not looked up.
    if (distance(q, r, sq, sr) > reach) continue;
    const h = hullHexAt(myHull, sq, sr, sf, q, r);
    if (h >= 0) return h;
  }
  return -1;
}

/** Exposure of one of our sections: higher the nearer it is to the enemy hull or an enemy torpedo, and on the enemy's main line. */
export function sectionExposure(sec: number, lineHex: number): number {
  if (!enHull) return 0;
  const q = V.shipQ[ME];
  const r = V.shipR[ME];
  const f = V.facing[ME];
  const o = f * myHull.hexCount;
  let near = 1 << 30;
  let onLine = 0;
  for (let i = 0; i < myHull.hexCount; i++) {
    if (myHull.hexSection[i] !== sec) continue;
    if (i === lineHex) onLine = 2;
    const hq = q + myHull.rotQ[o + i];
    const hr = r + myHull.rotR[o + i];
    // Every enemy hull hex lies within EN_REACH of its centre: a hex that far from the
    // centre, less EN_REACH, cannot come nearer than `near`, and is not measured.
    if (distance(hq, hr, E1Q_[E1N], E1R_[E1N]) - EN_REACH < near) {
      const d = distanceToHull(enHull, E1Q_[E1N], E1R_[E1N], E1F_[E1N], hq, hr);
      if (d < near) near = d;
    }
    for (let t = 0; t < NET; t++) {
      const dt = distance(hq, hr, ETQ_[t], ETR_[t]);
      if (dt < near) near = dt;
    }
  }
  return onLine - near;
}

/** chooseShield's room per section, its arrangement, and each section's exposure (the same for every shield placed). */
const shieldRoomAt = new Int32Array(MAX_SECTIONS);
const shieldPut = new Int32Array(MAX_SECTIONS);
const shieldExposure = new Float64Array(MAX_SECTIONS);

/**
 * How to arrange the shields in hand (4.1.1): one at a time, each on the section with the
 * best value, the exposed sections first, spreading over them.
 */
export function chooseShield(ctx: DecisionContext): number {
  const line = enemyLineHex();
  const n = myHull.sectionCount;
  const placing = ctx.kernel.shieldRoom(V, ME, shieldRoomAt);
  for (let sec = 0; sec < n; sec++) {
    shieldPut[sec] = 0;
    shieldExposure[sec] = placing > 0 && shieldRoomAt[sec] > 0 ? sectionExposure(sec, line) : 0;
  }
  for (let k = 0; k < placing; k++) {
    let best = -1;
    let bestV = -1e9;
    for (let sec = 0; sec < n; sec++) {
      if (shieldPut[sec] >= shieldRoomAt[sec]) continue;
      const v = 2 * shieldExposure[sec] - 1.5 * (V.shields[ME * MAX_SECTIONS + sec] + shieldPut[sec]) - 0.3 * V.armour[ME * MAX_SECTIONS + sec];
      if (v > bestV) {
        bestV = v;
        best = sec;
      }
    }
    shieldPut[best]++;
  }
  return encodeShields(shieldPut, n);
}

/** Which armour point to restore: an open section first, then the exposed ones. */
export function chooseRepair(ctx: DecisionContext): number {
  const line = enemyLineHex();
  let best = ctx.legal[0];
  let bestV = -1e9;
  for (let i = 0; i < ctx.count; i++) {
    const sec = ctx.legal[i];
    const v = (V.armour[ME * MAX_SECTIONS + sec] === 0 ? 6 : 0) + sectionExposure(sec, line) + 0.3 * (myHull.armour[sec] - V.armour[ME * MAX_SECTIONS + sec]);
    if (v > bestV) {
      bestV = v;
      best = sec;
    }
  }
  return best;
}

/** Which arrow of a multi-direction mount fires (4.2.2): the one with the best shot now. */
export function chooseFireDir(ctx: DecisionContext): number {
  const src = V.g[G_FSRC]; // 0 main, 1 port, 2 starboard (the kernel's firing sources)
  const mounts = src === 0 ? myHull.mounts.main : src === 1 ? myHull.mounts.port : myHull.mounts.starboard;
  const m = mounts[V.g[G_FMOUNT]];
  const w = src === 0 ? mainWeapon() : broadsideWeapon();
  if (!m || !enHull) return ctx.legal[0];
  const q = V.shipQ[ME];
  const r = V.shipR[ME];
  const f = V.facing[ME];
  const o = f * myHull.hexCount;
  let best = ctx.legal[0];
  let bestV = -1e9;
  for (let i = 0; i < ctx.count; i++) {
    const dir = (f + m.directions[ctx.legal[i]]) % 6;
    const v =
      w.weaponClass === WeaponClass.Projectile && speedAlong(NOW_M_, dir) >= w.speed
        ? -w.damage
        : weaponValue(w, q + myHull.rotQ[o + m.hex], r + myHull.rotR[o + m.hex], dir, enHull, enHull.evasion, V.shipQ[EN], V.shipR[EN], V.facing[EN], E1Q_[E1N], E1R_[E1N], E1F_[E1N]);
    if (v > bestV + TIE) {
      bestV = v;
      best = ctx.legal[i];
    }
  }
  return best;
}

// ---- corvettes (10.1.3, 11)

export function corvWeapon(slot: number): Weapon | null {
  return K.corvettes.card(V, ME, slot).weapon;
}

/**
 * The corvette helpers below return values in thousandths of a point, as integers: V8 hands
 * a double back from a call that is not inlined as a fresh heap number, a small integer not.
 */
export function milli(v: number): number {
  return Math.round(v * 1000);
}

/** What a corvette card is worth aboard (thousandths): its weapon's damage, a little for speed. */
export function corvWorth(slot: number): number {
  const c = K.corvettes.card(V, ME, slot);
  return milli((c.weapon ? c.weapon.damage + 1 : 0) + 0.1 * c.speed);
}

/** The hex range a corvette's weapon wants to work from. */
export function idealRange(w: Weapon): number {
  if (w.weaponClass === WeaponClass.DirectFire || w.weaponClass === WeaponClass.Beam) return Math.max(1, w.range - 1);
  return 3;
}

/**
 * Value (thousandths) of corvette `slot` standing at (q, r) facing f: a shot now (if it still may fire this
 * round with an activation to spare), else a shot next round after its compelled move;
 * closing to its weapon's range; and not dying on the compelled move (7.2.4: off the
 * board, onto a hull, onto a token).
 */
export function corvPosValue(slot: number, q: number, r: number, f: number, canFire: boolean, self: number): number {
  let v = 0;
  const nq = q + DQ[f];
  const nr = r + DR[f];
  const ed = edgeDistance(nq, nr);
  if (ed === 0) v -= 6;
  else if (ed === 1 && edgeDistance(nq + DQ[f], nr + DR[f]) === 0) v -= 1.5;
  // A hull's hexes lie within its reach of its centre: a hex further away is not looked up.
  const dq = D1Q_[D1N];
  const dr = D1R_[D1N];
  if (distance(nq, nr, dq, dr) <= MY_REACH && hullHexAt(myHull, dq, dr, D1F_[D1N], nq, nr) >= 0) v -= 6;
  if (K.weapons.tokenOn(V, q, r, 0, self) >= 0) v -= 8;
  if (!enHull) return milli(v);
  const e1q = E1Q_[E1N];
  const e1r = E1R_[E1N];
  if (distance(nq, nr, e1q, e1r) <= EN_REACH && hullHexAt(enHull, e1q, e1r, E1F_[E1N], nq, nr) >= 0) v -= 6;
  const w = corvWeapon(slot);
  const eq = V.shipQ[EN];
  const er = V.shipR[EN];
  const ef = V.facing[EN];
  if (w) {
    const now = canFire ? weaponValue(w, q, r, f, enHull, enHull.evasion, eq, er, ef, E1Q_[E1N], E1R_[E1N], E1F_[E1N]) : 0;
    const next = 0.5 * weaponValue(w, nq, nr, f, enHull, enHull.evasion, E1Q_[E1N], E1R_[E1N], E1F_[E1N], E2Q_[E2N], E2R_[E2N], E2F_[E2N]);
    v += now > next ? now : next;
    v -= 0.15 * Math.abs(distanceToHull(enHull, eq, er, ef, q, r) - idealRange(w));
    v -= 0.1 * turnsToFace(q, r, f, eq, er);
  } else v -= 0.1 * Math.abs(distanceToHull(myHull, V.shipQ[ME], V.shipR[ME], V.facing[ME], q, r) - 2);
  return milli(v);
}

/** Value (thousandths) of firing corvette `slot` from where it stands now. */
export function corvFireValue(slot: number): number {
  const w = corvWeapon(slot);
  if (!w || !enHull) return 0;
  const i = V.corvTok[ME * CORVETTES + slot];
  const v = weaponValue(w, V.tokQ[i], V.tokR[i], V.tokFacing[i], enHull, enHull.evasion, V.shipQ[EN], V.shipR[EN], V.facing[EN], E1Q_[E1N], E1R_[E1N], E1F_[E1N]);
  // Direct fire is only offered with a target: a token target is worth a little.
  return milli(w.weaponClass === WeaponClass.DirectFire && v === 0 ? 0.6 : v);
}

/** One corvette activation (11.1.2-11.1.3): the action that gains most, greedily. */
export function chooseActivation(ctx: DecisionContext): number {
  const left = V.g[G_ACT_LEFT];
  for (let slot = 0; slot < CORVETTES; slot++) {
    const idx = ME * CORVETTES + slot;
    if (V.corvLoc[idx] !== CORV_BOARD) continue;
    const i = V.corvTok[idx];
    CORV_NOW_[slot] = corvPosValue(slot, V.tokQ[i], V.tokR[i], V.tokFacing[i], !V.corvFired[idx] && left >= 1, i);
  }
  let best = ACT_PASS;
  let bestV = 50;
  for (let k = 0; k < ctx.count; k++) {
    const a = ctx.legal[k];
    if (a === ACT_PASS) continue;
    let v: number;
    if (a >= ACT_FIRE) {
      const slot = a - ACT_FIRE;
      const i = V.corvTok[ME * CORVETTES + slot];
      v = corvFireValue(slot) - 300 + corvPosValue(slot, V.tokQ[i], V.tokR[i], V.tokFacing[i], false, i) - CORV_NOW_[slot];
    } else {
      decodeMove(a, MV_);
      const slot = MV_[0];
      const idx = ME * CORVETTES + slot;
      const i = V.corvTok[idx];
      const dir = (V.tokFacing[i] + MV_[1] + 6) % 6;
      const q = V.tokQ[i] + DQ[dir] * MV_[2];
      const r = V.tokR[i] + DR[dir] * MV_[2];
      const f = (dir + MV_[3] + 6) % 6;
      v = corvPosValue(slot, q, r, f, !V.corvFired[idx] && left >= 2, i) - CORV_NOW_[slot];
    }
    if (v > bestV + TIE) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/**
 * Which corvette to launch, where and turned how (11.1.1): the best card at the best spot.
 * The kernel lists a spot and turn once for every corvette aboard, one after another: the
 * spot is found once for them, and a slot holding the same card as an earlier one there
 * (the same value, which cannot beat the earlier one) is not valued again.
 */
export function chooseLaunch(ctx: DecisionContext): number {
  const legal = ctx.legal;
  const count = ctx.count;
  const loadout = V.loadout;
  const cardBase = ME * 8 + LO_CORVETTES;
  let best = legal[0];
  let bestV = -1e9;
  let h = -1;
  let e = -1;
  let t = -1;
  let free = false;
  /** Cards valued at the current spot and turn (a bit per card id below 31). */
  let cards = 0;
  for (let k = 0; k < count; k++) {
    const a = legal[k];
    decodeLaunch(a, MV_);
    if (MV_[1] !== h || MV_[2] !== e || MV_[3] !== t) {
      h = MV_[1];
      e = MV_[2];
      t = MV_[3];
      free = K.corvettes.launchSpot(V, ME, h, e, t, XY_);
      cards = 0;
    }
    if (!free) continue;
    const slot = MV_[0];
    const card = loadout[cardBase + slot];
    const bit = card < 31 ? 1 << card : 0;
    if ((cards & bit) !== 0) continue;
    cards |= bit;
    const v = (corvWorth(slot) >> 1) + corvPosValue(slot, XY_[0], XY_[1], XY_[2], true, -1);
    if (v > bestV + TIE) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

export function chooseRepairCorvette(ctx: DecisionContext): number {
  let best = ctx.legal[0];
  for (let k = 1; k < ctx.count; k++) if (corvWorth(ctx.legal[k]) > corvWorth(best)) best = ctx.legal[k];
  return best;
}

export function corvettesIn(loc: number): number {
  let n = 0;
  for (let slot = 0; slot < CORVETTES; slot++) if (V.corvLoc[ME * CORVETTES + slot] === loc) n++;
  return n;
}

/** Corvettes! option (10.1.3): launch while any are aboard, else fly those out, else repair. */
export function chooseCorvetteOption(ctx: DecisionContext): number {
  let launch = false;
  let activate = false;
  let repair = false;
  for (let i = 0; i < ctx.count; i++) {
    if (ctx.legal[i] === CORV_LAUNCH) launch = true;
    else if (ctx.legal[i] === CORV_ACTIVATE) activate = true;
    else if (ctx.legal[i] === CORV_REPAIR) repair = true;
  }
  if (launch) return CORV_LAUNCH;
  if (activate && (corvettesIn(CORV_BOARD) >= 2 || !repair)) return CORV_ACTIVATE;
  if (repair) return CORV_REPAIR;
  return ctx.legal[0];
}

/**
 * Defence Stations (10.1.4): shoot what is in reach now; with `holdForThreats`, hold the card
 * face up (to shoot at the firing windows) while enemy torpedoes or corvettes close in;
 * else raise shields while there is room; else hold.
 */
export function chooseDefence(ctx: DecisionContext, holdForThreats: boolean): number {
  if (pdTargetsNow() > 0) return DEF_FIRE;
  let canHold = false;
  let canShield = false;
  for (let i = 0; i < ctx.count; i++) {
    if (ctx.legal[i] === DEF_HOLD) canHold = true;
    else if (ctx.legal[i] === DEF_SHIELDS) canShield = true;
  }
  if (canHold && holdForThreats && threatsNear(pdRange() + 4) > 0) return DEF_HOLD;
  if (canShield && shieldRoom() > 0) return DEF_SHIELDS;
  return canHold ? DEF_HOLD : DEF_FIRE;
}

/** Answers shared by every style; the style handles D_COMMIT, D_VENT, D_DEFENCE and D_P2E_DIR. */
export function kitChoose(ctx: DecisionContext): number {
  switch (ctx.decision) {
    case D_SHIELD:
      return chooseShield(ctx);
    case D_REPAIR:
      return chooseRepair(ctx);
    case D_FIRE_DIR:
      return chooseFireDir(ctx);
    case D_TARGET:
      return chooseTarget(ctx);
    case D_BOOST:
      return KIT_.payAccuracy ? 1 : 0;
    case D_CORV_OPTION:
      return chooseCorvetteOption(ctx);
    case D_LAUNCH:
      return chooseLaunch(ctx);
    case D_ACTIVATE:
      return chooseActivation(ctx);
    case D_PD_WINDOW:
      return choosePdWindow(ctx);
    case D_REPAIR_CORV:
      return chooseRepairCorvette(ctx);
  }
  return ctx.legal[0];
}

/** Power to Engines played through Vent Coolant: its direction now. */
export function chooseP2EDirection(): number {
  matLoad(ME, M1_);
  const q = V.shipQ[ME];
  const r = V.shipR[ME];
  const f = V.facing[ME];
  planPowerToEngines(q, r, f, M1_, planScore(q, r, f, M1_));
  return P2E_DIR;
}

