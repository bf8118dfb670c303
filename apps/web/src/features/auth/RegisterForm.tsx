import { registerFormSchema } from "@focus/core/schemas";
import { ErrorAlert } from "@/components/ui/alert";
import { authErrorMessage, useRegister } from "@/runtime/auth";
import { FormField } from "@/components/FormField";
import { useSchemaForm } from "@/lib/useSchemaForm";
import { SubmitButton } from "./SubmitButton";

const EMPTY = { username: "", email: "", password: "", confirmPassword: "" };

/** The registration form (limits: `docs/product.md`). Calls `onSuccess` once the account exists. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useRegister(onSuccess);
  const { field, onSubmit } = useSchemaForm(registerFormSchema, EMPTY, (values) => signUp.mutate(values));

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...field("username")}
      />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        {...field("email")}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field("password")}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...field("confirmPassword")}
      />
      {signUp.isError && (
        <ErrorAlert>
          {authErrorMessage(signUp.error, "Registration failed", "An unexpected error occurred during registration")}
        </ErrorAlert>
      )}
      <SubmitButton busy={signUp.isPending}>Create Account</SubmitButton>
    </form>
  );
}
