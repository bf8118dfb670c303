import { Tab, TabList } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import type { TabItem } from "./tabs";

/**
 * The main view's tab list: a side rail on desktop, a bottom bar on phones. Must sit inside the
 * Tabs root; arrow keys move between tabs (roving focus), Tab leaves the list.
 */
export function AppNav({ tabs, isDesktop }: { tabs: readonly TabItem[]; isDesktop: boolean }) {
  return (
    <TabList
      aria-label="Main sections"
      className={cn(
        "fixed inset-x-0 bottom-0 z-40 flex border-t bg-card/95 px-1 pb-[env(safe-area-inset-bottom)] backdrop-blur",
        "md:sticky md:top-16 md:z-auto md:h-[calc(100dvh-4rem)] md:w-60 md:shrink-0 md:flex-col md:gap-1 md:border-t-0 md:border-r md:bg-transparent md:px-3 md:py-6 md:backdrop-blur-none",
      )}
    >
      {tabs.map(({ id, label, shortLabel, icon: Icon }) => (
        <Tab
          key={id}
          value={id}
          className={cn(
            "group flex flex-1 flex-col items-center justify-center gap-1 rounded-lg px-1 py-2 text-xs font-medium text-muted-foreground transition-colors",
            "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset",
            "data-[state=active]:text-primary",
            "md:flex-none md:flex-row md:justify-start md:gap-3 md:px-3 md:py-2.5 md:text-sm md:hover:bg-accent/60",
            "md:data-[state=active]:bg-accent md:data-[state=active]:text-accent-foreground",
          )}
        >
          <span className="grid h-7 w-12 place-items-center rounded-full transition-colors group-data-[state=active]:bg-accent md:h-auto md:w-auto md:group-data-[state=active]:bg-transparent">
            <Icon className="size-5" aria-hidden />
          </span>
          <span>{isDesktop ? label : shortLabel}</span>
        </Tab>
      ))}
    </TabList>
  );
}
