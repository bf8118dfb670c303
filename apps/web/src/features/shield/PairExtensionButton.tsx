import { EXTENSION_LINK_LABELS, type ExtensionStatus } from "@focus/core/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { pairExtension } from "./extensionBridge";
import { extensionStatus } from "./extensionStatus";
import { shieldQueryKeys } from "@/lib/queryKeys";
import { useLinkedDevices } from "./queries";

/** Cache key of the extension's status in this browser (not a server path; has its own queryFn). */
const EXTENSION_STATUS_KEY = ["chrome-extension", "status"] as const;
/** How long the status keeps being re-asked after the device list changed, ms. */
const STATUS_SETTLE_MS = 5000;

/** One line on the extension in this browser. */
function describe(status: ExtensionStatus | null | undefined): string {
  if (status === undefined) return "Looking for the extension in this browser…";
  if (status === null) return "No Focus Flow extension found in this browser yet.";
  if (!status.pairedHere) return `Extension ${status.version} found; not paired with this account yet.`;
  return `Extension ${status.version} in this browser: ${EXTENSION_LINK_LABELS[status.link]}.`;
}

/**
 * "Pair this browser's extension": asks the API for a device token and hands it to the Chrome
 * extension in this browser, then refreshes the list of paired browsers.
 */
export function PairExtensionButton({ size = "sm", variant = "default" }: Pick<ButtonProps, "size" | "variant">) {
  const client = useQueryClient();
  // Asked again whenever the list of paired browsers changes (paired, paused, unlinked), and
  // each second for a few seconds after, while the extension hears of the change from the server.
  const devices = useLinkedDevices(true);
  const status = useQuery({
    queryKey: [...EXTENSION_STATUS_KEY, devices.dataUpdatedAt],
    queryFn: extensionStatus,
    refetchInterval: () => (Date.now() - devices.dataUpdatedAt < STATUS_SETTLE_MS ? 1000 : false),
  });
  const pair = useMutation({
    mutationFn: pairExtension,
    onSuccess: async () => {
      toast({ title: "Extension paired", description: "This browser now blocks your websites during focus sessions." });
      await client.invalidateQueries({ queryKey: shieldQueryKeys.linkedDevices });
    },
    onError: (error: Error) => toast({ title: "Failed to pair extension", description: error.message, variant: "destructive" }),
  });
  return (
    <div className="grid justify-items-start gap-2">
      <Button size={size} variant={variant} disabled={pair.isPending} onClick={() => pair.mutate()}>
        <Link2 aria-hidden />
        {pair.isPending ? "Pairing…" : "Pair this browser's extension"}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="extension-status">
        {describe(status.isPending ? undefined : (status.data ?? null))}
      </p>
    </div>
  );
}
