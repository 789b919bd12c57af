import { InputField, PhoneField, type InputFieldProps } from '~/components/field';
import { bookingLimits } from '#contracts/booking';
import { useT } from '~/lib/i18n';

// One field's wiring from its form: id, name, value, change handler and message.
type Wired = Pick<InputFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'error'>;

// The lead traveller's contact details as a traveller types them, in the booking form and when
// accepting a waiting-list offer: name, email, address and phone, with the browser's autofill
// names and the lengths the server stores (contracts/booking.ts).
export function ContactFields({
  name,
  email,
  address,
  phone,
  phoneHint,
}: {
  name: Wired;
  email: Wired;
  address: Wired;
  phone: Wired;
  phoneHint?: string;
}) {
  const { t } = useT();
  return (
    <>
      <InputField label={t('Name')} autoComplete="name" maxLength={bookingLimits.name} {...name} />
      <InputField
        label={t('Email')}
        type="email"
        autoComplete="email"
        maxLength={bookingLimits.email}
        {...email}
      />
      <InputField
        label={t('Address')}
        autoComplete="street-address"
        maxLength={bookingLimits.address}
        {...address}
      />
      <PhoneField label={t('Phone')} hint={phoneHint} {...phone} />
    </>
  );
}
