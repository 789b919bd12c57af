import { formatCents } from '#contracts/money';
import type { Payment } from '#contracts/payment';

type SharesPaidProps = { payment: Payment; travellerNames: string[] };

// Who has paid their own share through their personal link ("Pay my share"), for the lead: each
// traveller's card payments less refunds of them. Nothing when nobody paid that way.
export function SharesPaid({ payment, travellerNames }: SharesPaidProps) {
  const paid = new Map<number, number>();
  for (const e of payment.entries) {
    if (e.travellerPosition === null) continue;
    paid.set(
      e.travellerPosition,
      (paid.get(e.travellerPosition) ?? 0) + (e.kind === 'payment' ? e.amountCents : -e.amountCents),
    );
  }
  const rows = [...paid].filter(([, cents]) => cents > 0).sort(([a], [b]) => a - b);
  if (rows.length === 0) return null;
  return (
    <ul className="shares-paid" aria-label="Paid their own share">
      {rows.map(([position, cents]) => (
        <li key={position}>
          <span aria-hidden="true">✓ </span>
          {travellerNames[position]?.trim() || `Traveller ${position + 1}`} paid their share:{' '}
          {formatCents(cents, payment.currency)}
        </li>
      ))}
    </ul>
  );
}
