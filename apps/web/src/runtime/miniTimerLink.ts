import { createContext, useContext } from "react";

/** The mini timer link: open the popup, and whether one is linked. */
export interface MiniTimerLink {
  open: () => void;
  isLinked: boolean;
}

/** The mini timer link of the signed-in layout, kept by `MiniTimerLinkProvider`. */
export const MiniTimerLinkContext = createContext<MiniTimerLink | null>(null);

/** The mini timer link of the signed-in layout. Throws outside `MiniTimerLinkProvider`. */
export function useMiniTimerLink(): MiniTimerLink {
  const link = useContext(MiniTimerLinkContext);
  if (!link) throw new Error("useMiniTimerLink must be used within a MiniTimerLinkProvider");
  return link;
}
