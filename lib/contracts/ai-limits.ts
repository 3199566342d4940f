// The question length limit on its own, without zod: the service pages need only this number for
// the text box and its counter, and importing lib/contracts/ai.ts would add zod (~24 KB gzip) to them.
export const QUESTION_MAX = 2000;
/** A thread holds at most this many questions: the first and up to four follow-ups. */
export const THREAD_MAX = 5;
