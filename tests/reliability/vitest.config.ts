// `npm run test:reliability`: the heavy fault tests (PostgreSQL restarted under load, a provider
// failing or hanging, an instance killed mid-checkout) plus the graceful-shutdown test. They start
// private PostgreSQL clusters and production servers (build/server.js), so they are kept out of the
// default `npm test`. Results: docs/reliability.md.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."),
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("../../", import.meta.url)) }] },
  test: {
    include: ["tests/reliability/**/*.reliability.ts", "tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/setup/vitest-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: "forks",
    // One file at a time: each starts its own servers and database, and they compete for two cores.
    fileParallelism: false,
  },
});
