import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field, InputField, PhoneField, SelectField, TextAreaField } from '~/components/field';

describe('Field', () => {
  it('ties the label, the hint and the error to the control', () => {
    const { rerender } = render(<InputField label="Name" hint="As on your passport." name="name" />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAccessibleDescription('As on your passport.');
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(
      <InputField label="Name" hint="As on your passport." error="Please enter your name." name="name" />,
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    // The error replaces the hint: one sentence read, not two.
    expect(screen.queryByText('As on your passport.')).toBeNull();
  });

  it('keeps a given id and a given description', () => {
    render(
      <>
        <p id="outside">Shown above the form.</p>
        <InputField label="Email" id="my-email" aria-describedby="outside" error="Bad email." />
      </>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('id', 'my-email');
    expect(input).toHaveAccessibleDescription('Bad email. Shown above the form.');
  });

  it('wires selects, text areas and controls with company (a render function)', async () => {
    function Stepper() {
      const [n, setN] = useState(1);
      return (
        <Field label="Travellers" error={n > 2 ? 'Too many.' : undefined}>
          {(wired) => (
            <span>
              <input {...wired} value={n} readOnly />
              <button type="button" onClick={() => setN(n + 1)}>
                More
              </button>
            </span>
          )}
        </Field>
      );
    }
    render(
      <>
        <SelectField label="Status" defaultValue="b">
          <option value="a">A</option>
          <option value="b">B</option>
        </SelectField>
        <TextAreaField label="Reason" error="Please give a reason." alertError />
        <Stepper />
      </>,
    );
    expect(screen.getByLabelText('Status')).toHaveValue('b');
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please give a reason.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByLabelText('Travellers')).toHaveAccessibleDescription('Too many.');
  });

  it('hides a label from sight only, never from screen readers', () => {
    render(<InputField label="Capacity of Sat 1 May 2027" hideLabel />);
    expect(screen.getByText('Capacity of Sat 1 May 2027')).toHaveClass('sr-only');
    expect(screen.getByLabelText('Capacity of Sat 1 May 2027')).toBeInTheDocument();
  });
});

describe('PhoneField', () => {
  it('is a telephone field (the keypad on phones), never type="number"', async () => {
    function Phone() {
      const [value, setValue] = useState('');
      return <PhoneField label="Phone" value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Phone />);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    await userEvent.setup().type(input, '+44 (0)7700-900.123');
    expect(input).toHaveValue('+44 (0)7700-900.123');
  });
});
