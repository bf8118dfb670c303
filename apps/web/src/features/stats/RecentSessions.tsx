import type { Session } from "@focus/core/schemas";
import { Brain, Coffee, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatSessionLength, formatSessionStart } from "./format";

/** The 5 most recent completed sessions, newest first, as chosen by the core. */
export function RecentSessions({ sessions }: { sessions: Session[] }) {
  return (
    <Card className="h-full">
      <CardHeader className="pb-4">
        <CardTitle as="h3">Recent sessions</CardTitle>
        <CardDescription>Your last {sessions.length === 1 ? "completed session" : `${sessions.length} completed sessions`}.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {sessions.map((s) => {
            const Icon = s.type === "focus" ? Brain : Coffee;
            return <SessionRow key={s.id} session={s} icon={Icon} title={s.type === "focus" ? "Focus session" : "Break"} />;
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** One session in a Statistics list: its icon, what it was, when it started and how long it lasted. */
export function SessionRow({ session, icon: Icon, title }: { session: Pick<Session, "startTime" | "duration">; icon: LucideIcon; title: string }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{formatSessionStart(session.startTime)}</p>
      </div>
      <span className="text-sm font-medium tabular-nums">{formatSessionLength(session.duration)}</span>
    </li>
  );
}
