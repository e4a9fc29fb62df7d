import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // A hook that launches Chromium and a server waits up to 20 s for the server alone (rig.ts);
    // on a loaded 2-core CI machine the default 10 s hook timeout failed a passing suite.
    hookTimeout: 60_000,
  },
});
