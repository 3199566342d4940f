// Found by a stranger's review: the admin area listed the free "no answer found" reply as "Answered".
import { describe, expect, it } from "vitest";
import { admin } from "~/content/messages/admin";
import { explore } from "~/content/messages/explore";
import { LANGS } from "~/lib/i18n/languages";
import { shownQuestionStatus } from "./question-status";

describe("shownQuestionStatus", () => {
  it("shows the free reply of the site's material as unanswered, in the member's history and the admin area alike", () => {
    expect(shownQuestionStatus({ status: "answered", source: "knowledge_base", creditsSpent: 0 })).toBe("unanswered");
    expect(shownQuestionStatus({ status: "answered", source: "knowledge_base", creditsSpent: 1 })).toBe("answered");
    expect(shownQuestionStatus({ status: "answered", source: "model", creditsSpent: 1 })).toBe("answered");
    expect(shownQuestionStatus({ status: "stopped", source: "model", creditsSpent: 0 })).toBe("stopped");
    for (const lang of LANGS) {
      expect(admin[lang].user.questions.statuses.unanswered, lang).toBeTruthy();
      expect(explore[lang].questions.status.unanswered, lang).toBeTruthy();
    }
  });
});
