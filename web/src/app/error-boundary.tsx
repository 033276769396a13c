/** Catches render errors so a failure shows a message and a retry, never a blank screen. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../ui/error-state';
import { isChunkError } from '../lib/lazy';

interface Props {
  children: ReactNode;
  /** Called when the user retries, before the children render again. */
  onReset?: () => void;
}

export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('Section failed to render', error, info.componentStack);
  }

  private retry = () => {
    // A chunk that failed once stays failed in React.lazy's cache: reload the page.
    if (isChunkError(this.state.error)) {
      window.location.reload();
      return;
    }
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) return <ErrorState error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
