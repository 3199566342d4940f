// Cached pages and shared caches (server/pages.ts): a body compressed on the fly while the page's
// precompressed bodies are still being made in the background is not for a shared cache. The
// shipped proxy (deploy/nginx.conf) would otherwise keep that first answer, chunked and less
// compressed, for as long as its revalidations get a 304.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "~/tests/helpers/raw-http";
import { productionPagesApp, type PagesTestApp } from "~/tests/security/pages-app";
import { BUILD_TIMEOUT_MS } from "~/tests/security/production-build";

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

    await app.pageHandler.idle();
    for (const encoding of ["gzip", "br"]) {
      const precompressed = await get("/about", `Accept-Encoding: ${encoding}`);
      expect(header(precompressed.head, "content-encoding")).toBe(encoding);
      expect(Number(header(precompressed.head, "content-length"))).toBe(precompressed.body.length);
      expect(header(precompressed.head, "cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    }
    // Deflate is never precompressed: always made on the fly, and a shared cache may keep it.
    const deflate = await get("/about", "Accept-Encoding: deflate");
    expect(header(deflate.head, "content-encoding")).toBe("deflate");
    expect(header(deflate.head, "cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
  });
});
