import { Brain, Leaf, ListChecks, Palette, type LucideIcon } from "lucide-react";
import { Section } from "./Section";

const MOODS: { icon: LucideIcon; name: string; band: string; text: string; bestFor: string }[] = [
  { icon: Brain, name: "Deep Work", band: "Beta waves", text: "Steady, low-distraction sound for long stretches of concentration.", bestFor: "Coding, analysis, research" },
  { icon: ListChecks, name: "Light Work", band: "Alpha waves", text: "Relaxed, alert background sound for lighter, varied tasks.", bestFor: "Email, planning, reviews" },
  { icon: Palette, name: "Creative", band: "Gamma waves", text: "Brighter textures that leave room for ideas to connect.", bestFor: "Design, writing, brainstorming" },
  { icon: Leaf, name: "Relax", band: "Theta waves", text: "Slow, soft sound to step away, breathe and reset.", bestFor: "Breaks, meditation, winding down" },
];

/** The landing page's four audio moods (`docs/product.md`, Audio). */
export function AudioMoods() {
  return (
    <Section
      id="audio"
      eyebrow="Neural audio"
      title="Four moods of focus audio"
      intro="Pick the sound that matches your task. Each mood is built around a brainwave band and loops quietly in the background."
      className="bg-muted/40"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {MOODS.map(({ icon: Icon, name, band, text, bestFor }) => (
          <li key={name} className="grid content-start gap-3 rounded-2xl border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-xl bg-primary/15 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{name}</h3>
                <p className="text-sm text-muted-foreground">{band}</p>
              </div>
            </div>
            <p className="text-muted-foreground">{text}</p>
            <p className="text-sm">
              <span className="font-medium">Best for:</span> {bestFor}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
