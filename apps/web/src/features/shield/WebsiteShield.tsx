import type { User } from "@focus/core/schemas";
import { ShieldCheck, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { dispatchShowAuth } from "@/lib/events";
import { BlocklistCard } from "./BlocklistCard";
import { ExtensionPromo } from "./ExtensionPromo";
import { LaunchingSoon } from "./LaunchingSoon";
import { LinkedDevicesCard } from "./LinkedDevicesCard";
import { ScheduleCard } from "./ScheduleCard";
import { ShieldModeCard } from "./ShieldModeCard";
import { ShieldStatusCard } from "./ShieldStatusCard";

/**
 * The Website Shield tab, 'Focus Shield' (`docs/product.md`): the Shield's mode right above the
 * list it gives meaning to, the schedules, the Shield's state and linked devices first (what they
 * came to change), then the extension promo and the two 'Launching Soon' cards. A guest has nothing on the server, so sees an invitation instead of the list.
 */
export function WebsiteShield({ user }: { user: User }) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <header className="flex items-start gap-3">
        <ShieldCheck className="mt-1 size-7 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h2 className="text-3xl font-bold tracking-tight">Focus Shield</h2>
          <p className="text-muted-foreground">Keep distracting websites out of the way while you focus.</p>
        </div>
      </header>
      {user.isGuest ? (
        <GuestBlocklistPrompt />
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <div className="grid grid-cols-1 gap-6">
            <ShieldModeCard user={user} />
            <BlocklistCard user={user} />
            <ScheduleCard />
          </div>
          <div className="grid grid-cols-1 gap-6">
            <ShieldStatusCard />
            <LinkedDevicesCard />
          </div>
        </div>
      )}
      <ExtensionPromo />
      <LaunchingSoon />
    </div>
  );
}

function GuestBlocklistPrompt() {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 pt-6 sm:flex-row sm:items-center">
        <div className="grid flex-1 gap-1">
          <h3 className="text-lg font-semibold">Build your own blocklist</h3>
          <p className="text-sm text-muted-foreground">
            Create a free account to choose which websites to block and to pair the Chrome extension.
          </p>
        </div>
        <Button onClick={() => dispatchShowAuth("register")}>
          <UserPlus aria-hidden />
          Create Free Account
        </Button>
      </CardContent>
    </Card>
  );
}
