import type { Page } from '@playwright/test';

/** Matches PHONE_LAYOUT_KEY in apps/web/src/components/table/PhoneLayout.tsx. */
export const PHONE_LAYOUT_KEY = 'kingdom-stats:phone-layout';

/**
 * Phones show the player and KvK DKP tables as cards unless the reader picks Table (remembered per browser). The
 * table's own specs pick Table, so at 375 px they test the table a phone user can still choose; the cards have
 * their own spec (phones-and-urls.spec.ts).
 */
export function chooseTablesOnPhones(page: Page): void {
  void page.addInitScript((key) => window.localStorage.setItem(key, 'table'), PHONE_LAYOUT_KEY);
}
