import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { resetNotify } from '../lib/notify';

// findBy*/waitFor give up after 1 s by default: too short when three test files share two cores of a
// host that can be five times slower than an idle one.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in a module-level store.
  toast.remove();
  resetNotify();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// jsdom has no matchMedia: answer min-width / max-width queries from window.innerWidth so the
// layout's breakpoints (overlay drawer up to 1199 px, header tabs from 900 px) behave as in a browser.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => {
    const width = window.innerWidth;
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}
