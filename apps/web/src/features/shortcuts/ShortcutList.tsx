import { SHORTCUTS } from "./shortcuts";

/** The shortcuts as a definition list: keys, then what they do. */
export function ShortcutList() {
  return (
    <dl className="grid gap-2 text-sm" data-testid="shortcut-list">
      {SHORTCUTS.map(({ action, keys, label }) => (
        <div key={action} className="flex items-center justify-between gap-4 rounded-md bg-muted/50 px-3 py-2">
          <dt className="text-foreground">{label}</dt>
          <dd className="flex shrink-0 gap-1">
            {keys.map((key) => (
              <kbd
                key={key}
                className="inline-flex min-w-8 justify-center rounded-md border border-b-2 bg-background px-2 py-0.5 font-mono text-xs font-semibold text-foreground"
              >
                {key}
              </kbd>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
