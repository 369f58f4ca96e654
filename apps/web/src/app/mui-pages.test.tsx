import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type PageHandle, withMuiTheme } from './mui-pages';
import { createAppStore } from './store';

/** Prints the primary colour of the MUI theme it renders in. */
function Primary() {
  return <p data-testid="primary">{useTheme().palette.primary.main}</p>;
}

const page = (path: string, handle?: PageHandle): RouteObject => ({
  path,
  handle,
  lazy: async () => ({ element: <Primary /> }),
});

function renderAt(path: string) {
  const routes = withMuiTheme([
    page('mui'),
    page('plain', { plainPage: true }),
    { path: 'group', element: <Outlet />, children: [page('child')] },
  ]);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={createAppStore({ persist: false }).store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('withMuiTheme', () => {
  it("wraps a lazily loaded page in the app's MUI theme", async () => {
    renderAt('/mui');
    expect(await screen.findByTestId('primary')).toHaveTextContent('#3C7795');
  });

  it('wraps pages at any depth', async () => {
    renderAt('/group/child');
    expect(await screen.findByTestId('primary')).toHaveTextContent('#3C7795');
  });

  it('leaves a plain page outside any theme (it loads no MUI)', async () => {
    renderAt('/plain');
    // MUI's default theme: nothing provided one.
    expect(await screen.findByTestId('primary')).toHaveTextContent('#1976d2');
  });
});
