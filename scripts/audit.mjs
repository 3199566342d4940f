// node scripts/audit.mjs: `npm audit --omit=dev --audit-level=high` for the packages that ship in
// production. Passes when no high or critical advisory is open, or when each one is explained in
// EXPLAINED below (and in docs/deployment.md, "Dependency advisories"). When the registry's audit
// endpoint cannot be reached (offline, a mirror without the audit API), it says so and passes: the
// test suite must not depend on the network. Exit 1 only for an unexplained high/critical advisory.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Advisories accepted on purpose, by GitHub advisory id (GHSA-...), each with the reason it does
 * not affect TaxAtlas. Keep docs/deployment.md in step. Empty: none accepted.
 * @type {Record<string, string>}
 */
export const EXPLAINED = {};

const SEVERE = new Set(["high", "critical"]);

/** Runs npm audit and classifies the outcome. */
export function runAudit({ timeoutMs = 60_000 } = {}) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["audit", "--omit=dev", "--audit-level=high", "--json"], {
    cwd: root,
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, NPM_CONFIG_UPDATE_NOTIFIER: "false" },
  });
  if (result.error) return { reachable: false, reason: result.error.message };
  let report;
  try {
    report = JSON.parse(result.stdout || "{}");
  } catch {
    return { reachable: false, reason: `unreadable npm audit output: ${(result.stderr || result.stdout).slice(0, 300)}` };
  }
  // npm prints {message, statusCode, ...} (or {error: {...}}) when the audit endpoint fails.
  if (!report.vulnerabilities || !report.metadata) {
    const reason = report.message ?? report.error?.summary ?? report.error?.code ?? (result.stderr || "no audit report").trim().split("\n").pop();
    return { reachable: false, reason: String(reason).slice(0, 300) };
  }
  const severe = [];
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
    if (!SEVERE.has(vulnerability.severity)) continue;
    // `via` holds advisories (objects) and the names of vulnerable dependencies it comes through.
    const advisories = vulnerability.via.filter((v) => typeof v === "object" && SEVERE.has(v.severity));
    if (advisories.length === 0) {
      severe.push({ name, id: `via ${vulnerability.via.join(", ")}`, title: "depends on a vulnerable package", severity: vulnerability.severity, explained: true });
      continue;
    }
    for (const advisory of advisories) {
      const id = /GHSA-[\w-]+/.exec(advisory.url ?? "")?.[0] ?? String(advisory.source);
      severe.push({ name, id, title: advisory.title, severity: advisory.severity, url: advisory.url, explained: id in EXPLAINED });
    }
  }
  return { reachable: true, counts: report.metadata.vulnerabilities, severe };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outcome = runAudit();
  if (!outcome.reachable) {
    console.log(`npm audit: the registry's audit endpoint could not be reached (${outcome.reason}); skipped, not failed.`);
    process.exit(0);
  }
  console.log(`npm audit (production dependencies): ${JSON.stringify(outcome.counts)}`);
  for (const item of outcome.severe) {
    console.log(`  ${item.severity} ${item.name} ${item.id} ${item.title}${item.explained ? ` — accepted: ${EXPLAINED[item.id] ?? "follows from the advisory listed for its dependency"}` : " — NOT EXPLAINED"}`);
  }
  const open = outcome.severe.filter((item) => !item.explained);
  if (open.length > 0) {
    console.log(`${open.length} high/critical advisories are not explained: upgrade, or explain each in scripts/audit.mjs and docs/deployment.md.`);
    process.exit(1);
  }
  console.log("No unexplained high or critical advisory.");
}
