import { loginPathFor, useSession } from '@cinema/auth';
import { AuthCard, buttonClassName, ErrorState, Loading } from '@cinema/ui';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useProfile } from './api/getProfile';
import styles from './ProfilePage.module.css';

export function ProfilePage() {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  const profile = useProfile({ enabled: isLoggedIn });
  const failed = isLoggedIn && profile.isError;

  useEffect(() => {
    if (failed) toast.error('Error loading profile', { toastId: 'profile-load-error' });
  }, [failed]);

  // To the login, which comes back here afterwards.
  if (!isLoggedIn) return <Navigate to={loginPathFor(pathname)} replace />;

  return (
    <AuthCard title="My Profile">
      {profile.isPending && <Loading label="Loading profile..." />}
      {profile.isError && (
        <ErrorState
          message="Your profile could not be loaded."
          onRetry={() => void profile.refetch()}
        />
      )}
      {profile.isSuccess && (
        <div className={styles.profile}>
          <div className={styles.identity}>
            <span className={styles.avatar} aria-hidden="true">
              {profile.data.username.slice(0, 1).toUpperCase()}
            </span>
            <div className={styles.names}>
              <p className={styles.username}>{profile.data.username}</p>
              <p className={styles.email}>{profile.data.email}</p>
            </div>
          </div>
          <p className={styles.role}>Role: {profile.data.role}</p>
          <Link to="/auth/logout" className={buttonClassName({ variant: 'secondary' })}>
            Logout
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
