// This area's test setup, after the shared one (DOM matchers, cleanup, console.error fails):
// every test starts logged out.
import { prepareAreaTests } from '@cinema/test-utils';

prepareAreaTests();
