export * from "./rules";
export { subscriptionMachine, selectTrialDaysLeft, type SubscriptionEvent } from "./machine";
export * from "./plan";
export * from "./copy";
export * from "./notices";
