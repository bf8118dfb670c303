import { PASSWORD_RESET_LINK_MINUTES, type AdminUser } from "@focus/core/schemas";
import { Check, Copy, KeyRound, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useResetLink } from "./adminApi";

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/**
 * "Reset link" of a user row, shown when this server cannot mail reset links (no SMTP_URL) or
 * the user has no email (`docs/product.md`, Forgotten password): makes a link on the server and shows it in a dialog
 * with a Copy button, for the admin to give to the user. The link exists only in this dialog.
 */
export function UserRowResetLink({ row }: { row: AdminUser }) {
  const [open, setOpen] = useState(false);
  const link = useResetLink();
  const [copied, setCopied] = useState(false);
  const url = link.data ? new URL(link.data.url, window.location.origin).toString() : "";

  const close = () => {
    setOpen(false);
    setCopied(false);
    link.reset();
  };
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Reset link for ${row.username}`}
        disabled={link.isPending}
        onClick={() => link.mutate(row.id, { onSuccess: () => setOpen(true) })}
      >
        {link.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
        Reset link
      </Button>
      <Dialog open={open} onOpenChange={(next) => !next && close()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset link for {row.username}</DialogTitle>
            <DialogDescription>
              Give this link to {row.username} yourself. It works once, for {PASSWORD_RESET_LINK_MINUTES} minutes
              {link.data && ` (until ${TIME.format(new Date(link.data.expiresAt))})`}, and signs them out everywhere else. Anyone who has it can
              take over the account, so send it only to them.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`reset-link-${row.id}`}>Link</Label>
            <Input id={`reset-link-${row.id}`} readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Done
            </Button>
            <Button onClick={() => void copy()} autoFocus>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? "Copied" : "Copy link"}
            </Button>
          </DialogFooter>
          <p className="sr-only" aria-live="polite">
            {copied ? "Link copied" : ""}
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}
