/**
 * Known-answer tests for the damage model (rulebook 4.1, 4.1.1; docs/rules.md,
 * 4.1): a hit on a section takes the shields on that section first
 * (each shield counts for 1 armour and goes back to the supply: ship-token text), then the
 * section's armour, then the ship's structure once the section is open. With the switch
 * overflowToStructure on (default), damage beyond the armour flows inward in the same hit;
 * with it off, only a section whose armour was already gone at the start of the hit passes
 * damage on. Structure never drops below 0. Expected values are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { hitSection, hitShieldsAndArmour, hitStructure } from '../../src/rules/damage.ts';
import {
  GameState,
  G_PLAYERS,
  G_SUPPLY_SHIELDS,
  MAX_SECTIONS,
  ST_SECTION_DAMAGE,
  ST_SHIELDS_ABSORBED,
  ST_STRUCTURE_DAMAGE_TAKEN,
} from '../../src/rules/state.ts';
import { loadGameTables } from '../../src/content/load.ts';
import type { GameTables } from '../../src/rules/tables.ts';
import { EventLog, EV_DAMAGE } from '../../src/rules/events.ts';

const base = loadGameTables({ configDir: FIXTURE_CONFIG_DIR });
function tablesWith(overflowToStructure: boolean): GameTables {
  return { ...base, rules: { ...base.rules, overflowToStructure } };
}
const ON = tablesWith(true);
const OFF = tablesWith(false);

/** Player p, section sec holds `shields` and `armour`; every other section has 3 armour and 1 shield (sentinels). */
function hullState(p: number, sec: number, shields: number, armour: number, structure: number, supply: number): GameState {
  const s = new GameState();
  s.g[G_PLAYERS] = 2;
  for (let q = 0; q < 2; q++) {
    s.structure[q] = 9;
    for (let x = 0; x < 5; x++) {
      s.armour[q * MAX_SECTIONS + x] = 3;
      s.shields[q * MAX_SECTIONS + x] = 1;
    }
  }
  s.armour[p * MAX_SECTIONS + sec] = armour;
  s.shields[p * MAX_SECTIONS + sec] = shields;
  s.structure[p] = structure;
  s.g[G_SUPPLY_SHIELDS] = supply;
  return s;
}

/** Everything outside (p, sec) and p's structure is as hullState left it. */
function expectOthersUntouched(s: GameState, p: number, sec: number): void {
  for (let q = 0; q < 2; q++) {
    if (q !== p) expect(s.structure[q]).toBe(9);
    for (let x = 0; x < 5; x++) {
      if (q === p && x === sec) continue;
      expect(s.armour[q * MAX_SECTIONS + x], `armour of ship ${q} section ${x}`).toBe(3);
      expect(s.shields[q * MAX_SECTIONS + x], `shields of ship ${q} section ${x}`).toBe(1);
      expect(s.stat(q, ST_SECTION_DAMAGE + x)).toBe(0);
    }
  }
}

interface Row {
  rule: string;
  shields: number;
  armour: number;
  amount: number;
  /** Shields and armour left on the section (the same in both modes unless noted). */
  shieldsAfter: number;
  armourAfter: number;
  /** Damage that reaches structure with overflowToStructure true / false. */
  inwardOn: number;
  inwardOff: number;
}

