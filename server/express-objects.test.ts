import http from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import express, { type Request, type Response } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { expressObjects } from "./express-objects";

// V8's own answer to "do these two objects share a hidden class?" (docs/performance.md, "2026-11-25,
// 01:50-03:00 UTC: requests born with Express's prototypes"); functions compiled after the flag may use it.
setFlagsFromString("--allow-natives-syntax");
const haveSameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The app behind a server made with expressObjects(); `arrived` sees each request before Express does. */
async function serve(app: express.Express, arrived: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => {}) {
  server = http.createServer(expressObjects(app), (req, res) => {
    arrived(req, res);
    app(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("expressObjects", () => {
  it("makes each request and response with the app's prototypes before Express sees it", async () => {
    const app = express();
    const born: boolean[] = [];
    app.get("/here", (_req, res) => {
      res.json({ ok: true });
    });
    const origin = await serve(app, (req, res) => {
      born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    });
    await (await fetch(`${origin}/here`)).json();
    await (await fetch(`${origin}/here`)).json();
    expect(born).toEqual([true, true]);
  });

  it("keeps what Express and the app define on requests and responses", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    (app.response as Response & { sendGreeting?: () => void }).sendGreeting = function (this: Response) {
      this.type("text/plain").send("hello");
    };
    app.get("/fields", (req: Request, res: Response) => {
      res.status(201).set("X-Seen", req.get("x-test") ?? "").json({
        path: req.path,
        query: req.query,
        ip: req.ip,
        secure: req.secure,
        protocol: req.protocol,
        incoming: req instanceof http.IncomingMessage,
        outgoing: res instanceof http.ServerResponse,
        locals: typeof res.locals,
      });
    });
    app.get("/greeting", (_req, res: Response & { sendGreeting?: () => void }) => res.sendGreeting!());
    const origin = await serve(app);

    const fields = await fetch(`${origin}/fields?a=1`, { headers: { "X-Test": "yes", "X-Forwarded-Proto": "https" } });
    expect(fields.status).toBe(201);
    expect(fields.headers.get("x-seen")).toBe("yes");
    expect(await fields.json()).toEqual({
      path: "/fields",
      query: { a: "1" },
      ip: "127.0.0.1",
      secure: true,
      protocol: "https",
      incoming: true,
      outgoing: true,
      locals: "object",
    });
    const greeting = await fetch(`${origin}/greeting`);
    expect(await greeting.text()).toBe("hello");
  });

  it("gives every request and every response one hidden class, so V8's property lookups stay fast", async () => {
    const app = express();
    const requests: Request[] = [];
    const responses: Response[] = [];
    app.get("/same", (req, res) => {
      requests.push(req);
      responses.push(res);
      res.json({ ok: true });
    });
    const origin = await serve(app);
    for (let i = 0; i < 4; i++) await (await fetch(`${origin}/same`)).json();
    for (const req of requests.slice(1)) expect(haveSameMap(requests[0]!, req)).toBe(true);
    for (const res of responses.slice(1)) expect(haveSameMap(responses[0]!, res)).toBe(true);
  });
});
