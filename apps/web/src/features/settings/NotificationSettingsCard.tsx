import { NOTIFICATION_SOUNDS } from "@focus/core/constants";
import { Bell } from "lucide-react";
import { useState } from "react";
import { Controller, useWatch, type Control } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { SwitchField } from "./fields";
import type { SettingsFormValues } from "./settingsForm";
import { usePushNotifications } from "./usePushNotifications";

const SOUND_LABELS: Record<(typeof NOTIFICATION_SOUNDS)[number], string> = {
  bell: "Bell",
  chime: "Chime",
  digital: "Digital",
  gentle: "Gentle",
  none: "None",
};

/** The browser's desktop-notification permission, or "unsupported". */
function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/**
 * How the user hears that a session is over: the sound and its choice, and desktop
 * notifications (asked for from the click that switches them on, as browsers require; a
 * blocked or missing permission is said in words).
 */
export function NotificationSettingsCard({ control }: { control: Control<SettingsFormValues> }) {
  const soundOn = useWatch({ control, name: "soundNotifications" });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Bell className="size-5 text-primary" aria-hidden />
          Notification settings
        </CardTitle>
        <CardDescription>How you hear that a session is over.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Controller
          control={control}
          name="soundNotifications"
          render={({ field }) => (
            <SwitchField id="settings-sound" label="Sound notifications" description="Play a sound when a session ends." checked={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={control}
          name="notificationSound"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor="settings-sound-choice" className={soundOn ? undefined : "text-muted-foreground"}>
                Notification sound
              </Label>
              <Select id="settings-sound-choice" {...field} disabled={!soundOn}>
                {NOTIFICATION_SOUNDS.map((sound) => (
                  <option key={sound} value={sound}>
                    {SOUND_LABELS[sound]}
                  </option>
                ))}
              </Select>
            </div>
          )}
        />
        <DesktopNotificationsSwitch control={control} />
        <LockedScreenSwitch />
      </CardContent>
    </Card>
  );
}

/** Desktop notifications, with what the browser's permission allows. */
function DesktopNotificationsSwitch({ control }: { control: Control<SettingsFormValues> }) {
  const [permission, setPermission] = useState(notificationPermission);
  const desktopOn = useWatch({ control, name: "desktopNotifications" });
  const askForPermission = () => {
    if (notificationPermission() !== "default") return;
    void Notification.requestPermission().then(setPermission, () => setPermission(notificationPermission()));
  };
  return (
    <Controller
      control={control}
      name="desktopNotifications"
      render={({ field }) => (
        <SwitchField
          id="settings-desktop"
          label="Desktop notifications"
          description="Show a system notification when a session ends."
          checked={field.value}
          onChange={(checked) => {
            field.onChange(checked);
            if (checked) askForPermission();
          }}
        >
          {desktopOn && permission === "denied" && <p className="text-sm text-destructive">Your browser blocks notifications for this site. Allow them in the site settings.</p>}
          {desktopOn && permission === "unsupported" && <p className="text-sm text-muted-foreground">This browser does not show desktop notifications.</p>}
        </SwitchField>
      )}
    />
  );
}

/**
 * This device's push at a session's end (`usePushNotifications`): a switch of this browser, not
 * a saved setting, so it sits outside the form. What stops it is said under it.
 */
function LockedScreenSwitch() {
  const push = usePushNotifications();
  return (
    <SwitchField
      id="settings-push"
      label="Notify this device when a session ends, even with the screen locked"
      description="The server notifies this browser at each session's end. Switch it on on every device you want notified."
      checked={push.status === "on"}
      disabled={push.busy || push.status === "checking" || push.status === "unavailable"}
      onChange={(on) => void push.setEnabled(on)}
    >
      {push.busy && <p className="text-sm text-muted-foreground" role="status">{push.status === "on" ? "Switching off…" : "Switching on…"}</p>}
      {push.message && (
        <p className={push.status === "unavailable" ? "text-sm text-muted-foreground" : "text-sm text-destructive"} role={push.status === "unavailable" ? undefined : "alert"}>
          {push.message}
        </p>
      )}
    </SwitchField>
  );
}
