import { describe, expect, it } from "vitest";
import { CARD_ERRORS } from "./card-errors";
import { checkCheckoutFields, checkoutFieldErrorText } from "./checkout-fields";
import { FIELD_ERRORS } from "~/lib/contracts/field-errors";

const now = new Date("2026-05-15T12:00:00Z");
const valid = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", country: "JP" };

describe("checkout fields checked in the browser", () => {
  it("reports every field it can check at once, not the first one only", () => {
    const checked = checkCheckoutFields({ number: "4242 4242 4242 4241", expiry: "01/20", cvc: "12", country: "" }, { testCard: true }, now);
    expect(checked).toEqual({
      errors: { number: "invalid_number", expiry: "invalid_expiry_year_past", cvc: "incomplete_cvc", country: "required" },
      missing: true,
    });
  });

  it("says an empty field is required, and that details are missing", () => {
    expect(checkCheckoutFields({ number: "", expiry: " ", cvc: "", country: "" }, { testCard: true }, now)).toEqual({
      errors: { number: "required", expiry: "required", cvc: "required", country: "required" },
      missing: true,
    });
    expect(checkCheckoutFields({ ...valid, cvc: "" }, { testCard: true }, now)).toEqual({ errors: { cvc: "required" }, missing: true });
  });

  it("wrong but filled fields are not missing; a country off the list is invalid", () => {
    expect(checkCheckoutFields({ ...valid, number: "4242", country: "XX" }, { testCard: true }, now)).toEqual({
      errors: { number: "incomplete_number", country: "invalid_country" },
      missing: false,
    });
  });

  it("accepts a complete card; test cards and declines are left to the provider", () => {
    expect(checkCheckoutFields(valid, { testCard: true }, now)).toEqual({ errors: {}, missing: false });
    // A real card's number is valid here: the test provider refuses it when the card is tokenized.
    expect(checkCheckoutFields({ ...valid, number: "4111 1111 1111 1111" }, { testCard: true }, now)).toEqual({ errors: {}, missing: false });
    expect(checkCheckoutFields({ ...valid, number: "4000 0000 0000 0002" }, { testCard: true }, now)).toEqual({ errors: {}, missing: false });
  });

  it("an Amex security code is not refused while the number is still empty", () => {
    expect(checkCheckoutFields({ ...valid, number: "", cvc: "1234" }, { testCard: true }, now).errors).toEqual({ number: "required" });
    expect(checkCheckoutFields({ ...valid, number: "3782 822463 10005", cvc: "123" }, { testCard: true }, now).errors).toEqual({ cvc: "incomplete_cvc" });
  });

  it("with Stripe's card field only the country is ours to check", () => {
    expect(checkCheckoutFields({ number: "", expiry: "", cvc: "", country: "" }, { testCard: false }, now)).toEqual({
      errors: { country: "required" },
      missing: true,
    });
  });

  it("has each message in the page's language", () => {
    expect(checkoutFieldErrorText("required", "ja")).toBe(FIELD_ERRORS.required.ja);
    expect(checkoutFieldErrorText("invalid_country", "zh")).toBe(FIELD_ERRORS.invalid_country.zh);
    expect(checkoutFieldErrorText("invalid_number", "en")).toBe(CARD_ERRORS.invalid_number.en);
    expect(checkoutFieldErrorText("incomplete_cvc", "zh")).toBe(CARD_ERRORS.incomplete_cvc.zh);
  });
});
