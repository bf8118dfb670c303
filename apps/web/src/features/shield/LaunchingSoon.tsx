import { MonitorSmartphone, Smartphone, type LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

const UPCOMING: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MonitorSmartphone,
    title: "Linked Devices",
    text: "Pair phones and other browsers, not only Chrome, so the same sites stay blocked everywhere.",
  },
  {
    icon: Smartphone,
    title: "Mobile App",
    text: "Native iOS Screen Time controls and content filtering for your phone.",
  },
];

/** The two 'Launching Soon' cards of Website Shield; informative only, no interaction. */
export function LaunchingSoon() {
  return (
    <section aria-labelledby="launching-soon" className="grid gap-3">
      <h3 id="launching-soon" className="text-lg font-semibold tracking-tight">
        Coming next
      </h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {UPCOMING.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full border-dashed bg-muted/30 shadow-none">
              <CardContent className="flex gap-4 pt-6">
                <Icon className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden />
                <div className="grid gap-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <h4 className="font-semibold">{title}</h4>
                    <span className="rounded-full border border-primary/40 bg-primary/10 px-2 py-0.5 text-xs font-medium text-foreground">
                      Launching Soon
                    </span>
                  </div>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
