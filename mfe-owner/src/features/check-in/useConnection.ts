import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether the door can reach the API: the browser's own online flag, and whether the last call
 * got through (a basement's Wi-Fi can be "online" and reach nothing). A failed call marks it
 * offline at once; the next call that gets through, or the browser's 'online' event, marks it
 * online again. `isOnline()` reads it synchronously, for a scan queued right behind a failure.
 */
export function useConnection() {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine !== false);
  const [reachable, setReachable] = useState(true);
  const now = useRef({ browserOnline, reachable });

  useEffect(() => {
    const up = () => {
      now.current = { browserOnline: true, reachable: true };
      setBrowserOnline(true);
      setReachable(true);
    };
    const down = () => {
      now.current = { ...now.current, browserOnline: false };
      setBrowserOnline(false);
    };
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  const reportFailure = useCallback(() => {
    now.current = { ...now.current, reachable: false };
    setReachable(false);
  }, []);
  const reportSuccess = useCallback(() => {
    now.current = { ...now.current, reachable: true };
    setReachable(true);
  }, []);
  const isOnline = useCallback(() => now.current.browserOnline && now.current.reachable, []);
  return {
    online: browserOnline && reachable,
    browserOnline,
    isOnline,
    reportFailure,
    reportSuccess,
  };
}
