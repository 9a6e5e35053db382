/**
 * A match as a list of steps for the replay viewer (`stareater replay`, `stareater match
 * --trace`): at each step, what a drawing needs (ships, armour, shields, small tokens,
 * momentum mats, cooldown tracks, hands, revealed commitments) and the events of that step
 * with their words (src/sim/log.ts) and the places they happen.
 *
 * Why built this way: the viewer must never re-implement a rule, so every number it draws is
 * read from the kernel's own state at a step boundary, and every mark from the kernel's event
 * log. The boundaries are hooks the kernel already has, used only here at the edge: its
 * invariant-check callback (`check`, called after each lock-step movement step, after the
 * weapon and corvette moves, after each command, after the cooldown phase), each hex of the
 * weapon update (the kernel logs `EV_WEAPON_STEP` once a hex is resolved), each decision
 * asked of a player (corvette activations, point-defence windows, targets, commitments), and
 * the first `EV_STEP` of a movement phase (the engines are revealed just before it). The
 * event log is a subclass of EventLog that watches its own pushes; when tracing is off none of
 * this is attached and the match loop runs as it always does.
 */
import { DIRECTION_NAMES } from '../hex/hex.js';
import { COMMAND_IDS, type GameTables } from '../rules/tables.js';
import type { Kernel } from '../rules/kernel.js';
import * as E from '../rules/events.js';
import {
  GameState,
  CARDS,
  CORVETTES,
  LIN_SLOTS,
  ROT_SLOTS,
  MAX_SECTIONS,
  MAX_TOKENS,
  MAX_COOLDOWN,
  TOK_CW,
  LOC_HAND,
  LOC_COMMITTED,
  LOC_HELD,
  LOC_RESOLVING,
  LOC_TRACK,
  SMALL_NONE,
  SMALL_PROJECTILE,
  SMALL_TORPEDO,
  SMALL_CORVETTE,
  STATUS_NAMES,
  G_REVEALED,
  G_ENGINES_REVEALED,
  G_TOK_TOP,
  G_SUPPLY_SHIELDS,
  ENGINE_DOUBLE,
  ENGINE_CW,
  ENGINE_CCW,
  ENGINE_NONE,
} from '../rules/state.js';
import type { Policy, PolicyFactory } from '../bot-api.js';
import { formatEvents } from './log.js';
import { MatchRunner } from './match.js';
import { MatchPlayer, plannedMatches, type Prepared } from './play.js';
import { runScenario } from './scenario-run.js';
import type { Scenario } from '../content/scenario.js';

export const TRACE_FORMAT = 'stareater-trace';
export const TRACE_VERSION = 1;

export const PHASE_WORDS = ['commit', 'movement', 'action', 'cooldown', 'over'] as const;
const EVENT_NAMES: Record<number, string> = {
  [E.EV_ROUND]: 'round', [E.EV_ENGINE]: 'engine', [E.EV_STEP]: 'step', [E.EV_MOVE]: 'move', [E.EV_COLLISION]: 'collision',
  [E.EV_DAMAGE]: 'damage', [E.EV_OVERRUN]: 'overrun', [E.EV_COMMAND]: 'command', [E.EV_COMMAND_DONE]: 'command-done',
  [E.EV_VENT]: 'vent', [E.EV_SHIELD]: 'shield', [E.EV_DEFENCE]: 'defence', [E.EV_REPAIR]: 'repair', [E.EV_DESTROYED]: 'destroyed',
  [E.EV_END]: 'end', [E.EV_COOLDOWN]: 'cooldown', [E.EV_GAIN_SHIELDS]: 'gain-shields', [E.EV_POWER]: 'power', [E.EV_FIRE]: 'fire',
  [E.EV_TOKEN_LOST]: 'token-lost', [E.EV_TOKEN_HIT]: 'token-hit', [E.EV_LAUNCH]: 'launch', [E.EV_CORVETTE_MOVE]: 'corvette-move',
  [E.EV_CORVETTE_OPTION]: 'corvette-option', [E.EV_REPAIR_CORVETTE]: 'repair-corvette', [E.EV_MISS]: 'miss', [E.EV_PD_WAIT]: 'pd-wait',
  [E.EV_WEAPON_STEP]: 'weapon-step',
};
const TOKEN_KINDS = ['', 'projectile', 'torpedo', 'corvette'] as const;

