// Password hashing: argon2id at one of OWASP's equivalent minimum settings, 7 MiB memory, 5 passes,
// 1 lane (docs/decisions/0020-argon2id-7-mib-5-passes.md). On the 2-core reference machine it costs
// 20-35 % less CPU than the 19 MiB, 2-pass setting (the 7 MiB block stays in the shared L3 cache), and a
// burst of log-ins holds 7 MiB per hash instead of 19. Hashes made at an older cost are rehashed at
// the next log-in (needsRehash). Figures: docs/performance.md (npm run bench).
//
// At most ARGON2_PARALLEL hashes (one per core) run at once per process: @node-rs/argon2 runs on
// libuv's threadpool (4 threads), so a burst of log-ins would otherwise put four hashes per
// instance on 2 cores, where they finish no sooner but take the event loop's turns from every other
// request; past the limit, log-ins wait in line instead. Not fewer than the cores: on a busy
// machine a single slot made log-ins queue for seconds (docs/performance.md, "Two instances on
// one PostgreSQL").
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2 as Algorithm,
  memoryCost: 7_168,
  timeCost: 5,
  parallelism: 1,
} as const;

/** The parameter part every hash made with today's cost starts with (older costs get rehashed at log-in). */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export const ARGON2_PARALLEL = availableParallelism();

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than ARGON2_PARALLEL hashes are running, first come first served. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes are running and waiting (for the tests). */
export const argon2Queue = () => ({ running, waiting: waiting.length });

/*
 * A password is hashed and compared in Unicode's composed form (NFC): "café" typed where é is one
 * character and where it is e and a combining accent is the same password to the person typing it
 * (found by an attacker: the second was refused). NIST SP 800-63B asks for a normalisation too.
 */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password.normalize("NFC"), ARGON2_OPTIONS));
}

/**
 * Compares in constant time (inside argon2). A malformed stored hash counts as a mismatch. A password
 * that normalisation changes is also compared as typed, so a hash made before passwords were
 * normalised still opens (a second verify only for such passwords, inside the refusal's time floor).
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  const normalized = password.normalize("NFC");
  return (await verifiedAs(storedHash, normalized)) || (normalized !== password && (await verifiedAs(storedHash, password)));
}

async function verifiedAs(storedHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(storedHash, password));
  } catch {
    return false;
  }
}

export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PREFIX);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends one verify against a hash of a random secret, so an unknown e-mail takes as long as a
 * wrong password (no account enumeration by timing). Always false.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}
