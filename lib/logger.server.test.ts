import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggedUrl, REDACT_PATHS, serializeError } from "./logger.server";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
const EMAIL = "victim@example.test";

/** Shaped like drizzle's DrizzleQueryError around a PostgreSQL error. */
function queryError(): Error {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code: "22021",
    detail: `Key (email)=(${EMAIL}) already exists.`,
    where: `unnamed portal parameter $1 = '${EMAIL}'`,
  });
  return Object.assign(new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ${EMAIL},${HASH}`, { cause }), {
    name: "DrizzleQueryError",
    query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
    params: [EMAIL, HASH],
  });
}

describe("log lines", () => {
  it("an error keeps its SQL and code but never the query's values, hash or e-mail", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ redact: { paths: REDACT_PATHS }, serializers: { err: serializeError } }, sink);
    logger.error({ err: queryError() }, "unhandled API error");
    const text = lines.join("");
    expect(text).toContain("Failed query: insert into");
    expect(text).toContain("22021");
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain("$argon2");
  });

  it("serializes non-errors unchanged and drops value fields", () => {
    expect(serializeError({ message: "x\nparams: a,b", params: [1] })).toEqual({ message: "x\nparams: [redacted]" });
    expect(serializeError("plain")).toBe("plain");
  });

  it("a request URL is logged without its query", () => {
    expect(loggedUrl("/reset-password?token=secret")).toBe("/reset-password");
    expect(loggedUrl("/about")).toBe("/about");
  });
});
