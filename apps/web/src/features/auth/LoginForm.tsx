import { loginFormSchema } from "@focus/core";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "@/components/ui/alert";
import { authErrorMessage, useLogin } from "@/runtime/auth";
import { FormField } from "@/components/FormField";
import { SubmitButton } from "./SubmitButton";

/** The login form (limits: `docs/product.md`). Calls `onSuccess` once the user is signed in. */
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
      {login.isError && (
        <ErrorAlert>{authErrorMessage(login.error, "Login failed", "An unexpected error occurred during login")}</ErrorAlert>
      )}
      <SubmitButton busy={login.isPending}>Sign In</SubmitButton>
    </form>
  );
}
