// nginx serving files from disk with gzip_static, for the platform and proxy benches: what a C server
// does with the same compressed bytes. Runs Debian's nginx (`nginx` package) with a private prefix,
// tuned as a production static server is (sendfile, descriptors kept open), like the shipped proxy's
// page cache (deploy/nginx.conf), so that the proxy is compared with nginx at its best.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";
import { runNginx } from "./nginx-process.mjs";

/**
 * Writes each body as `<name>.html.gz` and serves `/p/<name>.html` with gzip_static, one worker
 * (the Node server is one process too). Returns the base URL and a stop function.
 */
export async function startNginxStatic(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-nginx-"));
  // The worker runs as nobody when started by root: it must be able to read the files.
  chmodSync(dir, 0o755);
  const root = path.join(dir, "p");
  mkdirSync(root);
  for (const [name, gzip] of Object.entries(files)) writeFileSync(path.join(root, `${name}.html.gz`), gzip);
  const port = await freePort();
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  sendfile on;
  open_file_cache max=256 inactive=20s;
  open_file_cache_min_uses 2;
  server {
    listen 127.0.0.1:${port};
    location /p/ {
      root ${dir};
      default_type "text/html; charset=utf-8";
      gzip_static always;
    }
  }
}
`,
  );
  const url = `http://127.0.0.1:${port}`;
  const nginx = await runNginx(dir, `${url}/p/`);
  return {
    url,
    /** The one worker's process id (it does the serving). */
    workerPid: nginx.workerPids[0],
    stop: async () => {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
