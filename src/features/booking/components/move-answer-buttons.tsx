import type { RefObject } from 'react';
import { FormError } from '~/components/form-error';
import { DeclineMoveQuestion } from '~/components/confirm-question';
import { formatDeadline, formatTripDate } from '#contracts/format';
import { useT } from '~/lib/i18n';
import { ApiError } from '~/lib/api-client';

type Answer = 'accept' | 'decline';

// Why a party's answer was not taken, in the page's language: the server's words, or ours when
// none came (its booking and its personal link alike).
export function useAnswerFailure() {
  const { t, known } = useT();
  return (e: unknown) =>
    e instanceof ApiError || e instanceof Error ? known(e.message) : t('Your answer could not be sent.');
}

// What the brand offers the party in place of its cancelled date, in the same words on its
// booking and on its personal link.
export function MoveOfferTerms({
  className,
  travellers,
  newStartsOn,
  expiresAt,
}: {
  className: string;
  travellers: number;
  newStartsOn: string;
  expiresAt: string;
}) {
  // In the page's language (/es/moves/..., /es/bookings: docs/decisions/071-translation-layer.md).
  const { t, tp, language } = useT();
  return (
    <p className={className}>
      {t('We are holding {seats} for your party on ', {
        seats: tp(travellers, '{count} seat', '{count} seats'),
      })}
      <strong>{formatTripDate(newStartsOn, language)}</strong>
      {t(' until ')}
      <strong>{formatDeadline(expiresAt, undefined, language)}</strong>
      {t(
        '. Accept to move your booking (your travellers’ details stay), or decline to cancel it with nothing to pay. With no answer by then, the booking is cancelled.',
      )}
    </p>
  );
}

// A party's answer to the brand's move of its departure (on its booking and on its personal
// link): the answer's error, then Accept and Decline, or the question Decline asks first (it
// cancels the booking). The two sets are keyed apart: the question's buttons are never the answer
// buttons' nodes, so nothing aimed at Decline can land on "Yes, decline and cancel".
export function MoveAnswerButtons({
  newStartsOn,
  error,
  busy,
  confirming,
  onConfirming,
  onAnswer,
  confirmRef,
  declineRef,
}: {
  newStartsOn: string;
  error: string;
  busy: Answer | null;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  onAnswer: (answer: Answer) => Promise<void>;
  // Where focus goes as the question opens and closes (the booking's panel moves it).
  confirmRef?: RefObject<HTMLButtonElement | null>;
  declineRef?: RefObject<HTMLButtonElement | null>;
}) {
  const { t, language } = useT();
  const newDate = formatTripDate(newStartsOn, language);
  return (
    <>
      <FormError message={error} />
      {confirming ? (
        <DeclineMoveQuestion
          key="confirm"
          className="move-offer__confirm"
          label={t('Decline the new date?')}
          question={
            <p className="move-offer__question">
              {t('Decline {date} and cancel this booking?', { date: newDate })}
            </p>
          }
          declineClassName="button button--outline-danger"
          declineRef={confirmRef}
          declining={busy === 'decline'}
          onDecline={() => void onAnswer('decline')}
          onKeep={() => onConfirming(false)}
        />
      ) : (
        <div key="actions" className="move-offer__actions">
          <button
            type="button"
            className="button button--primary"
            aria-busy={busy === 'accept'}
            onClick={() => void onAnswer('accept')}
          >
            {busy === 'accept' ? t('Moving…') : t('Accept {date}', { date: newDate })}
          </button>
          <button
            ref={declineRef}
            type="button"
            className="button button--outline-danger"
            onClick={() => onConfirming(true)}
          >
            {t('Decline')}
          </button>
        </div>
      )}
    </>
  );
}
