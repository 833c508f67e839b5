// This area's test setup, after the shared one (DOM matchers, cleanup, console.error fails).
import { configureApi } from '@cinema/api-client';
import { useAuthStore } from '@cinema/auth';
import { beforeEach } from 'vitest';
import { API_BASE_URL } from './fakeApi';

beforeEach(() => {
  configureApi({ baseUrl: API_BASE_URL });
  useAuthStore.getState().logout();
  document.title = '';
});