export type TokenKind = 'projectile' | 'torpedo' | 'corvette' | 'command-corvette';

/** One event of a step: the kernel's record, its name and its words ('' when the log prints none). */
export interface TraceEvent {
  type: string;
  args: number[];
  text: string;
}

/** Where something happened: a ship's section, a ship, or a hex. */
export interface TraceMark {
  kind: 'collision' | 'damage' | 'hit' | 'overrun' | 'destroyed' | 'token-lost' | 'fire' | 'launch';
  /** The ship it happened to (damage, hit, overrun, destroyed, collision) or who did it (fire, launch). */
  player: number;
  /** The other ship of a collision (-1: the board edge). */
  other?: number;
  section?: number;
  damage?: number;
  q?: number;
  r?: number;
  /** Direction of a shot (fire) or facing of a token. */
  dir?: number;
  token?: TokenKind;
  text: string;
}

export interface TraceShip {
  q: number;
  r: number;
  facing: number;
  armour: number[];
  shields: number[];
  structure: number;
  alive: boolean;
  /** 1 when its Command Corvette escaped by Emergency Warp. */
  escaped: boolean;
}

export interface TraceToken {
  /** The kernel's token slot (stable while the token is on the board). */
  slot: number;
  kind: TokenKind;
  owner: number;
  q: number;
  r: number;
  facing: number;
  /** Corvettes: the callsign (slot number 1-4, rulebook 4.2.4); Command Corvette: 'CC'. */
  callsign?: string;
  /** Corvettes: the card's name. */
  name?: string;
}

/** What one seat holds at a step: its momentum mat, cooldown track, hand and commitments. */
export interface TraceSeat {
  /** Linear momentum tokens by direction name, and rotation tokens ('CW', 'CCW'). */
  linear: string[];
  rotation: string[];
  hand: string[];
  held: string[];
  resolving: string[];
  /** Cards on the cooldown track by position (index 0 is Ready). */
  track: string[][];
  /** The engine setting once revealed; 'face down' before; '' when none committed. */
  engine: string;
  /** Both command slots: the card once revealed, 'face down' before, '' when empty. */
  commitments: string[];
}

export interface TraceStep {
  index: number;
  round: number;
  phase: (typeof PHASE_WORDS)[number];
  kind: 'setup' | 'round' | 'reveal' | 'movement-step' | 'weapon-step' | 'weapons' | 'command-corvettes' | 'command' | 'decision' | 'cooldown' | 'end';
  label: string;
  events: TraceEvent[];
  marks: TraceMark[];
  ships: TraceShip[];
  tokens: TraceToken[];
  seats: TraceSeat[];
  shieldSupply: number;
  status: string;
  winner: number;
}

export interface TraceHull {
  name: string;
  sectionNames: string[];
  /** Printed armour of each section (the colour scale's full mark). */
  armour: number[];
  structure: number;
  /** Hull hexes at each facing (0 N .. 5 NW): [dq, dr, section] offsets from the ship's hex. */
  hexes: [number, number, number][][];
  /** Mounts: kind, index into the hull hexes, fire directions relative to facing. */
  mounts: { kind: 'main' | 'port' | 'starboard' | 'hangar' | 'point-defence'; hex: number; directions: number[] }[];
}

export interface TracePlayer {
  seat: number;
  name: string;
  faction: string;
  factionName: string;
  team: number;
  hull: TraceHull;
  /** Corvette card names by slot ('' when the slot is empty). */
  corvettes: string[];
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  title: string;
  /** The command that replays this match. */
  command: string;
  board: { name: string; hexes: [number, number][] };
  players: TracePlayer[];
  steps: TraceStep[];
  result: string;
}

