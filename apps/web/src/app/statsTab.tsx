import type { User } from "@focus/core/schemas";
import { ExportCard } from "@/features/data/ExportCard";
import { StatsPanel } from "@/features/stats/StatsPanel";

/** The Statistics tab, with the user's data (export and import). */
export function StatsTab({ user }: { user: User }) {
  return <StatsPanel user={user} dataCard={<ExportCard />} />;
}
