import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { SkipLink } from "@/components/SkipLink";
import { LazyToaster } from "@/components/ui/LazyToaster";
import { UpdatePrompt } from "@/features/offline/UpdatePrompt";
import { queryClient } from "@/lib/queryClient";
import { appRoutes } from "./AppRoutes";

const router = createBrowserRouter(appRoutes);

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
