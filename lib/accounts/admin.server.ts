// The admin role is a column on the server; the first administrator comes from the CLI
// (`npm run admin:create`), from ADMIN_EMAIL + ADMIN_PASSWORD at start-up, or, on the embedded
// default with neither, from a generated account whose password is printed once.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { AppContext } from "~/lib/app-context.server";
import { hashPassword } from "./passwords.server";
import { revokeAllSessions } from "./sessions.server";
import type { PublicUser } from "~/lib/contracts/user";
import { EmailTakenError, findUserByEmail, registerUser } from "./users.server";

export type EnsureAdminResult = { action: "created" | "promoted" | "updated" | "unchanged"; user: PublicUser };

export interface EnsureAdminOptions {
  email: string;
  password: string;
  name?: string;
  /**
   * "cli": the operator asked explicitly, so the password is (re)set even for an existing admin.
   * "startup": an existing admin is left alone (a password changed since must survive restarts).
   * In both modes an existing non-admin account that gets promoted receives the given password and
   * loses its sessions, so whoever registered that address before the operator does not become admin.
   */
  mode: "cli" | "startup";
  startingCredits: number;
}

export async function ensureAdmin(db: Db, options: EnsureAdminOptions): Promise<EnsureAdminResult> {
  for (let attempt = 0; ; attempt++) {
    const existing = await findUserByEmail(db, options.email);
    if (!existing) {
      try {
        const user = await registerUser(
          db,
          { email: options.email, password: options.password, name: options.name, role: "admin" },
          options.startingCredits,
        );
        return { action: "created", user };
      } catch (error) {
        // Another instance created it at the same moment: go round once more and promote.
        if (error instanceof EmailTakenError && attempt === 0) continue;
        throw error;
      }
    }
    if (existing.role === "admin" && options.mode === "startup") {
      return { action: "unchanged", user: existing };
    }
    const passwordHash = await hashPassword(options.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          role: "admin",
          passwordHash,
          ...(options.name ? { name: options.name } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id));
      await revokeAllSessions(tx, existing.id);
    });
    return {
      action: existing.role === "admin" ? "updated" : "promoted",
      user: { ...existing, role: "admin", name: options.name || existing.name },
    };
  }
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

/** `admin@<SITE_URL host>`, or `admin@localhost` without SITE_URL. */
export function defaultAdminEmail(siteUrl: string | undefined): string {
  let host = "localhost";
  if (siteUrl) {
    try {
      host = new URL(siteUrl).hostname.replace(/^www\./, "") || host;
    } catch {
      // SITE_URL is validated by the env schema; keep localhost if it still cannot be parsed.
    }
  }
  return `admin@${host}`;
}

export const generatePassword = () => randomBytes(18).toString("base64url");

/**
 * Runs at start-up after the migrations. ADMIN_EMAIL + ADMIN_PASSWORD create or promote that admin.
 * Without them, on the embedded PGlite database with no admin yet, creates one with a random
 * password and writes the credentials once to `print` (stdout); on PostgreSQL it only warns.
 */
export async function bootstrapAdmin(
  appContext: Pick<AppContext, "env" | "db" | "database" | "logger">,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<EnsureAdminResult | null> {
  const { env, db, logger } = appContext;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const result = await ensureAdmin(db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      mode: "startup",
      startingCredits: env.STARTING_CREDITS,
    });
    logger.info({ admin: result.user.email, action: result.action }, "administrator from ADMIN_EMAIL");
    return result;
  }
  if (await hasAdmin(db)) return null;
  if (appContext.database.kind !== "pglite") {
    logger.warn(
      "no administrator account exists; create one with `npm run admin:create -- --email <email> --password <password>` or set ADMIN_EMAIL and ADMIN_PASSWORD",
    );
    return null;
  }
  const email = defaultAdminEmail(env.SITE_URL);
  const password = generatePassword();
  const result = await ensureAdmin(db, { email, password, mode: "startup", startingCredits: env.STARTING_CREDITS });
  logger.info({ admin: email, action: result.action }, "administrator created with a generated password");
  print(
    [
      "",
      "  An administrator account was created (shown only this once):",
      `    email:    ${email}`,
      `    password: ${password}`,
      `  Log in at /login. Change it with: npm run admin:create -- --email ${email} --password <new password>`,
      "",
      "",
    ].join("\n"),
  );
  return result;
}
