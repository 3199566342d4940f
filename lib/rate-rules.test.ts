import { describe, expect, it } from "vitest";
import { ACCOUNT_RATE_RULES, LOGIN_SLOWDOWN, loginDelaySeconds } from "./rate-rules";

describe("loginDelaySeconds", () => {
  it("doubles from the base with each failure past the threshold, capped at the maximum", () => {
    const threshold = ACCOUNT_RATE_RULES.loginAccount.points;
    expect([0, 1, 2, 3, 4, 5, 6, 1000].map((n) => loginDelaySeconds(threshold + n))).toEqual([5, 10, 20, 40, 60, 60, 60, 60]);
    expect(loginDelaySeconds(0)).toBe(LOGIN_SLOWDOWN.baseSeconds);
  });

  it("never holds an account longer than a minute", () => {
    for (let failures = 0; failures < 200; failures++) expect(loginDelaySeconds(failures)).toBeLessThanOrEqual(60);
  });
});
