export * from "./categories";
export * from "./dates";
export * from "./expenses";
export * from "./intents";
export * from "./merchant";
export * from "./onboarding";
export * from "./replies";
