// The contact inbox of the admin area: messages newest first (contact_messages_created_idx), with a
// read/unread state kept in read_at.
import { count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { contactMessages } from "../../db/schema";
import { ApiError } from "../http/api-error";
import type { Localized } from "../i18n/languages";
import { IdSchema, type MessageListQuery } from "../schemas/admin";

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
};

const FILTERS = {
  all: undefined,
  unread: isNull(contactMessages.readAt),
  read: isNotNull(contactMessages.readAt),
} as const;

export async function listMessages(db: Db, query: MessageListQuery) {
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
    messages: rows,
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totalRow?.n ?? 0),
    unread: Number(unreadRow?.n ?? 0),
  };
}

/** Marks a message read (keeping the first read time) or unread again. */
export async function setMessageRead(db: Db, id: string, read: boolean) {
  if (!IdSchema.safeParse(id).success) throw new ApiError(404, "message_not_found", ADMIN_MESSAGE_ERRORS.notFound);
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning(columns);
  if (!row) throw new ApiError(404, "message_not_found", ADMIN_MESSAGE_ERRORS.notFound);
  return row;
}
