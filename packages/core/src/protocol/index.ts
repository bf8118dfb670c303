export { sharedTimerStateSchema, type SharedTimerState } from "../schemas/timerState";
export * from "./miniTimer";
export * from "./live";
export * from "./clock";
export * from "./liveConnection";
export * from "./windowMessages";
export * from "./extension";
export * from "./extensionOrigins";
