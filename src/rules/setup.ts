/**
 * Match setup (rulebook 2; loadouts 5): a match description checked and placed on a state: ships with
 * their loadouts, mats, armour, shields and cooldown tracks, and small tokens on the board.
 *
 * Why it is built this way: a state is cleared by one byte copy of a blank state, and a
 * setup that cannot be played throws SetupError naming the problem; kernel.ts's setup()
 * places the match with placeMatch and then starts the first round.
 */
import { GameState } from './state.js';
import type { KernelCore } from './kernel-core.js';
import type { LoadoutTable } from './tables.js';
import * as stateModule from './state.js';
import * as momentumModule from './momentum.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_PLAYERS, MAX_SECTIONS, MAX_TOKENS, MAX_COOLDOWN, MAX_FACTION_SUPPLIES, LIN_SLOTS, ROT_SLOTS,
  CARDS, TOK_CW, TOK_CCW, TOK_NONE, LOC_HAND, LOC_TRACK, SMALL_CORVETTE, G_ROUND, G_WINNER,
  G_PLAYERS, G_CUR_CARD, G_VENTED, G_SUPPLY_SHIELDS, G_SUPPLY_LINEAR, G_SUPPLY_CW, G_SUPPLY_CCW,
  G_ROUND_LIMIT, G_TOKEN_SERIAL, G_TOK_TOP, CORVETTES, CORV_ABOARD, CORV_BOARD, CORV_DESTROYED,
  CORV_NONE, LO_MAIN, LO_BROADSIDE, LO_HANGAR, LO_PD, LO_CORVETTES,
} = stateModule;
const { supplyField } = momentumModule;

/** What setup clears a state to before placing the ships: zeros, empty token slots, no commitments. */
const BLANK = new GameState();
BLANK.lin.fill(TOK_NONE);
BLANK.rot.fill(TOK_NONE);
BLANK.committed.fill(-1);
BLANK.engine.fill(-1);
BLANK.p2eDir.fill(-1);
BLANK.tokOwner.fill(-1);
BLANK.ccTok.fill(-1);
BLANK.lastHit.fill(-1);

/** A ship's starting setup, fully resolved (no randomness: scenarios resolve it first). */
export interface ShipSetup {
  faction: number;
  loadout: LoadoutTable;
  q: number;
  r: number;
  facing: number;
  /** Momentum mat, token codes: 0..5 linear directions, 6 clockwise, 7 counter-clockwise. */
  momentum?: number[];
  armour?: number[];
  shields?: number[];
  structure?: number;
  /** Cooldown track position per card (Cmd order); -1 or absent = in hand. */
  cooldown?: number[];
  /** Corvette slots that start destroyed (CORV_DESTROYED) rather than aboard; on-board ones are tokens. */
  corvettes?: number[];
  /**
   * The ship's team label (rulebook 3): required with 4 ships (two labels, two ships each, one
   * faction per team); with 2-3 ships absent or all different (free-for-all). Any small
   * integers: the state's team id is the lowest seat carrying the label.
   */
  team?: number;
}
export interface TokenSetup {
  /** SMALL_PROJECTILE, SMALL_TORPEDO or SMALL_CORVETTE. */
  kind: number;
  owner: number;
  /** Which weapon/corvette: 0 main weapon, 1 broadside, 2 + k corvette slot k. */
  ref: number;
  q: number;
  r: number;
  facing: number;
}
export interface MatchSetup {
  ships: ShipSetup[];
  tokens?: TokenSetup[];
  roundLimit?: number;
}

/** A setup that cannot be played (names what is wrong). */
export class SetupError extends Error {}

/**
 * Teams and factions (rulebook 3): 2 and 3 players are free-for-all, every seat its own team
 * (team id = seat), each with a different faction at 3 players unless the rule switch
 * repeatFactions allows repeats; 4 players are two teams of two, each team of one faction.
 * A team's id is its lowest seat (state.ts GameState.team).
 */
function placeTeams(k: KernelCore, s: GameState, m: MatchSetup): void {
  const ships = m.ships;
  const n = ships.length;
  if (n === 4) {
    for (let p = 0; p < n; p++) if (ships[p].team === undefined) throw new SetupError(`ship ${p}: a 4-player game is two teams of two (rulebook 3); give every ship a team`);
    for (let p = 0; p < n; p++) {
      let first = p;
      let members = 0;
      for (let o = 0; o < n; o++) {
        if (ships[o].team !== ships[p].team) continue;
        if (o < first) first = o;
        members++;
        if (ships[o].faction !== ships[p].faction) throw new SetupError(`ships ${Math.min(o, p)} and ${Math.max(o, p)}: a team flies one faction (rulebook 3)`);
      }
      if (members !== 2) throw new SetupError(`ship ${p}: team ${ships[p].team} has ${members} ships; a 4-player game is two teams of two (rulebook 3)`);
      s.team[p] = first;
    }
    return;
  }
  for (let p = 0; p < n; p++) {
    s.team[p] = p;
    for (let o = 0; o < p; o++) {
      if (ships[p].team !== undefined && ships[p].team === ships[o].team) throw new SetupError(`ships ${o} and ${p}: ${n}-player games are free-for-all (rulebook 3); teams are for 4 players`);
      if (n === 3 && ships[p].faction === ships[o].faction && !k.t.rules.repeatFactions)
        throw new SetupError(`ships ${o} and ${p} fly the same faction: each player of a 3-player game selects a different faction (rulebook 3; rule switch repeatFactions allows repeats)`);
    }
  }
}

