import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { takeContractDrifts } from './contract-fixtures';

// findBy / waitFor give up after this long. The default second is too short when the suite
// shares two cores with the server suite and its databases; waiting ends as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(({ task }) => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A fixture or faked answer that drifted from its shared response schema fails the test, even
  // when the screen swallowed the rejected request (contract-fixtures.ts).
  // One the test already failed with is not said twice.
  const failedWith = new Set(task.result?.errors?.map((error) => error.message));
  const drifts = takeContractDrifts().filter((drift) => !failedWith.has(drift.message));
  if (drifts.length > 0) throw new Error(drifts.map((drift) => drift.message).join('\n\n'));
});
