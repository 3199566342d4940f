// After a purchase: a way back to the question the member was asking when the credits ran out
// (pending-question.client.ts), in place of the generic way to the assistant, which led a stranger
// to the services list and away from the question.
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { readPendingQuestion, type PendingQuestion } from "./pending-question.client";
import { ai as aiMessages } from "~/content/messages/ai";
import { useMessages } from "./language-provider";

/** The back-to-question button when a question is pending, else `otherwise`. */
export function PendingQuestionLink({ otherwise }: { otherwise?: ReactNode }) {
  const t = useMessages(aiMessages);
  const [pending, setPending] = useState<PendingQuestion | null>(null);
  // Read after hydration: the server has no session storage.
  useEffect(() => setPending(readPendingQuestion()), []);
  if (!pending) return otherwise ?? null;
  return (
    <p className="mt-4 w-full">
      <Link
        to={pending.path}
        className="inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        data-testid="back-to-question"
      >
        {t.backToQuestion}
      </Link>
    </p>
  );
}
