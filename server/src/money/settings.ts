// The brand's money settings (BRAND_CURRENCY, DEPOSIT_DUE_HOURS, CONFIRM_ON_DEPOSIT,
// PAYMENT_INSTRUCTIONS; validated in server/src/env.ts, set once by server/src/main.ts) and the
// clock payment states are judged by. One object every booking read consults, because `payment`
// is part of every booking payload and the mapping (server/src/bookings/booking-row.ts) is called
// from every domain: threading the settings through each would touch them all for four constants.
import { defaultDepositDueHours, type PaymentProvider } from '#contracts/payment';
import { msg } from '#contracts/i18n';

// Marked for the catalogues: the default reads in the traveller's language (the emails, the pages:
// `known`); instructions set in PAYMENT_INSTRUCTIONS are the brand's own words, shown as written.
export const defaultPaymentInstructions = msg(
  'Pay by bank transfer to Wayfarer Tours, IBAN US00 WAYF 0000 0000 0000 00, BIC WAYFUS00. Write your booking reference as the transfer reference.',
);

export type PaymentSettings = {
  currency: string;
  depositDueHours: number;
  confirmOnDeposit: boolean;
  instructions: string;
  // PAYMENT_PROVIDER: with stripe, pages and emails that ask for money offer to pay by card.
  provider: PaymentProvider;
  // Tests move it.
  now: () => Date;
};

export const paymentSettings: PaymentSettings = {
  currency: 'USD',
  depositDueHours: defaultDepositDueHours,
  confirmOnDeposit: true,
  instructions: defaultPaymentInstructions,
  provider: 'manual',
  now: () => new Date(),
};

export function configurePayments(settings: Partial<PaymentSettings>) {
  Object.assign(paymentSettings, settings);
}
