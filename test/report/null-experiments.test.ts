/**
 * Null experiments: entrants that are identical (one player entered twice or more) must
 * give no "beats" or notable headline about the entrants, under every kind and over
 * several seeds. A finding the report makes about identical players is an artefact by
 * definition. The seat headline is left out: it is about the scenario and the rules, not
 * the entrants, and in an FPA mirror one seat really does win more of the decisive
 * matches: identical ships' commands tie on priority and tie-breaker, and the 7.3 reading
 * decides who goes first (rammer mirror, 2,000 matches: seat 0 wins 44.5% with
 * `tieRule: rotate`, 84.2% with `tieRule: seat`). test/bots/symmetry.test.ts checks
 * that the policies add no seat bias of their own.
 * (Loadout sweeps, whose entrants always differ, are checked on synthetic null data in
 * test/analysis/balance.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBatch } from '../../src/run/batch.ts';
import { loadExperiment } from '../../src/sim/experiment.ts';
import { buildReportModel } from '../../src/report/findings.ts';

const dir = mkdtempSync(join(tmpdir(), 'stareater-null-'));
const same = (name: string) => ({ name, policy: 'rammer', faction: 'fpa' });

async function report(name: string, doc: Record<string, unknown>) {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify({ name, scenario: 'duel', workers: 2, ...doc }));
  const r = await runBatch({ ...loadExperiment(file), outDir: join(dir, name) });
  expect(r.complete).toBe(true);
  return buildReportModel(r.dir);
}

const KINDS: [string, Record<string, unknown>][] = [
  ['batch', { kind: 'batch', matches: 200, players: [same('a'), same('b')] }],
  ['compare', { kind: 'compare', matches: 2000, chunk: 100, sprt: { elo0: 0, elo1: 20 }, players: [same('a'), same('b')] }],
  ['tournament', { kind: 'tournament', matches: 60, players: [same('a'), same('b'), same('c')] }],
  ['gauntlet', { kind: 'gauntlet', matches: 60, players: [same('a'), same('b'), same('c')] }],
  ['meta', { kind: 'meta', matches: 30, players: [same('a'), same('b'), same('c')] }],
];

describe('null experiments make no finding', () => {
  for (const [kind, doc] of KINDS)
    it.each([1, 2, 3])(`${kind}, seed %i`, { timeout: 120_000 }, async (seed) => {
      const model = await report(`null-${kind}-${seed}`, { ...doc, seed });
      // A card never used is a fact about the play (rammers never fire broadsides), not a comparison of the entrants.
      const claims = model.headlines.filter((h) => !h.text.startsWith('Seat advantage') && !/ was never (fired|launched|used): /.test(h.text) && (h.level !== 'info' || /\bbeats\b|accept H1/.test(h.text)));
      expect(claims, claims.map((h) => h.text).join('\n')).toEqual([]);
    });
});
