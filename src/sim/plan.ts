/**
 * An experiment's plan: who plays (the entrants), which of them meet at a table (the
 * pairings: two entrants on a two-ship scenario, N on an N-ship one), how each block of
 * matches seats them (the seating's rotations), and on which card tables (the variants).
 * Every kind reduces to this, so the batch runner, the workers and `stareater match
 * --experiment` play every kind the same way.
 *
 * Rotation blocks: a table plays every match seed once under each rotation of its seats,
 * so seat advantage cancels inside the block. Free-for-all: the N cyclic rotations of the
 * seats (two players: the seat-swapped pair). Teams of k: the teams' places rotate (T
 * teams, T rotations) and, jointly, the members' places within their team (k rotations);
 * T·k = N games, and every entrant sits in every seat once while its partners stay its
 * partners. The entrant listed i-th at a table sits in seat i in the block's first game.
 *
 * - batch, compare, tournament, gauntlet: entrants are the players (a compare on N > 2 seats:
 *   A in its team's seats, copies of B in the others).
 * - loadout-sweep: entrants are the swept faction's loadouts (all, or a seeded sample),
 *   then the players (the field); each loadout meets each field player, or each other.
 * - meta: the players and the generated loadouts, in a round robin; with two loadouts blocks
 *   (two factions), each of the first faction's loadouts against each of the second's. On N
 *   seats a meta is a game of T sides, each picking a composition (a multiset of the side's
 *   seats' worth of strategies flying one faction; a free-for-all side is one strategy): a
 *   profile per multiset of T compositions, except every side alike (even by symmetry); two
 *   factions, each first-faction composition against each second-faction one. A profile is
 *   played at a table per arrangement around the board (arrangementsOf). A strategy
 *   repeated at a table plays as copies, entrants of their own named `<name>#2`, ...
 * - stat-sweep: one copy of the subject (players[0]) per swept value, then the field
 *   (players[1..]); each copy meets each field player on the tables with that value.
 *   A change applies to the card wherever it is played, by either ship.
 *
 * With N seats: a tournament plays every N-entrant combination, a gauntlet the first entrant
 * with every (N − 1)-combination of the others, a loadout sweep each loadout with every
 * (N − 1)-combination of the field (or every N-combination of the loadouts), a stat sweep
 * each copy of the subject with every (N − 1)-combination of the field.
 *
 * Why a plan built from the tables: enumerating loadouts needs the compiled factions, and
 * the plan must be the same in every worker, so it depends only on the experiment file,
 * the content and the master seed.
 */
import seedrandom from 'seedrandom';
import type { FactionTable, GameTables, LoadoutTable } from '../rules/tables.js';
import { corvetteSets, corvetteSetCards } from '../rules/draft.js';
import type { SourcedChange } from '../content/changes.js';
import { ConfigError } from '../content/errors.js';
import { factionIndex } from '../content/scenario.js';
import { loadoutSides, type Experiment, type ExperimentPlayer } from './experiment.js';
import { binomial, checkMatchTotal, checkTableCount, tooManyTablesError, TooManyTables } from './plan-limits.js';
import { planAutobalanceRound } from './autobalance-spec.js';

/** One side of the run: a policy with parameters, a faction and a loadout. */
export interface Entrant {
  name: string;
  policy: string;
  params: Record<string, unknown>;
  faction: string;
  /** As in the experiment file, or a generated loadout (compiled card indices). */
  loadout: ExperimentPlayer['loadout'] | LoadoutTable;
  /** Where it comes from: an experiment player, a generated loadout, or the subject on a sweep variant. */
  origin: { kind: 'player'; player: number } | { kind: 'loadout'; loadout: number } | { kind: 'variant'; variant: number };
}

/** A set of card tables: the experiment's own changes plus, for a sweep point, one more. */
export interface Variant {
  label: string;
  changes: SourcedChange[];
  /** The sweep point this variant is (stat-sweep), or undefined for the base tables. */
  point?: { sweep: number; card: string; field: string; value: number };
}

/**
 * How a scenario's seats form teams and how a rotation block seats a table: `rotation[g *
 * seats + i]` is the seat of the table's i-th entrant in the block's game g.
 */
