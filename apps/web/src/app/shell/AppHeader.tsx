import type { User } from "@focus/core/schemas";
import { LogIn, LogOut, Puzzle, ShieldUser, UserRound, Users } from "lucide-react";
import { Link } from "react-router-dom";
import { BrandLink } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { ConnectionStatus } from "@/features/offline/ConnectionStatus";
import { PlanLine } from "@/features/subscription/PlanLine";
import { HeaderTimer } from "@/features/timer/HeaderTimer";
import { Button, buttonVariants } from "@/components/ui/button";
import { useLogout } from "@/runtime/auth";
import { useSaveSettings } from "@/runtime/settings";

/**
 * The header of every signed-in page: brand, the running session (off /app), the username or
 * 'Guest Session' with the plan line under it (core's `planLine`), the connection status, Logout (or Join for guests), the Admin link for the
 * admin, the always-shown Extension link and the theme toggle.
 */
export function AppHeader({ user }: { user: User }) {
  const logout = useLogout();
  const saveSettings = useSaveSettings(user);
  // Below the lg breakpoint each icon keeps its name as a small caption under it, so a phone's
  // header says what every button does.
  const caption = "h-auto min-h-11 flex-col gap-0.5 px-1 py-1 text-[0.625rem] leading-none lg:h-9 lg:min-h-0 lg:flex-row lg:gap-2 lg:px-2 lg:text-sm";
  const ghost = buttonVariants({ variant: "ghost", size: "sm", className: `${caption} pointer-coarse:min-w-11` });
  return (
    <header className="sticky top-0 z-30 h-16 border-b bg-background/90 backdrop-blur">
      <div className="flex h-full items-center gap-1.5 px-3 sm:gap-2 sm:px-4 md:px-6">
        {/* On narrow phones only the mark shows, so the username or 'Guest Session' fits. */}
        <BrandLink to="/app" className="shrink-0 justify-center max-[30rem]:[&>span]:sr-only pointer-coarse:min-h-11 pointer-coarse:min-w-11" />
        <HeaderTimer />
        <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
          <UserRound className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
          <div className="grid min-w-0 leading-tight">
            {/* A guest has no plan line, so "Guest Session" may take its second line on a phone. */}
            <span className={user.isGuest ? "line-clamp-2 font-medium" : "truncate font-medium"} title={user.isGuest ? undefined : user.username}>
              {user.isGuest ? "Guest Session" : user.username}
            </span>
            {/* On a touch screen its link reaches 44 px high over the line's own height. */}
            <PlanLine user={user} className="pointer-coarse:-my-3.5 pointer-coarse:py-3.5" />
          </div>
        </div>
        <ConnectionStatus />
        <nav aria-label="Account" className="flex shrink-0 items-center sm:gap-1">
          {user.isAdmin && (
            <Link to="/admin" className={ghost} aria-label="Admin">
              <ShieldUser aria-hidden />
              <span>Admin</span>
            </Link>
          )}
          <Link to="/rooms" className={ghost} aria-label="Focus rooms">
            <Users aria-hidden />
            <span>Rooms</span>
          </Link>
          <Link to="/extension" className={ghost} aria-label="Extension">
            <Puzzle aria-hidden />
            <span>Extension</span>
          </Link>
          <ThemeToggle captionClassName={caption} onPick={user.isGuest ? undefined : (theme) => saveSettings.mutate({ theme })} />
          {user.isGuest ? (
            <Link to="/auth" className={buttonVariants({ size: "sm" })}>
              <LogIn aria-hidden />
              Join
            </Link>
          ) : (
            <Button variant="ghost" size="sm" className={`${caption} pointer-coarse:min-w-11 lg:border lg:border-input`} onClick={() => logout.mutate()} disabled={logout.isPending} aria-label="Logout">
              <LogOut aria-hidden />
              <span>Logout</span>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
