import { scheduleLabel, shieldScheduleListSchema, shieldScheduleSchema, WEEKDAY_SHORT_NAMES, type ShieldSchedule } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, LoaderCircle, Plus, RotateCw, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { shieldQueryKeys } from "@/lib/queryKeys";

/** Monday first, as people read a week; values are `Date.getDay()` numbers. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** `GET`, `POST` and `DELETE /api/shield/schedules`, with their toasts and the server's messages. */
function useSchedules() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shieldQueryKeys.schedules });
  const list = useQuery({ queryKey: shieldQueryKeys.schedules, select: (data: unknown) => shieldScheduleListSchema.parse(data) });
  const add = useMutation({
    mutationFn: async (input: { days: number[]; start: string; end: string }) => shieldScheduleSchema.parse(await api.post("/api/shield/schedules", input)),
    onSuccess: async (schedule) => {
      toast({ title: "Schedule added", description: `${scheduleLabel(schedule)}: the Shield blocks then, no timer needed.` });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (schedule: ShieldSchedule) => api.delete(`/api/shield/schedules/${schedule.id}`),
    onSuccess: refresh,
    onError: (error: Error) => toast({ title: "Failed to remove schedule", description: error.message, variant: "destructive" }),
  });
  return { list, add, remove };
}

/**
 * Shield schedules (`docs/product.md`, Schedules): recurring windows in which the extension
 * blocks without a timer. Lists them, adds one (days, start, end) and removes one.
 */
export function ScheduleCard() {
  const { list, add, remove } = useSchedules();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Schedules</CardTitle>
        <CardDescription>Block your list at set times, even without a timer running.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <ScheduleForm pending={add.isPending} error={add.error} onAdd={(input) => add.mutate(input)} />
        {list.isPending ? (
          <Spinner label="Loading your schedules" showLabel />
        ) : list.isError ? (
          <ErrorAlert>
            <p className="font-medium">Couldn't load your schedules.</p>
            <p className="text-muted-foreground">{list.error.message}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </ErrorAlert>
        ) : list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No schedules yet. Add the hours you want protected, like weekday mornings.</p>
        ) : (
          <ul aria-label="Schedules" className="divide-y rounded-lg border">
            {list.data.map((schedule) => (
              <li key={schedule.id} className="flex items-center gap-3 px-4 py-2.5">
                <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 font-medium">{scheduleLabel(schedule)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9 text-muted-foreground hover:text-destructive"
                  aria-label={`Remove schedule ${scheduleLabel(schedule)}`}
                  disabled={remove.isPending && remove.variables?.id === schedule.id}
                  onClick={() => remove.mutate(schedule)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ScheduleForm({ pending, error, onAdd }: { pending: boolean; error: Error | null; onAdd: (input: { days: number[]; start: string; end: string }) => void }) {
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [start, setStart] = useState("09:00");
  const [end, setEnd] = useState("12:00");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd({ days, start, end });
  };
  return (
    <form noValidate className="grid gap-3" onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Days</legend>
        <div className="flex flex-wrap gap-2">
          {WEEK.map((day) => (
            <label key={day} className="flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="checkbox"
                className="size-4 accent-[var(--primary)]"
                checked={days.includes(day)}
                onChange={(event) => setDays(event.target.checked ? [...days, day] : days.filter((d) => d !== day))}
              />
              {WEEKDAY_SHORT_NAMES[day]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="schedule-start">From</Label>
          <Input id="schedule-start" type="time" className="w-32" value={start} onChange={(event) => setStart(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="schedule-end">To</Label>
          <Input id="schedule-end" type="time" className="w-32" value={end} onChange={(event) => setEnd(event.target.value)} />
        </div>
        <Button type="submit" className="h-11" disabled={pending}>
          {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
          Add schedule
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </form>
  );
}
