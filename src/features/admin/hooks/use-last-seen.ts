import { startTransition, useEffect, useState } from 'react';
import { getLastSeen, markSeen } from '~/features/admin/api/admin-api';
import { announceNewBookings } from '~/lib/use-new-bookings';

// The bookings screen is where an operator "looks": on opening it, the time of their previous look
// is read (the bookings made after it are marked New while the screen stays open), then this look
// is recorded and the navbar's count clears. undefined until read (nothing is marked meanwhile),
// null for an operator's first look (everything is new to them).
export function useLastSeen(): string | null | undefined {
  const [since, setSince] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    (async () => {
      const previous = await getLastSeen(controller.signal);
      if (!live) return;
      // Every row of the list renders again to mark the new ones: in slices that let a press or
      // a key through, not in one long task on a slow phone
      // (docs/decisions/072-console-screens-on-a-slow-phone.md).
      startTransition(() => setSince(previous.lastSeenAt));
      const now = await markSeen();
      if (live) announceNewBookings(now.newBookings);
    })().catch(() => {
      // Markers are a hint: without them the list works as before.
    });
    return () => {
      live = false;
      controller.abort();
    };
  }, []);
  return since;
}
