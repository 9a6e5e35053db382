/**
 * The board edge as a grid of distances: each hex's distance to the nearest hex off the
 * board (0 = off). Every movement prediction asks it per step, so it is a table built once
 * per board (the only allocation), with a one-cell frame of off-board hexes around the
 * board so that a lookup needs no bounds arithmetic beyond the grid's.
 */
import type { DecisionContext } from '../bot-vocabulary.js';
import * as hexModule from '../hex/hex.js';
// Imported values as module constants: V8 reads an imported binding through its module cell,
// with a TDZ check, at every use, and folds a module constant (test/sim/hot-imports.test.ts).
const { DQ, DR } = hexModule;

type Kernel = DecisionContext['kernel'];

/**
 * Edge distance at cell (x, y) of a grid given as arguments: hot loops read the grid's
 * fields once, into locals, and pass them here.
 */
export function edgeAt(cells: Int8Array, width: number, height: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= width || y >= height ? 0 : cells[y * width + x];
}

export class EdgeGrid {
  /** The board the grid was built for. */
  board: unknown = null;
  cells = new Int8Array(0);
  /** Axial coordinates of cell (0, 0). */
  q0 = 0;
  r0 = 0;
  width = 0;
  height = 0;

  /** Distance from hex (q, r) to the nearest hex off the board. */
  distance(q: number, r: number): number {
    return edgeAt(this.cells, this.width, this.height, q - this.q0, r - this.r0);
  }

  /** Once per board (allocates then): breadth-first distances from the hexes off the board. */
  build(K: Kernel): void {
    const b = K.t.board;
    this.board = b;
    const q0 = b.qMin - 1;
    const r0 = b.rMin - 1;
    const w = b.width + 2;
    const h = b.height + 2;
    const grid = new Int8Array(w * h).fill(-1);
    const queue = new Int32Array(w * h);
    let tail = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (!K.move.hexOnBoard(x + q0, y + r0)) {
          grid[y * w + x] = 0;
          queue[tail++] = y * w + x;
        }
    for (let head = 0; head < tail; head++) {
      const c = queue[head];
      const x = c % w;
      const y = (c - x) / w;
      for (let d = 0; d < 6; d++) {
        const nx = x + DQ[d];
        const ny = y + DR[d];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const nc = ny * w + nx;
        if (grid[nc] >= 0) continue;
        grid[nc] = Math.min(grid[c] + 1, 100);
        queue[tail++] = nc;
      }
    }
    this.q0 = q0;
    this.r0 = r0;
    this.width = w;
    this.height = h;
    this.cells = grid;
  }
}
