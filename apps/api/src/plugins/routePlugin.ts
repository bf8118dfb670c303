/**
 * `routePlugin(plugin, name)`: a route plugin as Fastify registers it, under its own name and still
 * encapsulated (its hooks, decorators and routes stay in its own context, as a plain async
 * function's do).
 *
 * A plugin without a name costs Fastify a search at every registration: it compares the function
 * with the exports of every module in Node's module cache (about 640 in a test worker) to name it.
 * With 26 route plugins in each app that was 4-5 % of the API tests' CPU (they build hundreds of
 * apps); named, Fastify reads the name and searches nothing. The name also shows in Fastify's
 * errors about the plugin (a plugin that did not start in time).
 */
import type { FastifyPluginOptions } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export function routePlugin<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsyncZod<Options>, name: string): FastifyPluginAsyncZod<Options> {
  return fp(plugin, { name, encapsulate: true });
}
