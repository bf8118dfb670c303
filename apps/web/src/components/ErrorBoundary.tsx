import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";

type Props = { children: ReactNode; label: string };
type State = { error: Error | null };

/**
 * Keeps a crash inside one section (e.g. a tab panel) from blanking the whole app: shows a calm
 * message instead and logs the error.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  /** Switches to the fallback after a render error. */
  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} crashed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorAlert className="mx-auto max-w-xl">
        <p className="font-medium">{this.props.label} could not be shown.</p>
        <p className="text-muted-foreground">Reload the page to try again.</p>
      </ErrorAlert>
    );
  }
}
