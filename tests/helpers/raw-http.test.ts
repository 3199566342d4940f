// The kept-alive raw client reads each answer whole, whatever its framing, so that tests comparing
// the fast path with the chain (server/page-fast-path.test.ts) compare answers, not fragments.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequestsKeptAlive } from "./raw-http";

describe("rawRequestsKeptAlive", () => {
  let server: http.Server;
  let port: number;
  // A body that holds what a naive reader takes for the end of a chunked body.
  const tricky = Buffer.from("a\r\n0\r\n\r\nb", "latin1");

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/chunked") {
        res.write(tricky);
        res.end(tricky);
      } else if (req.url === "/not-modified") {
        res.writeHead(304).end();
      } else {
        res.writeHead(200, { "Content-Length": String(tricky.length) }).end(req.method === "HEAD" ? undefined : tricky);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads chunked, sized, bodiless and HEAD answers one after another on one connection", async () => {
    const answers = await rawRequestsKeptAlive(port, [
      "GET /chunked HTTP/1.1\nHost: x",
      "GET /sized HTTP/1.1\nHost: x",
      "GET /not-modified HTTP/1.1\nHost: x",
      "HEAD /sized HTTP/1.1\nHost: x",
      "GET /chunked HTTP/1.1\nHost: x",
    ]);
    expect(answers.map((answer) => answer.head.split("\r\n")[0])).toEqual([
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 304 Not Modified",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
    ]);
    const chunked = `${tricky.length.toString(16)}\r\n${tricky.toString("latin1")}\r\n`;
    expect(answers[0]!.body.toString("latin1")).toBe(`${chunked}${chunked}0\r\n\r\n`);
    expect(answers[1]!.body.equals(tricky)).toBe(true);
    expect(answers[2]!.body.length).toBe(0);
    expect(answers[3]!.body.length).toBe(0);
    expect(answers[4]!.body.equals(answers[0]!.body)).toBe(true);
    for (const answer of answers) expect(Date.parse(answer.date!)).not.toBeNaN();
  });
});
