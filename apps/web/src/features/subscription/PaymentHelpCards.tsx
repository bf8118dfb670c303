import { paymentInfo } from "@focus/core/subscription";
import { CreditCard, LifeBuoy, Mail } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** How Premium is paid and switched on, from core's plan wording table. `username` null for a guest. */
export function PaymentInfoCard({ username, paymentConfigured }: { username: string | null; paymentConfigured: boolean | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CreditCard className="size-5 text-primary" aria-hidden />
          Payment information
        </CardTitle>
        <CardDescription>How Premium is paid and switched on.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm marker:text-muted-foreground">
          {paymentInfo(username, paymentConfigured).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** 'Contact Support', writing to the server's SUPPORT_EMAIL (disabled until the server said it). */
export function SupportCard({ supportEmail }: { supportEmail: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <LifeBuoy className="size-5 text-primary" aria-hidden />
          Need help?
        </CardTitle>
        <CardDescription>Questions about payment, activation or your plan? Write to us and we will sort it out.</CardDescription>
      </CardHeader>
      <CardContent>
        {supportEmail ? (
          <div className="grid justify-items-start gap-2">
            <a href={`mailto:${supportEmail}?subject=${encodeURIComponent("Subscription help")}`} className={buttonVariants({ variant: "outline" })}>
              <Mail aria-hidden />
              Contact Support
            </a>
            <p className="text-sm break-all text-muted-foreground">{supportEmail}</p>
          </div>
        ) : (
          // The address comes from the server; until it answers there is nowhere to write.
          <Button variant="outline" disabled>
            <Mail aria-hidden />
            Contact Support
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
