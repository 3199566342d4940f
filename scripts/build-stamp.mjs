// What a production build was made from: a hash of every file that goes into it (sources, public
// files, build configuration, lockfile), kept in build/sources.json. `npm start` (scripts/start.mjs)
// reuses an up-to-date build instead of building again, and says which files made it rebuild.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const stampFile = path.join(projectRoot, "build", "sources.json");

/** Folders and files the build reads. Tests are left out: nothing imports them into the build. */
const INPUTS = [
  "app",
  "lib",
  "db",
  "server",
  "content",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build-server.mjs",
  "scripts/build-stamp.mjs",
];
const IGNORED = /(\.test\.tsx?|\.spec\.tsx?)$/;

/** Each input file (relative path) with the sha256 of its content. */
export function sourceHashes() {
  const files = {};
  const visit = (relative) => {
    const full = path.join(projectRoot, relative);
    if (!existsSync(full)) return;
    const entries = (() => {
      try {
        return readdirSync(full, { withFileTypes: true });
      } catch {
        return null;
      }
    })();
    if (entries === null) {
      if (!IGNORED.test(relative)) files[relative] = createHash("sha256").update(readFileSync(full)).digest("base64url");
      return;
    }
    for (const entry of entries) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      visit(path.join(relative, entry.name));
    }
  };
  for (const input of INPUTS) visit(input);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Written last by the build (scripts/build-server.mjs): a build stopped half-way has none. */
export function writeBuildStamp() {
  writeFileSync(stampFile, JSON.stringify({ builtAt: new Date().toISOString(), node: process.version, files: sourceHashes() }, null, 0));
}

/** Why the build in build/ cannot be reused (null: it is up to date with the sources). */
export function staleReason() {
  const outputs = ["build/server.js", "build/server/env.js", "build/server/index.js", "build/client/assets", "build/sources.json"];
  if (!outputs.every((file) => existsSync(path.join(projectRoot, file)))) return "no complete build yet";
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, "utf8"));
  } catch {
    return "build/sources.json is unreadable";
  }
  const now = sourceHashes();
  const before = stamp.files ?? {};
  const changed = [];
  for (const [file, hash] of Object.entries(now)) if (before[file] !== hash) changed.push(before[file] ? `changed ${file}` : `added ${file}`);
  for (const file of Object.keys(before)) if (!(file in now)) changed.push(`removed ${file}`);
  if (changed.length === 0) return null;
  const shown = changed.slice(0, 5).join(", ");
  return changed.length > 5 ? `${shown} and ${changed.length - 5} more` : shown;
}
