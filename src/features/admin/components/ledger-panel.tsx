import { useId, useState, type FormEvent } from 'react';
import { InputField, SelectField } from '~/components/field';
import { formatDeadline, formatTripDate } from '#contracts/format';
import { centsDecimal, formatCents, parseCents } from '#contracts/money';
import {
  entryLabel,
  formatEntryAmount,
  paymentKindLabels,
  paymentMethodLabels,
  paymentMethods,
  paymentStateLabels,
  type PaymentKind,
  type PaymentMethod,
} from '#contracts/payment';
import { recordLedgerEntry } from '~/features/admin/api/admin-api';
import { AmountTableHead } from '~/features/admin/components/money-table-parts';
import { ApiError } from '~/lib/api-client';
import { Moment } from '~/components/moment';
import type { AdminBooking } from '#contracts/api';
import { Options } from '~/components/options';

type LedgerPanelProps = {
  booking: AdminBooking;
  onRecorded: (updated: AdminBooking, message: string) => void;
};

// A booking's money in the console: where it stands, its ledger (never edited: a mistake is undone
// by an entry of the other kind with a note), and Record payment / Record refund. What was typed
// stays when the server refuses it, with the amount it would allow.
export function LedgerPanel({ booking, onRecorded }: LedgerPanelProps) {
  const p = booking.payment;
  const id = useId();
  const [kind, setKind] = useState<PaymentKind>(p.refundDueCents > 0 ? 'refund' : 'payment');
  const [method, setMethod] = useState<PaymentMethod>('bank-transfer');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatCents(cents, p.currency);
  const suggested = kind === 'payment' ? p.dueNowCents : p.refundDueCents;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const cents = parseCents(amount);
    if (cents === null || cents <= 0) {
      setError('Enter an amount such as 490.00 (dollars and cents).');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const updated = await recordLedgerEntry(booking.id, {
        kind,
        method,
        amountCents: cents,
        reference: reference.trim() || null,
        note: note.trim() || null,
      });
      setAmount('');
      setReference('');
      setNote('');
      onRecorded(
        updated,
        `${paymentKindLabels[kind]} of ${money(cents)} recorded. The traveller gets a receipt.`,
      );
    } catch (e) {
      if (e instanceof ApiError) {
        // A 409's message names the amount allowed (server/src/payments/ledger.ts).
        setError(e.fieldErrors.amountCents ?? e.fieldErrors.reference ?? e.fieldErrors.note ?? e.message);
      } else setError('The entry could not be recorded. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const deadline = p.depositDueAt && p.paidCents < p.depositCents ? formatDeadline(p.depositDueAt) : null;
  return (
    <section className="admin-panel admin-panel__pad admin-ledger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-panel__title">
        Payments <span className={`admin-pay admin-pay--${p.state}`}>{paymentStateLabels[p.state]}</span>
      </h2>
      <dl className="admin-dl">
        <dt>Total</dt>
        <dd>{money(p.totalCents)}</dd>
        <dt>Deposit</dt>
        <dd>
          {money(p.depositCents)}
          {deadline ? ` due by ${deadline}` : p.depositDueAt === null ? ' (no deadline)' : ''}
        </dd>
        <dt>Balance due on</dt>
        <dd>{p.balanceDueOn ? formatTripDate(p.balanceDueOn) : '—'}</dd>
        <dt>Paid</dt>
        <dd className="admin-strong">{money(p.paidCents)}</dd>
        {p.refundedCents > 0 ? (
          <>
            <dt>Refunded</dt>
            <dd>{money(p.refundedCents)}</dd>
          </>
        ) : null}
        {p.dueNowCents > 0 ? (
          <>
            <dt>Due now</dt>
            <dd className="admin-strong">{money(p.dueNowCents)}</dd>
          </>
        ) : null}
        {p.refundDueCents > 0 ? (
          <>
            <dt>To refund</dt>
            <dd className="admin-strong">{money(p.refundDueCents)}</dd>
          </>
        ) : null}
      </dl>
      {p.entries.length > 0 ? (
        <table className="admin-table admin-ledger__entries">
          <caption className="sr-only">Ledger, oldest first</caption>
          <AmountTableHead columns={['When', 'Entry']} amount="Amount" />
          <tbody>
            {p.entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <Moment iso={e.at} />
                </td>
                <td>
                  {entryLabel(e)}
                  {e.reference ? <span className="admin-sub"> · {e.reference}</span> : null}
                  {e.note ? <span className="admin-sub"> · {e.note}</span> : null}
                </td>
                <td className="admin-num">{formatEntryAmount(e, p.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-muted">Nothing recorded yet.</p>
      )}
      <form className="admin-ledger__form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="admin-ledger__kind">
          <legend>Record</legend>
          {(['payment', 'refund'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />{' '}
              {k === 'payment' ? 'A payment' : 'A refund'}
            </label>
          ))}
        </fieldset>
        <InputField
          label={`Amount (${p.currency})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          placeholder={suggested > 0 ? centsDecimal(suggested) : '0.00'}
          onChange={(e) => setAmount(e.target.value)}
          error={error || undefined}
        />
        <SelectField
          label="Method"
          name="method"
          value={method}
          onChange={(e) => setMethod(e.target.value as PaymentMethod)}
        >
          <Options values={paymentMethods} labels={paymentMethodLabels} />
        </SelectField>
        <InputField
          label="Reference (optional)"
          name="reference"
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <InputField
          label="Note (optional)"
          name="note"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <button type="submit" className="button button--primary" aria-busy={busy}>
          {busy ? 'Recording…' : kind === 'payment' ? 'Record payment' : 'Record refund'}
        </button>
      </form>
    </section>
  );
}
