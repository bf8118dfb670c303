/*
 * Focus Flow's service worker, push part (`docs/product.md`, Notifications on a locked phone),
 * loaded into the Workbox worker with `importScripts` (pwa.config.ts). A push from the server at
 * a session's end carries `{ title, body, tag, url, endedAt }` (core's `pushNoticeSchema`):
 * - it is shown as a notification with its tag, so a newer one replaces an older one;
 * - unless a window of the app is visible: that page already rang and showed its own notice;
 * - a click focuses a window of the app, or opens the notice's page (/app);
 * - a subscription the browser renews (`pushsubscriptionchange`) is saved again.
 * Plain script, no imports: it runs as it is served (the CSP's `script-src 'self'`).
 */
/* global self, URL */
(function (scope) {
  "use strict";

  var ICON = "/icons/icon-192.png";
  var FALLBACK_URL = "/app";

  /** The notice of a push, or null when the payload is not one (ignored). */
  function noticeOf(data) {
    var notice;
    try {
      notice = data ? data.json() : null;
    } catch {
      return null;
    }
    if (!notice || typeof notice.title !== "string" || !notice.title || typeof notice.body !== "string") return null;
    var url = typeof notice.url === "string" && /^\/(?!\/)/.test(notice.url) ? notice.url : FALLBACK_URL;
    var tag = typeof notice.tag === "string" && notice.tag ? notice.tag : "focus-timer";
    return { title: notice.title.slice(0, 200), body: notice.body.slice(0, 500), tag: tag, url: url };
  }

  function appWindows() {
    return scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  }

  function onPush(event) {
    var notice = noticeOf(event.data);
    if (!notice) return Promise.resolve();
    return appWindows().then(function (windows) {
      var visible = windows.some(function (client) {
        return client.visibilityState === "visible";
      });
      if (visible) return undefined;
      return scope.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        renotify: true,
        icon: ICON,
        badge: ICON,
        data: { url: notice.url },
      });
    });
  }

  function onNotificationClick(event) {
    event.notification.close();
    var path = (event.notification.data && event.notification.data.url) || FALLBACK_URL;
    var target = new URL(path, scope.location.origin).href;
    return appWindows().then(function (windows) {
      var own = windows.filter(function (client) {
        return new URL(client.url).origin === scope.location.origin;
      });
      if (own.length > 0) return own[0].focus();
      return scope.clients.openWindow(target);
    });
  }

  function onSubscriptionChange(event) {
    var renewed = event.newSubscription
      ? Promise.resolve(event.newSubscription)
      : event.oldSubscription
        ? scope.registration.pushManager.subscribe(event.oldSubscription.options)
        : Promise.resolve(null);
    return renewed
      .then(function (subscription) {
        if (!subscription) return undefined;
        return scope.fetch("/api/push/subscriptions", {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(subscription.toJSON()),
        });
      })
      .catch(function () {
        // Signed out, offline or refused: the switch in Settings shows it is off.
      });
  }

  scope.addEventListener("push", function (event) {
    event.waitUntil(onPush(event));
  });
  scope.addEventListener("notificationclick", function (event) {
    event.waitUntil(onNotificationClick(event));
  });
  scope.addEventListener("pushsubscriptionchange", function (event) {
    event.waitUntil(onSubscriptionChange(event));
  });
})(self);
