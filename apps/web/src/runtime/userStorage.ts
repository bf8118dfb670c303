/**
 * Browser storage that belongs to one signed-in user (`docs/product.md`, One browser, several
 * people): every such key is named `focus:u:<userId>:<name>`, so signing out can forget all of
 * them at once (`clearUserStorage`) and one user never reads another's. Reads and writes never
 * throw (storage disabled or full: the value is simply not kept).
 */
const PREFIX = "focus:u:";

/** The localStorage key of `name` for `userId`. */
export function userKey(userId: number, name: string): string {
  return `${PREFIX}${userId}:${name}`;
}

/** The user's value of `name`, or null. */
export function readUserValue(userId: number, name: string): string | null {
  try {
    return window.localStorage.getItem(userKey(userId, name));
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the user's value of `name`. */
export function writeUserValue(userId: number, name: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(userKey(userId, name));
    else window.localStorage.setItem(userKey(userId, name), value);
  } catch {
    // Private mode or full storage: the value lasts only as long as the page.
  }
}

/** Forgets every per-user key of every user in this browser. */
export function clearUserStorage(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
