import { Navigate } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import { AppShell } from "@/features/shell/AppShell";
import { useUser } from "@/lib/auth";

/** /app (spec §2 Main view): a spinner while the session loads, /auth when logged out. */
export function MainPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (!user) return <Navigate to="/auth" replace />;
  return <AppShell user={user} />;
}
