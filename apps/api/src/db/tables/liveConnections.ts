/** Table `live_connections`: every instance's open `/ws/timer` sockets on PostgreSQL (the per-user cap across instances, `docs/api.md`). */
export interface LiveConnectionsTable {
  /** The instance holding the socket (a random id per process start). */
  instance_id: string;
  /** The socket's number within its instance. */
  connection_id: number;
  user_id: number;
  /** When it opened, epoch ms. PostgreSQL returns bigint as text. */
  opened_at: number | string;
}
