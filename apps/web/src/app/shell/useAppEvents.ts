import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { CHANGE_TAB_EVENT, SHOW_AUTH_EVENT, isAppTab, isAuthAction, onDocumentEvent, type AppTab } from "@/lib/events";

/**
 * Wires the main view's document events: `change-tab` calls `onChangeTab` with a valid tab id,
 * `show-auth` navigates to /auth?tab={action}. Invalid details are ignored.
 */
export function useAppEvents(onChangeTab: (tab: AppTab) => void): void {
  const navigate = useNavigate();
  useEffect(() => {
    const offTab = onDocumentEvent(CHANGE_TAB_EVENT, (detail) => {
      const tab = (detail as { tab?: unknown } | null)?.tab;
      if (isAppTab(tab)) onChangeTab(tab);
    });
    const offAuth = onDocumentEvent(SHOW_AUTH_EVENT, (detail) => {
      const action = (detail as { action?: unknown } | null)?.action;
      if (isAuthAction(action)) void navigate(`/auth?tab=${action}`);
    });
    return () => {
      offTab();
      offAuth();
    };
  }, [navigate, onChangeTab]);
}
