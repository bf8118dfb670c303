import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A landing section with an eyebrow, a heading and an intro, linked by id for the nav. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-20 py-16 sm:py-20", className)}>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-6">
        <div className="mx-auto grid max-w-2xl gap-3 text-center">
          {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="text-lg text-muted-foreground text-pretty">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
