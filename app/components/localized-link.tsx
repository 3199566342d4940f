import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLanguage } from "./language-provider";

/** A link to an unprefixed site path ("/about"), written in the current language ("/ja/about"). */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const { href } = useLanguage();
  return <Link to={href(to)} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const { href } = useLanguage();
  return <NavLink to={href(to)} end={to === "/"} {...props} />;
}
