// No secret reaches the browser: the site is built with fake secret values in the build's environment
// and no file of the client build may contain them, nor anything shaped like a secret key.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usingPostgres } from "~/tests/helpers/test-db";
import { buildCopyWithEnv, buildDir, BUILD_TIMEOUT_MS, ensureProductionBuild, readTree } from "./production-build";

const SMTP_PASSWORD = "Smtp-Fake-Pa55word-7f3c";
const FAKE_SECRETS: Record<string, string> = {
  AI_API_KEY: "gsk_FAKEaiKey0123456789abcdefSECRET",
  STRIPE_SECRET_KEY: "sk_test_FAKEstripeSecret0123456789abcdef",
  STRIPE_PUBLISHABLE_KEY: "pk_test_FAKEpublishable0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_FAKEwebhookSecret0123456789abcdef",
  SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@smtp.example.test:587`,
  ADMIN_PASSWORD: "Admin-Fake-Pa55word-91ab",
  ADMIN_EMAIL: "admin@example.test",
  DATABASE_URL: "postgres://taxatlas:Db-Fake-Pa55word-c0de@db.example.test:5432/taxatlas",
};
// Values that must never appear in the client build (the publishable key is public by design).
const SECRET_VALUES = [
  FAKE_SECRETS.AI_API_KEY!,
  FAKE_SECRETS.STRIPE_SECRET_KEY!,
  FAKE_SECRETS.STRIPE_WEBHOOK_SECRET!,
  FAKE_SECRETS.SMTP_URL!,
  SMTP_PASSWORD,
  FAKE_SECRETS.ADMIN_PASSWORD!,
  "Db-Fake-Pa55word-c0de",
];
// Shapes of real secrets: Stripe secret/restricted keys, Groq keys, webhook secrets, PEM keys, passwords in URLs.
const KEY_PATTERNS: RegExp[] = [
  /sk_live_[A-Za-z0-9]/,
  /sk_test_[A-Za-z0-9]/,
  /rk_(live|test)_[A-Za-z0-9]/,
  /gsk_[A-Za-z0-9]/,
  /whsec_[A-Za-z0-9]/,
  /-----BEGIN [A-Z ]*(PRIVATE KEY|CERTIFICATE)-----/,
  /password=/i,
  /\b(postgres(ql)?|smtps?):\/\/[^/\s"'`:@]+:[^/\s"'`@]+@/,
];

function scan(clientDir: string, needles: { label: string; test: (text: string) => boolean }[]) {
  const findings: string[] = [];
  for (const { file, content } of readTree(clientDir)) {
    const text = content.toString("latin1");
    for (const needle of needles) if (needle.test(text)) findings.push(`${file}: ${needle.label}`);
  }
  return findings;
}

// The build does not depend on the database: checked once, in the PGlite pass of `npm test`.
describe.skipIf(usingPostgres())("client build holds no secret", () => {
  let clientDir: string;
  let cleanup = () => {};

  beforeAll(async () => {
    // When build/ is missing, build it here with the fake secrets (it serves the other checks too);
    // otherwise build a copy, so the project's build/ stays as it was.
    if (await ensureProductionBuild(FAKE_SECRETS)) {
      clientDir = path.join(buildDir, "client");
    } else {
      const copy = await buildCopyWithEnv(FAKE_SECRETS);
      clientDir = copy.clientDir;
      cleanup = copy.cleanup;
    }
  }, BUILD_TIMEOUT_MS);

  afterAll(() => cleanup());

  it("contains none of the secret values set in the build's environment", () => {
    const files = readTree(clientDir);
    expect(files.some((f) => f.file.startsWith("assets/") && f.file.endsWith(".js"))).toBe(true);
    const findings = scan(
      clientDir,
      SECRET_VALUES.map((value) => ({ label: `secret value ${value.slice(0, 8)}…`, test: (text) => text.includes(value) })),
    );
    expect(findings).toEqual([]);
  });

  it("contains nothing shaped like a key or a password, in that build and in the project's build/client", async () => {
    await ensureProductionBuild();
    for (const dir of new Set([clientDir, path.join(buildDir, "client")])) {
      const findings = scan(
        dir,
        KEY_PATTERNS.map((pattern) => ({ label: `matches ${pattern}`, test: (text) => pattern.test(text) })),
      );
      expect(findings, dir).toEqual([]);
    }
  }, BUILD_TIMEOUT_MS);
});
