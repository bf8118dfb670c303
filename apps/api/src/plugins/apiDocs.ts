/**
 * The API's OpenAPI 3 document, generated from the routes' own zod schemas (@fastify/swagger with
 * fastify-type-provider-zod's transform), at `GET /api/docs/json` (and `/yaml`), and Swagger UI at
 * `GET /api/docs` (@fastify/swagger-ui): public, no login, under the app's CSP (the UI's scripts
 * are files of its own origin, none inline). Off with API_DOCS=off.
 *
 * Registered before the routes: @fastify/swagger collects them with an onRoute hook. Each
 * operation is tagged by the area its path belongs to (`API_TAGS`, the longest prefix wins);
 * routes outside /api are listed only when an area names them (the live socket, sounds, the
 * extension zip), never the web app's files. The document is built on its first request.
 */
import fastifySwagger, { type SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { EXTENSION_ZIP_PATH, LIVE_PATH } from "@focus/core/protocol";
import { TIME_ZONE_HEADER } from "@focus/core/schemas";
import fp from "fastify-plugin";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { version } from "../../package.json";
import { SESSION_COOKIE } from "./session";

/** Where Swagger UI is served; the document is at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = "/api/docs";

/** The document's tags, one per area, with the paths (prefixes or whole route urls) each covers. */
export const API_TAGS = [
  {
    name: "auth",
    description: "Sign up, sign in, sign out; the current user; a forgotten password",
    paths: ["/api/me", "/api/login", "/api/register", "/api/logout", "/api/password-reset"],
  },
  { name: "account", description: "The signed-in user's email, password and account", paths: ["/api/user"] },
  { name: "settings", description: "Timer, sound and display settings", paths: ["/api/settings"] },
  { name: "sessions", description: "Recorded focus sessions and breaks", paths: ["/api/sessions"] },
  { name: "tasks", description: "Tasks estimated in focus sessions, with their actual counts", paths: ["/api/tasks"] },
  { name: "data", description: "Export and import of the user's data (`docs/offline.md`)", paths: ["/api/export", "/api/import"] },
  { name: "subscription", description: "Plans, upgrade, cancellation and retention offers", paths: ["/api/subscription"] },
  {
    name: "admin",
    description: "The admin's actions (403 for everyone else)",
    paths: ["/api/admin", "/api/subscription/activate/:userId", "/api/subscription/cancel/:userId"],
  },
  { name: "blocked sites", description: "The Website Shield list, and the Shield as the extension reads it", paths: ["/api/blocked-sites", "/api/shield", "/api/extension-removals"] },
  { name: "blocked attempts", description: "Visits the extension stopped during focus sessions", paths: ["/api/blocked-attempts"] },
  { name: "linked devices", description: "Paired browser extensions and their device tokens", paths: ["/api/linked-devices"] },
  { name: "audio", description: "The focus-audio library and notification sounds", paths: ["/api/audio", "/sounds"] },
  { name: "rooms", description: "Focus rooms: shared rounds with other people (`docs/rooms.md`)", paths: ["/api/rooms"] },
  { name: "push", description: "Web Push: this device notified when a session ends, with the screen locked", paths: ["/api/push"] },
  { name: "timer", description: "The account's one timer: the commands every device sends, applied in order by the server (`docs/offline.md`)", paths: ["/api/timer"] },
  { name: "live", description: "Live timer sync between a user's tabs, mini timer and extension", paths: [LIVE_PATH] },
  { name: "extension", description: "The Chrome extension's package", paths: [EXTENSION_ZIP_PATH] },
  { name: "server", description: "Liveness and this server's public settings", paths: ["/api/health", "/api/config"] },
] as const;

/** The area of a route url: the tag whose path is its longest prefix, or undefined. */
export function tagOf(url: string): string | undefined {
  let best: { name: string; length: number } | undefined;
  for (const tag of API_TAGS) {
    for (const path of tag.paths) {
      const covers = url === path || url.startsWith(`${path}/`);
      if (covers && path.length > (best?.length ?? -1)) best = { name: tag.name, length: path.length };
    }
  }
  return best?.name;
}

/**
 * Descriptions of routes declared without a schema in plugins that say nothing to OpenAPI
 * (their own files describe them in prose): what a reader of the document needs to call them.
 */
const DESCRIPTIONS: Record<string, string> = {
  [EXTENSION_ZIP_PATH]:
    "The Chrome extension as a zip download (`application/zip`), its manifest made for the origin it is " +
    "downloaded from (PUBLIC_ORIGIN, else the request's scheme and Host). Revalidated with an ETag. " +
    "404 `{ message }` when the extension is not built on this server, 400 `{ message }` for a Host that is no plain `host[:port]`.",
};

const DESCRIPTION = `The Focus app's HTTP API, generated from the zod schemas the routes validate with
(the same schemas the web app's forms use, from \`packages/core\`). The prose is in \`docs/api.md\`.

- **Errors** are JSON \`{ "message": string }\` (plus \`issues\` for a validation error) with a real
  status: 400 bad input, 401 not signed in, 403 not allowed, 404 absent, 409 conflict, 429 too many
  requests (with \`Retry-After\`), 503 overloaded.
- **Signing in**: the web app holds a cookie session (\`${SESSION_COOKIE}\`, set by \`POST /api/login\` or
  \`/api/register\`); a paired extension sends \`Authorization: Bearer <device token>\` instead.
- **Origin**: state-changing requests must come from the app's own origin (or the paired extension).
- **Time zone**: send \`${TIME_ZONE_HEADER}: <IANA name>\`; the Free plan's days are counted in it (UTC when absent).`;

/** fastify-type-provider-zod's transform (zod → JSON Schema for OpenAPI 3.0), nothing skipped by url. */
const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * zod schemas to OpenAPI, plus the route's area tag; files of the web app are left out. The
 * websocket is listed although @fastify/websocket hides its routes: OpenAPI has no words for a
 * socket, but the route's description says how to open one.
 */
const transform: SwaggerTransform = (input) => {
  const unhidden = input.route.websocket ? { ...input, schema: { ...input.schema, hide: false } } : input;
  const { schema, url } = zodTransform(unhidden);
  if (schema?.hide) return { schema, url };
  const tag = tagOf(url);
  if (!tag && !url.startsWith("/api/")) return { schema: { hide: true }, url };
  const description = schema?.description ?? DESCRIPTIONS[url];
  return {
    url,
    schema: {
      ...schema,
      ...(tag && !schema?.tags ? { tags: [tag] } : {}),
      ...(description ? { description } : {}),
    },
  };
};

export default fp(
  async (fastify) => {
    await fastify.register(fastifySwagger, {
      openapi: {
        openapi: "3.0.3",
        info: { title: "Focus API", version, description: DESCRIPTION },
        tags: API_TAGS.map(({ name, description }) => ({ name, description })),
      },
      transform,
    });
    await fastify.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      theme: { title: "Focus API" },
      uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0 },
      // The app's CSP (plugins/security.ts) applies as it is: the UI needs no inline script.
      staticCSP: false,
    });
  },
  { name: "api-docs", dependencies: ["security"] },
);
