// Public pages against a static asset, on the production build (node build/server.js, PGlite).
// A public page's HTML is rendered once per path, language and build and kept compressed in memory
// (server/pages.ts), so it should answer nearly as fast as a file: target >= 0.5x the requests/s of
// a static asset. Also measures the home page's JavaScript (gzip) against the 120 KB budget.
import { gzipSync } from "node:zlib";
import { CONNECTIONS, DURATION, emit, ensureBuild, machine, markdownTable, measure, round, startServer, writeSection } from "./harness.mjs";

const PAGES = ["/", "/ja", "/zh", "/about", "/services", "/pricing", "/blog", "/contact"];
const ENCODING = { "Accept-Encoding": "br, gzip" };
const PAGE_TARGET = 0.5;
const JS_BUDGET_KB = 120;

/** Every /assets/*.js the HTML loads: modulepreload links, script src, inline imports and the deferred loader's list. */
function scriptAssets(html) {
  const found = new Set();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="modulepreload"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:\(\s*)?["'](\/assets\/[^"']+\.js)["']/g)) found.add(match[1]);
  // The loader that starts them after the first paint (server/deferred-hydration.ts) lists them.
  for (const match of html.matchAll(/const h=(\[[^\]]*\])/g)) for (const src of JSON.parse(match[1])) found.add(src);
  return [...found].filter((src) => src.startsWith("/assets/") && src.endsWith(".js"));
}

ensureBuild();
const server = await startServer();
try {
  const { url } = server;
  const homeHtml = await (await fetch(`${url}/`)).text();
  const assets = scriptAssets(homeHtml);
  if (assets.length === 0) throw new Error("the home page references no /assets/*.js");

  // JavaScript weight of the home page, gzip -9 of each file as served.
  let jsGzip = 0;
  let jsRaw = 0;
  for (const src of assets) {
    const bytes = Buffer.from(await (await fetch(url + src, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
    jsRaw += bytes.length;
    jsGzip += gzipSync(bytes, { level: 9 }).length;
  }
  const jsKB = jsGzip / 1024;

  // Baseline: the home page's own route module, a small hashed file like the compressed page.
  const staticPath = assets.find((src) => /\/home-[^/]+\.js$/.test(src)) ?? assets[assets.length - 1];
  const pages = [];
  for (const path of PAGES) {
    const response = await fetch(url + path, { headers: ENCODING, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status === 200) pages.push(path);
  }

  // Warm-up (fills the page cache and the JIT), then the measurements.
  for (const path of [...pages, staticPath]) await measure({ url: url + path, headers: ENCODING, duration: 1, connections: 10 });
  const staticResult = await measure({ url: url + staticPath, headers: ENCODING });
  const results = [];
  for (const path of pages) results.push({ path, ...(await measure({ url: url + path, headers: ENCODING })) });

  const staticLabel = `static asset ${staticPath}`;
  emit({ figure: `static ${staticPath} requests/s`, value: round(staticResult.rps, 0), unit: "req/s", baseline: null, baselineValue: null, ratio: null });
  for (const r of results) {
    emit({
      figure: `page ${r.path} requests/s`,
      value: round(r.rps, 0),
      unit: "req/s",
      baseline: staticLabel,
      baselineValue: round(staticResult.rps, 0),
      ratio: round(r.rps / staticResult.rps),
      target: `>= ${PAGE_TARGET}`,
    });
    emit({
      figure: `page ${r.path} p99 latency`,
      value: r.p99,
      unit: "ms",
      baseline: staticLabel,
      baselineValue: staticResult.p99,
      ratio: round(r.p99 / Math.max(staticResult.p99, 1)),
    });
  }
  emit({
    figure: "home page JavaScript (gzip)",
    value: round(jsKB, 1),
    unit: "KB",
    baseline: "budget",
    baselineValue: JS_BUDGET_KB,
    ratio: round(jsKB / JS_BUDGET_KB),
    target: "<= 1",
  });

  const failures = [
    ...results.filter((r) => r.rps / staticResult.rps < PAGE_TARGET).map((r) => `${r.path} below ${PAGE_TARGET}x`),
    ...(jsKB > JS_BUDGET_KB ? [`home JavaScript ${jsKB.toFixed(1)} KB > ${JS_BUDGET_KB} KB`] : []),
    ...[staticResult, ...results].filter((r) => r.non2xx > 0 || r.errors > 0).map((r) => `${r.path ?? staticPath}: ${r.non2xx} non-2xx, ${r.errors} errors`),
  ];

  const rows = [
    [`static \`${staticPath}\``, round(staticResult.rps, 0), staticResult.p99, `${round(staticResult.bytesPerRequest / 1024, 1)} KB`, "1.00 (baseline)", "—"],
    ...results.map((r) => [
      `page \`${r.path}\``,
      round(r.rps, 0),
      r.p99,
      `${round(r.bytesPerRequest / 1024, 1)} KB`,
      round(r.rps / staticResult.rps).toFixed(2),
      r.rps / staticResult.rps >= PAGE_TARGET ? "✔ ≥ 0.5" : "✘ < 0.5",
    ]),
  ];
  writeSection(
    "pages",
    `## Public pages vs. a static asset (bench/pages.bench.mjs)

Command: \`npm run bench\` (or \`node bench/pages.bench.mjs\` after \`npm run build\`).
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

Method: the production build (\`node build/server.js\`, \`NODE_ENV=production\`, PGlite in a temporary
directory, \`LOG_LEVEL=warn\`) on a free loopback port; autocannon in the same machine, ${CONNECTIONS}
connections, ${DURATION} s per URL after a 1 s warm-up, every request with \`Accept-Encoding: br, gzip\`.
The baseline is one of the home page's own hashed JavaScript files, served from its precompressed
brotli sibling. Public pages are rendered once per path, language and build and answered from memory
(brotli, ETag, \`Cache-Control: public, s-maxage=300\`), so a CDN can also keep them.
Target: each public page at least ${PAGE_TARGET}× the static asset's requests/s.

${markdownTable(["URL", "requests/s", "p99 (ms)", "bytes/answer", "ratio to static", "target"], rows)}

Home page JavaScript: ${assets.length} files (every module the page loads), ${(jsRaw / 1024).toFixed(1)} KB raw,
**${jsKB.toFixed(1)} KB gzip** (budget ${JS_BUDGET_KB} KB: ${jsKB <= JS_BUDGET_KB ? "✔ within" : "✘ over"}).

${failures.length ? `Not met: ${failures.join("; ")}.` : "All targets met."}
`,
  );
  if (failures.length) {
    process.stderr.write(`pages bench: ${failures.join("; ")}\n`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
