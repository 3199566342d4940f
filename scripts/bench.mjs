// npm run bench [-- name ...]: builds once, runs every bench/*.bench.mjs (or those whose name
// contains one of the arguments) in sequence, collects the "BENCH {json}" lines they print and
// shows one table; the table is also written to the summary section of docs/performance.md.
// Each bench writes its own section of that file (see bench/harness.mjs).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { machine, markdownTable, writeSection } from "../bench/harness.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const filters = process.argv.slice(2);
const scripts = readdirSync(path.join(root, "bench"))
  .filter((name) => name.endsWith(".bench.mjs"))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();
if (scripts.length === 0) {
  console.error(`no bench/*.bench.mjs matches ${filters.join(", ")}`);
  process.exit(1);
}

if (process.env.SKIP_BUILD !== "1") {
  console.log("building the production bundle ...");
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// An interrupted run stops the running bench, which stops its own servers and browsers.
let current = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (current) current.kill(signal);
    else process.exit(130);
    setTimeout(() => process.exit(130), 20_000).unref();
  });
}

function run(script) {
  return new Promise((resolve) => {
    const rows = [];
    const child = (current = spawn(process.execPath, [path.join("bench", script)], {
      cwd: root,
      env: { ...process.env, BENCH_BUILT: "1" },
      stdio: ["ignore", "pipe", "inherit"],
    }));
    let pending = "";
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("BENCH ")) {
          try {
            rows.push({ script, ...JSON.parse(line.slice(6)) });
          } catch {
            console.log(`(unreadable figure from ${script}: ${line})`);
          }
        } else {
          console.log(`  ${line}`);
        }
      }
    });
    child.on("close", (code, signal) => {
      current = null;
      if (signal) process.exit(130);
      resolve({ script, status: code ?? 1, rows });
    });
  });
}

const results = [];
for (const script of scripts) {
  const started = Date.now();
  console.log(`\n▶ ${script}`);
  const result = await run(script);
  console.log(`  ${result.status === 0 ? "done" : `exited with ${result.status}`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  results.push(result);
}

/**
 * The contract is {figure, value, unit, baseline, baselineValue, ratio, target?, pass?}; rows in
 * other shapes are read as well as possible ({metric}, {name, p50, p95}, lighthouse scores,
 * a numeric `baseline`), so that one table shows every bench.
 */
function normalize(r) {
  const rows = [];
  const base = { script: r.script, unit: r.unit ?? "", target: r.target, pass: r.pass };
  if (typeof base.target === "object" && base.target !== null) base.target = JSON.stringify(base.target);
  if (r.value === undefined && r.performance !== undefined) {
    for (const key of ["performance", "accessibility", "bestPractices", "seo"]) {
      if (r[key] === undefined) continue;
      const target = r.target?.[key];
      // Each score against its own target (the run's `pass` covers the whole page).
      const pass = target === undefined ? undefined : r[key] >= target;
      rows.push({ ...base, figure: `${r.page ?? ""} ${key}`.trim(), value: r[key], unit: "score", target: target !== undefined ? `>= ${target}` : undefined, pass });
    }
    return rows;
  }
  let figure = r.figure ?? r.metric ?? r.name ?? r.page ?? "(unnamed)";
  let value = r.value;
  if (value === undefined && r.p95 !== undefined) {
    value = r.p95;
    figure = `${figure} p95`;
    if (r.target_p95 !== undefined) base.target = `< ${r.target_p95}`;
  }
  let baseline = r.baseline;
  let baselineValue = r.baselineValue;
  if (typeof baseline === "number" && baselineValue === undefined) {
    baselineValue = baseline;
    baseline = "baseline (same run)";
  }
  const ratio =
    r.ratio ?? (typeof value === "number" && typeof baselineValue === "number" && baselineValue !== 0 ? Number((value / baselineValue).toFixed(2)) : null);
  rows.push({ ...base, figure, value, baseline, baselineValue, ratio });
  return rows;
}

const fmt = (value) => (value === null || value === undefined ? "" : String(value));
const header = ["bench", "figure", "value", "baseline", "baseline value", "ratio", "target"];
const rows = results.flatMap(({ rows }) =>
  rows.flatMap(normalize).map((r) => [
    r.script.replace(/\.bench\.mjs$/, ""),
    String(r.figure),
    `${fmt(r.value)} ${r.unit ?? ""}`.trim(),
    fmt(r.baseline),
    r.baselineValue === null || r.baselineValue === undefined ? "" : `${fmt(r.baselineValue)} ${r.unit ?? ""}`.trim(),
    fmt(r.ratio),
    `${fmt(r.target)}${r.pass === false ? " ✘" : r.pass === true ? " ✔" : ""}`.trim(),
  ]),
);

// Plain-text table for the terminal.
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const row of rows) console.log(line(row));

const failed = results.filter((r) => r.status !== 0);
const ran = filters.length ? `\`npm run bench -- ${filters.join(" ")}\`` : "`npm run bench`";
writeSection(
  "summary",
  `## Summary of the last run

Command: ${ran} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine()}).
Ratio = value / baseline value measured in the same run.

${markdownTable(header, rows.map((row) => row.map((cell) => cell.replace(/\|/g, "\\|"))))}
${failed.length ? `\nBench scripts that reported a missed target or an error: ${failed.map((f) => f.script).join(", ")}.\n` : ""}`,
  { first: true },
);
if (failed.length) {
  console.log(`\n${failed.length} bench script(s) reported a missed target or an error: ${failed.map((f) => f.script).join(", ")}`);
  process.exit(1);
}
console.log("\nResults written to docs/performance.md");
