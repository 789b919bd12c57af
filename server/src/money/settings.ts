// The brand's money settings (BRAND_CURRENCY, DEPOSIT_DUE_HOURS, CONFIRM_ON_DEPOSIT,
// PAYMENT_INSTRUCTIONS; validated in server/src/env.ts, set once by server/src/main.ts) and the
// clock payment states are judged by. One object every booking read consults, because `payment`
// is part of every booking payload and the mapping (server/src/bookings/booking-row.ts) is called
// from every domain: threading the settings through each would touch them all for four constants.
import { defaultDepositDueHours, type PaymentProvider } from '#contracts/payment';

export const defaultPaymentInstructions =
  'Pay by bank transfer to Wayfarer Tours, IBAN US00 WAYF 0000 0000 0000 00, BIC WAYFUS00. Write your booking reference as the transfer reference.';

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
