// Opening PGlite on a new data directory creates the cluster in this process (initdb), which leaves
// some 400 MB of buffers behind; the long-lived server must not keep them (docs/performance.md,
// "Start-up and memory").
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fullCollection, openDatabase } from "./client.server";

const MB = 1024 * 1024;

describe("openDatabase on PGlite", () => {
  it("does not keep the memory that creating a new database used", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-new-db-"));
    // Garbage left by earlier files of this worker goes first, so that collecting it cannot pass for the fix.
    fullCollection()!();
    const before = process.memoryUsage().external;
    const database = await openDatabase({ dataDir: path.join(dir, "data") });
    try {
      await database.ping();
      // The instance itself holds about 200 MB (its WebAssembly memory); creating it took 630.
      expect((process.memoryUsage().external - before) / MB).toBeLessThan(350);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
