import { RETENTION_OFFER_TITLES } from "@focus/core/cancellation";
import { type AdminUser } from "@focus/core/schemas";
import { CANCELLATION_FEEDBACK_COPY, adminBadge, adminCancellationOf } from "@focus/core/subscription";
import { MessageSquareQuote, Gift, Send } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { UserRowActions } from "./UserRowActions";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** Badge colour per admin badge text (`docs/product.md`); "N days left" gets the accent. */
const BADGE_VARIANT: Record<string, "default" | "secondary" | "destructive"> = {
  "Premium Active": "default",
  "Trial Expired": "destructive",
  Cancelled: "destructive",
  "Free Plan": "secondary",
};

/** An ISO date as the admin reads it, or the text as given when it is no date. */
function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

export interface UserRowProps {
  row: AdminUser;
  /** The list's answer time on the server's clock, epoch ms: the badge and the cancel rule use it. */
  now: number;
  isSelf: boolean;
  onCancel: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** One user of the admin list: name, badges (plan, upgrade request, offer), email and id, last cancellation, actions. */
export function UserRow({ row, now, isSelf, onCancel, onDelete }: UserRowProps) {
  const badge = adminBadge(row, now);
  return (
    <li className="flex flex-col gap-3 p-3 sm:p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{row.username}</span>
          {isSelf && <span className="text-xs text-muted-foreground">(you)</span>}
          <Badge variant={BADGE_VARIANT[badge] ?? "accent"}>{badge}</Badge>
          {row.upgradeRequestedAt && (
            <Badge variant="outline">
              <Send aria-hidden />
              Upgrade requested {day(row.upgradeRequestedAt)}
            </Badge>
          )}
          {row.offer && (
            <Badge variant={row.offer.appliedAt ? "secondary" : "outline"}>
              <Gift aria-hidden />
              {row.offer.appliedAt ? "Offer applied" : "Offer accepted"}: {RETENTION_OFFER_TITLES[row.offer.offer]}
            </Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="break-all">{row.email ?? "No email"}</span> · <span className="whitespace-nowrap">ID {row.id}</span>
        </p>
        {row.cancellation && <CancellationFeedback cancellation={row.cancellation} />}
      </div>
      <UserRowActions row={row} isSelf={isSelf} cancellation={adminCancellationOf(row, now)} onCancel={onCancel} onDelete={onDelete} />
    </li>
  );
}

/** The user's last cancellation: its reason, date and what they wrote. */
function CancellationFeedback({ cancellation }: { cancellation: NonNullable<AdminUser["cancellation"]> }) {
  return (
    <div className="mt-1 flex gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" role="group" aria-label="Cancellation feedback">
      <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 gap-0.5">
        <p>
          <span className="font-medium">
            {CANCELLATION_FEEDBACK_COPY.label}: {cancellation.reason}
          </span>{" "}
          <span className="text-muted-foreground">· {day(cancellation.cancelledAt)}</span>
        </p>
        <p className="wrap-anywhere whitespace-pre-line text-muted-foreground">
          {cancellation.feedback.trim() ? `“${cancellation.feedback.trim()}”` : CANCELLATION_FEEDBACK_COPY.noFeedback}
        </p>
      </div>
    </div>
  );
}
