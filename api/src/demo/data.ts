// The demo product seed.ts loads: its three accounts, and four theaters in four cities with
// three movies each and the local times of their daily shows. One of them is a multiplex: three
// screens, one drawn with aisles, three categories of seat and two wheelchair spaces with their
// companion seats (docs/decisions/0045-screens-and-seat-layouts.md).
import {
  defaultLayout,
  type Layout,
  type LayoutCell,
} from '../../../packages/contract/src/seating.js';

export interface DemoAccount {
  email: string;
  password: string;
  username: string;
}

export const DEMO_OWNER: DemoAccount = {
  email: 'owner@cinebook.local',
  password: 'Owner#2026',
  username: 'demo_owner',
};
export const DEMO_CUSTOMER: DemoAccount = {
  email: 'customer@cinebook.local',
  password: 'Customer#2026',
  username: 'demo_customer',
};
/** The second customer, whose tickets are the booked seats on the demo seat maps. */
export const DEMO_GUEST: DemoAccount = {
  email: 'guest@cinebook.local',
  password: 'Guest#2026',
  username: 'demo_guest',
};

export interface DemoMovie {
  title: string;
  description: string;
  duration: number;
  language: string;
  released: string;
}

export interface DemoScreen {
  name: string;
  layout: Layout;
  /** Local start times of the day's shows on this screen; far enough apart for the longest movie. */
  slots: string[];
}

export interface DemoTheater {
  name: string;
  location: string;
  rows: number;
  seatsPerRow: number;
  /** Local start times of the day's shows; far enough apart for the longest movie. */
  slots: string[];
  /**
   * A multiplex's screens (the first takes the place of the default 'Screen 1'), each with its
   * own slots; without them the theater is its default screen with `slots`.
   */
  screens?: DemoScreen[];
  movies: DemoMovie[];
}

const standard: LayoutCell = { category: 'Standard' };
const premium: LayoutCell = { category: 'Premium' };
const recliner: LayoutCell = { category: 'Recliner' };
const seats = (cell: LayoutCell, n: number): LayoutCell[] => Array.from({ length: n }, () => cell);

/**
 * Sathyam's Screen 1: 4 + 10 + 4 seats across two aisles; Standard in front (row A ends in a
 * wheelchair space with its companion seat at each side aisle, row F's outer seats blocked for
 * the exits), Premium behind, two rows of Recliners at the back with wider gaps.
 */
function sathyamScreen1(): Layout {
  const block = (cell: LayoutCell) => [
    ...seats(cell, 4),
    null,
    ...seats(cell, 10),
    null,
    ...seats(cell, 4),
  ];
  const rows: Layout['rows'] = [];
  const label = (i: number) => String.fromCharCode(65 + i);
  rows.push({
    label: 'A',
    cells: [
      { category: 'Standard', kind: 'wheelchair' },
      { category: 'Standard', kind: 'companion' },
      ...seats(standard, 2),
      null,
      ...seats(standard, 10),
      null,
      ...seats(standard, 2),
      { category: 'Standard', kind: 'companion' },
      { category: 'Standard', kind: 'wheelchair' },
    ],
  });
  for (let i = 1; i < 5; i++) rows.push({ label: label(i), cells: block(standard) });
  const exits = block(standard);
  exits[0] = { category: 'Standard', kind: 'blocked' };
  exits[exits.length - 1] = { category: 'Standard', kind: 'blocked' };
  rows.push({ label: 'F', cells: exits });
  for (let i = 6; i < 10; i++) rows.push({ label: label(i), cells: block(premium) });
  for (let i = 10; i < 12; i++) {
    rows.push({
      label: label(i),
      cells: [
        null,
        ...seats(recliner, 3),
        null,
        null,
        ...seats(recliner, 6),
        null,
        null,
        ...seats(recliner, 3),
        null,
      ],
    });
  }
  return {
    categories: [
      { name: 'Recliner', price: 450 },
      { name: 'Premium', price: 220 },
      { name: 'Standard', price: 150 },
    ],
    rows,
  };
}

/** Sathyam's Screen 3: a small hall, 8 rows of 6 + 6 Standard seats around a centre aisle. */
function sathyamScreen3(): Layout {
  const rows = Array.from({ length: 8 }, (_, i) => ({
    label: String.fromCharCode(65 + i),
    cells: [...seats(standard, 6), null, ...seats(standard, 6)],
  }));
  return { categories: [{ name: 'Standard', price: 120 }], rows };
}

