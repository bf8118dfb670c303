import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";

/** Each route is its own chunk (DESIGN.md §6): the landing page never loads the app's code. */
const LandingPage = lazy(() => import("@/pages/LandingPage").then((m) => ({ default: m.LandingPage })));
const AuthPage = lazy(() => import("@/pages/AuthPage").then((m) => ({ default: m.AuthPage })));
const MainPage = lazy(() => import("@/pages/MainPage").then((m) => ({ default: m.MainPage })));
const SettingsPage = lazy(() => import("@/pages/SettingsPage").then((m) => ({ default: m.SettingsPage })));
const SubscriptionPage = lazy(() => import("@/pages/SubscriptionPage").then((m) => ({ default: m.SubscriptionPage })));
const AdminPage = lazy(() => import("@/pages/AdminPage").then((m) => ({ default: m.AdminPage })));
const MiniTimerPage = lazy(() => import("@/features/miniTimer/MiniTimerPage").then((m) => ({ default: m.MiniTimerPage })));
const ExtensionPage = lazy(() => import("@/pages/ExtensionPage").then((m) => ({ default: m.ExtensionPage })));
const MusicPage = lazy(() => import("@/features/audio/MusicPage").then((m) => ({ default: m.MusicPage })));
const LocalAudioPage = lazy(() => import("@/features/audio/LocalAudioPage").then((m) => ({ default: m.LocalAudioPage })));
const AudioTestPage = lazy(() => import("@/features/audio/AudioTestPage").then((m) => ({ default: m.AudioTestPage })));
const NotFoundPage = lazy(() => import("@/pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/** The route table (spec §2). Render inside a router. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/app" element={<MainPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/subscription" element={<SubscriptionPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/mini-timer" element={<MiniTimerPage />} />
        <Route path="/extension" element={<ExtensionPage />} />
        <Route path="/music" element={<MusicPage />} />
        <Route path="/local-audio" element={<LocalAudioPage />} />
        <Route path="/audio-test" element={<AudioTestPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
