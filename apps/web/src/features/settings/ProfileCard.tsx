import type { ReactNode } from "react";
import { updateEmailBodySchema, updatePasswordBodySchema, type User } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, LogOut, UserRound } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { FormField } from "@/components/FormField";
import { api } from "@/lib/api";
import { AccountActionError, updateEmail, updatePassword } from "@/runtime/auth";
import { queryKeys, shieldQueryKeys } from "@/lib/queryKeys";
import { TimeZoneSection } from "./TimeZoneSection";

/**
 * The profile card (Settings, non-guests only): email change and password change through the auth
 * layer, with its disabled-state rules and the server's messages (`docs/api.md`), the account's
 * time zone (`TimeZoneSection`); `dangerZone`
 * at its end (deleting the account, which the app adds).
 */
export function ProfileCard({ user, dangerZone }: { user: User; dangerZone?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserRound className="size-5 text-primary" aria-hidden />
          Profile
        </CardTitle>
        <CardDescription>
          Signed in as <span className="font-medium text-foreground">{user.username}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <EmailForm user={user} />
        <PasswordForm user={user} />
        <TimeZoneSection />
        <SignOutElsewhere />
        {dangerZone}
      </CardContent>
    </Card>
  );
}

/**
 * Email change: the account's password confirms it (asked for once the email differs). Save is
 * disabled when the email is empty or unchanged, the password is empty, or the call is running.
 */
function EmailForm({ user }: { user: User }) {
  const client = useQueryClient();
  const current = user.email ?? "";
  const {
    register,
    handleSubmit,
    control,
    resetField,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateEmailBodySchema), defaultValues: { email: current, currentPassword: "" } });
  const [rawEmail, password] = useWatch({ control, name: ["email", "currentPassword"] });
  const email = rawEmail.trim();
  const changed = Boolean(email) && email !== current;

  const update = useMutation({
    mutationFn: (body: { email: string; currentPassword: string }) => updateEmail(user, body),
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.me, updated);
      resetField("currentPassword");
      toast({ title: "Email updated", description: updated.email ? `Your email is now ${updated.email}.` : undefined });
    },
    onError: (error) => {
      // A server refusal: 'Failed to update email' with the server's message beneath, if any.
      const refused = error instanceof AccountActionError && error.kind === "server";
      toast(
        refused
          ? { title: "Failed to update email", description: error.message === "Failed to update email" ? undefined : error.message, variant: "destructive" }
          : { title: error.message, variant: "destructive" },
      );
    },
  });

  return (
    <form noValidate className="grid gap-3" aria-label="Change email" onSubmit={(event) => void handleSubmit((values) => update.mutate(values))(event)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <FormField id="profile-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
        </div>
        {changed && (
          <div className="min-w-0 flex-1">
            <FormField
              id="profile-email-password"
              label="Your password"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...register("currentPassword")}
            />
          </div>
        )}
        <Button type="submit" className="sm:mt-[1.625rem]" disabled={!changed || !password || update.isPending} aria-busy={update.isPending}>
          {update.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          Save
        </Button>
      </div>
      {changed && <p className="text-sm text-muted-foreground">Enter your password to confirm the new email.</p>}
    </form>
  );
}

const passwordFormSchema = updatePasswordBodySchema.extend({ confirmPassword: z.string() });
const EMPTY_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * The password change (the auth layer's `updatePassword`): on success `onUpdated` (the form
 * empties), a toast, and the linked devices fetched again (they were signed out).
 */
function usePasswordUpdate(user: User, onUpdated: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => updatePassword(user, body),
    onSuccess: () => {
      onUpdated();
      toast({ title: "Password updated", description: "Your other browsers and linked devices were signed out." });
      void client.invalidateQueries({ queryKey: shieldQueryKeys.linkedDevices });
    },
    onError: (error) => {
      // A server refusal: its message (else 'Failed to update password') and a hint.
      const refused = error instanceof AccountActionError && error.kind === "server";
      toast(
        refused
          ? { title: error.message, description: "Please check your current password and try again.", variant: "destructive" }
          : { title: error.message, variant: "destructive" },
      );
    },
  });
}

/** Password change: 'Update Password' is disabled until all three fields are filled. */
function PasswordForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    control,
    reset,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY_PASSWORDS });
  const [currentPassword, newPassword, confirmPassword] = useWatch({ control, name: ["currentPassword", "newPassword", "confirmPassword"] });
  const filled = Boolean(currentPassword && newPassword && confirmPassword);

  const update = usePasswordUpdate(user, () => reset(EMPTY_PASSWORDS));

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-labelledby="profile-password-title"
      onSubmit={(event) =>
        void handleSubmit(({ currentPassword: current, newPassword: next, confirmPassword: confirm }) => {
          if (next !== confirm) {
            toast({
              title: "Passwords do not match",
              description: "Please make sure your new password and confirm password match.",
              variant: "destructive",
            });
            setFocus("confirmPassword");
            return;
          }
          update.mutate({ currentPassword: current, newPassword: next });
        })(event)
      }
    >
      <h3 id="profile-password-title" className="font-medium">
        Change password
      </h3>
      <FormField
        id="profile-current-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="profile-new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <FormField
          id="profile-confirm-password"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
      </div>
      <div>
        <Button type="submit" disabled={!filled || update.isPending} aria-busy={update.isPending}>
          {update.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          Update Password
        </Button>
      </div>
    </form>
  );
}

/**
 * "Sign out everywhere else": ends the user's other login sessions and unlinks their linked
 * devices (`POST /api/user/logout-all`); this browser stays signed in.
 */
function SignOutElsewhere() {
  const client = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => api.post<{ message: string }>("/api/user/logout-all"),
    onSuccess: (answer) => {
      toast({ title: answer.message });
      void client.invalidateQueries({ queryKey: shieldQueryKeys.linkedDevices });
    },
    onError: (error) => toast({ title: "Could not sign out elsewhere", description: error.message, variant: "destructive" }),
  });
  return (
    <section className="grid gap-2" aria-labelledby="profile-sign-out-title">
      <h3 id="profile-sign-out-title" className="font-medium">
        Other browsers and devices
      </h3>
      <p className="text-sm text-muted-foreground">
        Lost a laptop or signed in somewhere you shouldn&apos;t have? Sign out every other browser and unlink every linked
        device; this one stays signed in.
      </p>
      <div>
        <Button type="button" variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending} aria-busy={signOut.isPending}>
          {signOut.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
          Sign out everywhere else
        </Button>
      </div>
    </section>
  );
}
