// The request log (server/request-log.ts): one line per request with its number, method, path
// without the query, status and time taken, the lines docs/deployment.md ("What to monitor") tells
// operators to ship; nothing for the ignored paths; `req.log` carries the request's fields.
import http from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { requestLog } from "./request-log";

type Line = Record<string, unknown> & { msg: string; level: number };

async function serve(level: string, routes: (app: express.Express) => void) {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
      callback();
    },
  });
  const logger = pino({ level }, destination);
  const app = express();
  app.use(requestLog(app, logger, { ignore: (req) => req.url === "/healthz" }));
  routes(app);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    lines,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
/** Resolves once `count` lines are written (a request's line goes out as its answer ends): waited for, not given a fixed time. */
const linesWritten = (lines: Line[], count: number) => expect.poll(() => lines.length, { timeout: 10_000 }).toBe(count);

describe("the request log", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("writes one line per request: number, method, path without the query, status, time", async () => {
    const served = await serve("info", (app) => {
      app.get("/page", (_req, res) => {
        res.send("ok");
      });
      app.get("/healthz", (_req, res) => {
        res.send("ok");
      });
      app.get("/broken", (_req, res) => {
        res.status(500).send("no");
      });
    });
    close = served.close;
    await fetch(`${served.url}/page?token=secret-reset-token`).then((r) => r.text());
    await fetch(`${served.url}/healthz`).then((r) => r.text());
    await fetch(`${served.url}/broken`).then((r) => r.text());
    await linesWritten(served.lines, 2);
    const [completed, errored] = served.lines;
    expect(completed).toMatchObject({ level: 30, msg: "request completed", req: { id: 1, method: "GET", url: "/page" }, res: { statusCode: 200 } });
    expect(typeof completed!.responseTime).toBe("number");
    expect(JSON.stringify(served.lines)).not.toContain("secret-reset-token");
    expect(errored).toMatchObject({ msg: "request errored", req: { id: 3, url: "/broken" }, res: { statusCode: 500 } });
    expect((errored!.err as { message: string }).message).toBe("failed with status code 500");
  });

  it("logs the path as asked, also inside a mounted router", async () => {
    // req.url is shortened inside a mounted router ("/v1/user/me" under "/api"): found by a review.
    const served = await serve("info", (app) => {
      const api = express.Router();
      api.get("/v1/broken", (req, res) => {
        req.log.error("handler failed");
        res.status(500).send("no");
      });
      app.use("/api", api);
    });
    close = served.close;
    await fetch(`${served.url}/api/v1/broken?token=secret`).then((r) => r.text());
    await linesWritten(served.lines, 2);
    expect(served.lines.map((line) => [line.msg, (line.req as { url: string }).url])).toEqual([
      ["handler failed", "/api/v1/broken"],
      ["request errored", "/api/v1/broken"],
    ]);
  });

  it("says when the client left before the answer", async () => {
    // The client leaves once the handler has its request, and the handler answers once the test lets
    // it, after that: in that order whatever the machine's load (timers 50 and 300 ms apart raced).
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    let letAnswer!: () => void;
    const answerLet = new Promise<void>((resolve) => (letAnswer = resolve));
    let answeredLate!: () => void;
    const lateAnswer = new Promise<void>((resolve) => (answeredLate = resolve));
    const served = await serve("info", (app) => {
      app.get("/slow", (_req, res) => {
        arrived();
        void answerLet.then(() => {
          res.end("late");
          answeredLate();
        });
      });
    });
    close = served.close;
    const controller = new AbortController();
    const asked = fetch(`${served.url}/slow`, { signal: controller.signal }).catch(() => null);
    await inHandler;
    controller.abort();
    await asked;
    await linesWritten(served.lines, 1);
    // The late answer adds no line.
    letAnswer();
    await lateAnswer;
    await settled();
    expect(served.lines.map((line) => line.msg)).toEqual(["request aborted"]);
  });

  it("gives handlers a logger with the request's fields, and writes no request line below info", async () => {
    const served = await serve("warn", (app) => {
      app.get("/fails", (req, res) => {
        req.log.warn("something to look at");
        res.status(503).send("busy");
      });
    });
    close = served.close;
    await fetch(`${served.url}/fails?q=private`).then((r) => r.text());
    await settled();
    expect(served.lines).toHaveLength(1);
    expect(served.lines[0]).toMatchObject({ level: 40, msg: "something to look at", req: { id: 1, method: "GET", url: "/fails" } });
  });
});
