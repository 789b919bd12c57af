// How many bookings arrived since this operator last looked at the console (GET
// /api/admin/last-seen), for the count on the navbar's Admin link. The console announces a new
// count when it records a look (PUT), so the badge clears at once. The API client is imported on
// first use: visitors and travellers, who never see the link, never download it.
import { useEffect, useState } from 'react';
import type { LastSeen } from '#contracts/api';

const eventName = 'wayfarer:new-bookings';

export function announceNewBookings(count: number) {
  window.dispatchEvent(new CustomEvent<number>(eventName, { detail: count }));
}

// `refreshKey`: read again when it changes (the navbar passes the page's path).
export function useNewBookings(enabled: boolean, refreshKey: string): number {
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const onAnnounce = (event: Event) => setCount((event as CustomEvent<number>).detail);
    window.addEventListener(eventName, onAnnounce);
    return () => window.removeEventListener(eventName, onAnnounce);
  }, [enabled]);

  useEffect(() => {
    if (!enabled) {
      setCount(0);
      return;
    }
    const controller = new AbortController();
    void import('~/lib/api-client')
      .then(({ apiRequest }) => apiRequest<LastSeen>('/api/admin/last-seen', { signal: controller.signal }))
      .then((seen) => setCount(seen.newBookings))
      // A badge is a hint: a failed read leaves it as it was.
      .catch(() => {});
    return () => controller.abort();
  }, [enabled, refreshKey]);

  return enabled ? count : 0;
}
