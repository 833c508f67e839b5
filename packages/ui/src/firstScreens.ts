/**
 * The words of the screens the shell's build draws before their area has loaded (its first
 * screens, decision 0055), shared with the areas that then draw the screens themselves: the same
 * title and intro, at the same place, so the page reads the same before and after.
 */
export const FIRST_SCREEN_TEXTS = {
  login: { title: 'Login', intro: 'Welcome back. Sign in to book your tickets.' },
  seatMap: { title: 'Select Seats', busy: 'Loading seats...' },
} as const;
