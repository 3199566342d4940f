// Reads a V8 .cpuprofile (node --cpu-prof) and sums self time by where the code lives: a package
// under node_modules, Node's internals, the server build, garbage collection, idle. Used by
// bench/platform.bench.mjs to publish where the CPU of a cached page goes.
import { readFileSync } from "node:fs";

function bucketOf(node) {
  const { url, functionName } = node.callFrame;
  if (functionName === "(idle)") return "idle";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "V8/native (program)";
  if (!url) return `native: ${functionName || "(anonymous)"}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm: ${pkg[1]}`;
  if (url.startsWith("node:")) {
    const mod = url.slice(5).replace(/^internal\//, "internal/").split("/").slice(0, 2).join("/");
    return `node: ${mod}`;
  }
  if (url.includes("/build/server/")) return `server build: ${functionName || "(anonymous)"}`;
  return url;
}

/**
 * Self time per bucket (ms) and the busy total (ms, idle excluded) over the samples between
 * `fromMs` and `toMs`, counted back from the end of the profile (the load ran just before the stop).
 */
export function summarizeProfile(file, { fromMs, toMs = 0 }) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let at = profile.startTime;
  const from = profile.endTime - fromMs * 1000;
  const to = profile.endTime - toMs * 1000;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    const node = byId.get(profile.samples[i]);
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const bucket = bucketOf(node);
    totals.set(bucket, (totals.get(bucket) ?? 0) + delta);
  }
  const busy = [...totals].filter(([bucket]) => bucket !== "idle").reduce((sum, [, ms]) => sum + ms, 0);
  return { busyMs: busy, buckets: [...totals].filter(([b]) => b !== "idle").sort((a, b) => b[1] - a[1]) };
}
