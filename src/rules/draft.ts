/**
 * The loadout draft (rulebook 5, "The Loadout Phase") as a sequence of integer decisions.
 *
 * Why it is built this way:
 * - Decisions are integers: `legal(out)` writes the legal action ids of
 *   the one seat to act into a caller's Int32Array and returns the count; `submit(a)`
 *   applies one. Generic bots (random, MCTS) can draft with no knowledge of the cards.
 * - The whole draft state lives in one small Int32Array (turn order header, each seat's
 *   five slot choices, swap/pass flags, the action history), so `clone()` / `copyFrom()`
 *   are one `set()` and search bots can copy a draft cheaply. `pending`, `legal`,
 *   `isLegal` and `submit` allocate nothing (an illegal `submit` allocates its error).
 * - The four corvettes are chosen "all 4 at once", so a corvette pick is ONE action that
 *   names a whole multiset. Each faction's legal multisets (four cards, each card at most
 *   its `limit` times, 4.2.4) are enumerated once, in a fixed order, and cached by faction
 *   object (faction tables are read-only once compiled).
 *
 * Action ids (fixed bases, decimal so a log line reads at a glance; index < DRAFT_STRIDE):
 *
 *   PASS                   0
 *   PICK_MAIN       + i    10000 + i   i indexes faction.mainWeapons
 *   PICK_BROADSIDE  + i    20000 + i   i indexes faction.broadsides
 *   PICK_HANGAR     + i    30000 + i   i indexes faction.hangars
 *   PICK_PD         + i    40000 + i   i indexes faction.pointDefence
 *   PICK_CORVETTES  + j    50000 + j   j indexes corvetteSets(faction) (a multiset of 4)
 *   SWAP_MAIN       + i    60000 + i   the same indices, replacing a filled slot
 *   SWAP_BROADSIDE  + i    70000 + i
 *   SWAP_HANGAR     + i    80000 + i
 *   SWAP_PD         + i    90000 + i
 *   SWAP_CORVETTES  + j   100000 + j
 *
 * In general a pick is `(1 + slot) * DRAFT_STRIDE + index` and a swap
 * `(1 + DRAFT_SLOTS + slot) * DRAFT_STRIDE + index`, slot in SLOT_MAIN..SLOT_CORVETTES;
 * `draftActionOp`, `draftActionSlot`, `draftActionIndex` decode. `legal()` lists ids in
 * ascending order (PASS first when legal, then picks by slot and index, then swaps).
 *
 * Turn order (docs/rules.md, section 5): the first player is the seat whose special card has
 * the lowest `priority` (ties: lower seat); each round every seat still drafting acts once,
 * in seat order from the round's first player; then the first-player marker moves one seat
 * on (p -> p + 1, "the player to the left") and a new round starts. A seat is done once it
 * has passed, or has every slot filled and its swap used; done seats are skipped. The draft
 * ends when every seat is done. Every seat acts exactly 6 times (5 picks, then a swap or a
 * pass, in either order for the swap), so a draft is always 6 rounds and 6 * seats actions;
 * skipping done seats is kept for safety but cannot arise under these rules.
 */
import type { CorvetteTable, FactionTable, LoadoutTable } from './tables.js';

/** Corvettes per ship (4.2.4; the same number as CORVETTES_PER_SHIP in content/schema.ts). */
export const DRAFT_CORVETTES = 4;

/** Loadout slots, in the order they are listed and encoded. */
export const SLOT_MAIN = 0;
export const SLOT_BROADSIDE = 1;
export const SLOT_HANGAR = 2;
export const SLOT_PD = 3;
/** The corvette "slot": all four corvettes as one multiset. */
export const SLOT_CORVETTES = 4;
export const DRAFT_SLOTS = 5;
/** Slot names as used in logs and in LoadoutTable keys. */
export const DRAFT_SLOT_NAMES = ['main', 'broadside', 'hangar', 'pointDefence', 'corvettes'] as const;

