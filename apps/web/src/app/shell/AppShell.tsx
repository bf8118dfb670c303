import type { User } from "@focus/core/schemas";
import { Suspense, useCallback, useState } from "react";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { Spinner } from "@/components/ui/spinner";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { GuestSignupPromo } from "@/features/guest/GuestSignupPromo";
import { KeyboardShortcuts } from "@/features/shortcuts/KeyboardShortcuts";
import { FocusArenaTab } from "@/app/tabs";
import { isAppTab, type AppTab } from "@/lib/events";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/useMediaQuery";
import { AppNav } from "./AppNav";
import { ComingSoonPanel } from "./ComingSoonPanel";
import { TAB_PANELS } from "./tabPanels";
import { visibleTabs } from "./tabs";
import { useAppEvents } from "./useAppEvents";

const PANEL = "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none rounded-xl";

/**
 * The main view: tab navigation and the active tab's panel, under the signed-in layout's
 * header. Starts on the timer tab; the `change-tab` document event switches tabs. The timer
 * actor and the audio player live in the layout, so neither a tab switch nor leaving /app
 * stops a session. Keyboard shortcuts work here.
 */
export function AppShell({ user }: { user: User }) {
  const [active, setActive] = useState<AppTab>("timer");
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const tabs = visibleTabs(user.isGuest);
  const selectTab = useCallback(
    (tab: AppTab) => {
      if (visibleTabs(user.isGuest).some((t) => t.id === tab)) setActive(tab);
    },
    [user.isGuest],
  );
  useAppEvents(selectTab);

  return (
    <>
      <KeyboardShortcuts />
      <Tabs
        value={active}
        onValueChange={(value) => isAppTab(value) && selectTab(value)}
        orientation={isDesktop ? "vertical" : "horizontal"}
        className="flex flex-1"
      >
        <AppNav tabs={tabs} isDesktop={isDesktop} />
        <main className="min-w-0 flex-1 px-4 pt-6 pb-28 md:px-10 md:py-10">
          <TabPanel value="timer" forceMount className={PANEL}>
            <ErrorBoundary label="Focus Arena">
              <FocusArenaTab user={user} />
            </ErrorBoundary>
            {user.isGuest && <GuestSignupPromo className="mx-auto mt-8 w-full max-w-5xl" />}
          </TabPanel>
          {tabs
            .filter((tab) => tab.id !== "timer")
            .map((tab) => {
              const Panel = tab.id === "timer" ? undefined : TAB_PANELS[tab.id];
              return (
                <TabPanel key={tab.id} value={tab.id} className={PANEL}>
                  <ErrorBoundary label={tab.label}>
                    {Panel ? (
                      <Suspense
                        fallback={
                          <div className="grid place-items-center py-16">
                            <Spinner label={`Loading ${tab.label}`} showLabel />
                          </div>
                        }
                      >
                        <Panel user={user} />
                      </Suspense>
                    ) : (
                      <ComingSoonPanel tab={tab} />
                    )}
                  </ErrorBoundary>
                </TabPanel>
              );
            })}
        </main>
      </Tabs>
    </>
  );
}
