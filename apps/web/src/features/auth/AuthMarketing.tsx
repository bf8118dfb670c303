import { Headphones, ShieldCheck, Timer, type LucideIcon } from "lucide-react";
import { REGISTRATION_COPY } from "@focus/core/subscription";
import { usePublicConfig } from "@/lib/publicConfig";

const POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Timer,
    title: "Focus sessions that fit your brain",
    text: "25 minutes of focus, then a 5-minute break. One clear next step at a time.",
  },
  {
    icon: Headphones,
    title: "Neural audio",
    text: "Background sound for deep work, light work, creative flow or rest.",
  },
  {
    icon: ShieldCheck,
    title: "Website shield",
    text: "A free Chrome extension quietly blocks distracting sites while you focus.",
  },
];

/** The marketing panel beside the auth form, with the registration's trial from the plan wording table (TRIAL_DAYS). */
export function AuthMarketing() {
  const { trialDays } = usePublicConfig();
  return (
    <section
      aria-labelledby="auth-marketing-title"
      className="flex flex-col gap-6 md:rounded-2xl md:border md:bg-accent/25 md:p-10"
    >
      <div className="grid gap-2">
        <h2 id="auth-marketing-title" className="text-2xl font-semibold tracking-tight text-balance">
          A calmer way to get things done
        </h2>
        <p className="text-muted-foreground">Built for people with ADHD and anyone whose attention likes to wander.</p>
      </div>
      <ul className="grid gap-5">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <p className="font-medium">{title}</p>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{REGISTRATION_COPY.panel(trialDays)}</p>
    </section>
  );
}
