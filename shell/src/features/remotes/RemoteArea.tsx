import type { RemoteName } from '@cinema/federation';
import { ErrorState, Loading } from '@cinema/ui';
import {
  Component,
  type ComponentType,
  type ReactNode,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { loadRemoteApp } from './loadRemoteApp';

const AREA_LABELS: Record<RemoteName, string> = {
  auth: 'account',
  user: 'booking',
  owner: 'theater owner',
  admin: 'admin',
};

type RenderBoundaryProps = { name: RemoteName; onRetry: () => void; children: ReactNode };

/** Catches a remote that throws while rendering, so only its own area shows the failure. */
class RenderBoundary extends Component<RenderBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`The ${this.props.name} area failed while rendering`, error);
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (this.state.failed) return <AreaError name={this.props.name} onRetry={this.retry} />;
    return this.props.children;
  }
}

function AreaError({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  return (
    <ErrorState
      title={`The ${AREA_LABELS[name]} area could not be loaded`}
      message="It may be restarting or your connection dropped. The rest of the site still works."
      onRetry={onRetry}
    />
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; App: ComponentType }
  | { status: 'failed' };

/** Mounts one remote: a loading state while its entry is fetched, an error with Retry if not. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteApp(name, attempt > 0).then(
      (App) => !cancelled && setState({ status: 'ready', App }),
      (error: unknown) => {
        console.warn(`The ${name} area could not be loaded`, error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <AreaError name={name} onRetry={retry} />;
  const { App } = state;
  return (
    <RenderBoundary key={attempt} name={name} onRetry={retry}>
      <App />
    </RenderBoundary>
  );
}
