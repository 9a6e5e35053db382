// Worker-thread entry for piscina. It loads the TypeScript worker through tsx's ESM API so
// the whole module graph in the thread is ESM, with TypeScript compiled by tsx, and needs
// no node flags. (Loading worker.ts through tsx's CommonJS hook instead mixed CommonJS
// and ESM copies of the kernel and ran several times slower.)
import { tsImport } from 'tsx/esm/api';

const mod = await tsImport('./worker.ts', import.meta.url);
export default mod.default;
