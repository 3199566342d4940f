import { EventEmitter } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { COMMON_ERRORS } from "~/lib/http/api-error";
import { rawExchange } from "~/tests/helpers/raw-http";
import { createTestApp, type TestApp } from "~/tests/helpers/test-app";
import { createAdmission, type Admission } from "./admission";
import { createApp } from "./app";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (a busy machine can take a while to connect), then a little more. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms: ${check}`);
    await tick(10);
  }
  await tick();
}

/** A server whose requests are held until the test lets them go, behind `admission`. */
async function heldServer(admission: Admission) {
  const started: string[] = [];
  const held = new Map<string, ServerResponse>();
  const url = await listen((req, res) =>
    admission.admit(
      req,
      res,
      () => {
        started.push(req.url!);
        if (req.url!.startsWith("/stream")) {
          res.writeHead(200, { "Content-Type": "text/plain" });
          res.write("open\n");
        }
        held.set(req.url!, res);
      },
      () => {
        res.statusCode = 503;
        res.end("refused");
      },
    ),
  );
  const finish = (path: string) => held.get(path)!.end("done");
  return { url, started, finish };
}

describe("admission (server/admission.ts)", () => {
  it("works on `limit` requests at once and lets the others in, in arrival order, as places free up", async () => {
    const admission = createAdmission({ limit: 2, maxWaiting: 10 });
    const { url, started, finish } = await heldServer(admission);
    const answers: Promise<string>[] = [];
    for (const p of ["/a", "/b", "/c", "/d"]) {
      answers.push(fetch(url + p).then((r) => r.text()));
      await until(() => admission.state().active + admission.state().waiting === answers.length);
    }
    expect(started).toEqual(["/a", "/b"]);
    expect(admission.state()).toEqual({ active: 2, waiting: 2 });
    finish("/b");
    await until(() => started.length === 3);
    expect(started).toEqual(["/a", "/b", "/c"]);
    finish("/a");
    await until(() => started.length === 4);
    expect(started).toEqual(["/a", "/b", "/c", "/d"]);
    finish("/c");
    finish("/d");
    expect(await Promise.all(answers)).toEqual(["done", "done", "done", "done"]);
    await until(() => admission.state().active === 0);
    expect(admission.state()).toEqual({ active: 0, waiting: 0 });
  });

  it("starts an admitted request's work after the requests read in the same turn, in arrival order", async () => {
    const admission = createAdmission({ limit: 4, maxWaiting: 10 });
    const order: string[] = [];
    const arrive = (name: string) => {
      const req = { socket: { destroyed: false } } as unknown as IncomingMessage;
      const res = Object.assign(new EventEmitter(), { writeHead: () => res }) as unknown as ServerResponse;
      admission.admit(req, res, () => order.push(name), () => order.push(`${name} refused`));
    };
    arrive("render 1");
    arrive("render 2");
    // Answered by the edge as it is read (/healthz, a cached page), in the same turn.
    order.push("health check answered");
    arrive("render 3");
    expect(order).toEqual(["health check answered"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["health check answered", "render 1", "render 2", "render 3"]);
    expect(admission.state()).toEqual({ active: 3, waiting: 0 });
  });

  it("frees the place when the headers go out, so a stream waiting on the model holds none", async () => {
    const admission = createAdmission({ limit: 1, maxWaiting: 10 });
    const { url, started, finish } = await heldServer(admission);
    const stream = await fetch(url + "/stream");
    expect(stream.status).toBe(200);
    const next = fetch(url + "/after").then((r) => r.text());
    await until(() => started.length === 2);
    expect(started).toEqual(["/stream", "/after"]);
    finish("/after");
    expect(await next).toBe("done");
    finish("/stream");
    expect(await stream.text()).toBe("open\ndone");
  });

  it("skips a request whose client left while it waited", async () => {
    const admission = createAdmission({ limit: 1, maxWaiting: 10 });
    const { url, started, finish } = await heldServer(admission);
    const first = fetch(url + "/first").then((r) => r.text());
    await until(() => started.length === 1);
    const leaving = new AbortController();
    const left = fetch(url + "/left", { signal: leaving.signal }).catch((error: Error) => error.name);
    await until(() => admission.state().waiting === 1);
    expect(admission.state()).toEqual({ active: 1, waiting: 1 });
    leaving.abort();
    expect(await left).toBe("AbortError");
    await until(() => admission.state().waiting === 0);
    expect(admission.state()).toEqual({ active: 1, waiting: 0 });
    const third = fetch(url + "/third").then((r) => r.text());
    await until(() => admission.state().waiting === 1);
    finish("/first");
    await until(() => started.length === 2);
    expect(started).toEqual(["/first", "/third"]);
    finish("/third");
    expect(await Promise.all([first, third])).toEqual(["done", "done"]);
  });

  it("refuses a request when the line is full, and has no door at limit 0", async () => {
    const admission = createAdmission({ limit: 1, maxWaiting: 1 });
    const { url, finish } = await heldServer(admission);
    const first = fetch(url + "/first");
    await until(() => admission.state().active === 1);
    const second = fetch(url + "/second");
    await until(() => admission.state().waiting === 1);
    const third = await fetch(url + "/third");
    expect(third.status).toBe(503);
    finish("/first");
    await until(() => admission.state().waiting === 0);
    finish("/second");
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);

    const open = createAdmission({ limit: 0, maxWaiting: 0 });
    const unlimited = await heldServer(open);
    const all = ["/1", "/2", "/3"].map((p) => fetch(unlimited.url + p));
    await until(() => unlimited.started.length === 3);
    expect([...unlimited.started].sort()).toEqual(["/1", "/2", "/3"]);
    for (const p of ["/1", "/2", "/3"]) unlimited.finish(p);
    await Promise.all(all);
  });
});

describe("admission in the app (server/app.ts)", () => {
  let testApp: TestApp;
  afterEach(() => testApp?.close());

  /** The app with one place and one waiting place; GET /held takes the place until released. */
  async function busyApp(maxWaiting = 1) {
    testApp = await createTestApp({ MAX_ACTIVE_REQUESTS: "1", MAX_WAITING_REQUESTS: String(maxWaiting) });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { app, admission } = createApp({
      appContext: testApp.appContext,
      beforePages: [
        async (req, res, next) => {
          if (req.path !== "/held") return next();
          await released;
          res.type("text/plain").send("held");
        },
      ],
    });
    const url = await listen(app as unknown as (req: IncomingMessage, res: ServerResponse) => void);
    return { url, admission, release };
  }

  it("makes requests wait behind the limit, answers health checks at once and refuses past the line with a translated 503", async () => {
    const { url, admission, release } = await busyApp();
    const held = fetch(url + "/held");
    await until(() => admission.state().active === 1);
    expect(admission.state()).toEqual({ active: 1, waiting: 0 });

    let waitedAnswered = false;
    const waited = fetch(url + "/api/v1/user/me").then((r) => {
      waitedAnswered = true;
      return r;
    });
    await until(() => admission.state().waiting === 1);
    expect(admission.state()).toEqual({ active: 1, waiting: 1 });

    const health = await fetch(url + "/healthz");
    expect(health.status).toBe(200);

    const refused = await fetch(url + "/api/v1/user/me", { headers: { "Accept-Language": "ja" } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await refused.json()).toMatchObject({ error: { code: "unavailable", message: COMMON_ERRORS.unavailable.ja } });
    const refusedPage = await fetch(url + "/about", { headers: { "Accept-Language": "zh" } });
    expect(refusedPage.status).toBe(503);
    expect(await refusedPage.text()).toBe(COMMON_ERRORS.unavailable.zh);

    expect(waitedAnswered).toBe(false);
    release();
    expect((await held).status).toBe(200);
    expect((await waited).status).toBe(401);
    await until(() => admission.state().active === 0);
    expect(admission.state()).toEqual({ active: 0, waiting: 0 });
  });

  it("makes a GET that announces a body, or a path that leaves /assets/, wait like any other", async () => {
    const { url, admission, release } = await busyApp(10);
    const held = fetch(url + "/held");
    await until(() => admission.state().active === 1);
    let answered = 0;
    const dodgers = [
      rawText(url, `GET /about HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx`),
      rawText(url, `GET /assets/../about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    ].map((p) => p.then((text) => (answered++, text)));
    await until(() => admission.state().waiting === 2);
    expect(answered).toBe(0);
    release();
    expect((await held).status).toBe(200);
    const [announced, leaving] = await Promise.all(dodgers);
    expect(announced).toMatch(/^HTTP\/1\.1 404/);
    // A dot segment is refused at the request edge (server/request-edge.ts), after its wait.
    expect(leaving).toMatch(/^HTTP\/1\.1 400/);
  });

  it("refuses a Host the request edge refuses at once, without a place in the line", async () => {
    const { url, admission, release } = await busyApp(10);
    const held = fetch(url + "/held");
    await until(() => admission.state().active === 1);
    const text = await rawText(url, `GET /api/v1/user/me HTTP/1.1\r\nHost: evil.example/<x>\r\nConnection: close\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 400/);
    expect(text).toContain("invalid_host");
    expect(admission.state()).toEqual({ active: 1, waiting: 0 });
    release();
    expect((await held).status).toBe(200);
  });

  it("answers requests pipelined on one connection", async () => {
    const { url, release } = await busyApp();
    release();
    const text = await rawText(
      url,
      `GET /api/v1/user/me HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/user/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(text.match(/HTTP\/1\.1 401/g)).toHaveLength(2);
  });
});


