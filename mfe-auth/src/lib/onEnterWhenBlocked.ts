import type { KeyboardEvent } from 'react';

/**
 * Enter in a field whose submit button is disabled does nothing in a browser. Call `explain`
 * instead, so the user sees why (e.g. 'Please enter your email.').
 */
export function onEnterWhenBlocked(blocked: boolean, explain: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !blocked) return;
    event.preventDefault();
    explain();
  };
}
