// npm run test:e2e [-- playwright args]: finds (or on Debian as root installs) Chromium and a CJK
// font, builds the production bundle unless SKIP_BUILD=1, then runs Playwright with the system browser.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "./find-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Installs Debian's `pkg` (as root); true when apt-get says it did. */
function aptInstall(pkg) {
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  return run("apt-get", ["update"], aptEnv) === 0 && run("apt-get", ["install", "-y", "--no-install-recommends", pkg], aptEnv) === 0;
}

let chromium = findChromium();
if (!chromium && process.platform === "linux" && process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
  console.log("Chromium not found: installing Debian's chromium package with apt-get ...");
  if (aptInstall("chromium")) chromium = findChromium();
}
if (!chromium) {
  console.error(
    [
      "No Chromium found for the end-to-end tests.",
      "Install one (Debian/Ubuntu: `sudo apt-get install chromium`, or Google Chrome),",
      "or point CHROMIUM_PATH at a Chromium/Chrome binary, then run `npm run test:e2e` again.",
    ].join("\n"),
  );
  process.exit(1);
}

// The Japanese and Chinese pages are laid out by the tests (a label that wraps at 390 px, pages that
// must not scroll sideways): without a CJK font Chromium draws other boxes and those tests fail.
const hasCjkFont = () => {
  const result = spawnSync("fc-list", [":lang=ja"], { encoding: "utf8" });
  return result.status === 0 && result.stdout.trim() !== "";
};
if (process.platform === "linux" && !hasCjkFont()) {
  if (process.getuid?.() === 0) {
    console.log("No Japanese font found: installing Debian's fonts-noto-cjk package with apt-get ...");
    aptInstall("fonts-noto-cjk");
  }
  if (!hasCjkFont()) {
    console.warn("No Japanese or Chinese font: the layout tests of those pages will fail. Install one (Debian/Ubuntu: `sudo apt-get install fonts-noto-cjk`).");
  }
}

if (process.env.SKIP_BUILD !== "1") {
  const status = run(npm, ["run", "build", "--silent"]);
  if (status !== 0) process.exit(status);
}

// Playwright empties its output folder when it starts, so two runs at once in one checkout would
// delete each other's traces: a run that finds another one alive writes to a folder of its own.
const resultsDir = path.join(root, "test-results");
const lock = path.join(resultsDir, "e2e.pid");
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
mkdirSync(resultsDir, { recursive: true });
let outputDir = process.env.E2E_OUTPUT_DIR;
let ownsLock = false;
if (!outputDir) {
  const other = existsSync(lock) ? Number(readFileSync(lock, "utf8")) : 0;
  if (other && other !== process.pid && alive(other)) {
    outputDir = path.join(resultsDir, `e2e-${process.pid}`);
    console.log(`Another end-to-end run (pid ${other}) is using test-results/e2e; this one writes to ${path.relative(root, outputDir)}.`);
  } else {
    outputDir = path.join(resultsDir, "e2e");
    writeFileSync(lock, String(process.pid));
    ownsLock = true;
  }
}

const status = run(npx, ["playwright", "test", ...process.argv.slice(2)], {
  ...process.env,
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  E2E_OUTPUT_DIR: outputDir,
});
if (ownsLock) rmSync(lock, { force: true });
process.exit(status);
