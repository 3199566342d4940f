// `npm start`: builds when the sources changed since the last build (saying why), then starts the
// production server in this process. An unchanged tree starts at once from the existing build.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot, staleReason } from "./build-stamp.mjs";

const started = Date.now();
const reason = staleReason();
if (reason) {
  console.log(`building (${reason}) ...`);
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log("build is up to date with the sources: starting it");
}
await import(pathToFileURL(path.join(projectRoot, "build", "server.js")).href);
