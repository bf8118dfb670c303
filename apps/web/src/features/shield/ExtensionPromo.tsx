import { ArrowRight, Chrome, RefreshCw, ShieldCheck, Timer, type LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: ShieldCheck, title: "Smart blocking during focus sessions", text: "Your blocklist switches on when a focus session starts." },
  { icon: Timer, title: "Always-visible mini timer across tabs", text: "See the time left from any tab, without switching back." },
  { icon: RefreshCw, title: "Seamless sync with web app sessions", text: "Start, pause or reset here or there; both stay in step." },
];

const STEPS = [
  "Runs quietly in the background",
  "Activates blocking when a focus session starts",
  "Redirects you to motivational content when you open a blocked site",
];

/** The Chrome Extension promo card of Website Shield: features, steps, download. */
export function ExtensionPromo() {
  return (
    <Card className="overflow-hidden">
      <CardHeader className="gap-3 bg-accent/40 sm:flex-row sm:items-center sm:gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground">
          <Chrome className="size-6" aria-hidden />
        </span>
        <div className="grid gap-1">
          <CardTitle as="h3">Chrome Extension</CardTitle>
          <CardDescription>Block distracting websites automatically while you focus.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6 pt-6 lg:grid-cols-2 lg:gap-10">
        <section aria-labelledby="extension-features" className="grid content-start gap-3">
          <h4 id="extension-features" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            What it does
          </h4>
          <ul className="grid gap-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <div>
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="extension-steps" className="grid content-start gap-3">
          <h4 id="extension-steps" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            How it works
          </h4>
          <ol className="grid gap-3">
            {STEPS.map((step, i) => (
              <li key={step} className="flex items-center gap-3">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground" aria-hidden>
                  {i + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </section>
        <div className="grid justify-items-start gap-2 lg:col-span-2">
          <Link to="/extension" className={buttonVariants({ size: "lg" })}>
            Download Extension
            <ArrowRight aria-hidden />
          </Link>
          <p className="text-sm text-muted-foreground">Free • Works with Chrome • Easy 2-minute setup</p>
        </div>
      </CardContent>
    </Card>
  );
}
