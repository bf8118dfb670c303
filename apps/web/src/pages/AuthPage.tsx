import { GUEST_INCLUDES, REGISTRATION_COPY } from "@focus/core/subscription";
import { UserRound } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AuthMarketing } from "@/features/auth/AuthMarketing";
import { useHasStoredGuestWork } from "@/features/guest/storedGuestWork";
import { LoginForm } from "@/features/auth/LoginForm";
import { RegisterForm } from "@/features/auth/RegisterForm";
import { useContinueAsGuest, useUser } from "@/runtime/auth";
import { clearSignedOutNotice, SIGNED_OUT_ELSEWHERE_MESSAGE, signedOutNotice } from "@/runtime/sessionEnded";
import { isAuthAction, type AuthAction } from "@/lib/events";
import { usePublicConfig } from "@/lib/publicConfig";
import { useScrollToTop } from "@/lib/useScrollToTop";

// Loaded when shown: the plan picker after a registration, the guest-work notice for a guest
// (it reads the guest's saved work, so only where there is some). The sign-in form itself needs neither.
const PlanSelection = lazy(async () => ({ default: (await import("@/features/subscription/PlanSelection")).PlanSelection }));
const KeepGuestWork = lazy(async () => ({ default: (await import("@/features/guest/KeepGuestWork")).KeepGuestWork }));

const SWITCH_LINK =
  "rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * /auth: Login and Register tabs, `?tab=login|register` picks the tab (default register; the
 * Login tab, with why, after a sign-in that ended elsewhere: `runtime/sessionEnded.ts`), and
 * 'Continue as guest'. After registering, the plan picker (the trial runs; continue, or ask for Premium) replaces the
 * form. Signed-in users go to /app, except while that step shows; guests may stay to sign up.
 */
export function AuthPage() {
  useScrollToTop();
  const { user, isAuthenticated } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const continueAsGuest = useContinueAsGuest();
  const [choosingPlan, setChoosingPlan] = useState(false);
  const { trialDays } = usePublicConfig();
  const guestWorkStored = useHasStoredGuestWork();
  const [signedOutElsewhere] = useState(() => signedOutNotice());
  useEffect(clearSignedOutNotice, []);
  const requested = searchParams.get("tab");
  const tab: AuthAction = isAuthAction(requested) ? requested : signedOutElsewhere ? "login" : "register";
  const goToApp = useCallback(() => void navigate("/app", { replace: true }), [navigate]);

  // No spinner while the user loads: the page is the one rendered ahead of time for a visitor
  // (src/prerender.tsx), and a signed-in user is sent on to /app as soon as they are known.
  if (choosingPlan && user && isAuthenticated) {
    return (
      <div className="flex min-h-dvh flex-col">
        <AuthHeader />
        <main className="flex-1 px-4 pt-2 pb-16 sm:px-6 md:pt-6">
          <Suspense fallback={<PageSpinner label="Loading the plans" />}>
            <PlanSelection user={user} onComplete={goToApp} />
          </Suspense>
        </main>
      </div>
    );
  }
  if (isAuthenticated) return <Navigate to="/app" replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <AuthHeader />
      <main className="mx-auto grid w-full max-w-5xl flex-1 items-start gap-10 px-6 pb-16 md:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] md:gap-16 md:pt-6">
        {/* Rendered ahead of time (src/prerender.tsx), the page's controls wait for its script:
            nothing typed or tapped is lost, and nothing is sent as a plain form. Links work. */}
        <fieldset disabled={import.meta.env.SSR} className="contents">
          <div className="grid gap-4">
            {signedOutElsewhere && (
              <p role="status" className="rounded-md border bg-muted/40 px-4 py-3 text-sm" data-testid="signed-out-notice">
                {SIGNED_OUT_ELSEWHERE_MESSAGE}
              </p>
            )}
            <AuthTabs
              tab={tab}
              onTabChange={(value) => setSearchParams({ tab: value }, { replace: true })}
              guestWorkStored={guestWorkStored}
              trialDays={trialDays}
              onSignedIn={goToApp}
              onRegistered={() => setChoosingPlan(true)}
            />
            <GuestOffer
              onContinue={() => void continueAsGuest().then(goToApp)}
            />
          </div>
          <AuthMarketing />
        </fieldset>
      </main>
    </div>
  );
}

/** The auth page's header: the brand (home) and the theme toggle. */
function AuthHeader() {
  return (
    <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-5">
      <BrandLink />
      <ThemeToggle />
    </header>
  );
}

/**
 * The Login and Register tabs on a card (`tab` shown, `onTabChange` on a switch), with the
 * guest-work notice above them when a guest's work is stored in this browser.
 */
function AuthTabs({
  tab,
  onTabChange,
  guestWorkStored,
  trialDays,
  onSignedIn,
  onRegistered,
}: {
  tab: AuthAction;
  onTabChange: (tab: AuthAction) => void;
  guestWorkStored: boolean;
  /** The trial's length, days (the Register tab says it); null while unknown. */
  trialDays: number | null;
  onSignedIn: () => void;
  onRegistered: () => void;
}) {
  return (
    <Card>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isAuthAction(value)) onTabChange(value);
        }}
      >
        <div className="px-6 pt-6">
          <TabsList aria-label="Sign in or create an account" className="grid w-full grid-cols-2">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
        </div>
        {guestWorkStored && (
          <Suspense fallback={null}>
            <KeepGuestWork />
          </Suspense>
        )}
        <TabsContent value="login">
          <CardHeader>
            <CardTitle as="h1">Welcome back</CardTitle>
            <CardDescription>Sign in to pick up where you left off.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <LoginForm onSuccess={onSignedIn} />
            <p className="text-center text-sm text-muted-foreground">
              New here?{" "}
              <Link to="/auth?tab=register" replace className={SWITCH_LINK}>
                Create an account
              </Link>
            </p>
          </CardContent>
        </TabsContent>
        <TabsContent value="register">
          <CardHeader>
            <CardTitle as="h1">Create your account</CardTitle>
            <CardDescription>{REGISTRATION_COPY.tab(trialDays)}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <RegisterForm onSuccess={onRegistered} />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{" "}
              <Link to="/auth?tab=login" replace className={SWITCH_LINK}>
                Sign in
              </Link>
            </p>
          </CardContent>
        </TabsContent>
      </Tabs>
    </Card>
  );
}

/** 'Just looking around?': continue as a guest (`onContinue`), and what a guest gets. */
function GuestOffer({ onContinue }: { onContinue: () => void }) {
  return (
    <section aria-labelledby="guest-title" className="grid gap-3 rounded-xl border border-dashed p-5 text-center">
      <h2 id="guest-title" className="text-sm font-medium">
        Just looking around?
      </h2>
      <Button variant="outline" size="lg" className="w-full" onClick={onContinue}>
        <UserRound aria-hidden />
        Continue as guest
      </Button>
      <p className="text-xs text-muted-foreground">{GUEST_INCLUDES}</p>
    </section>
  );
}
