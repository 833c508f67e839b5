import { useEffect } from 'react';
import { toast } from 'react-toastify';

/**
 * Shows the spec's error toast once when a load fails (the id keeps a re-render or a second
 * list on the page from stacking the same toast).
 */
export function useErrorToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error(message, { toastId: message });
  }, [failed, message]);
}
