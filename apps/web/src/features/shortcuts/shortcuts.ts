/**
 * Keyboard shortcuts of the main view (`docs/offline.md`): which key does what, and when a key
 * press is not a shortcut. Pure functions over a key event, so the rules are tested without React.
 */

export type ShortcutAction = "toggle" | "reset" | "undo" | "extend" | "focus" | "shortBreak" | "longBreak" | "mute" | "help";

/** Every shortcut with its keys as shown and what it does, in display order. */
export const SHORTCUTS: readonly { action: ShortcutAction; keys: readonly string[]; label: string }[] = [
  { action: "toggle", keys: ["Space"], label: "Start or pause the timer" },
  { action: "reset", keys: ["R"], label: "Reset the timer" },
  { action: "undo", keys: ["U"], label: "Undo a reset or mode change (for 10 seconds)" },
  { action: "extend", keys: ["+"], label: "Five more minutes (near the end of a focus session, or 10 seconds after)" },
  { action: "focus", keys: ["1"], label: "Switch to Focus" },
  { action: "shortBreak", keys: ["2"], label: "Switch to Short Break" },
  { action: "longBreak", keys: ["3"], label: "Switch to Long Break" },
  { action: "mute", keys: ["M"], label: "Mute or unmute the audio" },
  { action: "help", keys: ["?"], label: "Show this list" },
];

const KEY_ACTIONS: Record<string, ShortcutAction> = {
  " ": "toggle",
  Spacebar: "toggle",
  r: "reset",
  R: "reset",
  u: "undo",
  U: "undo",
  "+": "extend",
  "1": "focus",
  "2": "shortBreak",
  "3": "longBreak",
  m: "mute",
  M: "mute",
  "?": "help",
};

/** What a shortcut needs of a keyboard event. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

const TEXT_ROLES = new Set(["textbox", "searchbox", "combobox", "spinbutton"]);
/** Roles whose element does something of its own on Space. */
const SPACE_ROLES = new Set(["button", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "slider", "link"]);

function asElement(target: EventTarget | null): Element | null {
  return target && typeof (target as Element).closest === "function" ? (target as Element) : null;
}

/** True while the user types: an input, textarea, select, editable content or a text role. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  if (element.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return true;
  const role = element.getAttribute("role");
  return role !== null && TEXT_ROLES.has(role);
}

/** True when Space already means something on the focused element (a button, a link, a switch…). */
function ownsSpace(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  if (element.closest("button, a[href], summary")) return true;
  const role = element.getAttribute("role");
  return role !== null && SPACE_ROLES.has(role);
}

/** True inside an open dialog: its own keys (Escape, Tab, Space on its buttons) come first. */
function inDialog(target: EventTarget | null): boolean {
  return Boolean(asElement(target)?.closest("[role='dialog'], [role='alertdialog']"));
}

/**
 * The shortcut a key press stands for, or null. Never while typing in a field, never with
 * Ctrl, Meta (Cmd) or Alt (those belong to the browser and the system), never for a held-down
 * key's repeats, never inside a dialog, and Space not on an element that uses Space itself.
 */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.repeat || press.isComposing || press.defaultPrevented) return null;
  if (isTypingTarget(press.target) || inDialog(press.target)) return null;
  const action = KEY_ACTIONS[press.key];
  if (!action) return null;
  if (action === "toggle" && ownsSpace(press.target)) return null;
  return action;
}
