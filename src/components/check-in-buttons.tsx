import { checkInStates, type CheckInState } from '#contracts/check-in';

// Each check-in's word: on its button, and in what the page says after a tick.
export const checkInText: Record<CheckInState, string> = { present: 'Present', 'no-show': 'No-show' };

// What the page says once a tick is saved: "Ana Silva: present." or "Ana Silva: check-in cleared."
export const checkInMessage = (name: string, next: CheckInState | null) =>
  next ? `${name}: ${checkInText[next].toLowerCase()}.` : `${name}: check-in cleared.`;

// One traveller's two large check-in toggles, Present and No-show, pressed as the check-in
// stands: on the console's manifest (src/features/admin/components/manifest-travellers.tsx) and
// the guide's (src/features/guide/components/guide-manifest.tsx). A second tap on the pressed one
// takes the tick back: `onTick` gets null then.
export function CheckInButtons({
  block,
  label,
  checkIn,
  busy,
  marks = false,
  onTick,
}: {
  // Whose styles: the console's (`manifest`: src/features/admin/admin.css) or the guide's
  // (`guide`: src/features/guide/guide.css), each with `-person__check` for the group and
  // `-toggle`, `-toggle--present`, `-toggle--no-show` (and `-toggle__mark`) for the buttons.
  block: 'manifest' | 'guide';
  // Whose check-in it is.
  label: string;
  checkIn: CheckInState | null | undefined;
  // While a tick is on its way.
  busy: boolean;
  // A ✓ or ✕ before each word.
  marks?: boolean;
  onTick: (next: CheckInState | null) => void;
}) {
  const toggle = `${block}-toggle`;
  return (
    <div className={`${block}-person__check`} role="group" aria-label={`Check-in of ${label}`}>
      {checkInStates.map((state) => (
        <button
          key={state}
          type="button"
          className={`${toggle} ${toggle}--${state}`}
          aria-pressed={checkIn === state}
          aria-busy={busy || undefined}
          onClick={() => onTick(checkIn === state ? null : state)}
        >
          {marks ? (
            <span className={`${toggle}__mark`} aria-hidden="true">
              {state === 'present' ? '✓' : '✕'}
            </span>
          ) : null}
          {checkInText[state]}
        </button>
      ))}
    </div>
  );
}
