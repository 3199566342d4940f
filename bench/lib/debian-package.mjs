// The system tools the benches drive (wrk, nginx) come from Debian packages: installed when missing
// and running as root, otherwise the bench stops with the command that installs them.
import { spawnSync } from "node:child_process";

const present = (command, probeArgs) => spawnSync(command, probeArgs, { stdio: "ignore" }).error === undefined;
const checked = new Set();

/**
 * Makes sure `command` runs (probed with `probeArgs`), installing Debian's `pkg` with apt-get
 * when it is missing and this process is root. Throws a message naming the package otherwise.
 * @param {string} command @param {string[]} probeArgs @param {string} pkg
 */
export function ensureDebianPackage(command, probeArgs, pkg = command) {
  if (checked.has(command)) return;
  if (!present(command, probeArgs) && process.getuid?.() === 0) {
    console.log(`${command} not found: installing Debian's ${pkg} package with apt-get ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", pkg], { stdio: "inherit", env });
  }
  if (!present(command, probeArgs)) {
    throw new Error(`${command} is needed for this bench: install it (Debian/Ubuntu: \`sudo apt-get install ${pkg}\`)`);
  }
  checked.add(command);
}
