// Cached pages and shared caches (server/pages.ts): a body compressed on the fly while the page's
// precompressed bodies are still being made in the background is not for a shared cache. The
// shipped proxy (deploy/nginx.conf) would otherwise keep that first answer, chunked and less
// compressed, for as long as its revalidations get a 304.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_ERRORS } from "~/lib/http/api-error";
import { rawRequest } from "~/tests/helpers/raw-http";
import { abortedWith, aroundNextStatement } from "~/tests/helpers/statement-hook";
import { pagesApp, productionPagesApp, type PagesTestApp } from "~/tests/security/pages-app";
import { BUILD_TIMEOUT_MS, ensureProductionBuild, serverBuildEntry } from "~/tests/security/production-build";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const header = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];

describe("page answers and shared caches", () => {
  let app: PagesTestApp;
  let host: string;
  beforeAll(async () => {
    // Without the fast path: every answer here is the chain's own.
    app = await productionPagesApp({}, { fastPath: false });
    host = `127.0.0.1:${app.port}`;
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });
  const get = (path: string, headers = "") => rawRequest(app.port, `GET ${path} HTTP/1.1\nHost: ${host}${headers ? `\n${headers}` : ""}`);

  it("keeps a body compressed on the fly out of shared caches, and lets them keep the precompressed one", async () => {
    // The first answer: rendered now, compressed on the fly (its bodies are compressed in the background).
    const first = await get("/about", "Accept-Encoding: gzip");
    expect(header(first.head, "content-encoding")).toBe("gzip");
    expect(header(first.head, "content-length")).toBeUndefined();
    expect(header(first.head, "cache-control")).toBe("public, max-age=0, s-maxage=0, stale-while-revalidate=86400");
    // Uncompressed, the body is the page itself: a shared cache may keep it.
    const plain = await get("/about");
    expect(header(plain.head, "cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    // One strong ETag per representation: the page's own is not the compressed body's.
    expect(header(plain.head, "etag")).toMatch(/^"[^"]+"$/);
    expect(header(first.head, "etag")).not.toBe(header(plain.head, "etag"));
    const brotli = await get("/about", "Accept-Encoding: br");
    if (header(brotli.head, "content-length") === undefined) expect(header(brotli.head, "etag")).not.toBe(header(plain.head, "etag"));

    await app.pageHandler.idle();
    for (const encoding of ["gzip", "br"]) {
      const precompressed = await get("/about", `Accept-Encoding: ${encoding}`);
      expect(header(precompressed.head, "content-encoding")).toBe(encoding);
      expect(Number(header(precompressed.head, "content-length"))).toBe(precompressed.body.length);
      expect(header(precompressed.head, "cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    }
  });

  it("answers a HEAD asking for gzip before the bodies are made as the GET is answered: not for shared caches, no ETag", async () => {
    // Found by an attack: the HEAD said s-maxage=300 with the page's ETag while the GET right after it
    // was compressed on the fly and said s-maxage=0 with none.
    const head = await rawRequest(app.port, `HEAD /ja/terms HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
    const get = await rawRequest(app.port, `GET /ja/terms HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
    expect(header(get.head, "content-encoding")).toBe("gzip");
    expect(header(get.head, "etag")).toBeUndefined();
    // (Its length is the page's own: the compressor skips a HEAD, and the compressed length is not known before compressing.)
    for (const name of ["etag", "cache-control"]) expect(header(head.head, name), name).toBe(header(get.head, name));
    await app.pageHandler.idle();
    const later = await rawRequest(app.port, `HEAD /ja/terms HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
    expect(header(later.head, "content-encoding")).toBe("gzip");
    expect(header(later.head, "cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
  });

  it("answers a HEAD before any GET with the head the GET gets: the page's ETag, length and CSP", async () => {
    // A HEAD used to be rendered without a body: no ETag, no length, a CSP without the page's script
    // hashes, yet a public Cache-Control. It is rendered (and kept) as the GET is now.
    const head = await rawRequest(app.port, `HEAD /zh/pricing HTTP/1.1\nHost: ${host}`);
    expect(head.head).toMatch(/^HTTP\/1.1 200 /);
    expect(head.body.length).toBe(0);
    const get = await rawRequest(app.port, `GET /zh/pricing HTTP/1.1\nHost: ${host}`);
    expect(header(get.head, "x-page-cache")).toBe("hit");
    for (const name of ["etag", "content-length", "content-security-policy", "cache-control", "content-type", "vary"]) {
      expect(header(head.head, name), name).toBe(header(get.head, name));
    }
    expect(Number(header(head.head, "content-length"))).toBe(get.body.length);
    expect(header(head.head, "content-security-policy")).toContain("'sha256-");
  });

  it("never compresses a page on the fly once its precompressed bodies exist, whatever Accept-Encoding says", async () => {
    // Each answer compressed on the fly cost about 1.8 ms of CPU against 0.06 ms for a precompressed
    // one: a client (or a flood) sending these headers made every cached page 30 times dearer.
    await get("/services");
    await app.pageHandler.idle();
    const plainEtag = header((await get("/services")).head, "etag")!;
    const cases: [string, string | undefined][] = [
      // Equal q-values, identity named first: the compression middleware picked gzip and made it anew each time.
      ["identity, gzip", "gzip"],
      ["identity;q=1, br;q=0.9", "br"],
      // Deflate is never precompressed: such a client gets the page itself.
      ["deflate", undefined],
      ["deflate, gzip;q=0", undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const answer = await get("/services", `Accept-Encoding: ${acceptEncoding}`);
      expect(header(answer.head, "content-encoding"), acceptEncoding).toBe(expected);
      expect(header(answer.head, "transfer-encoding"), acceptEncoding).toBeUndefined();
      expect(Number(header(answer.head, "content-length")), acceptEncoding).toBe(answer.body.length);
      // One ETag per representation (server/pages.ts): the page's own, or it with the encoding's suffix.
      expect(header(answer.head, "etag"), acceptEncoding).toBe(expected ? `${plainEtag.slice(0, -1)}-${expected}"` : plainEtag);
      expect(header(answer.head, "cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    }
  });

  it("compresses on the fly what is not kept, and only that", async () => {
    // The compression middleware is set up per answer that may need it, no longer for every request.
    for (const path of ["/reset-password?token=abc", "/sitemap.xml", "/account.data"]) {
      const answer = await get(path, "Accept-Encoding: gzip");
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 200 /);
      expect(header(answer.head, "content-encoding"), path).toBe("gzip");
      expect(header(answer.head, "vary"), path).toMatch(/Accept-Encoding/);
    }
    const icon = await get("/favicon.svg", "Accept-Encoding: gzip");
    expect(icon.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(header(icon.head, "content-type")).toMatch(/^image\/svg\+xml/);
  });

  it("answers every unknown id of a content page from one not-found entry per page and language", async () => {
    // "/blog/<any number>" rendered its not-found page anew for each id: about 6 ms of CPU a request,
    // where a cached page costs 0.06 ms, so a flood of made-up ids held the CPU.
    for (const [prefix, known] of [["/blog/", "/blog/1"], ["/ja/blog/", "/ja/blog/1"], ["/services/", "/services/tax-consultation"]] as const) {
      const first = await get(`${prefix}made-up-${prefix.length}`, "Accept-Encoding: gzip");
      expect(first.head, prefix).toMatch(/^HTTP\/1\.1 404 /);
      await app.pageHandler.idle();
      for (let i = 0; i < 5; i++) {
        const again = await get(`${prefix}${1000 + i}x`, "Accept-Encoding: gzip");
        expect(again.head, `${prefix}${1000 + i}x`).toMatch(/^HTTP\/1\.1 404 /);
        expect(header(again.head, "x-page-cache"), `${prefix}${1000 + i}x`).toBe("hit");
        expect(header(again.head, "content-encoding")).toBe("gzip");
      }
      // The content that exists is still its own page.
      const page = await get(known, "Accept-Encoding: gzip");
      expect(page.head, known).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  it("answers React Router's data requests for public pages from the page cache, unknown ids from one entry", async () => {
    // A client-side navigation fetches "<page>.data": each one ran every loader of the page, encoded
    // the result and gzipped it on the fly (1.5-2 ms of CPU), and so did a flood of made-up ids.
    const dataPages = ["/blog/1.data", "/_root.data", "/ja/about.data", "/blog/1.data?_routes=routes/blog-article"];
    for (const path of dataPages) {
      const rendered = await get(path);
      expect(rendered.head, path).toMatch(/^HTTP\/1\.1 200 /);
      expect(header(rendered.head, "content-type"), path).toBe("text/x-script");
      await app.pageHandler.idle();
      const kept = await get(path);
      expect(header(kept.head, "x-page-cache"), path).toBe("hit");
      expect(kept.body.equals(rendered.body), path).toBe(true);
      const gzipped = await get(path, "Accept-Encoding: gzip");
      expect(header(gzipped.head, "content-encoding"), path).toBe("gzip");
      expect(Number(header(gzipped.head, "content-length")), path).toBe(gzipped.body.length);
      expect(header(gzipped.head, "cache-control"), path).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    }
    // Made-up ids and paths share one entry per page and language, as their documents do.
    for (const [first, other] of [["/blog/made-up.data", "/blog/9999.data"], ["/ja/services/nope.data", "/ja/services/none.data"], ["/made/up.data", "/not/there.data"]]) {
      const rendered = await get(first!);
      expect(rendered.head, first).toMatch(/^HTTP\/1\.1 404 /);
      await app.pageHandler.idle();
      const shared = await get(other!);
      expect(shared.head, other).toMatch(/^HTTP\/1\.1 404 /);
      expect(header(shared.head, "x-page-cache"), other).toBe("hit");
      expect(shared.body.equals(rendered.body), other).toBe(true);
    }
    // Attacker-chosen spellings of one data request take no entry of their own (found by a review):
    // _routes repeated or reordered (React Router sends the page's routes in match order), the path in
    // other letter cases or with a trailing slash.
    const before = app.pageHandler.cacheSize();
    for (let n = 1; n <= 20; n++) await get(`/blog/1.data?_routes=${Array(n).fill("root").join(",")}`);
    await get("/blog/1.data?_routes=routes/blog-article,root");
    for (const path of ["/ABOUT.data", "/About.data", "/aBoUt.data", "/about/.data", "/about//.data"]) await get(path);
    await app.pageHandler.idle();
    expect(app.pageHandler.cacheSize() - before).toBeLessThanOrEqual(1);
    // An unknown language's layout refuses the page, yet the article's loader ran: no shared entry
    // may hold one article's data for another.
    await get("/xyz/blog/1.data");
    await app.pageHandler.idle();
    const second = await get("/xyz/blog/2.data");
    expect(second.head).toMatch(/^HTTP\/1\.1 404 /);
    expect(header(second.head, "x-page-cache")).toBeUndefined();
    // What cannot be shared is answered as asked: another query, routes the page does not have, a member's screen.
    for (const path of ["/blog/1.data?x=1", "/blog/1.data?_routes=routes/made-up", "/account.data"]) {
      await get(path);
      await app.pageHandler.idle();
      const again = await get(path);
      expect(again.head, path).toMatch(/^HTTP\/1\.1 200 /);
      expect(header(again.head, "x-page-cache"), path).toBeUndefined();
    }
  });

  it("keeps a member's or the admin's screen rendered once, private to browsers, the same for every visitor", async () => {
    // Each GET of /account or /admin rendered the page anew (6-8 ms of CPU) though the server renders
    // the same shell for everyone (the member's data is fetched in the browser with the token).
    for (const path of ["/account", "/ja/admin", "/zh/explore", "/reset-password"]) {
      const first = await get(path, "Accept-Encoding: gzip");
      expect(first.head, path).toMatch(/^HTTP\/1\.1 200 /);
      await app.pageHandler.idle();
      const again = await get(path, "Accept-Encoding: gzip\nCookie: selectedLanguage=en; other=1\nAuthorization: Bearer someone");
      expect(header(again.head, "x-page-cache"), path).toBe("hit");
      expect(header(again.head, "cache-control"), path).toBe("private, no-cache");
      const plain = await get(path);
      expect(plain.body.toString("utf8").length, path).toBeGreaterThan(1000);
    }
    // A query may change what these pages render (a reset token, the admin's filters): rendered as asked.
    const withQuery = await get("/reset-password?token=abc", "Accept-Encoding: gzip");
    expect(withQuery.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(header(withQuery.head, "x-page-cache")).toBeUndefined();
  });

  it("answers the contact page's unknown queries from its kept entries", async () => {
    // Any query rendered the contact page anew (about 8 ms of CPU): "/contact?utm_source=..." from
    // every campaign link, or a flood of made-up ones. Only ?sent=1 and a known ?service= change it.
    await get("/contact?utm_source=a", "Accept-Encoding: gzip");
    await app.pageHandler.idle();
    const again = await get("/contact?utm_source=b&x=1", "Accept-Encoding: gzip");
    expect(header(again.head, "x-page-cache")).toBe("hit");
    const preselected = await get("/contact?service=consulting");
    expect(preselected.body.toString("utf8")).toMatch(/<option[^>]*value="consulting"[^>]*selected/);
    const bare = await get("/contact?service=nonsense");
    expect(bare.body.toString("utf8")).not.toMatch(/<option[^>]*value="consulting"[^>]*selected/);
  });

  it("answers /login and /signup whatever their ?next= from one entry each", async () => {
    // A made-up ?next= rendered the page anew (6-9 ms of CPU): the link to the other page carried it.
    for (const path of ["/login", "/ja/signup"]) {
      await get(`${path}?next=%2Faccount`, "Accept-Encoding: gzip");
      await app.pageHandler.idle();
      const again = await get(`${path}?next=%2Fmade-up-${path.length}`, "Accept-Encoding: gzip");
      expect(header(again.head, "x-page-cache"), path).toBe("hit");
      expect(again.body.length, path).toBeGreaterThan(0);
    }
  });

  it("never keeps the render of a path with dot segments or a backslash, so one request cannot change what unknown paths get", async () => {
    // The renderer resolves "..", "." (also escaped) and "\\" (new URL()), so "/blog/.." rendered the home
    // page (200) and stored it under the blog's shared not-found key: every made-up id got the home page.
    const attacks: [string, string][] = [
      ["/blog/..", "/blog/5555"],
      ["/ja/services/%2e%2e", "/ja/services/nope"],
      ["/services/x\\..", "/services/nope"],
      ["/portfolio/%2E", "/portfolio/nope"],
      ["/ja/x/..", "/ja/nope"],
      ["/x/..", "/x/nope"],
    ];
    for (const [attack, victim] of attacks) {
      await get(attack, "Accept-Encoding: gzip");
      await app.pageHandler.idle();
      const answer = await get(victim, "Accept-Encoding: gzip");
      expect(answer.head, `${victim} after ${attack}`).toMatch(/^HTTP\/1\.1 404 /);
    }
    // The shared not-found entry of a content page is in the page's language.
    const japanese = await get("/ja/blog/made-up");
    expect(japanese.head).toMatch(/^HTTP\/1\.1 404 /);
    expect(japanese.body.toString("utf8")).toMatch(/<html lang="ja"/);
  });

  it("forgets the answers kept before a page's bodies were compressed", async () => {
    // Each unusual Accept-Encoding was its own kept answer before the bodies existed, and those held
    // the page's answer slots for good: later clients were never replayed.
    await get("/cookies");
    for (let i = 0; i < 5; i++) await get("/cookies", `Accept-Encoding: x-before-${i}`);
    await app.pageHandler.idle();
    const kept = [...app.pageHandler.peek("/cookies")!.answers.keys()];
    expect(kept.filter((variant) => variant.includes("other:"))).toEqual([]);
  });

  it("gives a page that is not found one title, in its language, in the server's HTML", async () => {
    const titles = async (path: string) =>
      [...(await (await fetch(`http://${host}${path}`)).text()).matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(await titles("/no-such-page")).toEqual(["Page not found | TaxAtlas"]);
    expect(await titles("/ja/no-such-page")).toEqual(["ページが見つかりません | TaxAtlas"]);
    expect(await titles("/blog/999999")).toEqual(["Page not found | TaxAtlas"]);
    expect(await titles("/zh/services/no-such-service")).toHaveLength(1);
  });

  it("sends every other spelling of a page to the site's own, so variants cannot fill the cache", async () => {
    // "/ABOUT", "/AbOuT", "/%61bout" were each rendered and kept on their own: enough of them pushed
    // real pages out of the page cache.
    const cases: [string, string][] = [
      ["/ABOUT", "/about"],
      ["/%61bout?x=1", "/about?x=1"],
      // A slug is the page's own: its letters are not the routes' words.
      ["/Ja/Services/tax-consultation", "/ja/services/tax-consultation"],
      ["/blog/%31", "/blog/1"],
      ["//ABOUT", "/about"],
      // Trailing slashes: "/about" followed by any number of them was a page of its own.
      ["/about/", "/about"],
      ["/ja/about//", "/ja/about"],
      ["/blog/1/?x=1", "/blog/1?x=1"],
    ];
    for (const [path, location] of cases) {
      const answer = await get(path);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 301 /);
      expect(header(answer.head, "location"), path).toBe(location);
    }
    await get("/about");
    const before = app.pageHandler.cacheSize();
    for (let i = 0; i < 32; i++) {
      const variant = "/about".replace(/[a-z]/g, (letter, at: number) => ((i >> at) & 1 ? letter.toUpperCase() : letter));
      await get(variant);
      await get(`/about${"/".repeat(i + 1)}`);
    }
    expect(app.pageHandler.cacheSize()).toBe(before);
  });
});

describe("page form posts and render slots", () => {
  let app: PagesTestApp;
  beforeAll(async () => {
    app = await productionPagesApp({}, { fastPath: false });
  }, BUILD_TIMEOUT_MS);
  /** The site's own origin: React Router refuses an action whose Origin is another. */
  const origin = () => app.appContext.site.origin;
  afterAll(async () => {
    await app?.close();
  });

  it("reads a form's body before taking a render slot, so slow senders cannot stop the pages", async () => {
    // Contact-form posts that announce a body and send only its first bytes: each took a render slot
    // while its body dripped in, and with every slot held no page was rendered any more.
    const sockets = await Promise.all(
      // As many as there are render slots (server/pages.ts, maxRenders).
      ["/contact", "/ja/contact", "/zh/contact", "/contact.data"].map(
        (path) =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(app.port, "127.0.0.1", () => {
              socket.write(
                `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nOrigin: ${origin()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=a`,
              );
              resolve(socket);
            });
          }),
      ),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const path of ["/blog/1", "/pricing/basic", "/ja/account/receipts/00000000-0000-4000-8000-000000000000"]) {
        const page = await fetch(`http://127.0.0.1:${app.port}${path}`, { signal: AbortSignal.timeout(5_000) });
        expect(page.status, path).toBeLessThan(500);
        await page.arrayBuffer();
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("bounds what slow senders hold: a declared length past the limit gets 413 unread, and at most 64 forms are read at once", async () => {
    const slowPost = (length: number, first: string) =>
      new Promise<{ socket: net.Socket; answer: Promise<string> }>((resolve) => {
        const socket = net.connect(app.port, "127.0.0.1", () => {
          socket.write(
            `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nOrigin: ${origin()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n${first}`,
          );
          const chunks: Buffer[] = [];
          const answer = new Promise<string>((done) => {
            socket.on("data", (chunk) => {
              chunks.push(chunk);
              done(Buffer.concat(chunks).toString("latin1"));
            });
            socket.on("close", () => done(Buffer.concat(chunks).toString("latin1")));
          });
          resolve({ socket, answer });
        });
      });
    // Announced too large: answered at once, before a byte of the body (it was read, 64 KB, first),
    // and the connection closed, not kept reading what follows (it took in 300 MiB in 15 s).
    const large = await slowPost(100_000_000_000, "abc");
    const closed = new Promise((resolve) => large.socket.once("close", resolve));
    const refusal = await large.answer;
    expect(refusal).toMatch(/^HTTP\/1\.1 413 /);
    expect(refusal).toMatch(/\r\nConnection: close\r\n/i);
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error("connection still open after 3 s")), 3_000))]);
    large.socket.destroy();

    const held = await Promise.all(Array.from({ length: 64 }, () => slowPost(1000, "name=a")));
    try {
      const oneMore = await slowPost(1000, "name=a");
      expect(await oneMore.answer).toMatch(/^HTTP\/1\.1 503 /);
      oneMore.socket.destroy();
      const page = await fetch(`http://127.0.0.1:${app.port}/pricing/basic`, { signal: AbortSignal.timeout(5_000) });
      expect(page.status).toBe(200);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
    // Their places are given back when they leave.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await slowPost(1000, "name=a");
    await new Promise((resolve) => setTimeout(resolve, 100));
    after.socket.destroy();
    expect(await after.answer).toBe("");
  });

  it("still hands the action the whole form, and answers a body past the limit with 413", async () => {
    const form = new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question about VAT registration.", service: "general" });
    const sent = await fetch(`http://127.0.0.1:${app.port}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin() },
      body: form,
      redirect: "manual",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toMatch(/^\/contact\?sent=/);
    const huge = await fetch(`http://127.0.0.1:${app.port}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin() },
      body: `message=${"x".repeat(70 * 1024)}`,
      redirect: "manual",
    });
    expect(huge.status).toBe(413);
  });

  // Found by a review: the API answered a deadlock 409, the contact page's own post a 500 page.
  it("answers a message whose insert met a deadlock with the form and a message to send it again", async () => {
    const restore = aroundNextStatement(app.appContext, "before", /insert into "contact_messages"/i, async () => {
      throw abortedWith("40P01");
    });
    try {
      const form = new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question about VAT.", service: "general" });
      const sent = await fetch(`http://127.0.0.1:${app.port}/ja/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin() },
        body: form,
        redirect: "manual",
      });
      expect(sent.status).toBe(409);
      expect(await sent.text()).toContain(COMMON_ERRORS.concurrentChange.ja);
    } finally {
      restore();
    }
  });
});

describe("renders for clients that left", () => {
  it("does not render a page whose client left while it waited for a render slot", async () => {
    await ensureProductionBuild();
    const build = (await import(pathToFileURL(serverBuildEntry).href)) as ServerBuild;
    // The build's document renderer, counting renders and holding those of /terms until let go.
    const rendered: string[] = [];
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const handleRequest = build.entry.module.default;
    const counting: ServerBuild = {
      ...build,
      entry: {
        module: {
          ...build.entry.module,
          default: async (request, ...rest) => {
            const path = new URL(request.url).pathname;
            rendered.push(path);
            if (path.endsWith("/terms")) await held;
            return handleRequest(request, ...rest);
          },
        },
      },
    };
    const app = await pagesApp(async () => counting, {}, { fastPath: false, cache: false });
    try {
      const base = `http://127.0.0.1:${app.port}`;
      // The four render slots held.
      const holding = ["/terms", "/ja/terms", "/zh/terms", "/terms?x=1"].map((path) => fetch(base + path).then((r) => r.text()));
      // Until the four renders hold their slots (waited for, not given a fixed time a busy machine can outrun).
      await expect.poll(() => rendered.length, { timeout: 10_000 }).toBe(4);
      // Ten requests that wait for a slot, whose clients leave.
      const leaving = Array.from({ length: 10 }, (_, i) => {
        const controller = new AbortController();
        const answer = fetch(`${base}/pricing/basic?left=${i}`, { signal: controller.signal }).catch(() => "left");
        return { controller, answer };
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const { controller } of leaving) controller.abort();
      await Promise.all(leaving.map(({ answer }) => answer));
      await new Promise((resolve) => setTimeout(resolve, 100));
      letGo();
      await Promise.all(holding);
      // A page asked for afterwards is still rendered.
      expect((await fetch(`${base}/pricing/basic?after=1`)).status).toBe(200);
      expect(rendered.filter((path) => path.startsWith("/pricing"))).toEqual(["/pricing/basic"]);
    } finally {
      await app.close();
    }
  }, BUILD_TIMEOUT_MS);
});

describe("a kept page's validator", () => {
  // Found by an attack: the ETag named the body alone, so after a change of the answer's headers
  // alone (the security headers, TRUST_PROXY and with it HSTS) the shipped nginx revalidated its
  // copy with the old tag, got 304 and kept the old headers for as long as the page was asked for.
  it("changes with the headers the page is answered with, so a proxy's copy is replaced", async () => {
    const ask = async (port: number, headers: Record<string, string> = {}) => {
      const response = await fetch(`http://127.0.0.1:${port}/about`, { headers: { "X-Forwarded-Proto": "https", "Accept-Encoding": "identity", ...headers } });
      await response.arrayBuffer();
      return response;
    };
    const before = await productionPagesApp({ TRUST_PROXY: "false" }, { fastPath: false });
    let tag: string;
    try {
      const first = await ask(before.port);
      expect(first.headers.get("strict-transport-security")).toBeNull();
      tag = first.headers.get("etag")!;
      expect((await ask(before.port, { "If-None-Match": tag })).status).toBe(304);
    } finally {
      await before.close();
    }
    const after = await productionPagesApp({ TRUST_PROXY: "loopback" }, { fastPath: false });
    try {
      await ask(after.port);
      const revalidated = await ask(after.port, { "If-None-Match": tag });
      expect(revalidated.status).toBe(200);
      expect(revalidated.headers.get("strict-transport-security")).toMatch(/^max-age=/);
      expect((await ask(after.port, { "If-None-Match": revalidated.headers.get("etag")! })).status).toBe(304);
    } finally {
      await after.close();
    }
  }, BUILD_TIMEOUT_MS);
});
