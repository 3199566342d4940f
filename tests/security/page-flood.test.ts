// A flood of page-cache misses (random Host, path and query from 10 concurrent clients) is answered
// without a 5xx, leaves the health check answering, and cannot grow the cache past its bounds
// (docs/decisions/0006-one-configured-origin.md). Bounded in time; asserts behaviour, not timings.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionPagesApp, type PagesTestApp } from "./pages-app";
import { BUILD_TIMEOUT_MS } from "./production-build";

const CLIENTS = 10;
const FLOOD_MS = 4_000;
// The flood goes on past FLOOD_MS until it has sent MIN_REQUESTS and the health check has been
// answered PROBES times during it: on a busy machine the counts checked below could fall short of
// what FLOOD_MS alone leaves time for.
const MIN_REQUESTS = 2 * CLIENTS;
const PROBES = 4;
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
    app = await productionPagesApp({}, { cacheLimits: { entries: MAX_ENTRIES, bytes: MAX_BYTES } });
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  it("answers every request below 500, keeps /healthz answering and the cache within its bounds", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 2 });
    const statuses = new Map<number, number>();
    const probes: number[] = [];
    const deadline = Date.now() + FLOOD_MS;
    let sent = 0;
    const flooding = () => Date.now() < deadline || sent < MIN_REQUESTS || probes.length < PROBES;
    const client = async () => {
      while (flooding()) {
        sent++;
        const status = await get(agent, app.port, randomTarget(), `${token()}.example:${1 + random(65535)}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    let clientsDone = false;
    const prober = async () => {
      while (!clientsDone) {
        probes.push(await get(agent, app.port, "/healthz", "localhost"));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const probing = prober();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    clientsDone = true;
    await probing;
    await app.pageHandler.idle();
    agent.destroy();

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(sent);
    expect(total).toBeGreaterThanOrEqual(MIN_REQUESTS);
    for (const status of statuses.keys()) expect(status, JSON.stringify(Object.fromEntries(statuses))).toBeLessThan(500);
    expect(probes.length).toBeGreaterThanOrEqual(PROBES);
    expect(probes.every((status) => status === 200)).toBe(true);
    expect(app.pageHandler.cacheSize()).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(app.pageHandler.cacheBytes()).toBeLessThanOrEqual(MAX_BYTES);
    expect(app.pageHandler.cacheSize()).toBeGreaterThan(0);
  }, 60_000);
});

describe("what the page cache answers without rendering", () => {
  let app: PagesTestApp;
  beforeAll(async () => {
    app = await productionPagesApp();
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  const page = async (path: string) => {
    const res = await fetch(`${await app.url()}${path}`, { headers: { "Accept-Language": "en" } });
    return { status: res.status, cache: res.headers.get("x-page-cache"), html: await res.text() };
  };

  it("one not-found page per language (and per page under a prefix that is no language), the same as a fresh render of another unknown path", async () => {
    for (const [a, b] of [
      [`/no-such-page-${token()}`, `/another-${token()}`],
      [`/no-such/${token()}`, `/another/unknown-${token()}`],
      [`/ja/no-such-page-${token()}`, `/ja/another/unknown-${token()}`],
      [`/zh/no-such-page-${token()}`, `/zh/another/unknown-${token()}`],
      [`/xx/about`, `/${token()}/about`],
    ]) {
      const lang = a!;
      const first = await page(a!);
      const second = await page(b!);
      expect(first.status).toBe(404);
      expect(second.status).toBe(404);
      expect(second.cache, lang).toBe("hit");
      app.pageHandler.clearCache();
      const fresh = await page(b!.replace(/[a-z0-9]{8}$/, token()));
      expect(fresh.cache, `${a} then ${b}`).toBe("miss");
      expect(fresh.html, lang).toBe(second.html);
    }
  });

  it("React Router's data requests never get the cached not-found document", async () => {
    await page("/ja/no-such-page");
    for (const path of ["/ja/explore.data", "/explore.data", "/ja/no-such-page.data"]) {
      const res = await fetch(`${await app.url()}${path}`);
      await res.arrayBuffer();
      // Their own entries (server/pages.ts dataPlan) hold React Router's data, never the document.
      expect(res.headers.get("content-type"), path).toBe("text/x-script");
    }
  });

  it("honours Accept-Encoding q-values and gives each encoding its own ETag", async () => {
    const base = await app.url();
    await fetch(`${base}/zh/about`).then((r) => r.arrayBuffer());
    await app.pageHandler.idle();
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding?: string; etag?: string }>((resolve, reject) => {
        http.get(`${base}/zh/about`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          res.resume();
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], etag: res.headers.etag }));
        }).on("error", reject);
      });
    const br = await get("br, gzip");
    const gzipOnly = await get("br;q=0, gzip");
    const none = await get("br;q=0, gzip;q=0");
    expect(br.encoding).toBe("br");
    expect(gzipOnly.encoding).toBe("gzip");
    expect(none.encoding).toBeUndefined();
    expect(new Set([br.etag, gzipOnly.etag, none.etag]).size).toBe(3);
    // Revalidating a stored copy of any encoding is a 304, whatever this request would get.
    const revalidated = await fetch(`${base}/zh/about`, { headers: { "If-None-Match": br.etag!, "Accept-Encoding": "gzip" } });
    expect(revalidated.status).toBe(304);
    const weak = await fetch(`${base}/zh/about`, { headers: { "If-None-Match": `"other", W/${gzipOnly.etag}` } });
    expect(weak.status).toBe(304);
  });

  it("a query on a page whose render reads none is answered from the page's entry", async () => {
    const bare = await page("/ja/about");
    const queried = await page(`/ja/about?utm_source=${token()}`);
    expect(queried.status).toBe(200);
    expect(queried.cache).toBe("hit");
    expect(queried.html).toBe(bare.html);
  });

  it("a page that reads its query still renders it (contact's ?sent=1)", async () => {
    const plain = await page("/contact");
    const sent = await page("/contact?sent=1");
    expect(sent.cache).not.toBe("hit");
    expect(sent.html).not.toBe(plain.html);
  });
});
