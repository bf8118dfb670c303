import { registerFormSchema } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "@/components/ui/alert";
import { authErrorMessage, useRegister } from "@/runtime/auth";
import { FormField } from "@/components/FormField";
import { SubmitButton } from "./SubmitButton";

const EMPTY = { username: "", email: "", password: "", confirmPassword: "" };

/** The registration form (limits: `docs/product.md`). Calls `onSuccess` once the account exists. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useRegister(onSuccess);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });

  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void handleSubmit((values) => signUp.mutate(values))(event)}>
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register("username")}
      />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
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
