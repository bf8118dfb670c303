import type { User } from "@focus/core/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { FormField } from "@/components/FormField";
import { outboxSync } from "@/runtime/outbox/sync";
import { ApiError, api } from "@/lib/api";
import { clearApiCache } from "@/lib/apiCache";
import { queryKeys } from "@/lib/queryKeys";
import { forgetSignedIn } from "@/runtime/sessionEnded";

/**
 * The account's deletion (`DELETE /api/user`): on success this browser forgets the account's
 * waiting writes and cached data and goes home; a wrong password is shown on the field (`setError`).
 */
function useAccountDeletion(user: User, setError: (error: string) => void) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: { password: string }) => api.delete("/api/user", body),
    onSuccess: async () => {
      forgetSignedIn();
      await outboxSync.clearUser(user.id).catch(() => undefined);
      await clearApiCache();
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      client.setQueryData(queryKeys.me, null);
      toast({ title: "Account deleted", description: "Your account and all its data are gone." });
      void navigate("/", { replace: true });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.serverMessage ?? "Password is incorrect");
      else toast({ title: "Failed to delete account", description: failure instanceof ApiError ? failure.serverMessage : "Please try again later.", variant: "destructive" });
    },
  });
}

/** What deleting does and the button that opens the dialog (`onStart`); the admin account is told it cannot be deleted. */
function DeleteAccountLead({ isAdmin, onStart }: { isAdmin: boolean; onStart: () => void }) {
  return isAdmin ? (
    <p className="text-sm text-muted-foreground">The admin account cannot be deleted.</p>
  ) : (
    <>
      <p className="text-sm text-muted-foreground">
        Deletes your account and everything in it: sessions, settings, blocked sites and linked devices. This cannot be undone. To keep your history,
        download it from Statistics first.
      </p>
      <div>
        <Button variant="outline" className="border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={onStart}>
          <Trash2 aria-hidden />
          Delete account
        </Button>
      </div>
    </>
  );
}

/**
 * 'Delete account' in the profile card (`docs/offline.md`, Your data): after the password is
 * confirmed in a dialog, `DELETE /api/user` removes the account and all its data on the server;
 * this browser forgets the account's cached data and waiting writes too. The admin account cannot
 * be deleted.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();

  const remove = useAccountDeletion(user, setError);

  const close = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword("");
      setError(undefined);
    }
  };

  return (
    <section aria-labelledby="delete-account-title" className="grid gap-3 border-t pt-6">
      <h3 id="delete-account-title" className="font-medium">
        Delete account
      </h3>
      <DeleteAccountLead isAdmin={user.isAdmin} onStart={() => setOpen(true)} />
      <Dialog open={open} onOpenChange={close}>
        <DialogContent role="alertdialog">
          <form
            noValidate
            className="grid gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              if (!password) {
                setError("Password is required");
                return;
              }
              setError(undefined);
              remove.mutate({ password });
            }}
          >
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                This deletes {user.username} and all its data for good: every session, your settings, blocked sites and linked devices. Enter your password to
                confirm.
              </DialogDescription>
            </DialogHeader>
            <FormField
              id="delete-account-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(event) => setPassword(event.target.value)}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={!password || remove.isPending} aria-busy={remove.isPending}>
                {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
