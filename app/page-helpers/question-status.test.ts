// Found by a stranger's review: the admin area listed the free "no answer found" reply as "Answered".
import { describe, expect, it } from "vitest";
import { admin } from "~/content/messages/admin";
import { explore } from "~/content/messages/explore";
import { LANGS } from "~/lib/i18n/languages";
import { shownQuestionStatus, shownThreadStatus } from "./question-status";

describe("shownQuestionStatus", () => {
  it("shows the free reply of the site's material as unanswered, in the member's history and the admin area alike", () => {
    const question = "What is a permanent establishment?";
    expect(shownQuestionStatus({ status: "answered", source: "knowledge_base", creditsSpent: 0, question })).toBe("unanswered");
    expect(shownQuestionStatus({ status: "answered", source: "knowledge_base", creditsSpent: 1, question })).toBe("answered");
    expect(shownQuestionStatus({ status: "answered", source: "model", creditsSpent: 1, question })).toBe("answered");
    expect(shownQuestionStatus({ status: "stopped", source: "model", creditsSpent: 0, question })).toBe("stopped");
    // Found by a stranger: a thread ending in thanks (a free courtesy reply) read as unanswered.
    expect(shownQuestionStatus({ status: "answered", source: "knowledge_base", creditsSpent: 0, question: "谢谢！" })).toBe("answered");
    for (const lang of LANGS) {
      expect(admin[lang].user.questions.statuses.unanswered, lang).toBeTruthy();
      expect(explore[lang].questions.status.unanswered, lang).toBeTruthy();
    }
  });
});

describe("shownThreadStatus", () => {
  const answered = { status: "answered" as const, source: "model", creditsSpent: 1, question: "What is a permanent establishment?" };
  const foundNothing = { status: "answered" as const, source: "knowledge_base", creditsSpent: 0, question: "Do I pay tax on keeping penguins?" };

  it("says answered for a thread with a paid answer whose follow-up found nothing (found by a stranger: it read 'no credit used')", () => {
    expect(shownThreadStatus([answered, foundNothing])).toBe("answered");
  });

  it("says what its one question is, and a follow-up under way or stopped as it is", () => {
    expect(shownThreadStatus([foundNothing])).toBe("unanswered");
    expect(shownThreadStatus([answered, { ...answered, status: "pending", creditsSpent: 0 }])).toBe("pending");
    expect(shownThreadStatus([{ ...answered, status: "stopped", creditsSpent: 0 }])).toBe("stopped");
    expect(shownThreadStatus([answered, { ...answered, status: "failed", creditsSpent: 0 }])).toBe("answered");
  });
});
