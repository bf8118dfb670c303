/** Table `rate_counters`: a count per key within a window, shared by every API instance (`docs/api.md`, Limits). PostgreSQL returns bigint as text. */
export interface RateCountersTable {
  key: string;
  count: number;
  /** When the window ends, epoch ms. */
  window_ends_at: number | string;
  /** The last hit, epoch ms. */
  updated_at: number | string;
}
