import { ROOM_LIMITS, roomCreateSchema, type RoomCreate } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { FormField } from "@/components/FormField";
import { IN_THE_ROOM } from "./joinIntent";
import { useCreateRoom } from "./roomQueries";

const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const FOCUS_CHOICES = range(ROOM_LIMITS.focusMinutes.min, ROOM_LIMITS.focusMinutes.max, ROOM_LIMITS.focusMinutes.step);
const BREAK_CHOICES = range(ROOM_LIMITS.breakMinutes.min, ROOM_LIMITS.breakMinutes.max, ROOM_LIMITS.breakMinutes.step);

/**
 * Opens a room (name, who can find it, round lengths) and goes to it, already in it (whoever
 * opens a room is in it, `docs/rooms.md`); the server's message on a refusal.
 */
export function CreateRoomForm() {
  const navigate = useNavigate();
  const create = useCreateRoom();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof roomCreateSchema>, unknown, RoomCreate>({
    resolver: zodResolver(roomCreateSchema),
    defaultValues: { name: "", visibility: "public", focusMinutes: ROOM_LIMITS.focusMinutes.default, breakMinutes: ROOM_LIMITS.breakMinutes.default },
  });

  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (room) => void navigate(`/rooms/${room.slug}`, { state: IN_THE_ROOM }),
      onError: (error) => toast({ title: "Could not open the room", description: error.message, variant: "destructive" }),
    }),
  );

  return (
    <form noValidate aria-label="Open a room" className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <FormField id="room-name" label="Room name" placeholder="Morning deep work" maxLength={ROOM_LIMITS.nameLength} error={errors.name?.message} {...register("name")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="room-visibility">Who can find it</Label>
          <Select id="room-visibility" {...register("visibility")}>
            <option value="public">Everyone (listed)</option>
            <option value="link">Only people with the link</option>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="room-focus">Focus rounds</Label>
          <Select id="room-focus" {...register("focusMinutes", { valueAsNumber: true })}>
            {FOCUS_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="room-break">Breaks</Label>
          <Select id="room-break" {...register("breakMinutes", { valueAsNumber: true })}>
            {BREAK_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} {minutes === 1 ? "minute" : "minutes"}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
          Open room
        </Button>
      </div>
    </form>
  );
}
