// React's request storage stays on only while React renders (server/react-request-storage.ts). Each
// case runs in a fresh Node process: the test workers share their modules (vitest.config.ts), and
// react-dom/server keeps the storage it made when it was first loaded.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
// On Node 24 an AsyncLocalStorage no longer runs async hooks, so there is nothing to switch off.
const hooksCarryStores = Number(process.versions.node.split(".")[0]) < 24;

interface Outcome {
  before: boolean;
  html: string;
  after: boolean;
  propagated: unknown;
  ownStorageCarried: boolean;
  classRestored: boolean;
}

/** Renders one element with react-dom/server, loaded as the production server loads it or as it comes. */
function renderInFreshProcess(load: "scoped" | "stock"): Outcome {
  const script = `
    import asyncHooks, { AsyncLocalStorage } from "node:async_hooks";
    import { PassThrough } from "node:stream";
    import { createElement } from "react";
    import { loadReactServerWithScopedStorage } from "./server/react-request-storage.ts";
    // With Node's hooks on, every new promise gets a copy of each storage's store.
    const carriesStore = () => Object.getOwnPropertySymbols(Promise.resolve()).some((s) => s.description === "kResourceStore");
    const before = carriesStore();
    const { renderToPipeableStream } = ${load === "scoped" ? "await loadReactServerWithScopedStorage()" : 'await import("react-dom/server")'};
    const html = await new Promise((resolve, reject) => {
      const out = new PassThrough();
      const chunks = [];
      out.on("data", (chunk) => chunks.push(chunk));
      out.on("end", () => resolve(Buffer.concat(chunks).toString()));
      const { pipe } = renderToPipeableStream(createElement("p", null, "rendered"), { onAllReady: () => pipe(out), onShellError: reject });
    });
    await new Promise((resolve) => setImmediate(resolve));
    const after = carriesStore();
    const classRestored = asyncHooks.AsyncLocalStorage === AsyncLocalStorage;
    const own = new AsyncLocalStorage();
    const propagated = await own.run(7, async () => { await null; return own.getStore(); });
    const ownStorageCarried = carriesStore();
    process.stdout.write(JSON.stringify({ before, html, after, propagated, ownStorageCarried, classRestored }));
  `;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`the child process failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as Outcome;
}

describe("React's request storage", () => {
  it("is off again once a render is done, and leaves other storages alone", () => {
    const outcome = renderInFreshProcess("scoped");
    expect(outcome.before).toBe(false);
    expect(outcome.html).toContain("<p>rendered</p>");
    expect(outcome.after).toBe(false);
    // A storage made later is Node's own and works as documented.
    expect(outcome.classRestored).toBe(true);
    expect(outcome.propagated).toBe(7);
    expect(outcome.ownStorageCarried).toBe(hooksCarryStores);
  });

  it("as react-dom/server comes, stays on after its first render (why the module exists)", () => {
    const outcome = renderInFreshProcess("stock");
    expect(outcome.html).toContain("<p>rendered</p>");
    expect(outcome.after).toBe(hooksCarryStores);
  });
});
