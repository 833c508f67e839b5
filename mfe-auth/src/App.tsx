import { Route, Routes } from 'react-router-dom';
import { OtpRequestPage } from './features/forgot-password/OtpRequestPage';
import { OtpVerifyPage } from './features/forgot-password/OtpVerifyPage';
import { PasswordResetPage } from './features/forgot-password/PasswordResetPage';
import { LoginPage } from './features/login/LoginPage';
import { LogoutPage } from './features/logout/LogoutPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { SignupPage } from './features/signup/SignupPage';
import { TokenRefreshPage } from './features/token-refresh/TokenRefreshPage';

/** This area's screens by full URL path; the shell mounts it for the paths it owns. */
export function App() {
  return (
    <Routes>
      <Route path="/auth/signup" element={<SignupPage />} />
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/auth/profile" element={<ProfilePage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/auth/otp/request" element={<OtpRequestPage />} />
      <Route path="/auth/otp/verify" element={<OtpVerifyPage />} />
      <Route path="/auth/password/reset" element={<PasswordResetPage />} />
      <Route path="/auth/logout" element={<LogoutPage />} />
      <Route path="/auth/token/refresh" element={<TokenRefreshPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
