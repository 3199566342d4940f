// Reads a V8 .cpuprofile (node --cpu-prof) and sums self time by where the code lives: a package
// under node_modules, Node's internals, the server build, garbage collection, idle. Used by
// bench/platform.bench.mjs to publish where the CPU of a cached page goes, by
// bench/cluster.bench.mjs per request type (time windows in which one type of request ran alone),
// and by bench/ai.bench.mjs (with its own `classify`, by stage of an answer).
import { readFileSync } from "node:fs";

/** The default bucket of a sample: where its innermost frame's code lives. */
export function bucketOf(callFrame) {
  const { url, functionName } = callFrame;
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
  if (url.includes("/build/server")) return `server build: ${functionName || "(anonymous)"}`;
  return url;
}

/**
 * Self time per bucket (ms) and the busy total (ms, idle excluded) while the server answered from
 * the fast path: the window runs from the first to the last sample with `marker` (a function name,
 * or a list of them) on the stack, so start-up, rendering and shutdown stay out of it.
 * `classify(frames)` (call frames innermost first) names a sample's bucket; it returns null for
 * the default (bucketOf the innermost frame). Idle samples are never passed to it. `fromUs` (the
 * monotonic clock in microseconds, as summarizeProfileWindows) leaves out what ran before it; with
 * `toUs` too the window is exactly [fromUs, toUs], whatever is sampled in it: a marker sampled only
 * now and then (a short function) would otherwise cut the window short.
 */
export function summarizeProfile(file, { marker = "fastPath", classify = () => null, fromUs = -Infinity, toUs } = {}) {
  const markers = new Set(Array.isArray(marker) ? marker : [marker]);
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const marked = new Map();
  const isMarked = (id) => {
    if (marked.has(id)) return marked.get(id);
    const node = byId.get(id);
    const result = markers.has(node.callFrame.functionName) || (parent.has(id) && isMarked(parent.get(id)));
    marked.set(id, result);
    return result;
  };
  const times = [];
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    times.push(at);
  }
  let first = -1;
  let last = -1;
  for (let i = 0; i < profile.samples.length; i++) {
    if (times[i] >= fromUs && (toUs !== undefined ? times[i] <= toUs : isMarked(profile.samples[i]))) {
      if (first < 0) first = i;
      last = i;
    }
  }
  const bucketOfSample = sampleBuckets(byId, parent, classify);
  const totals = new Map();
  for (let i = Math.max(first, 0); i <= last; i++) {
    const bucket = bucketOfSample(profile.samples[i]);
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    totals.set(bucket, (totals.get(bucket) ?? 0) + delta);
  }
  const busy = [...totals].filter(([bucket]) => bucket !== "idle").reduce((sum, [, ms]) => sum + ms, 0);
  return {
    busyMs: busy,
    windowMs: first >= 0 ? (times[last] - times[first]) / 1000 : 0,
    buckets: [...totals].filter(([b]) => b !== "idle").sort((a, b) => b[1] - a[1]),
  };
}

/**
 * Self time per bucket (ms) inside each time window. Windows are in microseconds of the monotonic
 * clock (`process.hrtime.bigint() / 1000n` in any process on the machine): V8's profile timestamps
 * use the same clock on Linux, so a bench can mark when it sent only one type of request. Windows
 * may share a name: their samples add up. `classify` as for summarizeProfile.
 * @param {string} file
 * @param {{ name: string, fromUs: number, toUs: number }[]} windows
 * @param {{ classify?: (frames: object[]) => string | null }} [options]
 * @returns {Record<string, { busyMs: number, samplesMs: number, buckets: [string, number][] }>}
 */
export function summarizeProfileWindows(file, windows, { classify = () => null } = {}) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const bucketOfSample = sampleBuckets(byId, parent, classify);
  const totals = new Map(windows.map((w) => [w.name, new Map()]));
  const sampled = new Map(windows.map((w) => [w.name, 0]));
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const window = windows.find((w) => at >= w.fromUs && at < w.toUs);
    if (!window) continue;
    sampled.set(window.name, sampled.get(window.name) + delta);
    const bucket = bucketOfSample(profile.samples[i]);
    const map = totals.get(window.name);
    map.set(bucket, (map.get(bucket) ?? 0) + delta);
  }
  const out = {};
  for (const w of windows) {
    const map = totals.get(w.name);
    out[w.name] = {
      busyMs: [...map].filter(([b]) => b !== "idle").reduce((sum, [, ms]) => sum + ms, 0),
      samplesMs: sampled.get(w.name),
      buckets: [...map].filter(([b]) => b !== "idle").sort((a, b) => b[1] - a[1]),
    };
  }
  return out;
}

/** A sample's bucket by its node (memoised): `classify` on its frames, innermost first, else bucketOf its leaf. */
function sampleBuckets(byId, parent, classify) {
  const bucketOfNode = new Map();
  return (id) => {
    if (bucketOfNode.has(id)) return bucketOfNode.get(id);
    const leaf = byId.get(id).callFrame;
    let bucket = bucketOf(leaf);
    if (bucket !== "idle") {
      const frames = [];
      for (let at = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at).callFrame);
      bucket = classify(frames) ?? bucket;
    }
    bucketOfNode.set(id, bucket);
    return bucket;
  };
}
