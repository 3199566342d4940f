// README.md and .env.example document every variable of lib/env.server.ts, and .env.example as
// shipped is a valid configuration.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema, parseEnv } from "~/lib/env.server";

const root = path.resolve(import.meta.dirname, "..");
const variables = Object.keys(EnvSchema.shape);

/** KEY=value lines; surrounding double quotes removed (as node --env-file does). */
function readEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!.replace(/^"(.*)"$/, "$1");
  }
  return env;
}

describe("configuration documentation", () => {
  const example = readEnvFile(readFileSync(path.join(root, ".env.example"), "utf8"));
  const readme = readFileSync(path.join(root, "README.md"), "utf8");

  it(".env.example lists every variable and nothing else", () => {
    expect(Object.keys(example).sort()).toEqual([...variables].sort());
  });

  it(".env.example is a valid configuration equal to the defaults", () => {
    const env = parseEnv(example);
    expect(env).toEqual(parseEnv({}));
  });

  it("the README's configuration table has a row for every variable", () => {
    const rows = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
    expect(variables.filter((v) => !rows.has(v))).toEqual([]);
    expect([...rows].filter((v) => !variables.includes(v!))).toEqual([]);
  });
});
