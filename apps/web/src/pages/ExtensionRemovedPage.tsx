import { extensionRemovalRecordedSchema, REMOVAL_REASON_MAX_LENGTH } from "@focus/core/schemas";
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { LegalLayout } from "@/features/legal/LegalLayout";
import { api } from "@/lib/api";

/**
 * /extension/removed, the page Chrome opens when the extension is removed (`docs/product.md`,
 * Removing the extension): it records the removal as it opens, then asks, optionally, why.
 */
export function ExtensionRemovedPage() {
  const record = useMutation({ mutationFn: async () => extensionRemovalRecordedSchema.parse(await api.post("/api/extension-removals")) });
  const [reason, setReason] = useState("");
  const send = useMutation({
    mutationFn: async () => {
      if (!record.data) throw new Error("The removal was not recorded yet. Try again in a moment.");
      await api.put(`/api/extension-removals/${record.data.id}`, { key: record.data.key, reason });
    },
  });
  const { mutate } = record;
  useEffect(() => mutate(), [mutate]);
  return (
    <LegalLayout title="The Focus Flow extension was removed" intro="Your account, your sessions and your list of sites are all still here.">
      {send.isSuccess ? (
        <p role="status" className="text-lg">
          Thank you. That helps us make the shield better.
        </p>
      ) : (
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <Label htmlFor="removal-reason">What made you remove it? (optional)</Label>
          <Textarea id="removal-reason" value={reason} maxLength={REMOVAL_REASON_MAX_LENGTH} rows={4} onChange={(event) => setReason(event.target.value)} />
          <p className="text-sm text-muted-foreground">
            {reason.length} of {REMOVAL_REASON_MAX_LENGTH} characters. You can add the extension again at any time from the app.
          </p>
          {(send.error ?? record.error) && (
            <ErrorAlert>
              <p>{(send.error ?? record.error)?.message}</p>
            </ErrorAlert>
          )}
          <Button type="submit" className="justify-self-start" disabled={send.isPending || reason.trim() === ""}>
            {send.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
            Send
          </Button>
        </form>
      )}
    </LegalLayout>
  );
}
