// The Node limit for the platform bench: a bare node:http server sending bytes it holds in memory,
// with the headers a compressed HTML page needs and nothing else. Run as its own process:
//   node bench/lib/node-limit.mjs <file.json>   (a JSON map of path -> base64 gzip body)
// It prints "port N" once listening.
import http from "node:http";
import { readFileSync } from "node:fs";

const pages = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], "utf8"))).map(([path, base64]) => [path, Buffer.from(base64, "base64")]),
);
const server = http.createServer((req, res) => {
  const body = pages.get(req.url ?? "");
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, ["Content-Type", "text/html; charset=utf-8", "Content-Encoding", "gzip", "Content-Length", String(body.length)]);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`port ${server.address().port}\n`));
process.on("SIGTERM", () => process.exit(0));
