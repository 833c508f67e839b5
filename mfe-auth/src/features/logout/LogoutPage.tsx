import { useAuthStore } from '@cinema/auth';
import { AuthCard, Button, FormActions, Loading } from '@cinema/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useLogout } from './api/logout';
import styles from './LogoutPage.module.css';

/** How long 'Logging you out...' stays before the session is cleared (docs/spec-notes.md). */
export const LOGOUT_DELAY_MS = 1500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const revoke = useLogout();
  const [leaving, setLeaving] = useState(false);

  async function confirmLogout() {
    setLeaving(true);
    const { refresh, access } = useAuthStore.getState();
    // The server ends the session and clears its cookie; the local one ends whatever it answers.
    if (refresh) revoke.mutateAsync({ access }).catch(() => undefined);
    await wait(LOGOUT_DELAY_MS);
    useAuthStore.getState().logout();
    queryClient.clear();
    toast.success('Logout successful!', { autoClose: 2000 });
    navigate('/auth/login');
  }

  return (
    <AuthCard title="Logout">
      {leaving ? (
        <Loading label="Logging you out..." />
      ) : (
        <div className={styles.confirm}>
          <p className={styles.question}>Are you sure you want to logout?</p>
          <FormActions>
            <Button variant="secondary" onClick={() => navigate(-1)}>
              Back
            </Button>
            <Button variant="danger" onClick={() => void confirmLogout()}>
              Logout
            </Button>
          </FormActions>
        </div>
      )}
    </AuthCard>
  );
}
