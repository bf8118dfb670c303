import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A full-width submit button that shows a spinner and is disabled while `busy`. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
      {busy && <LoaderCircle className="animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}
