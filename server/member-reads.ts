// The member's four reads, each one statement with the session (docs/decisions/0016-authenticated-reads.md):
// what each reads and the answer it gives, shared by the routers and the fast path
// (server/member-read-fast-path.ts) so both answer the same bytes.
import type { SQL } from "drizzle-orm";
import type { SessionUser } from "~/lib/accounts/sessions.server";
import { PROFILE_OF_SESSION_USER, profileOf } from "~/lib/accounts/settings.server";
import { toPublicUser } from "~/lib/accounts/users.server";
import { HISTORY_OF_SESSION_USER } from "~/lib/ai/history-read.server";
import type { AccountResponse } from "~/lib/contracts/account";
import type { AiHistoryResponse } from "~/lib/contracts/ai";
import type { PaymentHistoryResponse } from "~/lib/contracts/payment";
import type { MeResponse } from "~/lib/contracts/user";
import type { Lang } from "~/lib/i18n/languages";
import { PAYMENTS_OF_SESSION_USER } from "~/lib/payments/history-read.server";

export const meAnswer = (user: SessionUser): MeResponse => ({
  success: true,
  user: {
    ...toPublicUser(user),
    package: user.package,
    paymentDone: user.paymentDone,
  },
});

export const historyAnswer = (questions: AiHistoryResponse["questions"]): AiHistoryResponse => ({ success: true, questions });

export const paymentsAnswer = (payments: PaymentHistoryResponse["payments"]): PaymentHistoryResponse => ({ success: true, payments });

/** The account as read, in the language the member now uses (stored by the caller when it differs). */
export const accountAnswer = (user: SessionUser, profile: typeof PROFILE_OF_SESSION_USER._.type, lang: Lang): AccountResponse => ({
  success: true,
  account: profileOf(user, { ...profile, lang }),
});

export interface MemberRead {
  path: string;
  /** The subquery read with the session; null for /user/me, which needs only the session's user. */
  data: SQL | null;
  /** Takes `?limit=` (the history): its placeholder `limit` is filled from the query. */
  limited?: true;
  /** The 200 answer, or null when only the full chain may answer (a write is due). */
  answer(user: SessionUser, data: never, lang: Lang): object | null;
}

/** The reads the fast path answers (GET, exact path; `/ai/history` also with `?limit=`). */
export const MEMBER_READS: readonly MemberRead[] = [
  { path: "/api/v1/user/me", data: null, answer: (user) => meAnswer(user) },
  {
    path: "/api/v1/ai/history",
    data: HISTORY_OF_SESSION_USER,
    limited: true,
    answer: (_user, questions) => historyAnswer(questions),
  },
  {
    path: "/api/v1/payment/history",
    data: PAYMENTS_OF_SESSION_USER,
    answer: (_user, payments) => paymentsAnswer(payments),
  },
  {
    path: "/api/v1/account",
    data: PROFILE_OF_SESSION_USER,
    answer: (user, profile: typeof PROFILE_OF_SESSION_USER._.type, lang) =>
      profile.lang === lang ? accountAnswer(user, profile, lang) : null,
  },
];
