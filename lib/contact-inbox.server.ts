// Contact messages: validated input is stored in contact_messages (listed in the admin area) and
// e-mailed to CONTACT_EMAIL when it is set (the mailer logs instead when SMTP_URL is not set).
// Used by POST /api/v1/contact and by the contact page's form action (works without JavaScript).
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages, users } from "~/db/schema";
import { IdSchema, type ContactMessageItem, type MessageList, type MessageListQuery } from "~/lib/contracts/admin";
import { common } from "~/content/messages/common";
import type { AppContext } from "./app-context.server";
import { companyLegalName, type Env } from "./env.server";
import { ApiError, type LocalizedText } from "./http/api-error";
import { format } from "./i18n/format";
import type { Lang, Localized } from "./i18n/languages";
import { localePath } from "./i18n/paths";
import { labelled } from "./i18n/punctuation";
import { CONTACT_RATE_RULE } from "./rate-rules";
import { ContactSchema, HONEYPOT_FIELD, type ContactInput } from "./contracts/contact";
import { fieldErrors } from "./contracts/field-errors";

export const CONTACT_TEXT = {
  success: {
    en: "Thank you for contacting us. We'll get back to you within 24 hours.",
    ja: "お問い合わせいただき、誠にありがとうございます。24時間以内に担当者よりご連絡いたします。",
    zh: "感谢您与我们联系，我们将在24小时内回复您。",
  },
  spam: {
    en: "Your message looks like automated spam and was not sent. If you are a person, please reload the page, type your message again and send it.",
    ja: "自動送信されたスパムと判断されたため、メッセージは送信されませんでした。手動で送信されている場合は、ページを再読み込みし、メッセージを入力し直して送信してください。",
    zh: "您的留言被判定为自动发送的垃圾信息，未能提交。如果您并非机器人，请刷新页面，重新输入留言后再提交。",
  },
  rateLimited: {
    en: "You have sent several messages in a short time. Please wait a few minutes before sending another one.",
    ja: "短時間に複数のメッセージが送信されました。数分ほど時間をおいてから、もう一度お送りください。",
    zh: "您在短时间内发送了多条留言，请等待几分钟后再发送。",
  },
} satisfies Record<string, LocalizedText>;

/**
 * The acknowledgement a signed-in member gets for a message sent from their account's address. Sign-up
 * proves no address (anyone can register with anyone's), so it carries no text the sender chose: not
 * the subject, the message or the account's name, or the form would carry a stranger's words to any
 * address (a review of this feature). It promises the reply time the contact page states
 * (content/contact.ts: "within 24 hours"); the message itself is kept and listed for the team.
 */
export const CONTACT_ACK_MAIL = {
  subject: {
    en: "We have received your message to {siteName}",
    ja: "{siteName} へのお問い合わせを受け付けました",
    zh: "我们已收到您发给 {siteName} 的留言",
  },
  text: {
    en: "Hello,\n\nThank you for contacting {siteName}. We have received the message you sent through our contact form while signed in to your account, and we will get back to you within 24 hours.\n\nIf you did not write to us, you can ignore this e-mail.\n\n{siteName}\n{firm}",
    ja: "このたびは {siteName} にお問い合わせいただき、誠にありがとうございます。アカウントにログインした状態でお問い合わせフォームから送信されたメッセージを受け付けました。24時間以内に担当者よりご連絡いたします。\n\nお心当たりのない場合は、このメールを破棄してください。\n\n{siteName}\n{firm}",
    zh: "您好：\n\n感谢您联系 {siteName}。我们已收到您在登录账户后通过联系表单发送的留言，将在24小时内回复您。\n\n如果您并未联系过我们，请忽略此邮件。\n\n{siteName}\n{firm}",
  },
  contactPage: { en: "Contact page", ja: "お問い合わせページ", zh: "联系页面" },
} satisfies Record<string, LocalizedText>;

export type ContactParseResult =
  | { ok: true; data: ContactInput }
  | { ok: false; fields: Record<string, string>; codes: Record<string, string> };

/** Validates with the shared schema; field errors come back translated (for the form action). */
export function parseContact(value: unknown, lang: Lang): ContactParseResult {
  const result = ContactSchema.safeParse(value ?? {});
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, ...fieldErrors(result.error, lang) };
}

/** Header-safe single line (a subject typed with line breaks must not add mail headers). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

/** The signed-in member who sent a message, when the request carried a valid token. */
export interface ContactSender {
  email: string;
}

/**
 * The firm's details under an e-mail's signature, as the site shows them (FirmDetails): the legal name
 * when it is not the site's own, the configured address, phone and postal address, and the contact page.
 */
