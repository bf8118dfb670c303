import { PASSWORD_RESET_NO_MAIL_MESSAGE, forgotPasswordFormSchema } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { FormField } from "@/components/FormField";
import { ErrorAlert } from "@/components/ui/alert";
import { authErrorMessage } from "@/runtime/auth";
import { usePasswordResetOptions, useRequestPasswordReset } from "./passwordResetApi";
import { ContactSupport, RESET_LINK_CLASS, ResetNotice } from "./PasswordResetLayout";
import { SubmitButton } from "./SubmitButton";

/**
 * "Forgot password?" (`docs/product.md`, Forgotten password): the account's username or email;
 * the server's answer is the same whether or not an account matches, and replaces the form.
 * On a server without mail (no SMTP_URL) it says to ask the admin instead of showing the form.
 */
export function ForgotPasswordForm() {
  const options = usePasswordResetOptions();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { login: "" } });

  if (request.isSuccess) {
    return (
      <>
        <ResetNotice>
          <p className="flex items-start gap-2 font-medium">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {request.data}
          </p>
          <p className="text-muted-foreground">Nothing after a few minutes? Look in your spam folder, or check the spelling and ask again.</p>
        </ResetNotice>
        <BackToSignIn />
      </>
    );
  }
  if (options.data?.byEmail === false) {
    return (
      <>
        <ResetNotice>
          <p>{PASSWORD_RESET_NO_MAIL_MESSAGE}</p>
          <p>
            <ContactSupport subject="Password reset link" />
          </p>
        </ResetNotice>
        <BackToSignIn />
      </>
    );
  }
  return (
    <>
      <form noValidate className="grid gap-5" onSubmit={(event) => void handleSubmit((values) => request.mutate(values.login))(event)}>
        <FormField
          id="forgot-login"
          label="Username or Email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={errors.login?.message}
          {...register("login")}
        />
        {request.isError && (
          <ErrorAlert>{authErrorMessage(request.error, "Could not ask for a reset link", "Could not reach the server. Check your connection and try again.")}</ErrorAlert>
        )}
        <SubmitButton busy={request.isPending}>Send reset link</SubmitButton>
      </form>
      <BackToSignIn />
    </>
  );
}

/** The way back to the sign-in form. */
function BackToSignIn() {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Remembered it?{" "}
      <Link to="/auth?tab=login" className={RESET_LINK_CLASS}>
        Back to sign in
      </Link>
    </p>
  );
}
