// Builds the current sources into a separate directory (default /tmp/taxatlas-snapshot) that the
// cluster benchmark and the fault tests can run from with BENCH_APP_ROOT=<dir>, so a long run is not
// disturbed when the working tree's build/ is rebuilt meanwhile.
//
//   node bench/snapshot-build.mjs [dir]  →  BENCH_APP_ROOT=/tmp/taxatlas-snapshot node bench/cluster.bench.mjs
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./lib/server-process.mjs";

const target = path.resolve(process.argv[2] ?? "/tmp/taxatlas-snapshot");
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const entry of ["app", "content", "lib", "db", "server", "scripts", "public", "package.json", "react-router.config.ts", "vite.config.ts", "tsconfig.json"]) {
  const from = path.join(projectRoot, entry);
  if (existsSync(from)) cpSync(from, path.join(target, entry), { recursive: true });
}
symlinkSync(path.join(projectRoot, "node_modules"), path.join(target, "node_modules"), "dir");
const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: target, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`built into ${target}: run with BENCH_APP_ROOT=${target}`);
