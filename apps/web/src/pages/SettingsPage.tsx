import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { ThemeToggle } from "@/components/ThemeToggle";
import { buttonVariants } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { OfflineSync } from "@/features/offline/OfflineSync";
import { SettingsPanel } from "@/features/settings/SettingsPanel";
import { useUser } from "@/lib/auth";
import { NotFoundPage } from "./NotFoundPage";
import { useScrollToTop } from "@/lib/useScrollToTop";
import { UserLoadError } from "@/features/auth/UserLoadError";

/** /settings (spec §2): the settings screen when logged in, otherwise the not-found screen. */
export function SettingsPage() {
  useScrollToTop();
  const { user, isLoading, isAuthenticated, loadFailed, retry } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (loadFailed) return <UserLoadError onRetry={retry} />;
  if (!isAuthenticated || !user) return <NotFoundPage />;
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineSync user={user} />
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/app" className={buttonVariants({ variant: "ghost", className: "-ml-2 px-2" })}>
          <ArrowLeft aria-hidden />
          Back to the app
        </Link>
        <ThemeToggle />
      </header>
      <main className="px-4 pb-16 sm:px-6">
        <SettingsPanel user={user} />
      </main>
    </div>
  );
}
