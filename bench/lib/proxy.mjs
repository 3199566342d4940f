// A small round-robin HTTP reverse proxy (node:http) standing in for nginx in the benchmark and
// the fault scripts: no sticky sessions, keep-alive connections to the instances, X-Forwarded-For /
// X-Forwarded-Proto / X-Forwarded-Host added like nginx's $proxy_add_x_forwarded_for, responses
// (including server-sent events) streamed through as they come.
//
// Like nginx's `proxy_next_upstream error`, a request is passed to the next instance only when the
// first one refused the connection, i.e. before it could have seen the request; a request that
// reached an instance is never sent twice (a POST could be a payment).
import http from "node:http";

/**
 * @param {{ upstreams: string[], port?: number, proto?: string }} options  upstreams: base URLs
 * @returns {Promise<{ url: string, port: number, stats: Record<string, number>, setUpstreams(list: string[]): void, close(): Promise<void> }>}
 */
export async function startProxy(options) {
  let upstreams = options.upstreams.map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 256, keepAliveMsecs: 30_000 });
  const stats = { requests: 0, retried: 0, badGateway: 0 };
  let next = 0;

  const server = http.createServer((req, res) => {
    stats.requests++;
    const forwardedFor = req.headers["x-forwarded-for"] ? `${req.headers["x-forwarded-for"]}, ${req.socket.remoteAddress}` : req.socket.remoteAddress;
    const headers = {
      ...req.headers,
      "x-forwarded-for": forwardedFor,
      "x-forwarded-proto": options.proto ?? "http",
      "x-forwarded-host": req.headers.host ?? "",
    };
    delete headers.connection;
    delete headers["keep-alive"];

    // The body is buffered so it can be replayed to the next instance after a refused connection
    // (bodies are small: the app refuses anything over 256 kB).
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      // The body is sent whole, with its length.
      const upstreamHeaders = { ...headers };
      delete upstreamHeaders["transfer-encoding"];
      if (body.length > 0) upstreamHeaders["content-length"] = String(body.length);
      else delete upstreamHeaders["content-length"];
      const first = next++ % upstreams.length;
      const attempt = (tries) => {
        const target = upstreams[(first + tries) % upstreams.length];
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: upstreamHeaders,
            agent,
          },
          (upstreamRes) => {
            res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
            // Server-sent events: flush each chunk at once.
            if (String(upstreamRes.headers["content-type"] ?? "").startsWith("text/event-stream")) res.flushHeaders();
            upstreamRes.pipe(res);
            upstreamRes.on("error", () => res.destroy());
          },
        );
        upstream.on("error", (error) => {
          if (error.code === "ECONNREFUSED" && tries + 1 < upstreams.length && !res.headersSent) {
            stats.retried++;
            attempt(tries + 1);
            return;
          }
          if (!res.headersSent) {
            stats.badGateway++;
            res.writeHead(502, { "content-type": "application/json" });
            res.end(JSON.stringify({ success: false, error: { code: "bad_gateway", message: `proxy: ${error.code ?? error.message}` } }));
          } else {
            res.destroy();
          }
        });
        res.on("close", () => {
          if (!res.writableFinished) upstream.destroy();
        });
        upstream.end(body.length ? body : undefined);
      };
      attempt(0);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = server.address().port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    setUpstreams(list) {
      upstreams = list.map((u) => new URL(u));
    },
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
