// Debian's nginx (`nginx` package) run from a private prefix directory holding its nginx.conf, for
// the benches that compare with it or put it in front of the instances.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ensureDebianPackage } from "./debian-package.mjs";

/**
 * Starts nginx with `<dir>/nginx.conf` in the foreground and waits until `probeUrl` answers.
 * Returns its worker processes' ids (they do the work) and `stop()`, which ends it gracefully.
 * @param {string} dir @param {string} probeUrl
 */
export async function runNginx(dir, probeUrl) {
  const nginx = ensureDebianPackage("nginx", ["-v"]);
  const child = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  for (let i = 0; ; i++) {
    try {
      await fetch(probeUrl);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) {
        child.kill("SIGKILL");
        throw new Error(`nginx did not start: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const workerPids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return {
    workerPids,
    stop: async () => {
      child.kill("SIGQUIT");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
  };
}