/** The game-level facts a trace needs about the match (from the tables and the set-up state). */
function playersOf(k: Kernel, s: GameState, names: readonly string[]): TracePlayer[] {
  const out: TracePlayer[] = [];
  for (let p = 0; p < s.players; p++) {
    const f = k.faction(s, p);
    const h = f.hull;
    const hexes: [number, number, number][][] = [];
    for (let facing = 0; facing < 6; facing++) {
      const row: [number, number, number][] = [];
      for (let i = 0; i < h.hexCount; i++) row.push([h.rotQ[facing * h.hexCount + i], h.rotR[facing * h.hexCount + i], h.hexSection[i]]);
      hexes.push(row);
    }
    const mounts: TraceHull['mounts'] = [];
    for (const m of h.mounts.main) mounts.push({ kind: 'main', hex: m.hex, directions: [...m.directions] });
    for (const m of h.mounts.port) mounts.push({ kind: 'port', hex: m.hex, directions: [...m.directions] });
    for (const m of h.mounts.starboard) mounts.push({ kind: 'starboard', hex: m.hex, directions: [...m.directions] });
    for (const m of h.mounts.hangar) mounts.push({ kind: 'hangar', hex: m.hex, directions: [m.edge] });
    for (const m of h.mounts.pointDefence) mounts.push({ kind: 'point-defence', hex: m.hex, directions: [...m.directions] });
    const corvettes: string[] = [];
    for (let c = 0; c < CORVETTES; c++) corvettes.push(f.corvettes[s.loadout[p * 8 + 4 + c]]?.name ?? '');
    out.push({
      seat: p,
      name: names[p] ?? `ship ${p}`,
      faction: f.id,
      factionName: f.name,
      team: s.team[p],
      hull: { name: h.name, sectionNames: [...h.sectionNames], armour: Array.from(h.armour.subarray(0, h.sectionCount)), structure: h.structure, hexes, mounts },
      corvettes,
    });
  }
  return out;
}

function boardOf(t: GameTables): Trace['board'] {
  const b = t.board;
  const hexes: [number, number][] = [];
  for (let y = 0; y < b.height; y++) for (let x = 0; x < b.width; x++) if (b.mask[y * b.width + x]) hexes.push([x + b.qMin, y + b.rMin]);
  return { name: b.name, hexes };
}

function engineWord(e: number): string {
  if (e >= 0 && e < 6) return `thrust ${DIRECTION_NAMES[e]}`;
  if (e === ENGINE_DOUBLE) return 'double thrust';
  if (e === ENGINE_CW) return 'rotate CW';
  if (e === ENGINE_CCW) return 'rotate CCW';
  if (e === ENGINE_NONE) return 'no thrust';
  return '';
}

function tokenKindOf(s: GameState, i: number): TokenKind {
  const kind = s.tokKind[i];
  if (kind === SMALL_CORVETTE) return s.tokRef[i] - 2 >= CORVETTES ? 'command-corvette' : 'corvette';
  return kind === SMALL_PROJECTILE ? 'projectile' : 'torpedo';
}

/**
 * The drawing's part of a step, read from state `s`. Commitments not yet revealed are shown
 * as 'face down', as a player across the table sees them.
 */
