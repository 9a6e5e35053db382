/**
 * Kernel invariants (docs/architecture.md), asserted in a checking mode that tests switch on
 * over many random matches: ships never overlap and stay on the board once a step is
 * resolved, token totals are conserved (box and weapon supplies), armour / structure /
 * shields stay in range, mats stay within their slots, each command card and each
 * corvette is in exactly one place, no small token lies under a hull or shares a hex, no
 * corvette fires twice in a round, a destroyed ship keeps no shields, momentum or face-down
 * cards (8 step 4-5), and teams and the winner are well formed (3), at 2, 3 and 4 players.
 *
 * Why a separate pass: the kernel stays lean; this walks the whole state after each
 * resolved step only when `kernel.check` is set, so it costs nothing in batch runs.
 */
import type { Kernel } from './kernel.js';
import { Cmd } from './tables.js';
import {
  type GameState,
  MAX_SECTIONS,
  MAX_TOKENS,
  MAX_FACTION_SUPPLIES,
  LIN_SLOTS,
  ROT_SLOTS,
  CARDS,
  TOK_CW,
  TOK_CCW,
  LOC_HAND,
  LOC_COMMITTED,
  LOC_HELD,
  LOC_RESOLVING,
  LOC_REMOVED,
  LOC_TRACK,
  CC_REF,
  MAX_COOLDOWN,
  PHASE_ACTION,
  PHASE_OVER,
  SMALL_NONE,
  SMALL_PROJECTILE,
  SMALL_CORVETTE,
  CORVETTES,
  CORV_ABOARD,
  CORV_BOARD,
  CORV_NONE,
  G_PLAYERS,
  G_PHASE,
  G_SUPPLY_SHIELDS,
  G_SUPPLY_LINEAR,
  G_SUPPLY_CW,
  G_SUPPLY_CCW,
  G_TOK_TOP,
  G_HELD,
  G_CORV_FIRED,
  G_STATUS,
  G_WINNER,
  STATUS_VICTORY,
} from './state.js';

export class InvariantError extends Error {}

