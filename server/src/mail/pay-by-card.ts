// PAYMENT_PROVIDER=stripe: every email that asks for money offers to pay it by card. Its button
// says what it pays ("Pay the deposit" / "Pay the balance") and opens My bookings, where the same
// button starts Stripe Checkout (a link in an email cannot: a Checkout Session expires, and it
// needs the signed-in traveller). The words are the pages' (src/features/booking/components/payment-due.tsx).
import type { MoneyEmailData } from './outbox.js';

type LinkedLetter = { link?: { label: string; url: string } | null };

const depositPhase = (m: MoneyEmailData) => m.depositDueAt !== null && m.paidCents < m.depositCents;

// The email's translator (server/src/mail/templates.ts): the words are the pages' too, so the
// catalogue has them. English as written when none is given.
type Translate = (text: 'Pay the deposit' | 'Pay the balance') => string;
const asWritten: Translate = (text) => text;

// The button's words, quoted in the text part's "How to pay" line too.
export const cardPaymentLabel = (m: MoneyEmailData, t: Translate = asWritten) =>
  `“${depositPhase(m) ? t('Pay the deposit') : t('Pay the balance')}”`;

export function withCardPayment<L extends LinkedLetter>(letter: L, data: unknown, t: Translate = asWritten): L {
  const money = (data as { money?: MoneyEmailData } | null)?.money;
  if (!money?.payByCard || money.dueNowCents <= 0 || !letter.link) return letter;
  return { ...letter, link: { ...letter.link, label: cardPaymentLabel(money, t).slice(1, -1) } };
}
