// The production server is one module graph (docs/decisions/0007-one-server-build.md): the start
// file only loads the server build, and the server build holds each module of lib/ once.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { BUILD_TIMEOUT_MS, buildDir, ensureProductionBuild, serverBuildEntry, serverEntry } from "~/tests/security/production-build";

describe("one server build", () => {
  beforeAll(() => ensureProductionBuild(), BUILD_TIMEOUT_MS);

  it("build/server.js only loads the env chunk and React's server renderer, then starts build/server/index.js", () => {
    const start = readFileSync(serverEntry, "utf8");
    // NODE_ENV's default is set by the env module, before React's graph is imported; then
    // react-dom/server is loaded with its request storage scoped to each render.
    expect(start.indexOf("./server/env.js")).toBeGreaterThan(-1);
    expect(start.indexOf("./server/env.js")).toBeLessThan(start.indexOf("./server/react-request-storage.js"));
    expect(start.indexOf("./server/react-request-storage.js")).toBeLessThan(start.indexOf("./server/index.js"));
    const storageChunk = readFileSync(path.join(buildDir, "server", "react-request-storage.js"), "utf8");
    expect(storageChunk).toContain('import("react-dom/server")');
    expect(start).not.toContain("process.env");
    expect(start).not.toContain("class ApiError");
    expect(start.length).toBeLessThan(2_000);
    // The env chunk holds the env module and nothing of React.
    const envChunk = readFileSync(path.join(buildDir, "server", "env.js"), "utf8");
    expect(envChunk).toContain("function defaultToProduction");
    expect(envChunk).not.toMatch(/from "react/);
  });

  it("the server build carries each domain class once and is still a ServerBuild", async () => {
    const files = readdirSync(path.join(buildDir, "server"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    const text = files.map((f) => readFileSync(path.join(buildDir, "server", f), "utf8")).join("\n");
    expect(text.match(/class ApiError\b/g)).toHaveLength(1);
    expect(text.match(/class EnvError\b/g)).toHaveLength(1);
    const entry = (await import(pathToFileURL(serverBuildEntry).href)) as Record<string, unknown>;
    expect(typeof entry.start).toBe("function");
    expect(entry.routes).toBeTypeOf("object");
    expect(entry.entry).toBeTypeOf("object");
  });
});
