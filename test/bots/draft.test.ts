/**
 * The built-in styles draft by their card preferences (src/scripted/draft-prefs.ts), not by
 * the first legal pick: over 100 seeded drafts (FPA against Lamais, both seats the style)
 * each answers legally, produces more than one loadout per faction, takes the card its
 * preference ranks first in its signature slot most of the time, and the styles' usual
 * loadouts differ. The search bots draft as their base style does, draw for draw.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel } from '../../src/rules/kernel.ts';
import type { FactionTable, LoadoutTable, WeaponTable } from '../../src/rules/tables.ts';
import { MatchRunner } from '../../src/sim/match.ts';
import { loadBotFactory, makePolicy } from '../../src/sim/bots.ts';
import { loadScenario, tablesForScenario } from '../../src/content/scenario.ts';
import { reach } from '../../src/scripted/draft-prefs.ts';

const { scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);
const runner = new MatchRunner(new Kernel(t));
const factions = scenario.ships.map((sh) => t.factions.find((f) => f.id === sh.faction)!);
const DRAFTS = 100;

/** Each seat's loadouts over DRAFTS seeded drafts with `policy` in both seats. */
const cache = new Map<string, LoadoutTable[][]>();
async function drafts(policy: string, params: Record<string, unknown> = {}): Promise<LoadoutTable[][]> {
  const key = `${policy} ${JSON.stringify(params)}`;
  if (cache.has(key)) return cache.get(key)!;
  const factory = await loadBotFactory(policy);
  const out: LoadoutTable[][] = factions.map(() => []);
  for (let seed = 0; seed < DRAFTS; seed++) {
    const loadouts = runner.draft(factions, [makePolicy(factory, params, seed, 0), makePolicy(factory, params, seed, 1)]);
    loadouts.forEach((l, seat) => out[seat].push(l));
  }
  cache.set(key, out);
  return out;
}

const keyOf = (l: LoadoutTable) => `${l.main}/${l.broadside}/${l.hangar}/${l.pointDefence}/${[...l.corvettes].sort().join('')}`;

/** Share of loadouts whose card in a slot scores the faction's best by `value` (ties count). */
function shareBest<T>(ls: LoadoutTable[], cards: T[], pick: (l: LoadoutTable) => number, value: (c: T) => number): number {
  const best = Math.max(...cards.map(value));
  return ls.filter((l) => value(cards[pick(l)]) === best).length / ls.length;
}

/** Most common value of `f` over the loadouts. */
function mode(ls: LoadoutTable[], f: (l: LoadoutTable) => number | string): string {
  const n = new Map<string, number>();
  for (const l of ls) n.set(String(f(l)), (n.get(String(f(l))) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

const STYLES = ['rammer', 'gunner', 'brawler', 'carrier', 'turtle'];

describe('the built-in styles draft by preference', () => {
  it.each(STYLES)('%s drafts legally and more than one loadout per faction', async (style) => {
    const seats = await drafts(style);
    for (const [seat, ls] of seats.entries()) {
      expect(ls).toHaveLength(DRAFTS);
      const distinct = new Set(ls.map(keyOf)).size;
      console.log(`[draft] ${style} as ${factions[seat].id}: ${distinct} distinct loadouts in ${DRAFTS}; usually ${mode(ls, keyOf)}`);
      expect(distinct).toBeGreaterThan(1);
      // Not the first legal pick every time: that is card 0 in every slot.
      expect(ls.filter((l) => l.main === 0 && l.broadside === 0 && l.hangar === 0 && l.pointDefence === 0).length).toBeLessThan(DRAFTS);
    }
  });

  // Each style's signature slot: the card its plain preference ranks first, most of the time.
  const signature: [string, string, (f: FactionTable, ls: LoadoutTable[]) => number][] = [
    ['gunner', 'main weapon with the best damage x reach', (f, ls) => shareBest(ls, f.mainWeapons, (l) => l.main, (w: WeaponTable) => w.damage * reach(w))],
    ['brawler', 'broadside with the most damage + accuracy / 2', (f, ls) => shareBest(ls, f.broadsides, (l) => l.broadside, (w: WeaponTable) => w.damage + 0.5 * w.accuracy - 0.2 * w.cooldown)],
    ['carrier', 'hangar with the longest launch, widest turn, free repair', (f, ls) => shareBest(ls, f.hangars, (l) => l.hangar, (h) => h.launchDistance + h.launchTurn + (h.repairCooldown === 0 ? 1 : 0))],
    ['turtle', 'point defence with the best damage x (range + accuracy)', (f, ls) => shareBest(ls, f.pointDefence, (l) => l.pointDefence, (p) => p.damage * (p.range + p.accuracy))],
    ['rammer', 'main weapon with the most damage less cooldown', (f, ls) => shareBest(ls, f.mainWeapons, (l) => l.main, (w: WeaponTable) => w.damage - 0.3 * w.cooldown)],
  ];
  it.each(signature.map(([s, w, f]) => ({ style: s, what: w, share: f })))('$style takes the $what in at least 80% of drafts', async ({ style, share }) => {
    const seats = await drafts(style);
    for (const [seat, ls] of seats.entries()) expect(share(factions[seat], ls), factions[seat].id).toBeGreaterThanOrEqual(0.8);
  });

  it('the styles prefer different cards: their usual picks differ', async () => {
    for (const [seat, f] of factions.entries()) {
      const usual = new Map<string, string>();
      for (const s of STYLES) usual.set(s, mode((await drafts(s))[seat], (l) => `${l.main}/${l.broadside}/${l.hangar}/${l.pointDefence}`));
      expect(new Set(usual.values()).size, `${f.id}: ${[...usual.entries()].join(' ')}`).toBeGreaterThanOrEqual(3);
    }
    // A gunner reaches further with its main weapon than a brawler; a brawler's broadside
    // hits harder or surer than a gunner's; a carrier fields more armed corvettes than a turtle.
    const mean = (ls: LoadoutTable[], f: (l: LoadoutTable) => number) => ls.reduce((s, l) => s + f(l), 0) / ls.length;
    for (const [seat, f] of factions.entries()) {
      const [g, b, c, tu] = await Promise.all(['gunner', 'brawler', 'carrier', 'turtle'].map(async (s) => (await drafts(s))[seat]));
      expect(mean(g, (l) => reach(f.mainWeapons[l.main])), f.id).toBeGreaterThan(mean(b, (l) => reach(f.mainWeapons[l.main])));
      const hits = (l: LoadoutTable) => f.broadsides[l.broadside].damage + f.broadsides[l.broadside].accuracy;
      expect(mean(b, hits), f.id).toBeGreaterThan(mean(g, hits));
      const armed = (l: LoadoutTable) => l.corvettes.filter((i) => f.corvettes[i].weapon !== null).length;
      expect(mean(c, armed), f.id).toBeGreaterThan(mean(tu, armed));
    }
  });

  it.each([
    ['lookahead', { candidates: 4 }],
    ['mcts', { iterations: 4 }],
  ])('%s drafts as its base style (gunner) does, draw for draw', async (policy, params) => {
    expect((await drafts(policy, params)).map((ls) => ls.map(keyOf))).toEqual((await drafts('gunner')).map((ls) => ls.map(keyOf)));
  });
});
