import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { SkipLink } from "@/components/SkipLink";
import { LazyToaster } from "@/components/ui/LazyToaster";
import { UpdatePrompt } from "@/features/offline/UpdatePrompt";
import { queryClient } from "@/lib/queryClient";
import { appRoutes } from "./AppRoutes";

/** The app's router; it starts loading the first page's code as soon as it is created. */
export const router = createBrowserRouter(appRoutes);

/**
 * Resolves once the router has the first page's code (`lazy` routes) and can render it. Until
 * then it would show the full-page spinner (`HydrateFallback`).
 */
export function firstPageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The app root: the skip link (the first Tab stop of every page), query client, router (the
 * route table in AppRoutes.tsx) and the toast area (loaded with the first toast).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SkipLink />
      <RouterProvider router={router} />
      <LazyToaster />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
