import { BrandLink } from "@/components/Brand";

/**
 * Footer links: placeholders for now. Features, Pricing and About point at their sections; the
 * pages behind Blog, Contact, Privacy Policy and Terms of Service do not exist yet, so they point
 * at the top of the page.
 */
const LINKS = [
  { label: "About", href: "#about" },
  { label: "Features", href: "#features" },
  { label: "Pricing", href: "#pricing" },
  { label: "Blog", href: "#" },
  { label: "Contact", href: "#" },
  { label: "Privacy Policy", href: "#" },
  { label: "Terms of Service", href: "#" },
];

/** The landing page's footer. */
export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-6 py-10 md:grid-cols-[auto_1fr] md:items-center">
        <div className="grid gap-2">
          <BrandLink />
          <p className="text-sm text-muted-foreground">Calm focus for wandering minds.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm md:justify-end">
            {LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} className="rounded-sm text-muted-foreground hover:text-foreground hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-muted-foreground md:col-span-2">© {new Date().getFullYear()} Focus Flow. All rights reserved.</p>
      </div>
    </footer>
  );
}
