import { formatCents } from '#contracts/money';
import type { Payment } from '#contracts/payment';
import { useT } from '~/lib/i18n';

type SharesPaidProps = { payment: Payment; travellerNames: string[] };

// Who has paid their own share through their personal link ("Pay my share"), for the lead: each
// traveller's card payments less refunds of them. Nothing when nobody paid that way.
export function SharesPaid({ payment, travellerNames }: SharesPaidProps) {
  const { t, language } = useT();
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
    <ul className="shares-paid" aria-label={t('Paid their own share')}>
      {rows.map(([position, cents]) => (
        <li key={position}>
          <span aria-hidden="true">✓ </span>
          {t('{name} paid their share: {amount}', {
            name: travellerNames[position]?.trim() || t('Traveller {number}', { number: position + 1 }),
            amount: formatCents(cents, payment.currency, language),
          })}
        </li>
      ))}
    </ul>
  );
}
