import type { LinkedDevice } from "@focus/core/schemas";
import { Laptop, RotateCw, Unlink } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useStrictSession } from "@/runtime/strictSession";
import { shortDate, timeAgo } from "./format";
import { PairExtensionButton } from "./PairExtensionButton";
import { loadErrorMessage, useLinkedDevices, useUnlinkDevice, useUpdateDevice } from "./queries";

const LINK = "font-medium text-primary underline-offset-4 hover:underline";

/**
 * The user's linked devices (`docs/product.md`, Website Shield and linked devices): each browser
 * where the extension is paired, titled 'Paired browsers' so it is not mistaken for the 'Linked
 * Devices' card (cross-device sync, Launching Soon). A device can be switched active or inactive
 * (blocking and sync on or off) or unlinked.
 */
export function LinkedDevicesCard() {
  const devices = useLinkedDevices(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Paired browsers</CardTitle>
        <CardDescription>Browsers where the Chrome extension is paired with your account. Switch one off to pause it there.</CardDescription>
      </CardHeader>
      <CardContent>
        {devices.isPending ? (
          <Spinner label="Loading your paired browsers" showLabel />
        ) : devices.isError ? (
          <ErrorAlert>
            <p className="font-medium">Couldn't load your paired browsers.</p>
            <p className="text-muted-foreground">
              {loadErrorMessage(devices.error, "Device pairing isn't available on this server yet.")}
            </p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void devices.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </ErrorAlert>
        ) : devices.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            No browsers paired yet. Pairing comes with the Chrome extension:{" "}
            <Link to="/extension" className={LINK}>
              install it
            </Link>
            , then choose “Pair this browser's extension” below. Your browser will then show up in this list.
          </p>
        ) : (
          <ul aria-label="Paired browsers" className="divide-y rounded-lg border">
            {devices.data.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
        )}
        <div className="mt-4">
          <PairExtensionButton />
        </div>
      </CardContent>
    </Card>
  );
}

function DeviceRow({ device }: { device: LinkedDevice }) {
  const update = useUpdateDevice();
  const unlink = useUnlinkDevice();
  const [confirming, setConfirming] = useState(false);
  // During a strict focus session the extension stays linked and on (`docs/product.md`, Strict focus).
  const strict = useStrictSession();
  const switchId = `device-${device.id}-active`;
  return (
    <li className="grid gap-3 px-4 py-3 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="truncate font-medium">{device.name}</p>
          <p className="text-sm text-muted-foreground">
            {device.lastSeenAt ? `Last seen ${timeAgo(device.lastSeenAt)}` : "Not connected yet"}
            {shortDate(device.createdAt) && ` · Paired ${shortDate(device.createdAt)}`}
          </p>
        </div>
      </div>
      {confirming && !strict ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Unlink ${device.name}?`}>
          <span className="text-sm">Unlink this device?</span>
          <Button
            variant="destructive"
            size="sm"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate(device, { onSettled: () => setConfirming(false) })}
          >
            Unlink
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={device.isActive}
              disabled={update.isPending || (strict && device.isActive)}
              onChange={() => update.mutate({ id: device.id, isActive: !device.isActive })}
              aria-label={`Active: ${device.name}`}
            />
            <label htmlFor={switchId} className="cursor-pointer text-sm">
              Active
            </label>
          </div>
          {strict ? (
            <span className="text-xs text-muted-foreground">Stays linked until the strict session ends</span>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Unlink ${device.name}`}>
              <Unlink aria-hidden />
              <span className="hidden sm:inline">Unlink</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
