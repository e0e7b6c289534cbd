import { defineConfig, type Plugin } from "vitest/config";

/**
 * `virtual:rankforge/islands` (vite.config.ts `islands`) outside the production build: null, as in
 * `vite dev`, so screens rendered by tests hydrate as React Router routes (decision 0017 point 6).
 */
function islandsModule(): Plugin {
  const id = "virtual:rankforge/islands";
  return {
    name: "rankforge:islands-in-tests",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? "export default null;" : undefined),
  };
}

/**
 * Two projects: "unit" (unit and integration tests, in-memory PGlite and, when TEST_DATABASE_URL
 * is set, PostgreSQL too) and "e2e" (the built product in a real browser, see tests/e2e/setup.ts).
 */
export default defineConfig({
  plugins: [islandsModule()],
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser under CI load can take seconds to re-render; expect.poll's 1 s default is too short.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
