/**
 * Turns the kernel's integer event log into readable lines (the round-by-round match log
 * of `npm start` and `stareater match`). Runs at the edge; allocation is fine here.
 */
import { DIRECTION_NAMES } from '../hex/hex.js';
import { COMMAND_IDS } from '../rules/tables.js';
import type { Kernel } from '../rules/kernel.js';
import { DEFENCE_OPTION_NAMES, CORVETTE_OPTION_NAMES } from '../rules/kernel.js';
import type { GameState } from '../rules/state.js';
import { STATUS_NAMES, ENGINE_DOUBLE, ENGINE_CW, ENGINE_CCW, CAUSE_NAMES, SRC_MAIN, SRC_BROADSIDE, SRC_POINT_DEFENCE, SRC_CORVETTE, LO_MAIN, LO_BROADSIDE, LO_PD, SMALL_TORPEDO } from '../rules/state.js';
import * as E from '../rules/events.js';
import { THRUST_RESULT_NAMES } from '../rules/momentum.js';
import { tokenName } from './describe.js';

const TOKEN_NAMES = ['', 'projectile', 'torpedo', 'corvette'];

/** The card behind a statistics source, by name. */
function SOURCE_LABEL(k: Kernel, s: GameState, p: number, src: number): string {
  const f = k.faction(s, p);
  if (src === SRC_MAIN) return f.mainWeapons[s.loadout[p * 8 + LO_MAIN]].name;
  if (src === SRC_BROADSIDE) return f.broadsides[s.loadout[p * 8 + LO_BROADSIDE]].name;
  if (src === SRC_POINT_DEFENCE) return f.pointDefence[s.loadout[p * 8 + LO_PD]].name;
  const c = f.corvettes[src - SRC_CORVETTE];
  return c ? `${c.name}'s ${c.weapon?.name ?? 'weapon'}` : 'weapon';
}

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
        out.push(`    ${ship(a)} runs over a ${TOKEN_NAMES[b]} of ship ${c} with its ${section(a, f)}`);
        break;
      case E.EV_FIRE:
        out.push(`    ${ship(a)} fires its ${SOURCE_LABEL(k, s, a, b)}${f >= 0 ? ` ${DIRECTION_NAMES[f]} from (${c}, ${e})` : ''}`);
        break;
      case E.EV_TOKEN_HIT:
        out.push(`      ${b ? `ship ${a}'s ${TOKEN_NAMES[b]}` : 'the shot'} hits ${ship(c)} on the ${section(c, e)} for ${f}`);
        break;
      case E.EV_TOKEN_LOST:
        out.push(`      ship ${a}'s ${TOKEN_NAMES[b]}${b === 3 && f >= 0 ? ` ${f + 1}` : ''} is destroyed (${CAUSE_NAMES[c]}${e >= 0 ? `, by ship ${e}` : ''})`);
        break;
      case E.EV_MISS:
        out.push(`      miss: accuracy ${e} against evasion ${f}`);
        break;
      case E.EV_LAUNCH:
        out.push(`    ${ship(a)} launches corvette ${b + 1} (${k.corvettes.card(s, a, b).name}) at (${c}, ${e}) facing ${DIRECTION_NAMES[f]}`);
        break;
      case E.EV_CORVETTE_MOVE:
        out.push(`    ${ship(a)} moves corvette ${b + 1} to (${c}, ${e}) facing ${DIRECTION_NAMES[f]}`);
        break;
      case E.EV_CORVETTE_OPTION:
        out.push(`    corvettes: ${CORVETTE_OPTION_NAMES[b]}`);
        break;
      case E.EV_REPAIR_CORVETTE:
        out.push(`    repairs corvette ${b + 1}`);
        break;
      case E.EV_PD_WAIT:
        out.push(`    ${ship(a)} keeps its point defence waiting`);
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
      case E.EV_WEAPON_STEP:
        out.push(a === SMALL_TORPEDO ? `  weapon update: ship ${c}'s torpedo, hex ${b}, to (${e}, ${f})` : `  weapon update: cannon tokens, hex ${b}`);
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
