// The home page's hero: the promise, two calls to action (book a consultation on the contact page
// with the consultation preselected; ask the assistant on the Tax Consultation page) and, beside
// them, a composed product shot of the assistant answering a real question from the knowledge base.
// Markup only (the product shot's look is in app/app.css, `.hero-shot`, to keep the home page's
// JavaScript small); the same HTML for every visitor.
import type { HomeContent } from "~/content/types";
import { LocalizedLink } from "./localized-link";
import { MemberAwareLink } from "./member-aware-link";

function ProductShot({ showcase }: { showcase: HomeContent["hero"]["showcase"] }) {
  return (
    // A picture of the product: its words are an example, so assistive technology skips it (the
    // two links beside it say what to do).
    <div aria-hidden="true" className="hero-shot" data-testid="hero-visual">
      <div className="hero-shot-card">
        <p className="hero-shot-bar">
          <i />
          <i />
          <i />
          {showcase.label}
        </p>
        <div className="hero-shot-body">
          <p className="hero-shot-q">{showcase.question}</p>
          <div className="hero-shot-a">
            <p>
              {showcase.answer}
              <sup>[1]</sup>
            </p>
            <p className="hero-shot-src">
              <b>{showcase.sourcesLabel}</b> <span>[1] {showcase.source}</span>
            </p>
          </div>
          <p className="hero-shot-foot">
            <span>✓ {showcase.reviewed}</span>
            <b>{showcase.cost}</b>
          </p>
        </div>
      </div>
    </div>
  );
}

export function HomeHero({ hero }: { hero: HomeContent["hero"] }) {
  const button = "inline-block rounded-md px-6 py-3 font-semibold";
  return (
    <section className="overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-accent-600 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <div>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">{hero.title}</h1>
          <p className="mt-6 max-w-2xl text-lg text-blue-100">{hero.subtitle}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <LocalizedLink to="/contact?service=consulting" className={`${button} bg-white text-brand-800 shadow hover:bg-blue-50`} data-testid="hero-cta">
              {hero.consult}
            </LocalizedLink>
            <LocalizedLink to="/services/tax-consultation#assistant" className={`${button} border border-white/70 hover:bg-white/10`} data-testid="hero-ask">
              {hero.ask}
            </LocalizedLink>
          </div>
          <p className="mt-6 text-sm text-blue-100">
            {hero.signupPrompt}{" "}
            <MemberAwareLink to="/signup" className="whitespace-nowrap font-semibold text-white underline underline-offset-4 hover:no-underline" data-testid="hero-signup">
              {hero.cta}
            </MemberAwareLink>
          </p>
        </div>
        <ProductShot showcase={hero.showcase} />
      </div>
    </section>
  );
}
