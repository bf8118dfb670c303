import { SESSION_END_NOTICE_TAG } from "@focus/core/push";
import { type Settings } from "@focus/core/schemas";

/** The settings the end-of-session notice depends on. */
export type NotificationSettings = Pick<Settings, "soundNotifications" | "desktopNotifications" | "notificationSound">;

/**
 * Asks for the desktop notification permission when the setting is on and the user has not
 * answered yet. Browsers only show the prompt for a user gesture, and the setting is on by
 * default, so the Start button's click asks; toggling the setting (settings form) asks too.
 */
export function requestNotificationPermission(settings: NotificationSettings): void {
  if (!settings.desktopNotifications || !("Notification" in window) || Notification.permission !== "default") return;
  try {
    void Promise.resolve(Notification.requestPermission()).catch(() => undefined);
  } catch {
    // Old Safari takes a callback and returns nothing; a refusal is the user's answer anyway.
  }
}

/**
 * The end-of-session notice: the sound `/sounds/{notificationSound}.mp3` when sound
 * notifications are on (and a sound other than 'none' is chosen), and a desktop notification
 * (`title`, `body`) when they are on and permitted. Neither may ever break the timer.
 */
export function notifyEnd(notice: { title: string; body: string }, settings: Partial<NotificationSettings>): void {
  if (settings.soundNotifications !== false && settings.notificationSound && settings.notificationSound !== "none") {
    try {
      const audio = new Audio(`/sounds/${settings.notificationSound}.mp3`);
      // A missing file or a blocked autoplay rejects: ignored.
      void audio.play().catch(() => undefined);
    } catch {
      // No audio support at all.
    }
  }
  if (settings.desktopNotifications !== false && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification(notice.title, { body: notice.body, tag: SESSION_END_NOTICE_TAG });
    } catch {
      // Some platforms only allow notifications from a service worker.
    }
  }
}

/** Volume of the warning before the end: softer than the end's own sound. */
const WARNING_VOLUME = 0.4;

/**
 * The warning before the end's sound (`docs/product.md`, The timer): the gentle chime, soft.
 * Never breaks the timer (a blocked autoplay or missing audio is ignored).
 */
export function playWarningSound(): void {
  try {
    const audio = new Audio("/sounds/gentle.mp3");
    audio.volume = WARNING_VOLUME;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support at all.
  }
}

/** Volume of the break's call-back: as soft as the warning. */
const CALL_BACK_VOLUME = 0.35;

/**
 * The sound of a break that calls you back (`docs/product.md`, A break that calls you back): the
 * gentle chime, soft. Never breaks the timer (a blocked autoplay or missing audio is ignored).
 */
export function playCallBackSound(): void {
  try {
    const audio = new Audio("/sounds/gentle.mp3");
    audio.volume = CALL_BACK_VOLUME;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support at all.
  }
}
