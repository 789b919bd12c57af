// Anything shaped like an email address. SMTP servers name the recipient in their refusals
// ("550 5.1.1 <ana@example.com>: Recipient address rejected"): an address is personal data and
// stays out of the logs and outbox.last_error.
const emailAddress = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g;

// An error as one line for a log or a stored column: its code, when the message lacks it, then
// its message, with email addresses masked.
export const errorText = (error: unknown) => {
  let text = String(error);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    text =
      typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return text.replace(emailAddress, '[address]');
};
