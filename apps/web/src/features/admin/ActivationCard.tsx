import { userIdParamsSchema } from "@focus/core/schemas";
import { BadgeCheck, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/FormField";
import { useAdminAction } from "./adminApi";

/**
 * Manual activation by user ID: the button is disabled while the field is empty; anything but a
 * positive whole number shows 'Please enter a valid user ID'.
 */
export function ActivationCard() {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const activate = useAdminAction("activate");

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <BadgeCheck className="size-5 text-primary" aria-hidden />
          Activate Premium
        </CardTitle>
        <CardDescription>After a payment arrives, switch the payer&apos;s account to Premium.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = userIdParamsSchema.safeParse({ userId: value.trim() });
            if (!parsed.success) {
              setError("Please enter a valid user ID");
              return;
            }
            setError(null);
            activate.mutate(parsed.data.userId, { onSuccess: () => setValue("") });
          }}
        >
          <div className="min-w-0 flex-1">
            <FormField
              id="admin-user-id"
              label="User ID"
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 42"
              value={value}
              error={error ?? undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          </div>
          <Button type="submit" className="sm:mt-[1.625rem]" disabled={!value.trim() || activate.isPending} aria-busy={activate.isPending}>
            {activate.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
            Activate Premium
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
