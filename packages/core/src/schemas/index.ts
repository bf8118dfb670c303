/** `@focus/core/schemas`: the zod schemas every app and the API validate with. */
export * from "./settings";
export * from "./session";
export * from "./auth";
export * from "./passwordReset";
export * from "./user";
export * from "./subscription";
export * from "./blockedSite";
export * from "./siteRule";
export * from "./blockedAttempt";
export * from "./dataExport";
export * from "./config";
export * from "./timeZone";
export * from "./ids";
export * from "./dates";
export * from "./plainText";
export * from "./task";
export * from "./room";
