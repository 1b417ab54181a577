import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { useAuth } from '../lib/auth.tsx';
import { usePageTitle } from '../lib/page-title.ts';

/** Shown when a page of the public or the dashboard shell fails to render or load. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { signOut } = useAuth();
  const detail = error instanceof Error ? error.message : 'Unknown error';
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-error">{detail}</p>
      <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
        Log Out
      </button>
    </main>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}
type BoundaryState = { location: Location } & (
  { failed: false } | { failed: true; error: unknown }
);

/** Catches what a shell's pages throw; going to another page tries again. */
class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    return props.location === state.location ? null : { location: props.location, failed: false };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** Shows ErrorScreen in place of a shell (and its page) that failed to render or load. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <LocationErrorBoundary location={useLocation()}>{children}</LocationErrorBoundary>;
}

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <h1 className="text-3xl font-bold">{uiMessages.pageNotFound}</h1>
    </div>
  );
}
