// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set. Without it (the embedded default)
// each mail is written to a file in DATA_DIR/outbox and the log names the file: a reset link is a
// credential, and logs are shipped and kept where files in the data directory are not
// (docs/reliability.md, "What logs never carry").
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  readonly transport: "smtp" | "log";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The mail as a plain RFC 5322-style text file an operator can read or open in a mail program. */
export function outboxText(from: string, message: MailMessage, date = new Date()): string {
  const headers = [`From: ${from}`, `To: ${message.to}`, ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []), `Subject: ${message.subject}`, `Date: ${date.toUTCString()}`, "Content-Type: text/plain; charset=utf-8"];
  return `${headers.join("\n")}\n\n${message.text}\n`;
}

export async function createMailer(env: Env, logger: Logger): Promise<Mailer> {
  if (!env.SMTP_URL) {
    const outbox = path.resolve(env.DATA_DIR, "outbox");
    // Created once, not before every mail (a receipt per checkout made it a visible cost under load);
    // a failed attempt is retried by the next mail, and a directory removed meanwhile is made again.
    let created: Promise<unknown> | undefined;
    const ensureOutbox = () =>
      (created ??= mkdir(outbox, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
        created = undefined;
        throw error;
      }));
    return {
      transport: "log",
      async send(message) {
        await ensureOutbox();
        const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
        const text = outboxText(env.MAIL_FROM, message);
        try {
          await writeFile(file, text, { mode: 0o600 });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          created = undefined;
          await ensureOutbox();
          await writeFile(file, text, { mode: 0o600 });
        }
        logger.info({ subject: message.subject, file }, "e-mail not sent (SMTP_URL not set): written to the outbox");
      },
      close() {},
    };
  }
  // Loaded only with SMTP_URL set: a site without it does not pay for loading nodemailer at every
  // start (docs/performance.md, "Restarts").
  const { default: nodemailer } = await import("nodemailer");
  const transporter = nodemailer.createTransport(env.SMTP_URL);
  return {
    transport: "smtp",
    async send(message) {
      await transporter.sendMail({ from: env.MAIL_FROM, ...message });
    },
    close() {
      transporter.close();
    },
  };
}
