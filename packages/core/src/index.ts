export * from "./constants";
export * from "./format";
export * from "./schemas/settings";
export * from "./schemas/session";
export * from "./schemas/auth";
export * from "./schemas/user";
export * from "./timer";
