import { lazy, Suspense, type ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import type { SignedInRouteHandle } from "@/features/shell/SignedInLayout";

/**
 * Each page is its own chunk, and so is the signed-in layout (the timer, audio and outbox):
 * the landing page never loads the app's code, and no schema is built before main.tsx has
 * configured zod (lib/zodConfig.ts).
 */
const SignedInLayout = lazy(() => import("@/features/shell/SignedInLayout").then((m) => ({ default: m.SignedInLayout })));
const LandingPage = lazy(() => import("@/pages/LandingPage").then((m) => ({ default: m.LandingPage })));
const AuthPage = lazy(() => import("@/pages/AuthPage").then((m) => ({ default: m.AuthPage })));
const MainPage = lazy(() => import("@/pages/MainPage").then((m) => ({ default: m.MainPage })));
const SettingsPage = lazy(() => import("@/pages/SettingsPage").then((m) => ({ default: m.SettingsPage })));
const SubscriptionPage = lazy(() => import("@/pages/SubscriptionPage").then((m) => ({ default: m.SubscriptionPage })));
const AdminPage = lazy(() => import("@/pages/AdminPage").then((m) => ({ default: m.AdminPage })));
const MiniTimerPage = lazy(() => import("@/pages/MiniTimerPage").then((m) => ({ default: m.MiniTimerPage })));
const ExtensionPage = lazy(() => import("@/pages/ExtensionPage").then((m) => ({ default: m.ExtensionPage })));
const MusicPage = lazy(() => import("@/pages/MusicPage").then((m) => ({ default: m.MusicPage })));
const LocalAudioPage = lazy(() => import("@/pages/LocalAudioPage").then((m) => ({ default: m.LocalAudioPage })));
const AudioTestPage = lazy(() => import("@/pages/AudioTestPage").then((m) => ({ default: m.AudioTestPage })));
const RoomsPage = lazy(() => import("@/pages/RoomsPage").then((m) => ({ default: m.RoomsPage })));
const RoomPage = lazy(() => import("@/pages/RoomPage").then((m) => ({ default: m.RoomPage })));
const NotFoundPage = lazy(() => import("@/pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/** A page outside the signed-in layout, with a full-page spinner while its code loads. */
function standalone(page: ReactNode): ReactNode {
  return <Suspense fallback={<PageSpinner />}>{page}</Suspense>;
}

const showToVisitors: SignedInRouteHandle = { signedOut: "page" };
const notFoundForVisitors: SignedInRouteHandle = { signedOut: "notFound" };

/**
 * The route table. Every page a signed-in user (or a guest) moves between is a child of
 * `SignedInLayout`, which owns the timer, the audio player and the outbox, so navigating never
 * loses a session. A child's `handle` says what a visitor who is not signed in gets (default:
 * /auth; the rooms are open to look at). The landing page, /auth, the mini timer popup and the not-found screen stand alone.
 */
export const appRoutes: RouteObject[] = [
  { path: "/", element: standalone(<LandingPage />) },
  { path: "/auth", element: standalone(<AuthPage />) },
  { path: "/mini-timer", element: standalone(<MiniTimerPage />) },
  {
    element: standalone(<SignedInLayout />),
    children: [
      { path: "/app", element: <MainPage /> },
      { path: "/music", element: <MusicPage /> },
      { path: "/settings", element: <SettingsPage />, handle: notFoundForVisitors },
      { path: "/subscription", element: <SubscriptionPage /> },
      { path: "/admin", element: <AdminPage /> },
      { path: "/extension", element: <ExtensionPage />, handle: showToVisitors },
      { path: "/local-audio", element: <LocalAudioPage />, handle: showToVisitors },
      { path: "/audio-test", element: <AudioTestPage />, handle: showToVisitors },
      { path: "/rooms", element: <RoomsPage />, handle: showToVisitors },
      { path: "/rooms/:slug", element: <RoomPage />, handle: showToVisitors },
    ],
  },
  { path: "*", element: standalone(<NotFoundPage />) },
];
