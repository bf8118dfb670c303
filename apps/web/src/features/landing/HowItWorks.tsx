import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Section } from "./Section";

const STEPS = [
  { title: "Choose your sound", text: "Pick Deep Work, Light Work, Creative or Relax audio, or work in silence." },
  { title: "Start a 25-minute session", text: "Press start. The Website Shield blocks your distracting sites until the session ends." },
  { title: "Rest and watch your progress grow", text: "Take the break you earned. Your streak, statistics and achievements update on their own." },
];

/** The 3-step 'How It Works' of the landing page. */
export function HowItWorks() {
  return (
    <Section id="how-it-works" eyebrow="Three simple steps" title="How It Works" intro="From distracted to focused in under a minute.">
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="grid content-start justify-items-center gap-3 text-center">
            <span className="grid size-14 place-items-center rounded-full bg-primary text-xl font-bold text-primary-foreground" aria-hidden>
              {i + 1}
            </span>
            <h3 className="text-lg font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="max-w-xs text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
      <Link to="/app" className={buttonVariants({ size: "lg", className: "justify-self-center" })}>
        Try a session now
      </Link>
    </Section>
  );
}
