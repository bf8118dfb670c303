import { BarChart3, Headphones, PictureInPicture2, ShieldCheck, Timer, Trophy, type LucideIcon } from "lucide-react";
import { Section } from "./Section";

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Timer, title: "Pomodoro focus timer", text: "25 minutes of focus, 5-minute breaks and a longer rest after every fourth session." },
  { icon: Headphones, title: "Neural focus audio", text: "Background sound tuned to the kind of work you're doing, from deep work to winding down." },
  { icon: ShieldCheck, title: "Website Shield", text: "A free Chrome extension that blocks your distracting sites only while you focus." },
  { icon: PictureInPicture2, title: "Mini timer", text: "A small always-visible timer window, so the clock is never out of sight." },
  { icon: BarChart3, title: "Focus statistics", text: "Daily, weekly and monthly focus time, your streak and the time you saved." },
  { icon: Trophy, title: "Achievements", text: "Small goals with tips for reaching them, because progress you can see keeps you going." },
];

const BENEFITS = [
  "Fewer decisions: press start and the next step is clear",
  "Time you can see, with a ring that fills as you go",
  "Breaks that happen on their own, so you don't burn out",
  "Works in your browser, nothing to install for the timer",
  "Light, dark or system theme, easy on the eyes",
  "Keyboard-friendly and screen-reader-friendly",
];

/** The feature lists of the landing page. */
export function Features() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything you need to focus, nothing you don't"
      intro="A few simple tools that work together, so starting is easy and staying on task is easier."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="grid content-start gap-3 rounded-2xl border bg-card p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-xl bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mx-auto w-full max-w-4xl rounded-2xl border bg-muted/40 p-6 sm:p-8">
        <h3 className="mb-4 text-lg font-semibold">Designed to lower the effort of getting started</h3>
        <ul className="grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2.5">
              <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