const rows: Row[] = [
  { rule: '4.1.1 shields first: 1 damage takes 1 of 2 shields', shields: 2, armour: 4, amount: 1, shieldsAfter: 1, armourAfter: 4, inwardOn: 0, inwardOff: 0 },
  { rule: '4.1.1 shields first: 2 damage takes both shields, armour untouched', shields: 2, armour: 4, amount: 2, shieldsAfter: 0, armourAfter: 4, inwardOn: 0, inwardOff: 0 },
  { rule: '4.1.1 shields, then armour', shields: 2, armour: 4, amount: 3, shieldsAfter: 0, armourAfter: 3, inwardOn: 0, inwardOff: 0 },
  { rule: '4.1 no shields: armour takes it', shields: 0, armour: 4, amount: 3, shieldsAfter: 0, armourAfter: 1, inwardOn: 0, inwardOff: 0 },
  { rule: '4.1 exactly the armour: section destroyed, nothing inward', shields: 0, armour: 4, amount: 4, shieldsAfter: 0, armourAfter: 0, inwardOn: 0, inwardOff: 0 },
  { rule: '4.1 exactly shields + armour: nothing inward', shields: 2, armour: 3, amount: 5, shieldsAfter: 0, armourAfter: 0, inwardOn: 0, inwardOff: 0 },
  { rule: '4.1 beyond the armour: flows inward only with overflowToStructure', shields: 0, armour: 4, amount: 6, shieldsAfter: 0, armourAfter: 0, inwardOn: 2, inwardOff: 0 },
  { rule: '4.1.1 + 4.1 shields, armour, then structure', shields: 1, armour: 2, amount: 6, shieldsAfter: 0, armourAfter: 0, inwardOn: 3, inwardOff: 0 },
  { rule: '4.1 one point past the armour', shields: 0, armour: 1, amount: 2, shieldsAfter: 0, armourAfter: 0, inwardOn: 1, inwardOff: 0 },
  { rule: '4.1 section already open: all of it flows inward (both modes)', shields: 0, armour: 0, amount: 3, shieldsAfter: 0, armourAfter: 0, inwardOn: 3, inwardOff: 3 },
  { rule: '4.1.1 open section with shields: shields first, the rest inward', shields: 2, armour: 0, amount: 3, shieldsAfter: 0, armourAfter: 0, inwardOn: 1, inwardOff: 1 },
  { rule: '4.1.1 open section: a shield can stop the whole hit', shields: 2, armour: 0, amount: 1, shieldsAfter: 1, armourAfter: 0, inwardOn: 0, inwardOff: 0 },
  { rule: 'no damage: nothing happens', shields: 2, armour: 4, amount: 0, shieldsAfter: 2, armourAfter: 4, inwardOn: 0, inwardOff: 0 },
  { rule: 'negative damage: nothing happens', shields: 2, armour: 0, amount: -2, shieldsAfter: 2, armourAfter: 0, inwardOn: 0, inwardOff: 0 },
];

const cases = rows.flatMap((r) => [
  { ...r, overflow: true, inward: r.inwardOn },
  { ...r, overflow: false, inward: r.inwardOff },
]);

describe('hitShieldsAndArmour (4.1, 4.1.1): shields, then armour; returns what reaches structure', () => {
  it.each(cases)('$rule [overflowToStructure $overflow]: $shields shields + $armour armour, hit $amount -> $shieldsAfter / $armourAfter, $inward inward', (c) => {
    for (const [p, sec] of [
      [0, 0],
      [1, 3],
    ]) {
      const s = hullState(p, sec, c.shields, c.armour, 9, 3);
      const log = new EventLog(16);
      const inward = hitShieldsAndArmour(c.overflow ? ON : OFF, s, p, sec, c.amount, log);
      const absorbed = c.shields - c.shieldsAfter;
      expect(inward).toBe(c.inward);
      expect(s.shields[p * MAX_SECTIONS + sec]).toBe(c.shieldsAfter);
      expect(s.armour[p * MAX_SECTIONS + sec]).toBe(c.armourAfter);
      // Structure is not touched by this half of the hit (collisions apply it once, 12 step 3).
      expect(s.structure[p]).toBe(9);
      // ship-token text: a removed shield token goes back to the supply.
      expect(s.g[G_SUPPLY_SHIELDS]).toBe(3 + absorbed);
      expect(s.stat(p, ST_SHIELDS_ABSORBED)).toBe(absorbed);
      expect(s.stat(p, ST_SECTION_DAMAGE + sec)).toBe(Math.max(0, c.amount));
      expect(s.stat(p, ST_STRUCTURE_DAMAGE_TAKEN)).toBe(0);
      expectOthersUntouched(s, p, sec);
      if (c.amount > 0) {
        expect(log.length).toBe(1);
        const d = log.data;
        expect([d[0], d[1], d[2], d[4], d[5]]).toEqual([EV_DAMAGE, p, sec, absorbed, c.inward]);
      } else expect(log.length).toBe(0);
    }
  });
});

