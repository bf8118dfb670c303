import { PASSWORD_RESET_INVALID_MESSAGE, resetPasswordFormSchema } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { FormField } from "@/components/FormField";
import { ErrorAlert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { authErrorMessage } from "@/runtime/auth";
import { useCompletePasswordReset, useResetLinkCheck } from "./passwordResetApi";
import { ContactSupport, RESET_LINK_CLASS } from "./PasswordResetLayout";
import { SubmitButton } from "./SubmitButton";

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/**
 * The "New password" form of a reset link (`docs/product.md`, Forgotten password): checks the
 * link first, then asks for the new password twice with registration's rules. `token` is null
 * when the link carried none that could work. Calls `onDone` once the password is set and this
 * browser signed in.
 */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  if (token === null) return <DeadLink message={PASSWORD_RESET_INVALID_MESSAGE} />;
  return <CheckedResetForm token={token} onDone={onDone} />;
}

function CheckedResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const check = useResetLinkCheck(token);
  const complete = useCompletePasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirmPassword: "" } });

  if (check.isPending) return <Spinner label="Checking your link" showLabel />;
  if (check.isError) {
    return <ErrorAlert>{authErrorMessage(check.error, "Could not check the link", "Could not reach the server. Check your connection and reload this page.")}</ErrorAlert>;
  }
  if (check.data.kind === "dead") return <DeadLink message={check.data.message} />;
  // The link died while the form was open (used elsewhere, or its 30 minutes ran out).
  if (complete.error instanceof ApiError && complete.error.status === 410) return <DeadLink message={complete.error.serverMessage ?? PASSWORD_RESET_INVALID_MESSAGE} />;

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => void handleSubmit((values) => complete.mutate({ token, password: values.password }, { onSuccess: onDone }))(event)}
    >
      <p className="text-sm text-muted-foreground">This link works until {TIME.format(check.data.expiresAt)}. Setting a new password signs you out everywhere else.</p>
      <FormField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        error={errors.password?.message}
        {...register("password")}
      />
      <FormField
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      {complete.isError && (
        <ErrorAlert>{authErrorMessage(complete.error, "Could not set the new password", "Could not reach the server. Check your connection and try again.")}</ErrorAlert>
      )}
      <SubmitButton busy={complete.isPending}>Set new password</SubmitButton>
    </form>
  );
}

/**
 * An unknown, used or expired link: the server's one message, the way to a new link, and
 * "Contact support" when the server names an address (a link that keeps failing is no loop).
 */
function DeadLink({ message }: { message: string }) {
  return (
    <>
      <ErrorAlert>{message}</ErrorAlert>
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-center text-sm text-muted-foreground">
        <Link to="/forgot-password" className={RESET_LINK_CLASS}>
          Ask for a new link
        </Link>
        <ContactSupport subject="My password reset link does not work" />
        <Link to="/auth?tab=login" className={RESET_LINK_CLASS}>
          Sign in
        </Link>
      </p>
    </>
  );
}
