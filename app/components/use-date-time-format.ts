// A date and time as members and administrators read them: in the page's language and the reader's
// own time zone, named ("Nov 29, 2026, 10:45 PM GMT+9"), since receipts give times in UTC and the
// firm's business hours are read beside them (a stranger could not tell which zone a time was in).
import { useMemo } from "react";
import { langTag } from "~/lib/i18n/languages";
import { useLanguage } from "./language-provider";

const OPTIONS: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** Formats a date and time (an ISO string or a Date); "" for an invalid one. */
export function useDateTimeFormat(): (value: string | Date) => string {
  const { lang } = useLanguage();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(langTag(lang), OPTIONS);
    return (value) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? "" : formatter.format(date);
    };
  }, [lang]);
}
