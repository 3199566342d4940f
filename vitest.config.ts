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
    // One PGlite per worker (it takes seconds to start), shared by the files that worker runs.
    isolate: false,
  },
});
