import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { staffRoles, type StaffRole } from '#contracts/roles';
import { staffRoleLabels, type StaffMember } from '#contracts/staff';
import { ErrorNotice } from '~/components/error-notice';
import { ConfirmQuestion } from '~/components/confirm-question';
import { InputField, SelectField } from '~/components/field';
import { Moment } from '~/components/moment';
import { listStaff, removeStaff, setStaffRole, staffPaths } from '~/features/admin/api/admin-api';
import { ApiError } from '~/lib/api-client';
import { usePreloaded } from '~/lib/page-data';
import { Options } from '~/components/options';

const roleHelp: Record<StaffRole, string> = {
  owner: 'Everything, and the team',
  operator: 'Bookings, departures, messages',
  guide: 'Their departures’ manifests and check-in',
};

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; staff: StaffMember[] }
  // The server answered 403: the signed-in person is staff, but not an owner.
  | { status: 'owners-only' }
  | { status: 'error'; message: string };

// The team (owners only): who has which role, adding someone by the email of their account,
// changing a role, removing one (after a confirmation). The server ends the old role at once.
// `selfUid`: the signed-in person, whose own row asks about their own role.
export function StaffConsole({ selfUid }: { selfUid?: string }) {
  const preloaded = usePreloaded<{ staff: StaffMember[] }>(staffPaths.staff);
  const [state, setState] = useState<Loaded>(
    preloaded ? { status: 'ready', staff: preloaded.staff } : { status: 'loading' },
  );
  const [status, setStatus] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const [emailError, setEmailError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  // A refused change or removal (the last owner), by member: shown in that member's row, where the
  // owner is looking, never in the status line that reports what was done.
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const setRowError = (uid: string, message: string) => setRowErrors((all) => ({ ...all, [uid]: message }));
  const ids = { email: useId(), role: useId(), title: useId() };
  // After adding, the keyboard goes to what the press changed (the button was disabled while it
  // waited, which drops focus to <body>): the message on success, the email field on a refusal.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusSoon = (target: () => HTMLElement | null) => requestAnimationFrame(() => target()?.focus());

  const reload = useCallback(() => {
    listStaff().then(
      (data) => setState({ status: 'ready', staff: data.staff }),
      (error: unknown) =>
        setState(
          error instanceof ApiError && error.status === 403
            ? { status: 'owners-only' }
            : {
                status: 'error',
                message: error instanceof Error ? error.message : 'The team could not be loaded.',
              },
        ),
    );
  }, []);
  useEffect(() => {
    if (!preloaded) reload();
  }, [preloaded, reload]);

  const messageOf = (error: unknown) =>
    error instanceof Error ? error.message : 'That did not work. Please try again.';
  const fail = (uid: string, error: unknown) => {
    setStatus('');
    setRowError(uid, messageOf(error));
  };

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setEmailError('Enter the email address of their account.');
      document.getElementById(ids.email)?.focus();
      return;
    }
    setBusy(true);
    setEmailError('');
    try {
      const member = await setStaffRole(email.trim(), role);
      setStatus(
        `${member.email ?? email} is now ${member.role === 'owner' || member.role === 'operator' ? 'an' : 'a'} ${member.role}.`,
      );
      setEmail('');
      reload();
      focusSoon(() => statusRef.current);
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.email : undefined;
      setStatus('');
      setEmailError(field ?? messageOf(error));
      focusSoon(() => document.getElementById(ids.email));
    } finally {
      setBusy(false);
    }
  }

  async function change(member: StaffMember, next: StaffRole) {
    setRowError(member.uid, '');
    try {
      await setStaffRole(member.email ?? '', next);
      setStatus(`${member.email}: ${staffRoleLabels[next].toLowerCase()}.`);
      reload();
    } catch (error) {
      fail(member.uid, error);
      reload();
    }
  }

  async function remove(member: StaffMember) {
    setConfirming(null);
    setRowError(member.uid, '');
    try {
      await removeStaff(member.uid);
      setStatus(`${member.email ?? member.uid} no longer has a role.`);
      reload();
    } catch (error) {
      fail(member.uid, error);
    }
  }

  return (
    <div className="admin-staff">
      <div className="admin-head">
        <h1 className="admin-title">Team</h1>
      </div>
      {/* The live region stays; its bar shows only with a message. */}
      <p ref={statusRef} className={status ? 'admin-flash' : 'sr-only'} role="status" tabIndex={-1}>
        {status}
      </p>
      {state.status === 'owners-only' ? (
        <div className="admin-panel admin-staff__owners-only">
          <h2 className="admin-panel__title">Owners only</h2>
          <p>
            Only an owner of Wayfarer Tours can see the team and give or change roles. If someone needs a
            role, ask an owner.
          </p>
        </div>
      ) : null}
      {state.status !== 'ready' ? null : (
        <form
          className="admin-panel admin-staff__add"
          onSubmit={(e) => void add(e)}
          aria-labelledby={ids.title}
          noValidate
        >
          <h2 id={ids.title} className="admin-panel__title">
            Add someone
          </h2>
          <p className="admin-muted">
            They need an account on the site first (Sign up, with this email), and to have confirmed their
            email address (the link in the email we send when they sign up): a role goes only to a confirmed
            address.
          </p>
          <div className="admin-staff__fields">
            <InputField
              id={ids.email}
              label="Email of their account"
              type="email"
              autoComplete="off"
              value={email}
              error={emailError || null}
              onChange={(e) => {
                setEmail(e.target.value);
                setStatus('');
              }}
            />
            <SelectField
              id={ids.role}
              label="Role"
              hint={roleHelp[role]}
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              <Options values={staffRoles} labels={staffRoleLabels} />
            </SelectField>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Adding…' : 'Add to the team'}
            </button>
          </div>
        </form>
      )}
      {state.status === 'owners-only' ? null : state.status === 'loading' ? (
        <p className="admin-loading" role="status">
          Loading the team…
        </p>
      ) : state.status === 'error' ? (
        <ErrorNotice message={state.message} onRetry={reload} />
      ) : (
        <ul className="admin-staff__list" aria-label="The team">
          {state.staff.map((member) => (
            <li key={member.uid} className="admin-panel admin-staff__member">
              <div>
                <p className="admin-strong">{member.email ?? member.uid}</p>
                <p className="admin-muted">
                  {member.lastSignInAt ? (
                    <>
                      Last signed in <Moment iso={member.lastSignInAt} />
                    </>
                  ) : (
                    'Never signed in'
                  )}
                </p>
              </div>
              <SelectField
                label={`Role of ${member.email ?? member.uid}`}
                hideLabel
                value={member.role}
                onChange={(e) => void change(member, e.target.value as StaffRole)}
              >
                <Options values={staffRoles} labels={staffRoleLabels} />
              </SelectField>
              {confirming === member.uid ? (
                <ConfirmQuestion
                  className="admin-staff__confirm"
                  label={`Remove ${member.email ?? member.uid}?`}
                  question={
                    <span>
                      {member.uid === selfUid
                        ? 'Remove your own role? You lose the console at once.'
                        : 'Remove their role?'}
                    </span>
                  }
                  yes={{
                    text: 'Yes, remove',
                    className: 'button admin-button admin-button--danger',
                    onClick: () => void remove(member),
                  }}
                  no={{
                    text: 'Keep',
                    className: 'button admin-button admin-button--quiet',
                    onClick: () => setConfirming(null),
                  }}
                />
              ) : (
                <button
                  type="button"
                  className="button admin-button admin-button--quiet"
                  onClick={() => setConfirming(member.uid)}
                >
                  Remove
                </button>
              )}
              {rowErrors[member.uid] ? (
                <p className="admin-actions__error admin-staff__error" role="alert">
                  {rowErrors[member.uid]}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
