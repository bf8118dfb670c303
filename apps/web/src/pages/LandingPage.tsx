import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { buttonVariants } from "@/components/ui/button";

/** Placeholder landing page (spec §2 "/"); the full landing comes later, in this same lazy chunk. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto w-full max-w-5xl px-6 py-5">
        <BrandLink />
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-6 px-6 pb-24 text-center">
        <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
          Calm focus, one session at a time
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground text-pretty">
          25-minute focus sessions with gentle breaks, focus audio and a shield against distracting sites.
        </p>
        <Link to="/app" className={buttonVariants({ size: "lg" })}>
          Start Focusing Now
          <ArrowRight aria-hidden />
        </Link>
      </main>
    </div>
  );
}
