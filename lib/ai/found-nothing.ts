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

/** A reply that found nothing cannot be followed up: there is no answer to build on. */
export const foundNothing = (item: RepliedQuestion): boolean =>
  item.status === "answered" && item.source === "knowledge_base" && item.creditsSpent === 0 && !courtesyOf(item.question);
