import { afterEach, describe, expect, it } from "vitest";
import { SHORTCUTS, isTypingTarget, shortcutFor, type KeyPress } from "./shortcuts";

/** A key press on `target` (the page body unless given), without modifiers. */
const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...extra,
});

function mount<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("keyboard shortcut rules", () => {
  it("maps space, r, 1/2/3, m and ? to their actions, in either letter case", () => {
    expect(shortcutFor(press(" "))).toBe("toggle");
    expect(shortcutFor(press("r"))).toBe("reset");
    expect(shortcutFor(press("R"))).toBe("reset");
    expect(shortcutFor(press("1"))).toBe("focus");
    expect(shortcutFor(press("2"))).toBe("shortBreak");
    expect(shortcutFor(press("3"))).toBe("longBreak");
    expect(shortcutFor(press("m"))).toBe("mute");
    expect(shortcutFor(press("M"))).toBe("mute");
    expect(shortcutFor(press("?"))).toBe("help");
    expect(shortcutFor(press("+"))).toBe("extend");
    expect(shortcutFor(press("x"))).toBeNull();
    expect(shortcutFor(press("4"))).toBeNull();
    expect(shortcutFor(press("Enter"))).toBeNull();
  });

  it("never fires while typing in an input, textarea, select or editable content", () => {
    const fields = [
      mount("input"),
      mount("input", { type: "password" }),
      mount("input", { type: "checkbox" }),
      mount("textarea"),
      mount("select"),
      mount("div", { contenteditable: "true" }),
      mount("div", { role: "textbox" }),
    ];
    for (const field of fields) {
      for (const key of [" ", "r", "1", "2", "3", "m", "?"]) {
        expect(shortcutFor(press(key, field)), `${key} in ${field.outerHTML}`).toBeNull();
      }
      expect(isTypingTarget(field)).toBe(true);
    }
    // Inside an editable element too.
    const editor = mount("div", { contenteditable: "" });
    const inner = document.createElement("span");
    editor.append(inner);
    expect(shortcutFor(press("r", inner))).toBeNull();
    // contenteditable="false" is not editable.
    expect(shortcutFor(press("r", mount("div", { contenteditable: "false" })))).toBe("reset");
  });

  it("never fires with Ctrl, Meta (Cmd) or Alt, but Shift is fine (? is Shift+/)", () => {
    expect(shortcutFor(press("r", document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press("r", document.body, { metaKey: true }))).toBeNull();
    expect(shortcutFor(press("1", document.body, { altKey: true }))).toBeNull();
    expect(shortcutFor(press(" ", document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press("?", document.body, { shiftKey: true } as Partial<KeyPress>))).toBe("help");
  });

  it("ignores a held key's repeats, IME composition and presses already handled", () => {
    expect(shortcutFor(press(" ", document.body, { repeat: true }))).toBeNull();
    expect(shortcutFor(press("r", document.body, { isComposing: true }))).toBeNull();
    expect(shortcutFor(press("r", document.body, { defaultPrevented: true }))).toBeNull();
  });

  it("leaves Space to a focused button, link or switch, but other keys still work there", () => {
    const button = mount("button");
    const link = mount("a", { href: "/app" });
    const toggle = mount("div", { role: "switch" });
    for (const target of [button, link, toggle]) {
      expect(shortcutFor(press(" ", target))).toBeNull();
      expect(shortcutFor(press("r", target))).toBe("reset");
    }
  });

  it("stays out of open dialogs", () => {
    const dialog = mount("div", { role: "dialog" });
    const inside = document.createElement("p");
    dialog.append(inside);
    expect(shortcutFor(press("r", inside))).toBeNull();
    expect(shortcutFor(press(" ", inside))).toBeNull();
  });

  it("lists every action once for the settings and the ? dialog", () => {
    expect(SHORTCUTS.map((s) => s.action)).toEqual(["toggle", "reset", "undo", "extend", "focus", "shortBreak", "longBreak", "mute", "help"]);
  });
});
