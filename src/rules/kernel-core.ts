/**
 * The kernel's base layer: the tables, the numbers read once from them, the movement, weapons
 * and corvette engines, the event log, and the lookups every layer shares: a ship's faction
 * and weapons, seat order (docs/rules.md, 7.3), tie-breakers (7.3) and the end of the
 * match (3, 4.1).
 *
 * Why it is built this way: the Kernel is one class built in layers, one module each, each
 * extending the one below (kernel.ts lists them), so the round loop's calls stay plain
 * method calls on one object of one shape (no closures, no per-call objects). This layer
 * is the RulesContext (context.ts) that movement, weapons and corvettes are built with.
 */
import type { RulesContext } from './context.js';
import { Movement } from './movement.js';
import { Weapons } from './weapons.js';
import { Corvettes } from './corvettes.js';
import type { GameTables, FactionTable } from './tables.js';
import type { GameState } from './state.js';
import type { EventLog } from './events.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
import * as eventsModule from './events.js';
import * as decisionsModule from './decisions.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const {
  MAX_SECTIONS, CARDS, LIN_SLOTS, ROT_SLOTS, TOK_CW, TOK_NONE, LOC_HAND, LOC_TRACK, LOC_REMOVED,
  STATUS_ONGOING,
  STATUS_VICTORY, STATUS_DRAW, PHASE_OVER, SMALL_NONE, SMALL_CORVETTE, G_ROUND, G_PHASE, G_STATUS,
  G_WINNER, G_PLAYERS, G_PENDING, G_DECISION, G_INITIATIVE, G_SUPPLY_SHIELDS, G_SUPPLY_LINEAR,
  G_SUPPLY_CW, G_SUPPLY_CCW, G_HELD, G_CC_KILLS, LO_MAIN, LO_BROADSIDE, LO_HANGAR, LO_PD,
  LO_CORVETTES, STAT_SIZE, ST_KILLS,
} = stateModule;
const { Cmd } = tablesModule;
const { EV_DESTROYED, EV_END } = eventsModule;
const { D_NONE } = decisionsModule;

/** The loadout entry naming the component card whose tie-breaker a command uses (7.3); -1: the command card's own. */
const TIE_FIELD = Int8Array.of(LO_MAIN, LO_BROADSIDE, LO_BROADSIDE, LO_HANGAR, LO_PD, -1, -1, -1);

export class KernelCore implements RulesContext {
  readonly t: GameTables;
  readonly move: Movement;
  readonly weapons: Weapons;
  readonly corvettes: Corvettes;
  /** Tested with `!== null` here: one compare, where a truthiness test of the field is about ten instructions. */
  log: EventLog | null = null;
  /** Invariant checking after every resolved step (tests); see invariants.ts. */
  check: ((s: GameState, where: string) => void) | null = null;
  /** tables.rules.tieRule === 'rotate', read once (seatAt runs in every seat-order loop). */
  private readonly rotateSeats: boolean;
  /** tables.rules.broadsideFire, read once (stepFire asks it per mount; the pilot kit reads fireAllBroadside). */
  protected readonly chooseBroadside: boolean;
  readonly fireAllBroadside: boolean;
  /**
   * Command-card numbers read once from the tables, per faction f and card c (index
   * f * CARDS + c): priority (7.3) and cooldown (commands[c]), and the tie-breaker (7.3) at
   * tieVal[tieAt[k] + i], i the player's loadout entry TIE_FIELD[c] (0 when the card has
   * none) below tieCount[k]. Ordering a slot and finishing a command then need no faction
   * object walk.
   */
  protected readonly cmdPriority: Int32Array;
  protected readonly cmdCooldown: Int32Array;
  private readonly tieAt: Int32Array;
  private readonly tieCount: Int32Array;
  private readonly tieVal: Int32Array;
  /** Per faction: the hull's section count, shield capacity per section and in total (4.1.1), and armour per section (at f * MAX_SECTIONS + sec). */
  protected readonly hullSections: Int32Array;
  protected readonly shieldCapSection: Int32Array;
  protected readonly shieldCapTotal: Int32Array;
  protected readonly hullArmour: Int32Array;
  /** Per faction: the special ability card's kind, amount and cooldown (10.1.7). */
  protected readonly specialKind: Int32Array;
  protected readonly specialAmount: Int32Array;
  protected readonly specialCooldown: Int32Array;

