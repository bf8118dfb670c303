import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/**
 * Whether the user means to be in the room of this page, kept in the page's history entry
 * (`{ joined: true }`): opening a room navigates there with it (whoever opens a room is in it,
 * `docs/rooms.md`), Join and Leave set it, and a reload keeps it, so the page joins again.
 */
export interface RoomPageState {
  joined?: boolean;
}

/** The history state that opens a room page already in the room. */
export const IN_THE_ROOM: RoomPageState = { joined: true };

/** This page's intent and a setter that replaces its history entry's state. */
export function useJoinIntent(): [boolean, (joined: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const wantsIn = (location.state as RoomPageState | null)?.joined === true;
  const { pathname, search } = location;
  const setWantsIn = useCallback(
    (joined: boolean) => void navigate({ pathname, search }, { replace: true, state: { joined } satisfies RoomPageState }),
    [navigate, pathname, search],
  );
  return [wantsIn, setWantsIn];
}
