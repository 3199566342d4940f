// The shipped proxy configuration (deploy/nginx.conf) run by Debian's nginx in front of a stand-in
// instance on loopback: public pages come from its cache, an expired page is revalidated with its
// ETag and a changed page replaces the stored one for good, API answers are never stored. The cache
// hits are sent from descriptors that nginx keeps open (open_file_cache, docs/performance.md,
// "Public pages behind the shipped proxy"): a replaced entry must not be read through the old one.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNginxProxy, type NginxProxy } from "~/bench/lib/nginx-proxy.mjs";

/** Pages as an instance sends them (s-maxage=1 instead of 300, so that they expire during the test). */
let version = 1;
let answer304 = true;
const seen: string[] = [];
const page = (v: number) => `<!doctype html><title>v${v}</title>${"<p>TaxAtlas</p>".repeat(1500)}`;
const instance = http.createServer((req, res) => {
  seen.push(`${req.method} ${req.url}`);
  if (req.url?.startsWith("/api/")) {
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ n: seen.length }));
    return;
  }
  const etag = `"v${version}"`;
  if (answer304 && req.headers["if-none-match"] === etag) {
    res.writeHead(304, { ETag: etag, "Cache-Control": "public, max-age=0, s-maxage=1" });
    res.end();
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ETag: etag, "Cache-Control": "public, max-age=0, s-maxage=1" });
  res.end(page(version));
});

let proxy: NginxProxy;
beforeAll(async () => {
  await new Promise<void>((resolve) => instance.listen(0, "127.0.0.1", resolve));
  proxy = await startNginxProxy({ upstreams: [`http://127.0.0.1:${(instance.address() as AddressInfo).port}`] });
}, 300_000);
afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => instance.close(resolve));
});

const get = async (path: string) => {
  const response = await fetch(proxy.url + path, { headers: { "Accept-Encoding": "identity" } });
  return { status: response.status, cache: response.headers.get("x-proxy-cache"), body: await response.text() };
};
const reached = (path: string) => seen.filter((line) => line === `GET ${path}`).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `done` holds for an answer (the page expires after its second, then updates in the background). */
async function until(path: string, done: (answer: Awaited<ReturnType<typeof get>>) => boolean) {
  for (let i = 0; i < 50; i++) {
    const answer = await get(path);
    if (done(answer)) return answer;
    await sleep(200);
  }
  throw new Error(`${path}: the proxy never gave the expected answer`);
}

describe("deploy/nginx.conf", () => {
  it("answers a public page's repeats from its cache, and a changed page replaces the stored one for good", async () => {
    const first = await get("/about");
    expect(first).toMatchObject({ status: 200, cache: "MISS", body: page(1) });
    for (let i = 0; i < 5; i++) expect(await get("/about")).toMatchObject({ cache: "HIT", body: page(1) });
    expect(reached("/about")).toBe(1);

    // A new build: the page changes, and once its s-maxage has passed the instance is asked again.
    version = 2;
    await until("/about", (answer) => answer.body === page(2));
    // From then on only the new page, from the cache (never the old one through a kept descriptor).
    for (let i = 0; i < 20; i++) expect(await get("/about")).toMatchObject({ cache: "HIT", body: page(2) });
    const asked = reached("/about");
    // And again after a second expiry, this time revalidated with the ETag (a 304 keeps the entry).
    await sleep(1_100);
    await until("/about", (answer) => answer.cache === "HIT" && reached("/about") > asked);
    for (let i = 0; i < 5; i++) expect(await get("/about")).toMatchObject({ status: 200, body: page(2) });
    version = 3;
    answer304 = false;
    await until("/about", (answer) => answer.body === page(3));
    for (let i = 0; i < 5; i++) expect(await get("/about")).toMatchObject({ cache: "HIT", body: page(3) });
  }, 60_000);

  it("never stores an API answer", async () => {
    const before = reached("/api/v1/user/me");
    const answers = [await get("/api/v1/user/me"), await get("/api/v1/user/me")];
    expect(answers.map((a) => a.cache)).toEqual([null, null]);
    expect(reached("/api/v1/user/me") - before).toBe(2);
  });
});
