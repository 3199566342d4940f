// The question length limit on its own, without zod: the service pages need only this number for
// the text box and its counter, and importing lib/contracts/ai.ts would add zod (~24 KB gzip) to them.
export const QUESTION_MAX = 2000;
/** A thread holds at most this many questions: the first and up to four follow-ups. */
export const THREAD_MAX = 5;
/**
 * A charged answer that missed the question may have its credit returned by the member for this many
 * days after it was answered, and at most CREDIT_RETURN_LIMIT times in any CREDIT_RETURN_LIMIT_DAYS:
 * enough for every honest miss, not a way to ask the model for nothing (lib/ai/credit-return.server.ts).
 */
export const CREDIT_RETURN_DAYS = 7;
export const CREDIT_RETURN_LIMIT = 10;
export const CREDIT_RETURN_LIMIT_DAYS = 30;
