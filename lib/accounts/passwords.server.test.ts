import * as argon2 from "@node-rs/argon2";
import { describe, expect, it, vi } from "vitest";
import type * as Passwords from "./passwords.server";

// The real argon2, watched: which hashes a verify compares against (not how long it takes).
vi.mock("@node-rs/argon2", async (original) => {
  const real = await original<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});
// This file's own copy of the module, which reads the watched argon2: test files share their
// worker's modules (isolate: false, vitest.config.ts), and one run before this one may have loaded
// passwords.server with the real argon2, whose verifies this file would then not see.
const { ARGON2_OPTIONS, ARGON2_PARALLEL, argon2Queue, hashPassword, needsRehash, verifyDummy, verifyPassword } = (await import(
  "./passwords.server?watched-argon2" as string
)) as typeof Passwords;

describe("passwords", () => {
  it("hashes with argon2id at the documented cost, salted", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(a).not.toBe(b);
    // One of OWASP's equivalent minimum settings (docs/decisions/0020-argon2id-7-mib-5-passes.md).
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 7_168, timeCost: 5, parallelism: 1 });
  });

  it("verifies the right password only, and treats a malformed hash as a mismatch", async () => {
    const stored = await hashPassword("パスワード🔑 with unicode");
    expect(await verifyPassword(stored, "パスワード🔑 with unicode")).toBe(true);
    expect(await verifyPassword(stored, "パスワード🔑 with unicodE")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
    expect(await verifyPassword("", "anything")).toBe(false);
  });

  // Found by an attacker: "café" set on a keyboard that composes (é, one character) did not open
  // the account from one that decomposes (e and a combining accent), though a person typed the same.
  it("takes a password typed composed or decomposed as the same, and still opens a hash made before", async () => {
    const composed = "caf\u00e9 pass phrase";
    const decomposed = "cafe\u0301 pass phrase";
    expect(await verifyPassword(await hashPassword(decomposed), composed)).toBe(true);
    expect(await verifyPassword(await hashPassword(composed), decomposed)).toBe(true);
    // A hash of the decomposed form as typed, made before passwords were normalised.
    const before = await argon2.hash(decomposed, ARGON2_OPTIONS);
    expect(await verifyPassword(before, decomposed)).toBe(true);
    expect(await verifyPassword(before, "cafe pass phrase")).toBe(false);
  });

  it("asks for a rehash when the stored cost is not today's", async () => {
    expect(needsRehash(await hashPassword("x".repeat(10)))).toBe(false);
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA")).toBe(true);
    expect(needsRehash("$2b$10$abcdefghijklmnopqrstuv")).toBe(true);
  });

  // Asserted as work done, not as time: a wall-time comparison failed on a busy 2-core machine.
  it("spends the same work on an unknown account as on a wrong password: one verify at today's cost, in line", async () => {
    const stored = await hashPassword("the real password");
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    expect(await verifyPassword(stored, "a wrong password")).toBe(false);
    let runningDuringDummy = 0;
    const dummy = verifyDummy("a wrong password");
    const watch = setInterval(() => (runningDuringDummy = Math.max(runningDuringDummy, argon2Queue().running)), 0);
    expect(await dummy).toBe(false);
    clearInterval(watch);
    expect(await verifyDummy("the real password")).toBe(false);
    // Three verifies: the wrong password, then one per unknown account, each against a hash made at
    // today's cost (the dummy is hashed once, on first use), and in the same line as real log-ins.
    expect(verify).toHaveBeenCalledTimes(3);
    const [[wrongHash, wrongPassword], [dummyHash, dummyPassword], [againHash]] = verify.mock.calls as unknown as [string, string][];
    expect([wrongHash, wrongPassword]).toEqual([stored, "a wrong password"]);
    expect(dummyPassword).toBe("a wrong password");
    expect(needsRehash(dummyHash!)).toBe(false);
    expect(dummyHash).not.toBe(stored);
    expect(againHash).toBe(dummyHash);
    expect(runningDuringDummy).toBe(1);
    expect(argon2Queue()).toEqual({ running: 0, waiting: 0 });
  });

  it("runs at most ARGON2_PARALLEL hashes at once; the rest wait in line and all finish", async () => {
    const stored = await hashPassword("in line");
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, argon2Queue().running)), 1);
    const results = await Promise.all(Array.from({ length: ARGON2_PARALLEL + 3 }, (_, i) => verifyPassword(stored, i % 2 ? "in line" : "wrong")));
    clearInterval(watch);
    expect(results).toEqual(Array.from({ length: ARGON2_PARALLEL + 3 }, (_, i) => i % 2 === 1));
    expect(most).toBeLessThanOrEqual(ARGON2_PARALLEL);
    expect(ARGON2_PARALLEL).toBeGreaterThanOrEqual(1);
    expect(argon2Queue()).toEqual({ running: 0, waiting: 0 });
  });
});
