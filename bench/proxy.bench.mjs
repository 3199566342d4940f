// Public pages behind the shipped proxy (docs/performance.md, "Public pages behind the shipped
// proxy"): the compose-like setup run locally, nginx with deploy/nginx.conf (bench/lib/nginx-proxy.mjs)
// in front of two TaxAtlas instances, against nginx serving the same gzip bytes from disk
// (gzip_static, bench/lib/nginx-static.mjs). Every public page type in three languages, wrk with one
// thread and 50 connections, each page through the proxy right after the same bytes from disk,
// BENCH_REPEATS such pairs per page (default 3) and the median of the pairs' ratios.
// Goal: the proxy's req/s >= 0.5x nginx from disk. The instances' CPU shows whether the proxy's page
// cache answered (it should: public pages say s-maxage=300).
import os from "node:os";
import { emit, ensureBuild, machine, markdownTable, median, round, startServer, writeSection } from "./harness.mjs";
import { startNginxProxy } from "./lib/nginx-proxy.mjs";
import { startNginxStatic } from "./lib/nginx-static.mjs";
import { GZIP, publicPages, rawGzip } from "./lib/page-bytes.mjs";
import { cpuMs, medianRun, pairedMedian, wrk, wrkWithCpu } from "./lib/wrk.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 2);
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS || 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(" / ");
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : "n/a");

/** CPU (ms) of several processes together; one that has exited (nginx's cache loader) keeps its last reading. */
const lastReading = new Map();
const cpuOf = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      lastReading.set(pid, cpuMs(pid));
    } catch {
      // gone: its last reading stands
    }
    return sum + (lastReading.get(pid) ?? 0);
  }, 0);

