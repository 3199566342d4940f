// Playwright: Chromium from the system (scripts/run-e2e.mjs finds or installs it), two workers, and
// a global setup that starts the fakes and two production servers per worker (tests/e2e/global-setup.ts).
import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/find-chromium.mjs";
import { selectServerSet } from "./tests/e2e/server-sets";

// In a worker: talk to this worker's own server set (started by the global setup).
selectServerSet();

const ci = process.env.CI === "true";
const executablePath = process.env.CHROMIUM_PATH || findChromium() || undefined;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // scripts/run-e2e.mjs picks another folder when a second run is going on in the same checkout.
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results/e2e",
  // Spec files are spread over the workers; each worker has servers of its own, and the tests of one
  // file run in order. E2E_WORKERS=1 runs everything on one server set.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    ...devices["Desktop Chrome"],
    // The real value comes from the `baseURL` fixture in tests/e2e/fixtures.ts (set once the
    // servers are up); this covers specs that import @playwright/test directly.
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace (DOM snapshots and a screencast at every step) costs every test its share of
    // two busy cores; on CI a failed test's retry records one, elsewhere a failure keeps its own.
    trace: ci ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-US",
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
