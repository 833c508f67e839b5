import type { Locator, Page } from '@playwright/test';

export type Budget = { page: string; label: string; signedIn: boolean; budgetKb: number };
export declare const BUDGETS: Budget[];

export type ScriptFile = {
  url: string;
  /** Its size gzipped at level 9. */
  gzip: number;
  /** The bytes that crossed the wire, as the server encoded them. */
  transfer: number;
  encoding: string;
  /** Fetched for the next likely area once the page had settled, not for this page. */
  lookAhead: boolean;
};
export type Measurement = { files: ScriptFile[]; bytes: number; lookAheadBytes: number };

export declare function measureJs(
  page: Page,
  url: string,
  /** lookAhead: wait for the page's look-ahead (the `cinema:preload` mark) before the network is quiet. */
  options?: { ready?: (page: Page) => Locator; lookAhead?: boolean },
): Promise<Measurement>;
export declare function kB(bytes: number): string;
export declare function overBudget(
  results: {
    page: string;
    budgetKb: number;
    bytes: number;
    files?: Pick<ScriptFile, 'url' | 'gzip' | 'lookAhead'>[];
  }[],
): string[];
