// The build's client files answer a range they do not have and a failed precondition (If-Match,
// If-Unmodified-Since) as the 4xx HTTP defines, with the site's error body and headers, and no cache
// lifetime: these are valid requests, and an error must not be kept by a shared cache for a year.
// Found by a helper's attack: both were 500s carrying the file's `immutable` Cache-Control.
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionPagesApp, type PagesTestApp } from "~/tests/security/pages-app";
import { BUILD_TIMEOUT_MS, buildDir } from "~/tests/security/production-build";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(port: number, target: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a client file asked for a range or under a precondition", () => {
  let app: PagesTestApp;
  let asset: string;
  beforeAll(async () => {
    app = await productionPagesApp();
    asset = `/assets/${readdirSync(path.join(buildDir, "client", "assets")).find((name) => name.endsWith(".js"))!}`;
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  const expectRefusal = async (target: string, answer: Answer, status: number, code: string, message: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body).error).toEqual({ code, message });
    expect(answer.headers["cache-control"]).toBe("no-store");
    // Not the file's validator (Express tags the error body itself, as it does every JSON answer).
    const file = await request(app.port, target, { "accept-encoding": "gzip" });
    expect(file.headers.etag).toBeTruthy();
    expect(answer.headers.etag).not.toBe(file.headers.etag);
    expect(answer.headers["last-modified"]).toBeUndefined();
    expect(answer.headers["content-encoding"]).toBeUndefined();
    // The security headers every answer carries.
    expect(answer.headers["content-security-policy"]).toBeTruthy();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  };

  it("answers a range past the end 416 with the file's size, in the request's language", async () => {
    for (const target of [asset, "/favicon.svg"]) {
      const answer = await request(app.port, target, { range: "bytes=99999999-", "accept-encoding": "gzip", "accept-language": "ja" });
      await expectRefusal(target, answer, 416, "range_not_satisfiable", "要求された範囲はこのファイルにありません。");
      expect(answer.headers["content-range"]).toMatch(/^bytes \*\/\d+$/);
    }
    const backwards = await request(app.port, asset, { range: "bytes=5-2" });
    await expectRefusal(asset, backwards, 416, "range_not_satisfiable", "The requested range is not in this file.");
    const head = await request(app.port, asset, { range: "bytes=99999999-" }, "HEAD");
    expect(head.status).toBe(416);
    expect(head.body).toBe("");
  });

  it("answers a failed If-Match or If-Unmodified-Since 412", async () => {
    const mismatch = await request(app.port, "/favicon.svg", { "if-match": '"x"', "accept-language": "zh" });
    await expectRefusal("/favicon.svg", mismatch, 412, "precondition_failed", "文件已更改，不满足请求的前提条件。");
    const old = await request(app.port, asset, { "if-unmodified-since": "Sat, 01 Jan 2000 00:00:00 GMT" });
    await expectRefusal(asset, old, 412, "precondition_failed", "The file has changed since the request's condition.");
  });

  it("still serves a range it has, and the file under a precondition it meets", async () => {
    const part = await request(app.port, "/favicon.svg", { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.body).toHaveLength(10);
    const whole = await request(app.port, asset, { "accept-encoding": "gzip" });
    const etag = whole.headers.etag!;
    const met = await request(app.port, asset, { "if-match": etag, "accept-encoding": "gzip" });
    expect(met.status).toBe(200);
    expect(met.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
