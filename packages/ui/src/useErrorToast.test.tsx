import { renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { useErrorToast } from './useErrorToast';

describe('useErrorToast', () => {
  it('toasts the message once when the load fails, with the message as its id', () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('id');
    const { rerender } = renderHook(({ failed }) => useErrorToast(failed, 'Error loading shows'), {
      initialProps: { failed: false },
    });
    expect(error).not.toHaveBeenCalled();

    rerender({ failed: true });
    rerender({ failed: true });
    expect(error).toHaveBeenCalledExactlyOnceWith('Error loading shows', {
      toastId: 'Error loading shows',
    });
    error.mockRestore();
  });
});
