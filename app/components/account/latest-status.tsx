// On the settings page only the latest action's status line shows: each section kept its own
// success or error on screen after the next action elsewhere, so lines from earlier actions piled up
// and read as if they were about the latest one (a stranger's review). A section claims the line when
// it acts and again when its result arrives, so a result that comes after another section acted is
// still shown when it comes.
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from "react";

const LatestStatus = createContext<{ latest: string | null; claim: (id: string) => void } | null>(null);

export function LatestStatusProvider({ children }: { children: ReactNode }) {
  const [latest, setLatest] = useState<string | null>(null);
  const value = useMemo(() => ({ latest, claim: setLatest }), [latest]);
  return <LatestStatus.Provider value={value}>{children}</LatestStatus.Provider>;
}

/**
 * For one section's status line: `shown` is false once another section has claimed it since this
 * one; `claim()` (called when this section acts and when its result arrives) makes it the latest.
 * Outside a provider it is always shown.
 */
export function useLatestStatus(): { shown: boolean; claim: () => void } {
  const id = useId();
  const scope = useContext(LatestStatus);
  return { shown: !scope || scope.latest === null || scope.latest === id, claim: () => scope?.claim(id) };
}
