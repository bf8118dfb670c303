import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import type { SignedInRouteHandle } from "@/app/shell/SignedInLayout";

/**
 * A route whose page is its own chunk, loaded by the router (`lazy`) before the route renders:
 * the landing page never loads the app's code, and the layout's and the page's code load side
 * by side on the first visit. On a later move the old page stays on screen until the new one's
 * code is there.
 */
function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: await load() }) };
}

const page = {
  signedInLayout: lazyRoute(async () => (await import("@/app/shell/SignedInLayout")).SignedInLayout),
  landing: lazyRoute(async () => (await import("@/pages/LandingPage")).LandingPage),
  auth: lazyRoute(async () => (await import("@/pages/AuthPage")).AuthPage),
  forgotPassword: lazyRoute(async () => (await import("@/pages/ForgotPasswordPage")).ForgotPasswordPage),
  resetPassword: lazyRoute(async () => (await import("@/pages/ResetPasswordPage")).ResetPasswordPage),
  main: lazyRoute(async () => (await import("@/pages/MainPage")).MainPage),
  settings: lazyRoute(async () => (await import("@/pages/SettingsPage")).SettingsPage),
  subscription: lazyRoute(async () => (await import("@/pages/SubscriptionPage")).SubscriptionPage),
  admin: lazyRoute(async () => (await import("@/pages/AdminPage")).AdminPage),
  miniTimer: lazyRoute(async () => (await import("@/pages/MiniTimerPage")).MiniTimerPage),
  extension: lazyRoute(async () => (await import("@/pages/ExtensionPage")).ExtensionPage),
  music: lazyRoute(async () => (await import("@/pages/MusicPage")).MusicPage),
  localAudio: lazyRoute(async () => (await import("@/pages/LocalAudioPage")).LocalAudioPage),
  audioTest: lazyRoute(async () => (await import("@/pages/AudioTestPage")).AudioTestPage),
  rooms: lazyRoute(async () => (await import("@/pages/RoomsPage")).RoomsPage),
  room: lazyRoute(async () => (await import("@/pages/RoomPage")).RoomPage),
  notFound: lazyRoute(async () => (await import("@/components/NotFoundScreen")).NotFoundScreen),
  privacy: lazyRoute(async () => (await import("@/pages/PrivacyPage")).PrivacyPage),
  terms: lazyRoute(async () => (await import("@/pages/TermsPage")).TermsPage),
  extensionRemoved: lazyRoute(async () => (await import("@/pages/ExtensionRemovedPage")).ExtensionRemovedPage),
};

const showToVisitors: SignedInRouteHandle = { signedOut: "page" };
const notFoundForVisitors: SignedInRouteHandle = { signedOut: "notFound" };

/**
 * The route table. Every page a signed-in user (or a guest) moves between is a child of
 * `SignedInLayout`, which owns the timer, the audio player and the outbox, so navigating never
 * loses a session. A child's `handle` says what a visitor who is not signed in gets (default:
 * /auth; the rooms are open to look at). The landing page, /auth, /forgot-password,
 * /reset-password, the privacy and terms pages, the extension's removal page,
 * the mini timer popup and the not-found screen stand alone. Until the first page's code is there, a full-page spinner shows
 * (`HydrateFallback` of the top-level routes).
 */
export const appRoutes: RouteObject[] = [
  { path: "/", ...page.landing, HydrateFallback: PageSpinner },
  { path: "/auth", ...page.auth, HydrateFallback: PageSpinner },
  { path: "/forgot-password", ...page.forgotPassword, HydrateFallback: PageSpinner },
  { path: "/reset-password", ...page.resetPassword, HydrateFallback: PageSpinner },
  { path: "/mini-timer", ...page.miniTimer, HydrateFallback: PageSpinner },
  { path: "/privacy", ...page.privacy, HydrateFallback: PageSpinner },
  { path: "/terms", ...page.terms, HydrateFallback: PageSpinner },
  { path: "/extension/removed", ...page.extensionRemoved, HydrateFallback: PageSpinner },
  {
    ...page.signedInLayout,
    HydrateFallback: PageSpinner,
    children: [
      { path: "/app", ...page.main },
      { path: "/music", ...page.music },
      { path: "/settings", ...page.settings, handle: notFoundForVisitors },
      { path: "/subscription", ...page.subscription },
      { path: "/admin", ...page.admin },
      { path: "/extension", ...page.extension, handle: showToVisitors },
      { path: "/local-audio", ...page.localAudio, handle: showToVisitors },
      { path: "/audio-test", ...page.audioTest, handle: showToVisitors },
      { path: "/rooms", ...page.rooms, handle: showToVisitors },
      { path: "/rooms/:slug", ...page.room, handle: showToVisitors },
    ],
  },
  { path: "*", ...page.notFound, HydrateFallback: PageSpinner },
];
