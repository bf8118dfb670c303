import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { buttonVariants } from "@/components/ui/button";
import { AdhdSection } from "@/features/landing/AdhdSection";
import { AudioMoods } from "@/features/landing/AudioMoods";
import { Features } from "@/features/landing/Features";
import { Hero } from "@/features/landing/Hero";
import { HowItWorks } from "@/features/landing/HowItWorks";
import { InterviewPromo } from "@/features/landing/InterviewPromo";
import { SiteFooter } from "@/components/SiteFooter";
import { Pricing } from "@/features/landing/Pricing";
import { StartFocusingLink } from "@/features/landing/StartFocusingLink";
import { SuccessStories } from "@/features/landing/SuccessStories";

const NAV = [
  { label: "Features", href: "#features" },
  { label: "How It Works", href: "#how-it-works" },
  { label: "Pricing", href: "#pricing" },
];

/**
 * The landing page `/`. Its own lazy chunk that imports no app code: no query hooks, no charts, no
 * zod, only the router's Link and the shared UI atoms.
 */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
          <BrandLink className="mr-auto" />
          <nav aria-label="Sections" className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <a key={item.href} href={item.href} className={buttonVariants({ variant: "ghost", size: "sm" })}>
                {item.label}
              </a>
            ))}
          </nav>
          <ThemeToggle />
          <Link to="/auth?tab=login" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Log in
          </Link>
          <StartFocusingLink className={buttonVariants({ size: "sm", className: "hidden sm:inline-flex" })}>Start Focusing Now</StartFocusingLink>
        </div>
      </header>
      <main className="flex-1">
        <Hero />
        <div className="mx-auto w-full max-w-6xl px-6 pb-8">
          <InterviewPromo />
        </div>
        <Features />
        <AudioMoods />
        <HowItWorks />
        <AdhdSection />
        <SuccessStories />
        <Pricing />
        <section aria-labelledby="final-cta-title" className="px-6 py-20 text-center">
          <div className="mx-auto grid max-w-2xl justify-items-center gap-5">
            <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Ready for a calmer, more focused day?
            </h2>
            <p className="text-lg text-muted-foreground">Your first session takes 25 minutes. Start it now.</p>
            <StartFocusingLink className={buttonVariants({ size: "lg" })}>
              Start Focusing Now
              <ArrowRight aria-hidden />
            </StartFocusingLink>
          </div>
        </section>
      </main>
      <SiteFooter sections />
    </div>
  );
}
