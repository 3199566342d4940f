// The footer's copyright line. A legal name ending in a full stop ("TaxAtlas Advisory Ltd.") followed
// by the template's own stop read "Ltd.. All rights reserved." and "Ltd.。保留所有权利。": the
// name's stop gives way to the template's.
import { format } from "~/lib/i18n/format";

export function copyrightLine(template: string, year: number, legalName: string): string {
  const name = /\{legalName\}[.。]/.test(template) ? legalName.replace(/[.。]+$/u, "") : legalName;
  return format(template, { year: String(year), legalName: name });
}