export interface Seating {
  seats: number;
  /** Team id of each seat (the kernel's: the lowest seat of the team). */
  teams: number[];
  /** Seats of each team, teams in order of their lowest seat. */
  teamSeats: number[][];
  /** Games per rotation block (= seats). */
  block: number;
  rotation: Int8Array;
}

/** The rotation blocks of a scenario whose seat i is on team `teams[i]` (see the header). Throws a plain Error when the teams differ in size. */
export function seatingOf(teams: readonly number[]): Seating {
  const n = teams.length;
  const ids = [...new Set(teams)]; // in order of their lowest seat
  const teamSeats = ids.map((id) => teams.flatMap((t, i) => (t === id ? [i] : [])));
  const k = teamSeats[0].length;
  if (teamSeats.some((t) => t.length !== k)) throw new Error(`teams of equal size (seats by team: ${teamSeats.map((t) => `[${t.join(', ')}]`).join(' ')})`);
  const T = teamSeats.length;
  const rotation = new Int8Array(n * n);
  // Entrant i's place: team tOf[i], member jOf[i] (its seat in the first game is i).
  const tOf = new Array<number>(n);
  const jOf = new Array<number>(n);
  teamSeats.forEach((seats, t) => seats.forEach((seat, j) => ((tOf[seat] = t), (jOf[seat] = j))));
  for (let g = 0; g < n; g++) {
    const r = g % T;
    const u = Math.floor(g / T);
    for (let i = 0; i < n; i++) rotation[g * n + i] = teamSeats[(tOf[i] + r) % T][(jOf[i] + u) % k];
  }
  return { seats: n, teams: teams.slice(), teamSeats, block: n, rotation };
}

/** Two seats, two teams of one: the seat-swapped pair. */
export const TWO_SEATS: Seating = seatingOf([0, 1]);

/** The k-element combinations of `items`, in lexicographic order. */
export function combinations(items: readonly number[], k: number): number[][] {
  checkTableCount(binomial(items.length, k)); // counted before they are built (plan-limits.ts)
  const out: number[][] = [];
  const pick: number[] = [];
  const go = (from: number) => {
    if (pick.length === k) return void out.push(pick.slice());
    for (let i = from; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]);
      go(i + 1);
      pick.pop();
    }
  };
  go(0);
  return out;
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

export interface Plan {
  entrants: Entrant[];
  /**
   * The tables: entrant indices, the i-th in seat i in a block's first game (two seats:
   * [a, b] with a < b, a pairing). Sorted within a table.
   */
  pairings: number[][];
  /** How the tables are seated (seats, teams, rotations); absent: two seats (TWO_SEATS). */
  seating?: Seating;
  /** Variant (index into `variants`) each pairing plays on. */
  pairingVariant: number[];
  variants: Variant[];
  /** stat-sweep: the subject's name (players[0]); its copies are named `<subject> <card>.<field>=<value>`. */
  subject?: string;
  /** Loadout generation: how many legal loadouts exist and whether the entrants are a sample. */
  loadoutSpace?: { faction: string; total: number; chosen: number; sampled: boolean };
  /** A meta on N seats: the game its tables sample (see MetaTables). */
  metaTables?: MetaTables;
  /** A two-faction meta: each side's loadouts (entrants first .. first + count − 1) and how they were chosen. */
  sides?: { faction: string; total: number; chosen: number; sampled: boolean; first: number; count: number }[];
}

/**
 * A meta on N seats (T sides of k seats): the strategies are entrants 0 .. strategies − 1 (the
 * players, then the generated loadouts; two factions: the first block's loadouts, then the
 * second's); a composition is a sorted multiset of k strategies of one faction; a profile is a
 * multiset of T compositions, played at one table per arrangement; table p seats composition
 * tableTeams[p][t] in the seats of team t (seating.teamSeats[t]). copyOf maps every entrant
 * (copies included) to its strategy.
 */
export interface MetaTables {
  strategies: number;
  sides: number;
  sideSize: number;
  compositions: number[][];
  /** Two factions: the compositions of side 0 (the first faction) come first, `firstSide` of them; profiles pair one of each. */
  twoFaction: boolean;
  firstSide: number;
  /** The profiles (sorted multisets of T compositions) the tables sample. */
  profiles: number[][];
  /** Per table: its profile, and the composition on each team (team t in seating.teamSeats[t]). A profile has a table per arrangement (arrangementsOf). */
  tableProfile: number[];
  tableTeams: number[][];
  copyOf: number[];
}