export const DEMO_THEATERS: DemoTheater[] = [
  {
    name: 'PVR Phoenix',
    location: 'Lower Parel, Mumbai',
    rows: 8,
    seatsPerRow: 12,
    slots: ['10:00', '13:45', '17:30', '21:15'],
    movies: [
      {
        title: 'Jawan',
        description:
          'A prison warden recruits a team of women to right the wrongs of a corrupt system, ' +
          'and comes face to face with his own past.',
        duration: 169,
        language: 'Hindi',
        released: '2023-09-07',
      },
      {
        title: '12th Fail',
        description:
          'Based on a true story: a boy from a Chambal village refuses to give up on the civil ' +
          'services exam, whatever it takes.',
        duration: 147,
        language: 'Hindi',
        released: '2023-10-27',
      },
      {
        title: 'Oppenheimer',
        description:
          'The physicist J. Robert Oppenheimer leads the race to build the atomic bomb, and ' +
          'lives with what it means.',
        duration: 180,
        language: 'English',
        released: '2023-07-21',
      },
    ],
  },
  {
    name: 'INOX Forum',
    location: 'Koramangala, Bengaluru',
    rows: 10,
    seatsPerRow: 14,
    slots: ['09:30', '13:15', '17:00', '20:45'],
    movies: [
      {
        title: 'Kantara',
        description:
          'In a coastal Karnataka village, a rebel clashes with a forest officer while an old ' +
          'pact between a king and the local deity comes due.',
        duration: 148,
        language: 'Kannada',
        released: '2022-09-30',
      },
      {
        title: 'K.G.F: Chapter 2',
        description:
          'Rocky rules the Kolar Gold Fields, and every power that wants them back is coming ' +
          'for him.',
        duration: 168,
        language: 'Kannada',
        released: '2022-04-14',
      },
      {
        title: 'Dune: Part Two',
        description:
          'Paul Atreides unites with the Fremen of Arrakis on a path of revenge against the ' +
          'conspirators who destroyed his family.',
        duration: 166,
        language: 'English',
        released: '2024-03-01',
      },
    ],
  },
  {
    name: 'Cinepolis DLF',
    location: 'Vasant Kunj, Delhi',
    rows: 9,
    seatsPerRow: 12,
    slots: ['10:30', '14:15', '18:00', '21:45'],
    movies: [
      {
        title: 'Pathaan',
        description:
          'An exiled field agent returns to stop a rogue operative and his private army from ' +
          'striking at the heart of India.',
        duration: 146,
        language: 'Hindi',
        released: '2023-01-25',
      },
      {
        title: 'Stree 2',
        description:
          'The town of Chanderi has a new terror, and the old gang needs help from an ' +
          'unexpected friend to face it.',
        duration: 150,
        language: 'Hindi',
        released: '2024-08-15',
      },
      {
        title: 'Interstellar',
        description:
          'With Earth failing, a former pilot leads a crew through a wormhole to find humanity ' +
          'a new home.',
        duration: 169,
        language: 'English',
        released: '2014-11-07',
      },
    ],
  },
  {
    name: 'Sathyam',
    location: 'Royapettah, Chennai',
    rows: 12,
    seatsPerRow: 16,
    slots: ['09:45', '13:30', '17:15', '21:00'],
    // Three screens at once: at 17:15, 17:45 and 18:30 three shows overlap.
    screens: [
      { name: 'Screen 1', layout: sathyamScreen1(), slots: ['09:45', '13:30', '17:15', '21:00'] },
      {
        name: 'Screen 2',
        layout: defaultLayout(12, 16),
        slots: ['10:15', '14:00', '17:45', '21:30'],
      },
      { name: 'Screen 3', layout: sathyamScreen3(), slots: ['11:00', '14:45', '18:30', '22:15'] },
    ],
    movies: [
      {
        title: 'Leo',
        description:
          'A quiet café owner in Himachal becomes the target of a drug cartel that is sure he ' +
          'is someone else.',
        duration: 164,
        language: 'Tamil',
        released: '2023-10-19',
      },
      {
        title: 'Jailer',
        description:
          'A retired jailer goes after the idol-smuggling gang that threatens his family.',
        duration: 168,
        language: 'Tamil',
        released: '2023-08-10',
      },
      {
        title: 'Vikram',
        description:
          'A special agent investigates a string of masked killings and finds a war on drugs ' +
          'far bigger than the case.',
        duration: 175,
        language: 'Tamil',
        released: '2022-06-03',
      },
    ],
  },
];

/** Days of shows, counting today. */
export const DEMO_DAYS = 5;
