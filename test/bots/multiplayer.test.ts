/**
 * The built-in policies at 3 and 4 players (rulebook 3, 8): every one plays the shipped
 * three-player free-for-all (configs/scenarios/ffa3.yaml) and two-against-two
 * (teams4.yaml) with the kernel's invariant checks on and every answer checked against the
 * legal list; the scripted styles end most matches before the round limit; a style never
 * takes an ally for its enemy; the search heuristic scores sides; a seat flying a Command
 * Corvette flees by the shared flight plan (src/scripted/command-corvette-play.ts).
 */
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../src/rules/kernel.ts';
import { enableInvariantChecks, InvariantError } from '../../src/rules/invariants.ts';
import { GameState, STATUS_DRAW_LIMIT, STATUS_ONGOING, STATUS_VICTORY, G_STATUS, G_WINNER, MAX_ACTIONS, areEnemies, flyingCommandCorvette } from '../../src/rules/state.ts';
import { MatchRunner, PolicyError } from '../../src/sim/match.ts';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import { evaluateAll, openCommitment, sampleCandidates, styleCandidates, Simulator } from '../../src/search/heuristic.ts';
import { Pilot, beginDecision, commandCorvetteAnswer, nearestEnemyDistance } from '../../src/scripted/pilot-kit.ts';
import type { DecisionContext, Policy } from '../../src/bot-api.ts';
import { distance, DQ, DR } from '../../src/hex/hex.ts';
import { Cmd } from '../../src/rules/tables.ts';
import { D_COMMIT, D_CC_MOVE, commitFirst } from '../../src/rules/kernel.ts';
import { ACT_PASS, decodeMove } from '../../src/rules/corvettes.ts';

/** A policy that records every answer of `inner` not in the legal list. */
function legalityChecked(inner: Policy, illegal: string[], where: () => string): Policy {
  return {
    name: inner.name,
    choose(ctx) {
      const a = inner.choose(ctx);
      let ok = false;
      for (let i = 0; i < ctx.count && !ok; i++) ok = ctx.legal[i] === a;
      if (!ok) illegal.push(`${where()}: ${inner.name} answered ${a} at decision ${ctx.decision}`);
      return a;
    },
  };
}

function table(name: string) {
  const { file, scenario } = loadScenario(name);
  const t = tablesForScenario(scenario);
  const kernel = new Kernel(t);
  enableInvariantChecks(kernel);
  return { file, scenario, t, kernel, runner: new MatchRunner(kernel) };
}

interface Outcome {
  games: number;
  limit: number;
  victories: number;
  problems: string[];
}

/** Play `seeds` matches of scenario `name` with the named policies (with params) in seats 0..n-1. */
async function play(name: string, seats: [string, Record<string, unknown>][], seeds: number): Promise<Outcome> {
  const { file, scenario, t, kernel, runner } = table(name);
  const s = new GameState();
  const out: Outcome = { games: 0, limit: 0, victories: 0, problems: [] };
  const factories = await Promise.all(seats.map(([bot]) => loadBotFactory(bot)));
  for (let seed = 0; seed < seeds; seed++) {
    const where = () => `${name} seed ${seed} round ${s.round}`;
    const policies = factories.map((f, p) => legalityChecked(makePolicy(f, seats[p][1], seed, p), out.problems, where));
    kernel.setup(s, scenarioSetup(file, scenario, t, seed));
    try {
      runner.play(s, policies);
    } catch (e) {
      if (e instanceof InvariantError || e instanceof PolicyError) out.problems.push(`${where()}: ${e.message}`);
      else throw e;
    }
    out.games++;
    if (s.g[G_STATUS] === STATUS_DRAW_LIMIT) out.limit++;
    if (s.g[G_STATUS] === STATUS_VICTORY) out.victories++;
    if (s.g[G_STATUS] === STATUS_ONGOING) out.problems.push(`${where()}: did not end`);
  }
  return out;
}

