import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { personNameMax } from '#contracts/names';
import { toast } from 'react-toastify';
import { InputField } from '~/components/field';
import {
  authErrorMessage,
  isSilentGoogleError,
  signUpError,
  signUpNameError,
} from '~/features/auth/utils/auth-messages';
import { sendPasswordReset, signInWithEmail, signInWithGoogle, signUpWithEmail } from '~/lib/auth-actions';
import { intoFields, useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';
import { msg } from '#contracts/i18n';
import { useT } from '~/lib/i18n';

type Mode = 'login' | 'signup' | 'reset';

const titles = {
  login: {
    heading: msg('Welcome back'),
    lead: msg('Log in to book a package and see your trips.'),
    submit: msg('Login'),
  },
  signup: {
    heading: msg('Create your account'),
    lead: msg('It takes a minute, and your bookings stay with you.'),
    submit: msg('Sign Up'),
  },
  reset: {
    heading: msg('Reset your password'),
    lead: msg('We will email you a link to choose a new password.'),
    submit: msg('Send reset link'),
  },
} satisfies Record<Mode, { heading: string; lead: string; submit: string }>;

type AccountFormProps = {
  // Why the visitor is here, above the form ("Log in or sign up to book Kyoto Temples & Tea").
  // An empty string keeps its place while the words load.
  purpose?: string;
};

export function AccountForm({ purpose }: AccountFormProps = {}) {
  const { t, known } = useT();
  const [mode, setMode] = useState<Mode>('login');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Where the keyboard goes once the form has changed under it: the button pressed ("Sign Up",
  // the submit button while it waited) is gone or disabled, and focus must not fall to <body>.
  // The new heading after a switch or a success, the message after a refusal.
  const [focusTo, setFocusTo] = useState<{ target: 'heading' | 'error'; n: number } | null>(null);
  const moveFocus = (target: 'heading' | 'error') => setFocusTo((f) => ({ target, n: (f?.n ?? 0) + 1 }));
  useEffect(() => {
    if (!focusTo) return;
    (focusTo.target === 'heading' ? headingRef : errorRef).current?.focus();
  }, [focusTo]);

  // The page is prerendered and hydrates after it has painted: what a visitor, or the browser's
  // autofill, typed by then is taken over before anything renders (src/lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(formRef, intoFields({ email: setEmail, password: setPassword }));
  // A field's wiring follows from its name: its id, what was typed and the change.
  const fieldFor = (field: string, value: string, setValue: (value: string) => void) => ({
    id: `${id}-${field}`,
    name: field,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(e.target.value),
  });

  const switchMode = (next: Mode) => {
    setMode(next);
    setError('');
    moveFocus('heading');
  };

  const run = async (action: () => Promise<void>, after: 'heading' | null = null) => {
    setBusy(true);
    setError('');
    try {
      await action();
      if (after) moveFocus(after);
    } catch (e) {
      setError(known(authErrorMessage(e)));
      moveFocus('error');
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'signup') {
      const problem = signUpNameError(name) ?? signUpError(password, confirm);
      if (problem) {
        setError(known(problem));
        moveFocus('error');
        return;
      }
      void run(async () => {
        await signUpWithEmail(name.trim(), email, password);
        setPassword('');
        setConfirm('');
        setMode('login');
        toast.success(t('Register Successful...!'), { role: 'alert' });
      }, 'heading');
    } else if (mode === 'reset') {
      void run(async () => {
        await sendPasswordReset(email);
        setMode('login');
        toast.info(t('Check your email.'), { role: 'alert' });
      }, 'heading');
    } else {
      // Success is handled by the account route, which follows the auth state to the remembered path.
      void run(() => signInWithEmail(email, password));
    }
  };

  const onGoogle = async () => {
    setError('');
    setBusy(true);
    try {
      await signInWithGoogle();
    } catch (e) {
      console.warn('Google sign-in did not complete:', e);
      if (!isSilentGoogleError(e)) {
        setError(known(authErrorMessage(e)));
        moveFocus('error');
      }
    } finally {
      setBusy(false);
    }
  };

  const title = titles[mode];
  const heading = known(title.heading);
  return (
    <div className="account-card">
      {purpose === undefined ? null : (
        <p className="account-card__purpose" role="status">
          {purpose}
        </p>
      )}
      <h1 ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      <p className="section__lead">{known(title.lead)}</p>
      {/* method="post": should someone submit before the prerendered page hydrates, the browser
          must not put the password into a URL (a GET form would). */}
      <form ref={formRef} className="form" method="post" onSubmit={onSubmit} aria-label={heading}>
        {mode === 'signup' && (
          <InputField
            label={t('Name')}
            {...fieldFor('name', name, setName)}
            autoComplete="name"
            required
            maxLength={personNameMax}
          />
        )}
        <InputField
          label={t('Email')}
          {...fieldFor('email', email, setEmail)}
          type="email"
          autoComplete="email"
          required
        />
        {mode !== 'reset' && (
          <InputField
            label={t('Password')}
            {...fieldFor('password', password, setPassword)}
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
          />
        )}
        {mode === 'signup' && (
          <InputField
            label={t('Confirm Password')}
            {...fieldFor('confirm', confirm, setConfirm)}
            type="password"
            autoComplete="new-password"
            required
          />
        )}

        <p ref={errorRef} className="form-error" role="alert" aria-live="assertive" tabIndex={-1}>
          {error}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('Please wait…') : known(title.submit)}
        </button>
      </form>

      {mode === 'login' && (
        <>
          <button type="button" className="button button--link" onClick={() => switchMode('reset')}>
            {t('Forgot Password?')}
          </button>
          <div className="divider">
            <span>{t('or')}</span>
          </div>
          <button
            type="button"
            className="button button--google button--block"
            onClick={() => void onGoogle()}
            disabled={busy}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="#4285F4"
                d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
              />
              <path
                fill="#34A853"
                d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
              />
              <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
              <path
                fill="#EA4335"
                d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
              />
            </svg>
            {t('Continue with Google')}
          </button>
          <p className="account-card__switch">
            {t('New to Wayfarer?')}{' '}
            <button type="button" className="button--link" onClick={() => switchMode('signup')}>
              {t('Sign Up')}
            </button>
          </p>
        </>
      )}
      {mode === 'signup' && (
        <p className="account-card__switch">
          {t('Already have an account?')}{' '}
          <button type="button" className="button--link" onClick={() => switchMode('login')}>
            {t('Login')}
          </button>
        </p>
      )}
      {mode === 'reset' && (
        <button
          type="button"
          className="button button--outline button--block"
          onClick={() => switchMode('login')}
        >
          {t('Back To Login')}
        </button>
      )}
    </div>
  );
}
