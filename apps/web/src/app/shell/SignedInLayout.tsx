import { type User } from "@focus/core/schemas";
import { planTier } from "@focus/core/subscription";
import { LogIn } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigation } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { buttonVariants } from "@/components/ui/button";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { AudioProvider } from "@/features/audio/AudioProvider";
import { UserLoadError } from "@/features/auth/UserLoadError";
import { MiniTimerLinkProvider } from "@/features/miniTimer/MiniTimerLinkProvider";
import { hasGuestWorkChoice } from "@/features/guest/storedGuestWork";
import { OfflineSync } from "@/features/offline/OfflineSync";
import { useAccountTheme, useSettings } from "@/runtime/settings";
import { PlanNotices } from "@/features/subscription/PlanNotices";
import { SignedInUserContext } from "@/runtime/currentUser";
import { usePlanNow } from "@/runtime/usePlanNow";
import { TasksLiveSync } from "@/features/tasks/TasksLiveSync";
import { TimerHost } from "@/features/timer/TimerHost";
import { useUser } from "@/runtime/auth";
import { isGuestMode } from "@/lib/guestMode";
import { useRoomMembershipState } from "@/runtime/rooms/RoomMembership";
import { AppHeader } from "./AppHeader";

// Only when a guest chose on /auth what becomes of their work: not part of what /app loads.
const GuestWorkMover = lazy(async () => ({ default: (await import("@/features/guest/GuestWorkMover")).GuestWorkMover }));
// Only while the user is in a focus room: not part of what /app loads.
const RoomChip = lazy(async () => ({ default: (await import("./RoomChip")).RoomChip }));
// Only a visitor on /settings sees it: not part of what /app loads.
const NotFoundScreen = lazy(async () => ({ default: (await import("@/components/NotFoundScreen")).NotFoundScreen }));

/**
 * What a route of the signed-in layout shows a visitor who is not signed in (the route's
 * `handle`): by default they are sent to /auth; "page" shows the page without the timer (the
 * extension guide, the audio pages); "notFound" shows the not-found screen (/settings).
 */
export type SignedOutAccess = "redirect" | "page" | "notFound";
export interface SignedInRouteHandle {
  signedOut?: SignedOutAccess;
}

/** The signed-out rule of the deepest matched route that sets one. */
function useSignedOutAccess(): SignedOutAccess {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as SignedInRouteHandle | undefined;
    if (handle?.signedOut) return handle.signedOut;
  }
  return "redirect";
}

/** Starts each page at the top: the router keeps the window's scroll position between routes. */
function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.documentElement.scrollTop = 0;
    document.body.scrollTop = 0;
  }, [pathname]);
}

/**
 * The layout route around every page of the signed-in app (/app, /music, /settings,
 * /subscription, /admin, /extension, /local-audio, /audio-test). It loads the user once (a
 * spinner meanwhile; 'Failed to fetch user information' with Retry when that fails) and, for a
 * signed-in user or a guest, owns what must outlive a page: the header, the offline outbox,
 * the timer actor with its live sync, the plan notices, the audio player and the mini timer link. Pages render
 * in its `<Outlet/>`, so moving between them never stops a session or the music.
 */
export function SignedInLayout() {
  const { user, isLoading, loadFailed, retry } = useUser();
  const signedOut = useSignedOutAccess();
  // On a device with no saved user (a new one), the settings the timer needs load beside the
  // user rather than after it: one round trip less before the first frame (`docs/performance.md`).
  // A visitor's 401 is forgotten at sign-in with the rest of the cached data.
  useSettings(isLoading && signedOut === "redirect" && !isGuestMode());
  // Minute by minute, on the server's clock: a trial that ends while the app is open brings the Free plan's limits.
  const now = usePlanNow(user);
  useScrollToTopOnNavigate();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  // A page open to visitors is still worth showing when the user could not be loaded.
  if (loadFailed) return signedOut === "page" ? <VisitorFrame /> : <UserLoadError onRetry={retry} />;
  if (!user) {
    if (signedOut === "notFound") {
      return (
        <Suspense fallback={<PageSpinner />}>
          <NotFoundScreen />
        </Suspense>
      );
    }
    if (signedOut === "redirect") return <Navigate to="/auth" replace />;
    return <VisitorFrame />;
  }
  return (
    <SignedInUserContext.Provider value={user}>
      <OfflineSync user={user} />
      <AccountTheme user={user} />
      {!user.isGuest && hasGuestWorkChoice() && (
        <Suspense fallback={null}>
          <GuestWorkMover />
        </Suspense>
      )}
      {/* One timer per user: a saved user the server's answer replaces by another starts afresh. */}
      <TimerHost key={user.id} user={user}>
        <TasksLiveSync />
        <PlanNotices user={user} />
        <AudioProvider isGuest={user.isGuest} freePlan={!user.isGuest && planTier(user, now) === "free"} followTimer>
          <MiniTimerLinkProvider>
            <div className="flex min-h-dvh flex-col">
              <PageLoadingBar />
              <AppHeader user={user} />
              <RoomChipSlot />
              <Suspense fallback={<PagePending />}>
                <Outlet />
              </Suspense>
            </div>
          </MiniTimerLinkProvider>
        </AudioProvider>
      </TimerHost>
    </SignedInUserContext.Provider>
  );
}

/** "In <room> · Back" under the header while the user is in a focus room (`RoomChip`), loaded then. */
function RoomChipSlot() {
  const inRoom = useRoomMembershipState()?.room != null;
  return inRoom ? (
    <Suspense fallback={null}>
      <RoomChip />
    </Suspense>
  ) : null;
}

/** Applies the account's saved theme in this browser (renders nothing). */
function AccountTheme({ user }: { user: User }) {
  useAccountTheme(user);
  return null;
}

/** A page open to visitors, shown without the app's timer: brand, theme and a way to sign in. */
function VisitorFrame() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PageLoadingBar />
      <header className="sticky top-0 z-30 h-16 border-b bg-background/90 backdrop-blur">
        <div className="flex h-full items-center gap-2 px-3 sm:px-4 md:px-6">
          <BrandLink className="shrink-0" />
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <Link to="/auth?tab=login" className={buttonVariants({ size: "sm" })}>
              <LogIn aria-hidden />
              Sign in
            </Link>
          </div>
        </div>
      </header>
      <Suspense fallback={<PagePending />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/**
 * While the next page's code loads (the router loads it before it leaves the current page,
 * AppRoutes.tsx): a thin bar along the top of the window, so a click visibly did something.
 */
function PageLoadingBar() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div role="progressbar" aria-label="Loading the page" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary" />
  );
}

/** While part of a page suspends (its route's code is already there), under the header that stays. */
function PagePending() {
  return (
    <div className="grid flex-1 place-items-center p-6">
      <Spinner className="size-8 text-primary" label="Loading" showLabel />
    </div>
  );
}
