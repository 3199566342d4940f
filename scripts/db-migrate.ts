// npm run db:migrate: applies the committed migrations (db/migrations) to the configured database:
// PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. The server also migrates at
// start-up; this is for deploy pipelines that migrate before rolling out new instances.
// With PGlite, stop the server first: the embedded database is opened by one process at a time.
import { openDatabase } from "~/db/client.server";
import { EnvError, parseEnv } from "~/lib/env.server";

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
  try {
    await database.migrate();
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.DATA_DIR}`;
    process.stdout.write(`Database migrated: ${where}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
