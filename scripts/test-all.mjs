// npm test: every check, in order, stopping at the first failure:
//   typecheck → lint → production build → vitest (PGlite) → vitest (PostgreSQL, scripts/with-postgres.mjs)
//   → Playwright (scripts/run-e2e.mjs, on the build made here).
// Output of each step is shown as it runs; the summary at the end repeats each tool's closing lines.
import { spawn } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const node = process.execPath;

const STEPS = [
  { name: "typecheck", command: npm, args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: npm, args: ["run", "--silent", "lint"] },
  // Built once here: the tests that need the production bundle reuse it, and so does Playwright.
  { name: "production build", command: npm, args: ["run", "--silent", "build"] },
  { name: "unit + API tests (PGlite)", command: "npx", args: ["vitest", "run"], closing: vitestClosing },
  {
    name: "unit + API tests (PostgreSQL)",
    command: node,
    args: ["scripts/with-postgres.mjs", "npx", "vitest", "run"],
    closing: vitestClosing,
  },
  {
    name: "end-to-end (Playwright, Chromium)",
    command: node,
    args: ["scripts/run-e2e.mjs"],
    env: { SKIP_BUILD: "1" },
    closing: playwrightClosing,
  },
];

// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");

function vitestClosing(lines) {
  return lines.filter((l) => /^\s*(Test Files|Tests|Errors|Duration)\s/.test(l));
}

function playwrightClosing(lines) {
  return lines.filter((l) => /^\s*\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/.test(l));
}

let current = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (current) current.kill(signal);
    else process.exit(130);
  });
}

function runStep(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tail = [];
    let pending = "";
    const keep = (chunk) => {
      pending += stripAnsi(chunk.toString("utf8"));
      const parts = pending.split(/\r?\n/);
      pending = parts.pop() ?? "";
      tail.push(...parts);
      if (tail.length > 400) tail.splice(0, tail.length - 400);
    };
    const child = (current = spawn(step.command, step.args, { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...step.env } }));
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on("error", (error) => resolve({ status: 127, seconds: 0, closing: [String(error)] }));
    child.on("close", (code, signal) => {
      current = null;
      if (pending) tail.push(pending);
      resolve({
        status: code ?? (signal ? 130 : 1),
        seconds: (Date.now() - started) / 1000,
        closing: step.closing ? step.closing(tail) : [],
      });
    });
  });
}

const results = [];
const overall = Date.now();
for (const step of STEPS) {
  console.log(`\n━━ ${step.name} ━━ ${[step.command === node ? "node" : step.command, ...step.args].join(" ")}\n`);
  const result = await runStep(step);
  results.push({ step, ...result });
  if (result.status !== 0) break;
}

const minutes = (s) => (s >= 60 ? `${Math.floor(s / 60)}m ${Math.round(s % 60)}s` : `${s.toFixed(1)}s`);
console.log("\n━━ summary ━━");
for (const { step, status, seconds, closing } of results) {
  console.log(`${status === 0 ? "✔ passed" : "✘ FAILED"}  ${step.name} (${minutes(seconds)})`);
  for (const line of closing) console.log(`           ${line.trim()}`);
}
for (const step of STEPS.slice(results.length)) console.log(`- skipped  ${step.name}`);
const failed = results.find((r) => r.status !== 0);
console.log(`\n${failed ? `npm test FAILED at: ${failed.step.name}` : "npm test passed"} in ${minutes((Date.now() - overall) / 1000)}`);
process.exit(failed ? failed.status || 1 : 0);