/** The experiment's own changes, sourced for error messages. */
export function baseChanges(file: string, ex: Experiment): SourcedChange[] {
  return ex.changes.map((change, i) => ({ change, file, path: `changes[${i}]` }));
}

/** Number of legal loadouts of a faction (cards times corvette multisets). */
export function loadoutCount(f: FactionTable): number {
  return f.mainWeapons.length * f.broadsides.length * f.hangars.length * f.pointDefence.length * corvetteSets(f).count;
}

/** Legal loadout number k of a faction, in a fixed order (main slowest, corvette set fastest). */
export function loadoutAt(f: FactionTable, k: number): LoadoutTable {
  const sets = corvetteSets(f).count;
  const corv = k % sets;
  k = Math.floor(k / sets);
  const pointDefence = k % f.pointDefence.length;
  k = Math.floor(k / f.pointDefence.length);
  const hangar = k % f.hangars.length;
  k = Math.floor(k / f.hangars.length);
  const broadside = k % f.broadsides.length;
  const main = Math.floor(k / f.broadsides.length);
  return { main, broadside, hangar, pointDefence, corvettes: corvetteSetCards(f, corv) };
}

/** A short readable name of a loadout: card ids without the faction prefix, corvettes counted. */
export function loadoutLabel(f: FactionTable, l: LoadoutTable): string {
  const short = (id: string) => id.replace(new RegExp(`^${f.id}-`), '');
  const counts = new Map<string, number>();
  for (const c of l.corvettes) counts.set(short(f.corvettes[c].id), (counts.get(short(f.corvettes[c].id)) ?? 0) + 1);
  const corv = [...counts].map(([id, n]) => (n > 1 ? `${id}x${n}` : id)).join('+');
  return [f.mainWeapons[l.main], f.broadsides[l.broadside], f.hangars[l.hangar], f.pointDefence[l.pointDefence]].map((c) => short(c.id)).join('/') + `/${corv}`;
}