describe('every built-in policy plays 3 and 4 players: legal answers, invariants hold, matches end', () => {
  it.each([
    ['ffa3', [['gunner', {}], ['turtle', {}], ['carrier', {}]], 12],
    ['ffa3', [['brawler', {}], ['rammer', {}], ['random', {}]], 12],
    ['teams4', [['gunner', {}], ['brawler', {}], ['carrier', {}], ['turtle', {}]], 12],
    ['teams4', [['rammer', {}], ['random', {}], ['brawler', {}], ['gunner', {}]], 12],
    ['ffa3', [['tuned', {}], ['turtle', {}], ['tuned', {}]], 6],
    ['teams4', [['tuned', {}], ['brawler', {}], ['tuned', {}], ['turtle', {}]], 6],
    ['ffa3', [['lookahead', { candidates: 6, opponent: 'gunner' }], ['mcts', { iterations: 12, candidates: 4 }], ['gunner', {}]], 1],
    ['teams4', [['lookahead', { candidates: 6, opponent: 'gunner' }], ['gunner', {}], ['mcts', { iterations: 12, candidates: 4 }], ['turtle', {}]], 1],
  ] as [string, [string, Record<string, unknown>][], number][])('%s: %j', async (name, seats, seeds) => {
    const o = await play(name, seats, seeds);
    expect(o.problems).toEqual([]);
    expect(o.games).toBe(seeds);
  });

  it.each(['ffa3', 'teams4'])('the scripted styles end most %s matches before the round limit', async (name) => {
    const seats = (name === 'ffa3' ? ['gunner', 'turtle', 'carrier'] : ['gunner', 'brawler', 'carrier', 'turtle']).map((b) => [b, {}] as [string, Record<string, unknown>]);
    const o = await play(name, seats, 30);
    console.log(`[multiplayer] ${name}, ${seats.map(([b]) => b).join(' / ')}: ${o.games} matches, ${o.victories} victories, ${o.limit} at the round limit`);
    expect(o.problems).toEqual([]);
    expect(o.limit / o.games).toBeLessThan(0.35);
  });
});

describe('the styles take only an enemy for their enemy (rulebook 3)', () => {
  it('every seat of the two-against-two start: the pilot kit (beginDecision) picks an enemy, the nearest', () => {
    const { file, scenario, t, kernel } = table('teams4');
    const s = new GameState();
    kernel.setup(s, scenarioSetup(file, scenario, t, 0));
    expect(s.players).toBe(4);
    const settings = { range: 3, rangeWeight: 1, maxSpeed: 2, edgeMargin: 1, threat: 1, payAccuracy: false, pdEager: false };
    const pilot = new Pilot(settings, {}, () => 0, () => 0);
    for (let p = 0; p < 4; p++) {
      const ctx = { kernel, view: s, player: p, decision: 0, legal: new Int32Array(0), count: 0 } as unknown as DecisionContext;
      beginDecision(pilot, ctx);
      expect(areEnemies(s, p, pilot.enemy), `seat ${p} aims at ${pilot.enemy}`).toBe(true);
      const d = (q: number) => distance(s.shipQ[p], s.shipR[p], s.shipQ[q], s.shipR[q]);
      for (let q = 0; q < 4; q++) if (areEnemies(s, p, q)) expect(d(pilot.enemy)).toBeLessThanOrEqual(d(q));
    }
  });
});

describe('the search heuristic scores sides (teams win together)', () => {
  it('allies share a value; a team win is +1 for both partners and -1 for both enemies', () => {
    const { file, scenario, t, kernel } = table('teams4');
    const s = new GameState();
    kernel.setup(s, scenarioSetup(file, scenario, t, 0));
    const out = new Float64Array(4);
    evaluateAll(kernel, s, out);
    for (let p = 0; p < 4; p++) for (let q = 0; q < 4; q++) if (!areEnemies(s, p, q)) expect(out[p]).toBeCloseTo(out[q], 12);
    const win = s.team[1];
    s.g[G_STATUS] = STATUS_VICTORY;
    s.g[G_WINNER] = win;
    evaluateAll(kernel, s, out);
    for (let p = 0; p < 4; p++) expect(out[p], `seat ${p}`).toBe(s.team[p] === win ? 1 : -1);
  });
});

