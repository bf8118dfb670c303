import { premiumWorth } from "@focus/core/subscription";
import { CalendarCheck, Gift, X } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { usePublicConfig } from "@/lib/publicConfig";
import { cn } from "@/lib/utils";
import { dismissInterviewPromo, interviewLink, isInterviewPromoDismissed } from "./interviewPromo";

/**
 * The dismissible interview promo card; the dismissal is remembered locally. The booking link is
 * the server's INTERVIEW_URL (`GET /api/config`), else a mail to the server's support address; the
 * card shows once the server answered (before that it has nothing to link to).
 */
export function InterviewPromo({ className }: { className?: string }) {
  const [dismissed, setDismissed] = useState(isInterviewPromoDismissed);
  if (dismissed) return null;
  return <InterviewCard className={className} onDismiss={() => setDismissed(true)} />;
}

/** The card itself, mounted only while not dismissed (so a dismissed promo asks the server nothing). */
function InterviewCard({ className, onDismiss }: { className?: string; onDismiss: () => void }) {
  const link = interviewLink(usePublicConfig());
  if (!link) return null;
  const { href, external } = link;
  return (
    <aside
      aria-labelledby="interview-promo-title"
      className={cn("relative flex flex-col gap-4 rounded-2xl border border-primary/40 bg-accent/40 p-5 pr-12 sm:flex-row sm:items-center sm:p-6 sm:pr-14", className)}
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground">
        <Gift className="size-6" aria-hidden />
      </span>
      <div className="grid flex-1 gap-1">
        <h2 id="interview-promo-title" className="text-lg font-semibold tracking-tight">
          Get 3 months of Premium free
        </h2>
        <p className="text-sm text-muted-foreground">
          Tell us how you focus in a 15-minute video interview and we'll give you 3 months of Premium, worth {premiumWorth(3)}.
        </p>
      </div>
      <a
        href={href}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className={buttonVariants({ className: "shrink-0 self-start sm:self-center" })}
      >
        <CalendarCheck aria-hidden />
        Book your interview
        {external && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
      <button
        type="button"
        onClick={() => {
          dismissInterviewPromo();
          onDismiss();
        }}
        aria-label="Dismiss the interview offer"
        className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden />
      </button>
    </aside>
  );
}
