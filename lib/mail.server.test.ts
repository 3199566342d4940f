import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { createMailer } from "./mail.server";

describe("mail without SMTP_URL", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("writes the mail to DATA_DIR/outbox, readable only by the owner, and logs no link, token or address", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "taxatlas-outbox-"));
    const lines: string[] = [];
    const logger = pino(new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const mailer = await createMailer(parseEnv({ DATA_DIR: dir, LOG_LEVEL: "info" }), logger);
    const link = "http://localhost:3000/reset-password?token=secret-token-value";
    await mailer.send({ to: "member@example.test", subject: "Reset your password", text: `Open ${link}` });

    const files = readdirSync(path.join(dir, "outbox"));
    expect(files).toHaveLength(1);
    const file = path.join(dir, "outbox", files[0]!);
    expect(readFileSync(file, "utf8")).toContain(link);
    expect(readFileSync(file, "utf8")).toContain("To: member@example.test");
    expect(statSync(file).mode & 0o077).toBe(0);
    const log = lines.join("");
    expect(log).toContain("outbox");
    expect(log).not.toContain("secret-token-value");
    expect(log).not.toContain("member@example.test");
  });

  it("creates the outbox once, and again when it was removed meanwhile", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "taxatlas-outbox-"));
    const mailer = await createMailer(parseEnv({ DATA_DIR: dir, LOG_LEVEL: "silent" }), pino({ level: "silent" }));
    await Promise.all([1, 2, 3].map((n) => mailer.send({ to: "a@example.test", subject: `Mail ${n}`, text: "x" })));
    expect(readdirSync(path.join(dir, "outbox"))).toHaveLength(3);
    rmSync(path.join(dir, "outbox"), { recursive: true, force: true });
    await mailer.send({ to: "a@example.test", subject: "After the clean-up", text: "x" });
    expect(readdirSync(path.join(dir, "outbox"))).toHaveLength(1);
  });
});