describe('flying a Command Corvette (rulebook 8)', () => {
  it('answers nothing for a seat whose capital ship is alive', () => {
    const { file, scenario, t, kernel } = table('ffa3');
    const s = new GameState();
    kernel.setup(s, scenarioSetup(file, scenario, t, 0));
    const ctx = { kernel, view: s, player: 0, decision: 1, legal: Int32Array.of(5), count: 1 } as unknown as DecisionContext;
    expect(commandCorvetteAnswer(ctx)).toBe(-1);
  });

  it('in play: commits the warp when it can, else Power to Engines; moves to the reachable hex farthest from the enemy', async () => {
    const { file, scenario, t, kernel, runner } = table('ffa3');
    const s = new GameState();
    const gunner = await loadBotFactory('gunner');
    const commits: { first: number[]; answer: number }[] = [];
    const moves: { values: number[]; answer: number }[] = [];
    const mv = new Int32Array(4);
    const value = (ctx: DecisionContext, a: number) => {
      const v = ctx.view;
      const i = v.ccTok[ctx.player];
      if (a === ACT_PASS) return nearestEnemyDistance(v, ctx.player, v.tokQ[i], v.tokR[i]);
      decodeMove(a, mv);
      const dir = (v.tokFacing[i] + mv[1] + 6) % 6;
      return nearestEnemyDistance(v, ctx.player, v.tokQ[i] + DQ[dir] * mv[2], v.tokR[i] + DR[dir] * mv[2]);
    };
    const watched = (inner: Policy): Policy => ({
      name: inner.name,
      choose(ctx) {
        const a = inner.choose(ctx);
        if (flyingCommandCorvette(ctx.view, ctx.player)) {
          const legal = Array.from(ctx.legal.subarray(0, ctx.count));
          if (ctx.decision === D_COMMIT) commits.push({ first: legal.map(commitFirst), answer: commitFirst(a) });
          if (ctx.decision === D_CC_MOVE) moves.push({ values: legal.map((b) => value(ctx, b)), answer: value(ctx, a) });
        }
        return a;
      },
    });
    for (let seed = 0; seed < 40 && (commits.length < 3 || moves.length < 3); seed++) {
      kernel.setup(s, scenarioSetup(file, scenario, t, seed));
      runner.play(s, [0, 1, 2].map((p) => watched(makePolicy(gunner, {}, seed, p))));
    }
    expect(commits.length).toBeGreaterThanOrEqual(3);
    expect(moves.length).toBeGreaterThanOrEqual(3);
    for (const c of commits) {
      if (c.first.includes(Cmd.SpecialAbility)) expect(c.answer).toBe(Cmd.SpecialAbility);
      else if (c.first.includes(Cmd.PowerToEngines)) expect(c.answer).toBe(Cmd.PowerToEngines);
    }
    for (const m of moves) expect(m.answer).toBe(Math.max(...m.values));
  });

  it('the search toolkit offers a Command Corvette only its legal commitments (one card, no engine: 8.1.1)', async () => {
    const { file, scenario, t, kernel, runner } = table('ffa3');
    const s = new GameState();
    const gunner = await loadBotFactory('gunner');
    let found: GameState | null = null;
    let seat = -1;
    const watch = (inner: Policy): Policy => ({
      name: inner.name,
      choose(ctx) {
        if (found === null && ctx.decision === D_COMMIT && flyingCommandCorvette(ctx.view, ctx.player)) {
          found = new GameState().copyFrom(ctx.view);
          seat = ctx.player;
        }
        return inner.choose(ctx);
      },
    });
    for (let seed = 0; seed < 40 && found === null; seed++) {
      kernel.setup(s, scenarioSetup(file, scenario, t, seed));
      runner.play(s, [0, 1, 2].map((p) => watch(makePolicy(gunner, {}, seed, p))));
    }
    expect(found).not.toBeNull();
    const root = openCommitment(found!);
    const legal = new Int32Array(MAX_ACTIONS);
    const n = kernel.legal(root, seat, legal);
    const allowed = new Set(legal.subarray(0, n));
    const sim = new Simulator(new Kernel(t));
    const out = new Int32Array(64);
    const scratch = new Int32Array(MAX_ACTIONS);
    let x = 0.5;
    const rng = () => (x = (x * 9301 + 49297) % 233280) / 233280;
    const sampled = sampleCandidates(sim.kernel, root, seat, out, 0, 0, 64, rng, scratch);
    expect(sampled).toBe(Math.min(n, 64));
    for (const a of out.subarray(0, sampled)) expect(allowed.has(a), `sampled ${a}`).toBe(true);
    const base = makePolicy(gunner, {}, 1, seat);
    const styled = styleCandidates(sim, root, seat, base, [base], out, 0, 64, rng, scratch);
    for (const a of out.subarray(0, styled)) expect(allowed.has(a), `style candidate ${a}`).toBe(true);
  });
});

