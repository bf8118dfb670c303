/**
 * One import at a time per account, and no session written beside it (`docs/offline.md`,
 * Import): an import checks the plan's rules against the sessions stored, then writes its
 * sessions in batches; a session recorded between the check and the last batch would slip past
 * the Free plan's daily limit or the account's session cap.
 *
 * On this instance, `SessionWriteGate` orders them per user: session writes share the gate,
 * an import holds it alone. An import waits for the writes already under way; writes that come
 * while an import runs wait for it to end; a second import of the account is refused (409).
 * Across instances (PostgreSQL) the import also runs in one transaction holding the user's row
 * lock, which every session write takes too (`domain/dataTransfer.ts`).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { HttpError } from "../httpError";

/** What a second import while one runs says (409). */
export const IMPORT_RUNNING_MESSAGE = "An import is already running for this account. Please wait for it to finish, then try again.";

interface UserGate {
  writers: number;
  importing: boolean;
  /** Callers waiting for the gate to change (they hold the entry in the map). */
  waiting: number;
  wake: Array<() => void>;
}

/** Per-user ordering of session writes and imports on this instance (see the module comment). */
export class SessionWriteGate {
  private readonly gates = new Map<number, UserGate>();

  /**
   * Runs a session write of `userId` once no import of theirs runs; writes run side by side.
   * @returns what `work` returns.
   */
  async write<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const gate = this.gateOf(userId);
    while (gate.importing) await this.changed(gate);
    gate.writers += 1;
    try {
      return await work();
    } finally {
      gate.writers -= 1;
      this.release(userId, gate);
    }
  }

  /**
   * Runs an import of `userId` alone: after the session writes under way, before any other.
   * @throws HttpError 409 IMPORT_RUNNING_MESSAGE while another import of the account runs.
   */
  async importAlone<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const gate = this.gateOf(userId);
    if (gate.importing) throw new HttpError(409, IMPORT_RUNNING_MESSAGE);
    gate.importing = true;
    try {
      while (gate.writers > 0) await this.changed(gate);
      return await work();
    } finally {
      gate.importing = false;
      this.release(userId, gate);
    }
  }

  private gateOf(userId: number): UserGate {
    let gate = this.gates.get(userId);
    if (!gate) {
      gate = { writers: 0, importing: false, waiting: 0, wake: [] };
      this.gates.set(userId, gate);
    }
    return gate;
  }

  private async changed(gate: UserGate): Promise<void> {
    gate.waiting += 1;
    try {
      await new Promise<void>((resolve) => gate.wake.push(resolve));
    } finally {
      gate.waiting -= 1;
    }
  }

  /** Wakes the waiters, and forgets the user once nobody holds or awaits the gate. */
  private release(userId: number, gate: UserGate): void {
    for (const resolve of gate.wake.splice(0)) resolve();
    if (gate.writers === 0 && !gate.importing && gate.waiting === 0) this.gates.delete(userId);
  }
}

const gates = new WeakMap<Kysely<Database>, SessionWriteGate>();

/** The gate of the database `db` on this instance. */
export function sessionWriteGate(db: Kysely<Database>): SessionWriteGate {
  let gate = gates.get(db);
  if (!gate) {
    gate = new SessionWriteGate();
    gates.set(db, gate);
  }
  return gate;
}
