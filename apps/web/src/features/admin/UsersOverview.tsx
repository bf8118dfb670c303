import { adminBadge, isPremiumActive, RETENTION_OFFER_TITLES, type AdminUser } from "@focus/core";
import { BadgeCheck, Ban, Gift, RefreshCw, Send, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { useAdminAction, useAdminUsers, usersListError } from "./adminApi";
import { CancelUserDialog } from "./CancelUserDialog";
import { DeleteUserDialog } from "./DeleteUserDialog";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** Badge colour per admin badge text (`docs/product.md`); "N days left" gets the accent. */
const BADGE_VARIANT: Record<string, "default" | "secondary" | "destructive"> = {
  "Premium Active": "default",
  "Trial Expired": "destructive",
  Cancelled: "destructive",
  "Free Plan": "secondary",
};

/**
 * The users overview (`docs/product.md`, Offers and upgrade requests): every user with name,
 * email, id, the admin badge, their upgrade request and accepted retention offer; a Refresh
 * button; per user Activate, Cancel subscription and Delete (both confirmed in a dialog naming
 * the user) and, for a pending offer, Mark offer applied. The admin's own row has no Cancel and
 * no Delete (the server refuses both, 409).
 */
export function UsersOverview({ currentUserId }: { currentUserId: number }) {
  const users = useAdminUsers();
  const activate = useAdminAction("activate");
  const markOfferApplied = useAdminAction("markOfferApplied");
  const [toCancel, setToCancel] = useState<AdminUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  // Badges ("N days left") as of the list's answer: rows show only once it has come.
  const now = users.dataUpdatedAt;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2 text-lg">
            <Users className="size-5 text-primary" aria-hidden />
            Users overview
          </CardTitle>
          <CardDescription aria-live="polite">
            {users.data ? `${users.data.length} ${users.data.length === 1 ? "user" : "users"}, newest first` : "All accounts and their plans"}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void users.refetch()} disabled={users.isFetching} aria-busy={users.isFetching}>
          <RefreshCw className={cn(users.isFetching && "animate-spin")} aria-hidden />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="max-sm:px-3">
        {users.isError && <ErrorAlert className="mb-4">{usersListError(users.error)}</ErrorAlert>}
        {users.isPending && !users.isError && (
          <div className="grid min-h-32 place-items-center">
            <Spinner label="Loading users" showLabel />
          </div>
        )}
        {users.data && users.data.length === 0 && <p className="text-sm text-muted-foreground">No users yet.</p>}
        {users.data && users.data.length > 0 && (
          <ul className="divide-y rounded-lg border">
            {users.data.map((row) => {
              const badge = adminBadge(row, now);
              const premium = isPremiumActive(row);
              const isSelf = row.id === currentUserId;
              return (
                <li key={row.id} className="flex flex-col gap-3 p-3 sm:p-4 lg:flex-row lg:items-center lg:justify-between">
                  <div className="grid min-w-0 gap-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium break-all">{row.username}</span>
                      {isSelf && <span className="text-xs text-muted-foreground">(you)</span>}
                      <Badge variant={BADGE_VARIANT[badge] ?? "accent"}>{badge}</Badge>
                      {row.upgradeRequestedAt && (
                        <Badge variant="outline">
                          <Send aria-hidden />
                          Upgrade requested {DATE.format(new Date(row.upgradeRequestedAt))}
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
                  </div>
                  <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Activate premium for ${row.username}`}
                      disabled={premium || activate.isPending}
                      onClick={() => activate.mutate(row.id)}
                    >
                      <BadgeCheck aria-hidden />
                      Activate
                    </Button>
                    {row.offer && !row.offer.appliedAt && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Mark offer applied for ${row.username}`}
                        disabled={markOfferApplied.isPending}
                        onClick={() => markOfferApplied.mutate(row.id)}
                      >
                        <Gift aria-hidden />
                        Mark applied
                      </Button>
                    )}
                    {!isSelf && (
                      <>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Cancel subscription of ${row.username}`}
                          disabled={!premium}
                          onClick={() => setToCancel(row)}
                        >
                          <Ban aria-hidden />
                          Cancel subscription
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                          aria-label={`Delete ${row.username}`}
                          onClick={() => setToDelete(row)}
                        >
                          <Trash2 aria-hidden />
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <CancelUserDialog user={toCancel} onClose={() => setToCancel(null)} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
