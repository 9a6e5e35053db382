/**
 * The game at 3 and 4 players (rulebook 3, 8 step 4, 9.4): teams, who may target whom, who
 * wins, and what a destroyed ship leaves behind, as table-driven known answers. Each row is a
 * small scenario whose result was worked out by hand (the row's `why` shows it); rows run
 * with the kernel's invariant checks on.
 *
 * The fixture content: FPA (structure 12) hull facing N is bow (0,-1), core (0,0), port
 * (-1,1), starboard (1,0), stern (0,1); its main projectile (Hammerfall) deals 4. Lamais
 * (structure 10) hull facing N is prow (0,-2), bow (0,-1), core (0,0), stern (0,1); its main
 * projectile (Tyrant) deals 3.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { ScenarioSchema, tablesForScenario, scenarioSetup, ConfigError } from '../../src/content/scenario.ts';
import { runScenario } from '../../src/sim/scenario-run.ts';
import { enableInvariantChecks } from '../../src/rules/invariants.ts';
import { Kernel, SetupError } from '../../src/rules/kernel.ts';
import {
  GameState,
  areEnemies,
  isWinner,
  LOC_HAND,
  CARDS,
  MAX_SECTIONS,
  G_SUPPLY_SHIELDS,
  G_SUPPLY_LINEAR,
  G_SUPPLY_CW,
  G_WINNER,
  G_TOK_TOP,
  STATUS_NAMES,
  SMALL_CORVETTE,
  SMALL_TORPEDO,
  LOC_REMOVED,
  LOC_TRACK,
  CC_REF,
  CORV_ABOARD,
  STAT_SIZE,
  ST_COLLISIONS,
  ST_COLLISION_DAMAGE_DEALT,
  ST_COLLISION_DAMAGE_TAKEN,
  ST_DAMAGE_DEALT,
  SRC_COLLISION,
  ST_KILLS,
  ST_DEALT_TO,
  SOURCES,
} from '../../src/rules/state.ts';
import { TGT_HULL } from '../../src/rules/targeting.ts';

const ALL_COOLING = { fireMain: 9, portBroadside: 9, starboardBroadside: 9, corvettes: 9, defenceStations: 9, ventCoolant: 9, powerToEngines: 9, specialAbility: 9 };

interface ShipRow {
  faction: 'fpa' | 'lamais';
  at: [number, number];
  facing?: 'N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW';
  team?: number;
  momentum?: string[];
  armour?: Record<string, number>;
  shields?: Record<string, number>;
  structure?: number;
  /** Cards in hand (the rest far down the track). */
  hand?: string[];
  commands?: string[];
  /** Answers to this ship's mid-round decisions (scenario-format), e.g. its Command Corvette's move: '0' passes. */
  decisions?: string[];
}
interface TokenRow {
  owner: number;
  at: [number, number];
  facing: 'N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW';
}

/** A scenario of ships (cards on the track unless given), main projectiles, and one round's commitments. */
function scenario(ships: ShipRow[], tokens: TokenRow[] = [], repeatFactions = false) {
  return ScenarioSchema.parse({
    name: 'teams row',
    board: 'standard',
    rules: repeatFactions ? { repeatFactions: true } : undefined,
    ships: ships.map((sh) => ({
      faction: sh.faction,
      position: sh.at,
      facing: sh.facing ?? 'N',
      team: sh.team,
      momentum: sh.momentum,
      armour: sh.armour,
      shields: sh.shields,
      structure: sh.structure,
      cooldown: Object.fromEntries(Object.entries(ALL_COOLING).filter(([c]) => !(sh.hand ?? []).includes(c))),
    })),
    tokens: tokens.map((tk) => ({ kind: 'projectile', owner: tk.owner, from: 'main', position: tk.at, facing: tk.facing })),
    rounds: [{ players: ships.map((sh) => ({ engine: 'none', commands: sh.commands ?? [], decisions: sh.decisions })) }],
  });
}

function play(sc: ReturnType<typeof scenario>) {
  const tables = tablesForScenario(sc, FIXTURE_CONFIG_DIR);
  return runScenario('teams-row', sc, { tables, check: (k) => enableInvariantChecks(k) });
}

