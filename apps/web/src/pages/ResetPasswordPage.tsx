import { passwordResetTokenSchema } from "@focus/core/schemas";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "@/components/ui/use-toast";
import { PasswordResetLayout } from "@/features/auth/PasswordResetLayout";
import { ResetPasswordForm } from "@/features/auth/ResetPasswordForm";
import { useScrollToTop } from "@/lib/useScrollToTop";

/** The token of a link's fragment (`#<token>`), or null when it carries none that could work. */
function tokenOf(hash: string): string | null {
  const parsed = passwordResetTokenSchema.safeParse(hash.replace(/^#/, ""));
  return parsed.success ? parsed.data : null;
}

/**
 * /reset-password#<token>: the page a reset link opens (`docs/product.md`, Forgotten password).
 * The token travels in the fragment, which browsers never send to a server; the page takes it
 * and clears it from the address bar (and so from history) at once. Once the new password is
 * set, this browser is signed in and goes to the app.
 */
export function ResetPasswordPage() {
  useScrollToTop();
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenOf(location.hash));
  // Also when another link is pasted into this tab: only the fragment changes, the page stays.
  const [takenHash, setTakenHash] = useState(location.hash);
  if (location.hash && location.hash !== takenHash) {
    setTakenHash(location.hash);
    setToken(tokenOf(location.hash));
  }
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const done = () => {
    toast({ title: "Password changed", description: "You're signed in here. Your other browsers and devices were signed out." });
    void navigate("/app", { replace: true });
  };
  return (
    <PasswordResetLayout title="Choose a new password">
      <ResetPasswordForm key={token} token={token} onDone={done} />
    </PasswordResetLayout>
  );
}
