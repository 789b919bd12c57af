import type { ReactNode, Ref } from 'react';
import { useT } from '~/lib/i18n';

// One of a question's two answers.
export type ConfirmAnswer = {
  text: ReactNode;
  className: string;
  onClick: () => void;
  // While the answer's step runs: aria-busy, not disabled (a disabled button drops the keyboard's
  // focus), and these words in place of its own.
  busy?: boolean;
  busyText?: string;
  id?: string;
  ref?: Ref<HTMLButtonElement>;
};

function AnswerButton({ text, busy, busyText, ...button }: ConfirmAnswer) {
  return (
    <button type="button" aria-busy={busy} {...button}>
      {busy && busyText ? busyText : text}
    </button>
  );
}

// The question asked before a step that cannot be taken back (closing a date, removing a role,
// leaving a waiting list, declining a new date): a group named by the question, the question's
// words, then the yes and the no.
export function ConfirmQuestion({
  className,
  label,
  question,
  yes,
  no,
}: {
  className: string;
  label: string;
  question: ReactNode;
  yes: ConfirmAnswer;
  no: ConfirmAnswer;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {question}
      <AnswerButton {...yes} />
      <AnswerButton {...no} />
    </div>
  );
}

// The question Decline asks before a moved departure's booking is cancelled, in the same words on
// the party's booking and link (src/features/booking/components/move-answer-buttons.tsx) and in
// the console for a party that answered by phone (src/features/admin/components/move-answer-for-party.tsx).
export function DeclineMoveQuestion({
  className,
  label,
  question,
  declineClassName,
  declining,
  onDecline,
  onKeep,
  declineRef,
}: {
  className: string;
  label: string;
  question: ReactNode;
  declineClassName: string;
  declining: boolean;
  onDecline: () => void;
  onKeep: () => void;
  declineRef?: Ref<HTMLButtonElement>;
}) {
  // In the page's language: English in the console, Spanish on a party's /es pages.
  const { t } = useT();
  return (
    <ConfirmQuestion
      className={className}
      label={label}
      question={question}
      yes={{
        text: t('Yes, decline and cancel'),
        className: declineClassName,
        ref: declineRef,
        busy: declining,
        busyText: t('Cancelling…'),
        onClick: onDecline,
      }}
      no={{ text: t('Keep the offer'), className: 'button button--outline', onClick: onKeep }}
    />
  );
}
