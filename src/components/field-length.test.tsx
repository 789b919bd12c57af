import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InputField, TextAreaField } from '~/components/field';

function Name({ multiLine = false }: { multiLine?: boolean }) {
  const [value, setValue] = useState('');
  const props = {
    label: 'Name',
    maxLength: 10,
    value,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
  };
  return multiLine ? <TextAreaField {...props} /> : <InputField {...props} />;
}

describe('a field with a length limit', () => {
  for (const multiLine of [false, true]) {
    it(`says so near the limit and past it, and keeps everything typed (${multiLine ? 'textarea' : 'input'})`, async () => {
      const user = userEvent.setup();
      render(<Name multiLine={multiLine} />);
      const field = screen.getByLabelText('Name');
      expect(field).not.toHaveAttribute('maxlength');
      await user.type(field, 'Ada Lovel');
      expect(field).toHaveAccessibleDescription('9 of 10 characters');
      await user.type(field, 'ace!!');
      // Nothing was cut: the traveller shortens it, told by how much.
      expect(field).toHaveValue('Ada Lovelace!!');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('At most 10 characters: this is 4 too many.');
      await user.clear(field);
      await user.type(field, 'Ada');
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(/characters/)).toBeNull();
    });
  }
});