// A Lamais ship moving N over a projectile lying just ahead of its prow, with the prow's
// armour gone and 1 structure left, is destroyed in movement step 1 (12 "Colliding with small
// tokens": full damage; 4.1). `doomedLamais(q)` stands at (q, 0) with its prow at (q, -2) and
// the projectile at (q, -3).
const doomedLamais = (q: number, team?: number, extra: Partial<ShipRow> = {}): ShipRow => ({
  faction: 'lamais',
  at: [q, 0],
  team,
  momentum: ['N'],
  armour: { prow: 0 },
  structure: 1,
  // At 3-4 players its Command Corvette then gets its movement activation (8.1.2), and its
  // corvettes three activations at the start of the action phase (8.1.3): it passes both.
  decisions: ['0', 'pass'],
  ...extra,
});
const shotAt = (q: number, owner: number): TokenRow => ({ owner, at: [q, -3], facing: 'N' });
// The same for an FPA ship at (q, 4): bow (q, 3), the projectile at (q, 2).
const doomedFpa = (q: number, team?: number): ShipRow => ({ faction: 'fpa', at: [q, 4], team, momentum: ['N'], armour: { bow: 0 }, structure: 1 });
const fpaShotAt = (q: number, owner: number): TokenRow => ({ owner, at: [q, 2], facing: 'S' });

