import { useState } from 'react';
import { movePriceLine } from '#contracts/booking';
import { formatTripDate } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { answerMoveLink } from '~/features/booking/api/guest-links-api';
import { site } from '~/lib/site';
import type { MoveLink } from '#contracts/api';
import { useT, type PageTranslator } from '~/lib/i18n';
import {
  MoveAnswerButtons,
  MoveOfferTerms,
  useAnswerFailure,
} from '~/features/booking/components/move-answer-buttons';

const ended: Record<Exclude<MoveLink['state'], 'open'>, (link: MoveLink, tr: PageTranslator) => string> = {
  accepted: (l, { t, language }) =>
    t('Your booking is moved to {date}. We have sent you an email with the new date.', {
      date: formatTripDate(l.newStartsOn, language),
    }),
  declined: (_l, { t }) =>
    t(
      'You declined the new date, so your booking is cancelled with nothing to pay. We have sent you an email.',
    ),
  expired: (_l, { t }) => t('This offer has expired, so the booking was cancelled and its seats released.'),
  withdrawn: (_l, { t }) => t('This booking was cancelled, so there is nothing to answer.'),
};

// /moves/:token: a party without an account (a booking made by phone) answers the brand's move
// of its departure: the new date, held until the deadline, the price (never more than booked),
// Accept or Decline (asked once more: it cancels the booking).
export function MoveLinkAnswer({ token, link: initial }: { token: string; link: MoveLink }) {
  const [link, setLink] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState('');
  const tr = useT();
  const { t, language } = tr;
  const answerFailure = useAnswerFailure();

  async function answer(kind: 'accept' | 'decline') {
    if (busy) return;
    setBusy(kind);
    setError('');
    try {
      setLink(await answerMoveLink(token, kind));
    } catch (e) {
      setError(answerFailure(e));
    }
    setBusy(null);
    setConfirming(false);
  }

  return (
    <div className="travellers__intro move-link">
      <p className="travellers__kicker">
        {link.packageName} · <span className="summary__ref">{link.reference}</span>
      </p>
      <h1>
        {t('{date} will not run: a new date for you', { date: formatTripDate(link.startsOn, language) })}
      </h1>
      {link.state === 'open' ? (
        <>
          <MoveOfferTerms
            className="section__lead"
            travellers={link.travellers}
            newStartsOn={link.newStartsOn}
            expiresAt={link.expiresAt}
          />
          <p className="move-link__price">
            {movePriceLine(link.price, link.newPrice, link.travellers, (n) => formatPrice(n, language), tr)}
          </p>
          <MoveAnswerButtons
            newStartsOn={link.newStartsOn}
            error={error}
            busy={busy}
            confirming={confirming}
            onConfirming={setConfirming}
            onAnswer={answer}
          />
        </>
      ) : (
        <p className="notice" role="status">
          {ended[link.state](link, tr)}
        </p>
      )}
      <p className="field__hint">
        {t('Questions? Call us on ')}
        <a href={site.phoneHref}>{site.phone}</a>
        {t(' or email ')}
        <a href={`mailto:${site.email}`}>{site.email}</a>.
      </p>
    </div>
  );
}
