import { createActorContext } from "@xstate/react";
import { timerMachine } from "@focus/core/timer";

/**
 * The one timer actor of the app: created by `TimerHost` (with the web effects), read with
 * `TimerActor.useSelector`, driven through `useTimerControls`.
 */
export const TimerActor = createActorContext(timerMachine);