ensureBuild();
const loadBefore = load();
const instances = [];
let proxy;
let disk;
try {
  for (let i = 0; i < 2; i++) instances.push(await startServer({ LOG_LEVEL: "warn" }, { startTimeoutMs: 300_000 }));
  proxy = await startNginxProxy({ upstreams: instances.map((instance) => instance.url) });

  // Each page through the proxy until its cache holds it, and its bytes as the proxy sends them.
  const pages = [];
  for (const page of publicPages()) {
    let body;
    for (let i = 0; i < 50; i++) {
      body = await rawGzip(proxy.url + page.url);
      if (body.status !== 200) throw new Error(`${page.url} answered ${body.status} through the proxy`);
      if (body.headers["x-proxy-cache"] === "HIT" && body.headers["content-encoding"] === "gzip") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (body.headers["x-proxy-cache"] !== "HIT") throw new Error(`${page.url} never came from the proxy's cache`);
    pages.push({ ...page, body });
  }
  const names = new Map(pages.map((page, i) => [page.url, `page${i}`]));
  disk = await startNginxStatic(Object.fromEntries(pages.map((page) => [names.get(page.url), page.body])));

  await wrk(`${proxy.url}/`, { duration: 1, connections: 10, headers: GZIP });
  await wrk(`${disk.url}/p/page0.html`, { duration: 1, connections: 10, headers: GZIP });

  const instancePids = instances.map((instance) => instance.pid);
  const rows = [];
  for (const page of pages) {
    const options = { duration: DURATION, connections: CONNECTIONS, headers: GZIP };
    const diskRuns = [];
    const proxiedRuns = [];
    for (let i = 0; i < REPEATS; i++) {
      diskRuns.push(await wrkWithCpu(`${disk.url}/p/${names.get(page.url)}.html`, disk.workerPid, options));
      const proxyCpuBefore = cpuOf(proxy.pids);
      const instancesCpuBefore = cpuOf(instancePids);
      const run = await wrk(proxy.url + page.url, options);
      const proxyUs = ((cpuOf(proxy.pids) - proxyCpuBefore) * 1000) / run.requests;
      const instancesUs = ((cpuOf(instancePids) - instancesCpuBefore) * 1000) / run.requests;
      proxiedRuns.push({ ...run, cpuUsPerRequest: proxyUs, instancesUs });
    }
    const fromDisk = medianRun(diskRuns);
    const proxied = medianRun(proxiedRuns);
    if (proxied.non2xx) throw new Error(`${page.url}: ${proxied.non2xx} answers through the proxy were not 2xx`);
    const rpsRatio = pairedMedian(proxiedRuns, diskRuns, (p, d) => p.rps / d.rps);
    const p99Ratio = pairedMedian(proxiedRuns, diskRuns, (p, d) => p.p99 / d.p99);
    const instancesUs = median(proxiedRuns.map((run) => run.instancesUs));
    rows.push({ ...page, fromDisk, proxied, instancesUs, rpsRatio, p99Ratio });
    emit({
      figure: `proxy ${page.url} req/s (cached by nginx, gzip)`,
      value: round(proxied.rps, 0),
      unit: "req/s",
      baseline: "nginx gzip_static, same bytes",
      baselineValue: round(fromDisk.rps, 0),
      ratio: round(rpsRatio),
      target: ">= 0.5",
    });
  }
  const loadAfter = load();

  const ratios = rows.map((r) => r.rpsRatio);
  const worst = rows[ratios.indexOf(Math.min(...ratios))];
  const meeting = ratios.filter((value) => value >= 0.5).length;
  const p99Ratios = rows.map((r) => r.p99Ratio);
  const table = markdownTable(
    ["page", "type", "gzip bytes", "nginx from disk req/s (µs CPU/req)", "through the proxy req/s (proxy µs CPU/req)", "instances µs CPU/req", "req/s ratio", "p99 disk / proxy (ms)"],
    rows.map((r) => [
      `\`${r.url}\``,
      r.type,
      String(r.body.length),
      `${fmt(r.fromDisk.rps)} (${fmt(r.fromDisk.cpuUsPerRequest)})`,
      `${fmt(r.proxied.rps)} (${fmt(r.proxied.cpuUsPerRequest)})`,
      fmt(r.instancesUs, 1),
      fmt(r.rpsRatio, 2),
      `${fmt(r.fromDisk.p99, 1)} / ${fmt(r.proxied.p99, 1)}`,
    ]),
  );
  writeSection(
    "proxy",
    `## Public pages behind the shipped proxy (bench/proxy.bench.mjs)

Method: the compose-like setup run locally: nginx with \`deploy/nginx.conf\` (its page cache; only the
upstream addresses, port and cache directory changed, one worker) in front of two instances of the
production build (\`node build/server.js\`, PGlite each), against the same nginx serving the same gzip
bytes from disk (\`gzip_static\`, \`sendfile\`, \`open_file_cache\`, one worker). Every page is first requested until the proxy's cache
holds it (\`X-Proxy-Cache: HIT\`); then \`wrk -t1 -c${CONNECTIONS} -d${DURATION}s\` with \`Accept-Encoding: gzip\`,
each page through the proxy right after the same bytes from disk, ${REPEATS} such pairs per page
(\`BENCH_REPEATS\`): each figure is the median of the ${REPEATS} runs and each ratio the median of the
pairs' ratios. CPU per request from /proc (the
proxy's worker and cache processes; the two instances together).
Machine: ${machine()}; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after.

Goal: every public page through the proxy >= 0.5x nginx serving the same bytes from disk. This run:
${meeting} of ${rows.length} pages meet it; median ratio ${fmt(median(ratios), 2)}, worst \`${worst.url}\`
${fmt(Math.min(...ratios), 2)}; p99 ratio (proxy / disk) median ${fmt(median(p99Ratios), 2)}.

${table}

Command: \`npm run build && node bench/proxy.bench.mjs\` (or \`npm run bench -- proxy\`).`,
  );
  console.log(`proxy vs nginx from disk: ${meeting}/${rows.length} pages >= 0.5x, median ${fmt(median(ratios), 2)}`);
  if (meeting < rows.length) process.exitCode = 1;
} finally {
  await disk?.stop();
  await proxy?.close();
  for (const instance of instances) await instance.stop();
}
