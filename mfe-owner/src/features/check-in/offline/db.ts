import type { PublicPassKey } from '@cinema/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CheckInShow, OfflineTicket, ScanKind } from '../api/doorTypes';

// What the door keeps in IndexedDB so that it decides alone when the network is gone
// (docs/decisions/0043-offline-first-door-scanner.md): each opened show with its pass keys, the
// show's tickets by code hash (never the codes), and the queue of scans waiting to sync.

/** A show as downloaded (GET tickets/check-in/shows/{id}/offline/), without its tickets. */
export interface StoredShow {
  id: number;
  show: CheckInShow;
  keys: PublicPassKey[];
  server_time: string;
  /** When this device saved it (its own clock). */
  saved_at: string;
}

export interface StoredTicket extends OfflineTicket {
  show_id: number;
  /** When this device last let the holder in or out (its own clock), for the verdict's words. */
  scanned_here_at?: string;
}

/** A scan decided on this device and not yet acknowledged by the server. */
export interface QueuedScan {
  id: string;
  show_id: number;
  /** What was scanned or typed, as the server must see it (a pass or a code). */
  text: string;
  kind: ScanKind;
  scanned_at: string;
  /** The order of the scans on this device (two can share a millisecond). */
  seq: number;
  /** The ticket it was decided for, to keep the local state right until the server answers. */
  hash: string;
  seat_label: string;
}

interface DoorDb extends DBSchema {
  shows: { key: number; value: StoredShow };
  tickets: {
    key: [number, string];
    value: StoredTicket;
    indexes: { by_show: number };
  };
  queue: { key: string; value: QueuedScan; indexes: { by_show: number; by_seq: number } };
}

export type DoorDatabase = IDBPDatabase<DoorDb>;

const NAME = 'cinema-door';
const VERSION = 1;

let opened: { factory: IDBFactory; db: Promise<DoorDatabase> } | null = null;

/** The door's database, opened once per IndexedDB factory (tests swap the factory). */
export function doorDb(): Promise<DoorDatabase> {
  const factory = globalThis.indexedDB;
  if (!factory) return Promise.reject(new Error('This browser cannot store data for offline use.'));
  if (opened?.factory !== factory) {
    const db = openDB<DoorDb>(NAME, VERSION, {
      upgrade(database) {
        database.createObjectStore('shows', { keyPath: 'id' });
        const tickets = database.createObjectStore('tickets', { keyPath: ['show_id', 'hash'] });
        tickets.createIndex('by_show', 'show_id');
        const queue = database.createObjectStore('queue', { keyPath: 'id' });
        queue.createIndex('by_show', 'show_id');
        queue.createIndex('by_seq', 'seq');
      },
      // Another tab opens a newer version: let it, this one reopens on its next call.
      blocking() {
        void db.then((open) => open.close());
        opened = null;
      },
    });
    opened = { factory, db };
    db.catch(() => {
      if (opened?.db === db) opened = null;
    });
  }
  return opened.db;
}
