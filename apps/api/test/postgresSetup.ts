/**
 * Vitest global setup of the `api-pg` project: the PostgreSQL the API tests run against.
 * Uses `FOCUS_TEST_POSTGRES_URL` when set (a server someone else runs; its user must be
 * allowed to CREATE DATABASE), else starts a throwaway local one (test/postgres.ts) and stops
 * it after the run. Tests read the URL with `inject("postgresUrl")` (see helpers.ts).
 */
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a maintenance database; each test app gets its own database from it. */
    postgresUrl: string;
  }
}

/** Starts (or adopts) the server; returns the teardown that stops a server it started. */
export default async function setup(project: TestProject): Promise<() => void> {
  const external = process.env.FOCUS_TEST_POSTGRES_URL;
  if (external) {
    project.provide("postgresUrl", external);
    return () => undefined;
  }
  const server = await startThrowawayPostgres();
  project.provide("postgresUrl", server.url);
  return server.stop;
}
