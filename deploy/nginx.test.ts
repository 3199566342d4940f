// The shipped proxy configuration (deploy/nginx.conf) run by Debian's nginx in front of a stand-in
// instance on loopback: public pages come from its cache, an expired page is revalidated with its
// ETag (a 304 keeps the entry) and a changed page replaces the stored one for good, API answers are
// never stored. The cache hits are sent from descriptors that nginx keeps open (open_file_cache,
// docs/performance.md, "Night of 2026-11-23"): a replaced entry must not be read through the old one.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startNginxProxy, type NginxProxy } from "~/bench/lib/nginx-proxy.mjs";
import { isValidHostHeader } from "~/lib/http/origin.server";
import { chooseLanguage, LANGUAGE_COOKIE, parseAcceptLanguage, readCookie } from "~/lib/i18n/negotiate";
import { rawRequest } from "~/tests/helpers/raw-http";
import { usingPostgres } from "~/tests/helpers/test-db";

/** How long a page may be kept, instead of 300 s (nginx counts whole seconds: room for a slow machine). */
const S_MAXAGE = 3;
let version = 1;
/** What the instance was asked and answered, in order. */
const seen: { url: string; ifNoneMatch?: string; status: number }[] = [];
const page = (v: number) => `<!doctype html><title>v${v}</title>${"<p>TaxAtlas</p>".repeat(1500)}`;
const instance = http.createServer((req, res) => {
  const url = req.url ?? "";
  if (url.startsWith("/api/")) {
    seen.push({ url, status: 200 });
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end("{}");
    return;
  }
  // As the app's request edge does (server/request-edge.ts): a Host that is not a name or an address is refused.
  if (!isValidHostHeader(req.headers.host ?? "")) {
    seen.push({ url, status: 400 });
    res.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end('{"error":{"code":"invalid_host"}}');
    return;
  }
  // As the app does (server/static-assets.ts): a built file, the same for every visitor, kept a year.
  if (url.startsWith("/assets/")) {
    seen.push({ url, status: 200 });
    res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "public, max-age=31536000, immutable" });
    res.end("export {};");
    return;
  }
  // As the app does (server/app.ts): an unprefixed URL sends a visitor whose language cookie, or
  // without it Accept-Language, asks for Japanese or Chinese to that page (private); English is public.
  if (!/^\/(ja|zh)(\/|$)/.test(url)) {
    const lang = chooseLanguage(readCookie(req.headers.cookie, LANGUAGE_COOKIE), parseAcceptLanguage(req.headers["accept-language"]));
    if (lang !== "en") {
      seen.push({ url, status: 302 });
      res.writeHead(302, { Location: `/${lang}${url}`, "Cache-Control": "private, no-cache", Vary: "Cookie, Accept-Language" });
      res.end();
      return;
    }
  }
  const etag = `"v${version}"`;
  // As the app does behind a proxy it trusts (TRUST_PROXY): HSTS only on an answer to HTTPS.
  const proto = req.headers["x-forwarded-proto"];
  const hsts = typeof proto === "string" && proto.split(",")[0]!.trim() === "https" ? { "Strict-Transport-Security": "max-age=31536000" } : {};
  const cacheControl = `public, max-age=0, s-maxage=${S_MAXAGE}`;
  const ifNoneMatch = req.headers["if-none-match"];
  // A brotli body for a client that accepts it (its bytes stand in for the real ones).
  if (/\bbr\b/.test(req.headers["accept-encoding"] ?? "")) {
    seen.push({ url, ifNoneMatch, status: 200 });
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", ETag: `"v${version}-br"`, "Cache-Control": cacheControl });
    res.end("brotli bytes");
    return;
  }
  if (ifNoneMatch === etag) {
    seen.push({ url, ifNoneMatch, status: 304 });
    res.writeHead(304, { ETag: etag, "Cache-Control": cacheControl, ...hsts });
    res.end();
    return;
  }
  seen.push({ url, ifNoneMatch, status: 200 });
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ETag: etag, "Cache-Control": cacheControl, ...hsts });
  res.end(page(version));
});

let proxy: NginxProxy;
const get = async (path: string) => {
  const response = await fetch(proxy.url + path, { headers: { "Accept-Encoding": "identity" } });
  return { status: response.status, cache: response.headers.get("x-proxy-cache"), body: await response.text() };
};
const asked = (path: string) => seen.filter((entry) => entry.url === path);

