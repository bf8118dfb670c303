export { audioPlayerMachine, clampLevel, isMoodLocked, type AudioPlayerMachine } from "./machine";
export { localPlayerMachine, type LocalPlayerMachine } from "./localMachine";
export { AUDIO_FADE_OUT_MS, BREAK_AUDIO_MOOD, fadeGain, followTimerCommand } from "./followTimer";
export type { FollowTimerCommand, FollowTimerOptions, TimerPhase } from "./followTimer";
export { AUDIO_MESSAGES, noTracksMessage, preparingTracksMessage } from "./messages";
export { nextRandom, pickTrack, randomSeed } from "./random";
export type * from "./types";
export type * from "./localTypes";
