// False on the server and while the page hydrates, true from then on: for what only the browser knows
// (history state, the query of a page the server renders without it), so hydration matches the HTML.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
