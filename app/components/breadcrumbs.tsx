// The trail above a detail page's heading (a service, a case study): links up, the current page last.
import { Fragment } from "react";
import { LocalizedLink } from "./localized-link";

export function Breadcrumbs({ label, trail, current }: { label: string; trail: { to: string; text: string }[]; current: string }) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-2 text-sm text-blue-100">
        {trail.map((step) => (
          <Fragment key={step.to}>
            <li>
              <LocalizedLink to={step.to} className="underline-offset-2 hover:underline">
                {step.text}
              </LocalizedLink>
            </li>
            <li aria-hidden>/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
