/**
 * Turns the kernel's integer event log into readable lines (the round-by-round match log
 * of `npm start` and `stareater match`). Runs at the edge; allocation is fine here.
 */
import { DIRECTION_NAMES } from '../hex/hex.js';
import { COMMAND_IDS } from '../rules/tables.js';
import type { Kernel } from '../rules/kernel.js';
import { DEFENCE_OPTION_NAMES } from '../rules/kernel.js';
import type { GameState } from '../rules/state.js';
import { STATUS_NAMES, ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW } from '../rules/state.js';
import * as E from '../rules/events.js';
import { THRUST_RESULT_NAMES } from '../rules/momentum.js';
import { tokenName } from './describe.js';

function engineName(e: number): string {
  if (e >= 0 && e < 6) return `thrust ${DIRECTION_NAMES[e]}`;
  if (e === ENGINE_DOUBLE) return 'double thrust';
  if (e === ENGINE_CW) return 'rotate clockwise';
  if (e === ENGINE_CCW) return 'rotate counter-clockwise';
  return 'no thrust';
}

/** Format events [from, to) of `log` for the match in `s` (used for names only). */
export function formatEvents(k: Kernel, s: GameState, log: E.EventLog, from = 0, to = log.length): string[] {
  const out: string[] = [];
  const d = log.data;
  const section = (p: number, sec: number) => k.faction(s, p).hull.sectionNames[sec] ?? `section ${sec}`;
  const ship = (p: number) => `ship ${p} (${k.faction(s, p).id})`;
  for (let i = from; i < to; i++) {
    const o = i * E.EVENT_WIDTH;
    const [type, a, b, c, e, f] = [d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5]];
    switch (type) {
      case E.EV_ROUND:
        out.push(`=== Round ${a} ===`);
        break;
      case E.EV_ENGINE:
        out.push(`  ${ship(a)} engine: ${engineName(b)}${c >= 0 ? ` -> ${THRUST_RESULT_NAMES[c]}` : ''}${e >= 0 ? `, ${THRUST_RESULT_NAMES[e]}` : ''}`);
        break;
      case E.EV_STEP:
        out.push(`  movement step ${a}`);
        break;
      case E.EV_MOVE:
        out.push(`    ${ship(a)} moves ${tokenName(b)} to (${c}, ${e}) facing ${DIRECTION_NAMES[f]}`);
        break;
      case E.EV_COLLISION:
        out.push(`    COLLISION ${ship(a)} with ${b < 0 ? 'the board edge' : ship(b)} (${['linear', 'rotational', 'command phase'][c]}): ${e} damage`);
        break;
      case E.EV_DAMAGE:
        out.push(`      ${ship(a)} ${section(a, b)} takes ${c}${e ? ` (${e} on shields)` : ''}${f ? `, ${f} through to structure` : ''}`);
        break;
      case E.EV_OVERRUN:
        out.push(`    ${ship(a)} runs over a ${['', 'projectile', 'torpedo', 'corvette'][b]} of ship ${c}${e ? ` for ${e} damage on the ${section(a, f)}` : ''}`);
        break;
      case E.EV_COMMAND:
        out.push(`  ${ship(a)} ${e ? 'plays on top of Vent Coolant' : `reveals (slot ${c + 1})`}: ${COMMAND_IDS[b]}`);
        break;
      case E.EV_COMMAND_DONE:
        out.push(`    ${COMMAND_IDS[b]} goes to the cooldown track at ${c === 0 ? 'Ready' : c}`);
        break;
      case E.EV_VENT:
        out.push(b < 0 ? `    vents nothing` : `    vents ${COMMAND_IDS[b]} to ${c === 0 ? 'Ready' : c}`);
        break;
      case E.EV_SHIELD:
        out.push(`    shield on the ${section(a, b)}`);
        break;
      case E.EV_GAIN_SHIELDS:
        out.push(`    gains ${b} shield${b === 1 ? '' : 's'} from the supply`);
        break;
      case E.EV_DEFENCE:
        out.push(`    defence stations: ${DEFENCE_OPTION_NAMES[b]}`);
        break;
      case E.EV_REPAIR:
        out.push(`    repairs one armour on the ${section(a, b)}`);
        break;
      case E.EV_POWER:
        out.push(`    power to engines ${DIRECTION_NAMES[b]} (${THRUST_RESULT_NAMES[c]})`);
        break;
      case E.EV_COOLDOWN:
        break;
      case E.EV_DESTROYED:
        out.push(`  *** ${ship(a)} is destroyed ***`);
        break;
      case E.EV_END:
        out.push(`=== Match over: ${STATUS_NAMES[a]}${b >= 0 ? `, ${ship(b)} wins` : ''} ===`);
        break;
    }
  }
  return out;
}
