import { Keyboard } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ShortcutList } from "./ShortcutList";

/** The keyboard shortcuts, listed in the settings (`docs/offline.md`). */
export function ShortcutsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Keyboard className="size-5 text-primary" aria-hidden />
          Keyboard shortcuts
        </CardTitle>
        <CardDescription>
          In the app, press <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">?</kbd> to see them. They never fire while you type in a field.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ShortcutList />
      </CardContent>
    </Card>
  );
}
