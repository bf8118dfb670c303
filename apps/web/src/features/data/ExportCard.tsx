import { MAX_BREAKS_PER_DAY, type ExportFormat, type ImportResult } from "@focus/core/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, FileJson, FileSpreadsheet, LoaderCircle, Upload } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { queryKeys, refreshSessionQueries } from "@/lib/queryKeys";
import { ImportFileError, downloadExport, importExportFile } from "./dataApi";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an import did, in the words of its toast: added, already there, breaks left out, settings. */
function importSummary(result: ImportResult): string {
  const present = result.skipped - result.breaksOverDailyLimit;
  const parts = [`${plural(result.imported, "session", "sessions")} added, ${plural(present, "was", "were")} already there.`];
  if (result.breaksOverDailyLimit > 0) {
    parts.push(`${plural(result.breaksOverDailyLimit, "break was", "breaks were")} left out: a day keeps at most ${MAX_BREAKS_PER_DAY} breaks.`);
  }
  if (result.settingsApplied) parts.push("Settings applied.");
  return parts.join(" ");
}

/** The text of a failed export or import. */
function failure(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return navigator.onLine ? "The server could not be reached. Please try again later." : "You are offline. Connect to the internet and try again.";
}

/**
 * 'Your data' in the Statistics tab (`docs/offline.md`): download every session and the settings as
 * CSV (a zip of sessions.csv and settings.csv) or JSON, and merge a previous JSON export back
 * (sessions already there are skipped).
 */
export function ExportCard() {
  const client = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);

  const download = useMutation({
    mutationFn: (format: ExportFormat) => downloadExport(format),
    onError: (error) => toast({ title: "Export failed", description: failure(error), variant: "destructive" }),
  });

  const upload = useMutation({
    mutationFn: importExportFile,
    onSuccess: (result) => {
      void refreshSessionQueries(client);
      void client.invalidateQueries({ queryKey: queryKeys.settings });
      toast({
        title: "Import complete",
        description: importSummary(result),
      });
    },
    onError: (error) => toast({ title: "Import failed", description: failure(error), variant: "destructive" }),
  });

  const busy = download.isPending || upload.isPending;
  return (
    <Card data-testid="export-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Download className="size-5 text-primary" aria-hidden />
          Your data
        </CardTitle>
        <CardDescription>
          Download every session and your settings: CSV (a zip with sessions.csv and settings.csv, for a spreadsheet) or JSON. Bring back a previous
          JSON export with Import; nothing is counted twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={busy} aria-busy={download.isPending && download.variables === "csv"} onClick={() => download.mutate("csv")}>
          {download.isPending && download.variables === "csv" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileSpreadsheet aria-hidden />}
          Download CSV
        </Button>
        <Button variant="outline" disabled={busy} aria-busy={download.isPending && download.variables === "json"} onClick={() => download.mutate("json")}>
          {download.isPending && download.variables === "json" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileJson aria-hidden />}
          Download JSON
        </Button>
        <Button variant="outline" disabled={busy} aria-busy={upload.isPending} onClick={() => fileInput.current?.click()}>
          {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          Import JSON
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="JSON export to import"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again imports it again.
            event.target.value = "";
            if (file) upload.mutate(file);
          }}
        />
      </CardContent>
    </Card>
  );
}
