export { expectLoginPrompt, expectWrongRoleScreen } from './access';
export {
  eventStreamResponse,
  type FakeEventStream,
  fakeEventStreams,
  sse,
} from './eventStream';
export {
  API_BASE_URL,
  type ApiCall,
  type ApiHandler,
  deferred,
  fakeApi,
  json,
  type Routes,
} from './fakeApi';
export { booking, movie, paged, seat, seatMap, show, theater } from './fixtures';
export {
  createRenderApp,
  currentPath,
  currentSearch,
  currentState,
  expectPath,
  type RenderAppOptions,
} from './renderApp';
export { accessToken, makeJwt, signIn, signOut, type TestAccount } from './session';
export { type AreaTestOptions, prepareAreaTests } from './setup';
