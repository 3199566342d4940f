// The system tools that the benches and the proxy configuration's test (deploy/nginx.test.ts) drive
// (wrk, nginx) come from Debian packages: installed when missing and running as root, otherwise the
// run stops with the command that installs them.
import { spawnSync } from "node:child_process";

const runs = (command, probeArgs) => spawnSync(command, probeArgs, { stdio: "ignore" }).error === undefined;
/** The command as found: on PATH, or in /usr/sbin (nginx is there, and a user's PATH may lack it). */
const locate = (command, probeArgs) => [command, `/usr/sbin/${command}`].find((candidate) => runs(candidate, probeArgs));
const found = new Map();

/**
 * Makes sure `command` runs (probed with `probeArgs`), installing Debian's `pkg` with apt-get
 * when it is missing and this process is root, and returns what to spawn. Throws a message naming
 * the package otherwise.
 * @param {string} command @param {string[]} probeArgs @param {string} pkg @returns {string}
 */
export function ensureDebianPackage(command, probeArgs, pkg = command) {
  if (found.has(command)) return found.get(command);
  let located = locate(command, probeArgs);
  if (!located && process.getuid?.() === 0) {
    console.log(`${command} not found: installing Debian's ${pkg} package with apt-get ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    // A fresh machine's unattended upgrades may hold the package lock for a while.
    const lock = ["-o", "DPkg::Lock::Timeout=300"];
    spawnSync("apt-get", [...lock, "update"], { stdio: "inherit", env });
    spawnSync("apt-get", [...lock, "install", "-y", "--no-install-recommends", pkg], { stdio: "inherit", env });
    located = locate(command, probeArgs);
  }
  if (!located) {
    throw new Error(`${command} is needed here: install it (Debian/Ubuntu: \`sudo apt-get install ${pkg}\`)`);
  }
  found.set(command, located);
  return located;
}
