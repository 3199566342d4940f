// What a production build was made from: a hash of every file that goes into it (sources, public
// files, build configuration, lockfile) and the mode it was made in (NODE_ENV), kept in
// build/sources.json. `npm start` (scripts/start.mjs) reuses an up-to-date build instead of building
// again, and says why it rebuilds. The sources are hashed as the build begins (`npm run build` runs
// `node scripts/build-stamp.mjs begin` first), so a file saved while it runs makes the next start
// rebuild (found by an attack: the stamp hashed them at the end and called the old build current).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFileOf = (root) => path.join(root, "build", "sources.json");
/**
 * Outside build/, which the React Router build empties first; named after the root, as a copy of the
 * project (bench/snapshot-build.mjs) shares node_modules through a link.
 */
const beginFileOf = (root) =>
  path.join(root, "node_modules", ".cache", "taxatlas", `build-sources-${createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 16)}.json`);

/**
 * The mode a build is made in: Vite builds with NODE_ENV (React's development build under
 * "development"), production when it is unset (found by an attack: a development build was reused
 * by a production start).
 */
export const buildMode = (env = process.env) => env.NODE_ENV || "production";

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
export function sourceHashes(root = projectRoot) {
  const files = {};
  const visit = (relative) => {
    const full = path.join(root, relative);
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

/** Run first by `npm run build`: the sources and the mode as the build begins. */
export function beginBuild(root = projectRoot, env = process.env) {
  const file = beginFileOf(root);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ mode: buildMode(env), files: sourceHashes(root) }));
}

/**
 * Written last by the build (scripts/build-server.mjs): a build stopped half-way has none. It holds
 * what the build began from; without a recorded beginning, the sources and the mode of this moment.
 */
export function writeBuildStamp(root = projectRoot, env = process.env) {
  const beginFile = beginFileOf(root);
  let begun = null;
  try {
    begun = JSON.parse(readFileSync(beginFile, "utf8"));
  } catch {
    // No beginning recorded (the build's steps run by hand).
  }
  rmSync(beginFile, { force: true });
  const stamp = { builtAt: new Date().toISOString(), node: process.version, mode: begun?.mode ?? buildMode(env), files: begun?.files ?? sourceHashes(root) };
  writeFileSync(stampFileOf(root), JSON.stringify(stamp, null, 0));
}

/** Why the build in build/ cannot be reused (null: it is up to date with the sources and the mode). */
export function staleReason(root = projectRoot, env = process.env) {
  const outputs = ["build/server.js", "build/server/env.js", "build/server/index.js", "build/client/assets", "build/sources.json"];
  if (!outputs.every((file) => existsSync(path.join(root, file)))) return "no complete build yet";
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFileOf(root), "utf8"));
  } catch {
    return "build/sources.json is unreadable";
  }
  if (stamp.mode !== buildMode(env)) return `built with NODE_ENV=${stamp.mode ?? "(not recorded)"}, starting with NODE_ENV=${buildMode(env)}`;
  const now = sourceHashes(root);
  const before = stamp.files ?? {};
  const changed = [];
  for (const [file, hash] of Object.entries(now)) if (before[file] !== hash) changed.push(before[file] ? `changed ${file}` : `added ${file}`);
  for (const file of Object.keys(before)) if (!(file in now)) changed.push(`removed ${file}`);
  if (changed.length === 0) return null;
  const shown = changed.slice(0, 5).join(", ");
  return changed.length > 5 ? `${shown} and ${changed.length - 5} more` : shown;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "begin") beginBuild();
