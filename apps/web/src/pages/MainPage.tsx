import { AppShell } from "@/features/shell/AppShell";
import { useSignedInUser } from "@/features/shell/SignedInLayout";

/** /app, the main view: the tabs around the Focus Arena (the layout holds the timer). */
export function MainPage() {
  return <AppShell user={useSignedInUser()} />;
}
