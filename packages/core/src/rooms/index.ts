/** `@focus/core/rooms`: who is in a focus room and when its shared rounds run. */
export * from "./members";
export * from "./schedule";
