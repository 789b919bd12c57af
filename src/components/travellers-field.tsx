import { WholeNumberField, type InputFieldProps } from '~/components/field';
import { bookingLimits } from '#contracts/booking';
import { useT } from '~/lib/i18n';

// The number of travellers of a booking, typed: the party's bounds are the booking rules' own.
export function TravellersField(
  props: Omit<InputFieldProps, 'label' | 'type' | 'inputMode' | 'step' | 'min' | 'max'>,
) {
  const { t } = useT();
  return (
    <WholeNumberField
      label={t('Travellers')}
      min={bookingLimits.travellersMin}
      max={bookingLimits.travellersMax}
      {...props}
    />
  );
}
