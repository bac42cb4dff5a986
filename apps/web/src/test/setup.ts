import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks the media-query and resize APIs that antd's responsive components call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// findBy… and waitFor give up after 1 s by default; the server suites share the CI cores, and a screen
// can take longer than that to settle there. Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

// Unmount after every test, also in files that forget to: a tree left mounted keeps React's scheduler
// working after jsdom is torn down ("window is not defined" as an unhandled error).
afterEach(() => {
  cleanup();
});
