import { LegalLayout, LegalSection, SupportLink } from "@/features/legal/LegalLayout";
import { usePublicConfig } from "@/lib/publicConfig";

/**
 * /privacy: what Focus Flow keeps about a person, what it never does, and how to take it or
 * delete it, in plain words (`docs/product.md`, Pages anyone can read).
 */
export function PrivacyPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="December 2026"
      intro="Focus Flow keeps only what it needs to run your timer and show your progress. No ads, no tracking, nothing sold."
    >
      <LegalSection title="What we keep when you have an account">
        <ul>
          <li>Your account: username, email, and your password as a one-way hash (nobody can read it back).</li>
          <li>Your settings: timer lengths, sounds, theme and the like.</li>
          <li>Your focus sessions: when each started, how long it ran, focus or break, and the task it was for.</li>
          <li>Your tasks: their titles, estimates and when you finished them.</li>
          <li>Your blocked websites, the browsers you paired with the extension, and how many visits it stopped.</li>
          <li>Your plan: trial, Free or Premium, and any upgrade request, offer or cancellation reason you sent us.</li>
        </ul>
      </LegalSection>
      <LegalSection title="What we never do">
        <ul>
          <li>No analytics, no tracking pixels, no advertising, no third-party trackers.</li>
          <li>Two cookies, for signing in only: one keeps you signed in and ends when you sign out; the other remembers that this browser signed in before, so someone guessing your password elsewhere can never lock you out of it.</li>
          <li>We never sell or share your data.</li>
        </ul>
        <p>
          Like any server, ours writes short logs (the address a request came from, and when) to keep the service running. They are not
          used for anything else.
        </p>
      </LegalSection>
      <LegalSection title="Guests and focus rooms">
        <p>As a guest, everything stays in this browser. Nothing about you reaches our server.</p>
        <p>
          In a focus room, anyone with the room's link sees your username and the status you type. Never your email. Who is in a room is
          not stored.
        </p>
      </LegalSection>
      <LegalSection title="Take your data, or delete it">
        <p>Download your sessions and settings any time: Statistics, then Your data (CSV or JSON).</p>
        <p>
          Delete your account in Settings, under Profile. It removes your account and everything listed above, at once. This cannot be
          undone.
        </p>
      </LegalSection>
      <LegalSection title="Questions">
        <p>
          Write to <SupportLink email={supportEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
