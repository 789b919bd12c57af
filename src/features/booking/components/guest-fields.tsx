import { InputField, PhoneField, TextAreaField } from '~/components/field';
import { guestFields, guestLabels, guestLimits, type Guest, type GuestField } from '#contracts/guests';
import { addDays } from '#contracts/iso-dates';
import { msg, type MessageId } from '#contracts/i18n';
import { useT } from '~/lib/i18n';

// What the inputs hold: text as typed (a date input gives "" when empty).
export type GuestDraft = Record<GuestField, string>;

export const toDraft = (g: Guest): GuestDraft => ({
  fullName: g.fullName,
  dateOfBirth: g.dateOfBirth ?? '',
  dietary: g.dietary,
  medical: g.medical,
  emergencyName: g.emergencyName,
  emergencyPhone: g.emergencyPhone,
});
export const toGuest = (d: GuestDraft): Guest => ({
  ...d,
  dateOfBirth: d.dateOfBirth.trim() === '' ? null : d.dateOfBirth,
});

const hints: Partial<Record<GuestField, MessageId>> = {
  dietary: msg('Allergies, vegetarian, vegan, halal…'),
  medical: msg('Anything the guide should know to keep them safe and comfortable.'),
  emergencyPhone: msg('Someone not on the trip. Digits, spaces and + ( ) - . only.'),
};

const multiLine: ReadonlySet<GuestField> = new Set(['dietary', 'medical']);

const maxLength: Partial<Record<GuestField, number>> = {
  fullName: guestLimits.fullName,
  dietary: guestLimits.dietary,
  medical: guestLimits.medical,
  emergencyName: guestLimits.emergencyName,
  emergencyPhone: guestLimits.emergencyPhoneMax,
};

// One traveller's fields, as the lead's form (travellers-form.tsx) and a traveller's own link
// (guest-link-form.tsx) show them. `name` prefixes each field's name and error key
// ("guests.1" -> "guests.1.fullName"; "guest" -> "guest.fullName"). `own`: the person typing is
// this traveller, so the browser may offer their saved name and birthday.
export function GuestFieldsGrid({
  idPrefix,
  name,
  draft,
  errors,
  today,
  own,
  onChange,
}: {
  idPrefix: string;
  name: string;
  draft: GuestDraft;
  errors: Record<string, string>;
  today: string;
  own: boolean;
  onChange: (field: GuestField, value: string) => void;
}) {
  const { t, known } = useT();
  const autoComplete = (field: GuestField) => {
    if (own && field === 'fullName') return 'name';
    if (own && field === 'dateOfBirth') return 'bday';
    return 'off';
  };
  return (
    <div className="travellers__grid">
      {guestFields.map((field) => {
        const key = `${name}.${field}`;
        const hint = hints[field];
        // The checks' messages are English, marked (contracts/guests.ts): shown in the page's.
        const error = errors[key];
        const common = {
          id: `${idPrefix}-${field}`,
          name: key,
          label: known(guestLabels[field]),
          hint: hint ? t(hint) : hint,
          error: error ? known(error) : error,
          className: `travellers__field travellers__field--${field}`,
          value: draft[field],
          maxLength: maxLength[field],
        };
        const change = (e: { target: { value: string } }) => onChange(field, e.target.value);
        if (multiLine.has(field)) return <TextAreaField key={field} {...common} rows={2} onChange={change} />;
        if (field === 'emergencyPhone') {
          // Someone else's number: the browser's saved phone is not it.
          return <PhoneField key={field} {...common} autoComplete="off" onChange={change} />;
        }
        return (
          <InputField
            key={field}
            {...common}
            type={field === 'dateOfBirth' ? 'date' : 'text'}
            autoComplete={autoComplete(field)}
            min={field === 'dateOfBirth' ? '1900-01-02' : undefined}
            max={field === 'dateOfBirth' ? addDays(today, -1) : undefined}
            onChange={change}
          />
        );
      })}
    </div>
  );
}