export function snapshot(k: Kernel, s: GameState): Pick<TraceStep, 'round' | 'phase' | 'ships' | 'tokens' | 'seats' | 'shieldSupply' | 'status' | 'winner'> {
  const n = s.players;
  const ships: TraceShip[] = [];
  const seats: TraceSeat[] = [];
  for (let p = 0; p < n; p++) {
    const sections = k.faction(s, p).hull.sectionCount;
    ships.push({
      q: s.shipQ[p],
      r: s.shipR[p],
      facing: s.facing[p],
      armour: Array.from(s.armour.subarray(p * MAX_SECTIONS, p * MAX_SECTIONS + sections)),
      shields: Array.from(s.shields.subarray(p * MAX_SECTIONS, p * MAX_SECTIONS + sections)),
      structure: s.structure[p],
      alive: s.alive[p] === 1,
      escaped: s.escaped[p] === 1,
    });
    const linear: string[] = [];
    for (let i = 0; i < s.linCount[p]; i++) linear.push(DIRECTION_NAMES[s.lin[p * LIN_SLOTS + i]]);
    const rotation: string[] = [];
    for (let i = 0; i < s.rotCount[p]; i++) rotation.push(s.rot[p * ROT_SLOTS + i] === TOK_CW ? 'CW' : 'CCW');
    const seat: TraceSeat = { linear, rotation, hand: [], held: [], resolving: [], track: Array.from({ length: MAX_COOLDOWN + 1 }, () => []), engine: '', commitments: [] };
    for (let c = 0; c < CARDS; c++) {
      const loc = s.cardLoc[p * CARDS + c];
      const name = COMMAND_IDS[c];
      if (loc === LOC_HAND) seat.hand.push(name);
      else if (loc === LOC_HELD) seat.held.push(name);
      else if (loc === LOC_RESOLVING) seat.resolving.push(name);
      else if (loc >= LOC_TRACK && loc <= LOC_TRACK + MAX_COOLDOWN) seat.track[loc - LOC_TRACK].push(name);
    }
    const e = s.engine[p];
    seat.engine = e < 0 ? '' : s.g[G_ENGINES_REVEALED] ? engineWord(e) : 'face down';
    for (let slot = 0; slot < 2; slot++) {
      const c = s.committed[p * 2 + slot];
      seat.commitments.push(c < 0 ? '' : slot < s.g[G_REVEALED] || s.cardLoc[p * CARDS + c] !== LOC_COMMITTED ? COMMAND_IDS[c] : 'face down');
    }
    seats.push(seat);
  }
  const tokens: TraceToken[] = [];
  const top = Math.min(s.g[G_TOK_TOP], MAX_TOKENS);
  for (let i = 0; i < top; i++) {
    if (s.tokKind[i] === SMALL_NONE) continue;
    const kind = tokenKindOf(s, i);
    const tok: TraceToken = { slot: i, kind, owner: s.tokOwner[i], q: s.tokQ[i], r: s.tokR[i], facing: s.tokFacing[i] };
    if (kind === 'corvette') {
      const slot = s.tokRef[i] - 2;
      tok.callsign = String(slot + 1);
      tok.name = k.corvettes.card(s, tok.owner, slot)?.name ?? 'corvette';
    } else if (kind === 'command-corvette') {
      tok.callsign = 'CC';
      tok.name = 'Command Corvette';
    }
    tokens.push(tok);
  }
  return {
    round: s.round,
    phase: PHASE_WORDS[s.phase] ?? 'over',
    ships,
    tokens,
    seats,
    shieldSupply: s.g[G_SUPPLY_SHIELDS],
    status: STATUS_NAMES[s.status] ?? 'adjudicated',
    winner: s.winner,
  };
}

/**
 * An EventLog that tells its tracer about each push before recording it. Used only while a
 * trace is built; the kernel pushes to it exactly as to a plain log.
 */
class WatchedLog extends E.EventLog {
  constructor(private readonly tracer: TraceRecorder) {
    super();
  }
  override push(type: number, a = 0, b = 0, c = 0, d = 0, e = 0): void {
    this.tracer.beforePush(type, a, b);
    super.push(type, a, b, c, d, e);
    this.tracer.afterPush(type);
  }
}

/**
 * Records the steps of one match. Attach it to the kernel before set-up (`attach`), let it see
 * each decision (`traced` wraps the policies, or call `decision()` before each submit), then
 * `finish()`.
 */
