import type { ComponentProps } from 'react';
import { InputField } from '~/components/field';
import { bookingLimits } from '#contracts/booking';

// The number of travellers of a booking, typed: the party's bounds are the booking rules' own.
export function TravellersField(
  props: Omit<ComponentProps<typeof InputField>, 'label' | 'type' | 'inputMode' | 'min' | 'max'>,
) {
  return (
    <InputField
      label="Travellers"
      type="number"
      inputMode="numeric"
      min={bookingLimits.travellersMin}
      max={bookingLimits.travellersMax}
      {...props}
    />
  );
}
