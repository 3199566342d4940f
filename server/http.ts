// Small helpers every API router uses: services, language, validation, authentication, account mail.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Request } from "express";
import type { z } from "zod";
import type { SQL } from "drizzle-orm";
import { getSessionUser, readWithSession, type SessionUser } from "~/lib/accounts/sessions.server";
import type { AppContext } from "~/lib/app-context.server";
import { ApiError, COMMON_ERRORS, unauthorized, type LocalizedText } from "~/lib/http/api-error";
import { format } from "~/lib/i18n/format";
import { isLang, namedLangTag, type Lang } from "~/lib/i18n/languages";
import { fieldErrors } from "~/lib/contracts/field-errors";
import { chooseLanguage, firstSupported, LANGUAGE_COOKIE, parseAcceptLanguage, readCookie } from "~/lib/i18n/negotiate";

export function appContext(req: Request): AppContext {
  return req.app.locals.appContext as AppContext;
}

/**
 * Mails an account's texts in `lang`, filled with `values` and the site's name, without waiting: the
 * answer never depends on the mail (nor takes longer when an account exists). A failure is logged as `failure`.
 */
export function sendAccountMail(
  req: Request,
  to: string,
  subject: LocalizedText,
  text: LocalizedText,
  lang: Lang,
  values: Record<string, string>,
  failure = "account e-mail could not be sent",
): void {
  const { mailer, logger, env } = appContext(req);
  const all = { siteName: env.SITE_NAME, ...values };
  mailer
    .send({ to, subject: format(subject[lang], all), text: format(text[lang], all) })
    .catch((error: unknown) => logger.error({ err: error }, failure));
}

/** The language of an API answer: ?lang, then body.lang, then Accept-Language (sent by our client), then the cookie. */
export function requestLang(req: Request): Lang {
  const query = namedLangTag(req.query?.lang);
  if (query) return query;
  const bodyLang = (req.body as { lang?: unknown } | undefined)?.lang;
  if (isLang(bodyLang)) return bodyLang;
  return headerLang(req.headers);
}

/**
 * requestLang() without ?lang and a body: a language of the site named by Accept-Language (the site's
 * own client sends the page's), then the cookie.
 */
export function headerLang(headers: IncomingHttpHeaders): Lang {
  return firstSupported(parseAcceptLanguage(headers["accept-language"])) ?? chooseLanguage(readCookie(headers.cookie, LANGUAGE_COOKIE), []);
}

/**
 * Parses with a shared zod schema. A failure is a 400 whose `fields` map each field to its
 * translated message and `codes` to the schema's code (fieldErrors(), lib/contracts/field-errors.ts).
 */
export function parseBody<S extends z.ZodType>(req: Request, schema: S, value: unknown): z.output<S> {
  // Every body the API reads is an object; the JSON parser also passes an array (found by an attacker:
  // it was told of a field named "_").
  if (Array.isArray(value)) throw new ApiError(400, "invalid_json", COMMON_ERRORS.jsonObjectExpected);
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new ApiError(400, "validation_failed", COMMON_ERRORS.validation, { ...fieldErrors(result.error, requestLang(req)) });
  }
  return result.data;
}

export function bearerToken(req: { headers: IncomingHttpHeaders }): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The request's session user once looked up: null when its token has none. */
type SignedIn = { _user?: SessionUser | null };

/**
 * Notes on the request that its token has no session (server/member-read-fast-path.ts looked it up
 * before handing the request to the chain): the chain's 401 then costs no second lookup.
 */
export function rememberNoSession(req: IncomingMessage): void {
  (req as IncomingMessage & SignedIn)._user = null;
}

/** The signed-in user, or null. Cached on the request. */
export async function getUser(req: Request): Promise<SessionUser | null> {
  const cached = (req as Request & SignedIn)._user;
  if (cached !== undefined) return cached;
  const { db, sessionTouches } = appContext(req);
  const user = await getSessionUser(db, bearerToken(req), sessionTouches);
  (req as Request & SignedIn)._user = user;
  return user;
}

/**
 * A member's read in one statement: the session's user and `data` (a constant subquery on
 * `sessionUserId` whose placeholders `params` fills, lib/accounts/sessions.server.ts). 401 without a valid token.
 */
export async function requireUserWith<T>(req: Request, data: SQL<T>, params?: Record<string, unknown>): Promise<{ user: SessionUser; data: T }> {
  if ((req as Request & SignedIn)._user === null) throw unauthorized();
  const { db, sessionTouches } = appContext(req);
  const read = await readWithSession(db, bearerToken(req), data, sessionTouches, params);
  if (!read) throw unauthorized();
  (req as Request & SignedIn)._user = read.user;
  return read;
}

/** 401 without a valid token. */
export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await getUser(req);
  if (!user) throw unauthorized();
  return user;
}

/** 401 without a valid token, 403 for a signed-in non-admin. */
export async function requireAdmin(req: Request): Promise<SessionUser> {
  const user = await requireUser(req);
  if (user.role !== "admin") throw new ApiError(403, "forbidden", COMMON_ERRORS.forbidden);
  return user;
}

/** The client's address as Express sees it (honours TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