/** `count` distinct numbers below `total` from the seed, in increasing order. */
function sampleDistinct(total: number, count: number, seed: string): number[] {
  const rng = seedrandom(seed);
  const pool = Array.from({ length: total }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(rng() * (total - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** The generated loadout entrants of a loadout-sweep or meta: those of loadouts block `side` (a two-faction meta has two; the second samples from its own stream). */
function loadoutEntrants(file: string, ex: Experiment, tables: GameTables, side = 0, first = 0): { entrants: Entrant[]; space: NonNullable<Plan['loadoutSpace']> } {
  const { spec, path } = loadoutSides(ex)[side];
  const fi = factionIndex(tables, spec.faction);
  if (fi < 0) throw ConfigError.at(file, `${path}.faction`, `a faction id (${tables.factions.map((f) => f.id).join(', ')})`, spec.faction);
  const f = tables.factions[fi];
  const total = loadoutCount(f);
  // A count above the legal loadouts would silently mean all of them.
  if (spec.count !== 'all' && spec.count > total)
    throw ConfigError.at(file, `${path}.count`, `a count of at most ${total} (faction ${f.id} has ${total} legal loadouts), or all`, spec.count);
  const want = spec.count === 'all' ? Math.min(total, spec.max) : Math.min(total, spec.count);
  const ks = want === total ? Array.from({ length: total }, (_, i) => i) : sampleDistinct(total, want, side ? `${ex.seed}/loadouts/${side}` : `${ex.seed}/loadouts`);
  // Two factions' labels could coincide once the faction prefix is stripped: a two-faction meta names the faction.
  const two = loadoutSides(ex).length > 1;
  const entrants = ks.map((k, i): Entrant => {
    const loadout = loadoutAt(f, k);
    return { name: two ? `${f.id}:${loadoutLabel(f, loadout)}` : loadoutLabel(f, loadout), policy: spec.policy, params: spec.params, faction: f.id, loadout, origin: { kind: 'loadout', loadout: first + i } };
  });
  return { entrants, space: { faction: f.id, total, chosen: want, sampled: want < total } };
}

const playerEntrants = (ex: Experiment): Entrant[] =>
  ex.players.map((p, i) => ({ name: p.name!, policy: p.policy, params: p.params, faction: p.faction, loadout: p.loadout, origin: { kind: 'player', player: i } }));

/**
 * A compare on N seats: A in the seats of seat 0's team (alone in a free-for-all), copies of
 * B in the others, listed by seat so the block's first game seats entrant i in seat i. A
 * copy is named `<name>#k` (k = 2, 3, ...); A is entrant 0, which the block test reads.
 */
function compareEntrants(ex: Experiment, seating: Seating): Entrant[] {
  const [a, b] = playerEntrants(ex);
  const copies = [0, 0];
  return seating.teams.map((team) => {
    const side = team === seating.teams[0] ? 0 : 1;
    const k = ++copies[side];
    const e = side ? b : a;
    return { ...e, name: k > 1 ? `${e.name}#${k}` : e.name };
  });
}

/** The k-element multisets of `items` (sorted), in lexicographic order. */
export function multisets(items: readonly number[], k: number): number[][] {
  checkTableCount(binomial(items.length + k - 1, k)); // counted before they are built (plan-limits.ts)
  const out: number[][] = [];
  const pick: number[] = [];
  const go = (from: number) => {
    if (pick.length === k) return void out.push(pick.slice());
    for (let i = from; i < items.length; i++) {
      pick.push(items[i]);
      go(i);
      pick.pop();
    }
  };
  go(0);
  return out;
}

/**
 * The tables of a meta on N seats (see MetaTables): `strategies` are its entrants so far,
 * `split` the first strategy of the second faction (two factions) or null. Copies of a
 * strategy repeated at a table are appended to the entrants.
 */
function metaTablesOf(strategies: Entrant[], split: number | null, seating: Seating): { entrants: Entrant[]; pairings: number[][]; meta: MetaTables } {
  const T = seating.teamSeats.length;
  const k = seating.teamSeats[0].length;
  const compositionsOf = (from: number, to: number) => {
    const out: number[][] = [];
    // A team flies one faction (rulebook 3): compositions within each faction.
    for (const faction of new Set(strategies.slice(from, to).map((e) => e.faction))) out.push(...multisets(range(from, to).filter((i) => strategies[i].faction === faction), k));
    return out.sort(lexicographic);
  };
  let compositions: number[][];
  let profiles: number[][];
  let firstSide: number;
  if (split === null) {
    compositions = compositionsOf(0, strategies.length);
    firstSide = compositions.length;
    // Every side alike is even by symmetry (each side scores 1/T), so it is not played.
    profiles = multisets(range(0, compositions.length), T).filter((t) => t.some((c) => c !== t[0]));
  } else {
    const a = compositionsOf(0, split);
    const b = compositionsOf(split, strategies.length);
    compositions = [...a, ...b];
    firstSide = a.length;
    checkTableCount(a.length * b.length);
    profiles = a.flatMap((_, i) => b.map((_, j) => [i, a.length + j]));
  }
  const entrants = strategies.slice();
  const copies = new Map<string, number>();
  const copyOf = strategies.map((_, i) => i);
  const copy = (s: number, r: number): number => {
    if (r === 0) return s;
    const key = `${s}#${r}`;
    let e = copies.get(key);
    if (e === undefined) {
      copies.set(key, (e = entrants.length));
      entrants.push({ ...strategies[s], name: `${strategies[s].name}#${r + 1}` });
      copyOf.push(s);
    }
    return e;
  };
  // One table per arrangement of each profile around the board (arrangementsOf), its copies numbered in seat order.
  const pairings: number[][] = [];
  const tableTeams: number[][] = [];
  const tableProfile: number[] = [];
  profiles.forEach((profile, q) =>
    arrangementsOf(profile, compositions, seating).forEach(({ teams, seats: strategyBySeat }) => {
      const seen = new Map<number, number>();
      pairings.push(
        strategyBySeat.map((s) => {
          const r = seen.get(s) ?? 0;
          seen.set(s, r + 1);
          return copy(s, r);
        }),
      );
      tableTeams.push(teams);
      tableProfile.push(q);
    }),
  );
  return { entrants, pairings, meta: { strategies: strategies.length, sides: T, sideSize: k, compositions, twoFaction: split !== null, firstSide, profiles, tableProfile, tableTeams, copyOf } };
}

/** The distinct orderings of a multiset of numbers, in lexicographic order. */
function distinctPermutations(xs: readonly number[]): number[][] {
  const sorted = xs.slice().sort((a, b) => a - b);
  const out: number[][] = [];
  const used = sorted.map(() => false);
  const pick: number[] = [];
  const go = () => {
    if (pick.length === sorted.length) return void out.push(pick.slice());
    for (let i = 0; i < sorted.length; i++) {
      if (used[i] || (i > 0 && sorted[i] === sorted[i - 1] && !used[i - 1])) continue;
      used[i] = true;
      pick.push(sorted[i]);
      go();
      pick.pop();
      used[i] = false;
    }
  };
  go();
  return out;
}

/**
 * The arrangements of a profile (a multiset of compositions, one per team) around the board:
 * every way to give the compositions to the teams and their strategies to the team's seats,
 * up to the seatings its rotation block plays anyway. A block rotates the seats but keeps the
 * table's circular order (a free-for-all A, B, C never plays as A, C, B), and the order
 * matters to the game: who faces whom first. A symmetric game's payoff is that of a random
 * seating, so the meta plays each arrangement as a table of its own and averages them.
 * Returns, per arrangement, the composition of each team and the strategy in each seat.
 */
export function arrangementsOf(profile: readonly number[], compositions: readonly (readonly number[])[], seating: Seating): { teams: number[]; seats: number[] }[] {
  const n = seating.seats;
  const out: { teams: number[]; seats: number[] }[] = [];
  const canonical = new Set<string>();
  const rotated = new Array<number>(n);
  for (const teams of distinctPermutations(profile)) {
    // Every ordering of each team's members, combined across the teams.
    let seatings: number[][] = [new Array<number>(n)];
    teams.forEach((c, t) => {
      seatings = seatings.flatMap((partial) =>
        distinctPermutations(compositions[c]).map((members) => {
          const seats = partial.slice();
          members.forEach((s, j) => (seats[seating.teamSeats[t][j]] = s));
          return seats;
        }),
      );
    });
    for (const seats of seatings) {
      let key = '';
      for (let g = 0; g < seating.block; g++) {
        for (let i = 0; i < n; i++) rotated[seating.rotation[g * n + i]] = seats[i];
        const k = rotated.join(',');
        if (!key || k < key) key = k;
      }
      if (canonical.has(key)) continue;
      canonical.add(key);
      out.push({ teams, seats });
    }
  }
  return out;
}

const lexicographic = (x: readonly number[], y: readonly number[]): number => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/** Every `seats`-entrant table of entrants 0..n-1. */
const roundRobin = (n: number, seats: number): number[][] => combinations(range(0, n), seats);

/** Entrant `i` with every (seats − 1)-combination of `field` (entrant indices). */
const withField = (i: number, field: readonly number[], seats: number): number[][] => combinations(field, seats - 1).map((c) => [i, ...c]);

/** The plan of an experiment on its (base) tables and the scenario's seating (default: two seats); entrant names are unique. */
export function planExperiment(file: string, ex: Experiment, tables: GameTables, seating: Seating = TWO_SEATS): Plan {
  let plan: Plan;
  try {
    plan = planOf(file, ex, tables, seating);
    checkTableCount(plan.pairings.length);
  } catch (e) {
    if (e instanceof TooManyTables) throw tooManyTablesError(file, ex.kind, !!ex.loadouts, e.tables);
    throw e;
  }
  checkMatchTotal(file, ex.matches, plan.pairings.length);
  const seen = new Set<string>();
  for (const e of plan.entrants) {
    if (seen.has(e.name)) throw ConfigError.at(file, 'players', `player names different from the generated entrants' names`, e.name);
    seen.add(e.name);
  }
  return plan;
}

function planOf(file: string, ex: Experiment, tables: GameTables, seating: Seating): Plan {
  const base: Variant = { label: 'base', changes: baseChanges(file, ex) };
  const N = seating.seats;
  switch (ex.kind) {
    case 'loadout-sweep': {
      const { entrants, space } = loadoutEntrants(file, ex, tables);
      const n = entrants.length;
      const field = playerEntrants(ex);
      const pairings: number[][] = [];
      if (ex.field === 'each-other') pairings.push(...roundRobin(n, N));
      else for (let i = 0; i < n; i++) pairings.push(...withField(i, range(n, n + field.length), N));
      return { entrants: [...entrants, ...field], pairings, seating, pairingVariant: pairings.map(() => 0), variants: [base], loadoutSpace: space };
    }
    case 'meta': {
      if (N > 2) {
        if (loadoutSides(ex).length === 2) {
          const a = loadoutEntrants(file, ex, tables, 0);
          const b = loadoutEntrants(file, ex, tables, 1, a.entrants.length);
          const m = a.entrants.length;
          const { entrants, pairings, meta } = metaTablesOf([...a.entrants, ...b.entrants], m, seating);
          const sides = [a, b].map((s, k) => ({ ...s.space, first: k ? m : 0, count: s.entrants.length }));
          return { entrants, pairings, seating, pairingVariant: pairings.map(() => 0), variants: [base], sides, metaTables: meta };
        }
        const generated = ex.loadouts ? loadoutEntrants(file, ex, tables) : null;
        const { entrants, pairings, meta } = metaTablesOf([...playerEntrants(ex), ...(generated?.entrants ?? [])], null, seating);
        return { entrants, pairings, seating, pairingVariant: pairings.map(() => 0), variants: [base], loadoutSpace: generated?.space, metaTables: meta };
      }
      if (loadoutSides(ex).length === 2) {
        // Two factions: each of the first side's loadouts meets each of the second's, and no loadout its own side.
        const a = loadoutEntrants(file, ex, tables, 0);
        const b = loadoutEntrants(file, ex, tables, 1, a.entrants.length);
        const m = a.entrants.length;
        checkTableCount(m * b.entrants.length); // counted before they are built (plan-limits.ts)
        const pairings = a.entrants.flatMap((_, i) => b.entrants.map((_, j) => [i, m + j]));
        const sides = [a, b].map((s, k) => ({ ...s.space, first: k ? m : 0, count: s.entrants.length }));
        return { entrants: [...a.entrants, ...b.entrants], pairings, seating, pairingVariant: pairings.map(() => 0), variants: [base], sides };
      }
      const generated = ex.loadouts ? loadoutEntrants(file, ex, tables) : null;
      const entrants = [...playerEntrants(ex), ...(generated?.entrants ?? [])];
      const pairings = roundRobin(entrants.length, N);
      return { entrants, pairings, seating, pairingVariant: pairings.map(() => 0), variants: [base], loadoutSpace: generated?.space };
    }
    case 'autobalance':
      return { ...planAutobalanceRound(file, ex.autobalance!, playerEntrants(ex), base), seating };
    case 'stat-sweep': {
      const [subject, ...field] = playerEntrants(ex);
      const variants: Variant[] = [base];
      const entrants: Entrant[] = [];
      ex.sweep!.forEach((s, si) =>
        s.values.forEach((value, vi) => {
          const label = `${s.card}.${s.field}=${value}`;
          variants.push({ label, changes: [...base.changes, { change: { card: s.card, field: s.field, value }, file, path: `sweep[${si}]`, valuePath: `sweep[${si}].values[${vi}]` }], point: { sweep: si, card: s.card, field: s.field, value } });
          entrants.push({ ...subject, name: `${subject.name} ${label}`, origin: { kind: 'variant', variant: variants.length - 1 } });
        }),
      );
      const n = entrants.length;
      const pairings: number[][] = [];
      const pairingVariant: number[] = [];
      for (let i = 0; i < n; i++)
        for (const t of withField(i, range(n, n + field.length), N)) {
          pairings.push(t);
          pairingVariant.push(i + 1);
        }
      return { entrants: [...entrants, ...field], pairings, seating, pairingVariant, variants, subject: subject.name };
    }
    default: {
      if (ex.kind === 'compare' && N > 2) return { entrants: compareEntrants(ex, seating), pairings: [range(0, N)], seating, pairingVariant: [0], variants: [base] };
      const n = ex.players.length;
      const pairings = ex.kind === 'tournament' ? roundRobin(n, N) : ex.kind === 'gauntlet' ? withField(0, range(1, n), N) : [range(0, N)];
      return { entrants: playerEntrants(ex), pairings, seating, pairingVariant: pairings.map(() => 0), variants: [base] };
    }
  }
}