/** Spacing between action bases; an option index must be below it. */
export const DRAFT_STRIDE = 10000;
export const PASS = 0;
export const PICK_MAIN = 1 * DRAFT_STRIDE;
export const PICK_BROADSIDE = 2 * DRAFT_STRIDE;
export const PICK_HANGAR = 3 * DRAFT_STRIDE;
export const PICK_PD = 4 * DRAFT_STRIDE;
export const PICK_CORVETTES = 5 * DRAFT_STRIDE;
export const SWAP_MAIN = 6 * DRAFT_STRIDE;
export const SWAP_BROADSIDE = 7 * DRAFT_STRIDE;
export const SWAP_HANGAR = 8 * DRAFT_STRIDE;
export const SWAP_PD = 9 * DRAFT_STRIDE;
export const SWAP_CORVETTES = 10 * DRAFT_STRIDE;

/** What an action does (draftActionOp). */
export const OP_INVALID = -1;
export const OP_PICK = 0;
export const OP_SWAP = 1;
export const OP_PASS = 2;
export const DRAFT_OP_NAMES = ['pick', 'swap', 'pass'] as const;

/**
 * Actions every seat takes in a draft: five picks plus exactly one swap or pass. (Passing
 * needs every slot filled, and a full seat that has swapped is done, so a seat can never
 * both swap and pass, and a seat that swapped early is done on its fifth pick.)
 */
export const DRAFT_TURNS_PER_SEAT = DRAFT_SLOTS + 1;

/** Action id that puts option `index` into empty `slot`. */
export function pickAction(slot: number, index: number): number {
  return (1 + slot) * DRAFT_STRIDE + index;
}
/** Action id that replaces the card(s) in filled `slot` with option `index`. */
export function swapAction(slot: number, index: number): number {
  return (1 + DRAFT_SLOTS + slot) * DRAFT_STRIDE + index;
}
/** OP_PICK, OP_SWAP, OP_PASS, or OP_INVALID for an id outside the encoding. */
export function draftActionOp(a: number): number {
  if (a === PASS) return OP_PASS;
  if (!Number.isInteger(a) || a < PICK_MAIN || a >= (1 + 2 * DRAFT_SLOTS) * DRAFT_STRIDE) return OP_INVALID;
  return a < SWAP_MAIN ? OP_PICK : OP_SWAP;
}
/** The slot a pick or swap fills (SLOT_*); -1 for PASS or an invalid id. */
export function draftActionSlot(a: number): number {
  const op = draftActionOp(a);
  if (op !== OP_PICK && op !== OP_SWAP) return -1;
  return (Math.floor(a / DRAFT_STRIDE) - 1) % DRAFT_SLOTS;
}
/** The option index of a pick or swap (card index, or corvette-set index); -1 otherwise. */
export function draftActionIndex(a: number): number {
  const op = draftActionOp(a);
  return op === OP_PICK || op === OP_SWAP ? a % DRAFT_STRIDE : -1;
}

// ---------------------------------------------------------------------------------------
// Corvette multisets

/** A faction's legal corvette sets: `count` sets of DRAFT_CORVETTES card indices each. */
export interface CorvetteSets {
  readonly count: number;
  /** Set j is `cards[j * 4 .. j * 4 + 3]`, card indices in non-decreasing order. */
  readonly cards: Int16Array;
}

const corvetteCache = new WeakMap<FactionTable, CorvetteSets>();

/**
 * Every multiset of DRAFT_CORVETTES corvette cards of `faction` with each card used at most
 * its `limit` times (4.2.4), as sorted index tuples in lexicographic order: [0,0,0,0],
 * [0,0,0,1], ... Computed once per faction object and cached.
 */
export function corvetteSets(faction: FactionTable): CorvetteSets {
  const hit = corvetteCache.get(faction);
  if (hit !== undefined) return hit;
  const sets = enumerateCorvetteSets(faction.corvettes);
  corvetteCache.set(faction, sets);
  return sets;
}

