// Creates an administrator, or promotes an existing account (and sets its password):
//   npm run admin:create -- --email admin@example.com --password 'a long password' [--name "Ada"]
// Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR) and migrates it first.
// With PGlite, stop the server first: the embedded database is opened by one process at a time.
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { ensureAdmin } from "~/lib/accounts/admin.server";
import { EnvError, parseEnv } from "~/lib/env.server";
import { fieldErrorText } from "~/lib/contracts/field-errors";
import { ExistingEmailSchema, NAME_MAX, NewPasswordSchema } from "~/lib/contracts/user";

const USAGE = "Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]";

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(1);
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const email = ExistingEmailSchema.safeParse(args.email);
  if (!email.success) fail(`--email: ${fieldErrorText(email.error.issues[0]!.message, "en")}`);
  const password = NewPasswordSchema.safeParse(args.password);
  if (!password.success) fail(`--password: ${fieldErrorText(password.error.issues[0]!.message, "en")}`);
  const name = args.name?.trim();
  if (name && name.length > NAME_MAX) fail(`--name: at most ${NAME_MAX} characters`);

  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    await database.migrate();
    const result = await ensureAdmin(database.db, {
      email: email.data,
      password: password.data,
      name: name || undefined,
      mode: "cli",
      startingCredits: env.STARTING_CREDITS,
    });
    const what = {
      created: "Created administrator",
      promoted: "Promoted to administrator (password set, existing sessions signed out)",
      updated: "Administrator password updated (existing sessions signed out)",
      unchanged: "Administrator unchanged",
    }[result.action];
    process.stdout.write(`${what}: ${result.user.email} (${database.kind === "pglite" ? `PGlite in ${env.DATA_DIR}` : "PostgreSQL"})\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
