import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, ARGON2_PARALLEL, argon2Queue, hashPassword, needsRehash, verifyDummy, verifyPassword } from "./passwords.server";

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

  it("asks for a rehash when the stored cost is not today's", async () => {
    expect(needsRehash(await hashPassword("x".repeat(10)))).toBe(false);
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA")).toBe(true);
    expect(needsRehash("$2b$10$abcdefghijklmnopqrstuv")).toBe(true);
  });

  it("spends about as long on an unknown account as on a wrong password", async () => {
    const stored = await hashPassword("the real password");
    await verifyDummy("warm up"); // the dummy hash is made once, on first use
    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        const start = performance.now();
        await fn();
        samples.push(performance.now() - start);
      }
      // The fastest run is the work itself: a busy machine only ever adds to a sample.
      return Math.min(...samples);
    };
    const wrong = await time(() => verifyPassword(stored, "a wrong password"));
    const unknown = await time(() => verifyDummy("a wrong password"));
    expect(await verifyDummy("the real password")).toBe(false);
    // Same work (one argon2id verify at the same cost); generous bounds for a busy 2-core machine.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
    expect(unknown).toBeLessThan(wrong * 2.5);
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
