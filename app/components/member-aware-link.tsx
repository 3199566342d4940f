// A call to action that leads a visitor to sign up and a signed-in member to their own page. The
// page HTML is the same for everyone (the signed-in state lives in the browser), so the member's
// destination replaces the visitor's only after hydration.
import type { LinkProps } from "react-router";
import { useAuth } from "./auth-provider";
import { LocalizedLink } from "./localized-link";

export function MemberAwareLink({
  to,
  memberTo = "/explore",
  ...props
}: Omit<LinkProps, "to"> & { to: string; memberTo?: string }) {
  const { ready, isAuthenticated } = useAuth();
  return <LocalizedLink to={ready && isAuthenticated ? memberTo : to} {...props} />;
}
