import { Card, CardContent } from "@/components/ui/card";
import type { TabItem } from "./tabs";

/** A calm placeholder for a tab whose feature lands later in this release. */
export function ComingSoonPanel({ tab }: { tab: TabItem }) {
  const Icon = tab.icon;
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardContent className="flex flex-col items-center gap-4 py-14 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-7" aria-hidden />
        </span>
        <h2 className="text-2xl font-semibold tracking-tight">{tab.label}</h2>
        <p className="max-w-sm text-muted-foreground">{tab.label} is coming in this release.</p>
      </CardContent>
    </Card>
  );
}
