/**
 * The HTTP baseline of `pnpm bench`: a bare Fastify hello-world (`GET /` → `{"hello":"world"}`),
 * same Fastify as apps/api, no plugins, no logging, on 127.0.0.1 and a free port. Prints
 * `listening <port>`; exits on SIGTERM.
 */
import type { FastifyInstance } from "fastify";
import { apiRequire } from "./lib/common";

const Fastify = apiRequire("fastify") as (options?: object) => FastifyInstance;
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
process.on("SIGTERM", () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
});
