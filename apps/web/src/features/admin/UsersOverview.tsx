import type { AdminUser } from "@focus/core/schemas";
import { RefreshCw, Users } from "lucide-react";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { useServerClockOffset } from "@/runtime/serverClock";
import { useAdminUsers, usersListError } from "./adminApi";
import { CancelUserDialog } from "./CancelUserDialog";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { UserRow } from "./UserRow";

/**
 * The users overview (`docs/product.md`, People and plans; Offers and upgrade requests): every
 * user with their plan badge, upgrade request, accepted offer and last cancellation with its
 * feedback, and their actions (UserRow); a Refresh button. Cancelling (a Premium plan or a
 * trial) and deleting are confirmed in a dialog naming the user.
 */
export function UsersOverview({ currentUserId }: { currentUserId: number }) {
  const users = useAdminUsers();
  const [toCancel, setToCancel] = useState<AdminUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  // Badges ("N days left") as of the list's answer, on the server's clock: rows show only once it has come.
  const now = users.dataUpdatedAt + useServerClockOffset();

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
        <Button variant="outline" size="sm" onClick={() => void users.refetch()} disabled={users.isFetching} aria-busy={users.isFetching} aria-label="Refresh users">
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
            {users.data.map((row) => (
              <UserRow key={row.id} row={row} now={now} isSelf={row.id === currentUserId} onCancel={setToCancel} onDelete={setToDelete} />
            ))}
          </ul>
        )}
      </CardContent>
      <CancelUserDialog user={toCancel} now={now} onClose={() => setToCancel(null)} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
