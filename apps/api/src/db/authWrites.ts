/**
 * Who may be signed in, and as whom, lives in two tables: `users` and `http_sessions`. The login
 * session cache (`security/loginSessions.ts`) must forget what it holds as soon as either
 * changes, on this instance and on every other one (`docs/api.md`, Sessions):
 *
 * - On this instance, `AuthWritesPlugin` (a Kysely plugin on the app's database) sees every
 *   UPDATE or DELETE of those tables once it has run, and tells its listeners. Inserts change
 *   nobody's session (a new session, a new user).
 * - Across instances on PostgreSQL, row triggers (migration `2026_12_01_0001_auth_change_notify`)
 *   NOTIFY `AUTH_CHANGE_CHANNEL` with the user's id when the transaction commits; each instance's
 *   live relay LISTENs to it (`live/pgHub.ts`). That also covers writes by another process or
 *   a transaction on another pooled connection.
 */
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/** The PostgreSQL NOTIFY channel of changed users (payload: the user's id). */
export const AUTH_CHANGE_CHANNEL = "focus_auth";

/** Tables whose UPDATE or DELETE may end or change someone's session. */
const WATCHED_TABLES = new Set(["users", "http_sessions"]);

/** The plain table name of a TableNode (or an alias of one), else undefined. */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === "AliasNode") return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind !== "TableNode") return undefined;
  return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
}

/** Whether the query updates or deletes rows of a watched table. */
function writesWatchedTable(node: RootOperationNode): boolean {
  if (node.kind === "UpdateQueryNode") return WATCHED_TABLES.has(tableName(node.table) ?? "");
  if (node.kind === "DeleteQueryNode") return node.from.froms.some((from) => WATCHED_TABLES.has(tableName(from) ?? ""));
  return false;
}

/** A Kysely plugin that calls its listeners after every UPDATE or DELETE of `users` or `http_sessions`. */
export class AuthWritesPlugin implements KyselyPlugin {
  private readonly watched = new WeakSet<object>();
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after each such write has run (committed, or inside its transaction). Returns the unsubscribe. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatchedTable(args.node)) this.watched.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.watched.has(args.queryId)) {
      this.watched.delete(args.queryId);
      for (const listener of this.listeners) listener();
    }
    return args.result;
  }
}
