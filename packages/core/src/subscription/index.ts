export * from "./rules";