function enumerateCorvetteSets(cards: readonly CorvetteTable[]): CorvetteSets {
  const out: number[] = [];
  const tuple = new Array<number>(DRAFT_CORVETTES).fill(0);
  const used = new Array<number>(cards.length).fill(0);
  const rec = (k: number, from: number): void => {
    if (k === DRAFT_CORVETTES) {
      for (let i = 0; i < DRAFT_CORVETTES; i++) out.push(tuple[i]);
      return;
    }
    for (let c = from; c < cards.length; c++) {
      if (used[c] >= cards[c].limit) continue;
      used[c]++;
      tuple[k] = c;
      rec(k + 1, c);
      used[c]--;
    }
  };
  rec(0, 0);
  return { count: out.length / DRAFT_CORVETTES, cards: Int16Array.from(out) };
}

/**
 * Index in corvetteSets(faction) of a list of four corvette card indices (any order), or -1
 * when it is not a legal set. Handy to turn a known loadout into draft actions.
 */
export function corvetteSetIndex(faction: FactionTable, corvettes: readonly number[]): number {
  if (corvettes.length !== DRAFT_CORVETTES) return -1;
  const want = [...corvettes].sort((a, b) => a - b);
  const { count, cards } = corvetteSets(faction);
  for (let j = 0; j < count; j++) {
    let k = 0;
    while (k < DRAFT_CORVETTES && cards[j * DRAFT_CORVETTES + k] === want[k]) k++;
    if (k === DRAFT_CORVETTES) return j;
  }
  return -1;
}

/** The four card indices of corvette set j of `faction`. */
export function corvetteSetCards(faction: FactionTable, j: number): number[] {
  const { cards } = corvetteSets(faction);
  return Array.from(cards.subarray(j * DRAFT_CORVETTES, (j + 1) * DRAFT_CORVETTES));
}

/** Number of options for a slot of `faction`. */
export function slotOptionCount(faction: FactionTable, slot: number): number {
  switch (slot) {
    case SLOT_MAIN:
      return faction.mainWeapons.length;
    case SLOT_BROADSIDE:
      return faction.broadsides.length;
    case SLOT_HANGAR:
      return faction.hangars.length;
    case SLOT_PD:
      return faction.pointDefence.length;
    case SLOT_CORVETTES:
      return corvetteSets(faction).count;
  }
  return 0;
}

/** Human name of option `index` of `slot` (card id, or the four corvette ids joined by '+'). */
export function slotOptionName(faction: FactionTable, slot: number, index: number): string {
  const list =
    slot === SLOT_MAIN
      ? faction.mainWeapons
      : slot === SLOT_BROADSIDE
        ? faction.broadsides
        : slot === SLOT_HANGAR
          ? faction.hangars
          : slot === SLOT_PD
            ? faction.pointDefence
            : null;
  if (list !== null) return list[index]?.id ?? `#${index}`;
  if (slot !== SLOT_CORVETTES || index < 0 || index >= corvetteSets(faction).count) return `#${index}`;
  return corvetteSetCards(faction, index)
    .map((c) => faction.corvettes[c].id)
    .join('+');
}

/**
 * A log line for a draft action: "pass", "pick main fpa-hammerfall", "swap corvettes
 * fpa-wasp+fpa-wasp+fpa-picket+fpa-mako". Without a faction, options are shown as "#index".
 */
export function describeDraftAction(faction: FactionTable | null, a: number): string {
  const op = draftActionOp(a);
  if (op === OP_INVALID) return `invalid draft action ${a}`;
  if (op === OP_PASS) return 'pass';
  const slot = draftActionSlot(a);
  const index = draftActionIndex(a);
  const what = faction !== null ? slotOptionName(faction, slot, index) : `#${index}`;
  return `${DRAFT_OP_NAMES[op]} ${DRAFT_SLOT_NAMES[slot]} ${what}`;
}

// ---------------------------------------------------------------------------------------
// The draft

/** An action that is not legal now (the message names seat, action and reason). */
export class DraftError extends Error {}

// Header of the state array.
const H_FIRST = 0; // this round's first player
const H_POS = 1; // position in this round's order (0 = first player)
const H_ROUND = 2; // 1-based round of selections
const H_CURRENT = 3; // seat to act, -1 when over
const H_HISTORY = 4; // actions submitted so far
const HEADER = 5;
// Per seat: five slot choices (-1 empty), swap used, passed.
const S_SWAPPED = DRAFT_SLOTS;
const S_PASSED = DRAFT_SLOTS + 1;
const SEAT_SIZE = DRAFT_SLOTS + 2;

