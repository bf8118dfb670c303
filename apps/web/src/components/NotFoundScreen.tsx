import { Compass, Home, Timer } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/**
 * The catch-all screen, also shown for /settings when logged out (`docs/product.md`): says
 * kindly that the page is not there, that nothing is lost, and offers the way back (home, or
 * the timer). Shared UI: the route table's catch-all, the signed-in layout (a visitor on
 * /settings) and the settings page (a guest) show it.
 */
export function NotFoundScreen() {
  return (
    <main className="grid min-h-dvh place-items-center bg-background p-6">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex items-center gap-3">
            <Compass className="size-8 shrink-0 text-primary" aria-hidden />
            <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground">
            This page does not exist. The link may be old or have a typo. Nothing you were working on is lost.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to="/" className={buttonVariants()}>
              <Home aria-hidden />
              Back to home
            </Link>
            <Link to="/app" className={buttonVariants({ variant: "outline" })}>
              <Timer aria-hidden />
              Open the timer
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
