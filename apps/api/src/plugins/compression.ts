/**
 * Compressed answers (@fastify/compress): an answer of 1 KiB or more whose type is text, JSON,
 * JavaScript, XML or SVG goes out as brotli or gzip, whichever the client prefers, with
 * `Vary: Accept-Encoding`. The web app's files are compressed at build time and served as they
 * are (`preCompressed` in webApp.ts), so this covers API answers and the few files the build
 * did not compress (the service worker). Audio, the extension zip and the data export are not
 * of those types and pass untouched, so range requests on audio are unaffected. Request bodies
 * are never inflated: a compressed upload could expand past the body limit's intent.
 */
import fastifyCompress from "@fastify/compress";
import fp from "fastify-plugin";

/** Smallest answer worth compressing, bytes. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Types compressed on the fly: text, JSON (+json), JavaScript, XML (+xml) and SVG. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|manifest\+json|problem\+json|xml)|image\/svg\+xml)(?:;|$)/;

export default fp(
  async (fastify) => {
    await fastify.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ["br", "gzip"],
      customTypes: COMPRESSIBLE,
    });
  },
  { name: "compression" },
);
