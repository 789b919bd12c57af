import { useEffect, useState } from 'react';

// Back from Stripe Checkout, the page reads its data again quietly every 2 s, at most 30 times
// (a minute), while `wanted` holds: Stripe's event usually arrives before the traveller does, and
// the server records it moments later (docs/decisions/077-stripe-event-inbox.md), sometimes
// seconds after. Answers whether it is still looking; false once `wanted` is false or it gave up.
const pollMs = 2000;
const pollTimes = 30;

export function useRefreshAfterCheckout(wanted: boolean, refresh: () => void): boolean {
  const [tries, setTries] = useState(0);
  const looking = wanted && tries < pollTimes;
  useEffect(() => {
    if (!looking) return;
    const timer = setTimeout(() => {
      setTries((n) => n + 1);
      refresh();
    }, pollMs);
    return () => clearTimeout(timer);
  }, [looking, tries, refresh]);
  return looking;
}