  constructor(tables: GameTables) {
    this.t = tables;
    const nf = tables.factions.length;
    this.cmdPriority = new Int32Array(nf * CARDS);
    this.cmdCooldown = new Int32Array(nf * CARDS);
    this.tieAt = new Int32Array(nf * CARDS);
    this.tieCount = new Int32Array(nf * CARDS);
    const ties: number[] = [];
    for (let f = 0; f < nf; f++) {
      const fac = tables.factions[f];
      for (let c = 0; c < CARDS; c++) {
        const k = f * CARDS + c;
        this.cmdPriority[k] = fac.commands[c].priority;
        this.cmdCooldown[k] = fac.commands[c].cooldown;
        const cards: { tieBreaker: number }[] =
          c === Cmd.FireMain ? fac.mainWeapons
          : c === Cmd.PortBroadside || c === Cmd.StarboardBroadside ? fac.broadsides
          : c === Cmd.Corvettes ? fac.hangars
          : c === Cmd.DefenceStations ? fac.pointDefence
          : [c === Cmd.SpecialAbility ? fac.special : fac.commands[c]];
        this.tieAt[k] = ties.length;
        this.tieCount[k] = cards.length;
        for (const card of cards) ties.push(card.tieBreaker);
      }
    }
    this.tieVal = Int32Array.from(ties);
    this.hullSections = Int32Array.from(tables.factions, (f) => f.hull.sectionCount);
    this.shieldCapSection = Int32Array.from(tables.factions, (f) => f.hull.shieldCapSection);
    this.shieldCapTotal = Int32Array.from(tables.factions, (f) => f.hull.shieldCapTotal);
    this.hullArmour = new Int32Array(nf * MAX_SECTIONS);
    for (let f = 0; f < nf; f++) {
      const hull = tables.factions[f].hull;
      for (let sec = 0; sec < hull.sectionCount && sec < MAX_SECTIONS; sec++) this.hullArmour[f * MAX_SECTIONS + sec] = hull.armour[sec];
    }
    this.specialKind = Int32Array.from(tables.factions, (f) => f.special.kind);
    this.specialAmount = Int32Array.from(tables.factions, (f) => f.special.amount);
    this.specialCooldown = Int32Array.from(tables.factions, (f) => f.special.cooldown);
    this.rotateSeats = tables.rules.tieRule === 'rotate';
    this.chooseBroadside = tables.rules.broadsideFire === 'choose';
    this.fireAllBroadside = tables.rules.broadsideFire === 'all';
    this.move = new Movement(this);
    this.weapons = new Weapons(this, this.move);
    this.move.connect(this.weapons);
    this.corvettes = new Corvettes(this, this.move, this.weapons);
  }

  faction(s: GameState, p: number): FactionTable {
    return this.t.factions[s.faction[p]];
  }

  /** The faction supply index a token draws from, or -1 (corvettes, or a weapon without tokens). */
  tokenSupplyOf(s: GameState, p: number, kind: number, ref: number): number {
    const w = this.weaponOf(s, p, kind, ref);
    return w ? w.tokenSupply : -1;
  }

