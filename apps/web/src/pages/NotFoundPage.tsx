import { CircleAlert } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** The catch-all screen, also shown for /settings when logged out (`docs/product.md`). */
export function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-background p-6">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex items-center gap-3">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link to="/" className={buttonVariants({ variant: "outline", className: "self-start" })}>
            Back to home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