/** Asks until `done` holds (an expired page is served stale once while it is updated in the background). */
const until = (path: string, done: (answer: Awaited<ReturnType<typeof get>>) => boolean) =>
  vi.waitFor(
    async () => {
      const answer = await get(path);
      if (!done(answer)) throw new Error(`${path}: the proxy never gave the expected answer`);
      return answer;
    },
    { timeout: 10_000, interval: 100 },
  );

// nginx and the stand-in use no database: checked once, in the PGlite pass of `npm test`.
describe.skipIf(usingPostgres())("deploy/nginx.conf", () => {
  beforeAll(async () => {
    await new Promise<void>((resolve) => instance.listen(0, "127.0.0.1", resolve));
    proxy = await startNginxProxy({ upstreams: [`http://127.0.0.1:${(instance.address() as AddressInfo).port}`] });
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => instance.close(resolve));
  });

  it("answers a public page's repeats from its cache, keeps it on a 304, and lets a changed page replace it for good", async () => {
    expect(await get("/about")).toMatchObject({ status: 200, cache: "MISS", body: page(1) });
    for (let i = 0; i < 5; i++) expect(await get("/about")).toMatchObject({ cache: "HIT", body: page(1) });
    expect(asked("/about")).toHaveLength(1);

    // Expired and unchanged: revalidated with the stored ETag, the 304 keeps the entry.
    await until("/about", () => asked("/about").length === 2);
    expect(asked("/about")[1]).toEqual({ url: "/about", ifNoneMatch: '"v1"', status: 304 });
    for (let i = 0; i < 5; i++) expect(await get("/about")).toMatchObject({ cache: "HIT", body: page(1) });

    // A new build: once expired, the page is asked for again and the new one replaces the stored one.
    version = 2;
    await until("/about", (answer) => answer.body === page(2));
    expect(asked("/about").at(-1)).toEqual({ url: "/about", ifNoneMatch: '"v1"', status: 200 });
    // From then on only the new page, from the cache (never the old one through a kept descriptor).
    for (let i = 0; i < 20; i++) expect(await get("/about")).toMatchObject({ cache: "HIT", body: page(2) });
  }, 60_000);

  it("never keeps an unprefixed page under a key a Japanese or Chinese visitor's request makes, however the headers are spelled", async () => {
    // nginx reads the language cookie more loosely than the app (any letter case, "," between
    // cookies, the value as sent), and before 1.23 only the first of repeated headers: an English
    // page the app gave one such request must not be kept where a real visitor's key finds it.
    const ask = (path: string, lines: string[]) => rawRequest(proxy.port, [`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${proxy.port}`, ...lines].join("\n"));
    const JA = "Accept-Language: ja,en-US;q=0.9,en;q=0.8";
    const attacks: [string, string[], string[]][] = [
      ["/services", ["Cookie: SelectedLanguage=ja"], ["Cookie: selectedLanguage=ja", JA]],
      ["/privacy", ["Cookie: a=1,selectedLanguage=ja"], ["Cookie: selectedLanguage=ja"]],
      ["/terms", ["Cookie: selectedlanguage=zh"], ["Cookie: selectedLanguage=zh"]],
      ["/blog", [JA, "Cookie: selectedLanguage=%65n"], [JA]],
      ["/blog/1", [JA, "Cookie: selectedLanguage=en\t"], [JA]],
      ["/contact", [JA, "Accept-Language: en;q=2"], [JA]],
    ];
    for (const [path, attack, victim] of attacks) {
      for (let i = 0; i < 3; i++) await ask(path, attack);
      const answer = await ask(path, victim);
      expect(answer.head, `${path} after ${attack.join(" + ")}`).toMatch(/^HTTP\/1.1 302 /);
      expect(answer.head).toContain(`Location: /${victim.join(" ").includes("zh") ? "zh" : "ja"}${path}`);
    }
    // A visitor whose only language is English still gets the kept page.
    await get("/pricing");
    expect(await get("/pricing")).toMatchObject({ status: 200, cache: "HIT" });
  });

  // Found by an attack: the language key and bypass of unprefixed pages applied to the built files
  // too, so a Japanese or Chinese visitor's every asset went to an instance, and English visitors'
  // assets were kept once per Accept-Language value.
  it("keeps a built file once for every visitor, whatever language they ask for", async () => {
    const path = "/assets/entry.client-abc123.js";
    const ask = async (headers: Record<string, string>) =>
      (await fetch(proxy.url + path, { headers: { "Accept-Encoding": "identity", ...headers } })).headers.get("x-proxy-cache");
    expect(await ask({ Cookie: "selectedLanguage=ja" })).toBe("MISS");
    const visitors: Record<string, string>[] = [
      { Cookie: "selectedLanguage=ja" },
      { Cookie: "selectedLanguage=zh" },
      { "Accept-Language": "ja,en;q=0.8" },
      { "Accept-Language": "en-GB,en;q=0.8" },
      {},
    ];
    for (const headers of visitors) {
      expect(await ask(headers), JSON.stringify(headers)).toBe("HIT");
    }
    expect(asked(path)).toHaveLength(1);
  });

  it("answers a client that accepts no encoding with the plain page, whatever an earlier request's repeated headers said", async () => {
    const raw = (lines: string[]) => rawRequest(proxy.port, ["GET /cookies HTTP/1.1", `Host: 127.0.0.1:${proxy.port}`, ...lines].join("\n"));
    for (let i = 0; i < 3; i++) await raw(["Accept-Encoding: ", "Accept-Encoding: br"]);
    const plain = await raw([]);
    expect(plain.head).toMatch(/^HTTP\/1.1 200 /);
    expect(plain.head).not.toMatch(/^content-encoding:/im);
    expect(plain.body.toString()).toContain(`<title>v${version}</title>`);
  });

  it("lets the instance refuse a Host it would refuse, even for a page the cache holds", async () => {
    await get("/signup");
    expect(await get("/signup")).toMatchObject({ status: 200, cache: "HIT" });
    // The same cache key as get() (fetch sends "Accept-Language: *"). The instances are sent nginx's
    // $host, without the port, so only a name can be refused.
    for (const host of ["ev<il>.com", `${"a".repeat(60)}.`.repeat(5) + "com", "x_y.example"]) {
      const answer = await rawRequest(proxy.port, `GET /signup HTTP/1.1\nHost: ${host}\nAccept-Encoding: identity\nAccept-Language: *`);
      const expected = isValidHostHeader(host) ? 200 : 400;
      expect(answer.head, host).toMatch(new RegExp(`^HTTP/1.1 ${expected} `));
    }
  });

  it("keeps the answers to HTTPS and to plain HTTP apart, and passes a TLS load balancer's HTTPS on", async () => {
    // Found by an attack: the cache key left the scheme out, so a page first asked for over plain
    // HTTP was served without HSTS to HTTPS visitors; and nginx replaced the X-Forwarded-Proto: https
    // of a load balancer in front of it (docs/deployment.md, TRUST_PROXY=2) with its own "http".
    const ask = (lines: string[]) =>
      rawRequest(proxy.port, ["GET /hsts HTTP/1.1", `Host: 127.0.0.1:${proxy.port}`, "Accept-Encoding: identity", "Accept-Language: *", ...lines].join("\n"));
    const HSTS = /^strict-transport-security:/im;
    const CACHE = /^x-proxy-cache: (\w+)/im;
    const plain = await ask([]);
    expect(plain.head).not.toMatch(HSTS);
    const balanced = await ask(["X-Forwarded-Proto: https"]);
    expect(balanced.head).toMatch(HSTS);
    expect(CACHE.exec(balanced.head)?.[1]).toBe("MISS");
    for (let i = 0; i < 2; i++) {
      const again = await ask([]);
      expect(again.head).not.toMatch(HSTS);
      expect(CACHE.exec(again.head)?.[1]).toBe("HIT");
      const secure = await ask(["X-Forwarded-Proto: https"]);
      expect(secure.head).toMatch(HSTS);
      expect(CACHE.exec(secure.head)?.[1]).toBe("HIT");
      // Only "https" is passed on: a claim of anything else is nginx's own scheme.
      expect((await ask(["X-Forwarded-Proto: gopher"])).head).not.toMatch(HSTS);
    }
  });

  it("never stores an API answer", async () => {
    const before = asked("/api/v1/user/me").length;
    const answers = [await get("/api/v1/user/me"), await get("/api/v1/user/me")];
    expect(answers.map((a) => a.cache)).toEqual([null, null]);
    expect(asked("/api/v1/user/me").length - before).toBe(2);
  });
});
