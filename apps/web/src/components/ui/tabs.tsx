import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

/**
 * Tabs after the WAI-ARIA tabs pattern, in a few lines instead of a library (the sign-in page
 * loads them on a phone's first visit, `docs/performance.md`): a `tablist` of `tab` buttons, the
 * selected one `aria-selected` and the only one in the Tab order; the arrow keys, Home and End
 * move to the previous, next, first or last tab that is not disabled and select it (automatic
 * activation); Tab then moves into the selected `tabpanel`, the only panel rendered.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

/** Props of Tabs: a div's props plus the selected tab's `value` and its change. */
export type TabsProps = Omit<ComponentProps<"div">, "onChange"> & { value: string; onValueChange: (value: string) => void };

/** The tabs' root; the selected tab is `value` (controlled), a choice calls `onValueChange`. */
export function Tabs({ value, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The row of tab triggers (a segmented control by default); handles the arrow keys, Home and End. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const { select } = useTabs("TabsList");
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = MOVES[event.key];
    if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    if (tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[step(Math.max(0, tabs.indexOf(document.activeElement as HTMLButtonElement)), tabs.length)];
    next?.focus();
    if (next?.dataset.value !== undefined) select(next.dataset.value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn("inline-flex h-11 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground", className)}
      onKeyDown={move}
      {...props}
    />
  );
}

/** One tab trigger, selecting `value`. */
export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${value}`}
      aria-selected={selected}
      aria-controls={`${tabs.baseId}-panel-${value}`}
      data-state={selected ? "active" : "inactive"}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card dark:data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !selected) tabs.select(value);
      }}
      {...props}
    />
  );
}

/** The panel of one tab, rendered while its tab is selected. */
export function TabsContent({ value, className, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.baseId}-panel-${value}`}
      aria-labelledby={`${tabs.baseId}-tab-${value}`}
      data-state="active"
      tabIndex={0}
      className={cn("focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", className)}
      {...props}
    />
  );
}
