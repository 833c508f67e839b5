// This area's test setup, after the shared one (DOM matchers, cleanup, console.error fails):
// every test starts signed in as the admin.
import { prepareAreaTests } from '@cinema/test-utils';
import { loginAs } from './session';

prepareAreaTests({ session: () => loginAs('admin') });
