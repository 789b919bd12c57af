import { useId, useState, type KeyboardEvent } from 'react';
import { InputField } from '~/components/field';
import { inviteStatusLabels, type InviteStatus } from '#contracts/guest-links';
import { inviteTraveller } from '~/features/booking/api/guest-links-api';
import { fieldFailure } from '~/lib/api-client';
import { useT } from '~/lib/i18n';

// Beside each traveller after the first on the lead's details page: whether they were asked to
// fill in their own details, and Invite (or Resend) to their email. It sits inside the details
// form, so it is no form of its own: Enter in its field invites instead of saving the details.
export function TravellerInvite({
  bookingId,
  index,
  status,
  onInvited,
}: {
  bookingId: string;
  index: number;
  status: InviteStatus;
  onInvited: (status: InviteStatus) => void;
}) {
  const id = useId();
  const { t, known } = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);

  const invite = async () => {
    if (busy) return;
    setSent('');
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError(
        address === '' ? t('Please enter their email address.') : t('Please enter a valid email address.'),
      );
      return;
    }
    setBusy(true);
    try {
      const result = await inviteTraveller(bookingId, index, address);
      setError('');
      setSent(t('We emailed {address} a link to fill in their own details.', { address }));
      setEmail('');
      onInvited(result.inviteStatus);
    } catch (failure) {
      setError(
        known(fieldFailure(failure, 'email', t('The invitation could not be sent. Please try again.'))),
      );
    } finally {
      setBusy(false);
    }
  };

  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void invite();
  };

  return (
    <div className="travellers__invite">
      <p className="travellers__invite-status">
        <span className="travellers__invite-badge" data-status={status}>
          {known(inviteStatusLabels[status])}
        </span>
        {status === 'invited'
          ? t(' They have their own link to fill in their details.')
          : status === 'not-invited'
            ? t(' Fill in their details below, or send them a link to do it themselves.')
            : null}
      </p>
      {status === 'complete' ? null : (
        <div className="travellers__invite-row">
          <InputField
            id={`${id}-email`}
            label={t('Email for traveller {number}', { number: index + 1 })}
            type="email"
            autoComplete="off"
            className="travellers__invite-field"
            value={email}
            error={error}
            maxLength={254}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError('');
            }}
            onKeyDown={enter}
          />
          <button
            type="button"
            className="button button--outline"
            aria-busy={busy}
            onClick={() => void invite()}
          >
            {busy ? t('Sending…') : status === 'invited' ? t('Resend') : t('Invite')}
          </button>
        </div>
      )}
      <p className="travellers__saved" role="status">
        {/* A link ended since (the traveller's name was replaced): "We emailed..." is no longer true. */}
        {status === 'not-invited' ? '' : sent}
      </p>
    </div>
  );
}