/** Every broken invariant of `s`, as sentences (empty when all hold). */
export function invariantViolations(k: Kernel, s: GameState): string[] {
  const out: string[] = [];
  const n = s.g[G_PLAYERS];
  const t = k.t;
  // Ships: on the board and apart.
  for (let p = 0; p < n; p++) {
    if (!s.alive[p]) continue;
    if (!k.move.onBoard(s, p)) out.push(`ship ${p} is off the board`);
    for (let o = p + 1; o < n; o++) if (s.alive[o] && k.move.shipsOverlap(s, p, o, null, null)) out.push(`ships ${p} and ${o} overlap`);
  }
  // Token totals (the token-supply texts: supplies are finite and tokens are conserved).
  let shields = s.g[G_SUPPLY_SHIELDS] + k.shieldsInHand(s);
  let linear = s.g[G_SUPPLY_LINEAR];
  let cw = s.g[G_SUPPLY_CW];
  let ccw = s.g[G_SUPPLY_CCW];
  for (let p = 0; p < n; p++) {
    const hull = k.faction(s, p).hull;
    let onShip = 0;
    for (let sec = 0; sec < MAX_SECTIONS; sec++) {
      const v = s.shields[p * MAX_SECTIONS + sec];
      const a = s.armour[p * MAX_SECTIONS + sec];
      if (v < 0) out.push(`ship ${p} section ${sec} has ${v} shields`);
      if (a < 0) out.push(`ship ${p} section ${sec} has negative armour ${a}`);
      if (sec < hull.sectionCount && a > hull.armour[sec]) out.push(`ship ${p} section ${sec} armour ${a} above printed ${hull.armour[sec]}`);
      onShip += v;
    }
    if (onShip > hull.shieldCapTotal) out.push(`ship ${p} carries ${onShip} shields, over its capacity ${hull.shieldCapTotal}`);
    shields += onShip;
    if (s.structure[p] < 0 || s.structure[p] > hull.structure) out.push(`ship ${p} structure ${s.structure[p]} out of range`);
    if (s.linCount[p] < 0 || s.linCount[p] > LIN_SLOTS) out.push(`ship ${p} has ${s.linCount[p]} linear tokens`);
    if (s.rotCount[p] < 0 || s.rotCount[p] > ROT_SLOTS) out.push(`ship ${p} has ${s.rotCount[p]} rotational tokens`);
    for (let i = 0; i < s.linCount[p]; i++) {
      const c = s.lin[p * LIN_SLOTS + i];
      if (c < 0 || c > 5) out.push(`ship ${p} linear slot ${i} holds code ${c}`);
      linear++;
    }
    for (let i = 0; i < s.rotCount[p]; i++) {
      const c = s.rot[p * ROT_SLOTS + i];
      if (c === TOK_CW) cw++;
      else if (c === TOK_CCW) ccw++;
      else out.push(`ship ${p} rotational slot ${i} holds code ${c}`);
    }
    // Faction token supplies: supply + on board = printed count.
    const f = k.faction(s, p);
    for (let sup = 0; sup < f.tokenSupplies.length; sup++) {
      let count = s.factionSupply[p * MAX_FACTION_SUPPLIES + sup];
      for (let i = 0; i < MAX_TOKENS; i++) if (s.tokKind[i] !== SMALL_NONE && s.tokOwner[i] === p && s.tokSupply[i] === sup) count++;
      if (count !== f.tokenSupplies[sup].count) out.push(`ship ${p} supply ${f.tokenSupplies[sup].id}: ${count} tokens, expected ${f.tokenSupplies[sup].count}`);
    }
    // Command cards: exactly one place each; committed slots and locations agree.
    let committed = 0;
    let resolving = 0;
    for (let c = 0; c < CARDS; c++) {
      const loc = s.cardLoc[p * CARDS + c];
      const valid = loc === LOC_HAND || loc === LOC_COMMITTED || loc === LOC_HELD || loc === LOC_RESOLVING || (loc === LOC_REMOVED && !s.alive[p]) || (loc >= LOC_TRACK && loc <= LOC_TRACK + MAX_COOLDOWN);
      if (!valid) out.push(`ship ${p} card ${c} has location code ${loc}`);
      if (loc === LOC_COMMITTED) {
        committed++;
        if (s.committed[p * 2] !== c && s.committed[p * 2 + 1] !== c) out.push(`ship ${p} card ${c} is face down but in neither command slot`);
      }
      if (loc === LOC_RESOLVING) resolving++;
      // A match can end mid-action-phase with a card still held or resolving.
      if ((loc === LOC_HELD || loc === LOC_RESOLVING) && s.g[G_PHASE] !== PHASE_ACTION && s.g[G_PHASE] !== PHASE_OVER)
        out.push(`ship ${p} card ${c} is held or resolving outside the action phase`);
    }
    if ((((s.g[G_HELD] >> p) & 1) === 1) !== (s.cardLoc[p * CARDS + Cmd.DefenceStations] === LOC_HELD)) out.push(`ship ${p}'s held bit does not match its Defence Stations card`);
    if (committed > 2) out.push(`ship ${p} has ${committed} cards face down`);
    // A destroyed capital ship left the board (8 step 4): nothing stays on its wreck.
    if (!s.alive[p]) {
      if (onShip !== 0) out.push(`destroyed ship ${p} still carries ${onShip} shields`);
      if (s.linCount[p] !== 0 || s.rotCount[p] !== 0) out.push(`destroyed ship ${p} still holds momentum tokens`);
      if (s.lostRound[p] <= 0) out.push(`destroyed ship ${p} has no round of destruction`);
    } else if (s.lostRound[p] !== 0 || (s.outRound[p] !== 0 && s.g[G_STATUS] !== STATUS_VICTORY)) out.push(`ship ${p} is alive but recorded destroyed in round ${s.lostRound[p]} / out in round ${s.outRound[p]}`);
    // Teams (3): a team id is the lowest seat of the team, and 4 players are two teams of two.
    const tm = s.team[p];
    if (tm < 0 || tm > p || s.team[tm] !== tm) out.push(`ship ${p} has team ${tm}, not the lowest seat of its team`);
    if (n < 4 && tm !== p) out.push(`ship ${p} has team ${tm} in a ${n}-player free-for-all`);
    if (resolving > 2) out.push(`ship ${p} has ${resolving} cards resolving`);
    if (s.committed[p * 2] >= 0 && s.committed[p * 2] === s.committed[p * 2 + 1]) out.push(`ship ${p} committed one card twice`);
  }
  // Small tokens and corvettes (7.2.4, 11, 12): each corvette slot in exactly one place,
  // no token under a hull, no two tokens sharing a hex once a step is resolved.
  const top = s.g[G_TOK_TOP];
  if (top < 0 || top > MAX_TOKENS || (top > 0 && s.tokKind[top - 1] === SMALL_NONE)) out.push(`token high-water mark ${top} is not just above the last token`);
  for (let i = 0; i < MAX_TOKENS; i++) {
    const kind = s.tokKind[i];
    if (kind === SMALL_NONE) continue;
    if (i >= top) out.push(`token ${i} lies above the high-water mark ${top}`);
    if (kind < SMALL_PROJECTILE || kind > SMALL_CORVETTE) out.push(`token ${i} has kind ${kind}`);
    const owner = s.tokOwner[i];
    if (owner < 0 || owner >= n) {
      out.push(`token ${i} has owner ${owner}`);
      continue;
    }
    if (!k.move.hexOnBoard(s.tokQ[i], s.tokR[i])) out.push(`token ${i} is off the board`);
    const v = k.weapons.shipOn(s, s.tokQ[i], s.tokR[i]);
    if (v >= 0) out.push(`token ${i} (${kind}) lies under ship ${v}`);
    const j = k.weapons.tokenOn(s, s.tokQ[i], s.tokR[i], 0, i);
    if (j > i) out.push(`tokens ${i} and ${j} share hex (${s.tokQ[i]}, ${s.tokR[i]})`);
    if (kind === SMALL_CORVETTE && s.tokRef[i] === CC_REF) {
      // A Command Corvette (8): its seat's capital ship is gone and ccTok names this token.
      if (s.alive[owner] || s.ccTok[owner] !== i) out.push(`Command Corvette token ${i} does not match ship ${owner}`);
    } else if (kind === SMALL_CORVETTE) {
      const slot = s.tokRef[i] - 2;
      if (slot < 0 || slot >= CORVETTES || s.corvLoc[owner * CORVETTES + slot] !== CORV_BOARD || s.corvTok[owner * CORVETTES + slot] !== i)
        out.push(`corvette token ${i} does not match ship ${owner}'s slot ${slot + 1}`);
    }
  }
  for (let p = 0; p < n; p++) {
    const cc = s.ccTok[p];
    if (cc >= 0 && (s.alive[p] || s.tokKind[cc] !== SMALL_CORVETTE || s.tokOwner[cc] !== p || s.tokRef[cc] !== CC_REF)) out.push(`ship ${p}'s Command Corvette ${cc} is not its token`);
    if (cc >= 0 && s.outRound[p] !== 0 && s.g[G_STATUS] !== STATUS_VICTORY) out.push(`ship ${p} flies a Command Corvette but is recorded out in round ${s.outRound[p]}`);
    for (let c = 0; c < CORVETTES; c++) {
      const loc = s.corvLoc[p * CORVETTES + c];
      if (loc < CORV_ABOARD || loc > CORV_NONE) out.push(`ship ${p} corvette ${c + 1} has location ${loc}`);
      if (loc === CORV_BOARD) {
        const i = s.corvTok[p * CORVETTES + c];
        if (i < 0 || s.tokKind[i] !== SMALL_CORVETTE || s.tokOwner[i] !== p || s.tokRef[i] !== 2 + c) out.push(`ship ${p} corvette ${c + 1} is on the board but its token is not`);
      }
      const fired = s.corvFired[p * CORVETTES + c];
      if (fired !== 0 && fired !== 1) out.push(`ship ${p} corvette ${c + 1} fired ${fired} times this round`);
      if (fired === 1 && ((s.g[G_CORV_FIRED] >> p) & 1) === 0) out.push(`ship ${p} corvette ${c + 1} fired but the ship's fired bit is clear`);
    }
  }
  if (n === 4) {
    let mates = 0;
    for (let p = 1; p < n; p++) if (s.team[p] === s.team[0]) mates++;
    if (mates !== 1) out.push(`a 4-player game has ${mates + 1} seats in seat 0's team, not 2`);
  }
  if (s.g[G_STATUS] === STATUS_VICTORY) {
    const w = s.g[G_WINNER];
    if (w < 0 || w >= n || s.team[w] !== w) out.push(`the winner ${w} is not a team id`);
  } else if (s.g[G_WINNER] !== -1) out.push(`winner ${s.g[G_WINNER]} recorded without a victory`);
  if (shields !== t.supplies.shields) out.push(`shield tokens: ${shields} in play, expected ${t.supplies.shields}`);
  if (linear !== t.supplies.linear) out.push(`linear momentum tokens: ${linear}, expected ${t.supplies.linear}`);
  if (cw !== t.supplies.clockwise) out.push(`clockwise tokens: ${cw}, expected ${t.supplies.clockwise}`);
  if (ccw !== t.supplies.counterClockwise) out.push(`counter-clockwise tokens: ${ccw}, expected ${t.supplies.counterClockwise}`);
  return out;
}

/** Switch the kernel's checking mode on: any violation throws an InvariantError naming where. */
export function enableInvariantChecks(k: Kernel): void {
  k.check = (s, where) => {
    const v = invariantViolations(k, s);
    if (v.length) throw new InvariantError(`round ${s.round}, after ${where}: ${v.join('; ')}`);
  };
}
