import { achievementTally, type Achievement, type AchievementCategory } from "@focus/core/stats";
import { Award, CircleCheck, Lightbulb, Lock } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { ProgressBar } from "./ProgressBar";

const CATEGORY_LABELS: Record<AchievementCategory, string> = {
  focus: "Focus",
  consistency: "Consistency",
  mastery: "Mastery",
  efficiency: "Efficiency",
};

/** What each achievement's progress counts (display only; the core's targets are in these units). */
const UNITS: Record<string, [string, string]> = {
  "first-session": ["session", "sessions"],
  "four-sessions-today": ["session", "sessions"],
  "two-hours-focused": ["min", "min"],
  "weekly-five": ["session", "sessions"],
  "focus-25-hours": ["min", "min"],
  "streak-3-days": ["day", "days"],
  "ten-sessions": ["session", "sessions"],
  "monthly-50": ["session", "sessions"],
};

function progressText(a: Achievement): string {
  const [one, many] = UNITS[a.id] ?? ["", ""];
  const unit = a.target === 1 ? one : many;
  return `${a.progress.toLocaleString()} / ${a.target.toLocaleString()}${unit ? ` ${unit}` : ""}`;
}

/**
 * The achievements (`docs/product.md`): the three headline ones, then the gallery, each with its
 * progress, target, tip and category, and marked Unlocked or Locked, all evaluated by the core;
 * above them how many of those shown are unlocked (core's `achievementTally`: each counted once).
 */
export function Achievements({ headline, gallery }: { headline: Achievement[]; gallery: Achievement[] }) {
  const { unlocked, total } = achievementTally(headline, gallery);
  return (
    <section aria-labelledby="achievements-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="achievements-title" className="text-xl font-semibold tracking-tight">
          Achievements
        </h3>
        <p className="text-sm text-muted-foreground" data-testid="achievements-tally">
          {unlocked} of {total} unlocked
        </p>
      </div>
      <ul aria-label="Highlights" className="grid gap-3 sm:grid-cols-3">
        {headline.map((a) => (
          <li key={a.id}>
            <HeadlineCard achievement={a} />
          </li>
        ))}
      </ul>
      <Card>
        <CardHeader className="pb-4">
          <h4 className="text-lg leading-tight font-semibold tracking-tight">Gallery</h4>
          <CardDescription>Small goals that add up. Each comes with a tip for getting there.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 md:grid-cols-2">
            {gallery.map((a) => (
              <GalleryItem key={a.id} achievement={a} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

/** A headline achievement: its title and Unlocked, or a lock, Locked and the progress. */
function HeadlineCard({ achievement: a }: { achievement: Achievement }) {
  return (
    <Card className={cn("flex h-full items-center gap-3 p-4", a.unlocked && "border-primary/50 bg-accent/40")}>
      <span
        className={cn(
          "grid size-10 shrink-0 place-items-center rounded-full",
          a.unlocked ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
        )}
      >
        {a.unlocked ? <Award className="size-5" aria-hidden /> : <Lock className="size-4" aria-hidden />}
      </span>
      <div className="min-w-0">
        <p className="font-semibold">{a.title}</p>
        <p className="text-sm text-muted-foreground">{a.unlocked ? "Unlocked" : `Locked · ${progressText(a)}`}</p>
      </div>
    </Card>
  );
}

/** An achievement of the gallery: title, description, category, Unlocked or Locked, progress, and the tip until it is unlocked. */
function GalleryItem({ achievement: a }: { achievement: Achievement }) {
  return (
    <li className={cn("grid gap-2.5 rounded-lg border p-4", a.unlocked && "border-primary/50 bg-accent/30")}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold">
            {a.unlocked ? (
              <CircleCheck className="size-4 shrink-0 text-primary" aria-hidden />
            ) : (
              <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            {a.title}
          </p>
          <p className="text-sm text-muted-foreground">{a.description}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
            {CATEGORY_LABELS[a.category]}
          </span>
          <span className={cn("text-xs font-medium", a.unlocked ? "text-primary" : "text-muted-foreground")}>
            {a.unlocked ? "Unlocked" : "Locked"}
          </span>
        </div>
      </div>
      <ProgressBar value={a.progress} max={a.target} label={`${a.title} progress`} valueText={progressText(a)} />
      <p className="text-sm tabular-nums">
        <span className="sr-only">Progress: </span>
        {progressText(a)}
      </p>
      {!a.unlocked && (
        <p className="flex gap-2 text-sm text-muted-foreground">
          <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="sr-only">Tip: </span>
            {a.tip}
          </span>
        </p>
      )}
    </li>
  );
}
