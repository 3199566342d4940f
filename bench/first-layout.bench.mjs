// A page's first layout in Chromium, per language: how long the renderer's main thread is in it
// (wall time) and how much of that it computes (thread time). The rest is waiting: on Linux a font
// lookup goes to the browser process, and a Japanese or Chinese page looks up every family of its
// stack named before the one found (docs/performance.md, "2026-11-30, 11:20-12:40 UTC"). Lighthouse
// multiplies wall time by 4, so this wait shows in its blocking time.
//
//   node bench/first-layout.bench.mjs          (needs the production build: npm run build)
//   node bench/snapshot-build.mjs <dir>   (on the commit to compare with), then
//   FIRST_LAYOUT_BASE_ROOT=<dir> node bench/first-layout.bench.mjs
//
// Each load is a new browser context (a new renderer, fonts not yet looked up, as on a visitor's first
// page) at 412 px, traced with Chromium's timeline categories; the figure per load is the longest
// `Layout` event. With FIRST_LAYOUT_BASE_ROOT a second server runs that snapshot and the two builds
// are loaded in turn, page by page, so the machine's moments fall on both. Prints medians and one
// `BENCH {json}` line per page and build. FIRST_LAYOUT_PAGES (default home and about in the three
// languages), FIRST_LAYOUT_LOADS (default 12 per page and build). Uses /usr/bin/chromium (CHROMIUM_PATH).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import { emit, loadAverage, machine, median, round } from "./harness.mjs";
import { startServerProcess } from "./lib/server-process.mjs";

const PAGES = (process.env.FIRST_LAYOUT_PAGES ?? "/,/ja,/zh,/about,/ja/about,/zh/about").split(",").filter(Boolean);
const LOADS = Math.max(1, Number(process.env.FIRST_LAYOUT_LOADS ?? 12));
const BASE_ROOT = process.env.FIRST_LAYOUT_BASE_ROOT;
const ratio = (value, base) => (base ? round(value / base) : null);

const env = (dataDir) => ({ DATA_DIR: dataDir, CONTACT_EMAIL: "contact@taxatlas.test", RATE_LIMITS: "false" });
const dataDirs = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "taxatlas-first-layout-"));
  dataDirs.push(dir);
  return dir;
};
const builds = [{ name: "current", server: await startServerProcess("first-layout", env(dataDir())) }];
if (BASE_ROOT) builds.push({ name: "base", server: await startServerProcess("first-layout-base", env(dataDir()), { appRoot: BASE_ROOT }) });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });

/** The longest Layout event of one load in a fresh context: wall and thread time, ms. */
async function firstLayout(url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
    await page.goto(url, { waitUntil: "load" });
    // The load event can come before the first frame: wait until two frames have been drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const events = JSON.parse((await browser.stopTracing()).toString("utf8")).traceEvents;
    const longest = events
      .filter((event) => event.name === "Layout" && event.ph === "X")
      .reduce((max, event) => (event.dur > (max?.dur ?? 0) ? event : max), null);
    if (!longest) throw new Error(`${url}: no layout traced`);
    return { wallMs: longest.dur / 1000, threadMs: (longest.tdur ?? 0) / 1000 };
  } finally {
    await context.close();
  }
}

const loadBefore = loadAverage();
/** samples[build][page] */
const samples = Object.fromEntries(builds.map((b) => [b.name, Object.fromEntries(PAGES.map((p) => [p, []]))]));
try {
  // One unmeasured load per page and build: the servers' page caches warm, as in production.
  for (const { server } of builds) for (const page of PAGES) await firstLayout(server.url + page);
  for (let i = 0; i < LOADS; i++) {
    for (const page of PAGES) {
      // Alternate which build goes first.
      const order = i % 2 ? [...builds].reverse() : builds;
      for (const { name, server } of order) samples[name][page].push(await firstLayout(server.url + page));
    }
  }
} finally {
  await browser.close();
  for (const { server } of builds) await server.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
const loadAfter = loadAverage();

const stats = (name, page) => {
  const runs = samples[name][page];
  return {
    wallMs: round(median(runs.map((r) => r.wallMs)), 1),
    threadMs: round(median(runs.map((r) => r.threadMs)), 1),
    waitingMs: round(median(runs.map((r) => r.wallMs - r.threadMs)), 1),
  };
};
console.log(`\nFirst layout, ${LOADS} loads per page and build, medians (${machine()}; load average ${loadBefore} before, ${loadAfter} after)`);
console.log(`${"page".padEnd(14)} ${"build".padEnd(8)} ${"wall ms".padStart(8)} ${"thread ms".padStart(10)} ${"waiting ms".padStart(11)}`);
for (const page of PAGES) {
  const byBuild = Object.fromEntries(builds.map(({ name }) => [name, stats(name, page)]));
  for (const [name, { wallMs, threadMs, waitingMs }] of Object.entries(byBuild)) {
    console.log(`${page.padEnd(14)} ${name.padEnd(8)} ${String(wallMs).padStart(8)} ${String(threadMs).padStart(10)} ${String(waitingMs).padStart(11)}`);
  }
  // The contract of scripts/bench.mjs: against the base build when there is one, else with no baseline.
  const current = byBuild.current;
  const base = byBuild.base ?? null;
  const baseline = (figure, value) =>
    base ? { baseline: `same, base build`, baselineValue: base[figure], ratio: ratio(value, base[figure]) } : { baseline: null, baselineValue: null, ratio: null };
  emit({ bench: "first-layout", figure: `${page}: longest first layout, wall time`, value: current.wallMs, unit: "ms", ...baseline("wallMs", current.wallMs) });
  emit({ bench: "first-layout", figure: `${page}: of which computing (thread time)`, value: current.threadMs, unit: "ms", ...baseline("threadMs", current.threadMs) });
  emit({ bench: "first-layout", figure: `${page}: of which waiting`, value: current.waitingMs, unit: "ms", ...baseline("waitingMs", current.waitingMs) });
}
process.exit(0);
