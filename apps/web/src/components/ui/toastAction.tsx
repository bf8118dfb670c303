import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import type { ToastAction as RadixToastAction } from "./toast";

/** Props of a toast's action button: Radix Toast's Action props (`altText` is required). */
export type ToastActionProps = ComponentProps<typeof RadixToastAction>;

/**
 * Draws the action button: given by the toast area itself (`toaster.tsx`),
 * which loads with the first toast (`LazyToaster`). A screen that offers an action ("Undo")
 * imports this light `ToastAction` rather than `toast.tsx`, so Radix Toast stays out of its
 * first load (`docs/performance.md`).
 */
export const ToastActionContext = createContext<((props: ToastActionProps) => ReactNode) | null>(null);

/** An action button inside a toast: `toast({ action: <ToastAction altText="…">Undo</ToastAction> })`. */
export function ToastAction(props: ToastActionProps) {
  const draw = useContext(ToastActionContext);
  return draw ? draw(props) : null;
}
