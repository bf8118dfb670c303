import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { ToastActionContext, type ToastActionProps } from "./toastAction";
import { TOAST_DURATION, useToast } from "./use-toast";

/**
 * Renders the toast store: 5000 ms display, swipe right past 50 px to dismiss, F8 moves focus to
 * the notification area. Mount once at the app root. A toast's `action` (toastAction.tsx) draws
 * with Radix's Action given here.
 */
const drawAction = (props: ToastActionProps) => <ToastAction {...props} />;

export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastActionContext.Provider value={drawAction}>
      <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
        {toasts.map(({ id, title, description, action, ...props }) => (
          <Toast key={id} {...props}>
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
