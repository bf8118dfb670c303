import { AppShell } from "@/app/shell/AppShell";
import { useSignedInUser } from "@/runtime/currentUser";

/** /app, the main view: the tabs around the Focus Arena (the layout holds the timer). */
export function MainPage() {
  return <AppShell user={useSignedInUser()} />;
}
