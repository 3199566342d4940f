import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createRouteMatcher, OTHER_SEGMENT, ROUTE_MATCH_PATH_MAX, ROUTE_MATCHES_KEPT } from "./route-matches";

// The shape of the site's routes (app/routes.ts under the root route): an optional language prefix
// above the pages, nested admin pages, two files at the top and a catch-all.
const tree: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "sitemap", path: "sitemap.xml" },
      { id: "robots", path: "robots.txt" },
      {
        id: "lang",
        path: ":lang?",
        children: [
          { id: "home", index: true },
          { id: "about", path: "about" },
          { id: "services", path: "services" },
          { id: "service", path: "services/:slug" },
          { id: "blog", path: "blog" },
          { id: "article", path: "blog/:id" },
          { id: "receipt", path: "account/receipts/:id" },
          { id: "confirm", path: "account/confirm-email" },
          {
            id: "admin",
            path: "admin",
            children: [
              { id: "admin-home", index: true },
              { id: "admin-users", path: "users" },
              { id: "admin-user", path: "users/:id" },
            ],
          },
          { id: "not-found", path: "*" },
        ],
      },
    ],
  },
];
const LANGS = ["ja", "zh"];
const WORDS = new Set(["sitemap.xml", "robots.txt", "about", "services", "blog", "account", "receipts", "confirm-email", "admin", "users", ...LANGS]);

/** React Router's own answer: the route ids, and the lang param as the matcher reports it (other values read OTHER_SEGMENT). */
function expected(path: string) {
  const matches = matchRoutes(tree, path);
  const lang = matches?.at(-1)?.params.lang;
  return {
    ids: matches?.map((match) => match.route.id) ?? [],
    lang: lang === undefined || lang === "" || WORDS.has(lang.toLowerCase()) ? lang : OTHER_SEGMENT,
  };
}

const SEGMENTS = [
  "about", "ABOUT", "services", "blog", "account", "receipts", "confirm-email", "admin", "users", "sitemap.xml", "robots.txt",
  "ja", "zh", "JA", "xyz", "1", "%61bout", "%E6%97%A5", "%E0%A4%A", "%2F", OTHER_SEGMENT, "", ".", "..", "wp-login.php", "x y",
];

/** A small seeded generator, so a failure names a path that can be tried again. */
function* randomPaths(count: number) {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const length = Math.floor(next() * 9);
    const segments = Array.from({ length }, () => SEGMENTS[Math.floor(next() * SEGMENTS.length)]!);
    yield `/${segments.join("/")}${next() < 0.2 ? "/" : ""}${next() < 0.05 ? "//" : ""}`;
  }
}

describe("createRouteMatcher", () => {
  // React Router warns (console.warn) about the malformed percent-encodings below.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);

  it("answers as React Router's matchRoutes for every kind of path, and remembers the answer", () => {
    const match = createRouteMatcher(tree, LANGS);
    const fixed = ["/", "/ja", "/zh/about", "/about", "/About/", "/blog/7", "/ja/blog/7", "/ja/blog/%E6%97%A5", "/xyz/about", "/nope",
      "/ja/blog/7/extra", "/ja/account/receipts/9", "/ja/account/receipts/9/", "/ja/account/receipts/9/x", "/admin/users/3",
      "/zh/admin/users/3//", "/%61bout", "/a%E0%A4%A/about", "//about", "/ja//about", "/sitemap.xml", "/ja/sitemap.xml", "/wp-login.php"];
    for (const path of [...fixed, ...randomPaths(3000)]) {
      const first = match(path);
      expect({ ids: first.ids, lang: first.params.lang }, path).toEqual(expected(path));
      // The second answer is the remembered one.
      expect(match(path), path).toBe(first);
    }
  });

  it("answers every path it cannot tell apart by its shape from one entry", () => {
    const match = createRouteMatcher(tree, LANGS);
    for (let i = 0; i < 10_000; i++) {
      match(`/random-${i}`);
      match(`/ja/blog/${i}/more/${i}`);
      match(`/wp-${i}/admin.php?x=${i}`.split("?")[0]!);
    }
    // "/_", "/ja/blog/_/_/_" and "/_/_": three shapes for 30,000 paths.
    expect(match.size()).toBe(3);
    // As React Router reads it: a language prefix that is none of the site's, before the home page
    // (the page handler answers it as not found).
    expect(match("/random-1")).toMatchObject({ ids: ["root", "lang", "home"], params: { lang: OTHER_SEGMENT } });
  });

  it("keeps a bounded number of unusual paths, so they cannot grow it", () => {
    const match = createRouteMatcher(tree, LANGS);
    // A "#" is read by React Router as the start of a fragment: matched as sent, not by its shape.
    for (let i = 0; i < ROUTE_MATCHES_KEPT; i++) match(`/about#${i}`);
    expect(match.size()).toBe(ROUTE_MATCHES_KEPT);
    match("/one-more#");
    expect(match.size()).toBe(1);
    expect(match("/about#x").ids).toEqual(expected("/about#x").ids);
    const long = `/about#${"x".repeat(ROUTE_MATCH_PATH_MAX)}`;
    expect(match(long).ids).toEqual(expected(long).ids);
    expect(match.size()).toBe(2);
  });

  it("spells a path as the site does: the routes' words in lower case, unreserved characters unescaped", () => {
    const match = createRouteMatcher(tree, LANGS);
    const cases: [string, string][] = [
      ["/ABOUT", "/about"],
      ["/%61bout", "/about"],
      ["/Ja/About/", "/ja/about"],
      ["/ja/", "/ja"],
      ["//", "/"],
      ["/JA/blog/%31", "/ja/blog/1"],
      ["/blog/ABC", "/blog/ABC"],
      ["/blog/a%2Fb", "/blog/a%2Fb"],
      ["/ja/blog/%E6%97%A5", "/ja/blog/%E6%97%A5"],
      ["/Sitemap.XML", "/sitemap.xml"],
      ["/about", "/about"],
    ];
    for (const [path, canonical] of cases) {
      expect(match.canonical(path), path).toBe(canonical);
      // The same page to React Router, and spelled once.
      expect(match.canonical(canonical), canonical).toBe(canonical);
      expect(expected(canonical).ids, path).toEqual(expected(path).ids);
    }
  });
});
