// Response headers on every page route (from the production build's route table, in each language)
// and on every API route: a CSP without 'unsafe-inline' for scripts and with frame-ancestors 'none',
// nosniff, a referrer policy, HSTS only over TLS as reported by a trusted proxy, and no cookies.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, type TestApp } from "~/tests/helpers/test-app";
import { pagePaths, pagesApp } from "./pages-app";
import { API_ROUTES, routeUrl } from "./api-routes";
import { BUILD_TIMEOUT_MS, buildDir, ensureProductionBuild, serverBuildEntry } from "./production-build";

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectSecurityHeaders(headers: Headers, what: string, options: { html: boolean }) {
  const csp = headers.get("content-security-policy");
  expect(csp, `${what}: CSP`).toBeTruthy();
  const parsed = directives(csp);
  const scriptSrc = parsed.get("script-src") ?? parsed.get("default-src") ?? [];
  expect(scriptSrc.length, `${what}: script-src`).toBeGreaterThan(0);
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("*");
  expect(parsed.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(parsed.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  expect(headers.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(headers.get("referrer-policy"), `${what}: referrer policy`).toBe("strict-origin-when-cross-origin");
  expect(headers.get("x-powered-by"), `${what}: x-powered-by`).toBeNull();
  // The server sets no cookie at all (the language and consent cookies are set by the page's script
  // and hold no secret); a Set-Cookie here would need HttpOnly, Secure and SameSite checks.
  expect(headers.get("set-cookie"), `${what}: set-cookie`).toBeNull();
  if (options.html) expect(headers.get("content-type"), what).toMatch(/text\/html/);
}

describe("security headers", () => {
  let build: ServerBuild;
  let app: TestApp;
  let paths: string[];

  beforeAll(async () => {
    await ensureProductionBuild();
    build = (await import(pathToFileURL(serverBuildEntry).href)) as ServerBuild;
    paths = pagePaths(build);
    app = await pagesApp(async () => build);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  it("covers every page route of the build in three languages", () => {
    expect(paths).toContain("/");
    expect(paths).toContain("/ja/about");
    expect(paths).toContain("/zh/admin/messages");
    expect(paths).toContain("/explore");
    expect(paths.length).toBeGreaterThan(60);
  });

  it("sets them on every page, rendered and from the page cache", async () => {
    for (const pagePath of paths) {
      for (const attempt of ["first", "second"]) {
        const res = await request(app, "GET", pagePath, { headers: { "Accept-Language": "en" } });
        const what = `GET ${pagePath} (${attempt})`;
        expect([200, 404], what).toContain(res.status);
        const html = !pagePath.endsWith(".xml") && !pagePath.endsWith(".txt");
        if (html) expectSecurityHeaders(res.headers, what, { html: true });
        else expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
        expect(res.headers.get("strict-transport-security"), what).toBeNull();
      }
    }
  });

  it("names each inline script of a page by hash in its CSP", async () => {
    const res = await request(app, "GET", "/about");
    const html = String(res.body);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].filter((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    const scriptSrc = directives(res.headers.get("content-security-policy")).get("script-src")!;
    for (const match of inline) {
      const hash = `'sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`;
      expect(scriptSrc).toContain(hash);
    }
  });

  it("every page of the real build starts its modules after the first paint (docs/decisions/0005)", async () => {
    // React Router's markup is what deferHydration rewrites; a change there must not go unnoticed.
    const built = new Set(readdirSync(path.join(buildDir, "client", "assets")).map((name) => `/assets/${name}`));
    for (const pagePath of ["/", "/ja/services/tax-consultation", "/zh/blog/1", "/pricing", "/login", "/admin"]) {
      const html = String((await request(app, "GET", pagePath)).body);
      expect(html, pagePath).not.toContain('<link rel="modulepreload"');
      expect(html, pagePath).not.toContain('<script type="module"');
      const inert = [...html.matchAll(/<script type="text\/x-deferred-module" id="deferred-hydration">([\s\S]*?)<\/script>/g)];
      expect(inert, pagePath).toHaveLength(1);
      const imported = [...inert[0]![1]!.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
      expect(imported.length, pagePath).toBeGreaterThan(3);
      for (const src of imported) expect(built, `${pagePath} imports ${src}`).toContain(src);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, pagePath).toMatch(/<script>\(\(\)=>\{let t=0;const d=document,s=\(\)=>\{const l=d\.createElement\("link"\);l\.rel="modulepreload";l\.href="\/assets\/entry\.client-[\w-]+\.js"/);
      // After the browser has recorded the first contentful paint, not merely the next frame.
      expect(head, pagePath).toContain('observe({type:"paint",buffered:true})');
    }
  });

  it("sets them on every API route and on static files", async () => {
    for (const route of API_ROUTES) {
      const res = await request(app, route.method, routeUrl(route), { body: route.body });
      const what = `${route.method} ${route.path}`;
      expect(res.status, what).toBeLessThan(500);
      expectSecurityHeaders(res.headers, what, { html: false });
      expect(res.headers.get("cache-control"), what).toContain("no-store");
    }
    for (const file of ["/favicon.svg", "/healthz", "/readyz", "/api/v1/nothing-here"]) {
      const res = await request(app, "GET", file);
      expect(res.headers.get("x-content-type-options"), file).toBe("nosniff");
      expect(directives(res.headers.get("content-security-policy")).get("frame-ancestors"), file).toEqual(["'none'"]);
    }
    const asset = readdirSync(path.join(buildDir, "client", "assets")).find((f) => f.endsWith(".js"))!;
    const res = await request(app, "GET", `/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("ignores X-Forwarded-Proto without TRUST_PROXY: no HSTS", async () => {
    for (const target of ["/", "/about", "/api/v1/user/me"]) {
      const res = await request(app, "GET", target, { headers: { "X-Forwarded-Proto": "https" } });
      expect(res.headers.get("strict-transport-security"), target).toBeNull();
    }
  });

  describe("behind a TLS-terminating proxy (TRUST_PROXY=1)", () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await pagesApp(async () => build, { TRUST_PROXY: "1" });
    });
    afterAll(() => proxied?.close());

    it("sends HSTS on pages and API answers that arrived over TLS, and only those", async () => {
      for (const target of ["/", "/ja/pricing", "/explore", "/api/v1/user/me", "/healthz"]) {
        const tls = await request(proxied, "GET", target, { headers: { "X-Forwarded-Proto": "https" } });
        expect(tls.headers.get("strict-transport-security") ?? "", target).toMatch(/max-age=\d{8,}/);
        const plain = await request(proxied, "GET", target, { headers: { "X-Forwarded-Proto": "http" } });
        expect(plain.headers.get("strict-transport-security"), target).toBeNull();
        const direct = await request(proxied, "GET", target);
        expect(direct.headers.get("strict-transport-security"), target).toBeNull();
      }
    });
  });
});