  /** The weapon card behind a token: 0 main, 1 broadside, 2 + k corvette slot k's weapon. */
  weaponOf(s: GameState, p: number, kind: number, ref: number) {
    if (kind === SMALL_CORVETTE || kind === SMALL_NONE) return null;
    const f = this.faction(s, p);
    if (ref === 0) return f.mainWeapons[s.loadout[p * 8 + LO_MAIN]] ?? null;
    if (ref === 1) return f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]] ?? null;
    const c = s.loadout[p * 8 + LO_CORVETTES + ref - 2];
    return c >= 0 ? (f.corvettes[c]?.weapon ?? null) : null;
  }

  /** Seat order for the step: the i-th player (i in 0..players-1) from the initiative seat on (docs/rules.md, 7.3). */
  seatAt(s: GameState, i: number): number {
    // Compared (=== false), not tested for truth: see round-loop.ts actionPhase.
    if (this.rotateSeats === false) return i;
    // (initiative + i) mod n, for initiative and i in 0..n-1, without a division.
    const x = s.g[G_INITIATIVE] + i;
    const n = s.g[G_PLAYERS];
    return x >= n ? x - n : x;
  }

  /**
   * The tie-breaker printed on the component card behind a command (7.3): from the tables
   * built in the constructor (tieVal), indexed by the player's loadout entry for the card.
   */
  tieBreaker(s: GameState, p: number, card: number): number {
    // A Command Corvette's commands break ties with its own cards' numbers (8 step 3).
    if (s.alive[p] === 0) {
      const cc = this.t.factions[s.faction[p]].commandCorvette;
      if (card === Cmd.FireMain) return cc.weapon.tieBreaker;
      if (card === Cmd.DefenceStations) return cc.pointDefence.tieBreaker;
      if (card === Cmd.Corvettes) return cc.tieBreaker;
      if (card === Cmd.SpecialAbility) return cc.warpTieBreaker;
    }
    const k = s.faction[p] * CARDS + card;
    const field = TIE_FIELD[card];
    let i = 0;
    if (field >= 0) {
      i = s.loadout[p * 8 + field];
      if (i < 0 || i >= this.tieCount[k]) throw new Error(`player ${p}'s loadout has no component ${i} for command card ${card}`);
    }
    return this.tieVal[this.tieAt[k] + i];
  }

  protected isOver(s: GameState): boolean {
    return s.g[G_STATUS] !== STATUS_ONGOING;
  }

  /**
   * Mark ships at zero structure destroyed, clear their wrecks (wreck) and decide the match
   * if it is over (3, 4.1). A side wins when it alone still has a capital ship (every enemy
   * capital ship destroyed), or when it alone destroyed an enemy Command Corvette since the
   * last settle (G_CC_KILLS); two sides winning at the same moment, or no capital ship left
   * at all, is a draw. Teams win together: G_WINNER is the team id (state.ts).
   */
  settleDestroyed(s: GameState): void {
    const g = s.g;
    if (g[G_STATUS] !== STATUS_ONGOING) return;
    const n = g[G_PLAYERS];
    // Arrays in locals: see round-loop.ts startRound.
    const isAlive = s.alive;
    const structure = s.structure;
    const team = s.team;
    let sides = 0;
    for (let p = 0; p < n; p++) {
      if (isAlive[p] && structure[p] <= 0) {
        isAlive[p] = 0;
        if (this.log !== null) this.log.push(EV_DESTROYED, p);
        this.wreck(s, p);
      }
      if (isAlive[p]) sides |= 1 << team[p];
    }
    const kills = g[G_CC_KILLS];
    if (kills !== 0) {
      g[G_CC_KILLS] = 0;
      if ((kills & (kills - 1)) === 0) this.endMatch(s, STATUS_VICTORY, 31 - Math.clz32(kills));
      else this.endMatch(s, STATUS_DRAW, -1);
    } else if (sides === 0) this.endMatch(s, STATUS_DRAW, -1);
    else if ((sides & (sides - 1)) === 0) this.endMatch(s, STATUS_VICTORY, 31 - Math.clz32(sides));
  }

  /**
   * A capital ship just destroyed (rulebook 8 step 4: its token leaves the board): the shields
   * and momentum tokens on it go back to the shared supplies (the token-supply texts: a removed
   * token returns to the supply), its command cards go back to the hand (8 step 5) and its
   * engine and face-down commands are cleared, so no card is left face down for ever. Its
   * weapon tokens already in flight fly on, and its corvettes on the board stay (8: they
   * escort the commander). Where the seat fights on in a Command Corvette (3-4 players,
   * section 8) commandCorvetteSetup takes over; otherwise the seat is out this round.
   */
  protected wreck(s: GameState, p: number): void {
    const g = s.g;
    s.lostRound[p] = g[G_ROUND];
    // The kill goes to the seat whose hit last damaged the ship, when an enemy (rulebook 3).
    const killer = s.lastHit[p];
    if (killer >= 0 && s.team[killer] !== s.team[p]) s.stats[killer * STAT_SIZE + ST_KILLS]++;
    let shields = 0;
    for (let i = p * MAX_SECTIONS, end = i + MAX_SECTIONS; i < end; i++) {
      shields += s.shields[i];
      s.shields[i] = 0;
    }
    g[G_SUPPLY_SHIELDS] += shields;
    for (let i = 0, c = s.linCount[p]; i < c; i++) {
      g[G_SUPPLY_LINEAR]++;
      s.lin[p * LIN_SLOTS + i] = TOK_NONE;
    }
    for (let i = 0, c = s.rotCount[p]; i < c; i++) {
      g[s.rot[p * ROT_SLOTS + i] === TOK_CW ? G_SUPPLY_CW : G_SUPPLY_CCW]++;
      s.rot[p * ROT_SLOTS + i] = TOK_NONE;
    }
    s.linCount[p] = 0;
    s.rotCount[p] = 0;
    for (let c = p * CARDS, end = c + CARDS; c < end; c++) s.cardLoc[c] = LOC_HAND;
    s.committed[p * 2] = -1;
    s.committed[p * 2 + 1] = -1;
    s.engine[p] = -1;
    s.p2eDir[p] = -1;
    g[G_HELD] &= ~(1 << p);
    if (this.commandCorvetteSetup(s, p) === false) s.outRound[p] = g[G_ROUND];
  }

  /**
   * Section 8's setup of a Command Corvette for seat p, whose capital ship was just destroyed;
   * false when the seat has none (2-player games). Overridden by the layer that plays it.
   */
  protected commandCorvetteSetup(s: GameState, p: number): boolean {
    return false;
  }

  /**
   * Seat p's Command Corvette was destroyed (rulebook 3, 8): the seat is out this round, its
   * face-down command goes back to the hand, and a kill by an enemy wins for the killer's side
   * at the next settle (G_CC_KILLS, settleDestroyed). Called by weapons.ts destroyToken.
   */
  commandCorvetteLost(s: GameState, p: number, killer: number): void {
    const g = s.g;
    s.ccTok[p] = -1;
    s.outRound[p] = g[G_ROUND];
    if (killer >= 0 && s.team[killer] !== s.team[p]) g[G_CC_KILLS] |= 1 << s.team[killer];
    for (let c = p * CARDS, end = c + CARDS; c < end; c++) if (s.cardLoc[c] < LOC_TRACK && s.cardLoc[c] !== LOC_REMOVED) s.cardLoc[c] = LOC_HAND;
    s.committed[p * 2] = -1;
    s.committed[p * 2 + 1] = -1;
  }

  protected endMatch(s: GameState, status: number, winner: number): void {
    const g = s.g;
    // The losers still in the battle leave it with the match (state.ts outRound).
    if (status === STATUS_VICTORY) for (let p = 0, n = g[G_PLAYERS]; p < n; p++) if (s.team[p] !== winner && s.outRound[p] === 0) s.outRound[p] = g[G_ROUND];
    g[G_STATUS] = status;
    g[G_WINNER] = winner;
    g[G_PHASE] = PHASE_OVER;
    g[G_PENDING] = 0;
    g[G_DECISION] = D_NONE;
    if (this.log !== null) this.log.push(EV_END, status, winner);
  }
}
