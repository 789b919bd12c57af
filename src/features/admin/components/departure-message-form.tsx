import { useId, useRef, useState, type FormEvent } from 'react';
import { messageLimits } from '#contracts/admin';
import { messageDeparture } from '~/features/admin/api/admin-api';
import { formatCount, plural, pluralWord } from '#contracts/format';
import { ApiError } from '~/lib/api-client';
import { intoFields, useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';

type Checked = { subject: string; body: string; recipients: number };

// Paragraphs as the email shows them: blank lines part them, single newlines stay line breaks
// (server/src/mail/templates.ts renders the same text the same way).
const paragraphs = (body: string) =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');

// On the manifest: write to everyone on the departure. "Preview" asks the server how many
// bookings it would reach (a dry run) and shows the text as the email will; "Send" sends
// exactly what was previewed. Editing after the preview asks for a new one. The count is of
// bookings, not travellers: one email goes to each booking's contact, who may travel with others
// (and the manifest beside it counts every traveller).
export function DepartureMessageForm({
  departureId,
  packageName,
}: {
  departureId: string;
  packageName: string;
}) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [formError, setFormError] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Typed before the server-rendered manifest hydrated (src/lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(formRef, intoFields({ subject: setSubject, body: setBody }));
  const ids = {
    title: useId(),
    subject: useId(),
    subjectError: useId(),
    body: useId(),
    bodyHint: useId(),
    bodyError: useId(),
    preview: useId(),
  };

  const edited = () => {
    setChecked(null);
    setSent('');
  };

  const fail = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && (error.fieldErrors.subject || error.fieldErrors.body)) {
      setErrors({ subject: error.fieldErrors.subject, body: error.fieldErrors.body });
      (error.fieldErrors.subject ? subjectRef : bodyRef).current?.focus();
    } else {
      setFormError(error instanceof Error ? error.message : fallback);
    }
  };

  async function preview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: typeof errors = {};
    if (!subject.trim()) next.subject = 'Write a subject.';
    if (!body.trim()) next.body = 'Write the message.';
    setErrors(next);
    setFormError('');
    setSent('');
    if (next.subject || next.body) {
      (next.subject ? subjectRef : bodyRef).current?.focus();
      return;
    }
    setBusy('preview');
    try {
      const { recipients } = await messageDeparture(departureId, { subject, body, dryRun: true });
      setChecked({ subject: subject.trim(), body, recipients });
    } catch (error) {
      fail(error, 'The message could not be checked.');
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    if (!checked || busy) return;
    setBusy('send');
    setFormError('');
    try {
      const { recipients } = await messageDeparture(departureId, {
        subject: checked.subject,
        body: checked.body,
      });
      setSent(`Sent to ${plural(recipients, 'booking')}. Each booking’s history shows the message.`);
      setChecked(null);
      setSubject('');
      setBody('');
    } catch (error) {
      fail(error, 'The message could not be sent.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="admin-panel admin-panel__pad admin-message" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="admin-panel__title">
        Message the travellers
      </h2>
      <p className="admin-muted admin-message__intro">
        One email to the contact of every requested and confirmed booking on this departure, in the brand’s
        email design. Plain text: blank lines start a new paragraph.
      </p>
      <form ref={formRef} className="admin-message__form" onSubmit={preview} noValidate>
        <div className="field">
          <label htmlFor={ids.subject}>Subject</label>
          <input
            ref={subjectRef}
            id={ids.subject}
            name="subject"
            type="text"
            value={subject}
            maxLength={messageLimits.subject}
            onChange={(e) => {
              setSubject(e.target.value);
              edited();
            }}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? ids.subjectError : undefined}
          />
          {errors.subject && (
            <p id={ids.subjectError} className="field__error">
              {errors.subject}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.body}>Message</label>
          <textarea
            ref={bodyRef}
            id={ids.body}
            name="body"
            rows={6}
            value={body}
            maxLength={messageLimits.body}
            onChange={(e) => {
              setBody(e.target.value);
              edited();
            }}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${ids.bodyHint}${errors.body ? ` ${ids.bodyError}` : ''}`}
          />
          <p id={ids.bodyHint} className="admin-sub">
            {formatCount(body.length)} of {formatCount(messageLimits.body)} characters
          </p>
          {errors.body && (
            <p id={ids.bodyError} className="field__error">
              {errors.body}
            </p>
          )}
        </div>
        <div className="admin-message__actions">
          <button type="submit" className="button button--outline" aria-busy={busy === 'preview'}>
            {busy === 'preview' ? 'Checking…' : 'Preview'}
          </button>
        </div>
      </form>

      {checked && (
        <div className="admin-message__preview" aria-labelledby={ids.preview}>
          <p id={ids.preview} className="admin-message__count" role="status">
            {checked.recipients === 0
              ? 'No one is booked on this departure: the message would go to nobody.'
              : `This message will go to the ${pluralWord(checked.recipients, 'contact')} of ${plural(checked.recipients, 'booking')}.`}
          </p>
          <article className="admin-message__letter">
            <p className="admin-message__meta">
              <span className="admin-sub">Subject</span> {checked.subject} – {packageName}
            </p>
            <h3 className="admin-message__heading">{checked.subject}</h3>
            <p>Hi (traveller’s name),</p>
            {paragraphs(checked.body).map((p, i) => (
              <p key={i} className="admin-message__para">
                {p}
              </p>
            ))}
          </article>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void send()}
            disabled={busy !== null || checked.recipients === 0}
          >
            {busy === 'send' ? 'Sending…' : `Send to ${plural(checked.recipients, 'booking')}`}
          </button>
        </div>
      )}
      {sent && (
        <p className="admin-message__sent" role="status">
          {sent}
        </p>
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
    </section>
  );
}
