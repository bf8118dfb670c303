import type { User } from "@focus/core/schemas";
import { createContext, useContext } from "react";

/** The signed-in user (a guest included), provided by the signed-in layout; null for a visitor. */
export const SignedInUserContext = createContext<User | null>(null);

/** The user of the signed-in layout (a guest included). Throws outside it. */
export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error("useSignedInUser must be used within the signed-in layout");
  return user;
}

/** The user when signed in (or a guest), null for a visitor on a page open to them. */
export function useOptionalUser(): User | null {
  return useContext(SignedInUserContext);
}
