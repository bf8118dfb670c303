/**
 * Sends an audio file with HTTP range support: `Accept-Ranges: bytes`, a single `bytes=` range
 * answered with 206 and `Content-Range`, an unsatisfiable one with 416
 * (`Content-Range: bytes *\/size`, JSON body, no file bytes). Multiple ranges, other units and
 * malformed headers are ignored (200 with the whole file), as HTTP allows. An `If-Range` that no
 * longer matches also gets the whole file; a matching `If-None-Match` gets 304.
 */
import { createReadStream } from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AudioFileOnDisk } from "./safePath";

export type ByteRange = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

/** Interprets a `Range` header for a representation of `size` bytes. */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "full" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}

/** A validator for the file's current version. */
export function entityTag(file: Pick<AudioFileOnDisk, "size" | "mtimeMs">): string {
  return `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
}

export interface SendOptions {
  cacheControl: string;
}

/** Answers the request with the file (or the requested part of it). */
export function sendAudioFile(request: FastifyRequest, reply: FastifyReply, file: AudioFileOnDisk, options: SendOptions) {
  const etag = entityTag(file);
  const lastModified = new Date(file.mtimeMs).toUTCString();
  reply
    .header("accept-ranges", "bytes")
    .header("cache-control", options.cacheControl)
    .header("etag", etag)
    .header("last-modified", lastModified);

  const noneMatch = request.headers["if-none-match"];
  if (noneMatch && noneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
    return reply.code(304).send();
  }

  let range = parseRange(request.headers.range, file.size);
  const ifRange = request.headers["if-range"];
  if (range.kind !== "full" && ifRange !== undefined && ifRange !== etag && ifRange !== lastModified) {
    range = { kind: "full" };
  }

  if (range.kind === "unsatisfiable") {
    return reply.code(416).header("content-range", `bytes */${file.size}`).send({ message: "Range Not Satisfiable" });
  }
  reply.type(file.contentType);
  if (range.kind === "partial") {
    return reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${file.size}`)
      .header("content-length", range.end - range.start + 1)
      .send(createReadStream(file.file, { start: range.start, end: range.end }));
  }
  return reply.code(200).header("content-length", file.size).send(createReadStream(file.file));
}
