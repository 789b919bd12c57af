import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Booking } from '#contracts/api';
import { msg } from '#contracts/i18n';
import { useRefreshAfterCheckout } from '~/features/booking/hooks/use-refresh-after-checkout';
import { useT } from '~/lib/i18n';

// A card payment recorded this recently is the one just made.
const recentMs = 30 * 60_000;

type Phase = 'waiting' | 'recorded' | 'late' | 'cancelled';

const recordedFor = (bookings: Booking[] | null, id: string | null, since: number) =>
  bookings?.some(
    (b) =>
      b.id === id &&
      b.payment.entries.some((e) => e.kind === 'payment' && e.method === 'card' && Date.parse(e.at) >= since),
  ) ?? false;

// Shown in the page's language (`known`).
const texts: Record<Phase, string> = {
  waiting: msg('Thank you: your card payment went through. It shows here as soon as we have recorded it…'),
  recorded: msg('Your payment is recorded. A receipt is on its way by email.'),
  late: msg(
    'Your payment is taking longer than usual to reach us. It will show here and you will get a receipt by email: there is no need to pay again.',
  ),
  cancelled: msg('The card payment was cancelled: nothing was charged.'),
};

// After Stripe Checkout (?payment=done&booking=… or ?payment=cancelled): says what happened,
// and refreshes the list quietly until the booking's card payment is recorded.
export function PaymentReturn({ bookings, refresh }: { bookings: Booking[] | null; refresh: () => void }) {
  const [params] = useSearchParams();
  const { known } = useT();
  const outcome = params.get('payment');
  const bookingId = params.get('booking');
  // When the traveller came back, less a margin: fixed for the page's life.
  const [since] = useState(() => Date.now() - recentMs);
  const recorded = recordedFor(bookings, bookingId, since);
  const waiting = useRefreshAfterCheckout(outcome === 'done' && !recorded, refresh);
  if (outcome !== 'done' && outcome !== 'cancelled') return null;
  const phase: Phase =
    outcome === 'cancelled' ? 'cancelled' : recorded ? 'recorded' : waiting ? 'waiting' : 'late';
  return (
    <div className={`notice payment-return payment-return--${phase}`} role="status">
      <p>{known(texts[phase])}</p>
    </div>
  );
}
