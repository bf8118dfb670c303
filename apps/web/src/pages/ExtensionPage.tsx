import { BookOpen, Download } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { BackToApp } from "@/app/shell/BackToApp";
import { useOptionalUser } from "@/runtime/currentUser";
import { PairExtensionButton } from "@/features/shield/PairExtensionButton";

/** The extension build the API serves at the site root (`docs/api.md`). */
export const EXTENSION_ZIP_PATH = "/focus-extension.zip";
/** The extension's version. */
export const EXTENSION_VERSION = "1.4.0";

const CODE = "rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em]";

const STEPS: { title: string; body: ReactNode }[] = [
  { title: "Download the extension", body: <>Use the button above to save focus-extension.zip to your computer.</> },
  { title: "Unzip the file", body: <>Extract the zip into a folder you'll keep, for example in Documents. Chrome loads the extension from there.</> },
  {
    title: "Open the extensions page",
    body: (
      <>
        In Chrome, type <code className={CODE}>chrome://extensions</code> into the address bar and press Enter.
      </>
    ),
  },
  { title: "Enable Developer mode", body: <>Turn on the Developer mode switch in the top right corner of the page.</> },
  { title: "Load unpacked", body: <>Click Load unpacked and choose the folder you extracted in step 2.</> },
  {
    title: "Pin it and pair it",
    body: (
      <>
        Pin the extension from Chrome's puzzle-piece menu, then come back to this page signed in and choose “Pair this browser's
        extension”. Your blocklist from Website Shield then applies during every focus session.
      </>
    ),
  },
];

/**
 * /extension: download, installation guide with six steps, version. Open to visitors too;
 * a signed-in user can pair the extension from here.
 */
export function ExtensionPage() {
  const user = useOptionalUser();
  const isAuthenticated = user !== null && !user.isGuest;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-8 px-6 pt-4 pb-16 sm:pt-6">
      <BackToApp />
      <section aria-labelledby="extension-title" className="grid gap-5">
        <div className="grid gap-2">
          <h1 id="extension-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Focus Flow for Chrome
          </h1>
          <p className="text-lg text-muted-foreground">
            Blocks your distracting websites during focus sessions and keeps a mini timer one click away.
          </p>
          <p className="text-sm text-muted-foreground">
            Version {EXTENSION_VERSION} · Free • Works with Chrome • About 5 minutes: unzip, then load it in Chrome's developer mode
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={EXTENSION_ZIP_PATH} download className={buttonVariants({ size: "lg" })}>
            <Download aria-hidden />
            Download Extension
          </a>
          <a href="#install-steps" className={buttonVariants({ variant: "outline", size: "lg" })}>
            <BookOpen aria-hidden />
            Installation guide
          </a>
        </div>
        {isAuthenticated && <PairExtensionButton variant="outline" />}
      </section>
      <section id="install-steps" aria-labelledby="install-title" className="grid scroll-mt-6 gap-4">
        <h2 id="install-title" className="text-2xl font-semibold tracking-tight">
          Install in six steps
        </h2>
        <ol className="grid gap-3">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <Card className="flex gap-4 p-5">
                <span
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <div className="grid gap-1">
                  <h3 className="font-semibold">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="text-muted-foreground">{step.body}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>
        <Card>
          <CardContent className="pt-6 text-sm text-muted-foreground">
            Chrome may show a notice about extensions in Developer mode when it starts; that is expected for extensions
            installed from a file. Updating later means downloading the new zip, replacing the folder and clicking the reload
            icon on <code className={CODE}>chrome://extensions</code>.
          </CardContent>
        </Card>
      </section>
    </main>
  );
}
