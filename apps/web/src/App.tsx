import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Toaster } from "@/components/ui/toaster";
import { UpdatePrompt } from "@/features/offline/UpdatePrompt";
import { queryClient } from "@/lib/queryClient";
import { appRoutes } from "./AppRoutes";

const router = createBrowserRouter(appRoutes);

/** The app root: query client, router (the route table in AppRoutes.tsx) and the toast area. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
