export * from "./rules";
export { subscriptionMachine, selectTrialDaysLeft, type SubscriptionMachine, type SubscriptionContext, type SubscriptionEvent } from "./machine";
export * from "./plan";
export * from "./copy";
export * from "./notices";
