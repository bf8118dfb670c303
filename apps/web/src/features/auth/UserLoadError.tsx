import { RotateCw } from "lucide-react";
import { BrandLink } from "@/components/Brand";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { USER_LOAD_ERROR } from "@/runtime/auth";

/**
 * Shown instead of a screen when the current user could not be loaded for another reason than "not
 * logged in" ('Failed to fetch user information'): the visitor may well have a session, so they are
 * not sent to /auth; Retry loads the user again.
 */
export function UserLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid min-h-dvh place-items-center p-6">
      <div className="grid w-full max-w-sm gap-4">
        <BrandLink className="justify-self-center" />
        <ErrorAlert>
          <p className="font-medium">{USER_LOAD_ERROR}</p>
          <p className="mt-1 text-muted-foreground">Check your connection, then try again.</p>
        </ErrorAlert>
        <Button className="justify-self-end" onClick={onRetry}>
          <RotateCw aria-hidden />
          Retry
        </Button>
      </div>
    </div>
  );
}
