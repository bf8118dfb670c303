import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { buttonVariants } from "@/components/ui/button";
import { SiteFooter } from "@/components/SiteFooter";

/**
 * The frame of the site's plain pages (privacy, terms): the brand, the theme, a way back home,
 * the page's title and when it last changed, its sections, and the site's footer. Like the
 * landing page it loads no app code, so a visitor reads it at once.
 */
export function LegalLayout({ title, updated, intro, children }: { title: string; updated?: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-3xl items-center gap-2 px-4 sm:px-6">
          <BrandLink className="mr-auto" />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 md:py-12">
        <Link to="/" className={buttonVariants({ variant: "ghost", size: "sm", className: "justify-self-start" })}>
          <ArrowLeft aria-hidden />
          Back to home
        </Link>
        <div className="grid gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {updated && <p className="text-sm text-muted-foreground">Last updated {updated}</p>}
          <div className="text-lg leading-relaxed text-muted-foreground">{intro}</div>
        </div>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** One part of a plain page: a heading and its short paragraphs or list. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="grid gap-3 leading-relaxed text-foreground/90 [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1.5">{children}</div>
    </section>
  );
}

/** The support address as a mailto link, or the words "our support address" until the server says it. */
export function SupportLink({ email }: { email: string | null }) {
  if (!email) return <>our support address</>;
  return (
    <a href={`mailto:${email}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {email}
    </a>
  );
}
