// This area's test setup, after the shared one (DOM matchers, cleanup, console.error fails):
// every test starts signed in as the owner.
import { prepareAreaTests } from '@cinema/test-utils';
import { loginAsOwner } from './session';

prepareAreaTests({ session: loginAsOwner });