export class TraceRecorder {
  readonly log: E.EventLog;
  readonly steps: TraceStep[] = [];
  private kernel: Kernel | null = null;
  /** Events [from, log.length) are not in a step yet. */
  private from = 0;
  /** The state at the last push (the engines' reveal, just before the first movement step). */
  private readonly atLastPush = new GameState();
  /** A token loss waiting for the next push to say which slot went: owner, kind, and the slots (bitmask pair) and positions then. */
  private lost: { owner: number; kind: number; slots: number[]; q: number[]; r: number[]; facing: number[]; mark: TraceMark | null } | null = null;
  /** The type of the last event pushed. */
  private lastType = 0;
  /** The command being resolved (for the labels of its later steps). */
  private command = '';

  /** The match's state: given, or the first one submitted to (adopt). */
  state: GameState;
  private adopted: boolean;

  constructor(state?: GameState) {
    this.log = new WatchedLog(this);
    this.state = state ?? new GameState();
    this.adopted = state !== undefined;
  }

  /**
   * Cut a step before each answer submitted to `k` on this match's state (for a caller that
   * submits itself, as the scenario runner does); the first state submitted to is the match's.
   */
  watchSubmits(k: Kernel): void {
    const submit = k.submit.bind(k);
    const submitLegal = k.submitLegal.bind(k);
    const before = (s: GameState) => {
      if (!this.adopted) {
        this.state = s;
        this.adopted = true;
      }
      if (s === this.state) this.decision();
    };
    k.submit = (s, p, a) => {
      before(s);
      submit(s, p, a);
    };
    k.submitLegal = (s, p, a) => {
      before(s);
      submitLegal(s, p, a);
    };
  }

  /** Log into this recorder and cut a step at each of the kernel's checks on this match's state. */
  attach(k: Kernel): void {
    if (this.kernel === k) return;
    this.kernel = k;
    const previous = k.check;
    this.restore = () => {
      k.log = null;
      k.check = previous;
    };
    k.log = this.log;
    k.check = (s, where) => {
      previous?.(s, where);
      if (s === this.state) this.cut(where);
    };
  }

  private restore: (() => void) | null = null;

  /** Each policy of `policies` cuts a step before it answers a decision of this match. */
  traced(policies: Policy[]): Policy[] {
    return policies.map((pol) => this.tracedPolicy(pol));
  }

  /** A factory whose policies cut a step before each decision (for MatchPlayer). */
  tracedFactory(f: PolicyFactory): PolicyFactory {
    return (params, rng) => this.tracedPolicy(f(params, rng));
  }

  private tracedPolicy(pol: Policy): Policy {
    const choose = (ctx: Parameters<Policy['choose']>[0]): number => {
      this.attach(ctx.kernel);
      this.decision();
      return pol.choose(ctx);
    };
    return new Proxy(pol, { get: (t, key) => (key === 'choose' ? choose : Reflect.get(t, key, t)) });
  }

  /** A player is about to answer a decision: what happened since the last step is a step. */
  decision(): void {
    this.cut('decision');
  }

  /** The match is over (or stopped): the rest of the log is the last step. */
  finish(): void {
    this.resolveLost();
    this.cut('end');
    // The kernel plays on without the recorder (no log, its own check).
    this.restore?.();
  }

  beforePush(type: number, a: number, b: number): void {
    this.resolveLost();
    // The engines are revealed and the ships moved before the first step's record: the reveal
    // is its own step, drawn from the state at the last push before the moves (the engines'
    // own, when the phase goes on without a movement step, to the weapon update).
    if (((type === E.EV_STEP && a === 1) || (this.lastType === E.EV_ENGINE && type !== E.EV_ENGINE)) && this.from < this.log.length) this.cut('reveal', this.atLastPush);
    // A command answered after a decision finishes without a check of its own: the next
    // command's reveal closes it, drawn as the last event left the state.
    if (type === E.EV_COMMAND && this.from < this.log.length) this.cut('command', this.atLastPush);
    if (type === E.EV_TOKEN_LOST) {
      // The token is still on the board now; the next push shows which of these slots it was.
      const s = this.state;
      const lost = { owner: a, kind: b, slots: [] as number[], q: [] as number[], r: [] as number[], facing: [] as number[], mark: null };
      for (let i = 0; i < Math.min(s.g[G_TOK_TOP], MAX_TOKENS); i++) {
        if (s.tokKind[i] !== b || s.tokOwner[i] !== a) continue;
        lost.slots.push(i);
        lost.q.push(s.tokQ[i]);
        lost.r.push(s.tokR[i]);
        lost.facing.push(s.tokFacing[i]);
      }
      this.lost = lost;
    }
  }

