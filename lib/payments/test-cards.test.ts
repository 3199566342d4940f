import { describe, expect, it } from "vitest";
import { CARD_ERRORS, cardErrorText } from "./card-errors";
import {
  cardBrand,
  checkCvc,
  checkExpiry,
  checkNumber,
  formatCardNumber,
  formatExpiry,
  LISTED_TEST_CARDS,
  luhnValid,
  TEST_CARDS,
  tokenizeTestCard,
} from "./test-cards";

const now = new Date("2026-05-15T12:00:00Z");
const card = (number: string, expiry = "12/34", cvc = "123") => tokenizeTestCard({ number, expiry, cvc }, now);

describe("test-mode card field", () => {
  it("knows the Luhn checksum", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4242a24242424242")).toBe(false);
    for (const test of TEST_CARDS) expect(luhnValid(test.number), test.number).toBe(true);
  });

  it("maps the listed test numbers to their outcomes", () => {
    expect(card(LISTED_TEST_CARDS.succeeds)).toEqual({ ok: true, paymentMethodId: "pm_card_visa", brand: "visa", last4: "4242" });
    expect(card(LISTED_TEST_CARDS.declined)).toMatchObject({ ok: true, paymentMethodId: "pm_card_visa_chargeDeclined" });
    expect(card(LISTED_TEST_CARDS.insufficientFunds)).toMatchObject({
      ok: true,
      paymentMethodId: "pm_card_visa_chargeDeclinedInsufficientFunds",
    });
    expect(card("378282246310005", "12/34", "1234")).toMatchObject({ ok: true, brand: "amex", last4: "0005" });
  });

  it("refuses numbers that fail Luhn or are incomplete, and real cards in test mode", () => {
    expect(card("4242 4242 4242 4241")).toEqual({ ok: false, code: "invalid_number", field: "number" });
    expect(card("4242 4242")).toEqual({ ok: false, code: "incomplete_number", field: "number" });
    expect(card("4242-4242-abcd-4242")).toEqual({ ok: false, code: "invalid_number", field: "number" });
    // A valid (Luhn) Visa number that is not a test card.
    expect(card("4111 1111 1111 1111")).toEqual({ ok: false, code: "test_mode_live_card", field: "number" });
    // Stripe's 3-D Secure test cards are test cards: test mode says it cannot show the authentication.
    for (const number of ["4000 0025 0000 3155", "4000 0027 6000 3184", "4000 0000 0000 3220"]) {
      expect(card(number)).toEqual({ ok: false, code: "test_mode_authentication", field: "number" });
    }
    expect(checkNumber("5555555555554444")).toBeNull();
  });

  it("validates the expiry date (MM/YY, not in the past, not absurdly far)", () => {
    expect(checkExpiry("05/26", now)).toBeNull();
    expect(checkExpiry("5/2026", now)).toBeNull();
    expect(checkExpiry("0434", now)).toBeNull();
    expect(checkExpiry("04/26", now)).toBe("invalid_expiry_month_past");
    expect(checkExpiry("12/25", now)).toBe("invalid_expiry_year_past");
    expect(checkExpiry("13/30", now)).toBe("invalid_expiry_month");
    expect(checkExpiry("00/30", now)).toBe("invalid_expiry_month");
    expect(checkExpiry("12/99", now)).toBe("invalid_expiry_year");
    expect(checkExpiry("12/", now)).toBe("incomplete_expiry");
    expect(checkExpiry("", now)).toBe("incomplete_expiry");
    expect(checkExpiry("ab/cd", now)).toBe("invalid_expiry_month");
    expect(card("4242424242424242", "01/20")).toEqual({ ok: false, code: "invalid_expiry_year_past", field: "expiry" });
  });

  it("validates the security code per brand", () => {
    expect(checkCvc("123", "visa")).toBeNull();
    expect(checkCvc("12", "visa")).toBe("incomplete_cvc");
    expect(checkCvc("1234", "visa")).toBe("invalid_cvc");
    expect(checkCvc("12a", "visa")).toBe("invalid_cvc");
    expect(checkCvc("123", "amex")).toBe("incomplete_cvc");
    expect(checkCvc("1234", "amex")).toBeNull();
    expect(checkCvc("123", "unknown")).toBeNull();
    expect(checkCvc("1234", "unknown")).toBeNull();
    expect(checkCvc("12", "unknown")).toBe("incomplete_cvc");
    expect(checkCvc("12345", "unknown")).toBe("invalid_cvc");
    expect(card("4242424242424242", "12/34", "")).toEqual({ ok: false, code: "incomplete_cvc", field: "cvc" });
  });

  it("formats the number and the expiry as they are typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 42")).toBe("4242 42");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatExpiry("1234")).toBe("12/34");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("12/3")).toBe("12/3");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("3566002020360505")).toBe("jcb");
  });

  it("has every card message in three languages, and keeps a provider's English message as is", () => {
    for (const [code, text] of Object.entries(CARD_ERRORS)) {
      for (const lang of ["en", "ja", "zh"] as const) expect(text[lang], `${code}.${lang}`).toBeTruthy();
    }
    expect(cardErrorText("card_declined", "en")).toBe("Your card was declined.");
    expect(cardErrorText("insufficient_funds", "ja")).toBe(CARD_ERRORS.insufficient_funds.ja);
    expect(cardErrorText("card_declined", "en", "Your card was declined (provider).")).toBe("Your card was declined (provider).");
    expect(cardErrorText("card_declined", "zh", "Your card was declined (provider).")).toBe(CARD_ERRORS.card_declined.zh);
    expect(cardErrorText("something_new", "ja", "Provider text")).toBe("Provider text");
  });
});