describe('hitSection (4.1): one whole hit, structure included, never below 0', () => {
  const structureRows = cases
    .filter((c) => c.amount > 0)
    .flatMap((c) => [
      { ...c, structure: 9, structureAfter: 9 - c.inward },
      { ...c, structure: 2, structureAfter: Math.max(0, 2 - c.inward) },
    ]);
  it.each(structureRows)('$rule [overflowToStructure $overflow]: structure $structure -> $structureAfter', (c) => {
    const s = hullState(0, 2, c.shields, c.armour, c.structure, 0);
    hitSection(c.overflow ? ON : OFF, s, 0, 2, c.amount, null);
    expect(s.shields[2]).toBe(c.shieldsAfter);
    expect(s.armour[2]).toBe(c.armourAfter);
    expect(s.structure[0]).toBe(c.structureAfter);
    expect(s.stat(0, ST_STRUCTURE_DAMAGE_TAKEN)).toBe(c.structure - c.structureAfter);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(c.shields - c.shieldsAfter);
    expectOthersUntouched(s, 0, 2);
  });

  it.each([
    { rule: '4.1 structure damage is subtracted', structure: 9, amount: 4, after: 5, applied: 4 },
    { rule: '4.1 structure reduced exactly to zero', structure: 4, amount: 4, after: 0, applied: 4 },
    { rule: '4.1 structure never below zero: only what was left is applied', structure: 2, amount: 5, after: 0, applied: 2 },
    { rule: '4.1 a destroyed ship takes no more', structure: 0, amount: 3, after: 0, applied: 0 },
    { rule: 'no damage', structure: 6, amount: 0, after: 6, applied: 0 },
  ])('hitStructure: $rule', ({ structure, amount, after, applied }) => {
    const s = hullState(1, 0, 0, 0, structure, 0);
    expect(hitStructure(s, 1, amount)).toBe(applied);
    expect(s.structure[1]).toBe(after);
    expect(s.stat(1, ST_STRUCTURE_DAMAGE_TAKEN)).toBe(applied);
    expect(s.structure[0]).toBe(9);
  });

  it.each([
    // [overflow, hits, structure after each hit, armour after each hit]
    { overflow: true, hits: [3, 3], structure: [9, 6], armour: [0, 0], why: '4.1 the first hit destroys the armour exactly; the second flows inward' },
    { overflow: true, hits: [5, 2], structure: [7, 5], armour: [0, 0], why: '4.1 overflow in the same hit, then the open section passes all' },
    { overflow: false, hits: [5, 2], structure: [9, 7], armour: [0, 0], why: '4.1 without overflow the excess of the breaching hit is lost; the next hit flows in' },
    { overflow: false, hits: [1, 1, 1, 4], structure: [9, 9, 9, 5], armour: [2, 1, 0, 0], why: '4.1 armour worn down point by point, then the section is open' },
  ])('$why [overflowToStructure $overflow]', ({ overflow, hits, structure, armour }) => {
    const s = hullState(0, 1, 0, 3, 9, 0);
    hits.forEach((h, i) => {
      hitSection(overflow ? ON : OFF, s, 0, 1, h, null);
      expect(s.structure[0], `structure after hit ${i + 1}`).toBe(structure[i]);
      expect(s.armour[1], `armour after hit ${i + 1}`).toBe(armour[i]);
    });
    expect(s.stat(0, ST_SECTION_DAMAGE + 1)).toBe(hits.reduce((a, b) => a + b, 0));
    expect(s.stat(0, ST_STRUCTURE_DAMAGE_TAKEN)).toBe(9 - structure[structure.length - 1]);
  });

  it('4.1.1 / ship-token text: stats add up over several hits on several sections', () => {
    const s = hullState(0, 0, 2, 1, 9, 0);
    s.shields[1] = 2;
    hitSection(ON, s, 0, 0, 4, null); // 2 on shields, 1 armour, 1 inward
    hitSection(ON, s, 0, 1, 1, null); // 1 on shields
    hitSection(ON, s, 0, 1, 6, null); // 1 on shields, 3 armour, 2 inward
    expect(s.stat(0, ST_SHIELDS_ABSORBED)).toBe(4);
    expect(s.stat(0, ST_SECTION_DAMAGE + 0)).toBe(4);
    expect(s.stat(0, ST_SECTION_DAMAGE + 1)).toBe(7);
    expect(s.stat(0, ST_STRUCTURE_DAMAGE_TAKEN)).toBe(3);
    expect(s.structure[0]).toBe(6);
    expect(s.g[G_SUPPLY_SHIELDS]).toBe(4);
    expect([s.shields[0], s.shields[1], s.armour[0], s.armour[1]]).toEqual([0, 0, 0, 0]);
  });
});
