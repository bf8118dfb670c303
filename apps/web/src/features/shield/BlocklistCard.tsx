import { type BlockedSite, parseSiteEntry, type ShieldMode, SITE_ENTRY_KIND_LABELS, type User } from "@focus/core/schemas";
import { blocklistAllowance, planStateOf } from "@focus/core/subscription";
import { CircleCheck, Globe, Route, RotateCw, Trash2 } from "lucide-react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { usePlanNow } from "@/runtime/usePlanNow";
import { AddWebsiteForm } from "./AddWebsiteForm";
import { Switch } from "@/components/ui/switch";
import { useStrictSession } from "@/runtime/strictSession";
import { SHIELD_LIST_COPY } from "./listCopy";
import { loadErrorMessage, useBlockedSites, useRemoveBlockedSite, useSetSiteDelay, useShieldMode } from "./queries";

/**
 * The Shield's list: the add-website form, how many websites the user's plan keeps (core's plan
 * wording table: the Free plan's 5, the trial's and Premium's unlimited) and the entries with
 * remove. Its words follow the Shield's mode (`listCopy.ts`): blocked sites in a block list, the
 * only sites that open in an allow list, where a delay page means nothing and is not offered.
 */
export function BlocklistCard({ user }: { user: User }) {
  const sites = useBlockedSites(true);
  const now = usePlanNow(user);
  const shieldMode = useShieldMode();
  const copy = SHIELD_LIST_COPY[shieldMode];
  return (
    <Card data-testid="shield-list" data-mode={shieldMode}>
      <CardHeader>
        <CardTitle as="h3">{copy.title}</CardTitle>
        <CardDescription>{copy.description}</CardDescription>
        <p data-testid="blocklist-allowance" className="text-sm font-medium">
          {blocklistAllowance(planStateOf(user, now), sites.data?.length ?? 0, shieldMode)}
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <AddWebsiteForm mode={shieldMode} />
        {sites.isPending ? (
          <Spinner label={copy.loading} showLabel />
        ) : sites.isError ? (
          <ErrorAlert>
            <p className="font-medium">{copy.loadFailed}</p>
            <p className="text-muted-foreground">
              {loadErrorMessage(sites.error, "Website blocking isn't available on this server yet.")}
            </p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void sites.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </ErrorAlert>
        ) : sites.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{copy.empty}</p>
        ) : (
          <SiteList sites={sites.data} mode={shieldMode} />
        )}
      </CardContent>
    </Card>
  );
}

function SiteList({ sites, mode }: { sites: BlockedSite[]; mode: ShieldMode }) {
  const remove = useRemoveBlockedSite();
  const setDelay = useSetSiteDelay();
  // During a strict focus session the list only grows (`docs/product.md`, Strict focus).
  const strict = useStrictSession();
  return (
    <>
    {strict && (
      <p className="text-sm text-muted-foreground" data-testid="blocklist-strict-note">
        Strict focus is on: you can add sites now, and remove them after the session.
      </p>
    )}
    <ul aria-label={SHIELD_LIST_COPY[mode].title} className="divide-y rounded-lg border">
      {sites.map((site) => {
        const removing = remove.isPending && remove.variables?.site.id === site.id;
        return (
          <li key={site.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-2.5">
            <span className="truncate font-medium">{site.url}</span>
            {strict ? (
              <span className="row-span-2" />
            ) : (
              <Button
                variant="ghost"
                size="icon"
                className="row-span-2 size-9 text-muted-foreground hover:text-destructive"
                aria-label={`Remove ${site.url}`}
                disabled={removing}
                onClick={() => remove.mutate({ site, mode })}
              >
                <Trash2 aria-hidden />
              </Button>
            )}
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <EntryKind url={site.url} />
              {!site.active && <span className="text-xs text-muted-foreground">Paused</span>}
              {mode === "blocklist" && parseSiteEntry(site.url)?.allow === false && (
                <label className="flex items-center gap-1.5 text-xs text-muted-foreground" title="Wait 30 seconds, then get in for 5 minutes">
                  <Switch
                    className="scale-90"
                    checked={site.delay}
                    // A strict session only tightens the shield: a delay page may be switched off, not on.
                    disabled={(setDelay.isPending && setDelay.variables?.id === site.id) || (strict && !site.delay)}
                    aria-label={`Delay instead of blocking ${site.url}`}
                    onChange={(event) => setDelay.mutate({ id: site.id, delay: event.target.checked })}
                  />
                  Delay
                </label>
              )}
            </span>
          </li>
        );
      })}
    </ul>
    </>
  );
}

/**
 * The kind of an entry (core's `parseSiteEntry`): a whole site, a path, or an exception that is
 * let through; an icon and a word, so it reads without colour.
 */
function EntryKind({ url }: { url: string }) {
  const kind = parseSiteEntry(url)?.kind ?? "site";
  const Icon = kind === "exception" ? CircleCheck : kind === "path" ? Route : Globe;
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="entry-kind">
      <Icon className="size-4 shrink-0" aria-hidden />
      {SITE_ENTRY_KIND_LABELS[kind]}
    </span>
  );
}