// Reasons an action is illegal (0 = legal); integers so isLegal allocates nothing.
const R_OK = 0;
const R_OVER = 1;
const R_UNKNOWN = 2;
const R_RANGE = 3;
const R_FILLED = 4;
const R_EMPTY = 5;
const R_SWAP_USED = 6;
const R_SAME = 7;
const R_NOT_FULL = 8;
const REASONS = [
  'legal',
  'the draft is over',
  'not a draft action id',
  'no such option for this faction',
  'that slot is already filled (pick fills an empty slot; use a swap to replace)',
  'that slot is empty (swap replaces a filled slot; use a pick)',
  'this seat has already used its one swap (rule 5: "Once during the Loadout phase")',
  'a swap must change the slot to a different option',
  'passing is legal only once every slot is filled (rule 5: "may not pass ... unless all components ... have already been selected")',
];

/**
 * One loadout draft (rulebook 5) for one faction per seat. Seats act one at a time:
 * `pending()` names the seat, `legal(out)` its actions, `submit(a)` applies one.
 */
export class Draft {
  readonly factions: readonly FactionTable[];
  readonly seats: number;
  /** Size an Int32Array for `legal()` at least this long. */
  readonly maxActions: number;
  /** Options per seat and slot: index seat * DRAFT_SLOTS + slot. */
  private readonly options: Int32Array;
  /** The whole mutable state: header, seats, then history (action, seat) pairs. */
  private readonly st: Int32Array;
  private readonly historyBase: number;

  constructor(factions: readonly FactionTable[]) {
    const n = factions.length;
    if (n < 1) throw new DraftError('a draft needs at least one seat');
    this.factions = factions.slice();
    this.seats = n;
    this.options = new Int32Array(n * DRAFT_SLOTS);
    let maxActions = 1;
    for (let p = 0; p < n; p++) {
      const f = factions[p];
      let total = 1;
      for (let slot = 0; slot < DRAFT_SLOTS; slot++) {
        const count = slotOptionCount(f, slot);
        if (count < 1) throw new DraftError(`seat ${p} (${f.id}): no ${DRAFT_SLOT_NAMES[slot]} option to draft`);
        if (count >= DRAFT_STRIDE)
          throw new DraftError(`seat ${p} (${f.id}): ${count} ${DRAFT_SLOT_NAMES[slot]} options, at most ${DRAFT_STRIDE - 1} can be encoded`);
        this.options[p * DRAFT_SLOTS + slot] = count;
        total += count;
      }
      if (total > maxActions) maxActions = total;
    }
    this.maxActions = maxActions;
    this.historyBase = HEADER + n * SEAT_SIZE;
    this.st = new Int32Array(this.historyBase + 2 * n * DRAFT_TURNS_PER_SEAT);
    this.reset();
  }

  /** Back to the start: every slot empty, swaps unused, first player by special priority. */
  reset(): void {
    const st = this.st;
    st.fill(0);
    for (let p = 0; p < this.seats; p++) st.fill(-1, HEADER + p * SEAT_SIZE, HEADER + p * SEAT_SIZE + DRAFT_SLOTS);
    let first = 0;
    for (let p = 1; p < this.seats; p++) if (this.factions[p].special.priority < this.factions[first].special.priority) first = p;
    st[H_FIRST] = first;
    st[H_POS] = 0;
    st[H_ROUND] = 1;
    st[H_CURRENT] = first;
  }

  /** A copy of this draft, sharing the (read-only) faction tables. */
  clone(): Draft {
    const d = new Draft(this.factions);
    d.st.set(this.st);
    return d;
  }

  /** Make this draft equal to `other` (same factions per seat); allocates nothing. */
  copyFrom(other: Draft): void {
    if (other.seats !== this.seats) throw new DraftError('copyFrom: drafts have different seat counts');
    this.st.set(other.st);
  }

