export { audioPlayerMachine, clampLevel, isMoodLocked } from "./machine";
export { localPlayerMachine } from "./localMachine";
export { AUDIO_FADE_OUT_MS, fadeGain, followTimerCommand } from "./followTimer";
export type { FollowTimerOptions, TimerPhase } from "./followTimer";
export { AUDIO_MESSAGES, noTracksMessage, preparingTracksMessage } from "./messages";
export { nextRandom, pickTrack, randomSeed } from "./random";
export type * from "./types";
export type * from "./localTypes";
