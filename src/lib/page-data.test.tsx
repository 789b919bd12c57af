import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PreloadedProvider, useMatchedPreloads, usePreloaded } from '~/lib/page-data';

// The protected layout (src/routes/protected-layout.tsx) renders again on each change of the auth
// state after hydration; the page below it must not, unless what it read changed.
describe('useMatchedPreloads', () => {
  it('keeps one value while the matches stay, so the page reading it does not render again', async () => {
    let pageRenders = 0;
    let rerenderLayout: () => void = () => undefined;
    function Layout() {
      const [, setTick] = useState(0);
      rerenderLayout = () => setTick((t) => t + 1);
      return (
        <PreloadedProvider value={useMatchedPreloads()}>
          <Outlet />
        </PreloadedProvider>
      );
    }
    function Page() {
      pageRenders++;
      const overview = usePreloaded<{ departures: number }>('/api/admin/overview');
      const staff = usePreloaded<string[]>('/api/admin/staff');
      return (
        <p>
          {overview?.departures} departures, {staff?.length} staff
        </p>
      );
    }
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: Layout,
        HydrateFallback: () => null,
        loader: () => ({ user: null, api: { '/api/admin/staff': ['ada', 'grace'] } }),
        children: [
          {
            index: true,
            Component: Page,
            loader: () => ({ user: null, api: { '/api/admin/overview': { departures: 12 } } }),
          },
        ],
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    expect(await screen.findByText('12 departures, 2 staff')).toBeInTheDocument();
    const before = pageRenders;
    act(() => rerenderLayout());
    act(() => rerenderLayout());
    expect(screen.getByText('12 departures, 2 staff')).toBeInTheDocument();
    expect(pageRenders).toBe(before);
  });
});
