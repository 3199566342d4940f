// The shared layout's interface text arrives with the root loader's data, in the page's language
// only, so every page's JavaScript stays free of the other languages' strings.
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/app/page-helpers/root-data";
import type { CommonMessages } from "~/content/messages/common";
import type { ConsentMessages } from "~/content/messages/consent";

export function useRootMessages(): RootData["messages"] {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("The root loader's data is missing");
  return root.messages;
}

export const useCommonMessages = (): CommonMessages => useRootMessages().common;
export const useConsentMessages = (): ConsentMessages => useRootMessages().consent;
