import { type AdminRoom, adminRoomSchema, messageResponseSchema } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DoorClosed, RefreshCw } from "lucide-react";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/api";
import { cn } from "@/lib/utils";
import { type RoomAdminAction, RoomsAdminDialog } from "./RoomsAdminDialog";
import { RoomsAdminRow } from "./RoomsAdminRow";

/** The admin's list of open rooms (`GET /api/admin/rooms`, `docs/rooms.md`, Moderation). */
const ADMIN_ROOMS_KEY = ["/api/admin/rooms"] as const;

/** The server's message of a failed call, else a plain one. */
function failure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? `${fallback} (${error.status})`;
  if (error instanceof TypeError) return `Network error: ${error.message}`;
  return fallback;
}

/** Ends, hides or shows a room; toasts the outcome and reloads the list. */
function useRoomAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ room, action }: { room: AdminRoom; action: RoomAdminAction }): Promise<string> => {
      if (action === "end") return messageResponseSchema.parse(await api.post(`/api/admin/rooms/${room.slug}/end`)).message;
      await api.put(`/api/admin/rooms/${room.slug}/hidden`, { hidden: action === "hide" });
      return action === "hide" ? `"${room.name}" is hidden from the public list` : `"${room.name}" is listed again`;
    },
    onSuccess: (message) => toast({ title: message }),
    onError: (error) => toast({ title: "The room was not changed", description: failure(error, "Failed to change the room"), variant: "destructive" }),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_ROOMS_KEY }),
  });
}

/**
 * The admin's "Rooms" section: every open room (public, by link, hidden) with its owner and how
 * many people are in it, each with Hide (or Show) and End, confirmed in a dialog naming the room.
 * The server checks the admin on every call.
 */
export function RoomsAdmin() {
  const rooms = useQuery({
    queryKey: ADMIN_ROOMS_KEY,
    queryFn: async ({ signal }): Promise<AdminRoom[]> => adminRoomSchema.array().parse(await api.get("/api/admin/rooms", { signal })),
  });
  const change = useRoomAdminAction();
  const [pending, setPending] = useState<{ room: AdminRoom; action: RoomAdminAction } | null>(null);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2 text-lg">
            <DoorClosed className="size-5 text-primary" aria-hidden />
            Rooms
          </CardTitle>
          <CardDescription aria-live="polite">
            {rooms.data ? `${rooms.data.length} open ${rooms.data.length === 1 ? "room" : "rooms"}, newest first` : "Open focus rooms"}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void rooms.refetch()} disabled={rooms.isFetching} aria-busy={rooms.isFetching} aria-label="Refresh rooms">
          <RefreshCw className={cn(rooms.isFetching && "animate-spin")} aria-hidden />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="max-sm:px-3">
        {rooms.isError && <ErrorAlert className="mb-4">{failure(rooms.error, "Failed to load the rooms")}</ErrorAlert>}
        {rooms.isPending && !rooms.isError && (
          <div className="grid min-h-24 place-items-center">
            <Spinner label="Loading rooms" showLabel />
          </div>
        )}
        {rooms.data?.length === 0 && <p className="text-sm text-muted-foreground">No open rooms.</p>}
        {rooms.data && rooms.data.length > 0 && (
          <ul className="divide-y rounded-lg border" aria-label="Open rooms">
            {rooms.data.map((room) => (
              <RoomsAdminRow key={room.slug} room={room} onAction={(action) => setPending({ room, action })} />
            ))}
          </ul>
        )}
      </CardContent>
      <RoomsAdminDialog
        pending={pending}
        busy={change.isPending}
        onConfirm={() => pending && change.mutate(pending, { onSettled: () => setPending(null) })}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
