// The Node limit for the platform bench: a bare node:http server sending bytes it holds in memory,
// with the headers a compressed HTML page needs and nothing else. Run as its own process:
//   node bench/lib/node-limit.mjs <file.json>
// The JSON maps a path to its base64 gzip body, or to { body, head } where `head` is the header
// lines a server sent with those bytes (name, value, ...): the path under /with-head then answers
// the same body with those lines, so the cost of a page's own head is measured apart from the rest
// of the server (docs/performance.md, "Public pages against the platform"). Under /at-cost/<µs> every
// path answers as itself after spending that many µs of CPU first: a server made as costly per
// request as TaxAtlas and otherwise the Node limit, the control for what this machine does to a
// slower server's p99 (docs/performance.md, "Public pages against the platform"). It prints "port N"
// once listening.
import http from "node:http";
import { readFileSync } from "node:fs";

/** Lines Node writes itself for every answer. */
const NODE_LINES = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
const WITH_HEAD = "/with-head";
const AT_COST = /^\/at-cost\/(\d+)(\/.*)$/;

/** Keeps the thread busy for `us` µs: CPU spent as a request's own work would be. */
const spend = (us) => {
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
};

const pages = new Map();
for (const [path, value] of Object.entries(JSON.parse(readFileSync(process.argv[2], "utf8")))) {
  const body = Buffer.from(typeof value === "string" ? value : value.body, "base64");
  pages.set(path, { headers: ["Content-Type", "text/html; charset=utf-8", "Content-Encoding", "gzip", "Content-Length", String(body.length)], body });
  if (typeof value === "string" || !value.head) continue;
  const head = [];
  for (let i = 0; i < value.head.length; i += 2) {
    if (!NODE_LINES.has(value.head[i].toLowerCase())) head.push(value.head[i], value.head[i + 1]);
  }
  pages.set(WITH_HEAD + path, { headers: head, body });
}
const server = http.createServer((req, res) => {
  let url = req.url ?? "";
  const atCost = AT_COST.exec(url);
  if (atCost) {
    spend(Number(atCost[1]));
    url = atCost[2];
  }
  const page = pages.get(url);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`port ${server.address().port}\n`));
process.on("SIGTERM", () => process.exit(0));
