import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { ToastActionContext, type ToastActionProps } from "./toastAction";
import { TOAST_DURATION, useToast } from "./use-toast";

const drawAction = (props: ToastActionProps) => <ToastAction {...props} />;

/**
 * Renders the toast store: each toast shows for its own `duration` or TOAST_DURATION (5000 ms),
 * swipe right past 50 px dismisses, F8 moves focus to the notification area. Mount once at the
 * app root. A toast's `action` (toastAction.tsx) draws with Radix's Action given here.
 *
 * `duration` (ms) replaces every toast's display time. The web tests pass Infinity: on a loaded
 * machine a test's next step can come more than 5 s of wall time after a toast appeared, and a
 * toast that closed meanwhile would fail a test of a message the user does see.
 */
export function Toaster({ duration }: { duration?: number } = {}) {
  const { toasts } = useToast();
  return (
    <ToastActionContext.Provider value={drawAction}>
      <ToastProvider duration={duration ?? TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
        {toasts.map(({ id, title, description, action, ...props }) => (
          <Toast key={id} {...props} duration={duration ?? props.duration}>
            <div className="grid gap-1">
              {title && <ToastTitle>{title}</ToastTitle>}
              {description && <ToastDescription>{description}</ToastDescription>}
            </div>
            {action}
            <ToastClose />
          </Toast>
        ))}
        <ToastViewport hotkey={["F8"]} />
      </ToastProvider>
    </ToastActionContext.Provider>
  );
}