describe('8 step 4 and the token-supply texts: a destroyed ship leaves the board and gives back its tokens and cards', () => {
  it('a 3-player wreck returns its shields and momentum to the supplies and its face-down commands to the hand', () => {
    // Ship 1 (Lamais) holds mat [N, N, CW] and 2 shields on its core, with Fire Main and
    // Defence Stations face down. Step 1 moves it N onto FPA's projectile: 4 damage to the
    // open prow, 4 > 1 structure: destroyed. Its shields (2) and tokens (2 linear, 1 CW) go
    // back: shields 8, linear 8, clockwise 4 (nobody else holds any). Nothing stays face
    // down; ship 0 and ship 2 fight on (ongoing), ship 1 lost in round 1 and flying its
    // Command Corvette (8): its cards in hand except the Special Ability (put at 3, now at 2
    // after the cooldown phase) and the Broadsides and Vent Coolant (removed).
    const sc = scenario(
      [
        { faction: 'fpa', at: [-5, 3] },
        doomedLamais(3, undefined, { momentum: ['N', 'N', 'CW'], shields: { core: 2 }, hand: ['fireMain', 'defenceStations'], commands: ['fireMain', 'defenceStations'] }),
        { faction: 'fpa', at: [-2, -3] },
      ],
      [shotAt(3, 0)],
      true,
    );
    const { state: s } = play(sc);
    expect(STATUS_NAMES[s.status]).toBe('ongoing');
    expect(s.alive[1]).toBe(0);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(8);
    expect(s.g[G_SUPPLY_LINEAR]).toBe(8);
    expect(s.g[G_SUPPLY_CW]).toBe(4);
    for (let sec = 0; sec < MAX_SECTIONS; sec++) expect(s.shields[MAX_SECTIONS + sec]).toBe(0);
    expect([s.linCount[1], s.rotCount[1]]).toEqual([0, 0]);
    const H = LOC_HAND;
    const X = LOC_REMOVED;
    expect(Array.from(s.cardLoc.subarray(CARDS, 2 * CARDS))).toEqual([H, X, X, H, H, X, H, LOC_TRACK + 2]);
    expect([s.committed[2], s.committed[3], s.engine[1]]).toEqual([-1, -1, -1]);
    expect(Array.from(s.lostRound.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(Array.from(s.outRound.subarray(0, 3))).toEqual([0, 0, 0]);
    // The projectile went back to FPA's supply; the Command Corvette stands where the ship's
    // centre was, (3, -1) after its step N, facing N (8 step 4); it passed its move.
    expect(s.factionSupply[0]).toBe(3);
    const cc = s.ccTok[1];
    expect([s.tokKind[cc], s.tokRef[cc], s.tokQ[cc], s.tokR[cc], s.tokFacing[cc]]).toEqual([SMALL_CORVETTE, CC_REF, 3, -1, 0]);
    // Its corvettes were all launched (8 step 2): none is aboard.
    expect(Array.from(s.corvLoc.subarray(4, 8)).filter((loc) => loc === CORV_ABOARD)).toEqual([]);
  });
});

interface VictoryRow {
  what: string;
  ships: ShipRow[];
  tokens: TokenRow[];
  repeat?: boolean;
  status: string;
  winner: number;
  winners: number[];
  lost: number[];
  out: number[];
  teams: number[];
  /** Kills credited per seat (ST_KILLS: the last hit on an enemy ship), where the row checks them. */
  kills?: number[];
}
const victories: VictoryRow[] = [
  {
    what: '3 players: the last capital ship standing wins; its seat is the winner; the losers are out that round',
    // Ships 1 and 2 (Lamais, FPA) run over ship 0's projectiles in the same step.
    ships: [{ faction: 'fpa', at: [-5, 3] }, doomedLamais(3), doomedFpa(0)],
    tokens: [shotAt(3, 0), fpaShotAt(0, 0)],
    repeat: true,
    status: 'victory',
    winner: 0,
    winners: [0],
    lost: [0, 1, 1],
    out: [0, 1, 1],
    teams: [0, 1, 2],
    kills: [2, 0, 0],
  },
  {
    what: '3 players: one ship down, two left: the match goes on (its commander flies on in a Command Corvette, 8)',
    ships: [{ faction: 'fpa', at: [-5, 3] }, doomedLamais(3), { faction: 'fpa', at: [-2, -3] }],
    tokens: [shotAt(3, 2)],
    repeat: true,
    status: 'ongoing',
    winner: -1,
    winners: [],
    lost: [0, 1, 0],
    out: [0, 0, 0],
    teams: [0, 1, 2],
  },
  {
    what: '3 players: every capital ship destroyed at the same moment is a draw (nobody is out: a draw has no loser)',
    ships: [doomedFpa(-4), doomedLamais(3), doomedFpa(0)],
    tokens: [fpaShotAt(-4, 1), shotAt(3, 0), fpaShotAt(0, 1)],
    repeat: true,
    status: 'draw',
    winner: -1,
    winners: [],
    lost: [1, 1, 1],
    out: [0, 0, 0],
    teams: [0, 1, 2],
    kills: [1, 2, 0],
  },
  {
    what: '4 players: both enemy capital ships destroyed: the team wins together (G_WINNER: team id 0, the lower seat)',
    ships: [{ faction: 'fpa', at: [-5, 3], team: 0 }, doomedLamais(3, 1), { faction: 'fpa', at: [-2, 6], team: 0 }, doomedLamais(-1, 1)],
    tokens: [shotAt(3, 0), shotAt(-1, 2)],
    status: 'victory',
    winner: 0,
    winners: [0, 2],
    lost: [0, 1, 0, 1],
    out: [0, 1, 0, 1],
    teams: [0, 1, 0, 1],
    kills: [1, 0, 1, 0],
  },
  {
    what: '4 players: one enemy capital ship left: the match goes on',
    ships: [{ faction: 'fpa', at: [-5, 3], team: 0 }, doomedLamais(3, 1), { faction: 'fpa', at: [-2, 6], team: 0 }, { faction: 'lamais', at: [-1, -2], team: 1 }],
    tokens: [shotAt(3, 0)],
    status: 'ongoing',
    winner: -1,
    winners: [],
    lost: [0, 1, 0, 0],
    out: [0, 0, 0, 0],
    teams: [0, 1, 0, 1],
  },
  {
    what: '4 players, teams labelled [1, 0, 0, 1]: the team of seats 1 and 2 wins as team id 1',
    // Seats 0 and 3 (FPA, team label 1, team id 0) are destroyed by seat 1's projectiles.
    ships: [doomedFpa(-4, 1), { faction: 'lamais', at: [4, -4], team: 0 }, { faction: 'lamais', at: [-4, -2], team: 0 }, doomedFpa(2, 1)],
    tokens: [fpaShotAt(-4, 1), fpaShotAt(2, 2)],
    status: 'victory',
    winner: 1,
    winners: [1, 2],
    lost: [1, 0, 0, 1],
    out: [1, 0, 0, 1],
    teams: [0, 1, 1, 0],
  },
];

describe('3: victory, draws and the elimination record at 3 and 4 players', () => {
  it.each(victories)('$what', (row) => {
    const { state: s } = play(scenario(row.ships, row.tokens, row.repeat));
    const n = row.ships.length;
    expect(STATUS_NAMES[s.status]).toBe(row.status);
    expect(s.g[G_WINNER]).toBe(row.winner);
    expect(Array.from(s.team.subarray(0, n))).toEqual(row.teams);
    expect([...Array(n).keys()].filter((p) => isWinner(s, p))).toEqual(row.winners);
    expect(Array.from(s.lostRound.subarray(0, n))).toEqual(row.lost);
    expect(Array.from(s.outRound.subarray(0, n))).toEqual(row.out);
    if (row.kills) expect([...Array(n).keys()].map((p) => s.stats[p * STAT_SIZE + ST_KILLS])).toEqual(row.kills);
    // Damage dealt to each enemy seat adds up to the seat's damage dealt by source.
    for (let p = 0; p < n; p++) {
      let bySeat = 0;
      let bySource = 0;
      for (let q = 0; q < n; q++) bySeat += s.stats[p * STAT_SIZE + ST_DEALT_TO + q];
      for (let src = 0; src < SOURCES; src++) bySource += s.stats[p * STAT_SIZE + ST_DAMAGE_DEALT + src];
      expect(bySeat, `seat ${p}`).toBe(bySource);
    }
  });
});

describe('3, 9.2, 9.3, 9.4: allies are not targets, but a projectile hits friend and foe', () => {
  // Teams: FPA seats 0 and 2 (team 0) against Lamais seats 1 and 3 (team 1).
  const sc = scenario(
    [
      { faction: 'fpa', at: [0, 4], team: 0 },
      { faction: 'lamais', at: [0, -4], team: 1 },
      { faction: 'fpa', at: [0, 0], team: 0 },
      { faction: 'lamais', at: [-5, 2], team: 1 },
    ],
    [],
  );
  const tables = tablesForScenario(sc, FIXTURE_CONFIG_DIR);
  const k = new Kernel(tables);
  const s = k.setup(new GameState(), scenarioSetup('teams-row', sc, tables));

  it('areEnemies: team-mates are not enemies, the other team is; a seat is never its own enemy', () => {
    expect([areEnemies(s, 0, 2), areEnemies(s, 0, 1), areEnemies(s, 2, 3), areEnemies(s, 1, 3), areEnemies(s, 0, 0)]).toEqual([false, true, true, false, false]);
  });

  it('9.4: a torpedo of seat 0 flying N skips its ally (seat 2) dead ahead and targets the enemy beyond (seat 1)', () => {
    // The torpedo at (0, 2) facing N: seat 2's stern (0, 1) is 1 hex ahead, seat 1's stern
    // (0, -3) 5 hexes ahead. Only enemy capital ships are valid targets.
    const t = s.clone();
    t.tokKind[0] = SMALL_TORPEDO;
    t.tokOwner[0] = 0;
    t.tokRef[0] = 1;
    t.tokQ[0] = 0;
    t.tokR[0] = 2;
    t.tokFacing[0] = 0;
    t.tokSupply[0] = 1;
    t.g[G_TOK_TOP] = 1;
    expect(k.weapons.torpedoTarget(t, 0)).toBe(1);
    // Were seat 2 an enemy (its own team), it would be the target: the closest in the arc.
    t.team[2] = 2;
    expect(k.weapons.torpedoTarget(t, 0)).toBe(2);
  });

  it('9.2: direct fire from seat 0 facing N lists no hull hex of its ally (seat 2) in its arc', () => {
    const out = new Int32Array(256);
    const shipsListed = (t: GameState) => {
      // From seat 0's bow (0, 3) along N with range 8: seat 2's stern (0, 1) is 2 hexes ahead.
      const n = k.weapons.directTargets(t, 0, 0, 3, 0, 8, out, 0);
      return [...new Set(Array.from(out.subarray(0, n), (x) => (x >= TGT_HULL ? (x - TGT_HULL) >> 4 : -1)))].sort();
    };
    expect(shipsListed(s)).not.toContain(2);
    // Were seat 2 an enemy, its hull would be listed.
    const t = s.clone();
    t.team[2] = 2;
    expect(shipsListed(t)).toContain(2);
  });

  it('9.3: a projectile hits the hull it meets, an ally\'s too (friend or enemy)', () => {
    // Seat 2 (FPA, team 0) moves N onto its team-mate seat 0's projectile: 4 damage to its bow.
    const row = scenario(
      [
        { faction: 'fpa', at: [-5, 3], team: 0 },
        { faction: 'lamais', at: [5, -5], team: 1 },
        { faction: 'fpa', at: [0, 4], team: 0, momentum: ['N'] },
        { faction: 'lamais', at: [-1, -3], team: 1 },
      ],
      [{ owner: 0, at: [0, 2], facing: 'S' }],
    );
    const { state: t, kernel } = play(row);
    expect(t.armour[2 * MAX_SECTIONS + kernel.faction(t, 2).hull.sectionNames.indexOf('bow')]).toBe(0);
  });
});

describe('3, 12: a collision between allies counts as a collision and as damage taken, not as damage dealt', () => {
  it('seat 2 (team 0) drives into its parked team-mate seat 0', () => {
    const row = scenario(
      [
        { faction: 'fpa', at: [0, 1], team: 0 },
        { faction: 'lamais', at: [5, -5], team: 1 },
        { faction: 'fpa', at: [0, 4], team: 0, momentum: ['N'] },
        { faction: 'lamais', at: [-1, -3], team: 1 },
      ],
      [],
    );
    const { state: t } = play(row);
    const stat = (p: number, f: number) => t.stats[p * STAT_SIZE + f];
    expect(stat(2, ST_COLLISIONS)).toBeGreaterThan(0);
    expect(stat(0, ST_COLLISIONS)).toBeGreaterThan(0);
    expect(stat(0, ST_COLLISION_DAMAGE_TAKEN) + stat(2, ST_COLLISION_DAMAGE_TAKEN)).toBeGreaterThan(0);
    for (const p of [0, 2]) {
      expect(stat(p, ST_COLLISION_DAMAGE_DEALT), `seat ${p}`).toBe(0);
      expect(stat(p, ST_DAMAGE_DEALT + SRC_COLLISION), `seat ${p}`).toBe(0);
    }
  });
});

describe('3: teams and factions are checked with the file and field named', () => {
  const rows: { what: string; ships: ShipRow[]; repeat?: boolean; message: RegExp }[] = [
    { what: 'a 4-ship scenario without teams', ships: [{ faction: 'fpa', at: [-5, 3] }, { faction: 'lamais', at: [5, -5] }, { faction: 'fpa', at: [0, 4] }, { faction: 'lamais', at: [-1, -3] }], message: /bad-row: at ships\[0\]\.team: expected a team for every ship/ },
    { what: 'a team of three', ships: [{ faction: 'fpa', at: [-5, 3], team: 0 }, { faction: 'fpa', at: [5, -5], team: 0 }, { faction: 'fpa', at: [0, 4], team: 0 }, { faction: 'lamais', at: [-1, -3], team: 1 }], message: /at ships\[0\]\.team: expected two ships per team/ },
    { what: 'a team of two factions', ships: [{ faction: 'fpa', at: [-5, 3], team: 0 }, { faction: 'lamais', at: [5, -5], team: 1 }, { faction: 'lamais', at: [0, 4], team: 0 }, { faction: 'fpa', at: [-1, -3], team: 1 }], message: /at ships\[0\]\.faction: expected the faction of its team-mate ships\[2\] \(lamais\)/ },
    { what: 'a team at 3 players', ships: [{ faction: 'fpa', at: [-5, 3], team: 0 }, { faction: 'lamais', at: [5, -5] }, { faction: 'fpa', at: [0, 4] }], repeat: true, message: /at ships\[0\]\.team: expected no team: 3-player games are free-for-all/ },
    { what: 'a repeated faction at 3 players', ships: [{ faction: 'fpa', at: [-5, 3] }, { faction: 'lamais', at: [5, -5] }, { faction: 'fpa', at: [0, 4] }], message: /at ships\[2\]\.faction: expected a faction different from ships\[0\]'s.*repeatFactions.*got "fpa"/ },
  ];
  it.each(rows)('$what is refused', ({ ships, repeat, message }) => {
    const sc = scenario(ships, [], repeat);
    const tables = tablesForScenario(sc, FIXTURE_CONFIG_DIR);
    let err: unknown = null;
    try {
      scenarioSetup('bad-row', sc, tables);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(String((err as Error).message)).toMatch(message);
  });

  it('the switch repeatFactions lets a 3-player game repeat a faction; two players may always mirror', () => {
    const three = scenario([{ faction: 'fpa', at: [-5, 3] }, { faction: 'lamais', at: [5, -5] }, { faction: 'fpa', at: [0, 4] }], [], true);
    expect(() => scenarioSetup('ok', three, tablesForScenario(three, FIXTURE_CONFIG_DIR))).not.toThrow();
    const two = scenario([{ faction: 'fpa', at: [-5, 3] }, { faction: 'fpa', at: [0, 4] }]);
    expect(() => scenarioSetup('ok', two, tablesForScenario(two, FIXTURE_CONFIG_DIR))).not.toThrow();
  });

  it('the kernel refuses the same setups (SetupError), whoever builds them', () => {
    const sc = scenario([{ faction: 'fpa', at: [-5, 3], team: 0 }, { faction: 'lamais', at: [5, -5], team: 1 }, { faction: 'fpa', at: [0, 4], team: 0 }, { faction: 'lamais', at: [-1, -3], team: 1 }]);
    const tables = tablesForScenario(sc, FIXTURE_CONFIG_DIR);
    const m = scenarioSetup('ok', sc, tables);
    const k = new Kernel(tables);
    expect(() => k.setup(new GameState(), m)).not.toThrow();
    delete m.ships[3].team;
    expect(() => k.setup(new GameState(), m)).toThrow(SetupError);
    m.ships[3].team = 0;
    expect(() => k.setup(new GameState(), m)).toThrow(/ships 0 and 3: a team flies one faction/);
  });
});