/** Clear `s` and place the match on it (the round is not started); throws SetupError naming the problem. */
export function placeMatch(k: KernelCore, s: GameState, m: MatchSetup): void {
  s.touch();
  // One byte copy of a blank state (TypedArray fill is a slow C++ builtin; set is not).
  s.bytes.set(BLANK.bytes);
  const n = m.ships.length;
  if (n < 2 || n > MAX_PLAYERS) throw new SetupError(`a match needs 2 to ${MAX_PLAYERS} ships, got ${n}`);
  const g = s.g;
  g[G_PLAYERS] = n;
  g[G_ROUND] = 1;
  g[G_ROUND_LIMIT] = m.roundLimit ?? k.t.roundLimit;
  g[G_WINNER] = -1;
  g[G_SUPPLY_SHIELDS] = k.t.supplies.shields;
  g[G_SUPPLY_LINEAR] = k.t.supplies.linear;
  g[G_SUPPLY_CW] = k.t.supplies.clockwise;
  g[G_SUPPLY_CCW] = k.t.supplies.counterClockwise;
  g[G_CUR_CARD] = -1;
  g[G_VENTED] = -1;
  placeTeams(k, s, m);
  for (let p = 0; p < n; p++) {
    const sh = m.ships[p];
    const f = k.t.factions[sh.faction];
    if (!f) throw new SetupError(`ship ${p}: unknown faction index ${sh.faction}`);
    const hull = f.hull;
    s.faction[p] = sh.faction;
    s.alive[p] = 1;
    s.shipQ[p] = sh.q;
    s.shipR[p] = sh.r;
    s.facing[p] = sh.facing;
    const lo = p * 8;
    s.loadout[lo + LO_MAIN] = sh.loadout.main;
    s.loadout[lo + LO_BROADSIDE] = sh.loadout.broadside;
    s.loadout[lo + LO_HANGAR] = sh.loadout.hangar;
    s.loadout[lo + LO_PD] = sh.loadout.pointDefence;
    for (let c = 0; c < CORVETTES; c++) {
      const card = sh.loadout.corvettes[c] ?? -1;
      s.loadout[lo + LO_CORVETTES + c] = card;
      const loc = sh.corvettes?.[c] ?? CORV_ABOARD;
      if (loc !== CORV_ABOARD && loc !== CORV_DESTROYED) throw new SetupError(`ship ${p}: corvette ${c + 1} may start aboard or destroyed (place it on the board as a token)`);
      s.corvLoc[p * CORVETTES + c] = card < 0 ? CORV_NONE : loc;
      s.corvTok[p * CORVETTES + c] = -1;
    }
    for (let sec = 0; sec < hull.sectionCount; sec++) {
      const a = sh.armour?.[sec] ?? hull.armour[sec];
      if (a < 0 || a > hull.armour[sec]) throw new SetupError(`ship ${p}: armour of section ${hull.sectionNames[sec]} must be 0..${hull.armour[sec]}, got ${a}`);
      s.armour[p * MAX_SECTIONS + sec] = a;
    }
    s.structure[p] = sh.structure ?? hull.structure;
    if (s.structure[p] <= 0 || s.structure[p] > hull.structure) throw new SetupError(`ship ${p}: structure must be 1..${hull.structure}, got ${s.structure[p]}`);
    let shieldTotal = 0;
    for (let sec = 0; sec < hull.sectionCount; sec++) {
      const v = sh.shields?.[sec] ?? 0;
      if (v < 0 || v > hull.shieldCapSection) throw new SetupError(`ship ${p}: shields on ${hull.sectionNames[sec]} must be 0..${hull.shieldCapSection}, got ${v}`);
      s.shields[p * MAX_SECTIONS + sec] = v;
      shieldTotal += v;
    }
    if (shieldTotal > hull.shieldCapTotal) throw new SetupError(`ship ${p}: ${shieldTotal} shields exceed the ship's total capacity ${hull.shieldCapTotal}`);
    if (shieldTotal > g[G_SUPPLY_SHIELDS]) throw new SetupError(`ship ${p}: not enough shield tokens left in the supply`);
    g[G_SUPPLY_SHIELDS] -= shieldTotal;
    const momentum = sh.momentum;
    const mlen = momentum ? momentum.length : 0;
    for (let mi = 0; mi < mlen; mi++) {
      const code = momentum![mi];
      if (code < 0 || code > TOK_CCW) throw new SetupError(`ship ${p}: bad momentum token code ${code}`);
      const isRot = code >= TOK_CW;
      if (isRot ? s.rotCount[p] >= ROT_SLOTS : s.linCount[p] >= LIN_SLOTS)
        throw new SetupError(`ship ${p}: momentum mat holds at most ${LIN_SLOTS} linear and ${ROT_SLOTS} rotational tokens`);
      const sf = supplyField(code);
      if (g[sf] <= 0) throw new SetupError(`ship ${p}: the momentum token supply is empty`);
      g[sf]--;
      if (isRot) s.rot[p * ROT_SLOTS + s.rotCount[p]++] = code;
      else s.lin[p * LIN_SLOTS + s.linCount[p]++] = code;
    }
    for (let c = 0; c < CARDS; c++) {
      const pos = sh.cooldown?.[c] ?? -1;
      if (pos > MAX_COOLDOWN) throw new SetupError(`ship ${p}: cooldown position ${pos} above ${MAX_COOLDOWN}`);
      s.cardLoc[p * CARDS + c] = pos < 0 ? LOC_HAND : LOC_TRACK + pos;
    }
    if (f.tokenSupplies.length > MAX_FACTION_SUPPLIES) throw new SetupError(`faction ${f.id}: too many token supplies`);
    for (let i = 0; i < f.tokenSupplies.length; i++) s.factionSupply[p * MAX_FACTION_SUPPLIES + i] = f.tokenSupplies[i].count;
  }
  const toks = m.tokens;
  const ntok = toks ? toks.length : 0;
  if (ntok > MAX_TOKENS) throw new SetupError(`at most ${MAX_TOKENS} tokens on the board`);
  for (let i = 0; i < ntok; i++) {
    const tk = toks![i];
    if (tk.owner < 0 || tk.owner >= n) throw new SetupError(`token ${i}: owner ${tk.owner} is not a player`);
    const sup = k.tokenSupplyOf(s, tk.owner, tk.kind, tk.ref);
    if (sup >= 0) {
      const idx = tk.owner * MAX_FACTION_SUPPLIES + sup;
      if (s.factionSupply[idx] <= 0) throw new SetupError(`token ${i}: its supply is already all on the board`);
      s.factionSupply[idx]--;
    } else if (tk.kind !== SMALL_CORVETTE) {
      throw new SetupError(`token ${i}: that weapon fires no tokens`);
    }
    s.tokKind[i] = tk.kind;
    s.tokOwner[i] = tk.owner;
    s.tokRef[i] = tk.ref;
    s.tokSupply[i] = sup;
    s.tokQ[i] = tk.q;
    s.tokR[i] = tk.r;
    s.tokFacing[i] = tk.facing;
    s.tokAge[i] = ++g[G_TOKEN_SERIAL];
    if (tk.kind === SMALL_CORVETTE) {
      const slot = tk.ref - 2;
      if (slot < 0 || slot >= CORVETTES || s.corvLoc[tk.owner * CORVETTES + slot] !== CORV_ABOARD)
        throw new SetupError(`token ${i}: ship ${tk.owner}'s corvette ${slot + 1} is not available to place`);
      s.corvLoc[tk.owner * CORVETTES + slot] = CORV_BOARD;
      s.corvTok[tk.owner * CORVETTES + slot] = i;
    }
  }
  g[G_TOK_TOP] = ntok;
  for (let i = 0; i < ntok; i++) {
    if (!k.move.hexOnBoard(s.tokQ[i], s.tokR[i])) throw new SetupError(`token ${i} at (${s.tokQ[i]}, ${s.tokR[i]}) is off the board`);
    for (let p = 0; p < n; p++) if (k.move.sectionAt(s, p, s.tokQ[i], s.tokR[i]) >= 0) throw new SetupError(`token ${i} at (${s.tokQ[i]}, ${s.tokR[i]}) is under ship ${p}`);
  }
  for (let p = 0; p < n; p++) {
    if (!k.move.onBoard(s, p)) throw new SetupError(`ship ${p} is not wholly on the board at (${s.shipQ[p]}, ${s.shipR[p]})`);
    for (let o = 0; o < p; o++) if (k.move.shipsOverlap(s, p, o, null, null)) throw new SetupError(`ships ${o} and ${p} overlap`);
  }
}
