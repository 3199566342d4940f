// Footer: brand and social, navigation, legal, contact; copyright with the current year.
import type { RootData } from "~/app/page-helpers/root-data";
import { copyrightLine } from "~/app/page-helpers/copyright";
import { LogoMark, MailIcon, MapPinIcon, PhoneIcon } from "./icons";
import { LocalizedLink } from "./localized-link";
import { openCookiePreferences } from "./cookie-consent-events";
import { useCommonMessages } from "./root-messages";

export function SiteFooter({ root }: { root: RootData }) {
  const t = useCommonMessages();
  const year = new Date().getFullYear();
  const heading = "mb-3 text-sm font-semibold uppercase tracking-wide text-white";
  const link = "text-sm text-slate-300 hover:text-white";
  return (
    <footer className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            {root.siteName}
          </p>
          <p className="mt-3 text-sm">{t.footer.tagline}</p>
          {root.social.length > 0 && (
            <ul className="mt-4 flex gap-3" aria-label={t.footer.social}>
              {root.social.map((s) => (
                <li key={s.href}>
                  <a href={s.href} className={link} rel="noopener noreferrer me">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label={t.footer.navigation}>
          <h2 className={heading}>{t.footer.navigation}</h2>
          <ul className="space-y-2">
            {(
              [
                ["/", t.nav.home],
                ["/about", t.nav.about],
                ["/services", t.nav.services],
                ["/portfolio", t.nav.portfolio],
                ["/blog", t.nav.blog],
                ["/pricing", t.nav.pricing],
              ] as const
            ).map(([to, label]) => (
              <li key={to}>
                <LocalizedLink to={to} className={link}>
                  {label}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t.footer.legal}>
          <h2 className={heading}>{t.footer.legal}</h2>
          <ul className="space-y-2">
            <li>
              <LocalizedLink to="/privacy" className={link}>
                {t.footer.privacy}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/terms" className={link}>
                {t.footer.terms}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/cookies" className={link}>
                {t.footer.cookies}
              </LocalizedLink>
            </li>
            <li>
              <button type="button" className={`${link} underline-offset-2 hover:underline`} onClick={openCookiePreferences}>
                {t.footer.cookiePreferences}
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={heading}>{t.footer.contact}</h2>
          <ul className="space-y-2 text-sm">
            <li className="font-semibold text-white" data-testid="footer-legal-name">
              {root.legalName}
            </li>
            {root.contact.email && (
              <li className="flex items-start gap-2">
                <MailIcon className="mt-0.5 shrink-0" width={16} height={16} />
                <a href={`mailto:${root.contact.email}`} className={link}>
                  {root.contact.email}
                </a>
              </li>
            )}
            {root.contact.phone && (
              <li className="flex items-start gap-2">
                <PhoneIcon className="mt-0.5 shrink-0" width={16} height={16} />
                <a href={`tel:${root.contact.phone.replace(/[^+\d]/g, "")}`} className={link}>
                  {root.contact.phone}
                </a>
              </li>
            )}
            {root.contact.address && (
              <li className="flex items-start gap-2">
                <MapPinIcon className="mt-0.5 shrink-0" width={16} height={16} />
                <span>{root.contact.address}</span>
              </li>
            )}
            <li>
              <LocalizedLink to="/contact" className={link}>
                {t.nav.contact}
              </LocalizedLink>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-slate-400 sm:px-6">
          {copyrightLine(t.footer.copyright, year, root.legalName)}
        </p>
      </div>
    </footer>
  );
}
