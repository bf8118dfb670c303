import { PASSWORD_RESET_LINK_MINUTES } from "@focus/core/schemas";
import { ForgotPasswordForm } from "@/features/auth/ForgotPasswordForm";
import { PasswordResetLayout } from "@/features/auth/PasswordResetLayout";
import { usePasswordResetOptions } from "@/features/auth/passwordResetApi";
import { useScrollToTop } from "@/lib/useScrollToTop";

/**
 * /forgot-password: asks for a reset link by email (`docs/product.md`, Forgotten password); on a
 * server that cannot send mail, the form's place says to ask the admin.
 */
export function ForgotPasswordPage() {
  useScrollToTop();
  const options = usePasswordResetOptions();
  const byEmail = options.data?.byEmail !== false;
  return (
    <PasswordResetLayout
      title="Forgot your password?"
      description={
        byEmail
          ? `Type your username or email. If it matches an account, we'll email a link to choose a new password; it works for ${PASSWORD_RESET_LINK_MINUTES} minutes.`
          : undefined
      }
    >
      <ForgotPasswordForm />
    </PasswordResetLayout>
  );
}
