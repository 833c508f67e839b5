import { describe, expect, it } from 'vitest';
import { STARTING_BALANCE, useWalletStore, WALLET_STORAGE_KEY, walletKey } from './walletStore';

describe('useWalletStore', () => {
  it('starts every user at 100000 and keeps one balance per user', () => {
    const { deduct } = useWalletStore.getState();
    deduct(walletKey(7), 300);

    const { balances } = useWalletStore.getState();
    expect(balances['7']).toBe(STARTING_BALANCE - 300);
    expect(balances['8'] ?? STARTING_BALANCE).toBe(100000);
  });

  it('persists the balances in localStorage', () => {
    useWalletStore.getState().deduct('7', 100);

    expect(JSON.parse(localStorage.getItem(WALLET_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { balances: { '7': 99900 } },
    });
  });

  it('keys nobody signed in as guest', () => {
    expect(walletKey(null)).toBe('guest');
    expect(walletKey(12)).toBe('12');
  });

  it('takes one payment once, however often it is reported (double click, second tab)', () => {
    const { deduct } = useWalletStore.getState();
    deduct('7', 100, 11);
    deduct('7', 100, 11);
    useWalletStore.getState().deduct('7', 200, 12);

    expect(useWalletStore.getState().balances['7']).toBe(STARTING_BALANCE - 300);
    // Another user's payment with the same id is theirs.
    deduct('8', 100, 11);
    expect(useWalletStore.getState().balances['8']).toBe(STARTING_BALANCE - 100);
  });

  it('remembers taken payments across reloads and tabs, with the balances', () => {
    useWalletStore.getState().deduct('7', 100, 11);

    expect(JSON.parse(localStorage.getItem(WALLET_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { charged: ['7:11'] },
    });
  });
});
