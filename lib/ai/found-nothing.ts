// Whether a stored reply found nothing to answer with: the free reply from the site's material to a
// question it has no answer for. Thanks or a greeting also get a free reply, but they asked nothing
// (lib/ai/courtesy.ts decides it from the same text), so theirs is not "nothing found".
import { courtesyOf } from "./courtesy";

export interface RepliedQuestion {
  status: string;
  source: string;
  creditsSpent: number;
  question: string;
}

/** A reply that found nothing, in a thread that found nothing else (foundSomething), cannot be followed up. */
export const foundNothing = (item: RepliedQuestion): boolean =>
  item.status === "answered" && item.source === "knowledge_base" && item.creditsSpent === 0 && !courtesyOf(item.question);

/**
 * Whether a thread (its turns up to the one followed up) has something to build on: a reply that did
 * not find nothing. A free reply after a real answer (the site has nothing more, or the follow-up
 * only repeated it) leaves the thread open: its earlier answers are still there to build on.
 */
export const foundSomething = (thread: readonly RepliedQuestion[]): boolean =>
  thread.some((item) => item.status === "answered" && !foundNothing(item));
