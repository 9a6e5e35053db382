/**
 * What one player may see of a state (hidden information): the others'
 * face-down commitments are hidden, engines until the movement phase (7.2.1) and each
 * command until its slot is revealed (7.3).
 *
 * Why it is built this way: written into a caller's state (no allocation), so a search bot
 * can take a view per decision; it reads the state only, so it needs no kernel.
 */
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as tablesModule from './tables.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { CARDS, LOC_HAND, LOC_COMMITTED, G_PLAYERS, G_REVEALED, G_ENGINES_REVEALED } = stateModule;
const { Cmd } = tablesModule;

/**
 * Write into `into` what player p may see of `s`: other players'
 * face-down commitments are hidden (engine until the movement phase, each command until
 * its slot is revealed; a face-down card shows as in hand).
 */
export function playerView(s: GameState, p: number, into: GameState): GameState {
  into.copyFrom(s);
  // The flags and arrays read once: the copy above is a call, after which V8 would reload
  // them. Each seat's two slots read once (hidden from `revealed` on), and the slot loop
  // written out: every typed-array access checks the array and its bounds.
  const g = s.g;
  const n = g[G_PLAYERS];
  const revealed = g[G_REVEALED];
  const enginesShown = g[G_ENGINES_REVEALED];
  const committed = s.committed;
  const cardLoc = s.cardLoc;
  const viewCommitted = into.committed;
  const viewCardLoc = into.cardLoc;
  const viewEngine = into.engine;
  const viewP2eDir = into.p2eDir;
  for (let o = 0; o < n; o++) {
    if (o === p) continue;
    if (!enginesShown) viewEngine[o] = -1;
    const c0 = committed[o * 2];
    const c1 = committed[o * 2 + 1];
    // The slots not yet revealed are face down.
    if (revealed < 1) {
      viewCommitted[o * 2] = -1;
      if (c0 >= 0 && cardLoc[o * CARDS + c0] === LOC_COMMITTED) viewCardLoc[o * CARDS + c0] = LOC_HAND;
    }
    if (revealed < 2) {
      viewCommitted[o * 2 + 1] = -1;
      if (c1 >= 0 && cardLoc[o * CARDS + c1] === LOC_COMMITTED) viewCardLoc[o * CARDS + c1] = LOC_HAND;
    }
    // A direction chosen mid-round (Power to Engines through Vent Coolant) is the
    // resolving player's own; a face-down one stays hidden until its slot is revealed.
    const revealedP2E = (revealed > 0 && c0 === Cmd.PowerToEngines) || (revealed > 1 && c1 === Cmd.PowerToEngines);
    if (!revealedP2E) viewP2eDir[o] = -1;
  }
  return into;
}
