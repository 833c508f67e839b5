import { useSession } from '@cinema/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** SPEC 9: the simulated wallet starts at 100000 rupees. */
export const STARTING_BALANCE = 100_000;

/** localStorage key of the wallets, one balance per user id. */
export const WALLET_STORAGE_KEY = 'cinema-user-wallet';

interface WalletState {
  /** User id (as text) -> balance in rupees; a user not listed has the starting balance. */
  balances: Record<string, number>;
  /** Takes `amount` from the user's balance; call only after a booking succeeded. */
  deduct: (userKey: string, amount: number) => void;
  reset: () => void;
}

/**
 * The simulated wallet (client state only: payment is simulated, no provider is called).
 * Persisted per user, so one customer's spending never shows in another's balance.
 */
export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      balances: {},
      deduct: (userKey, amount) =>
        set((state) => ({
          balances: {
            ...state.balances,
            [userKey]: (state.balances[userKey] ?? STARTING_BALANCE) - amount,
          },
        })),
      reset: () => set({ balances: {} }),
    }),
    {
      name: WALLET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ balances }) => ({ balances }),
    },
  ),
);

// Another tab paid: follow its balance.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === WALLET_STORAGE_KEY) void useWalletStore.persist.rehydrate();
  });
}

/** The wallet key of a user id; nobody signed in shares one guest wallet. */
export function walletKey(userId: unknown): string {
  return userId === null || userId === undefined ? 'guest' : String(userId);
}

/** The signed-in user's balance and a way to pay from it. */
export function useWallet() {
  const { user } = useSession();
  const key = walletKey(user?.id);
  const balance = useWalletStore((state) => state.balances[key] ?? STARTING_BALANCE);
  const deduct = useWalletStore((state) => state.deduct);
  return { balance, deduct: (amount: number) => deduct(key, amount) };
}
