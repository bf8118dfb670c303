import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

/**
 * The toast area, loaded with the first toast: until then a page does not download Radix's
 * toast code (about 4 KiB compressed on every first visit). Toasts raised before it is there
 * wait in the store (use-toast.ts) and show once it is; after that it stays mounted.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (!wanted && toasts.length > 0) setWanted(true);
  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
