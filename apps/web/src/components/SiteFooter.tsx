import { Link } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { usePublicConfig } from "@/lib/publicConfig";

/** The landing page's sections, linked from its own footer only (elsewhere they do not exist). */
const SECTIONS = [
  { label: "About", href: "#about" },
  { label: "Features", href: "#features" },
  { label: "Pricing", href: "#pricing" },
];

const LINK_CLASS = "rounded-sm text-muted-foreground hover:text-foreground hover:underline";

/**
 * The site's footer (the landing page and the privacy and terms pages): on the landing page its
 * sections; everywhere the Privacy Policy and Terms of Service pages, and Contact, an email to
 * the server's SUPPORT_EMAIL once it is known. Every link leads somewhere real.
 */
export function SiteFooter({ sections = false }: { sections?: boolean }) {
  const { supportEmail } = usePublicConfig();
  return (
    <footer className="border-t">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-6 py-10 md:grid-cols-[auto_1fr] md:items-center">
        <div className="grid gap-2">
          <BrandLink />
          <p className="text-sm text-muted-foreground">Calm focus for wandering minds.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm md:justify-end">
            {sections &&
              SECTIONS.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className={LINK_CLASS}>
                    {link.label}
                  </a>
                </li>
              ))}
            {supportEmail && (
              <li>
                <a href={`mailto:${supportEmail}`} className={LINK_CLASS}>
                  Contact
                </a>
              </li>
            )}
            <li>
              <Link to="/privacy" className={LINK_CLASS}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={LINK_CLASS}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-xs text-muted-foreground md:col-span-2">© {new Date().getFullYear()} Focus Flow. All rights reserved.</p>
      </div>
    </footer>
  );
}
