// Text a person typed, as every shared schema accepts it: a string with no NUL character and no
// lone UTF-16 surrogate. PostgreSQL cannot store either (a NUL fails the query, a lone surrogate is
// not UTF-8), so they are refused here, as a field error, before anything reaches the database.
import "./zod-config";
import { z } from "zod";

// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes.
const UNSTORABLE_ALL = /\u0000|([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/g;

/** Text nobody typed here (a model's answer) made storable: NUL removed, a lone surrogate replaced by U+FFFD. */
export function toStorableText(value: string): string {
  return UNSTORABLE.test(value) ? value.replace(UNSTORABLE_ALL, (_, lone: string | undefined) => (lone ? "\uFFFD" : "")) : value;
}

/** A zod string with the given type-error code that refuses unstorable characters ("invalid_characters"). */
export function storableString(error: z.core.$ZodStringParams["error"]) {
  return z.string({ error }).refine(isStorableText, "invalid_characters");
}

// C0 and C1 control characters (NEL, U+0085, is a line break), Unicode's line and paragraph
// separators, and the bidirectional embedding, override and isolate controls (which reverse or
// reorder the text that follows them where the field is shown, e-mails included).
// eslint-disable-next-line no-control-regex -- control characters are what a one-line field refuses.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same but the line feed and the tab, which a field of several lines keeps (its other line breaks become line feeds first). */
// eslint-disable-next-line no-control-regex -- control characters are what a field of several lines refuses.
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Line breaks as other programs write them: CRLF and CR, Word's vertical tab, a PDF's form feed, NEL, Unicode's separators. */
const LINE_BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g;

/** Nothing but whitespace and invisible format characters (zero-width space and joiners, BOM). */
const INVISIBLE = /^[\s\p{Cf}]*$/u;

/** Nothing a reader sees: INVISIBLE's characters, combining marks alone, and the blank letters (braille blank, Hangul fillers). */
const SHOWS_NOTHING = /^[\s\p{Cf}\p{Mn}\p{Me}\u2800\u3164\u115F\u1160\uFFA0]*$/u;

/** Whether a text (a model's answer) shows nothing. */
export const isInvisibleText = (value: string): boolean => SHOWS_NOTHING.test(value);

/**
 * A field of several lines (a question, a message, a reason), trimmed: a value of invisible
 * characters alone is empty, so a required field says so. Line breaks are one LF each, before any
 * length is counted: a browser sends a textarea's as CRLF, so a message its own maxlength allowed was
 * refused as too long; text pasted from Word or a PDF brings vertical tabs and form feeds (found by a
 * review). Other control characters are refused, as in a one-line field, but for the tab (found by
 * an attacker: an escape or a right-to-left override was stored, and reordered the text where the
 * inbox, the ledger and the member's export show it).
 */
export function multiLineString(error: z.core.$ZodStringParams["error"]) {
  return linesOf(error).refine((value) => !CONTROL_BUT_LINES.test(value), "invalid_characters");
}

/** multiLineString without its refusal of control characters, which a one-line field makes stricter. */
function linesOf(error: z.core.$ZodStringParams["error"]) {
  return storableString(error)
    .overwrite((value) => value.replace(LINE_BREAKS, "\n"))
    .trim()
    .overwrite((value) => (INVISIBLE.test(value) ? "" : value));
}

/**
 * A one-line field (a name, a subject): also no line breaks or other control characters, so what a
 * person typed there cannot add lines of its own to an e-mail that quotes it ("Hello {name},").
 * A value of invisible characters alone is empty: a required field says so, an optional one is left out.
 */
export function singleLineString(error: z.core.$ZodStringParams["error"]) {
  // Trimmed first: a line break at either end (a pasted name) is dropped, not refused.
  return linesOf(error).refine((value) => !CONTROL.test(value), "invalid_characters");
}
