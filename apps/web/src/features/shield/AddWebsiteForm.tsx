import { addWebsiteFormSchema, type AddWebsiteForm as AddWebsiteValues, type AddWebsiteFormInput, type ShieldMode } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SHIELD_LIST_COPY } from "./listCopy";
import { useAddBlockedSite } from "./queries";

/**
 * The add-website form (validation: `docs/product.md`, Website Shield): a site, a path of a site
 * or a `+` exception, normalised by the core schema ("www.YouTube.com/shorts/" →
 * "youtube.com/shorts", siteRule.ts) and posted as `{url, active: true}`; on success the form is reset.
 * Its label, example and hint follow the Shield's `mode` (`listCopy.ts`).
 */
export function AddWebsiteForm({ mode }: { mode: ShieldMode }) {
  const add = useAddBlockedSite(mode);
  const copy = SHIELD_LIST_COPY[mode];
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<AddWebsiteFormInput, unknown, AddWebsiteValues>({
    resolver: zodResolver(addWebsiteFormSchema),
    defaultValues: { url: "" },
  });
  const error = errors.url?.message;

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          add.mutate(values, {
            onSuccess: () => {
              reset();
              setFocus("url");
            },
          }),
        )(event)
      }
    >
      <Label htmlFor="blocked-site-url">{copy.inputLabel}</Label>
      <div className="flex gap-2">
        <Input
          id="blocked-site-url"
          placeholder={copy.placeholder}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "blocked-site-url-error" : "blocked-site-url-hint"}
          {...register("url")}
        />
        <Button type="submit" className="h-11 shrink-0" disabled={add.isPending}>
          {add.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
          Add
        </Button>
      </div>
      {error ? (
        <p id="blocked-site-url-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id="blocked-site-url-hint" className="text-sm text-muted-foreground">
          {copy.hint}
        </p>
      )}
    </form>
  );
}
