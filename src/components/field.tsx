import { useId, type ComponentProps, type ReactNode } from 'react';
import { phoneLimits } from '#contracts/phone';
import { interpolate, msg } from '#contracts/i18n';
import { useT } from '~/lib/i18n';

// One label-control-message block for every form of the site: the label is tied to the control,
// the hint and the error are read out with it (aria-describedby) and an error marks it invalid.
// The error replaces the hint while it shows, so a screen reader hears one sentence, not two.

type FieldFrame = {
  label: ReactNode;
  hint?: ReactNode;
  // Shown under the control and read with it; empty or undefined means the value is fine.
  error?: string | null;
  // Kept for screen readers only where the layout names the field already (table cells).
  hideLabel?: boolean;
  // Extra classes for the wrapper, e.g. a grid area.
  className?: string;
  // Given ids stay (tests and labels elsewhere may point at them); otherwise one is made.
  id?: string;
  // Read with the control besides the hint and the error.
  'aria-describedby'?: string;
  // "96 of 100 characters", shown as a value nears its field's limit.
  count?: string;
};

// A field's limit is said, never enforced by cutting: the browser's maxlength drops what is typed
// or pasted past it without a word (a name over 100 characters was silently shortened). So the
// limit is not given to the control: near it a counter shows, past it an error says by how much,
// and what was typed stays for the traveller to shorten.
export function lengthNote(value: unknown, max: number | undefined): { count?: string; error?: string } {
  if (max === undefined || typeof value !== 'string') return {};
  const n = value.length;
  if (n > max)
    return {
      error: interpolate(msg('At most {max} characters: this is {over} too many.'), { max, over: n - max }),
    };
  if (n >= Math.floor(max * 0.9)) return { count: interpolate(msg('{n} of {max} characters'), { n, max }) };
  return {};
}

// What the wrapped control must carry to be tied to its label and messages.
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = FieldFrame & {
  // For controls with company (a stepper's buttons): render the control with these props.
  children: (control: FieldControlProps) => ReactNode;
  // The error message takes role="alert" where it appears without a submit (checked on blur).
  alertError?: boolean;
};

export function Field({
  label,
  hint,
  error,
  hideLabel,
  className,
  id,
  children,
  alertError,
  count,
  'aria-describedby': describedBy,
}: FieldProps) {
  const made = useId();
  // The length note is written in English (lengthNote above): on another language's page it reads
  // in that language, as does any English message a caller passes that the catalogue knows.
  const { known } = useT();
  const controlId = id ?? `field${made}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const countId = `${controlId}-count`;
  const showHint = hint !== undefined && hint !== null && hint !== '' && !error;
  const showCount = Boolean(count) && !error;
  const described = [
    error ? errorId : null,
    showHint ? hintId : null,
    showCount ? countId : null,
    describedBy ?? null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      <FieldError id={errorId} error={error ? known(error) : error} alert={alertError} />
      {showHint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {showCount ? (
        <p className="field__hint field__count" id={countId}>
          {count ? known(count) : count}
        </p>
      ) : null}
    </div>
  );
}

type FrameOnly = Pick<FieldProps, 'label' | 'hint' | 'error' | 'hideLabel' | 'className' | 'alertError'>;

function split<
  P extends FrameOnly & { id?: string; 'aria-describedby'?: string; maxLength?: number; value?: unknown },
>(props: P) {
  const { label, hint, error, hideLabel, className, alertError, id, maxLength, ...control } = props;
  const describedBy = control['aria-describedby'];
  delete control['aria-describedby'];
  const note = lengthNote(control.value, maxLength);
  return {
    frame: {
      label,
      hint,
      error: error || note.error,
      hideLabel,
      className,
      alertError,
      id,
      count: note.count,
      'aria-describedby': describedBy,
    },
    control,
  };
}

export type InputFieldProps = FrameOnly &
  Omit<ComponentProps<'input'>, 'className'> & { inputClassName?: string };

// A labelled <input>: every prop but the frame's goes to the input.
export function InputField(props: InputFieldProps) {
  const { frame, control } = split(props);
  const { inputClassName, ...input } = control;
  return <Field {...frame}>{(wired) => <input {...input} {...wired} className={inputClassName} />}</Field>;
}

// The telephone field (contracts/phone.ts): the phone's telephone keypad, the browser's saved
// number, and never type="number", which drops the + and leading zeros and lets the mouse wheel
// or an arrow key change the number.
export function PhoneField(props: Omit<InputFieldProps, 'type' | 'inputMode'>) {
  return (
    <InputField autoComplete="tel" maxLength={phoneLimits.maxLength} {...props} type="tel" inputMode="tel" />
  );
}

export type SelectFieldProps = FrameOnly & Omit<ComponentProps<'select'>, 'className'>;

export function SelectField(props: SelectFieldProps) {
  const { frame, control } = split(props);
  return <Field {...frame}>{(wired) => <select {...control} {...wired} />}</Field>;
}

export type TextAreaFieldProps = FrameOnly & Omit<ComponentProps<'textarea'>, 'className'>;

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = split(props);
  return <Field {...frame}>{(wired) => <textarea {...control} {...wired} />}</Field>;
}

// A whole number typed (a price in dollars, a count, days): the phone's number pad, steps of one.
export function WholeNumberField(props: Omit<InputFieldProps, 'type' | 'inputMode' | 'step'>) {
  return <InputField type="number" inputMode="numeric" step={1} {...props} />;
}

// A field's (or a group of fields') message, where aria-describedby points; nothing when there is
// none. `alert` reads it out as it appears.
export function FieldError({ id, error, alert }: { id: string; error?: string | null; alert?: boolean }) {
  return error ? (
    <p className="field__error" id={id} role={alert ? 'alert' : undefined}>
      {error}
    </p>
  ) : null;
}
