/**
 * Turns a client-supplied library path (`deep-work/steady-beta.mp3`) into a file that is certainly
 * inside AUDIO_DIR, or refuses it (no path traversal):
 *
 * - 400 for anything that is not a plain relative path of visible names with an audio
 *   extension: empty, NUL bytes, backslashes, absolute or drive paths, `.`/`..` or hidden
 *   segments, empty segments, percent-encoded dots or slashes that survived decoding;
 * - 403 when the path resolves (through symlinks) to somewhere outside the library;
 * - 404 when there is no such file.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { AUDIO_FILE_TYPES, type AudioFileExtension } from "@focus/core/audio";
import { HttpError } from "../httpError";

export interface AudioFileOnDisk {
  /** Real absolute path (symlinks resolved, inside the library). */
  file: string;
  size: number;
  mtimeMs: number;
  contentType: string;
}

const invalid = () => new HttpError(400, "Invalid audio path");

/** The content type for a file name with a supported audio extension, else null. */
export function audioContentType(filename: string): string | null {
  const extension = path.extname(filename).slice(1).toLowerCase();
  return Object.hasOwn(AUDIO_FILE_TYPES, extension) ? AUDIO_FILE_TYPES[extension as AudioFileExtension] : null;
}

/**
 * Checks the shape of a relative library path and returns its segments.
 * @throws HttpError 400
 */
export function librarySegments(requested: string): string[] {
  if (requested.length === 0) throw new HttpError(400, "Query parameter path is required");
  if (requested.length > 1024) throw invalid();
  if (requested.includes("\0") || requested.includes("\\")) throw invalid();
  if (requested.startsWith("/") || /^[a-z]:/i.test(requested)) throw new HttpError(400, "Audio path must be relative to the audio library");
  // The query string was decoded once already; encoded dots, slashes or NULs left over mean
  // someone encoded twice, hoping for a second decoding further down.
  if (/%(2e|2f|5c|00)/i.test(requested)) throw invalid();
  const segments = requested.split("/");
  for (const segment of segments) {
    if (segment === "" || segment.startsWith(".")) throw invalid();
  }
  return segments;
}

/** Whether `candidate` is `root` itself or inside it (both absolute, normalised). */
function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/**
 * Resolves a library path to a regular audio file inside `root`.
 * @throws HttpError 400, 403 or 404 (see the module comment)
 */
export async function resolveLibraryFile(root: string, requested: string): Promise<AudioFileOnDisk> {
  const segments = librarySegments(requested);
  const contentType = audioContentType(segments[segments.length - 1] ?? "");
  if (!contentType) throw new HttpError(400, "Not a supported audio file (mp3, ogg, m4a, wav, flac)");
  const candidate = path.resolve(root, ...segments);
  if (!isInside(root, candidate)) throw invalid();

  const notFound = () => new HttpError(404, "Audio file not found");
  const realRoot = await realpath(root).catch(() => {
    throw notFound();
  });
  const real = await realpath(candidate).catch(() => {
    throw notFound();
  });
  if (!isInside(realRoot, real)) throw new HttpError(403, "Audio path leads outside the audio library");
  const info = await stat(real).catch(() => {
    throw notFound();
  });
  if (!info.isFile()) throw notFound();
  return { file: real, size: info.size, mtimeMs: info.mtimeMs, contentType };
}
