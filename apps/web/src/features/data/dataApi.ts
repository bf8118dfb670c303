import { dataExportSchema, importResultSchema, type ExportFormat, type ImportResult } from "@focus/core/schemas";
import { api, apiDownload } from "@/lib/api";

/** Largest file the import accepts, bytes (the server's limit). */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;

/** A refused import file, with a message for the user. */
export class ImportFileError extends Error {
  override readonly name = "ImportFileError";
}

/** The file name when the server names none: CSV comes as a zip of sessions.csv and settings.csv. */
const FALLBACK_NAMES: Record<ExportFormat, string> = { json: "focus-flow-export.json", csv: "focus-flow-export.zip" };

/**
 * Downloads the user's data (`GET /api/export?format=…`) as a file: fetched first, so a
 * failure (offline, logged out) can be told instead of a broken download.
 */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const { blob, filename } = await apiDownload(`/api/export?format=${format}`, FALLBACK_NAMES[format]);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the blob to the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Reads a previous JSON export, checks it, and merges it (`POST /api/import`). */
export async function importExportFile(file: File): Promise<ImportResult> {
  if (file.size > MAX_IMPORT_BYTES) throw new ImportFileError("The file is larger than 16 MB.");
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new ImportFileError("That file is not JSON. Choose a Focus Flow JSON export.");
  }
  const document = dataExportSchema.safeParse(json);
  if (!document.success) {
    throw new ImportFileError(`That file is not a Focus Flow export: ${document.error.issues[0]?.message ?? "unexpected content"}.`);
  }
  return importResultSchema.parse(await api.post("/api/import", document.data));
}
