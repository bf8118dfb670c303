import {
  blockedSiteListSchema,
  blockedSiteSchema,
  linkedDeviceListSchema,
  type AddWebsiteForm,
  type BlockedSite,
  type LinkedDevice,
  type ShieldMode,
} from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/api";
import { shieldQueryKeys } from "@/lib/queryKeys";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { useSettings } from "@/runtime/settings";
import { useLiveReload } from "@/runtime/useLiveReload";
import { addedCopy, SHIELD_LIST_COPY } from "./listCopy";

/**
 * Server data of the Website Shield tab (`docs/api.md`): blocked sites and linked devices, with
 * their toasts. Their query keys are `shieldQueryKeys` (lib/queryKeys.ts).
 */

/** The toast text of a failed call: the error's message (`docs/api.md`). */
function failure(title: string) {
  return (error: Error) => toast({ title, description: error.message, variant: "destructive" });
}

/**
 * What to say when a list cannot be loaded. A 404 means this server has no such route yet
 * (an older API), which is no fault of the user's: say so plainly instead of "Route … not found".
 */
export function loadErrorMessage(error: Error, unavailable: string): string {
  if (error instanceof ApiError && error.status === 404) return unavailable;
  return error.message;
}

/** The Shield's mode as the account's settings hold it (the settings in force until they load). */
export function useShieldMode(): ShieldMode {
  const current = useCurrentSettings();
  return useSettings(true).data?.shieldMode ?? current.shieldMode;
}

/** `GET /api/blocked-sites`, again when another device changed it (`blocked_sites_changed`); off for guests, who have nothing on the server. */
export function useBlockedSites(enabled: boolean) {
  useLiveReload(["blocked_sites_changed"], [shieldQueryKeys.blockedSites]);
  return useQuery({
    queryKey: shieldQueryKeys.blockedSites,
    enabled,
    select: (data: unknown): BlockedSite[] => blockedSiteListSchema.parse(data),
  });
}

/**
 * `POST /api/blocked-sites {url, active: true}`; refreshes the list and toasts either way, in the
 * words of the Shield's `mode` (an exception in a block list says that part stays open).
 */
export function useAddBlockedSite(mode: ShieldMode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ url }: AddWebsiteForm) => blockedSiteSchema.parse(await api.post("/api/blocked-sites", { url, active: true })),
    onSuccess: async (site) => {
      toast(addedCopy(mode, site.url));
      await client.invalidateQueries({ queryKey: shieldQueryKeys.blockedSites });
    },
    onError: failure("Failed to add website"),
  });
}

/** `PUT /api/blocked-sites/{id} {delay}`: a delay page or a wall for this entry; the list is refreshed on success. */
export function useSetSiteDelay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, delay }: Pick<BlockedSite, "id" | "delay">) => blockedSiteSchema.parse(await api.put(`/api/blocked-sites/${id}`, { delay })),
    onSuccess: async (site) => {
      toast({ title: site.delay ? "Delay page on" : "Delay page off", description: site.delay ? `${site.url} now asks you to wait 30 seconds first.` : `${site.url} is blocked outright again.` });
      await client.invalidateQueries({ queryKey: shieldQueryKeys.blockedSites });
    },
    onError: failure("Failed to update website"),
  });
}

/** `DELETE /api/blocked-sites/{id}`, toasting in the words of the Shield's mode at the time. */
export function useRemoveBlockedSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ site }: { site: BlockedSite; mode: ShieldMode }) => api.delete(`/api/blocked-sites/${site.id}`),
    onSuccess: async (_answer, { mode }) => {
      toast(SHIELD_LIST_COPY[mode].removed);
      await client.invalidateQueries({ queryKey: shieldQueryKeys.blockedSites });
    },
    onError: failure("Failed to remove website"),
  });
}

/** `GET /api/linked-devices`; off for guests. */
export function useLinkedDevices(enabled: boolean) {
  return useQuery({
    queryKey: shieldQueryKeys.linkedDevices,
    enabled,
    select: (data: unknown): LinkedDevice[] => linkedDeviceListSchema.parse(data),
  });
}

/** `PUT /api/linked-devices/{id} {isActive}`; the list is refreshed on success. */
export function useUpdateDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: Pick<LinkedDevice, "id" | "isActive">) => api.put(`/api/linked-devices/${id}`, { isActive }),
    onSuccess: async () => {
      toast({ title: "Device status updated", description: "The device settings have been updated successfully." });
      await client.invalidateQueries({ queryKey: shieldQueryKeys.linkedDevices });
    },
    onError: failure("Failed to update device"),
  });
}

/** `DELETE /api/linked-devices/{id}`. */
export function useUnlinkDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: LinkedDevice) => api.delete(`/api/linked-devices/${device.id}`),
    onSuccess: async () => {
      toast({ title: "Device unlinked", description: "The device has been unlinked successfully." });
      await client.invalidateQueries({ queryKey: shieldQueryKeys.linkedDevices });
    },
    onError: failure("Failed to unlink device"),
  });
}