function firmLines(env: Pick<Env, "SITE_NAME" | "COMPANY_LEGAL_NAME" | "CONTACT_EMAIL" | "CONTACT_PHONE" | "CONTACT_ADDRESS">, origin: string, lang: Lang): string {
  const legalName = companyLegalName(env);
  const labels = common[lang].firm;
  return [
    legalName !== env.SITE_NAME && legalName,
    env.CONTACT_EMAIL && labelled(lang, labels.email, env.CONTACT_EMAIL),
    env.CONTACT_PHONE && labelled(lang, labels.phone, env.CONTACT_PHONE),
    env.CONTACT_ADDRESS && labelled(lang, labels.address, env.CONTACT_ADDRESS),
    labelled(lang, CONTACT_ACK_MAIL.contactPage[lang], `${origin}${localePath(lang, "/contact")}`),
  ]
    .filter(Boolean)
    .join("\n");
}

/** The acknowledgement of a stored message, in the language the message was written in. */
export function contactAckMail(
  env: Pick<Env, "SITE_NAME" | "COMPANY_LEGAL_NAME" | "CONTACT_EMAIL" | "CONTACT_PHONE" | "CONTACT_ADDRESS">,
  origin: string,
  lang: Lang,
): { subject: string; text: string } {
  const values = { siteName: env.SITE_NAME, firm: firmLines(env, origin, lang) };
  return {
    subject: oneLine(format(CONTACT_ACK_MAIL.subject[lang], values)).slice(0, 250),
    text: format(CONTACT_ACK_MAIL.text[lang], values),
  };
}

/** Whether the address typed in the form is the account's own (letter case ignored). */
const sameAddress = (typed: string, account: string) => typed.trim().toLowerCase() === account.trim().toLowerCase();

/** How long a message sent again with the same words counts as a copy of the first. */
const REPEAT_WINDOW = sql`interval '10 minutes'`;
/** The first key of the advisory locks that put one sender's messages in line (any number unused elsewhere). */
const CONTACT_LOCK_SPACE = 7_301;

/**
 * Stores the message unless the same sender (address in any letter case) sent the same words (in any
 * Unicode normalization form) in the last 10 minutes: then the earlier one's id, `repeated`. Twenty
 * copies sent at once were all stored and mailed (a stranger); a lock on the sender's address puts
 * them in line, so each finds the first.
 */
