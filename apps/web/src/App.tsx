import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router-dom";
import { Toaster } from "@/components/ui/toaster";
import { UpdatePrompt } from "@/features/offline/UpdatePrompt";
import { queryClient } from "@/lib/api";
import { AppRoutes } from "./AppRoutes";

/** The app root: query client, router, routes and the toast area. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
