// Whole numbers in requests: one reading for every API query and form field that takes a count.
import "./zod-config";
import { z } from "zod";

/** A whole number from JSON or a form/query string (digits only: no 0x, exponent or +); empty is "required". */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const trimmed = value.trim();
      if (trimmed === "") return undefined;
      return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? "required" : "invalid_number") })
      .int("invalid_number")
      .min(min, `min_value:${min}`)
      .max(max, `max_value:${max}`),
  );

export const optionalWholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess((value) => (value === undefined || value === "" ? fallback : value), wholeNumber(min, max));