async function storeOnce(db: Db, typed: ContactInput, lang: Lang): Promise<{ id: string; repeated: boolean }> {
  // Kept in Unicode's composed form: "é" typed as e and a combining accent is the same word (a stranger).
  const nfc = (text: string) => text.normalize("NFC");
  const input = { ...typed, name: nfc(typed.name), company: nfc(typed.company), subject: nfc(typed.subject), message: nfc(typed.message) };
  const sender = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_SPACE}, hashtext(${sender}))`);
    const [earlier] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          gt(contactMessages.createdAt, sql`now() - ${REPEAT_WINDOW}`),
          sql`lower(${contactMessages.email}) = ${sender}`,
          eq(contactMessages.name, input.name),
          eq(contactMessages.company, input.company),
          eq(contactMessages.subject, input.subject),
          eq(contactMessages.message, input.message),
          eq(contactMessages.service, input.service),
        ),
      )
      .limit(1);
    if (earlier) return { id: earlier.id, repeated: true };
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        company: input.company,
        subject: input.subject,
        message: input.message,
        service: input.service,
        lang,
      })
      .returning({ id: contactMessages.id });
    return { id: row!.id, repeated: false };
  });
}

/**
 * Stores a validated message, notifies the team and, when `sender` (the signed-in member) gave their
 * own account's address, mails them an acknowledgement. A copy of a message stored in the last 10
 * minutes is neither stored nor mailed again: its answer names the first (storeOnce). Throws ApiError
 * 400 (honeypot filled) or 429 (too many messages from this address); nothing is stored in either
 * case. A failed mail is logged, never an error: the message is stored and listed in the admin area.
 */
export async function submitContact(
  appContext: AppContext,
  input: ContactInput,
  context: { ip: string; lang: Lang; sender?: ContactSender | null },
): Promise<{ id: string; acknowledged: boolean }> {
  const { db, env, logger, mailer, rateLimiter, site } = appContext;
  if (input[HONEYPOT_FIELD]) {
    logger.info({ ip: context.ip }, "contact form: honeypot filled, message rejected");
    throw new ApiError(400, "spam_rejected", CONTACT_TEXT.spam);
  }
  await rateLimiter.enforce(CONTACT_RATE_RULE, context.ip, CONTACT_TEXT.rateLimited);

  const stored = await storeOnce(db, input, context.lang);
  // A copy (a double submit, a retry after a lost answer) was stored and mailed with the first.
  if (stored.repeated) return { id: stored.id, acknowledged: false };
  const { id } = stored;

  const notify = async (teamAddress: string) => {
    try {
      await mailer.send({
        to: teamAddress,
        replyTo: input.email,
        subject: oneLine(`[${env.SITE_NAME}] Contact: ${input.subject}`).slice(0, 250),
        text: [
          `New message from the contact form (${context.lang}).`,
          "",
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `Company: ${input.company || "-"}`,
          `Service: ${input.service}`,
          `Subject: ${input.subject}`,
          "",
          input.message,
          "",
          `Message id: ${id}`,
        ].join("\n"),
      });
    } catch (error) {
      // The message is stored and listed in the admin area; a mail outage must not lose it.
      logger.warn({ err: error, id }, "contact form: notification e-mail failed");
    }
  };
  // Only to the account's own address, and in words the firm chose (CONTACT_ACK_MAIL): an address
  // anyone can type, or a text anyone can write, would make the form a relay.
  const acknowledge = async (sender: ContactSender): Promise<boolean> => {
    try {
      await mailer.send({
        to: sender.email,
        ...(env.CONTACT_EMAIL ? { replyTo: env.CONTACT_EMAIL } : {}),
        ...contactAckMail(env, site.origin, context.lang),
      });
      return true;
    } catch (error) {
      logger.warn({ err: error, id }, "contact form: acknowledgement e-mail failed");
      return false;
    }
  };
  const sender = context.sender && sameAddress(input.email, context.sender.email) ? context.sender : null;
  // Side by side: the answer waits no longer than it did for the notification alone.
  const [, acknowledged] = await Promise.all([
    env.CONTACT_EMAIL ? notify(env.CONTACT_EMAIL) : undefined,
    sender ? acknowledge(sender) : false,
  ]);
  return { id, acknowledged };
}

/** Largest form body the contact page's action reads (the message limit plus generous room). */
export const CONTACT_FORM_MAX_BYTES = 64 * 1024;

/**
 * Reads a posted form (urlencoded or multipart) without trusting its declared size: "too_large" when
 * the body exceeds `maxBytes` (the action answers 413), null when it cannot be parsed as a form.
 */
export async function readFormBody(request: Request, maxBytes = CONTACT_FORM_MAX_BYTES): Promise<FormData | null | "too_large"> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return "too_large";
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return "too_large";
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" },
      body,
    }).formData();
  } catch {
    return null;
  }
}

// The contact inbox of the admin area: messages newest first (contact_messages_created_idx), with a
// read/unread state kept in read_at.
export const ADMIN_MESSAGE_ERRORS = {
  notFound: {
    en: "This message does not exist.",
    ja: "このメッセージは存在しません。",
    zh: "该留言不存在。",
  },
} satisfies Record<string, Localized<string>>;

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  company: contactMessages.company,
  subject: contactMessages.subject,
  message: contactMessages.message,
  service: contactMessages.service,
  lang: contactMessages.lang,
  readAt: contactMessages.readAt,
  createdAt: contactMessages.createdAt,
  // The account that uses the sender's address (on users_email_lower_key), so the operator can open
  // it from the message; the address is what the sender typed, so it says who uses it, not who wrote.
  memberId: sql<string | null>`(select member.id from ${users} member where lower(member.email) = lower(${contactMessages}.email))`,
};

const FILTERS = {
  all: undefined,
  unread: isNull(contactMessages.readAt),
  read: isNotNull(contactMessages.readAt),
} as const;

/** Dates as the API writes them (ISO strings). */
const toItem = (row: Omit<ContactMessageItem, "readAt" | "createdAt"> & { readAt: Date | null; createdAt: Date }): ContactMessageItem => ({
  ...row,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listMessages(db: Db, query: MessageListQuery): Promise<MessageList> {
  const where = FILTERS[query.status];
  const [rows, [totalRow], [unreadRow]] = await Promise.all([
    db
      .select(columns)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(FILTERS.unread),
  ]);
  return {
    messages: rows.map(toItem),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totalRow?.n ?? 0),
    unread: Number(unreadRow?.n ?? 0),
  };
}

/** Marks a message read (keeping the first read time) or unread again. */
export async function setMessageRead(db: Db, id: string, read: boolean): Promise<ContactMessageItem> {
  if (!IdSchema.safeParse(id).success) throw new ApiError(404, "message_not_found", ADMIN_MESSAGE_ERRORS.notFound);
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning(columns);
  if (!row) throw new ApiError(404, "message_not_found", ADMIN_MESSAGE_ERRORS.notFound);
  return toItem(row);
}
