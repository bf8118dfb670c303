import { ArrowRight, UserRound } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { setGuestMode } from "@/lib/guestMode";
import { FeatureDemoCard } from "./FeatureDemoCard";
import { StartFocusingLink } from "./StartFocusingLink";

/**
 * The marketing claims, as copy: 75 hours a month is 2.5 hours a day × 30 days.
 */
const CLAIMS = [
  { value: "75 hours", label: "saved per month" },
  { value: "40%", label: "focus improvement" },
  { value: "Up to 3x", label: "productivity increase" },
];

/**
 * Opens the app as a guest: the flag is set and the app loads afresh, so no account the page
 * knew of is in the way (a signed-in visitor simply gets their account).
 */
function tryWithoutAccount(): void {
  setGuestMode(true);
  window.location.assign("/app");
}

/**
 * The landing hero: headline, 'Start Focusing Now' → /app (a running focus session as a guest for a visitor),
 * 'Try it without an account' (a guest session in this browser), and the feature demo card.
 */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="mx-auto grid w-full max-w-6xl items-center gap-12 px-6 pt-8 pb-16 sm:pt-14 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <div className="grid justify-items-start gap-6">
        <p className="rounded-2xl border bg-card px-3 py-1 text-sm font-medium text-muted-foreground sm:rounded-full">
          For ADHD minds and anyone whose attention wanders
        </p>
        <h1 id="hero-title" className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          Calm focus, one session at a time
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground text-pretty">
          A 25-minute focus timer with gentle breaks, neural focus audio and a shield against distracting websites. Save up to
          75 hours a month.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <StartFocusingLink className={buttonVariants({ size: "lg" })}>
            Start Focusing Now
            <ArrowRight aria-hidden />
          </StartFocusingLink>
          <Button size="lg" variant="outline" onClick={tryWithoutAccount}>
            <UserRound aria-hidden />
            Try it without an account
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Free to start • No credit card required •{" "}
          <a href="#how-it-works" className="underline underline-offset-4 hover:text-foreground">
            See how it works
          </a>
        </p>
        <ul aria-label="What focused work adds up to" className="grid w-full grid-cols-3 gap-3 border-t pt-6">
          {CLAIMS.map((claim) => (
            <li key={claim.value}>
              <p>
                <span className="block text-xl font-bold tracking-tight whitespace-nowrap sm:text-3xl">{claim.value}</span>{" "}
                <span className="block text-xs text-muted-foreground sm:text-sm">{claim.label}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
      <FeatureDemoCard />
    </section>
  );
}
