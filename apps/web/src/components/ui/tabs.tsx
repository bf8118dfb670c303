import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

/**
 * Tabs after the WAI-ARIA tabs pattern, in a few lines instead of a library (the sign-in page
 * loads them on a phone's first visit, `docs/performance.md`): a `tablist` of `tab` buttons, the
 * selected one `aria-selected` and the only one in the Tab order; the arrow keys, Home and End
 * move to the previous, next, first or last tab that is not disabled and select it (automatic
 * activation; Left and Right in a horizontal list, Up and Down in a vertical one); Tab then
 * moves into the selected `tabpanel`, the only panel rendered unless `forceMount` keeps one
 * mounted (hidden while its tab is not selected).
 *
 * `TabList`, `Tab` and `TabPanel` carry the behaviour alone, for a list styled its own way (the
 * app's side rail); `TabsList`, `TabsTrigger` and `TabsContent` are them in the segmented style.
 */

type Orientation = "horizontal" | "vertical";

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
  orientation: Orientation;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

/** Props of Tabs: a div's props plus the selected tab's `value`, its change and the list's `orientation`. */
export type TabsProps = Omit<ComponentProps<"div">, "onChange"> & { value: string; onValueChange: (value: string) => void; orientation?: Orientation };

/** The tabs' root; the selected tab is `value` (controlled), a choice calls `onValueChange`. */
export function Tabs({ value, onValueChange, orientation = "horizontal", ...props }: TabsProps) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId, orientation }}>
      <div data-orientation={orientation} {...props} />
    </TabsContext.Provider>
  );
}

const next = (index: number, count: number) => (index + 1) % count;
const previous = (index: number, count: number) => (index - 1 + count) % count;
const MOVES: Record<Orientation, Record<string, (index: number, count: number) => number>> = {
  horizontal: { ArrowRight: next, ArrowLeft: previous, Home: () => 0, End: (_index, count) => count - 1 },
  vertical: { ArrowDown: next, ArrowUp: previous, Home: () => 0, End: (_index, count) => count - 1 },
};

/** The list of tabs, unstyled; handles the arrow keys, Home and End. */
export function TabList({ onKeyDown, ...props }: ComponentProps<"div">) {
  const { select, orientation } = useTabs("TabList");
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = MOVES[orientation][event.key];
    if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    if (tabs.length === 0) return;
    event.preventDefault();
    const target = tabs[step(Math.max(0, tabs.indexOf(document.activeElement as HTMLButtonElement)), tabs.length)];
    target?.focus();
    if (target?.dataset.value !== undefined) select(target.dataset.value);
  };
  return <div role="tablist" aria-orientation={orientation} data-orientation={orientation} onKeyDown={move} {...props} />;
}

/** One tab, unstyled, selecting `value`; `data-state` is "active" or "inactive" for styling. */
export function Tab({ value, onClick, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("Tab");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${value}`}
      aria-selected={selected}
      aria-controls={`${tabs.baseId}-panel-${value}`}
      data-state={selected ? "active" : "inactive"}
      data-orientation={tabs.orientation}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !selected) tabs.select(value);
      }}
      {...props}
    />
  );
}

/**
 * The panel of one tab, unstyled: rendered while its tab is selected, or always with
 * `forceMount` (then `hidden` while its tab is not selected).
 */
export function TabPanel({ value, forceMount = false, ...props }: ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs("TabPanel");
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.baseId}-panel-${value}`}
      aria-labelledby={`${tabs.baseId}-tab-${value}`}
      data-state={selected ? "active" : "inactive"}
      data-orientation={tabs.orientation}
      hidden={!selected}
      tabIndex={0}
      {...props}
    />
  );
}

/** The row of tabs as a segmented control. */
export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return <TabList className={cn("inline-flex h-11 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground", className)} {...props} />;
}

/** One tab of the segmented control. */
export function TabsTrigger({ className, ...props }: ComponentProps<"button"> & { value: string }) {
  return (
    <Tab
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card dark:data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab of the segmented control. */
export function TabsContent({ className, ...props }: ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  return <TabPanel className={cn("focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", className)} {...props} />;
}
