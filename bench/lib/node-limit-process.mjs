// The Node limit (bench/lib/node-limit.mjs) started as its own process, for the benches that
// measure against it (platform, gc): it serves `pages` (path -> gzip bytes) from memory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * `pages` maps a path to its gzip bytes; bytes with `rawHeaders` (bench/lib/page-bytes.mjs rawGzip)
 * are also served with those header lines under /with-head (bench/lib/node-limit.mjs).
 * `nodeArgs` are flags for node itself (gc.bench.mjs: --trace-gc, read from `stdout`).
 */
export async function startNodeLimit(pages, { nodeArgs = [] } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-node-limit-"));
  const file = path.join(dir, "pages.json");
  const entry = (body) => (body.rawHeaders ? { body: body.toString("base64"), head: body.rawHeaders } : body.toString("base64"));
  writeFileSync(file, JSON.stringify(Object.fromEntries([...pages].map(([page, body]) => [page, entry(body)]))));
  const child = spawn(process.execPath, [...nodeArgs, path.join(import.meta.dirname, "node-limit.mjs"), file], { stdio: ["ignore", "pipe", "inherit"] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise((resolve, reject) => {
      let output = "";
      const onData = (chunk) => {
        output += chunk;
        const found = /port (\d+)/.exec(output)?.[1];
        if (!found) return;
        child.stdout.off("data", onData);
        resolve(found);
      };
      child.stdout.on("data", onData);
      child.once("exit", (code) => reject(new Error(`node limit server exited (${code})`)));
    });
    return { url: `http://127.0.0.1:${port}`, pid: child.pid, stdout: child.stdout, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
