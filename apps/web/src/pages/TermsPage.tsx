import { Link } from "react-router-dom";
import { LegalLayout, LegalSection, SupportLink } from "@/features/legal/LegalLayout";
import { trialPhrase } from "@focus/core/subscription";
import { usePublicConfig } from "@/lib/publicConfig";

/** /terms: the few rules of using Focus Flow, in plain words (`docs/product.md`, Pages anyone can read). */
export function TermsPage() {
  const { supportEmail, trialDays } = usePublicConfig();
  return (
    <LegalLayout
      title="Terms of Service"
      updated="December 2026"
      intro="The short version: use Focus Flow to focus, be kind in shared rooms, and tell us when something is wrong."
    >
      <LegalSection title="Your account">
        <p>Keep your password to yourself. You are responsible for what happens with your account. You can delete it any time in Settings.</p>
      </LegalSection>
      <LegalSection title="Plans">
        <ul>
          <li>A new account starts with a {trialPhrase(trialDays)} of everything. No card needed.</li>
          <li>After that, the Free plan stays free, with fewer focus sessions, audio tracks and blocked websites than Premium.</li>
          <li>Premium gives you everything. You can cancel it any time; your plan then becomes Free.</li>
        </ul>
        <p>
          The{" "}
          <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
            home page
          </Link>{" "}
          lists what each plan includes.
        </p>
      </LegalSection>
      <LegalSection title="Focus rooms">
        <p>Rooms are for working side by side. Keep your status kind and about your work. A room's owner can end it at any time.</p>
      </LegalSection>
      <LegalSection title="What we promise, and what we cannot">
        <p>
          We work hard to keep Focus Flow running and your data safe, but we cannot promise it will never be down or never have a bug.
          Focus Flow helps you focus; it is not medical advice or treatment for ADHD.
        </p>
        <p>If these terms change, we will say so here first, with the new date at the top.</p>
      </LegalSection>
      <LegalSection title="Questions">
        <p>
          Write to <SupportLink email={supportEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
