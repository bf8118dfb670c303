import { Button } from "@/components/ui/button";
import type { CancellationFlow } from "./useCancellationFlow";

/** What every step of the cancellation dialog gets: the flow, the dialog's description id, and close. */
export interface CancellationStepProps {
  flow: CancellationFlow;
  descriptionId: string;
  close: () => void;
}

/** 'Keep Premium': closes the cancellation dialog and resets the flow. */
export function KeepPremiumButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={disabled}>
      Keep Premium
    </Button>
  );
}
