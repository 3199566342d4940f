// Locates a Chromium or Chrome binary for Playwright (we never download Playwright's own browsers).
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];
const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/** CHROMIUM_PATH when set, then the usual Debian/Ubuntu paths, then the names on PATH; null when none. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const candidate of CANDIDATES) if (existsSync(candidate)) return candidate;
  for (const name of NAMES) {
    try {
      const found = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return null;
}
