import { loginFormSchema } from "@focus/core/schemas";
import { Link } from "react-router-dom";
import { ErrorAlert } from "@/components/ui/alert";
import { authErrorMessage, useLogin } from "@/runtime/auth";
import { FormField } from "@/components/FormField";
import { useSchemaForm } from "@/lib/useSchemaForm";
import { RESET_LINK_CLASS } from "./PasswordResetLayout";
import { SubmitButton } from "./SubmitButton";

/**
 * The login form (limits: `docs/product.md`), with the way to a forgotten password. Calls
 * `onSuccess` once the user is signed in.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const { field, onSubmit } = useSchemaForm(loginFormSchema, { usernameOrEmail: "", password: "" }, (values) => login.mutate(values, { onSuccess }));

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <FormField
        id="login-username"
        label="Username or Email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...field("usernameOrEmail")}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field("password")}
      />
      <p className="-mt-3 text-right text-sm">
        <Link to="/forgot-password" className={RESET_LINK_CLASS}>
          Forgot password?
        </Link>
      </p>
      {login.isError && (
        <ErrorAlert>{authErrorMessage(login.error, "Login failed", "An unexpected error occurred during login")}</ErrorAlert>
      )}
      <SubmitButton busy={login.isPending}>Sign In</SubmitButton>
    </form>
  );
}
