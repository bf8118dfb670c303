import { ArrowLeft, ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** How long the message stays before the redirect to /app, ms. */
export const ACCESS_DENIED_REDIRECT_MS = 5000;

/**
 * The screen for logged-in users who are not the admin (`docs/product.md`): 'Access Denied' with a
 * back button; they are sent to /app after a few seconds, or at once with the button.
 */
export function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const id = window.setTimeout(() => void navigate("/app", { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [navigate]);
  return (
    <main className="grid min-h-dvh place-items-center p-6">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex items-center gap-3">
            <ShieldAlert className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
          </div>
          <p>You don&apos;t have permission to access this page.</p>
          <p className="text-sm text-muted-foreground">Taking you back to the app in a few seconds.</p>
          <Button className="self-start" onClick={() => void navigate("/app", { replace: true })} autoFocus>
            <ArrowLeft aria-hidden />
            Back to the app
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
