import { Navigate } from "react-router-dom";
import { AccessDenied } from "@/features/admin/AccessDenied";
import { ActivationCard } from "@/features/admin/ActivationCard";
import { PaymentVerificationCard } from "@/features/admin/PaymentVerificationCard";
import { RoomsAdmin } from "@/features/admin/RoomsAdmin";
import { UsersOverview } from "@/features/admin/UsersOverview";
import { useSignedInUser } from "@/runtime/currentUser";
import { BackToApp } from "@/app/shell/BackToApp";

/**
 * /admin: the admin's page (activation, users, payment checks). Other signed-in users see
 * 'Access Denied' and are sent to /app; guests go to /auth (visitors too, by the signed-in
 * layout). Display only: the server refuses every admin call of anyone else (403).
 */
export function AdminPage() {
  const user = useSignedInUser();
  if (user.isGuest) return <Navigate to="/auth" replace />;
  if (!user.isAdmin) return <AccessDenied />;
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <BackToApp />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin</h1>
        <p className="text-muted-foreground">Activate Premium after payment and manage users.</p>
      </div>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <ActivationCard />
        <PaymentVerificationCard />
      </div>
      <UsersOverview currentUserId={user.id} />
      <RoomsAdmin />
    </main>
  );
}

