import { PASSWORD_RESET_LINK_MINUTES } from "@focus/core";
import { ForgotPasswordForm } from "@/features/auth/ForgotPasswordForm";
import { PasswordResetLayout } from "@/features/auth/PasswordResetLayout";
import { useScrollToTop } from "@/lib/useScrollToTop";

/** /forgot-password: asks for a reset link by email (`docs/product.md`, Forgotten password). */
export function ForgotPasswordPage() {
  useScrollToTop();
  return (
    <PasswordResetLayout
      title="Forgot your password?"
      description={`Type your username or email. If it matches an account, we'll email a link to choose a new password; it works for ${PASSWORD_RESET_LINK_MINUTES} minutes.`}
    >
      <ForgotPasswordForm />
    </PasswordResetLayout>
  );
}
