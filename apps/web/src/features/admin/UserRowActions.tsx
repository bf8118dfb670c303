import { type AdminUser } from "@focus/core/schemas";
import { ADMIN_CANCEL_COPY, isPremiumActive, type AdminCancellation } from "@focus/core/subscription";
import { BadgeCheck, Ban, Gift, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAdminAction, useAdminHandsOutResetLinks } from "./adminApi";
import { UserRowResetLink } from "./UserRowResetLink";

/**
 * A user's actions in the admin list: Activate (not on Premium, nothing to activate), Mark applied
 * for a pending offer, the cancel that applies (`cancellation`, core's `adminCancellationOf`:
 * "Cancel subscription" for Premium, "End trial" for a running trial, else the words "On Free:
 * nothing to cancel"), "Reset link" when this server cannot mail reset links or the user has no email, and Delete. The
 * admin's own row has none of them but Mark applied (the server refuses any change to the admin's own plan).
 */
export function UserRowActions(props: {
  row: AdminUser;
  isSelf: boolean;
  cancellation: AdminCancellation;
  onCancel: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  const { row, isSelf, cancellation, onCancel, onDelete } = props;
  const activate = useAdminAction("activate");
  const markOfferApplied = useAdminAction("markOfferApplied");
  const resetLinks = useAdminHandsOutResetLinks();
  const premium = isPremiumActive(row);
  const cancelCopy = cancellation === "endPremium" ? ADMIN_CANCEL_COPY.premium : cancellation === "endTrial" ? ADMIN_CANCEL_COPY.trial : null;
  return (
    <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:justify-end">
      {!isSelf && !premium && (
        <Button variant="outline" size="sm" aria-label={`Activate premium for ${row.username}`} disabled={activate.isPending} onClick={() => activate.mutate(row.id)}>
          <BadgeCheck aria-hidden />
          Activate
        </Button>
      )}
      {row.offer && !row.offer.appliedAt && (
        <Button variant="outline" size="sm" aria-label={`Mark offer applied for ${row.username}`} disabled={markOfferApplied.isPending} onClick={() => markOfferApplied.mutate(row.id)}>
          <Gift aria-hidden />
          Mark applied
        </Button>
      )}
      {!isSelf && cancelCopy && (
        <Button variant="outline" size="sm" aria-label={`${cancelCopy.action} of ${row.username}`} onClick={() => onCancel(row)}>
          <Ban aria-hidden />
          {cancelCopy.action}
        </Button>
      )}
      {!isSelf && !cancelCopy && <span className="px-1 text-xs text-muted-foreground">{ADMIN_CANCEL_COPY.none}</span>}
      {!isSelf && (resetLinks || !row.email) && <UserRowResetLink row={row} />}
      {!isSelf && (
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Delete ${row.username}`}
          onClick={() => onDelete(row)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      )}
    </div>
  );
}
