import { useAuthStore } from '@cinema/auth';
import { AuthCard, Loading } from '@cinema/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useRefreshToken } from './api/refreshToken';

export function TokenRefreshPage() {
  const navigate = useNavigate();
  const { mutateAsync: refresh } = useRefreshToken();
  // Once per visit, even when StrictMode runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!useAuthStore.getState().refresh) {
      toast.error('No refresh token found. Please login.');
      navigate('/auth/login', { replace: true });
      return;
    }
    refresh().then(
      () => {
        toast.success('Access Token Refreshed');
        navigate('/auth/profile', { replace: true });
      },
      () => {
        toast.error('Failed to refresh token. Please login again.');
        navigate('/auth/login', { replace: true });
      },
    );
  }, [refresh, navigate]);

  return (
    <AuthCard title="Refresh Session">
      <Loading label="Refreshing token..." />
    </AuthCard>
  );
}
