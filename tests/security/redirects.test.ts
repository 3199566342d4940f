// Every redirect stays on the site (docs/decisions/0006-one-configured-origin.md): the paths the
// server redirects from (English prefix, legacy service slugs, stored language) and the `next=` the
// browser follows after log-in, fed with slashes, backslashes, encodings and dot segments.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirectPath, sameSitePath } from "~/lib/i18n/paths";
import { productionPagesApp, rawRequest, type PagesTestApp } from "./pages-app";
import { BUILD_TIMEOUT_MS } from "./production-build";

const SITE = "https://site.example";
const PIECES = ["/", "//", "\\", "\\\\", ".", "..", "./", "../", "%2F", "%2f", "%5C", "%2e", "%2E%2E", "%09", "@", ":", "evil.example", "en", "ja", "services", "security", "?", "#", "http:", "https:", "javascript:", " ", "\t", "\n"];
const hostile = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""));

/** A redirect target is same-site when, resolved against the site as a browser would, it stays there. */
function staysOnSite(location: string): boolean {
  if (!location.startsWith("/") || /^\/[/\\]/.test(location)) return false;
  try {
    return new URL(location, SITE).origin === SITE;
  } catch {
    return false;
  }
}

describe("redirect targets", () => {
  it("safeRedirectPath returns a same-site path for any input", () => {
    fc.assert(
      fc.property(fc.oneof(hostile, hostile.map((s) => `/${s}`), fc.string()), (value) => {
        expect(staysOnSite(safeRedirectPath(value)), JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    for (const value of ["/.//host", "/./\\host", "/a/..//host", "/%2e//host", "//host", "/\\host", "/\t/host", "https://host/x"]) {
      expect(staysOnSite(safeRedirectPath(value)), value).toBe(true);
    }
    expect(safeRedirectPath("/.//host")).toBe("/");
    expect(safeRedirectPath("/ja/explore?x=1#a")).toBe("/ja/explore?x=1#a");
  });

  it("sameSitePath keeps one leading slash", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        expect(staysOnSite(sameSitePath(value)), JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(sameSitePath("//evil.example")).toBe("/evil.example");
    expect(sameSitePath("/\\evil.example")).toBe("/evil.example");
  });
});

describe("server redirects", () => {
  let app: PagesTestApp;
  beforeAll(async () => {
    app = await productionPagesApp();
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  async function check(target: string, extraHeaders = "") {
    const res = await rawRequest(app.port, `GET ${target} HTTP/1.1\nHost: localhost${extraHeaders}`);
    expect(res.status, target).toBeLessThan(500);
    if (res.status >= 300 && res.status < 400) expect(staysOnSite(res.headers.location ?? ""), `${target} → ${res.headers.location}`).toBe(true);
    return res;
  }

  it("the reported open redirects stay on the site", async () => {
    for (const target of ["/en//evil.example", "/en/\\evil.example", "/en/\\\\evil.example", "/en///evil.example/x?y=1", "/en/%2F%2Fevil.example"]) {
      const res = await check(target);
      expect(res.status, target).toBe(301);
    }
    expect((await check("/en//evil.example")).headers.location).toBe("/evil.example");
  });

  it("a language prefix in another letter case leads a visitor of another language to the page, not to a doubled prefix", async () => {
    // "/JA/about" was an unprefixed URL to the language redirect: a Japanese visitor went to
    // /ja/JA/about, then /ja/ja/about (not found); it is the page's other spelling (one 301).
    for (const [target, headers] of [
      ["/JA/about", "\nCookie: selectedLanguage=ja"],
      ["/Zh/services", "\nAccept-Language: ja"],
      ["/JA/about", ""],
    ] as const) {
      const res = await check(target, headers);
      expect(res.status, `${target}${headers}`).toBe(301);
      expect(res.headers.location, `${target}${headers}`).toBe(target.toLowerCase());
    }
  });

  it("redirect-producing routes stay on the site for hostile paths", async () => {
    // Request targets must be printable without spaces; the pieces are percent-encoded where they are not.
    const asTarget = (value: string) => value.replace(/[\s#?]/g, (c) => encodeURIComponent(c));
    await fc.assert(
      fc.asyncProperty(
        hostile.map(asTarget),
        fc.constantFrom("/en/", "/en", "/services/", "/ja/services/", "/", "/ja/", "/zh"),
        fc.constantFrom("", "\nCookie: selectedLanguage=ja", "\nAccept-Language: zh-CN"),
        async (tail, prefix, headers) => {
          await check(prefix + tail, headers);
        },
      ),
      { numRuns: 300 },
    );
    // Found by this property on CI: the static file middleware redirected a directory path made of
    // backslashes and dot segments to itself plus "/", which a browser reads as another host.
    for (const target of ["/\\\\/../.", "/\\/..", "/%5C%5C/../.", "/assets/\\\\/../."]) await check(target);
    for (const legacy of ["/services/security", "/ja/services/software-development", "/services/security/"]) {
      const res = await check(legacy);
      expect(res.status, legacy).toBe(301);
    }
  });
});
