import { telHref } from '#contracts/phone';

type CareDetails = {
  dietary: string;
  medical: string;
  emergencyName: string;
  emergencyPhone: string;
};

// What staff need to look after a traveller, as entries of a <dl>: dietary needs, medical or
// access notes, and whom to call (the phone a link to dial). The console's manifest and the
// guide's list show them alike; a detail not given reads "—".
export function GuestCareFacts({ guest }: { guest: CareDetails }) {
  return (
    <>
      <div>
        <dt>Dietary</dt>
        <dd>{guest.dietary || '—'}</dd>
      </div>
      <div>
        <dt>Medical / access</dt>
        <dd>{guest.medical || '—'}</dd>
      </div>
      <div>
        <dt>Emergency</dt>
        <dd>
          {guest.emergencyName || guest.emergencyPhone ? (
            <>
              {guest.emergencyName}{' '}
              {guest.emergencyPhone ? (
                <a href={telHref(guest.emergencyPhone)}>{guest.emergencyPhone}</a>
              ) : null}
            </>
          ) : (
            '—'
          )}
        </dd>
      </div>
    </>
  );
}
