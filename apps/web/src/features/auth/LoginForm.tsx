import { loginFormSchema } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { ErrorAlert } from "@/components/ui/alert";
import { authErrorMessage, useLogin } from "@/runtime/auth";
import { FormField } from "@/components/FormField";
import { RESET_LINK_CLASS } from "./PasswordResetLayout";
import { SubmitButton } from "./SubmitButton";

/**
 * The login form (limits: `docs/product.md`), with the way to a forgotten password. Calls
 * `onSuccess` once the user is signed in.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginFormSchema), defaultValues: { usernameOrEmail: "", password: "" } });

  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void handleSubmit((values) => login.mutate(values, { onSuccess }))(event)}>
      <FormField
        id="login-username"
        label="Username or Email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.usernameOrEmail?.message}
        {...register("usernameOrEmail")}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
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
