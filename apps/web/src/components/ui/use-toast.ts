import { useSyncExternalStore, type ReactNode } from "react";
import type { ToastActionElement, ToastProps } from "./toast";

/**
 * Toast store in the shadcn/ui style with these rules: one toast visible at a time (TOAST_LIMIT), a
 * dismissed toast is removed after TOAST_REMOVE_DELAY. Display time (5000 ms), swipe right 50 px
 * and the F8 hotkey are set on the provider in toaster.tsx.
 */

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

/** One toast as stored. */
export type ToasterToast = ToastProps & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

/** What `toast()` takes: everything but the id. */
export type ToastInput = Omit<ToasterToast, "id">;

let toasts: ToasterToast[] = [];
let count = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToasterToast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast (or all without an id); it is removed from the store later. */
export function dismissToast(id?: string): void {
  toasts.forEach((t) => {
    if (id === undefined || t.id === id) scheduleRemoval(t.id);
  });
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/**
 * Shows a toast: `toast({ title, description, variant: "destructive" })`. Returns its id and
 * `dismiss` / `update` functions. A new toast replaces the visible one (TOAST_LIMIT = 1).
 */
export function toast(input: ToastInput) {
  const id = String(++count);
  const update = (props: Partial<ToastInput>) => emit(toasts.map((t) => (t.id === id ? { ...t, ...props } : t)));
  const dismiss = () => dismissToast(id);
  const entry: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  emit([entry, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss, update };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current toasts plus `toast` and `dismiss`, for components. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
