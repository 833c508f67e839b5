import { useSession } from '@cinema/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The simulated wallet starts at 100000 rupees, on this client only (docs/spec-notes.md). */
export const STARTING_BALANCE = 100_000;

/** localStorage key of the wallets, one balance per user id. */
export const WALLET_STORAGE_KEY = 'cinema-user-wallet';

interface WalletState {
  /** User id (as text) -> balance in rupees; a user not listed has the starting balance. */
  balances: Record<string, number>;
  /** The latest payments taken ('{user}:{payment id}'), so one payment is never taken twice. */
  charged: string[];
  /**
   * Takes `amount` from the user's balance; call only after a booking succeeded. With a
   * `paymentId` (the hold paid for), a second call for the same payment, from a double click or
   * another tab, takes nothing.
   */
  deduct: (userKey: string, amount: number, paymentId?: string | number) => void;
  reset: () => void;
}

/** How many payments the wallet remembers: far more than a customer can have open at once. */
const CHARGED_KEPT = 50;

/**
 * The simulated wallet (client state only: payment is simulated, no provider is called).
 * Persisted per user, so one customer's spending never shows in another's balance.
 */
export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      balances: {},
      charged: [],
      deduct: (userKey, amount, paymentId) =>
        set((state) => {
          const payment = paymentId === undefined ? null : `${userKey}:${paymentId}`;
          if (payment !== null && state.charged.includes(payment)) return state;
          return {
            balances: {
              ...state.balances,
              [userKey]: (state.balances[userKey] ?? STARTING_BALANCE) - amount,
            },
            charged:
              payment === null ? state.charged : [...state.charged, payment].slice(-CHARGED_KEPT),
          };
        }),
      reset: () => set({ balances: {}, charged: [] }),
    }),
    {
      name: WALLET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ balances, charged }) => ({ balances, charged }),
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
  return {
    balance,
    deduct: (amount: number, paymentId?: string | number) => deduct(key, amount, paymentId),
  };
}
