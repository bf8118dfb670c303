/**
 * Every session of the signed-in user from `GET /api/sessions`, which answers in pages of at most
 * SESSION_PAGE_SIZE, newest first (`docs/api.md`): each page's X-Next-Cursor header names the next,
 * and the last page has none.
 */
import { NEXT_CURSOR_HEADER, sessionSchema, type Session } from "@focus/core/schemas";
import { apiGetWithHeaders } from "@/lib/api";

const sessionPageSchema = sessionSchema.array();

/**
 * Loads the pages one after another and returns all sessions, newest first.
 * @throws ApiError when a page is refused; the signal's reason when aborted.
 */
export async function fetchAllSessions(signal?: AbortSignal): Promise<Session[]> {
  const sessions: Session[] = [];
  let cursor: string | null = null;
  do {
    const path: string = cursor === null ? "/api/sessions" : `/api/sessions?cursor=${encodeURIComponent(cursor)}`;
    const page: { body: unknown; headers: Headers } = await apiGetWithHeaders(path, { signal });
    sessions.push(...sessionPageSchema.parse(page.body));
    cursor = page.headers.get(NEXT_CURSOR_HEADER);
  } while (cursor !== null);
  return sessions;
}
