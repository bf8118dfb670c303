export * from "./notice";
export * from "./schemas";
