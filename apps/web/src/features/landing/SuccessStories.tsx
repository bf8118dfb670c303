import { Quote } from "lucide-react";
import { Section } from "./Section";

const STORIES = [
  {
    quote: "I used to lose whole afternoons to one quick look at the news. With the shield on, I finished my thesis chapter in a week.",
    name: "Maya R.",
    role: "Graduate student with ADHD",
  },
  {
    quote: "The timer in the tab title is what did it for me. I always know how long until my break, so I stop checking my phone.",
    name: "Daniel K.",
    role: "Software developer",
  },
  {
    quote: "Deep Work audio plus 25-minute sessions got me from two focused hours a day to five. My streak is at 23 days.",
    name: "Priya S.",
    role: "Freelance designer",
  },
];

/** Success stories of the landing page. */
export function SuccessStories() {
  return (
    <Section id="stories" eyebrow="Success stories" title="People who found their focus">
      <ul className="grid gap-4 md:grid-cols-3">
        {STORIES.map((story) => (
          <li key={story.name}>
            <figure className="grid h-full content-between gap-4 rounded-2xl border bg-card p-6 shadow-sm">
              <blockquote className="grid gap-3">
                <Quote className="size-6 text-primary" aria-hidden />
                <p className="text-pretty">{story.quote}</p>
              </blockquote>
              <figcaption>
                <p className="font-semibold">{story.name}</p>
                <p className="text-sm text-muted-foreground">{story.role}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
