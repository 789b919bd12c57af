import { useState } from 'react';
import { DeclineMoveQuestion } from '~/components/confirm-question';
import { answerMoveForParty } from '~/features/admin/api/admin-api';
import { formatDeadline, formatTripDate } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import type { AdminBooking, MoveOffer } from '#contracts/api';

type Props = {
  booking: AdminBooking;
  onChanged: (booking: AdminBooking, message: string) => void;
};

// The brand moved this booking's departure and its party has not answered online: one who called
// or wrote (a phone booking has no account) gets their answer given here, in the operator's name.
// Decline asks once more: it cancels the booking.
export function MoveAnswerForParty({ booking, onChanged }: Props) {
  const offer = booking.moveOffer as MoveOffer;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState('');
  const newDate = formatTripDate(offer.startsOn);

  async function answer(kind: 'accept' | 'decline') {
    if (busy) return;
    setBusy(kind);
    setError('');
    try {
      const updated = await answerMoveForParty(booking.id, kind);
      onChanged(
        updated,
        kind === 'accept'
          ? `${updated.reference} moved to ${newDate}. The traveller gets an email.`
          : `${updated.reference} cancelled: the party declined ${newDate}. The traveller gets an email.`,
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The answer could not be saved.');
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <section className="admin-panel admin-panel__pad admin-move-answer" aria-labelledby="admin-move-answer">
      <h2 id="admin-move-answer" className="admin-panel__title">
        Offered another date: {newDate}
      </h2>
      <p>
        {formatTripDate(booking.startsOn)} will not run. The party’s seats are held on {newDate} until{' '}
        {formatDeadline(offer.expiresAt)}, at {formatPrice(Math.min(offer.price, booking.price))} per person.
        If they answered you by phone or email, give their answer here.
      </p>
      {error && (
        <p className="admin-actions__error" role="alert">
          {error}
        </p>
      )}
      {confirming ? (
        <DeclineMoveQuestion
          className="admin-actions"
          label="Decline the new date for the party?"
          question={<p className="admin-strong">Decline {newDate} for the party and cancel this booking?</p>}
          declineClassName="button admin-button admin-button--cancel"
          declining={busy === 'decline'}
          onDecline={() => void answer('decline')}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <div className="admin-actions">
          <button
            type="button"
            className="button admin-button admin-button--confirm"
            aria-busy={busy === 'accept'}
            onClick={() => void answer('accept')}
          >
            {busy === 'accept' ? 'Moving…' : `Accept ${newDate} for them`}
          </button>
          <button
            type="button"
            className="button admin-button admin-button--cancel"
            onClick={() => setConfirming(true)}
          >
            Decline for them
          </button>
        </div>
      )}
    </section>
  );
}