  /** The seat to act, -1 when the draft is over. */
  pending(): number {
    return this.st[H_CURRENT];
  }

  /** Is the draft over (every seat passed, or full with its swap used)? */
  done(): boolean {
    return this.st[H_CURRENT] < 0;
  }

  /** This round's first player (rule 5: rotates one seat each round). */
  firstPlayer(): number {
    return this.st[H_FIRST];
  }

  /** The round of selections, from 1. */
  round(): number {
    return this.st[H_ROUND];
  }

  /** The option in a seat's slot (card index, or corvette-set index), -1 when empty. */
  choice(seat: number, slot: number): number {
    return this.st[HEADER + seat * SEAT_SIZE + slot];
  }

  /** Has the seat used its one swap? */
  swapUsed(seat: number): boolean {
    return this.st[HEADER + seat * SEAT_SIZE + S_SWAPPED] !== 0;
  }

  /** Has the seat passed? */
  passed(seat: number): boolean {
    return this.st[HEADER + seat * SEAT_SIZE + S_PASSED] !== 0;
  }

  /** Are all five slots of the seat filled? */
  full(seat: number): boolean {
    const b = HEADER + seat * SEAT_SIZE;
    for (let slot = 0; slot < DRAFT_SLOTS; slot++) if (this.st[b + slot] < 0) return false;
    return true;
  }

  /** Is the seat finished drafting (passed, or full with its swap used)? */
  seatDone(seat: number): boolean {
    return this.passed(seat) || (this.swapUsed(seat) && this.full(seat));
  }

  /** Number of actions submitted so far. */
  historyLength(): number {
    return this.st[H_HISTORY];
  }
  /** The i-th submitted action id. */
  historyAction(i: number): number {
    return this.st[this.historyBase + 2 * i];
  }
  /** The seat that submitted the i-th action. */
  historySeat(i: number): number {
    return this.st[this.historyBase + 2 * i + 1];
  }

  /**
   * Write the pending seat's legal actions into `out` in ascending id order and return the
   * count (0 when the draft is over). `out` must hold at least `maxActions` entries.
   */
  legal(out: Int32Array): number {
    const p = this.st[H_CURRENT];
    if (p < 0) return 0;
    if (out.length < this.maxActions) throw new RangeError(`draft.legal: buffer of ${out.length}, needs ${this.maxActions} (draft.maxActions)`);
    const b = HEADER + p * SEAT_SIZE;
    const ob = p * DRAFT_SLOTS;
    const st = this.st;
    let n = 0;
    let full = true;
    for (let slot = 0; slot < DRAFT_SLOTS; slot++) if (st[b + slot] < 0) full = false;
    if (full) out[n++] = PASS;
    for (let slot = 0; slot < DRAFT_SLOTS; slot++) {
      if (st[b + slot] >= 0) continue;
      const base = (1 + slot) * DRAFT_STRIDE;
      const count = this.options[ob + slot];
      for (let i = 0; i < count; i++) out[n++] = base + i;
    }
    if (st[b + S_SWAPPED] === 0) {
      for (let slot = 0; slot < DRAFT_SLOTS; slot++) {
        const cur = st[b + slot];
        if (cur < 0) continue;
        const base = (1 + DRAFT_SLOTS + slot) * DRAFT_STRIDE;
        const count = this.options[ob + slot];
        for (let i = 0; i < count; i++) if (i !== cur) out[n++] = base + i;
      }
    }
    return n;
  }

  /** Is `a` legal for the pending seat now? */
  isLegal(a: number): boolean {
    return this.reason(a) === R_OK;
  }

  private reason(a: number): number {
    const p = this.st[H_CURRENT];
    if (p < 0) return R_OVER;
    const op = draftActionOp(a);
    if (op === OP_INVALID) return R_UNKNOWN;
    const b = HEADER + p * SEAT_SIZE;
    if (op === OP_PASS) return this.full(p) ? R_OK : R_NOT_FULL;
    const slot = draftActionSlot(a);
    const index = a % DRAFT_STRIDE;
    if (index >= this.options[p * DRAFT_SLOTS + slot]) return R_RANGE;
    const cur = this.st[b + slot];
    if (op === OP_PICK) return cur >= 0 ? R_FILLED : R_OK;
    if (cur < 0) return R_EMPTY;
    if (this.st[b + S_SWAPPED] !== 0) return R_SWAP_USED;
    return cur === index ? R_SAME : R_OK;
  }

