import type { RemoteName } from '@cinema/federation';
import { ErrorState, Loading, VisuallyHidden } from '@cinema/ui';
import { Component, type ReactNode, useCallback, useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/idle';
import { areaRenderFailed, areaShown } from './areaHealth';
import { markAreaSettled } from './areaSettled';
import { canaryFailed, type LoadedRemote, loadRemoteApp } from './loadRemoteApp';

const AREA_LABELS: Record<RemoteName, string> = {
  auth: 'account',
  user: 'booking',
  owner: 'theater owner',
  admin: 'admin',
};

type RenderBoundaryProps = {
  name: RemoteName;
  onRetry: () => void;
  /** Called with what the remote threw; true when it was handled (a canary falling back). */
  onRenderError: (error: unknown) => boolean;
  children: ReactNode;
};

/** Catches a remote that throws while rendering, so only its own area shows the failure. */
class RenderBoundary extends Component<RenderBoundaryProps, { failed: boolean; handled: boolean }> {
  override state = { failed: false, handled: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (this.props.onRenderError(error)) this.setState({ handled: true });
    else console.warn(`The ${this.props.name} area failed while rendering`, error);
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (this.state.failed && this.state.handled) return <Loading />;
    if (this.state.failed) return <AreaError name={this.props.name} onRetry={this.retry} />;
    return this.props.children;
  }
}

function AreaError({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const label = AREA_LABELS[name];
  return (
    <>
      {/* The page's h1 comes with the area's screens; without them it still needs one. */}
      <h1 style={{ margin: 0 }}>
        <VisuallyHidden>{`${label[0]?.toUpperCase()}${label.slice(1)} area`}</VisuallyHidden>
      </h1>
      <ErrorState
        title={`The ${label} area could not be loaded`}
        message="It may be restarting or your connection dropped. The rest of the site still works."
        onRetry={onRetry}
      />
    </>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; loaded: LoadedRemote }
  | { status: 'failed' };

/**
 * Mounts one remote: a loading state while its entry is fetched, an error with Retry if not. A
 * canary that throws on its first render is replaced by the stable release without a word.
 */
export function RemoteArea({
  name,
  fallback = <Loading />,
}: {
  name: RemoteName;
  /** Shown while the remote loads (the page's first screen, where it has one). */
  fallback?: ReactNode;
}) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let leave = () => {};
    setState({ status: 'loading' });
    loadRemoteApp(name, attempt > 0).then(
      (loaded) => {
        if (cancelled) return;
        // Shown from its first render on, so an error in that render is the view's too.
        leave = areaShown(name, loaded.version);
        setState({ status: 'ready', loaded });
      },
      (error: unknown) => {
        console.warn(`The ${name} area could not be loaded`, error);
        if (!cancelled) setState({ status: 'failed' });
        markAreaSettled(name);
      },
    );
    return () => {
      cancelled = true;
      leave();
    };
  }, [name, attempt]);

  // Settled once its first screen is painted, not merely loaded: the look-ahead for the next
  // area (App.tsx) waits for it, and would otherwise compete with that screen's own paint.
  const ready = state.status === 'ready';
  useEffect(() => (ready ? afterNextPaint(() => markAreaSettled(name)) : undefined), [ready, name]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loaded = state.status === 'ready' ? state.loaded : null;
  const onRenderError = useCallback(
    (error: unknown) => {
      areaRenderFailed(name, loaded?.version ?? null);
      if (!loaded?.canary || loaded.version === null) return false;
      canaryFailed(name, loaded.version, 'render_failed', error);
      // Load again: the failed canary is skipped for the rest of this page view.
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
      return true;
    },
    [loaded, name],
  );

  if (state.status === 'loading') return fallback;
  if (state.status === 'failed') return <AreaError name={name} onRetry={retry} />;
  const { App, version } = state.loaded;
  return (
    <div data-remote={name} data-version={version ?? 'local'} style={{ display: 'contents' }}>
      <RenderBoundary key={attempt} name={name} onRetry={retry} onRenderError={onRenderError}>
        <App />
      </RenderBoundary>
    </div>
  );
}
