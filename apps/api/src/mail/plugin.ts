/**
 * `fastify.mailer`: the app's `Mailer` when SMTP_URL is set, else null (no mail leaves this
 * server; `docs/product.md`, Forgotten password). Closed with the app.
 */
import fp from "fastify-plugin";
import type { Config } from "../env";
import { createMailer, type Mailer } from "./mailer";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer | null;
  }
}

export interface MailPluginOptions {
  config: Pick<Config, "mail" | "supportEmail">;
}

export default fp<MailPluginOptions>(
  async (fastify, { config }) => {
    const mailer = config.mail ? createMailer(config.mail, config.supportEmail) : null;
    fastify.decorate("mailer", mailer);
    fastify.addHook("onClose", async () => mailer?.close());
  },
  { name: "mail" },
);
