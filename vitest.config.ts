import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    // Hooks get the same room: charts.test.ts's beforeAll compiles the Vega-Lite schema with Ajv
    // (seconds), and under a loaded machine it overran vitest's 10 s default for hooks.
    hookTimeout: 120_000,
  },
});
