// Text from outside (form fields, JSON bodies, query strings), shared by the browser and the
// API: every text field the site takes is checked here for control characters, so that a NUL
// byte (which PostgreSQL refuses to store) or an escape sequence is a 400 with the field's own
// message, never a database error. zod/mini keeps the browser's bundle small; the checks are
// zod/v4 core checks, so classic zod schemas (route schemas) take them too.
import * as z from 'zod/mini';
import { interpolate, msg } from './i18n.js';

// U+0000-U+001F and U+007F. Multi-line fields (a message body, a note) keep tab and newline.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const singleLine = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const multiLine = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// Refused in every field as well: the C1 controls (U+0080-U+009F); the bidirectional embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069), with which a name typed as "Ana" + U+202E
// + "gnp.exe" reads "Anaexe.png" on the manifest and in its CSV; and a lone UTF-16 surrogate, which
// is no character at all (PostgreSQL refuses it in jsonb, or stores U+FFFD in its place). No
// lookbehind: Safari before 16.4 cannot parse one, and this module is in every page's bundle.
const invisible =
  /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

export const hasControlChars = (value: string, { multiline = false } = {}) =>
  (multiline ? multiLine : singleLine).test(value) || invisible.test(value);

// A multi-line field takes line breaks: its message does not name them.
export const controlCharsMessage = (label: string, { multiline = false } = {}) =>
  multiline
    ? interpolate(msg('{label} must not contain control characters (invisible codes).'), { label })
    : interpolate(
        msg('{label} must not contain control characters (such as line breaks or invisible codes).'),
        {
          label,
        },
      );

// A check to put first in any string schema: `z.string().check(noControlChars('Name'), ...)`.
export const noControlChars = (label: string, options: { multiline?: boolean } = {}) =>
  z.refine<string>((value) => !hasControlChars(value, options), controlCharsMessage(label, options));

export type TextOptions = {
  // How the field is named in its messages ("Name", "Email", "Reason").
  label: string;
  max: number;
  // Empty (after trimming) is refused with this message; omit it for a field that may be empty.
  required?: string;
  multiline?: boolean;
};

// A trimmed text field: control characters refused first (their message wins), then the length.
export const text = ({ label, max, required, multiline }: TextOptions) =>
  z
    .string({ error: interpolate(msg('{label} must be text.'), { label }) })
    .check(
      noControlChars(label, { multiline }),
      z.trim(),
      ...(required ? [z.minLength(1, required)] : []),
      z.maxLength(max, interpolate(msg('{label} must be at most {max} characters.'), { label, max })),
    );

// An email address typed in a form: text (else `notText`), no control characters, trimmed,
// required (else `required`), at most `max` characters and a valid address, each with its message.
export const emailAddress = ({
  notText,
  required,
  max,
}: {
  notText: string;
  required: string;
  max: number;
}) =>
  z
    .string({ error: notText })
    .check(
      noControlChars('Email'),
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, `Email must be at most ${max} characters.`),
      z.email(msg('Please enter a valid email address.')),
    );