  /** Apply the pending seat's action; throws DraftError naming the seat, action and reason. */
  submit(a: number): void {
    const why = this.reason(a);
    if (why !== R_OK) {
      const p = this.st[H_CURRENT];
      const who = p >= 0 ? `seat ${p} (${this.factions[p].id})` : 'nobody';
      throw new DraftError(`draft: ${who} cannot play ${a} (${this.describe(a, p)}): ${REASONS[why]}`);
    }
    const st = this.st;
    const p = st[H_CURRENT];
    const b = HEADER + p * SEAT_SIZE;
    const op = draftActionOp(a);
    if (op === OP_PASS) st[b + S_PASSED] = 1;
    else {
      st[b + draftActionSlot(a)] = a % DRAFT_STRIDE;
      if (op === OP_SWAP) st[b + S_SWAPPED] = 1;
    }
    const h = this.historyBase + 2 * st[H_HISTORY];
    st[h] = a;
    st[h + 1] = p;
    st[H_HISTORY]++;
    this.advance();
  }

  /** Move to the next seat still drafting: on through this round, then rotate the first player. */
  private advance(): void {
    const st = this.st;
    const n = this.seats;
    let anyLeft = false;
    for (let p = 0; p < n; p++)
      if (!this.seatDone(p)) {
        anyLeft = true;
        break;
      }
    if (!anyLeft) {
      st[H_CURRENT] = -1;
      return;
    }
    let pos = st[H_POS] + 1;
    for (;;) {
      if (pos >= n) {
        pos = 0;
        st[H_FIRST] = (st[H_FIRST] + 1) % n;
        st[H_ROUND]++;
      }
      const seat = (st[H_FIRST] + pos) % n;
      if (!this.seatDone(seat)) {
        st[H_POS] = pos;
        st[H_CURRENT] = seat;
        return;
      }
      pos++;
    }
  }

  /**
   * The finished loadouts, one per seat (corvettes in non-decreasing card index order).
   * @throws DraftError while the draft is still running.
   */
  loadouts(): LoadoutTable[] {
    if (!this.done()) throw new DraftError(`draft: not over (seat ${this.pending()} to act, round ${this.round()})`);
    const out: LoadoutTable[] = [];
    for (let p = 0; p < this.seats; p++) {
      const b = HEADER + p * SEAT_SIZE;
      out.push({
        main: this.st[b + SLOT_MAIN],
        broadside: this.st[b + SLOT_BROADSIDE],
        hangar: this.st[b + SLOT_HANGAR],
        pointDefence: this.st[b + SLOT_PD],
        corvettes: corvetteSetCards(this.factions[p], this.st[b + SLOT_CORVETTES]),
      });
    }
    return out;
  }

  /** A log line for `a` as played by `seat` (default the pending seat; card ids named). */
  describe(a: number, seat: number = this.pending()): string {
    return describeDraftAction(seat >= 0 && seat < this.seats ? this.factions[seat] : null, a);
  }
}

/** Chooses one of `legal[0..count-1]` for `seat`; `draft` may be read, not changed. */
export type DraftChooser = (seat: number, legal: Int32Array, count: number, draft: Draft) => number;

/**
 * Run a whole draft, asking `choose` at every decision.
 * @throws DraftError when `choose` answers an illegal action.
 */
export function draftWithPolicies(factions: readonly FactionTable[], choose: DraftChooser): LoadoutTable[] {
  const d = new Draft(factions);
  const buf = new Int32Array(d.maxActions);
  while (!d.done()) {
    const seat = d.pending();
    const count = d.legal(buf);
    d.submit(choose(seat, buf, count, d));
  }
  return d.loadouts();
}
