export * from "./machine";
