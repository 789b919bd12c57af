import { waitlistStatusLabels } from '#contracts/waitlist';
import { getDepartureWaitlist } from '~/features/admin/api/admin-api';
import { plural } from '#contracts/format';
import { failureMessage } from '~/lib/api-client';
import { useAsyncData } from '~/lib/use-async-data';
import { Moment } from '~/components/moment';
import { ColumnHeads } from '~/features/admin/components/column-heads';

// A departure's waiting list, in the order travellers joined (the order seats are offered in):
// who waits, for how many, and the offers holding seats with their deadlines.
export function DepartureWaitlist({ departureId }: { departureId: string }) {
  const { state } = useAsyncData(`waitlist:${departureId}`, (signal) =>
    getDepartureWaitlist(departureId, signal),
  );
  return (
    <section
      className="admin-panel admin-panel__pad admin-waitlist"
      id="waiting-list"
      aria-labelledby="admin-waitlist-title"
    >
      <h2 className="admin-panel__title" id="admin-waitlist-title">
        Waiting list
      </h2>
      {state.status === 'loading' ? <p role="status">Loading the waiting list…</p> : null}
      {state.status === 'error' ? (
        <p className="admin-actions__error" role="alert">
          {failureMessage(state.error, 'The waiting list could not be loaded.')}
        </p>
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <p>Nobody is waiting for this date. Travellers can join its list once it is full.</p>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? (
        <table className="admin-table admin-table--cards">
          <caption className="admin-table__caption">
            {plural(state.data.length, 'entry', 'entries')}, in the order they joined
          </caption>
          <ColumnHeads
            columns={['Traveller', { label: 'Party', num: true }, 'State', 'Joined', 'Offer until']}
          />
          <tbody>
            {state.data.map((e) => (
              <tr key={e.id} data-status={e.status}>
                <th scope="row">{e.email}</th>
                <td data-label="Party" className="admin-num">
                  {e.travellers}
                </td>
                <td data-label="State">{waitlistStatusLabels[e.status].replace(' for you', '')}</td>
                <td data-label="Joined">
                  <Moment iso={e.createdAt} />
                </td>
                <td data-label="Offer until">
                  {e.status === 'offered' && e.offerExpiresAt ? <Moment iso={e.offerExpiresAt} /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
