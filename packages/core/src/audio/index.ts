export * from "./schemas";
export * from "./catalogue";