  afterPush(type: number): void {
    if (type === E.EV_TOKEN_LOST && this.lost) {
      const m = this.markOf(this.log.length - 1);
      if (m) {
        this.lost.mark = m;
        this.lostByEvent.set(this.log.length - 1, m);
      }
    }
    this.atLastPush.copyFrom(this.state);
    this.lastType = type;
    // A hex of the weapon update is logged once resolved: the state now is its drawing.
    if (type === E.EV_WEAPON_STEP) this.cut('weapon step');
  }

  /** Place the pending token loss at the hex of the slot that has emptied since. */
  private resolveLost(): void {
    const lost = this.lost;
    if (!lost) return;
    this.lost = null;
    const s = this.state;
    let j = lost.slots.findIndex((i) => s.tokKind[i] !== lost.kind || s.tokOwner[i] !== lost.owner);
    if (j < 0 && lost.slots.length === 1) j = 0;
    if (j >= 0 && lost.mark) {
      lost.mark.q = lost.q[j];
      lost.mark.r = lost.r[j];
      lost.mark.dir = lost.facing[j];
    }
  }

  private eventsText(from: number, to: number): TraceEvent[] {
    const k = this.kernel!;
    const d = this.log.data;
    const out: TraceEvent[] = [];
    for (let i = from; i < to; i++) {
      const o = i * E.EVENT_WIDTH;
      const text = formatEvents(k, this.state, this.log, i, i + 1).join('\n').trim();
      out.push({ type: EVENT_NAMES[d[o]] ?? String(d[o]), args: Array.from(d.subarray(o + 1, o + E.EVENT_WIDTH)), text });
    }
    return out;
  }

