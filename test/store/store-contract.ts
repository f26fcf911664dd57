import { afterEach, beforeEach, describe } from 'vitest';
import { accountsContract } from './accounts-contract.js';
import { clipJobsContract } from './clip-jobs-contract.js';
import { editorContract } from './editor-contract.js';
import { outboxContract } from './outbox-contract.js';
import { publishingContract } from './publishing-contract.js';
import { tasksEventsContract } from './tasks-events-contract.js';
import { transactionContract } from './transaction-contract.js';
import { uploadsContract } from './uploads-contract.js';
import type { MakeStore, StoreHarness } from './fixtures.js';

export type { MakeStore, StoreHarness } from './fixtures.js';

/**
 * The one contract every Store implementation passes (issue 12, item 2): the SQLite store now,
 * a PostgreSQL store later. `makeStore` gives a fresh, empty, migrated store, the manual clock
 * its event log stamps events with, and a cleanup. The cases reach the data only through the
 * Store interface (no SQL), and assert the repositories' behaviour as it is today; they live
 * in one file per area, each a function of the running case's harness.
 */
export function storeContract(name: string, makeStore: MakeStore) {
  describe(`Store contract: ${name}`, () => {
    let harness: StoreHarness | undefined;
    beforeEach(async () => {
      harness = await makeStore();
    });
    afterEach(async () => {
      await harness?.cleanup();
      harness = undefined;
    });
    const current = () => {
      if (!harness) throw new Error('no store: storeContract cases run between its beforeEach and afterEach');
      return harness;
    };

    accountsContract(current);
    uploadsContract(current);
    clipJobsContract(current);
    editorContract(current);
    publishingContract(current);
    tasksEventsContract(current);
    outboxContract(current);
    transactionContract(current);
  });
}
