// A flood of page-cache misses (random Host, path and query from 10 concurrent clients) is answered
// without a 5xx, leaves the health check answering, and cannot grow the cache past its bounds
// (docs/decisions/0006-one-configured-origin.md). Bounded in time; asserts behaviour, not timings.
import http from "node:http";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagesApp, type PagesTestApp } from "./pages-app";
import { BUILD_TIMEOUT_MS, ensureProductionBuild, serverBuildEntry } from "./production-build";

const CLIENTS = 10;
const FLOOD_MS = 4_000;
const MAX_ENTRIES = 40;
const MAX_BYTES = 3 * 1024 * 1024;
const PAGES = ["/", "/about", "/services", "/services/tax-consultation", "/portfolio", "/blog", "/blog/1", "/blog/2", "/contact", "/pricing", "/privacy", "/terms", "/cookies"];

const random = (n: number) => Math.floor(Math.random() * n);
const token = () => Math.random().toString(36).slice(2, 10);

function randomTarget(): string {
  const lang = ["", "/ja", "/zh"][random(3)]!;
  const roll = random(4);
  if (roll === 0) return `${lang}/${token()}/${token()}`;
  const page = PAGES[random(PAGES.length)]!;
  const path = lang && page === "/" ? lang : lang + page;
  return roll === 1 ? `${path}?${token()}=${token()}` : path;
}

function get(agent: http.Agent, port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: "127.0.0.1", port, path, headers: { host, "accept-encoding": "br, gzip" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timed out: ${path}`)));
  });
}

describe("a flood of page-cache misses", () => {
  let app: PagesTestApp;
  beforeAll(async () => {
    await ensureProductionBuild();
    const build = (await import(pathToFileURL(serverBuildEntry).href)) as ServerBuild;
    app = await pagesApp(async () => build, {}, { cacheLimits: { entries: MAX_ENTRIES, bytes: MAX_BYTES } });
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  it("answers every request below 500, keeps /healthz answering and the cache within its bounds", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 2 });
    const statuses = new Map<number, number>();
    const deadline = Date.now() + FLOOD_MS;
    const client = async () => {
      while (Date.now() < deadline) {
        const status = await get(agent, app.port, randomTarget(), `${token()}.example:${1 + random(65535)}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const probes: number[] = [];
    const prober = async () => {
      while (Date.now() < deadline) {
        probes.push(await get(agent, app.port, "/healthz", "localhost"));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all([...Array.from({ length: CLIENTS }, client), prober()]);
    await app.pageHandler.idle();
    agent.destroy();

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(CLIENTS);
    for (const status of statuses.keys()) expect(status, JSON.stringify(Object.fromEntries(statuses))).toBeLessThan(500);
    expect(probes.length).toBeGreaterThan(3);
    expect(probes.every((status) => status === 200)).toBe(true);
    expect(app.pageHandler.cacheSize()).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(app.pageHandler.cacheBytes()).toBeLessThanOrEqual(MAX_BYTES);
    expect(app.pageHandler.cacheSize()).toBeGreaterThan(0);
  }, 60_000);
});
