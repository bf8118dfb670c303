import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/lib/auth";
import { NotFoundPage } from "./NotFoundPage";

/** /settings (spec §2): the settings screen when logged in, otherwise the not-found screen. */
export function SettingsPage() {
  const { isLoading, isAuthenticated } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (!isAuthenticated) return <NotFoundPage />;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-6 px-6 py-10">
      <Link to="/app" className={buttonVariants({ variant: "ghost", className: "self-start" })}>
        <ArrowLeft aria-hidden />
        Back to the app
      </Link>
      <Card>
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">Focus Settings</h1>
          <CardDescription>Timer, notification and profile settings arrive in this release.</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
