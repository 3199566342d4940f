// The operator's setup checklist on the admin dashboard: which embedded defaults are still in use.
// Computed from the validated configuration on every request; it names variables and never carries
// their values (the texts live in content/messages/admin.ts, keyed by item id).
import { sql } from "drizzle-orm";
import { users } from "~/db/schema";
import type { AppContext } from "~/lib/app-context.server";
import { verifyPassword } from "~/lib/accounts/passwords.server";
import type { SetupItem, SetupItemId } from "~/lib/contracts/admin-setup";

type Ctx = Pick<AppContext, "env" | "db" | "site" | "database">;

const item = (id: SetupItemId, done: boolean, variables: string[], docs: string, missing: string[] = []): SetupItem => ({
  id,
  status: done ? "done" : "todo",
  variables,
  missing: done ? [] : missing.length ? missing : variables,
  docs,
});

const CONFIGURATION = "docs/deployment.md#2-configuration";
const SECRETS = "docs/deployment.md#6-secrets";

/** Whether the account named by ADMIN_EMAIL still signs in with ADMIN_PASSWORD (a password kept in the environment in clear). */
async function bootstrapPasswordInUse(ctx: Ctx): Promise<boolean> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.env;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return false;
  const [row] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${ADMIN_EMAIL.toLowerCase()}`)
    .limit(1);
  return row ? verifyPassword(row.hash, ADMIN_PASSWORD) : false;
}

export async function setupChecklist(ctx: Ctx): Promise<SetupItem[]> {
  const { env } = ctx;
  const stripe = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);
  const contactMissing = (["CONTACT_EMAIL", "CONTACT_PHONE", "CONTACT_ADDRESS"] as const).filter((k) => !env[k]);
  const items: SetupItem[] = [
    item("site_url", ctx.site.configured, ["SITE_URL"], CONFIGURATION),
    item("payments", stripe, ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"], CONFIGURATION, [
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
    ]),
  ];
  // The webhook matters only once real payments are on; in test mode the payments item covers it.
  if (stripe) items.push(item("stripe_webhook", Boolean(env.STRIPE_WEBHOOK_SECRET), ["STRIPE_WEBHOOK_SECRET"], CONFIGURATION));
  items.push(
    item("ai", Boolean(env.AI_API_KEY), ["AI_API_KEY", "AI_BASE_URL", "AI_MODEL"], CONFIGURATION, ["AI_API_KEY"]),
    item("email", Boolean(env.SMTP_URL), ["SMTP_URL", "MAIL_FROM"], CONFIGURATION, ["SMTP_URL"]),
    item("mail_from", !/@localhost>?\s*$/i.test(env.MAIL_FROM), ["MAIL_FROM"], CONFIGURATION),
    item("contact", contactMissing.length === 0, ["CONTACT_EMAIL", "CONTACT_PHONE", "CONTACT_ADDRESS"], CONFIGURATION, contactMissing),
    item("legal_name", Boolean(env.COMPANY_LEGAL_NAME), ["COMPANY_LEGAL_NAME"], CONFIGURATION),
    // Not every firm is registered for tax (in Japan a small business may issue no qualified invoices): a note.
    { ...item("tax_id", Boolean(env.COMPANY_TAX_ID), ["COMPANY_TAX_ID"], CONFIGURATION), ...(env.COMPANY_TAX_ID ? {} : { status: "info" as const }) },
    item("admin_password", !(await bootstrapPasswordInUse(ctx)), ["ADMIN_PASSWORD"], SECRETS),
    // The embedded database is a fair choice for one instance; it is shown, not counted as missing.
    { ...item("database", Boolean(env.DATABASE_URL), ["DATABASE_URL"], "docs/deployment.md#5-backups-and-restore"), ...(env.DATABASE_URL ? {} : { status: "info" as const }) },
  );
  return items;
}
