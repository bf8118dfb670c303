import { Navigate } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import { AppShell } from "@/features/shell/AppShell";
import { useUser } from "@/lib/auth";
import { UserLoadError } from "@/features/auth/UserLoadError";

/**
 * /app (spec §2 Main view): a spinner while the session loads, /auth when logged out, and
 * 'Failed to fetch user information' with Retry when the user could not be loaded (§8).
 */
export function MainPage() {
  const { user, isLoading, loadFailed, retry } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (loadFailed) return <UserLoadError onRetry={retry} />;
  if (!user) return <Navigate to="/auth" replace />;
  return <AppShell user={user} />;
}
