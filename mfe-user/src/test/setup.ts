// This area's test setup, after the shared one (DOM matchers, cleanup, console.error fails):
// every test starts signed in as the customer, with no seats picked and a full wallet.
import { prepareAreaTests } from '@cinema/test-utils';
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