describe("admission against slow clients (server/app.ts)", () => {
  let testApp: TestApp;
  afterEach(() => testApp?.close());

  it("does not give a place to a request whose body has not arrived, so slow uploads cannot block the API", async () => {
    testApp = await createTestApp({ MAX_ACTIVE_REQUESTS: "1", MAX_WAITING_REQUESTS: "10" });
    const { app, admission } = createApp({ appContext: testApp.appContext });
    const url = new URL(await listen(app as unknown as (req: IncomingMessage, res: ServerResponse) => void));
    let read = 0;
    servers.at(-1)!.on("request", () => read++);
    // Each request that comes to the door, with the door's state as it comes: whether a place was free.
    const atTheDoor: { url: string; active: number; waiting: number }[] = [];
    const admit = admission.admit;
    admission.admit = (req, ...rest) => {
      atTheDoor.push({ url: (req as { originalUrl?: string }).originalUrl ?? req.url!, ...admission.state() });
      admit(req, ...rest);
    };
    // Three log-ins that announce a body and send only its first bytes.
    const sockets = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(Number(url.port), url.hostname, () => {
              socket.write(
                `POST /api/v1/user/login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
              );
              resolve(socket);
            });
          }),
      ),
    );
    try {
      // Their heads are read: none has come to the door.
      await until(() => read === 3);
      expect(atTheDoor).toEqual([]);
      expect(admission.state()).toEqual({ active: 0, waiting: 0 });
      const me = await fetch(`${url.origin}/api/v1/user/me`);
      expect(me.status).toBe(401);
      const contact = await fetch(`${url.origin}/api/v1/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({}),
      });
      expect(contact.status).toBe(400);
      // Each found the one place free while the uploads were still open: neither waited behind them
      // (asserted as the door's state, not as how long the answers took).
      expect(atTheDoor).toEqual([
        { url: "/api/v1/user/me", active: 0, waiting: 0 },
        { url: "/api/v1/contact", active: 0, waiting: 0 },
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe("admission against GET and HEAD that announce a body (server/app.ts)", () => {
  let testApp: TestApp;
  afterEach(() => testApp?.close());

  it("answers them without reading the body, so idle sockets cannot hold the API's places", async () => {
    // Found by an attack: the JSON parser waited for the announced body while the request held its
    // place, and eight such sockets stopped every API call and uncached page for five minutes.
    testApp = await createTestApp({ MAX_ACTIVE_REQUESTS: "2", MAX_WAITING_REQUESTS: "10" });
    const { app, admission } = createApp({ appContext: testApp.appContext });
    const url = new URL(await listen(app as unknown as (req: IncomingMessage, res: ServerResponse) => void));
    const answers: string[] = [];
    const sockets = await Promise.all(
      ["GET", "HEAD", "GET"].map(
        (method) =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(Number(url.port), url.hostname, () => {
              socket.write(`${method} /api/v1/user/me HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`);
              resolve(socket);
            });
            socket.on("data", (chunk) => answers.push(chunk.toString("latin1")));
          }),
      ),
    );
    try {
      // Waits for the three answers rather than for a fixed time, which a busy machine can outrun.
      await until(() => (answers.join("").match(/HTTP\/1\.1 401/g) ?? []).length >= 3);
      expect(admission.state()).toEqual({ active: 0, waiting: 0 });
      expect(answers.join("").match(/HTTP\/1\.1 401/g)).toHaveLength(3);
      const me = await fetch(`${url.origin}/api/v1/user/me`, { signal: AbortSignal.timeout(10_000) });
      expect(me.status).toBe(401);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

/** Sends `raw` as written on a new connection: everything the server wrote until it closed, as text. */
async function rawText(url: string, raw: string): Promise<string> {
  return (await rawExchange(Number(new URL(url).port), raw)).toString("latin1");
}
