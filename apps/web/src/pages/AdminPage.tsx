import type { User } from "@focus/core";
import { ArrowLeft } from "lucide-react";
import { Link, Navigate } from "react-router-dom";
import { ThemeToggle } from "@/components/ThemeToggle";
import { buttonVariants } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { AccessDenied } from "@/features/admin/AccessDenied";
import { ActivationCard } from "@/features/admin/ActivationCard";
import { PaymentVerificationCard } from "@/features/admin/PaymentVerificationCard";
import { UsersOverview } from "@/features/admin/UsersOverview";
import { useUser } from "@/lib/auth";
import { useScrollToTop } from "@/lib/useScrollToTop";
import { UserLoadError } from "@/features/auth/UserLoadError";

/**
 * /admin (spec §2 Admin, §6): the admin's page; other logged-in users see 'Access Denied'
 * and are sent to /app; visitors and guests go to /auth. The server enforces the same (403).
 */
export function AdminPage() {
  useScrollToTop();
  const { user, isLoading, isAuthenticated, loadFailed, retry } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (loadFailed) return <UserLoadError onRetry={retry} />;
  if (!isAuthenticated || !user) return <Navigate to="/auth" replace />;
  if (!user.isAdmin) return <AccessDenied />;
  return <AdminView user={user} />;
}

function AdminView({ user }: { user: User }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/app" className={buttonVariants({ variant: "ghost", className: "-ml-2 px-2" })}>
          <ArrowLeft aria-hidden />
          Back to the app
        </Link>
        <ThemeToggle />
      </header>
      <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 pb-16 sm:px-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin</h1>
          <p className="text-muted-foreground">Activate Premium after payment and manage users.</p>
        </div>
        <div className="grid items-start gap-6 md:grid-cols-2">
          <ActivationCard />
          <PaymentVerificationCard />
        </div>
        <UsersOverview currentUserId={user.id} />
      </main>
    </div>
  );
}