  /** The mark event i leaves on the board, if any (the text is the log's line). */
  private markOf(i: number): TraceMark | null {
    const d = this.log.data;
    const o = i * E.EVENT_WIDTH;
    const [type, a, b, c, e, f] = [d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5]];
    const text = formatEvents(this.kernel!, this.state, this.log, i, i + 1).join(' ').trim();
    switch (type) {
      case E.EV_COLLISION:
        return { kind: 'collision', player: a, other: b, damage: e, text };
      case E.EV_DAMAGE:
        return { kind: 'damage', player: a, section: b, damage: c, text };
      case E.EV_TOKEN_HIT:
        return { kind: 'hit', player: c, section: e, damage: f, token: b ? (TOKEN_KINDS[b] as TokenKind) : undefined, text };
      case E.EV_OVERRUN:
        return { kind: 'overrun', player: a, section: f, token: TOKEN_KINDS[b] as TokenKind, text };
      case E.EV_DESTROYED:
        return { kind: 'destroyed', player: a, text };
      case E.EV_TOKEN_LOST:
        return { kind: 'token-lost', player: a, token: (b === SMALL_CORVETTE && f >= CORVETTES ? 'command-corvette' : TOKEN_KINDS[b]) as TokenKind, text };
      case E.EV_FIRE:
        return f >= 0 ? { kind: 'fire', player: a, q: c, r: e, dir: f, text } : null;
      case E.EV_LAUNCH:
        return { kind: 'launch', player: a, q: c, r: e, dir: f, text };
      default:
        return null;
    }
  }

  /**
   * Close the events since the last step into a step drawn from `s` (default: the state now).
   * A decision with nothing recorded since the last step adds none; a check adds one when
   * something moved even without an event (projectiles fly without one).
   */
  private cut(why: string, s: GameState = this.state): void {
    const to = this.log.length;
    if (to === this.from && this.steps.length > 0) {
      if (why === 'decision' || why === 'reveal') return;
      const last = this.steps[this.steps.length - 1];
      const now = snapshot(this.kernel!, s);
      if (last && JSON.stringify({ ...last, index: 0, kind: '', label: '', events: [], marks: [] }) === JSON.stringify({ ...last, ...now, index: 0, kind: '', label: '', events: [], marks: [] })) return;
    }
    const events = this.eventsText(this.from, to);
    const marks: TraceMark[] = [];
    for (let i = this.from; i < to; i++) {
      const m = this.log.data[i * E.EVENT_WIDTH] === E.EV_TOKEN_LOST ? this.lostByEvent.get(i) : this.markOf(i);
      this.lostByEvent.delete(i);
      if (m) marks.push(m);
    }
    const { kind, label } = this.steps.length === 0 ? { kind: 'setup' as const, label: 'set-up' } : this.describe(why, this.from, to);
    this.from = to;
    this.pushStep(kind, label, s, events, marks);
  }

  /** Token-loss marks by event index, placed on their hex by resolveLost. */
  private readonly lostByEvent = new Map<number, TraceMark>();

  private pushStep(kind: TraceStep['kind'], label: string, s: GameState, events: TraceEvent[] = [], marks: TraceMark[] = []): void {
    this.steps.push({ index: this.steps.length, kind, label, events, marks, ...snapshot(this.kernel!, s) });
  }

  /** The kind of step and its label, from why it was cut and what is in it. */
  private describe(why: string, from: number, to: number): { kind: TraceStep['kind']; label: string } {
    const d = this.log.data;
    const types: number[] = [];
    for (let i = from; i < to; i++) types.push(d[i * E.EVENT_WIDTH]);
    const first = (t: number) => {
      const i = types.indexOf(t);
      return i < 0 ? -1 : (from + i) * E.EVENT_WIDTH;
    };
    const shipName = (p: number) => `ship ${p}`;
    const cmd = first(E.EV_COMMAND);
    if (cmd >= 0) this.command = `${shipName(d[cmd + 1])}: ${COMMAND_IDS[d[cmd + 2]]}`;
    if (types.includes(E.EV_END) && why === 'end') return { kind: 'end', label: 'match over' };
    switch (why) {
      case 'reveal':
        return { kind: 'reveal', label: 'engines revealed and thrust' };
      case 'movement step': {
        const st = first(E.EV_STEP);
        return { kind: 'movement-step', label: st >= 0 ? `movement step ${d[st + 1]}` : 'movement' };
      }
      case 'weapon step': {
        const w = (to - 1) * E.EVENT_WIDTH;
        return d[w] === E.EV_WEAPON_STEP && d[w + 1] === SMALL_TORPEDO
          ? { kind: 'weapon-step', label: `weapon update: ship ${d[w + 3]}'s torpedo, hex ${d[w + 2]}` }
          : { kind: 'weapon-step', label: `weapon update: cannon tokens, hex ${d[w + 2]}` };
      }
      case 'weapon and corvette moves': {
        if (types.length > 0 && types.every((t) => t === E.EV_ENGINE)) return { kind: 'reveal', label: 'engines revealed and thrust' };
        // The weapon update has its own steps; what is left is the corvettes' compelled move (7.2.4).
        const before = this.steps[this.steps.length - 1];
        const corvettes = before !== undefined && before.tokens.some((t) => t.kind === 'corvette');
        return { kind: 'weapons', label: corvettes ? 'corvettes move' : 'end of the weapon update' };
      }
      case 'command corvette moves':
        return { kind: 'command-corvettes', label: 'Command Corvettes move' };
      case 'cooldown':
        return { kind: 'cooldown', label: 'cooldown phase' };
      case 'command':
        return { kind: 'command', label: cmd >= 0 ? this.command : `${this.command} (completed)` };
    }
    if (types[0] === E.EV_ROUND) return { kind: 'round', label: `round ${d[from * E.EVENT_WIDTH + 1]} begins` };
    const fire = first(E.EV_FIRE);
    if (fire >= 0 && d[fire + 2] === 2 /* SRC_POINT_DEFENCE */) return { kind: 'decision', label: `${shipName(d[fire + 1])}: point-defence shot` };
    if (types.includes(E.EV_CORVETTE_OPTION) || types.includes(E.EV_LAUNCH) || types.includes(E.EV_CORVETTE_MOVE) || types.includes(E.EV_REPAIR_CORVETTE))
      return { kind: 'decision', label: `${this.command || 'corvettes'}: corvette activation` };
    if (cmd >= 0) return { kind: 'command', label: this.command };
    return { kind: 'decision', label: this.command ? `${this.command} (continued)` : why === 'end' ? 'match over' : 'decision' };
  }
}

