import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./", import.meta.url)) }] },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    setupFiles: ["tests/setup/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default leaves a core free, which on a 2-core CI machine is one worker; much of the
    // suite waits on timers and sockets, so two workers there took 124 s where one took 200 s.
    maxWorkers: Math.max(2, availableParallelism()),
    // One PGlite per worker (it takes seconds to start), shared by the files that worker runs.
    isolate: false,
  },
});
