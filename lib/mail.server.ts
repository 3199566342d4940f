// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise written to the log.
import nodemailer from "nodemailer";
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

export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_URL) {
    return {
      transport: "log",
      async send(message) {
        // No SMTP configured: the operator reads the mail (e.g. a reset link) in the log.
        logger.info({ mail: message }, "e-mail (SMTP_URL not set, logged instead of sent)");
      },
      close() {},
    };
  }
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