/** The words of a match's end. */
export function resultText(s: GameState, names: readonly string[]): string {
  const status = STATUS_NAMES[s.status] ?? 'adjudicated';
  if (s.winner < 0) return `${status} after ${s.round} rounds`;
  const seats = names.map((_, p) => p).filter((p) => s.team[p] === s.winner);
  return `${status}: ${seats.map((p) => `ship ${p} (${names[p]})`).join(' and ')} ${seats.length > 1 ? 'win' : 'wins'} after ${s.round} rounds`;
}

/** Assemble a trace from a finished recorder. */
export function buildTrace(rec: TraceRecorder, k: Kernel, o: { title: string; command: string; names: readonly string[] }): Trace {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    title: o.title,
    command: o.command,
    board: boardOf(k.t),
    players: playersOf(k, rec.state, o.names),
    steps: rec.steps,
    result: resultText(rec.state, o.names),
  };
}

/** Trace match `id` of a prepared experiment, exactly as the batch plays it. */
export function traceExperimentMatch(prep: Prepared, id: number, command: string): Trace {
  const total = plannedMatches(prep);
  if (!Number.isInteger(id) || id < 0 || id >= total) throw new RangeError(`expected a match id 0..${total - 1}, got ${id}`);
  const factories = [...prep.factories];
  const player = new MatchPlayer({ ...prep, factories });
  const rec = new TraceRecorder(player.state);
  for (let i = 0; i < factories.length; i++) factories[i] = rec.tracedFactory(prep.factories[i]);
  const m = player.play(id, rec.log);
  rec.attach(player.kernel);
  rec.finish();
  const names = m.seats.map((pl) => prep.plan.entrants[pl].name);
  return buildTrace(rec, player.kernel, { title: `${prep.experiment.name} match ${id} (seed ${m.seed}, game ${m.game})`, command, names });
}

/** Trace a match played by `policies` from a set-up state (what `stareater match` plays). */
export function tracePolicyMatch(k: Kernel, setup: (s: GameState) => void, policies: Policy[], o: { title: string; command: string; names: readonly string[] }): Trace {
  const rec = new TraceRecorder(new GameState());
  rec.attach(k);
  setup(rec.state);
  new MatchRunner(k).play(rec.state, rec.traced(policies));
  rec.finish();
  return buildTrace(rec, k, o);
}

/** Trace a scenario file's scripted rounds (docs/scenario-format.md). */
export function traceScenario(file: string, scenario: Scenario, command: string, seed: number | string = 0): Trace {
  const rec = new TraceRecorder();
  const run = runScenario(file, scenario, {
    seed,
    check: (k) => {
      rec.attach(k);
      rec.watchSubmits(k);
    },
  });
  if (rec.steps.length === 0 && rec.state !== run.state) rec.state = run.state; // no submit at all: a scenario without rounds
  rec.finish();
  const names = Array.from({ length: run.state.players }, (_, p) => `${run.kernel.faction(run.state, p).id} (scripted)`);
  return buildTrace(rec, run.kernel, { title: `scenario ${scenario.name ?? file}`, command, names });
}
