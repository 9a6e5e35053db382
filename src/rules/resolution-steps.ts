/**
 * The values of the resolution's program counter kept in the state buffer:
 * the sub-step of the command resolving (G_SUB), the stage of the firing sub-procedure
 * (G_FSTAGE, rulebook 9) and what is firing (G_FSRC).
 *
 * Why a module of its own: every layer of the kernel (commands, firing, Corvettes!, shield
 * placement, the answers) reads and writes them, so they sit below all of them; each reads
 * them as module constants destructured from this module (decisions.ts says why).
 */
// Sub-steps of a command's resolution (G_SUB).
export const SUB_START = 0;
export const SUB_AWAIT = 1;
export const SUB_PLACE_SHIELDS = 2;
export const SUB_SURGE_SHIELDS = 3;
export const SUB_REPAIR = 4;
export const SUB_FIRING = 5;
export const SUB_CORV_OPTION = 6;
export const SUB_LAUNCH = 7;
export const SUB_ACTIVATE = 8;
export const SUB_REPAIR_CORV = 9;
export const SUB_REPAIRED = 10;

// Stages of the firing sub-procedure (G_FSTAGE) and what is firing (G_FSRC).
export const FST_IDLE = 0;
export const FST_START = 1;
export const FST_MOUNT = 2;
export const FST_SHOT = 3;
export const FST_TARGET = 4;
export const FST_BOOST = 5;
export const FST_NEXT = 6;
export const FST_DONE = 7;
export const FS_MAIN = 0;
export const FS_PORT = 1;
export const FS_STARBOARD = 2;
export const FS_PD = 3;
export const FS_CORVETTE = 4;
