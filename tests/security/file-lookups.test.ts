// A request for a file the build does not have (a made-up asset name, a page with a query that walks
// the whole chain) is answered without asking the file system and leaves nothing behind: the build's
// client files are listed once when the app is made (server/static-assets.ts). Before, each made-up
// asset name cost two existsSync calls plus a stat and took an entry in a map that was never
// emptied, and every request that reached the static middleware cost a stat
// (docs/performance.md, "What a request costs").
import fs, { readdirSync } from "node:fs";
import http from "node:http";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { productionPagesApp, type PagesTestApp } from "./pages-app";
import { BUILD_TIMEOUT_MS, buildDir } from "./production-build";

const clientDir = path.join(buildDir, "client");
const token = () => Math.random().toString(36).slice(2, 10);

/** Counts the file-system lookups (stat, exists, open) of paths inside the build's client directory. */
function countClientLookups(): { count: () => number; restore: () => void } {
  let count = 0;
  const names = ["stat", "statSync", "lstat", "lstatSync", "existsSync", "open", "openSync", "createReadStream"] as const;
  const originals = new Map<string, unknown>();
  const target = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = target[name]!;
    originals.set(name, original);
    target[name] = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === "string" && path.resolve(args[0]).startsWith(clientDir)) count++;
      return original.apply(this, args);
    };
  }
  syncBuiltinESMExports();
  return {
    count: () => count,
    restore: () => {
      for (const [name, original] of originals) target[name] = original as (...args: unknown[]) => unknown;
      syncBuiltinESMExports();
    },
  };
}

function get(port: number, target: string, acceptEncoding = "gzip"): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: target, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe("files the build does not have", () => {
  let app: PagesTestApp;
  let lookups: ReturnType<typeof countClientLookups> | undefined;
  beforeAll(async () => {
    app = await productionPagesApp();
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());
  afterEach(() => {
    lookups?.restore();
    lookups = undefined;
  });

  it("are answered without a file-system lookup, however many names are made up", async () => {
    // The pages themselves first, so that what is counted below is the made-up names alone.
    for (const page of ["/about", "/blog/1"]) await get(app.port, page);
    lookups = countClientLookups();
    const targets: string[] = [];
    for (let i = 0; i < 60; i++) {
      targets.push(`/assets/${token()}.js`, `/assets/${token()}.css`, `/assets/${token()}.png`, `/images/${token()}.png`);
      targets.push(`/about?${token()}=${token()}`, `/blog/1?${token()}`, `/${token()}.txt`);
    }
    for (const target of targets) {
      const { status } = await get(app.port, target);
      expect(status, target).toBe(target.includes("?") ? 200 : 404);
    }
    expect(lookups.count()).toBe(0);
  });

  it("still serves every file the build has, the hashed assets precompressed", async () => {
    const asset = readdirSync(path.join(clientDir, "assets")).find((name) => name.endsWith(".js"))!;
    const script = await get(app.port, `/assets/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers["content-encoding"]).toBe("gzip");
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The precompressed copy the client accepts best, as HTTP reads Accept-Encoding: names in any
    // letter case, q-values honoured (found by a review: "GZIP" got the script uncompressed).
    const choices: [string, string | undefined][] = [["GZIP", "gzip"], ["br;q=0.5, gzip", "gzip"], ["gzip;q=0, br;q=0", undefined], ["Br", "br"]];
    for (const [acceptEncoding, expected] of choices) {
      const answer = await get(app.port, `/assets/${asset}`, acceptEncoding);
      expect(answer.headers["content-encoding"], acceptEncoding).toBe(expected);
      expect(answer.headers.vary, acceptEncoding).toBe("Accept-Encoding");
    }
    const image = readdirSync(path.join(clientDir, "images", "share"))[0]!;
    const shared = await get(app.port, `/images/share/${image}`);
    expect(shared.status).toBe(200);
    expect(shared.headers["content-type"]).toBe("image/png");
    expect(shared.headers["cache-control"]).toBe("public, max-age=2592000");
    expect(shared.bytes).toBe(fs.statSync(path.join(clientDir, "images", "share", image)).size);
    // An escaped spelling of a real file is the file, as before.
    const escaped = await get(app.port, `/images/share/${image.replace("-", "%2D")}`);
    expect(escaped.status).toBe(200);
    // A directory of the build is not a file.
    expect((await get(app.port, "/images/share")).status).toBe(404);
  });
});
