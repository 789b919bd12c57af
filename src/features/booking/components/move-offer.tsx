import { useEffect, useRef, useState } from 'react';
import { movePriceLine } from '#contracts/booking';
import { formatTripDate } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { answerMoveOffer } from '~/features/booking/api/bookings-api';
import type { Booking, MoveOffer } from '#contracts/api';
import {
  MoveAnswerButtons,
  MoveOfferTerms,
  useAnswerFailure,
} from '~/features/booking/components/move-answer-buttons';
import { useT } from '~/lib/i18n';

type MoveOfferPanelProps = {
  booking: Booking & { moveOffer: MoveOffer };
  onAnswered: (booking: Booking, answer: 'accept' | 'decline') => void;
};

// The brand moved the booking's departure: the new date, held until the deadline, and the
// traveller's answer. Decline asks once more first (it cancels the booking).
export function MoveOfferPanel({ booking, onAnswered }: MoveOfferPanelProps) {
  const offer = booking.moveOffer;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const headingId = `move-offer-${booking.id}`;
  const tr = useT();
  const { t, language } = tr;
  const answerFailure = useAnswerFailure();

  // Into the question when it opens, back to Decline when it closes.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) declineRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  async function answer(kind: 'accept' | 'decline') {
    if (busy) return;
    setBusy(kind);
    setError('');
    try {
      onAnswered(await answerMoveOffer(booking.id, kind), kind);
    } catch (e) {
      setError(answerFailure(e));
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <section className="move-offer" aria-labelledby={headingId}>
      <h4 id={headingId} className="move-offer__title">
        <span aria-hidden="true">⚠ </span>
        {t('{date} will not run: a new date for you', { date: formatTripDate(booking.startsOn, language) })}
      </h4>
      <MoveOfferTerms
        className="move-offer__text"
        travellers={booking.travellers}
        newStartsOn={offer.startsOn}
        expiresAt={offer.expiresAt}
      />
      <p className="move-offer__text move-offer__price">
        {movePriceLine(
          booking.price,
          Math.min(offer.price, booking.price),
          booking.travellers,
          (n) => formatPrice(n, language),
          tr,
        )}
      </p>
      <MoveAnswerButtons
        newStartsOn={offer.startsOn}
        error={error}
        busy={busy}
        confirming={confirming}
        onConfirming={setConfirming}
        onAnswer={answer}
        confirmRef={confirmRef}
        declineRef={declineRef}
      />
    </section>
  );
}
