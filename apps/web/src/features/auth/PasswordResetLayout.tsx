import type { ReactNode } from "react";
import { BrandLink } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePublicConfig } from "@/lib/publicConfig";

/** The frame of the "Forgot password?" and "New password" pages: brand and theme on top, one card with a title. */
export function PasswordResetLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-5">
        <BrandLink />
        <ThemeToggle />
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 pb-16 sm:px-6 md:pt-6">
        <Card>
          <CardHeader>
            <CardTitle as="h1">{title}</CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent className="grid gap-6">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}

/** A calm, announced notice (role="status"): what happened and what to do next. */
export function ResetNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border bg-muted/40 px-4 py-3 text-sm">
      {children}
    </div>
  );
}

/** Classes of the text links under the forms (as on the sign-in page). */
export const RESET_LINK_CLASS =
  "rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * "Contact support", writing to the server's SUPPORT_EMAIL with `subject`: the way out where the
 * app cannot help by itself (no mail server, a link that no longer works). Nothing while the
 * server has named no address.
 */
export function ContactSupport({ subject }: { subject: string }) {
  const { supportEmail } = usePublicConfig();
  if (!supportEmail) return null;
  return (
    <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`} className={RESET_LINK_CLASS}>
      Contact support
    </a>
  );
}
