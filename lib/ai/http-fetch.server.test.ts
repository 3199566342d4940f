// The model's fetch on node:http: what the OpenAI SDK relies on from fetch (status, headers, a
// streamed body, decompression, aborts, connection errors) behaves as the built-in fetch's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFetch } from "./http-fetch.server";

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/echo") {
        res.writeHead(201, { "content-type": "application/json", "x-multi": ["a", "b"] });
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
      } else if (req.url === "/gzip") {
        res.writeHead(200, { "content-encoding": "gzip" });
        res.end(gzipSync("unzipped text"));
      } else if (req.url === "/slow") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: first\n\n");
        // Never ends: the client aborts.
      } else {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("httpFetch", () => {
  it("sends the method, headers and body and returns status, headers and body", async () => {
    const response = await httpFetch(`${base}/echo`, {
      method: "POST",
      headers: new Headers({ Authorization: "Bearer k", "Content-Type": "application/json" }),
      body: JSON.stringify({ q: "税" }),
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-multi")).toBe("a, b");
    expect(await response.json()).toEqual({ method: "POST", body: JSON.stringify({ q: "税" }), auth: "Bearer k" });
    const empty = await httpFetch(`${base}/none`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it("undoes a content encoding", async () => {
    expect(await (await httpFetch(`${base}/gzip`)).text()).toBe("unzipped text");
  });

  it("ends a streamed body with an AbortError when the signal aborts, and refuses an aborted signal", async () => {
    const controller = new AbortController();
    const response = await httpFetch(`${base}/slow`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n");
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
    await expect(httpFetch(`${base}/echo`, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reports a refused connection as the built-in fetch does (TypeError)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(httpFetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(TypeError);
  });
});
