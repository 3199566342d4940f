import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteMatcher, ROUTE_MATCH_PATH_MAX, ROUTE_MATCHES_KEPT } from "./route-matches";

// The shape of the site's routes: an optional language prefix above the pages.
const tree: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "lang",
        path: ":lang?",
        children: [
          { id: "home", index: true },
          { id: "about", path: "about" },
          { id: "article", path: "blog/:id" },
          { id: "not-found", path: "*" },
        ],
      },
    ],
  },
];

const ids = (matches: Readonly<ReturnType<typeof matchRoutes>>) => matches?.map((m) => [m.route.id, m.params]) ?? null;

describe("createRouteMatcher", () => {
  it("answers exactly as React Router's matchRoutes for every kind of path, and remembers the answer", () => {
    const match = createRouteMatcher(tree);
    for (const path of ["/", "/ja", "/zh/about", "/about", "/About/", "/blog/7", "/ja/blog/7", "/ja/blog/%E6%97%A5", "/xyz/about", "/nope", "/ja/blog/7/extra"]) {
      const first = match(path);
      expect(ids(first)).toEqual(ids(matchRoutes(tree, path)));
      // The second answer is the remembered one.
      expect(match(path)).toBe(first);
    }
  });

  it("keeps a bounded number of paths, so random paths cannot grow it", () => {
    const match = createRouteMatcher(tree);
    for (let i = 0; i < ROUTE_MATCHES_KEPT; i++) match(`/random-${i}`);
    expect(match.size()).toBe(ROUTE_MATCHES_KEPT);
    match("/one-more");
    expect(match.size()).toBe(1);
    expect(ids(match("/ja/about"))).toEqual(ids(matchRoutes(tree, "/ja/about")));
  });

  it("does not remember a path longer than the site's own", () => {
    const match = createRouteMatcher(tree);
    const long = `/${"x".repeat(ROUTE_MATCH_PATH_MAX)}`;
    expect(ids(match(long))).toEqual(ids(matchRoutes(tree, long)));
    expect(match.size()).toBe(0);
  });
});
