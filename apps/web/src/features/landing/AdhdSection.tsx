import { Eye, Puzzle, ShieldOff, Sparkles, type LucideIcon } from "lucide-react";
import { Section } from "./Section";

const POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Eye, title: "Time you can see", text: "Time blindness is real. A ring that fills and a timer in the tab title keep the clock in view." },
  { icon: Puzzle, title: "Small, doable chunks", text: "25 minutes is short enough to start and long enough to get something done." },
  { icon: ShieldOff, title: "Distractions out of reach", text: "When the feed is blocked, you don't have to win the same fight with yourself every few minutes." },
  { icon: Sparkles, title: "Rewards for showing up", text: "Streaks and achievements celebrate starting, not being perfect." },
];

/** The ADHD-focused section of the landing page. */
export function AdhdSection() {
  return (
    <Section
      id="about"
      eyebrow="Made for ADHD minds"
      title="Built for brains that wander"
      intro="Most productivity tools assume attention is easy to hold. We built this one for people who know it isn't."
      className="bg-muted/40"
    >
      <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border bg-card p-5 shadow-sm">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="grid gap-1">
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="grid gap-2 rounded-2xl bg-primary p-8 text-center text-primary-foreground">
          <p className="text-6xl font-bold tracking-tight">40%</p>
          <p className="text-lg font-semibold">focus improvement</p>
          <p className="text-sm opacity-90">when work comes in short sessions, with breaks and without the usual distractions.</p>
        </div>
      </div>
    </Section>
  );
}
