// Text from outside (form fields, JSON bodies, query strings), shared by the browser and the
// API: every text field the site takes is checked here for control characters, so that a NUL
// byte (which PostgreSQL refuses to store) or an escape sequence is a 400 with the field's own
// message, never a database error. zod/mini keeps the browser's bundle small; the checks are
// zod/v4 core checks, so classic zod schemas (route schemas) take them too.
import * as z from 'zod/mini';

// U+0000-U+001F and U+007F. Multi-line fields (a message body, a note) keep tab and newline.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const singleLine = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const multiLine = /[\u0000-\u0008\u000b-\u001f\u007f]/;

export const hasControlChars = (value: string, { multiline = false } = {}) =>
  (multiline ? multiLine : singleLine).test(value);

export const controlCharsMessage = (label: string) =>
  `${label} must not contain control characters (such as line breaks or invisible codes).`;

// A check to put first in any string schema: `z.string().check(noControlChars('Name'), ...)`.
export const noControlChars = (label: string, options: { multiline?: boolean } = {}) =>
  z.refine<string>((value) => !hasControlChars(value, options), controlCharsMessage(label));

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
    .string({ error: `${label} must be text.` })
    .check(
      noControlChars(label, { multiline }),
      z.trim(),
      ...(required ? [z.minLength(1, required)] : []),
      z.maxLength(max, `${label} must be at most ${max} characters.`),
    );
