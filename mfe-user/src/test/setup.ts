// This area's test setup, after the shared one (DOM matchers, cleanup, console.error fails):
// every test starts signed in as the customer, with no seats picked and a full wallet.
import { prepareAreaTests } from '@cinema/test-utils';
import { beforeAll } from 'vitest';
import { useSeatSelectionStore } from '../lib/seat-selection/seatSelectionStore';
import { useWalletStore } from '../lib/wallet/walletStore';
import { loginAsCustomer } from './session';

prepareAreaTests({
  session: () => loginAsCustomer(),
  reset: () => {
    useSeatSelectionStore.getState().reset();
    useWalletStore.getState().reset();
    sessionStorage.clear();
  },
});

// The seat page is loaded on demand (App.tsx, React.lazy). Its first import in a test file took
// over the 5 s a test waits for a screen while CI ran three suites on two cores; loaded here,
// before the tests, a test times the page, not the module's transform.
beforeAll(() => import('../pages/seat-layout/SeatLayoutRoute'));
