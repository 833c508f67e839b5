import { createRenderApp } from '@cinema/test-utils';
import { App } from '../App';

/**
 * Renders this area's route tree at a path (which may carry a query), optionally with navigation
 * state and earlier history entries, as the shell would: see createRenderApp.
 */
export const renderApp = createRenderApp(App);
