// The shipped proxy (deploy/nginx.conf) run locally in front of N instances, for the cluster
// benchmark: Debian's nginx with a private prefix, one worker (the machine has 2 cores). The
// deploy file's server block is used as it is, with three changes made here: the upstream lists
// the local instances instead of app1/app2, it listens on a free loopback port instead of 80, and
// the page cache lives in the private prefix. So the bench measures the proxy cache and the
// routing rules that production uses, not a stand-in.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";
import { runNginx } from "./nginx-process.mjs";
import { projectRoot } from "./server-process.mjs";

/**
 * deploy/nginx.conf with the local upstreams, port and cache directory.
 * @param {{ upstreams: string[], port: number, dir: string }} options
 */
export function localNginxConf({ upstreams, port, dir }) {
  const shipped = readFileSync(path.join(projectRoot, "deploy", "nginx.conf"), "utf8");
  const servers = upstreams.map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=10s;`).join("\n");
  let conf = shipped
    .replace(/\/var\/cache\/nginx\/taxatlas/, path.join(dir, "cache"))
    .replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^\s*server app\d+:\d+[^\n]*\n(\s*server app\d+:\d+[^\n]*\n)*/m, `${servers}\n`);
  if (conf.includes("app1:") || !conf.includes(`listen 127.0.0.1:${port}`) || !conf.includes(path.join(dir, "cache"))) {
    throw new Error("deploy/nginx.conf changed shape: bench/lib/nginx-proxy.mjs cannot adapt it (upstream, listen, proxy_cache_path)");
  }
  // The access log counts requests and cache hits (buffered, as a production log would be).
  conf = conf.replace(/server \{/, `log_format bench '$upstream_cache_status $status';\naccess_log ${dir}/access.log bench buffer=64k flush=1s;\n\nserver {`);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
${conf}
}
`;
}

/**
 * Starts nginx with the shipped configuration in front of `upstreams`. Same shape as
 * bench/lib/proxy.mjs's proxy (url, port, stats, close), plus the worker's process id for CPU
 * accounting. `setUpstreams` is not supported (the fault scripts use the Node proxy).
 * @param {{ upstreams: string[] }} options
 */
export async function startNginxProxy({ upstreams }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-nginx-proxy-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, "nginx.conf"), localNginxConf({ upstreams, port, dir }));
  const url = `http://127.0.0.1:${port}`;
  const nginx = await runNginx(dir, `${url}/healthz`);
  const stats = { requests: 0, cacheHits: 0, cacheMisses: 0, badGateway: 0 };
  const readStats = () => {
    let log = "";
    try {
      log = readFileSync(path.join(dir, "access.log"), "utf8");
    } catch {
      return;
    }
    const lines = log.split("\n").filter(Boolean);
    stats.requests = lines.length;
    stats.cacheHits = lines.filter((l) => l.startsWith("HIT ") || l.startsWith("STALE ") || l.startsWith("UPDATING ")).length;
    stats.cacheMisses = lines.filter((l) => l.startsWith("MISS ") || l.startsWith("EXPIRED ")).length;
    stats.badGateway = lines.filter((l) => l.endsWith(" 502")).length;
  };
  return {
    url,
    port,
    stats,
    kind: "nginx",
    /** nginx's worker processes (they do the proxying). */
    pids: nginx.workerPids,
    setUpstreams() {
      throw new Error("the nginx proxy of the bench has a fixed upstream list");
    },
    async close() {
      await nginx.stop();
      readStats();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
