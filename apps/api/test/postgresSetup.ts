/**
 * Vitest global setup of the `api-pg` project: the PostgreSQL the API tests run against.
 * Uses `FOCUS_TEST_POSTGRES_URL` when set (a server someone else runs; its user must be
 * allowed to CREATE DATABASE), else starts a throwaway local one (test/postgres.ts) and stops
 * it after the run. Tests read the URL with `inject("postgresUrl")` (see helpers.ts).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a maintenance database; each test app gets its own database from it. */
    postgresUrl: string;
    /** The prefix of every database this run creates (`focus_test_<random>_`). */
    postgresDatabasePrefix: string;
  }
}

/** Starts (or adopts) the server; returns the teardown: stop a server it started, else drop this run's databases. */
export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  const external = process.env.FOCUS_TEST_POSTGRES_URL;
  const prefix = `focus_test_${randomBytes(4).toString("hex")}_`;
  project.provide("postgresDatabasePrefix", prefix);
  if (external) {
    project.provide("postgresUrl", external);
    // The test databases workers kept for reuse (helpers.ts) go with the run.
    return () => dropDatabasesOfRun(external, prefix);
  }
  const server = await startThrowawayPostgres();
  project.provide("postgresUrl", server.url);
  return server.stop;
}

/** Drops every database whose name starts with `prefix` (this run's). */
async function dropDatabasesOfRun(serverUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
