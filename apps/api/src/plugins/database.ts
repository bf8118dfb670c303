/**
 * Decorates `fastify.db` (Kysely<Database>) on SQLite or PostgreSQL (DATABASE_URL, see
 * db/connection.ts), runs migrations at start (several instances starting at once are safe:
 * Kysely's migrator holds a lock), creates the admin account from ADMIN_USERNAME/ADMIN_PASSWORD
 * when absent, keeps pages of session lists in memory for SESSION_CACHE_MS on SQLite
 * (`repositories/sessionPageCache.ts`), and closes the database (file or pool) on close.
 */
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import { createDatabase } from "../db/connection";
import type { Database } from "../db/database";
import { migrateToLatest } from "../db/migrator";
import { ensureAdminAccount } from "../domain/accounts";
import { cacheSessionPages } from "../repositories/sessions";
import type { Config } from "../env";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface DatabasePluginOptions {
  config: Pick<Config, "database" | "adminUsername" | "adminPassword" | "sessionCacheMs">;
}

export default fp<DatabasePluginOptions>(
  async (fastify, { config }) => {
    const db = createDatabase(config.database);
    try {
      const applied = await migrateToLatest(db);
      if (applied.length > 0) fastify.log.info({ migrations: applied }, "database migrated");
      if (config.adminPassword && (await ensureAdminAccount(db, config.adminUsername, config.adminPassword))) {
        fastify.log.info({ username: config.adminUsername }, "admin account created");
      }
    } catch (error) {
      await db.destroy();
      throw error;
    }
    cacheSessionPages(db, config.sessionCacheMs);
    fastify.decorate("db", db);
    fastify.addHook("onClose", async () => {
      await db.destroy();
    });
  },
  { name: "database" },
);
