// Standalone dev only: under the shell, only App (exposed as ./App) is loaded.
import { mountStandalone } from '@cinema/federation/standalone';
import { App } from './App';

mountStandalone(App);
